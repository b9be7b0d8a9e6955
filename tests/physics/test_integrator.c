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

/* A 12-link chain swinging through (bench/make_chain.sh) in joint
 * coordinates: at most one step in `per_failure` may fail Newton's
 * convergence test (in absolute coordinates where `absolute` is set, and
 * there at most one step in `per_matrix` make a new Newton matrix); the
 * total energy, plus what friction dissipated (sensor "dissipated", if the
 * model has one), stays within 1e-5 of the potential energy's scale (12
 * links of 1 kg falling 6 m on average: 706 J); and the tip stays within
 * 1e-3 m of the absolute formulation's. */
static void swinging_chain(const char *path, long per_failure, int absolute, long per_matrix)
{
    test_results r, a;
    CHECK(test_run_model(path, NULL, test_in_joint_coordinates, &r) == 0);
    CHECK(test_run_model(path, NULL, test_in_absolute_coordinates, &a) == 0);
    CHECK_MSG(r.status == MBS_OK && a.status == MBS_OK, "runs failed: %s / %s", r.run.message, a.run.message);
    CHECK(r.run.joint_coords == 12 && r.run.linear_solver == MBS_LS_TREE && r.n_rows == a.n_rows);
    const mbs_integrator_stats *st = absolute ? &a.run.stats : &r.run.stats;
    CHECK_MSG(st->nonlinear_convergence_failures * per_failure <= st->steps, "%ld convergence failures in %ld steps",
              st->nonlinear_convergence_failures, st->steps);
    CHECK_MSG(!absolute || st->jacobian_evals * per_matrix <= st->steps, "%ld Newton matrices in %ld steps",
              st->jacobian_evals, st->steps);
    int dissipates = test_sensor_offset(&r, "dissipated") >= 0;
    double e0 = test_value(&r, "energy", 0, 0), balance = 0.0, apart = 0.0;
    for (int i = 0; i < r.n_rows && i < a.n_rows; i++) {
        double lost = dissipates ? test_value(&r, "dissipated", 0, i) : 0.0;
        balance = fmax(balance, fabs(test_value(&r, "energy", 0, i) + lost - e0));
        for (int k = 0; k < 3; k++)
            apart = fmax(apart, fabs(test_value(&r, "tip", k, i) - test_value(&a, "tip", k, i)));
    }
    CHECK_MSG(!dissipates || test_value(&r, "dissipated", 0, r.n_rows - 1) > 0.5, "the chain dissipated %.3g J",
              test_value(&r, "dissipated", 0, r.n_rows - 1));
    CHECK_MSG(balance < 1e-5 * 706.0, "energy balance off by %.3g J", balance);
    CHECK_MSG(apart < 1e-3, "tip %.3g m from the absolute formulation's", apart);
    test_results_free(&r);
    test_results_free(&a);
}

/* Its mass matrix moves far from the Newton matrix's within a few steps,
 * and with that stale M IDA's Newton failed on 55 of 729 steps (each
 * cutting the step by four); with the tree's block articulated at each
 * iterate (joint_newton.c, tree_block_solve) none. */
TEST(swinging_chain_in_joint_coordinates_keeps_newton_converging)
{
    swinging_chain("tests/physics/models/chain_12.xml", 100, 0, 0);
}

/* With LuGre friction in every joint: the friction's slopes in the tree's
 * block taken at each Newton iterate too (at the Newton matrix's state
 * only, IDA's Newton failed on 74 of 2005 steps, now on about 1 %). */
TEST(friction_chain_in_joint_coordinates_keeps_newton_converging)
{
    swinging_chain("tests/physics/models/jf_chain_12.xml", 50, 0, 0);
}

/* With a torsion spring-damper about every joint's axis: their stiffness
 * and damping folded into the tree's block (joint_newton.c, as an
 * armature, the stiffness also on the right side), where they sent the
 * whole chain to the differenced Newton matrix (DENSE: 10 convergence
 * failures in 435 steps, 1747 residuals; now none in 411, 425). */
TEST(spring_chain_in_joint_coordinates_keeps_newton_converging)
{
    swinging_chain("tests/physics/models/spring_chain_12.xml", 100, 0, 0);
}

/* Lubricated joint friction (mu 0.01, no bristle damping) in absolute
 * coordinates: a bristle's row of the Newton matrix has sigma0 |v| / g on
 * its diagonal (up to 1e7 |v|) and its slip slope turning from 0 to 1,
 * both stale after each reversal of its joint. Taken from the slopes the
 * residual records at each Newton iterate (friction_refresh.c): 51
 * convergence failures and 107 Newton matrices in 1128 steps; with the
 * differenced rows, 262 and 316 in 1290. */
TEST(lubricated_friction_chain_in_absolute_coordinates_keeps_newton_converging)
{
    swinging_chain("tests/physics/models/jf_chain_12_lubricated.xml", 10, 1, 6);
}

TEST_SUITE(integrator, T(fast_top_starts_without_a_given_first_step), T(rows_on_output_times_are_not_noise),
           T(swinging_chain_in_joint_coordinates_keeps_newton_converging),
           T(friction_chain_in_joint_coordinates_keeps_newton_converging),
           T(spring_chain_in_joint_coordinates_keeps_newton_converging),
           T(lubricated_friction_chain_in_absolute_coordinates_keeps_newton_converging));
