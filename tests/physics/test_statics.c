/* Static equilibrium (KINSOL) against closed forms. */
#include "../support/harness.h"
#include "../support/run_model.h"
#include "../support/series.h"

#include <math.h>

/* A block hanging from a spring on a vertical slider: stretch m g / k; the
 * slider carries no load along its axis; a transient from there stays put. */
TEST(hanging_spring_stretches_by_weight_over_stiffness)
{
    test_results r;
    CHECK(test_run_model("tests/physics/models/static_spring.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    double m = 2, k = 100, g = 9.81;
    double y_eq = -1.0 - m * g / k;
    CHECK_NEAR(test_value(&r, "y", 1, 0), y_eq, 1e-9);
    CHECK_NEAR(test_value(&r, "spring_force", 0, 0), -m * g, 1e-8);
    CHECK(series_max_deviation(&r, "y", 1, y_eq) < 1e-9);
    test_results_free(&r);
}

/* A rod released 60 degrees below horizontal settles hanging straight down,
 * the pivot carrying the weight. */
TEST(pendulum_hangs_down)
{
    test_results r;
    CHECK(test_run_model("tests/physics/models/static_pendulum.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    CHECK(r.n_rows == 1);
    CHECK_NEAR(fabs(test_value(&r, "angle", 0, 0)), MBS_TEST_PI / 2, 1e-9);
    CHECK_NEAR(test_value(&r, "rod_position", 1, 0), -0.5, 1e-9);
    CHECK_NEAR(test_value(&r, "pivot_force", 0, 0), 0.0, 1e-8);
    CHECK_NEAR(test_value(&r, "pivot_force", 1, 0), 9.81, 1e-8);
    test_results_free(&r);
}

TEST_SUITE(statics, T(hanging_spring_stretches_by_weight_over_stiffness), T(pendulum_hangs_down));
