/* Constraint_Coordinate and Force_Coordinate against closed forms: Exudyn's
 * prescribed offset l(t) = 0.5 l (1 - cos(0.5 pi t)) at position and at
 * velocity level, a constant velocity offset, and a gear pair driven by a
 * constant torque. The constraint loads m0's coordinate with +lambda and
 * m1's with -k lambda, so for a mass on m1 (m0 the ground)
 * m x'' = F - lambda. */
#include "../support/harness.h"
#include "../support/run_model.h"
#include "../support/series.h"

#include <math.h>

static const double PC_M = 5, PC_F = 2, PC_L = 0.1;

static double offset(double t)
{
    return 0.5 * PC_L * (1 - cos(0.5 * MBS_TEST_PI * t));
}

static double offset_rate(double t)
{
    return 0.5 * PC_L * 0.5 * MBS_TEST_PI * sin(0.5 * MBS_TEST_PI * t);
}

static double offset_acceleration(double t)
{
    return 0.5 * PC_L * 0.25 * MBS_TEST_PI * MBS_TEST_PI * cos(0.5 * MBS_TEST_PI * t);
}

static double energy_balance_error(const test_results *r)
{
    double e0 = test_value(r, "energy", 0, 0) + test_value(r, "dissipated", 0, 0), worst = 0;
    for (int i = 0; i < r->n_rows; i++)
        worst = fmax(worst, fabs(test_value(r, "energy", 0, i) + test_value(r, "dissipated", 0, i) - e0));
    return worst;
}

TEST(a_coordinate_follows_a_prescribed_offset)
{
    test_results r;
    CHECK(test_run_model("models/connector_prescribed_coordinate.xml", NULL, NULL, &r) == 0);
    CHECK(r.status == MBS_OK);
    double worst_x = 0, worst_v = 0, worst_f = 0, worst_c = 0;
    for (int i = 0; i < r.n_rows; i++) {
        double t = r.t[i];
        worst_x = fmax(worst_x, fabs(test_value(&r, "x", 0, i) - offset(t)));
        worst_x = fmax(worst_x, fabs(test_value(&r, "displacement", 0, i) - offset(t)));
        worst_v = fmax(worst_v, fabs(test_value(&r, "velocity", 0, i) - offset_rate(t)));
        worst_c = fmax(worst_c, fabs(test_value(&r, "residual", 0, i)));
        /* m x'' = F - lambda */
        worst_f = fmax(worst_f, fabs(test_value(&r, "force", 0, i) - (PC_F - PC_M * offset_acceleration(t))));
    }
    CHECK_MSG(worst_x < 1e-9, "x off the offset by %.3g", worst_x);
    CHECK_MSG(worst_v < 1e-8, "velocity off the offset's rate by %.3g", worst_v);
    CHECK_MSG(worst_c < 1e-9, "constraint equation %.3g", worst_c);
    CHECK_MSG(worst_f < 1e-6, "constraint force off m x'' - F by %.3g", worst_f);
    /* Exudyn's test value: the displacement at t = 1 */
    CHECK_NEAR(series_at(&r, "x", 0, 1.0), 0.05, 1e-9);
    /* the drive's work (-lambda l') and the push's (F v) enter the balance */
    double balance = energy_balance_error(&r);
    CHECK_MSG(balance < 1e-8, "energy balance off by %.3g J", balance);
    test_results_free(&r);
}

TEST(a_velocity_level_constraint_holds_the_offset_rate)
{
    test_results r;
    CHECK(test_run_model("tests/physics/models/connector_velocity_expr.xml", NULL, NULL, &r) == 0);
    CHECK(r.status == MBS_OK);
    double worst_x = 0, worst_f = 0;
    for (int i = 0; i < r.n_rows; i++) {
        double t = r.t[i];
        worst_x = fmax(worst_x, fabs(test_value(&r, "x", 0, i) - offset(t)));
        worst_f = fmax(worst_f, fabs(test_value(&r, "force", 0, i) + PC_M * offset_acceleration(t)));
        CHECK(fabs(test_value(&r, "residual", 0, i)) < 1e-10);
    }
    /* positions are not held, only velocities: x drifts by the integration error */
    CHECK_MSG(worst_x < 1e-8, "x off the offset by %.3g", worst_x);
    CHECK_MSG(worst_f < 1e-6, "constraint force off -m x'' by %.3g", worst_f);
    test_results_free(&r);
}

