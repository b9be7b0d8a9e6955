/* Conservative spatial motion: the 3-D double pendulum on spherical joints,
 * the heavy symmetric top and a spatial arm on skew revolute axes (a 3-D
 * tree: joint coordinates under AUTO) (models/double_pendulum_3d.xml,
 * models/heavy_top.xml, models/spatial_arm.xml); and the stiff flyball
 * governor (models/flyball_governor.xml), whose energy and dissipation
 * balance and whose angular momentum about its shaft is conserved. Without dissipation the total energy is constant:
 * relative drift below 1e-6 over 10 s at rtol 1e-8, measured against the
 * largest kinetic energy of the run (the energy that moves about); the
 * joints hold to 1e-9 throughout (GGL stabilisation). The top starts in
 * steady precession, whose closed form it must keep: constant tilt,
 * precession at the constant rate phidot, constant spin and angular
 * momentum about the vertical. */
#include "../support/harness.h"
#include "../support/run_model.h"
#include "../support/series.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void check_energy_and_constraints(const test_results *r)
{
    double e0 = test_value(r, "energy", 0, 0), drift = 0, kmax = 0, violation = 0;
    for (int i = 0; i < r->n_rows; i++) {
        drift = fmax(drift, fabs(test_value(r, "energy", 0, i) - e0));
        kmax = fmax(kmax, test_value(r, "kinetic", 0, i));
        violation = fmax(violation, test_value(r, "violation", 0, i));
    }
    CHECK(kmax > 1.0);
    CHECK_MSG(drift / kmax < 1e-6, "relative energy drift %.3g", drift / kmax);
    CHECK_MSG(violation < 1e-9, "constraint violation %.3g", violation);
}

/* The joint coordinates a tree model runs in: n, or -1 (absolute) when the
 * physics suite forces absolute coordinates (make physics runs it both ways). */
static int coords_unless_absolute(int n)
{
    const char *form = getenv("MBSIM_TEST_FORMULATION");
    return form && strcmp(form, "absolute") == 0 ? -1 : n;
}

/* Also which coordinates it ran in: the three joint angles, unless the
 * physics suite forces absolute coordinates (make physics runs it both ways).
 * (The energy does not see a gyroscopic term left out, which does no work:
 * tests/regression/formulations.sh compares the arm's motion in the two
 * formulations, and a joint formulation without it puts the hand 0.78 m off.) */
