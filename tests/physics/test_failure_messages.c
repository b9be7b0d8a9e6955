/* A run that fails mid-way names its cause in mbsim's words and keeps the
 * rows before (tests/cli/robust.sh checks the same from the command line):
 *   - a motion with a pole, tan(pi t): the run ends near t = 0.5 naming the
 *     motion that drives the joint (not only the joint's coordinate), in
 *     both formulations, its rows on tan(pi t) up to there;
 *   - a force 1e300 exp(1000 t): its rate overflows the integrator's error
 *     norm at t = 0; the message says so and names the force, not IDA's
 *     "tstop is behind t";
 *   - a static analysis with no equilibrium (a torque beyond what gravity
 *     can hold): the body out of balance and what Newton's iteration could
 *     not do, not KINSOL's message. */
#include "../support/harness.h"
#include "../support/run_model.h"
#include "../support/series.h"

#include <math.h>
#include <string.h>

/* None of IDA's or KINSOL's own words (their messages name their internals). */
static int in_mbsim_words(const char *msg)
{
    static const char *const INTERNAL[] = {"tstop", "hmin", "tout", "IDA", "KINSOL", "corrector convergence",
                                           "iterate", "linesearch", "line search algorithm"};
    for (int k = 0; k < MBS_COUNT_OF(INTERNAL); k++)
        if (strstr(msg, INTERNAL[k]))
            return 0;
    return 1;
}

static void check_pole(const char *path, const char *sensor, void (*formulation)(mbs_model *m))
{
    test_results r;
    CHECK(test_run_model(path, NULL, formulation, &r) == 0);
    const char *msg = r.run.message;
    CHECK(r.status != MBS_OK);
    CHECK_MSG(strstr(msg, "driven by Motion_Joint 1 (label '") != NULL, "%s: %s", path, msg);
    CHECK_MSG(strstr(msg, "at t = 0.49") != NULL || strstr(msg, "at t = 0.5") != NULL, "%s: %s", path, msg);
    CHECK_MSG(in_mbsim_words(msg), "%s: %s", path, msg);
    /* the rows before are kept, on the motion */
    CHECK_MSG(r.n_rows == 50, "%s: %d rows", path, r.n_rows);
    for (int i = 0; i < r.n_rows; i++)
        CHECK_NEAR(test_value(&r, sensor, 0, i), tan(MBS_TEST_PI * r.t[i]), 1e-6 * (1 + fabs(tan(MBS_TEST_PI * r.t[i]))));
    test_results_free(&r);
}

TEST(motion_with_a_pole_is_named)
{
    check_pole("tests/cli/models/pole_motion.xml", "angle", test_in_joint_coordinates);
    check_pole("tests/cli/models/pole_motion.xml", "angle", test_in_absolute_coordinates);
    check_pole("tests/physics/models/pole_slide.xml", "travel", test_in_joint_coordinates);
    check_pole("tests/physics/models/pole_slide.xml", "travel", test_in_absolute_coordinates);
}

TEST(overflowing_force_is_named_at_its_time)
{
    test_results r;
    CHECK(test_run_model("tests/cli/models/inf_force.xml", NULL, NULL, &r) == 0);
    const char *msg = r.run.message;
    CHECK(r.status != MBS_OK);
    CHECK_MSG(strstr(msg, "overflows at t = 0:") != NULL, "%s", msg);
    CHECK_MSG(strstr(msg, "driven by Force_Vector_OneBody 1 (label 'push') (force 1e+300)") != NULL, "%s", msg);
    CHECK_MSG(in_mbsim_words(msg), "%s", msg);
    CHECK(r.n_rows == 1 && r.t[0] == 0.0 && test_value(&r, "x", 0, 0) == 0.0);
    test_results_free(&r);
}

TEST(static_without_equilibrium_says_why_in_mbsim_words)
{
    test_results r;
    CHECK(test_run_model("tests/physics/models/static_overturned.xml", NULL, NULL, &r) == 0);
    const char *msg = r.run.message;
    CHECK(r.status != MBS_OK);
    CHECK_MSG(strstr(msg, "no static equilibrium found at t = 0: the force balance of Body_Rigid 2 (label 'rod')") &&
                  strstr(msg, "(Newton's"),
              "%s", msg);
    CHECK_MSG(in_mbsim_words(msg), "%s", msg);
    test_results_free(&r);
}

TEST_SUITE(failure_messages, T(motion_with_a_pole_is_named), T(overflowing_force_is_named_at_its_time),
           T(static_without_equilibrium_says_why_in_mbsim_words));