TEST(a_constant_offset_at_velocity_level_is_a_velocity)
{
    test_results r;
    CHECK(test_run_model("tests/physics/models/connector_velocity_offset.xml", NULL, NULL, &r) == 0);
    CHECK(r.status == MBS_OK);
    double worst = 0;
    for (int i = 0; i < r.n_rows; i++)
        worst = fmax(worst, fabs(test_value(&r, "x", 0, i) - 0.3 * r.t[i]));
    CHECK_MSG(worst < 1e-9, "x off 0.3 t by %.3g", worst);
    /* no acceleration: the constraint takes the whole push */
    CHECK(series_max_deviation(&r, "force", 0, PC_F) < 1e-8);
    test_results_free(&r);
}

TEST(a_gear_pair_turns_at_the_ratio_of_its_radii)
{
    /* models/connector_gear_pair.xml: theta1 = k theta2, k = -r2/r1 */
    const double r1 = 0.05, r2 = 0.15, m1 = 0.5, m2 = 4.5, tau = 0.2;
    const double J1 = 0.5 * m1 * r1 * r1, J2 = 0.5 * m2 * r2 * r2, k = -r2 / r1;
    const double a1 = tau / (J1 + J2 / (k * k)), lambda = J1 * a1 - tau;
    test_results r;
    CHECK(test_run_model("models/connector_gear_pair.xml", NULL, NULL, &r) == 0);
    CHECK(r.status == MBS_OK);
    double worst_q = 0, worst_w = 0;
    for (int i = 0; i < r.n_rows; i++) {
        double t = r.t[i], th1 = 0.5 * a1 * t * t;
        worst_q = fmax(worst_q, fabs(test_value(&r, "theta1", 0, i) - th1) / fmax(1.0, th1));
        worst_q = fmax(worst_q, fabs(test_value(&r, "theta2", 0, i) - th1 / k) / fmax(1.0, th1));
        worst_w = fmax(worst_w, fabs(test_value(&r, "omega1", 0, i) - a1 * t) / fmax(1.0, a1 * t));
    }
    CHECK_MSG(worst_q < 1e-7, "angles off the closed form by %.3g (relative)", worst_q);
    CHECK_MSG(worst_w < 1e-7, "rate off the closed form by %.3g (relative)", worst_w);
    /* multipliers are algebraic, outside IDA's error test: less accurate */
    double worst_l = series_max_deviation(&r, "mesh_torque", 0, lambda);
    CHECK_MSG(worst_l < 1e-4 * fabs(lambda), "mesh torque off by %.3g", worst_l);
    CHECK(series_max_deviation(&r, "mesh_residual", 0, 0.0) < 1e-8);
    /* the motor's work goes into the two gears' kinetic energy */
    double balance = energy_balance_error(&r);
    CHECK_MSG(balance < 1e-6, "energy balance off by %.3g J", balance);
    CHECK_NEAR(test_value(&r, "energy", 0, r.n_rows - 1), 0.5 * (J1 + J2 / (k * k)) * pow(a1 * r.t[r.n_rows - 1], 2),
               1e-6);
    test_results_free(&r);
}

TEST(a_rack_and_pinion_in_millimetres)
{
    /* tests/physics/models/connector_rack_pinion_mm.xml, in SI: J = 0.01 kg m^2,
     * r = 0.05 m, m = 2 kg, tau = 1 N m */
    const double J = 0.01, r = 0.05, m = 2, tau = 1;
    const double alpha = tau / (J + m * r * r);
    test_results res;
    CHECK(test_run_model("tests/physics/models/connector_rack_pinion_mm.xml", NULL, NULL, &res) == 0);
    CHECK(res.status == MBS_OK);
    double worst_x = 0, worst_th = 0;
    for (int i = 0; i < res.n_rows; i++) {
        double t = res.t[i], theta = 0.5 * alpha * t * t;
        worst_th = fmax(worst_th, fabs(test_value(&res, "theta", 0, i) - theta));
        worst_x = fmax(worst_x, fabs(test_value(&res, "x", 0, i) - 1e3 * r * theta)); /* mm */
    }
    CHECK_MSG(worst_th < 1e-7, "angle off by %.3g rad", worst_th);
    CHECK_MSG(worst_x < 1e-5, "rack off by %.3g mm", worst_x);
    /* the mesh force on the rack (m0: +lambda) accelerates it: lambda = m r alpha, in N */
    CHECK(series_max_deviation(&res, "force", 0, m * r * alpha) < 1e-6);
    CHECK_NEAR(test_value(&res, "motor", 0, 0), 1e3, 1e-12); /* N mm */
    test_results_free(&res);
}

TEST_SUITE(connector_constraints, T(a_rack_and_pinion_in_millimetres), T(a_coordinate_follows_a_prescribed_offset),
           T(a_velocity_level_constraint_holds_the_offset_rate), T(a_constant_offset_at_velocity_level_is_a_velocity),
           T(a_gear_pair_turns_at_the_ratio_of_its_radii));
