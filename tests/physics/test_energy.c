/* Conservative spatial motion: the 3-D double pendulum on spherical joints,
 * the heavy symmetric top and a spatial arm on skew revolute axes (a 3-D
 * tree: joint coordinates under AUTO) (models/double_pendulum_3d.xml,
 * models/heavy_top.xml, models/spatial_arm.xml). Without dissipation the total energy is constant:
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
    const char *form = getenv("MBSIM_TEST_FORMULATION");
    CHECK(r.run.joint_coords == (form && strcmp(form, "absolute") == 0 ? -1 : 3));
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
    CHECK_MSG(lz_dev / (C * W3) < 1e-6, "vertical angular momentum drifts by %.3g of C w3", lz_dev / (C * W3));
    test_results_free(&r);
}

TEST_SUITE(energy, T(double_pendulum_conserves_energy), T(heavy_top_precesses_steadily),
           T(spatial_arm_on_skew_revolute_axes_conserves_energy));
