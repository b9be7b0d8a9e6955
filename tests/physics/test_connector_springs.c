/* Spring-dampers against closed forms and conservation laws:
 * Force_LinearSpringDamper (Drake) and Force_CoordinateSpringDamperExt
 * (Exudyn) on a mass-spring-damper, m x'' + d x' + k x = 0, whose solution
 *   x = exp(-z w0 t) (x0 cos(wd t) + (v0 + z w0 x0) / wd sin(wd t)),
 *   w0 = sqrt(k/m), z = d / (2 sqrt(k m)), wd = w0 sqrt(1 - z^2);
 * the energy of a two-body system in 3-D; the run-time error of a spring
 * whose length reaches zero. */
#include "../support/harness.h"
#include "../support/run_model.h"
#include "../support/series.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* the parameters of tests/physics/models/connector_msd_*.xml */
static const double M = 2, K = 50, D = 0.8, X0 = 0.1, V0 = 0.3;

static void oscillation(double t, double *x, double *v)
{
    double w0 = sqrt(K / M), z = D / (2 * sqrt(K * M)), wd = w0 * sqrt(1 - z * z);
    double a = X0, b = (V0 + z * w0 * X0) / wd, e = exp(-z * w0 * t);
    *x = e * (a * cos(wd * t) + b * sin(wd * t));
    *v = -z * w0 * *x + e * wd * (-a * sin(wd * t) + b * cos(wd * t));
}

/* Largest |(total + dissipated)(t) - (total + dissipated)(0)|. */
static double energy_balance_error(const test_results *r, const char *total, const char *dissipated)
{
    double e0 = test_value(r, total, 0, 0) + test_value(r, dissipated, 0, 0), worst = 0;
    for (int i = 0; i < r->n_rows; i++)
        worst = fmax(worst, fabs(test_value(r, total, 0, i) + test_value(r, dissipated, 0, i) - e0));
    return worst;
}

TEST(linear_spring_damper_follows_the_damped_oscillation)
{
    test_results r;
    CHECK(test_run_model("tests/physics/models/connector_msd_linear.xml", NULL, NULL, &r) == 0);
    CHECK(r.status == MBS_OK);
    CHECK(r.n_rows == 1001);
    double worst_x = 0, worst_out = 0;
    for (int i = 0; i < r.n_rows; i++) {
        double x, v;
        oscillation(r.t[i], &x, &v);
        worst_x = fmax(worst_x, fabs(test_value(&r, "length", 0, i) - 1.0 - x));
        /* the outputs, from the exact motion */
        double errs[] = {test_value(&r, "rate", 0, i) - v,
                         test_value(&r, "force", 0, i) - (K * x + D * v),
                         test_value(&r, "potential", 0, i) - 0.5 * K * x * x,
                         test_value(&r, "power_c", 0, i) + K * x * v,
                         test_value(&r, "power_nc", 0, i) + D * v * v,
                         test_value(&r, "system_potential", 0, i) - test_value(&r, "potential", 0, i)};
        for (int k = 0; k < (int)(sizeof errs / sizeof errs[0]); k++)
            worst_out = fmax(worst_out, fabs(errs[k]));
    }
    CHECK_MSG(worst_x < 1e-7, "x off the closed form by %.3g", worst_x);
    CHECK_MSG(worst_out < 1e-6, "outputs off the closed form by %.3g", worst_out);
    /* the motion stays on the x axis (the force is along the line P -> Q) */
    CHECK(series_max_deviation(&r, "position", 1, 0.0) < 1e-12);
    CHECK(series_max_deviation(&r, "position", 2, 0.0) < 1e-12);
    double balance = energy_balance_error(&r, "total", "dissipated");
    CHECK_MSG(balance < 1e-6, "energy balance off by %.3g J", balance);
    CHECK(test_value(&r, "dissipated", 0, r.n_rows - 1) > 0.3); /* most of 0.34 J is gone by t = 10 */
    test_results_free(&r);
}

