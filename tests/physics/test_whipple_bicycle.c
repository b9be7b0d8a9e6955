/* The Whipple benchmark bicycle (models/whipple_bicycle.xml) against the
 * eigenvalues of its linearised equations published by Meijaard,
 * Papadopoulos, Ruina and Schwab, Proc. R. Soc. A 463 (2007), Table 2.
 *
 * Started upright and straight with a small roll rate, the lean sin(phi) of
 * the rear frame (entry a21 of its rotation matrix) is a sum of the four
 * lean-and-steer modes. Once the castor mode (-14 1/s at 5 m/s, -10 at 3
 * m/s) has died out, the lean from t = 1 s on is fitted by three modes
 * (Prony's method on samples 0.05 s apart): the weave pair and the capsize
 * (at 5 m/s) or the decaying real mode (at 3 m/s). The roll rate (1e-3
 * rad/s at 5 m/s, 1e-6 at 3 m/s) keeps the lean below 3e-3 rad, so the
 * motion is linear to about 1e-7; the fit agrees with Table 2 to 2e-6 and is
 * held to 1e-4 here (the specification asks for 1e-3). */
#include "../support/harness.h"
#include "../support/modes.h"
#include "../support/run_model.h"

#include <complex.h>
#include <math.h>

/* Table 2 of Meijaard et al. (2007) */
static const double WEAVE_RE_5 = -0.77534188219585, WEAVE_IM_5 = 4.46486771378823;
static const double CAPSIZE_5 = -0.32286642900409;
static const double WEAVE_RE_3 = 1.70675605663975, WEAVE_IM_3 = 2.31582447384325;

/* The lean's three modes from t = 1 s to t1, sorted by real part. */
static int lean_modes(const test_results *r, double t1, double complex rates[3])
{
    return series_modes(r, "rear_frame_axes", 7, 1.0, t1, 5, 3, rates);
}

/* Of a complex pair, the member with the positive imaginary part. */
static double complex upper(double complex a, double complex b)
{
    return cimag(a) > 0 ? a : b;
}

#define TOLERANCE 1e-4

/* Runs a model (with --set style overrides) that must complete. */
static void run_ok(const char *path, const char *const *sets, test_results *r)
{
    CHECK(test_run_model(path, sets, NULL, r) == 0);
    CHECK_MSG(r->status == MBS_OK, "%s: run failed: %s", path, r->run.message);
}

static double relative(double got, double want)
{
    return fabs(got - want) / fabs(want);
}

TEST(weave_and_capsize_at_5_m_per_s_match_table_2)
{
    test_results r;
    run_ok("models/whipple_bicycle.xml", NULL, &r);
    double complex rates[3];
    CHECK(lean_modes(&r, 6.0, rates) == 0);
    /* sorted by real part: the weave pair (-0.775), then the capsize (-0.323) */
    double complex weave = upper(rates[0], rates[1]), capsize = rates[2];
    CHECK_MSG(relative(creal(weave), WEAVE_RE_5) < TOLERANCE, "weave decay %.9g, Table 2 %.9g", creal(weave),
              WEAVE_RE_5);
    CHECK_MSG(relative(cimag(weave), WEAVE_IM_5) < TOLERANCE, "weave frequency %.9g, Table 2 %.9g", cimag(weave),
              WEAVE_IM_5);
    CHECK_NEAR(cimag(rates[0]), -cimag(rates[1]), 1e-9);
    CHECK_MSG(relative(creal(capsize), CAPSIZE_5) < TOLERANCE && fabs(cimag(capsize)) < 1e-9, "capsize %.9g%+.9gi, "
              "Table 2 %.9g", creal(capsize), cimag(capsize), CAPSIZE_5);
    /* the lean decays (self-stable speed), the bicycle keeps its energy and
     * its wheels on the road */
    double lean_max = 0, lean_end = fabs(test_value(&r, "rear_frame_axes", 7, r.n_rows - 1));
    double e0 = test_value(&r, "energy", 0, 0), drift = 0, violation = 0;
    for (int i = 0; i < r.n_rows; i++) {
        lean_max = fmax(lean_max, fabs(test_value(&r, "rear_frame_axes", 7, i)));
        drift = fmax(drift, fabs(test_value(&r, "energy", 0, i) - e0));
        violation = fmax(violation, test_value(&r, "violation", 0, i));
    }
    CHECK(lean_max > 1e-4 && lean_end < 0.2 * lean_max);
    CHECK_MSG(drift < 1e-8 * e0, "energy drift %.3g J of %.6g J", drift, e0);
    CHECK_MSG(violation < 1e-9, "constraint violation %.3g", violation);
    /* the wheels carry the weight of the 94 kg, the front wheel by the
     * balance of moments about the rear contact (the roll rate's
     * centrifugal load is 1e-7 of it) */
    double front = 9.81 * (85 * 0.3 + 4 * 0.9 + 3 * 1.02) / 1.02;
    CHECK_NEAR(test_value(&r, "rear_force", 2, 0) + test_value(&r, "front_force", 2, 0), 94 * 9.81, 1e-6 * 94 * 9.81);
    CHECK_NEAR(test_value(&r, "front_force", 2, 0), front, 1e-6 * front);
    test_results_free(&r);
}

TEST(weave_grows_at_3_m_per_s_at_the_rate_of_table_2)
{
    /* e^(1.707 t) from 1e-6 rad/s: the lean reaches 2e-3 rad at 5 s */
    static const char *const SETS[] = {"v=3", "phidot0=1e-6", NULL};
    test_results r;
    run_ok("models/whipple_bicycle.xml", SETS, &r);
    CHECK(fabs(test_value(&r, "rear_frame_axes", 7, r.n_rows - 1)) < 1e-2);
    double complex rates[3];
    CHECK(lean_modes(&r, 5.0, rates) == 0);
    /* the growing pair has the largest real part */
    double complex weave = upper(rates[1], rates[2]);
    CHECK_MSG(relative(creal(weave), WEAVE_RE_3) < TOLERANCE, "weave growth %.9g, Table 2 %.9g", creal(weave),
              WEAVE_RE_3);
    CHECK_MSG(relative(fabs(cimag(weave)), WEAVE_IM_3) < TOLERANCE, "weave frequency %.9g, Table 2 %.9g", cimag(weave),
              WEAVE_IM_3);
    CHECK_NEAR(creal(rates[1]), creal(rates[2]), 1e-9);
    test_results_free(&r);
}

TEST_SUITE(whipple_bicycle, T(weave_and_capsize_at_5_m_per_s_match_table_2),
           T(weave_grows_at_3_m_per_s_at_the_rate_of_table_2));