TEST(spatial_arm_on_skew_revolute_axes_conserves_energy)
{
    test_results r;
    CHECK(test_run_model("models/spatial_arm.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    CHECK(r.n_rows == 301);
    check_energy_and_constraints(&r);
    CHECK(r.run.joint_coords == coords_unless_absolute(3));
    /* it moves in 3-D: the elbow turns and the hand leaves its start's height */
    CHECK(series_max_deviation(&r, "elbow_angle", 0, test_value(&r, "elbow_angle", 0, 0)) > 0.1);
    CHECK(series_max_deviation(&r, "hand", 2, test_value(&r, "hand", 2, 0)) > 0.1);
    test_results_free(&r);
}

TEST(double_pendulum_conserves_energy)
{
    test_results r;
    CHECK(test_run_model("models/double_pendulum_3d.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    CHECK(r.n_rows == 1001);
    CHECK_NEAR(r.t[r.n_rows - 1], 10.0, 1e-12);
    check_energy_and_constraints(&r);
    /* the motion leaves the plane it starts in and swings down */
    double zmin = 0, ymax = 0;
    for (int i = 0; i < r.n_rows; i++) {
        zmin = fmin(zmin, test_value(&r, "link2_position", 2, i));
        ymax = fmax(ymax, fabs(test_value(&r, "link2_position", 1, i)));
    }
    CHECK(zmin < -1.0 && ymax > 0.9);
    test_results_free(&r);
}

/* The top's parameters (models/heavy_top.xml). */
static const double M = 1.0, L = 0.1, A = 0.012, C = 0.02, G = 9.81, W3 = 50.0;
#define THETA0 (MBS_TEST_PI / 6)

TEST(heavy_top_precesses_steadily)
{
    double A1 = A + M * L * L, c = cos(THETA0);
    double phidot = (C * W3 - sqrt(C * C * W3 * W3 - 4 * A1 * c * M * G * L)) / (2 * A1 * c);
    CHECK_NEAR(phidot, 1.0000546410435, 1e-12);
    test_results r;
    CHECK(test_run_model("models/heavy_top.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    CHECK_NEAR(r.t[r.n_rows - 1], 10.0, 1e-12);
    check_energy_and_constraints(&r);

    double tilt = 0, azimuth = 0, spin = 0, lz_dev = 0, lz0 = 0, unwrapped = 0, previous = 0;
    for (int i = 0; i < r.n_rows; i++) {
        double p[3], v[3], R[9], wb[3];
        for (int k = 0; k < 3; k++) {
            p[k] = test_value(&r, "cm", k, i);
            v[k] = test_value(&r, "cm_velocity", k, i);
            wb[k] = test_value(&r, "omega_body", k, i);
        }
        for (int k = 0; k < 9; k++)
            R[k] = test_value(&r, "axes", k, i);
        /* the axis (body z, third column) points from the tip to the centre of mass */
        tilt = fmax(tilt, fabs(acos(R[8]) - THETA0));
        tilt = fmax(tilt, fabs(acos(p[2] / L) - THETA0));
        double a = atan2(p[1], p[0]);
        if (i > 0)
            unwrapped += remainder(a - previous, 2 * MBS_TEST_PI);
        previous = a;
        azimuth = fmax(azimuth, fabs(unwrapped - phidot * r.t[i]));
        spin = fmax(spin, fabs(wb[2] - W3));
        /* angular momentum about the tip, vertical component:
         * R J wb (about the centre of mass) + m p x v */
        double Jw[3] = {A * wb[0], A * wb[1], C * wb[2]};
        double lz = R[6] * Jw[0] + R[7] * Jw[1] + R[8] * Jw[2] + M * (p[0] * v[1] - p[1] * v[0]);
        if (i == 0)
            lz0 = lz;
        lz_dev = fmax(lz_dev, fabs(lz - lz0));
    }
    CHECK_MSG(tilt < 1e-5, "tilt leaves theta0 by %.3g rad", tilt);
    CHECK_MSG(azimuth < 1e-5, "precession angle off phidot t by %.3g rad", azimuth);
    CHECK_MSG(spin < 1e-8, "spin off w3 by %.3g rad/s", spin);
    /* the integrator's global error, in proportion to rtol (1e-8 here; in
     * joint coordinates 2.7e-6, 1.0e-6, 1.3e-7 of C w3 at rtol 1e-7, 1e-8,
     * 1e-9; absolute coordinates 2.5e-7 in three times the steps) */
    CHECK_MSG(lz_dev / (C * W3) < 2e-6, "vertical angular momentum drifts by %.3g of C w3", lz_dev / (C * W3));
    test_results_free(&r);
}

/* The angular momentum about the shaft (global z) from the sensors: the
 * shaft's and the sleeve's spin (their centres of mass are on the axis) and
 * each arm's R J R^T w + m p x v, with J the arm's inertia about its centre
 * of mass in the axes of its centre-of-mass marker (values of the model). */
static const double m_bar = 3000 * 1e-4, m_ball = 5, m_arm = 3000 * 1e-4 + 5; /* density 3000 kg/m^3 */
static const double I_bar = 3000 * 1e-4 * (0.005 * 0.005 + 0.25) / 3, I_axial = 3000 * 1e-4 * 2 * 0.005 * 0.005 / 3;
static const double I_cube = 3000 * 1e-3 * 2 * 0.05 * 0.05 / 3;

/* an arm's centre of mass from its hinge, and its inertia across the rod about it */
static double arm_cm(void)
{
    return (m_bar * 0.5 + m_ball) / m_arm;
}

static double arm_inertia(void)
{
    double d = arm_cm();
    return I_bar + m_bar * (0.5 - d) * (0.5 - d) + m_ball * (1 - d) * (1 - d);
}

static double governor_momentum(const test_results *r, int i)
{
    const double J[3] = {arm_inertia(), arm_inertia(), I_axial};
    double momentum = (I_axial + I_cube) * test_value(r, "shaft speed", 2, i);
    const char *arms[2][4] = {{"right arm position", "right arm velocity", "right arm rate", "right arm axes"},
                              {"left arm position", "left arm velocity", "left arm rate", "left arm axes"}};
    for (int a = 0; a < 2; a++) {
        double p[3], v[3], w[3], R[9], wb[3] = {0, 0, 0};
        for (int k = 0; k < 3; k++) {
            p[k] = test_value(r, arms[a][0], k, i);
            v[k] = test_value(r, arms[a][1], k, i);
            w[k] = test_value(r, arms[a][2], k, i);
        }
        for (int k = 0; k < 9; k++)
            R[k] = test_value(r, arms[a][3], k, i);
        for (int k = 0; k < 3; k++)
            for (int j = 0; j < 3; j++)
                wb[k] += R[3 * j + k] * w[j];
        for (int k = 0; k < 3; k++)
            momentum += R[6 + k] * J[k] * wb[k];
        momentum += m_arm * (p[0] * v[1] - p[1] * v[0]);
    }
    return momentum;
}

/* Nothing turns the shaft: its angular momentum about z is conserved while
 * the arms swing out and in (the shaft's speed changes by a fifth); the
 * dampers' dissipation closes the energy balance (leaving it out fails
 * the check 9 times over). Stiff (c/m ~ 1e4 1/s): under AUTO in joint
 * coordinates, with every body in the tree. */
TEST(flyball_governor_conserves_momentum_and_energy)
{
    test_results r;
    CHECK(test_run_model("models/flyball_governor.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    CHECK(r.n_rows == 1001);
    CHECK(r.run.joint_coords == coords_unless_absolute(4));
    double L0 = governor_momentum(&r, 0), e0 = test_value(&r, "energy", 0, 0);
    double dL = 0, dE = 0, kmax = 0, w_min = INFINITY, violation = 0;
    for (int i = 0; i < r.n_rows; i++) {
        dL = fmax(dL, fabs(governor_momentum(&r, i) - L0));
        dE = fmax(dE, fabs(test_value(&r, "energy", 0, i) + test_value(&r, "dissipated", 0, i) - e0));
        kmax = fmax(kmax, test_value(&r, "kinetic", 0, i));
        w_min = fmin(w_min, test_value(&r, "shaft speed", 2, i));
        violation = fmax(violation, test_value(&r, "violation", 0, i));
    }
    /* at the start everything turns with the shaft at 2 pi rad/s, the arms
     * 60 degrees from the downward vertical: L0 = I_z w0, each arm adding
     * its inertia about the vertical through its centre of mass (3/4 of the
     * transverse and 1/4 of the axial one) and m x^2 */
    double x = 0.05 + arm_cm() * sin(MBS_TEST_PI / 3);
    double I_z = I_axial + I_cube + 2 * (0.75 * arm_inertia() + 0.25 * I_axial + m_arm * x * x);
    CHECK_NEAR(L0, I_z * 2 * MBS_TEST_PI, 1e-9 * L0);
    CHECK_MSG(w_min < 0.85 * 2 * MBS_TEST_PI, "the shaft slows to %.4g rad/s only", w_min);
    CHECK_MSG(dL / L0 < 2e-6, "angular momentum about the shaft drifts by %.3g of %.4g", dL / L0, L0);
    CHECK_MSG(dE / kmax < 2e-6, "energy balance off by %.3g of the largest kinetic energy", dE / kmax);
    CHECK(test_value(&r, "dissipated", 0, r.n_rows - 1) > 20 * dE);
    CHECK_MSG(violation < 1e-9, "constraint violation %.3g", violation);
    test_results_free(&r);
}

TEST_SUITE(energy, T(double_pendulum_conserves_energy), T(heavy_top_precesses_steadily),
           T(spatial_arm_on_skew_revolute_axes_conserves_energy), T(flyball_governor_conserves_momentum_and_energy));
