/* The motor-driven slider-crank (models/slider_crank.xml): a Motion_Joint
 * turns the crank at omega for five turns. Checked against the closed form
 * of its kinematics, x = r cos(theta) + sqrt(l^2 - r^2 sin(theta)^2), the
 * crank angle (a Marker_Coordinate on the revolute joint) continuous over
 * the turns, and the motor's work against the change of kinetic plus
 * potential energy (the sign of the motion's reaction torque). */
#include "../support/harness.h"
#include "../support/run_model.h"
#include "../support/series.h"

#include <math.h>

static const double R = 0.1, L = 0.3, OMEGA = 2 * MBS_TEST_PI;

TEST(slider_follows_the_closed_form)
{
    test_results r;
    CHECK(test_run_model("models/slider_crank.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    CHECK(r.n_rows == 1001);
    double worst = 0;
    for (int i = 0; i < r.n_rows; i++) {
        double th = OMEGA * r.t[i], s = sin(th);
        double x = R * cos(th) + sqrt(L * L - R * R * s * s);
        worst = fmax(worst, fabs(test_value(&r, "slider_x", 0, i) - x));
    }
    CHECK_MSG(worst < 1e-8, "slider position off the closed form by %.3g m", worst);
    /* the planar loop repeats 3 of its 20 joint equations */
    CHECK(r.run.redundant_rows == 3);
    test_results_free(&r);
}

TEST(crank_angle_is_continuous_over_five_turns)
{
    test_results r;
    CHECK(test_run_model("models/slider_crank.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    double worst = 0, rate = 0;
    for (int i = 0; i < r.n_rows; i++) {
        worst = fmax(worst, fabs(test_value(&r, "crank_angle", 0, i) - OMEGA * r.t[i]));
        rate = fmax(rate, fabs(test_value(&r, "crank_rate", 0, i) - OMEGA));
    }
    CHECK_MSG(worst < 1e-7, "crank angle off omega t by %.3g rad", worst);
    CHECK_MSG(rate < 1e-6, "crank rate off omega by %.3g rad/s", rate);
    CHECK_NEAR(test_value(&r, "crank_angle", 0, r.n_rows - 1), 10 * MBS_TEST_PI, 1e-7);
    test_results_free(&r);
}

TEST(motor_work_equals_the_energy_gained)
{
    test_results r;
    CHECK(test_run_model("models/slider_crank.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    /* W(t) = integral of torque * omega (Simpson over pairs of intervals)
     * against kinetic + potential energy gained */
    double e0 = test_value(&r, "kinetic", 0, 0) + test_value(&r, "potential", 0, 0);
    double work = 0, worst = 0, scale = 0;
    for (int i = 2; i < r.n_rows; i += 2) {
        double h = r.t[i] - r.t[i - 1];
        work += h / 3 * OMEGA *
                (test_value(&r, "motor_torque", 0, i - 2) + 4 * test_value(&r, "motor_torque", 0, i - 1) +
                 test_value(&r, "motor_torque", 0, i));
        double gained = test_value(&r, "kinetic", 0, i) + test_value(&r, "potential", 0, i) - e0;
        worst = fmax(worst, fabs(work - gained));
        scale = fmax(scale, fabs(gained));
    }
    CHECK(scale > 0.5);
    CHECK_MSG(worst / scale < 1e-5, "motor work and energy gained differ by %.3g of the energy swing", worst / scale);
    test_results_free(&r);
}

TEST_SUITE(slider_crank, T(slider_follows_the_closed_form), T(crank_angle_is_continuous_over_five_turns),
           T(motor_work_equals_the_energy_gained));
