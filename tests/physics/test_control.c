/* MotionView's data and control elements in the shape its exports write them,
 * checked against closed forms:
 *   tests/physics/models/export_arrays_splines.xml  arrays whose values or variable ids are the
 *       element's text; a spline curve as rows "x y" against the same points given the older way;
 *       spline surfaces against a bilinear function and against their curves
 *   tests/physics/models/export_control_elements.xml  a first-order lag as a Control_StateEqn of
 *       Reference_Matrices, as a Control_SISO and as an explicit and an implicit Control_Diff: all
 *       1 - exp(-t/tau) for a unit step, the lag's output pushing a carrier; a second-order system
 *       from its matrices in the three layouts and from its transfer function; a lead-lag with a
 *       direct feed-through; the poles of all of them from a Linear analysis
 *   tests/physics/models/export_control_static.xml  states at rest or held in a Static analysis */
#include "../support/harness.h"
#include "../support/run_model.h"

#include <complex.h>
#include <math.h>

TEST(arrays_and_splines_as_exports_write_them)
{
    test_results r;
    CHECK(test_run_model("tests/physics/models/export_arrays_splines.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s %s", r.run.message, r.errors);
    CHECK(r.n_rows == 101);
    for (int i = 0; i < r.n_rows; i++) {
        double t = r.t[i];
        /* a U array read from rows of ids: ARYVAL(U, k) is the k-th variable (in the text's order) */
        for (int k = 0; k < 3; k++)
            CHECK_NEAR(test_value(&r, "arrays", k, i), 0.0, 0);
        CHECK_NEAR(test_value(&r, "arrays", 5, i), 1 - t * t, 1e-9);
        /* an IC array over two rows: its 4th and 6th numbers */
        CHECK_NEAR(test_value(&r, "arrays", 3, i), 42.5, 0);
        CHECK_NEAR(test_value(&r, "arrays", 4, i), 0.125, 0);
        /* the curve given as rows "x y" (num_x) is the curve given as pairs (num_xy_pair) */
        for (int k = 0; k < 6; k += 2)
            CHECK_NEAR(test_value(&r, "curves", k, i), test_value(&r, "curves", k + 1, i), 0);
        /* a bilinear surface y = 2 + 3 x - z + 0.5 x z: every method is exact, beyond the data too
         * (x from -0.25 to 4.25, z from -0.3 to 2.3) */
        double x = 4.5 * t - 0.25, z = 2.6 * t - 0.3, exact = 2 + 3 * x - z + 0.5 * x * z;
        for (int k = 0; k < 3; k++)
            CHECK_NEAR(test_value(&r, "surfaces", k, i), exact, 1e-12);
        /* two curves, c(x) at z = 1 and 2 c(x) at z = 3: at z = 2 the mean 1.5 c(x); along
         * z = 1 + 2t the share of the second curve grows, y = (1 + t) c(x) */
        CHECK_NEAR(test_value(&r, "surfaces", 3, i), 1.5 * test_value(&r, "surfaces", 4, i), 1e-12);
        CHECK_NEAR(test_value(&r, "surfaces", 5, i), (1 + t) * test_value(&r, "surfaces", 6, i), 1e-12);
    }
    test_results_free(&r);
}

static const double TAU = 0.25, OMEGA = 6.0, ZETA = 0.2;

/* The step response of omega^2 / (s^2 + 2 zeta omega s + omega^2) from y = y0 at rest. */
static double second_order_step(double t, double y0)
{
    double wd = OMEGA * sqrt(1 - ZETA * ZETA);
    return 1 - (1 - y0) * exp(-ZETA * OMEGA * t) * (cos(wd * t) + ZETA / sqrt(1 - ZETA * ZETA) * sin(wd * t));
}

TEST(a_lag_as_state_equation_transfer_function_and_differential_equations)
{
    test_results r;
    CHECK(test_run_model("tests/physics/models/export_control_elements.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s %s", r.run.message, r.errors);
    CHECK(r.n_rows == 201);
    for (int i = 0; i < r.n_rows; i++) {
        double t = r.t[i], lag = 1 - exp(-t / TAU);
        CHECK_NEAR(test_value(&r, "lag", 0, i), lag, 1e-7);          /* Control_StateEqn: y = C x */
        CHECK_NEAR(test_value(&r, "lag", 1, i), lag, 1e-7);          /* its state (ARYVAL of X) */
        CHECK_NEAR(test_value(&r, "lag", 2, i), lag, 1e-7);          /* Control_SISO 1/(1 + tau s) */
        CHECK_NEAR(test_value(&r, "lag", 3, i), lag, 1e-7);          /* Control_Diff, explicit */
        /* the implicit twin is the explicit one, its rate u/tau e^(-t/tau) from ic_dot */
        CHECK_NEAR(test_value(&r, "lag", 4, i), test_value(&r, "lag", 3, i), 1e-7);
        CHECK_NEAR(test_value(&r, "lag", 5, i), exp(-t / TAU) / TAU, 1e-5);
        /* the carrier pushed with 10 y N: v = 5 (t - tau (1 - e^(-t/tau))) */
        CHECK_NEAR(test_value(&r, "lag", 6, i), 5 * (t - TAU * lag), 1e-6);
        /* (dz/dt)^2 = 1 solved from ic_dot = -0.5: the root -1 */
        CHECK_NEAR(test_value(&r, "lag", 7, i), -t, 1e-9);
        /* the second-order system: from its matrices (x1 = y, from 0.5) and its transfer function */
        CHECK_NEAR(test_value(&r, "second order", 0, i), second_order_step(t, 0.5), 1e-6);
        CHECK_NEAR(test_value(&r, "second order", 1, i), test_value(&r, "second order", 0, i), 0);
        double h = 1e-6, rate = (second_order_step(t + h, 0.5) - second_order_step(t - h, 0.5)) / (2 * h);
        CHECK_NEAR(test_value(&r, "second order", 2, i), rate, 1e-5); /* x2 = dy/dt */
        CHECK_NEAR(test_value(&r, "second order", 3, i), second_order_step(t, 0.0), 1e-6);
        /* (2 + s) / (8 + s): y = 1/4 + 3/4 e^(-8t), 1 at t = 0 through D */
        CHECK_NEAR(test_value(&r, "second order", 4, i), 0.25 + 0.75 * exp(-8 * t), 1e-6);
    }
    /* the Linear analysis: -1/tau four times (state equation, transfer function, both
     * differential equations), the oscillator's pair twice, the lead-lag's -8, and zeros: the
     * carrier's position and speed, the equation solved by ic_dot (its rate does not depend on z) */
    CHECK(r.n_linear == 1);
    if (r.n_linear == 1) {
        const mbs_linear_result *l = &r.linear[0];
        CHECK(l->has_eigen && l->n == 12);
        double complex want[] = {-4, -4, -4, -4, -8, -ZETA * OMEGA + I * OMEGA * sqrt(1 - ZETA * ZETA),
                                 -ZETA * OMEGA - I * OMEGA * sqrt(1 - ZETA * ZETA)};
        int count[] = {4, 4, 4, 4, 1, 2, 2}, zeros = 0;
        for (int k = 0; k < l->n; k++)
            zeros += hypot(l->eig_re[k], l->eig_im[k]) < 1e-6;
        CHECK(zeros == 3);
        for (int w = 0; w < 7; w++) {
            int n = 0;
            for (int k = 0; k < l->n; k++)
                n += cabs(l->eig_re[k] + I * l->eig_im[k] - want[w]) < 1e-6;
            CHECK_MSG(n == count[w], "%d eigenvalues at %g%+gi, expected %d", n, creal(want[w]), cimag(want[w]),
                      count[w]);
        }
    }
    test_results_free(&r);
}

TEST(states_rest_or_are_held_in_a_static_analysis)
{
    test_results r;
    CHECK(test_run_model("tests/physics/models/export_control_static.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s %s", r.run.message, r.errors);
    CHECK(r.n_rows == 51);
    for (int i = 0; i < r.n_rows; i++) {
        double t = r.t[i], rising = 2 * (1 - exp(-t / TAU));
        for (int k = 0; k < 6; k += 2)
            CHECK_NEAR(test_value(&r, "states", k, i), 2.0, 1e-8); /* at rest: A x + B u = 0 */
        for (int k = 1; k < 6; k += 2)
            CHECK_NEAR(test_value(&r, "states", k, i), rising, 1e-7); /* held at 0 by the Static */
        CHECK_NEAR(test_value(&r, "states", 6, i), 0.2, 1e-8); /* the spring balances 10 y = 20 N */
    }
    test_results_free(&r);
}

TEST_SUITE(control, T(arrays_and_splines_as_exports_write_them),
           T(a_lag_as_state_equation_transfer_function_and_differential_equations),
           T(states_rest_or_are_held_in_a_static_analysis));
