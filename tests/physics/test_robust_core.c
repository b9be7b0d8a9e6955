/* The robust core (performance issue, item 5; ../shared/repros): runs that
 * failed only when atol << rtol, each against what is known of it.
 *   - spinning_wheel: a hub on a REVOLUTE driven at 35.4421 rad/s, a wheel
 *     FIXED to it: no degree of freedom, the wheel spins at the drive's
 *     rate about the joint axis (-y), the joint angle is 35.4421 t;
 *   - gear_pair_stall: two discs geared 3:1 by a Constraint_Coordinate,
 *     a constant torque: theta1 = 2 t + alpha t^2 / 2, alpha = 0.1/(J1 + 9 J2),
 *     theta2 = -3 theta1, at the file's own rtol 1e-10, atol 1e-12;
 *   - Andrews' squeezer at rtol 1e-11, atol 1e-13 against the test set;
 *   - the anti-roll bar of beams with light nodes and undamped beams in
 *     joint coordinates, against the static closed form and the absolute
 *     run. */
#include "../support/harness.h"
#include "../support/run_model.h"
#include "../support/series.h"

#include <math.h>

#define WHEEL "tests/physics/models/repro_spinning_wheel.xml"
#define RATE 35.4421

static double g_rtol, g_atol;

static void tolerances(mbs_model *m)
{
    m->settings.rtol = g_rtol;
    m->settings.atol = g_atol;
}

