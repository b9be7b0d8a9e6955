/* A uniform rod pivoted at one end, released from horizontal: the period is
 * 4 sqrt(L_eq/g) K(sin(theta0/2)), L_eq = 2L/3, theta0 = pi/2, with K the
 * complete elliptic integral of the first kind: 1.93333485437 s for L = 1 m,
 * g = 9.81 m/s^2. */
#include "../support/harness.h"
#include "../support/run_model.h"
#include "../support/series.h"

#include <math.h>

/* K(k) by the arithmetic-geometric mean: K = pi / (2 agm(1, sqrt(1 - k^2))). */
static double elliptic_k(double k)
{
    double a = 1.0, b = sqrt(1.0 - k * k);
    for (int i = 0; i < 40; i++) {
        double an = 0.5 * (a + b);
        b = sqrt(a * b);
        a = an;
    }
    return MBS_TEST_PI / (2.0 * a);
}

static void fine_output(mbs_model *m)
{
    m->analyses[0].print_interval = 1e-3;
}

TEST(period_matches_elliptic_integral)
{
    const double g = 9.81, L = 1.0;
    double expected = 4.0 * sqrt(2.0 * L / 3.0 / g) * elliptic_k(sin(MBS_TEST_PI / 4));
    CHECK_NEAR(expected, 1.93333485437, 1e-10);
    test_results r;
    CHECK(test_run_model("models/pendulum.xml", NULL, fine_output, &r) == 0);
    CHECK(r.status == MBS_OK);
    /* the rod passes the vertical (angle -pi/2) at T/4 and 3T/4 */
    double crossings[4];
    int n = series_crossings(&r, "angle", 0, -MBS_TEST_PI / 2, crossings, 4);
    CHECK(n >= 2);
    if (n >= 2)
        CHECK_NEAR(2.0 * (crossings[1] - crossings[0]), expected, 1e-6);
    test_results_free(&r);
}

TEST(energy_and_constraints_hold)
{
    test_results r;
    CHECK(test_run_model("models/pendulum.xml", NULL, fine_output, &r) == 0);
    CHECK(r.status == MBS_OK);
    double e0 = test_value(&r, "energy", 0, 0), worst_e = 0, worst_g = 0;
    for (int i = 0; i < r.n_rows; i++) {
        worst_e = fmax(worst_e, fabs(test_value(&r, "energy", 0, i) - e0));
        worst_g = fmax(worst_g, test_value(&r, "violation", 0, i));
    }
    /* energy scale m g L / 2 = 4.905 J */
    CHECK_MSG(worst_e / 4.905 < 1e-6, "relative energy drift %.3g", worst_e / 4.905);
    CHECK_MSG(worst_g < 1e-9, "constraint violation %.3g", worst_g);
    test_results_free(&r);
}

TEST(reaction_at_release_is_a_quarter_of_the_weight)
{
    /* at release the centre of mass accelerates at 3g/4 downwards */
    test_results r;
    CHECK(test_run_model("models/pendulum.xml", NULL, NULL, &r) == 0);
    CHECK_NEAR(test_value(&r, "pivot_force", 1, 0), 9.81 / 4, 1e-9);
    test_results_free(&r);
}

TEST_SUITE(pendulum, T(period_matches_elliptic_integral), T(energy_and_constraints_hold),
           T(reaction_at_release_is_a_quarter_of_the_weight));
