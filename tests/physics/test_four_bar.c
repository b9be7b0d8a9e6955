/* The planar four-bar of revolute joints (models/four_bar.xml): in 3-D its
 * loop repeats 3 of the 20 joint equations. The run must detect them, leave
 * them out with a warning naming the joints, and go on: the rocker angle
 * follows the crank angle as the two-circle (loop-closure) solution,
 * energy is conserved, the joints hold. */
#include "../support/harness.h"
#include "../support/run_model.h"
#include "../support/series.h"

#include <math.h>
#include <string.h>

TEST(redundant_equations_are_reported_and_left_out)
{
    mbs_model *m = NULL;
    char first[512];
    CHECK(test_load_model("models/four_bar.xml", NULL, &m, first, sizeof first) == MBS_OK);
    if (!m)
        return;
    m->analyses[0].end_time = 0.1; /* the start is what matters here */
    mbs_diags d;
    mbs_diags_init(&d);
    mbs_run_result res;
    CHECK(mbs_simulate(m, NULL, NULL, &d, &res) == MBS_OK);
    CHECK(res.redundant_rows == 3);
    int warnings = 0, lost = 0;
    for (int i = 0; i < d.count; i++) {
        CHECK(d.items[i].severity != MBS_SEV_ERROR);
        if (d.items[i].severity == MBS_SEV_WARNING && strstr(d.items[i].message, "redundant")) {
            warnings++;
            CHECK(strstr(d.items[i].message, "Constraint_Joint") != NULL);
            int n = 0;
            if (sscanf(strstr(d.items[i].message, "): ") + 3, "%d of its 5", &n) == 1)
                lost += n;
        }
    }
    CHECK(warnings >= 1);
    CHECK(lost == 3);
    mbs_diags_free(&d);
    mbs_model_free(m);
}

/* The rocker's angle for crank angle phi: C is where the circles about
 * B = (cos phi, sin phi) (radius b) and D (radius c) meet, on the side that
 * holds at t = 0 (C left of the line B -> D). */
static double rocker_angle(double phi)
{
    const double dx = 4, b = sqrt(10.0), c = sqrt(5.0);
    double bx = cos(phi), by = sin(phi), ux = dx - bx, uy = -by, d = hypot(ux, uy);
    double a = (b * b - c * c + d * d) / (2 * d), h = sqrt(b * b - a * a);
    double cx = bx + a * ux / d - h * uy / d, cy = by + a * uy / d + h * ux / d;
    return atan2(cy, cx - dx);
}

TEST(rocker_follows_the_loop_closure_and_energy_is_conserved)
{
    CHECK_NEAR(rocker_angle(MBS_TEST_PI / 2), atan2(2.0, -1.0), 1e-14);
    test_results r;
    CHECK(test_run_model("models/four_bar.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    double closure = 0, drift = 0, kmax = 0, violation = 0, e0 = test_value(&r, "energy", 0, 0);
    for (int i = 0; i < r.n_rows; i++) {
        double psi = test_value(&r, "rocker_angle", 0, i);
        closure = fmax(closure, fabs(remainder(psi - rocker_angle(test_value(&r, "crank_angle", 0, i)), 2 * MBS_TEST_PI)));
        drift = fmax(drift, fabs(test_value(&r, "energy", 0, i) - e0));
        kmax = fmax(kmax, test_value(&r, "kinetic", 0, i));
        violation = fmax(violation, test_value(&r, "violation", 0, i));
    }
    CHECK_MSG(closure < 1e-8, "rocker off the loop closure by %.3g rad", closure);
    CHECK_MSG(drift / kmax < 1e-6, "relative energy drift %.3g", drift / kmax);
    CHECK_MSG(violation < 1e-9, "constraint violation %.3g", violation);
    /* thrown at 6 rad/s, the crank goes over the top more than twice */
    CHECK(test_value(&r, "crank_angle", 0, r.n_rows - 1) > 4 * MBS_TEST_PI);
    test_results_free(&r);
}

TEST_SUITE(four_bar, T(redundant_equations_are_reported_and_left_out),
           T(rocker_follows_the_loop_closure_and_energy_is_conserved));
