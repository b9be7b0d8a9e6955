/* The integrator driver: starts that IDA's first-step guess would make fail,
 * and output rows taken from the integrator's own states. */
#include "../support/harness.h"
#include "../support/run_model.h"

#include <math.h>

/* The heavy top spins at 50 rad/s: with atol 1e-10 IDA's first-step guess is
 * below 1e-9 s, where Newton drowns in rounding; the start is retried with
 * larger first steps. The run must then conserve energy as usual. */
static void no_first_step(mbs_model *m)
{
    m->settings.h0 = 0.0;
}

TEST(fast_top_starts_without_a_given_first_step)
{
    test_results r;
    CHECK(test_run_model("models/heavy_top.xml", NULL, no_first_step, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    double e0 = test_value(&r, "energy", 0, 0), drift = 0.0, kinetic = 0.0;
    for (int i = 0; i < r.n_rows; i++) {
        drift = fmax(drift, fabs(test_value(&r, "energy", 0, i) - e0));
        kinetic = fmax(kinetic, test_value(&r, "kinetic", 0, i));
    }
    CHECK_MSG(drift < 1e-6 * kinetic, "energy drift %.3g J of %.3g J", drift, kinetic);
    test_results_free(&r);
}

/* Stepping onto every output time: a step that ends a rounding error short
 * of an output time must give that row from its state, not a sliver step
 * whose multipliers are noise. The slider-crank's motor torque is smooth: no
 * row may stand out from its neighbours by more than the curve's own
 * curvature allows (its largest second difference is 5e-3 N m). */
static void exact_outputs(mbs_model *m)
{
    m->settings.interpolate = 0;
}

TEST(rows_on_output_times_are_not_noise)
{
    test_results r;
    CHECK(test_run_model("models/slider_crank.xml", NULL, exact_outputs, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    double worst = 0.0;
    for (int i = 1; i + 1 < r.n_rows; i++) {
        double mid = 0.5 * (test_value(&r, "motor_torque", 0, i - 1) + test_value(&r, "motor_torque", 0, i + 1));
        worst = fmax(worst, fabs(test_value(&r, "motor_torque", 0, i) - mid));
    }
    CHECK_MSG(worst < 5e-3, "a row stands out from its neighbours by %.3g N m", worst);
    double violation = 0.0;
    for (int i = 0; i < r.n_rows; i++)
        violation = fmax(violation, test_value(&r, "violation", 0, i));
    CHECK_MSG(violation < 1e-9, "constraint violation %.3g", violation);
    test_results_free(&r);
}

TEST_SUITE(integrator, T(fast_top_starts_without_a_given_first_step), T(rows_on_output_times_are_not_noise));
