/* Andrews' squeezing mechanism (models/andrews.xml) against the reference
 * solution of the Bari test set for IVP solvers (problem "andrews";
 * Hairer & Wanner, Solving ODEs II, sec. VII.7): the seven angles at
 * t = 0.03 s within 1e-5 at rtol 1e-8. The crank turns 2.5 times, so beta
 * also checks that joint angles are continuous over turns. */
#include "../support/harness.h"
#include "../support/run_model.h"

#include <math.h>

static const char *const ANGLES[7] = {"beta", "Theta", "gamma", "Phi", "delta", "Omega", "epsilon"};
static const double REFERENCE[7] = {15.81077119629904,    -15.75637105984298, 0.04082224013073101,
                                    -0.5347301163226948,  0.5244099658805304, 0.5347301163226948,
                                    1.048080741042263};

TEST(angles_match_the_test_set_at_0_03_s)
{
    test_results r;
    CHECK(test_run_model("models/andrews.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    CHECK(r.n_rows > 0);
    if (r.n_rows > 0) {
        int last = r.n_rows - 1;
        CHECK_NEAR(r.t[last], 0.03, 1e-15);
        for (int k = 0; k < 7; k++)
            CHECK_MSG(fabs(test_value(&r, ANGLES[k], 0, last) - REFERENCE[k]) <= 1e-5, "%s(0.03) = %.12g, reference %.12g",
                      ANGLES[k], test_value(&r, ANGLES[k], 0, last), REFERENCE[k]);
    }
    test_results_free(&r);
}

TEST(redundant_loop_equations_are_left_out_and_the_loops_hold)
{
    test_results r;
    CHECK(test_run_model("models/andrews.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    /* 7 bodies x 6 - 1 degree of freedom = 41 independent rows of 50 */
    CHECK(r.run.redundant_rows == 9);
    double worst = 0;
    for (int i = 0; i < r.n_rows; i++)
        worst = fmax(worst, test_value(&r, "violation", 0, i));
    CHECK_MSG(worst < 1e-9, "constraint violation %.3g", worst);
    /* the drive's work (counted negated as dissipated energy) balances
     * kinetic plus spring energy; it is mom * 15.9 rad = 0.52 J */
    double e0 = test_value(&r, "energy", 0, 0) + test_value(&r, "dissipated", 0, 0), drift = 0;
    for (int i = 0; i < r.n_rows; i++)
        drift = fmax(drift, fabs(test_value(&r, "energy", 0, i) + test_value(&r, "dissipated", 0, i) - e0));
    double work = -test_value(&r, "dissipated", 0, r.n_rows - 1);
    CHECK_NEAR(work, 0.033 * (REFERENCE[0] - -0.0617138900142764496), 1e-5);
    CHECK_MSG(drift / work < 1e-6, "energy balance off by %.3g of the work done", drift / work);
    test_results_free(&r);
}

TEST_SUITE(andrews, T(angles_match_the_test_set_at_0_03_s), T(redundant_loop_equations_are_left_out_and_the_loops_hold));