TEST(coordinate_spring_damper_follows_the_damped_oscillation)
{
    test_results r;
    CHECK(test_run_model("tests/physics/models/connector_msd_coordinate.xml", NULL, NULL, &r) == 0);
    CHECK(r.status == MBS_OK);
    double worst_x = 0, worst_f = 0;
    for (int i = 0; i < r.n_rows; i++) {
        double x, v;
        oscillation(r.t[i], &x, &v);
        worst_x = fmax(worst_x, fabs(test_value(&r, "x", 0, i) - x));
        worst_x = fmax(worst_x, fabs(test_value(&r, "displacement", 0, i) - x));
        worst_f = fmax(worst_f, fabs(test_value(&r, "force", 0, i) - (K * x + D * v)));
        /* no friction, no stops: the data state stays zero */
        for (int k = 0; k < 3; k++)
            CHECK(test_value(&r, "state", k, i) == 0.0);
    }
    CHECK_MSG(worst_x < 1e-7, "x off the closed form by %.3g", worst_x);
    CHECK_MSG(worst_f < 1e-6, "force off the closed form by %.3g", worst_f);
    double balance = energy_balance_error(&r, "total", "dissipated");
    CHECK_MSG(balance < 1e-6, "energy balance off by %.3g J", balance);
    test_results_free(&r);
}

TEST(the_spring_force_expression_reproduces_the_built_in_law)
{
    /* Exudyn's user-function example, k (q - offset) + d v, replaces f_SD */
    static const char *const sets[] = {NULL};
    test_results a, b;
    CHECK(test_run_model("tests/physics/models/connector_msd_coordinate.xml", sets, NULL, &a) == 0);
    CHECK(test_run_model("tests/physics/models/connector_msd_expr.xml", sets, NULL, &b) == 0);
    CHECK(a.status == MBS_OK && b.status == MBS_OK);
    CHECK(a.n_rows == b.n_rows);
    double worst = 0;
    for (int i = 0; i < a.n_rows && i < b.n_rows; i++)
        worst = fmax(worst, fabs(test_value(&a, "x", 0, i) - test_value(&b, "x", 0, i)));
    CHECK_MSG(worst < 1e-8, "expression and built-in law differ by %.3g", worst);
    /* with the expression the whole force is non-conservative */
    CHECK(test_value(&b, "potential", 0, 5) == 0.0);
    double balance = energy_balance_error(&b, "total", "dissipated");
    CHECK_MSG(balance < 1e-6, "energy balance off by %.3g J", balance);
    test_results_free(&a);
    test_results_free(&b);
}

TEST(two_bodies_without_damping_keep_their_energy)
{
    static const char *const sets[] = {"c=0", NULL};
    test_results r;
    CHECK(test_run_model("models/connector_two_body_spring.xml", sets, NULL, &r) == 0);
    CHECK(r.status == MBS_OK);
    double e0 = test_value(&r, "energy", 0, 0);
    double drift = series_max_deviation(&r, "energy", 0, e0);
    CHECK_MSG(drift < 1e-6, "total energy drifts by %.3g J over 10 s", drift);
    CHECK(series_max_deviation(&r, "dissipated", 0, 0.0) < 1e-12);
    /* the springs really work: their potential energy changes by joules */
    double lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < r.n_rows; i++) {
        double v = test_value(&r, "hanging_potential", 0, i) + test_value(&r, "side_potential", 0, i);
        lo = fmin(lo, v);
        hi = fmax(hi, v);
    }
    CHECK(hi - lo > 0.5);
    /* the block moves out of the plane of the pendulum */
    CHECK(series_max_deviation(&r, "block_position", 2, 0.0) > 0.1);
    test_results_free(&r);
}

static void fine_output(mbs_model *m)
{
    m->analyses[0].print_interval = 1e-3;
}