static void check_wheel(double rtol, double atol)
{
    g_rtol = rtol;
    g_atol = atol;
    test_results r;
    CHECK(test_run_model(WHEEL, NULL, tolerances, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "rtol %g atol %g: %s", rtol, atol, r.run.message);
    CHECK(r.n_rows == 101);
    double worst_w = 0, worst_angle = 0;
    for (int i = 0; i < r.n_rows; i++) {
        double w[3] = {test_value(&r, "wheel_w", 0, i), test_value(&r, "wheel_w", 1, i), test_value(&r, "wheel_w", 2, i)};
        worst_w = fmax(worst_w, fabs(w[0]) + fabs(w[1] + RATE) + fabs(w[2]));
        worst_angle = fmax(worst_angle, fabs(test_value(&r, "hub_angle", 0, i) - RATE * r.t[i]));
    }
    /* velocities are on the constraints at every output row; the angle is
     * integrated, to the tolerance asked for */
    CHECK_MSG(worst_w < 1e-8 * RATE, "rtol %g atol %g: wheel rate off by %.3g rad/s", rtol, atol, worst_w);
    CHECK_MSG(worst_angle < 100 * rtol * RATE, "rtol %g atol %g: angle off by %.3g rad", rtol, atol, worst_angle);
    test_results_free(&r);
}

TEST(a_wheel_fixed_to_a_driven_hub_runs_at_every_tolerance)
{
    check_wheel(1e-3, 1e-6);
    check_wheel(1e-5, 1e-8);
    check_wheel(1e-8, 1e-11);
    check_wheel(1e-6, 1e-6);
}

TEST(geared_discs_run_at_their_own_tight_tolerance)
{
    test_results r;
    CHECK(test_run_model("tests/physics/models/repro_gear_pair_stall.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "%s", r.run.message);
    CHECK(r.n_rows == 201);
    double alpha = 0.1 / (0.02 + 9 * 0.005), worst = 0;
    for (int i = 0; i < r.n_rows; i++) {
        double t = r.t[i], theta1 = 2 * t + 0.5 * alpha * t * t;
        worst = fmax(worst, fabs(test_value(&r, "theta1", 0, i) - theta1));
        worst = fmax(worst, fabs(test_value(&r, "theta2", 0, i) + 3 * theta1));
    }
    CHECK_MSG(worst < 1e-7, "off the closed form by %.3g rad", worst);
    test_results_free(&r);
}

static void andrews_tight(mbs_model *m)
{
    m->settings.rtol = 1e-11;
    m->settings.atol = 1e-13;
}

TEST(andrews_runs_with_atol_far_below_rtol)
{
    static const char *const ANGLES[7] = {"beta", "Theta", "gamma", "Phi", "delta", "Omega", "epsilon"};
    static const double REFERENCE[7] = {15.81077119629904,   -15.75637105984298, 0.04082224013073101,
                                        -0.5347301163226948, 0.5244099658805304, 0.5347301163226948,
                                        1.048080741042263};
    test_results r;
    CHECK(test_run_model("models/andrews.xml", NULL, andrews_tight, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "%s", r.run.message);
    if (r.status == MBS_OK && r.n_rows > 0)
        for (int k = 0; k < 7; k++) /* the test set's reference is given to about 1e-10 */
            CHECK_NEAR(test_value(&r, ANGLES[k], 0, r.n_rows - 1), REFERENCE[k], 1e-8);
    test_results_free(&r);
}

/* The anti-roll bar in absolute coordinates: IDA cycled from t = 0.69 s
 * (raising its order and doubling its step after every success, failing,
 * back to order 1 and 9e-6 s: 43 824 steps, an error-test failure each)
 * until the growth after repeated failures was limited (integrator.c,
 * limit_growth_after_failure). Its results against the joint run's, which
 * never cycled. */
TEST(anti_roll_bar_in_absolute_coordinates_does_not_cycle)
{
    test_results absolute, joint;
    CHECK(test_run_model("models/beam_anti_roll_bar.xml", NULL, test_in_absolute_coordinates, &absolute) == 0);
    CHECK(test_run_model("models/beam_anti_roll_bar.xml", NULL, NULL, &joint) == 0);
    CHECK_MSG(absolute.status == MBS_OK && joint.status == MBS_OK, "%s / %s", absolute.run.message, joint.run.message);
    CHECK(absolute.run.joint_coords < 0);
    CHECK_MSG(absolute.run.stats.steps < 3000 && absolute.run.stats.error_test_failures < absolute.run.stats.steps / 4,
              "%ld steps, %ld error-test failures", absolute.run.stats.steps, absolute.run.stats.error_test_failures);
    int last = absolute.n_rows - 1;
    CHECK(last > 0 && joint.n_rows == absolute.n_rows);
    double torque = test_value(&joint, "bar_torque", 0, last);
    CHECK_NEAR(test_value(&absolute, "bar_torque", 0, last), torque, 1e-5 * (1 + fabs(torque)));
    test_results_free(&absolute);
    test_results_free(&joint);
}

/* The anti-roll bar with light nodes and undamped beams
 * (tests/physics/models/beam_anti_roll_bar_light_nodes.xml) over its first
 * 0.02 s, in joint and in absolute coordinates. In joint coordinates each
 * rate's row sums terms of about 90 N m (a node 0.5 m from the origin held
 * by 180 N), rounded to 1e-14 N m, and Newton's matrix differenced the
 * nodes' accelerations by 1e-10 rad/s^2, whose inertia (1e-4 kg m^2) moved
 * the row by as little: the matrix lost c_j M and the run failed at t =
 * 0.0018 s. Each row's link force against the static closed form H(t) / C
 * (test_compliance.c), within 5e-4 of it: the bar's geometric
 * nonlinearity at H = 5 mm is 2.5e-4, the inertia of the nodes and links
 * (1.1 kg at h'' < 5e-3 m/s^2) 3e-5; and the two runs against each other
 * within what the positions' tolerance (atol 1e-10 m) makes of a force in
 * the stiffest beam, EA/a atol = 0.026 N. */
TEST(anti_roll_bar_with_light_nodes_and_undamped_beams_runs_in_joint_coordinates)
{
    const char *model = "tests/physics/models/beam_anti_roll_bar_light_nodes.xml";
    const double a = 0.25, b = 1.0, d = 0.02, Eb = 2.1e11, Gb = 8.1e10, H = 5e-3, f = 1.0, atol = 1e-10;
    const double A = MBS_TEST_PI * d * d / 4, I = MBS_TEST_PI * pow(d, 4) / 64, J = 2 * I;
    const double C = a * a * a / (3 * Eb * I) + a * (10.0 / 9) / (Gb * A) + a * a * b / (2 * Gb * J);
    test_results absolute, joint;
    CHECK(test_run_model(model, NULL, test_in_absolute_coordinates, &absolute) == 0);
    CHECK(test_run_model(model, NULL, test_in_joint_coordinates, &joint) == 0);
    CHECK_MSG(absolute.status == MBS_OK, "absolute: %s", absolute.run.message);
    CHECK_MSG(joint.status == MBS_OK, "joint: %s", joint.run.message);
    CHECK(joint.run.joint_coords > 0 && absolute.run.joint_coords < 0);
    CHECK(joint.n_rows == 21 && absolute.n_rows == joint.n_rows);
    for (int n = 0; n < joint.n_rows && absolute.n_rows == joint.n_rows; n++) {
        double s = sin(MBS_TEST_PI * f * joint.t[n]), F = H * (1 - 2 * s * s * s * s) / C;
        CHECK_NEAR(test_value(&joint, "left_link_force", 2, n), F, 5e-4 * F);
        CHECK_NEAR(test_value(&joint, "right_link_force", 2, n), -F, 5e-4 * F);
        CHECK_NEAR(test_value(&absolute, "left_link_force", 2, n), F, 5e-4 * F);
        for (int col = 0; col < 3; col++) {
            CHECK_NEAR(test_value(&joint, "left_link_force", col, n), test_value(&absolute, "left_link_force", col, n),
                       Eb * A / a * atol);
            CHECK_NEAR(test_value(&joint, "right_link_force", col, n),
                       test_value(&absolute, "right_link_force", col, n), Eb * A / a * atol);
        }
    }
    test_results_free(&absolute);
    test_results_free(&joint);
}

TEST_SUITE(robust_core, T(a_wheel_fixed_to_a_driven_hub_runs_at_every_tolerance),
           T(geared_discs_run_at_their_own_tight_tolerance), T(andrews_runs_with_atol_far_below_rtol),
           T(anti_roll_bar_in_absolute_coordinates_does_not_cycle),
           T(anti_roll_bar_with_light_nodes_and_undamped_beams_runs_in_joint_coordinates));
