/* Several Simulate commands run in order, each from the state the previous
 * one left (tests/physics/models/two_transients.xml,
 * assembly_then_transient.xml): a transient continued by a second one is
 * the same motion as one run, with no row repeated at the seam; an Assembly
 * puts a misplaced rod onto its joint at rest before the transient. */
#include "../support/harness.h"
#include "../support/run_model.h"
#include "../support/series.h"

#include <math.h>

static void one_transient_to_2_s(mbs_model *m)
{
    m->n_analyses = 1;
    m->analyses[0].end_time = 2.0;
}

TEST(second_transient_continues_the_first)
{
    test_results two, one;
    CHECK(test_run_model("tests/physics/models/two_transients.xml", NULL, NULL, &two) == 0);
    CHECK(test_run_model("tests/physics/models/two_transients.xml", NULL, one_transient_to_2_s, &one) == 0);
    CHECK_MSG(two.status == MBS_OK, "run failed: %s", two.run.message);
    CHECK_MSG(one.status == MBS_OK, "run failed: %s", one.run.message);
    CHECK(two.n_rows == 201 && one.n_rows == 201);
    if (two.n_rows == one.n_rows) {
        double angle = 0, force = 0;
        for (int i = 0; i < two.n_rows; i++) {
            /* the second analysis counts its output times from t = 1 */
            CHECK(fabs(two.t[i] - one.t[i]) < 1e-14);
            if (i > 0)
                CHECK(two.t[i] > two.t[i - 1]);
            angle = fmax(angle, fabs(test_value(&two, "angle", 0, i) - test_value(&one, "angle", 0, i)));
            for (int k = 0; k < 3; k++)
                force = fmax(force, fabs(test_value(&two, "pivot_force", k, i) - test_value(&one, "pivot_force", k, i)));
        }
        /* both within the integration error (rtol 2e-9) of the same motion;
         * the reaction is a multiplier, outside IDA's error test: looser */
        CHECK_MSG(angle < 1e-7, "the continued run's angle differs from one run's by %.3g rad", angle);
        CHECK_MSG(force < 1e-4 * 9.81, "the continued run's reaction differs from one run's by %.3g N", force);
    }
    test_results_free(&two);
    test_results_free(&one);
}

static void assembly_only(mbs_model *m)
{
    m->n_analyses = 1;
}

TEST(assembly_alone_writes_one_consistent_row)
{
    const char *sets[] = {"dy=0.03", NULL};
    test_results r;
    CHECK(test_run_model("tests/physics/models/assembly_then_transient.xml", sets, assembly_only, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    CHECK(r.n_rows == 1);
    if (r.n_rows == 1) {
        CHECK(r.t[0] == 0.0);
        CHECK(test_value(&r, "violation", 0, 0) < 1e-12);
        /* the centre of mass is half a rod from the pivot, along the rod */
        double x = test_value(&r, "rod_position", 0, 0), y = test_value(&r, "rod_position", 1, 0);
        CHECK_NEAR(hypot(x, y), 0.5, 1e-12);
        CHECK_NEAR(atan2(y, x), test_value(&r, "angle", 0, 0), 1e-12);
        /* a mass-weighted least change of a rod pulled at its end turns it */
        CHECK(atan2(y, x) > 0.01);
    }
    test_results_free(&r);
}

TEST(assembly_then_transient_is_the_pendulum)
{
    test_results a, p;
    CHECK(test_run_model("tests/physics/models/assembly_then_transient.xml", NULL, NULL, &a) == 0);
    CHECK(test_run_model("models/pendulum.xml", NULL, NULL, &p) == 0);
    CHECK_MSG(a.status == MBS_OK, "run failed: %s", a.run.message);
    CHECK(a.n_rows == 401 && p.n_rows == 401);
    /* assembled at rest, exactly horizontal: the first row is the pendulum's start */
    CHECK(a.t[0] == 0.0);
    CHECK(test_value(&a, "violation", 0, 0) < 1e-12);
    CHECK_NEAR(test_value(&a, "angle", 0, 0), 0.0, 1e-14);
    for (int k = 0; k < 3; k++) {
        CHECK_NEAR(test_value(&a, "rod_velocity", k, 0), 0.0, 1e-14);
        CHECK_NEAR(test_value(&a, "rod_position", k, 0), test_value(&p, "rod_position", k, 0), 1e-14);
    }
    if (a.n_rows == p.n_rows) {
        double worst = 0;
        for (int i = 0; i < a.n_rows; i++)
            worst = fmax(worst, fabs(test_value(&a, "angle", 0, i) - test_value(&p, "angle", 0, i)));
        CHECK_MSG(worst < 1e-7, "differs from models/pendulum.xml by %.3g rad", worst);
    }
    test_results_free(&a);
    test_results_free(&p);
}

TEST(assembled_rod_swings_without_losing_energy)
{
    const char *sets[] = {"dy=0.03", NULL};
    test_results r;
    CHECK(test_run_model("tests/physics/models/assembly_then_transient.xml", sets, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    double e0 = test_value(&r, "energy", 0, 0), drift = 0, violation = 0;
    for (int i = 0; i < r.n_rows; i++) {
        drift = fmax(drift, fabs(test_value(&r, "energy", 0, i) - e0));
        violation = fmax(violation, test_value(&r, "violation", 0, i));
    }
    CHECK_MSG(drift / 4.905 < 1e-6, "relative energy drift %.3g", drift / 4.905);
    CHECK_MSG(violation < 1e-9, "constraint violation %.3g", violation);
    for (int k = 0; k < 3; k++)
        CHECK_NEAR(test_value(&r, "rod_velocity", k, 0), 0.0, 1e-14);
    test_results_free(&r);
}

TEST_SUITE(commands, T(second_transient_continues_the_first), T(assembly_alone_writes_one_consistent_row),
           T(assembly_then_transient_is_the_pendulum), T(assembled_rod_swings_without_losing_energy));