TEST(two_bodies_with_damping_close_the_energy_balance)
{
    test_results r;
    CHECK(test_run_model("models/connector_two_body_spring.xml", NULL, fine_output, &r) == 0);
    CHECK(r.status == MBS_OK);
    double balance = energy_balance_error(&r, "energy", "dissipated");
    CHECK_MSG(balance < 1e-6, "energy balance off by %.3g J", balance);
    CHECK(test_value(&r, "dissipated", 0, r.n_rows - 1) > 0.5);
    /* conservative power = -dV/dt (central differences), non-conservative <= 0 */
    double worst = 0, scale = 0;
    for (int i = 1; i + 1 < r.n_rows; i++) {
        double dV = (test_value(&r, "hanging_potential", 0, i + 1) - test_value(&r, "hanging_potential", 0, i - 1)) /
                    (r.t[i + 1] - r.t[i - 1]);
        worst = fmax(worst, fabs(test_value(&r, "hanging_power_c", 0, i) + dV));
        scale = fmax(scale, fabs(dV));
        CHECK(test_value(&r, "hanging_power_nc", 0, i) <= 0.0);
    }
    CHECK_MSG(worst < 1e-3 * scale, "conservative power differs from -dV/dt by %.3g (scale %.3g)", worst, scale);
    test_results_free(&r);
}

TEST(a_spring_of_zero_length_stops_the_run)
{
    test_results r;
    CHECK(test_run_model("tests/physics/models/connector_zero_length.xml", NULL, NULL, &r) == 0);
    CHECK(r.status == MBS_E_RUN);
    CHECK(r.run.status == MBS_E_RUN);
    CHECK_MSG(strstr(r.run.message, "Force_LinearSpringDamper 7 (label 'spring') at t = ") != NULL,
              "message: %s", r.run.message);
    CHECK_MSG(strstr(r.run.message, "nearly zero") != NULL, "message: %s", r.run.message);
    /* the length 1 - 2t reaches zero at t = 0.5; the rows before are kept */
    const char *at = strstr(r.run.message, "at t = ");
    CHECK(at != NULL);
    if (at)
        CHECK_NEAR(strtod(at + 7, NULL), 0.5, 1e-6);
    CHECK(r.run.t_reached <= 0.5 && r.run.t_reached >= 0.49);
    CHECK(r.n_rows == 50);
    CHECK_NEAR(test_value(&r, "length", 0, r.n_rows - 1), 1.0 - 2.0 * r.t[r.n_rows - 1], 1e-9);
    test_results_free(&r);
}

TEST(a_spring_compressed_through_zero_stops_the_run)
{
    /* with stiffness the compressed spring pushes the ball back but cannot
     * stop it; the crossing is caught even though no step lands on it */
    static const char *const sets[] = {NULL};
    test_results r;
    CHECK(test_run_model("tests/physics/models/connector_zero_length_stiff.xml", sets, NULL, &r) == 0);
    CHECK(r.status == MBS_E_RUN);
    CHECK_MSG(strstr(r.run.message, "Force_LinearSpringDamper 7 (label 'spring') at t = ") != NULL, "message: %s",
              r.run.message);
    /* P at the origin, Q on the ball: x'' = -k (x - l0) with x(0) = l0 = 1,
     * x'(0) = -2, k = m = 1, so x = 1 - 2 sin t reaches 0 at t = pi/6 */
    const char *at = strstr(r.run.message, "at t = ");
    CHECK(at != NULL);
    if (at)
        CHECK_NEAR(strtod(at + 7, NULL), MBS_TEST_PI / 6, 1e-5);
    CHECK(r.n_rows > 10);
    test_results_free(&r);
}

TEST_SUITE(connector_springs, T(linear_spring_damper_follows_the_damped_oscillation),
           T(coordinate_spring_damper_follows_the_damped_oscillation),
           T(the_spring_force_expression_reproduces_the_built_in_law), T(two_bodies_without_damping_keep_their_energy),
           T(two_bodies_with_damping_close_the_energy_balance), T(a_spring_of_zero_length_stops_the_run),
           T(a_spring_compressed_through_zero_stops_the_run));
