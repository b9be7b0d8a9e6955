/* Joint reaction sign conventions (tests/physics/models/reactions.xml):
 * Force and Torque are the load on the I body, at the I origin, in J's
 * axes (MotionSolve's FX(I,J,J) .. TZ). Static cases must hold their values
 * for the whole run; the released rod only at release. */
#include "../support/harness.h"
#include "../support/run_model.h"

#include <math.h>

static const double G = 9.81;

static void check_vector(const test_results *r, const char *sensor, const double expected[3], int rows, double tol)
{
    for (int i = 0; i < rows && i < r->n_rows; i++)
        for (int k = 0; k < 3; k++)
            CHECK_MSG(fabs(test_value(r, sensor, k, i) - expected[k]) <= tol, "%s[%d] at t = %g: %.12g, expected %.12g",
                      sensor, k, r->t[i], test_value(r, sensor, k, i), expected[k]);
}

TEST(reaction_is_the_load_on_i_at_i_in_j_axes)
{
    test_results r;
    CHECK(test_run_model("tests/physics/models/reactions.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    CHECK(r.n_rows == 3);
    const double m = 2, L = 0.5;
    /* cantilever: the support pushes up and holds the weight's moment
     * (0, m g L, 0) about the joint with (0, -m g L, 0); J's x is global y */
    const double kf[3] = {0, 0, m * G}, kt[3] = {-m * G * L, 0, 0};
    check_vector(&r, "K_force", kf, r.n_rows, 1e-9);
    check_vector(&r, "K_torque", kt, r.n_rows, 1e-9);
    /* I on the ground: the load on the ground, opposite */
    const double k2f[3] = {0, 0, -m * G}, k2t[3] = {m * G * L, 0, 0};
    check_vector(&r, "K2_force", k2f, r.n_rows, 1e-9);
    check_vector(&r, "K2_torque", k2t, r.n_rows, 1e-9);
    /* hanging at rest from a horizontal axis: global up is J's y */
    const double hf[3] = {0, 3 * G, 0}, zero[3] = {0, 0, 0};
    check_vector(&r, "H_force", hf, r.n_rows, 1e-9);
    check_vector(&r, "H_torque", zero, r.n_rows, 1e-9);
    /* released rod: m g / 4 up, which is -y_J */
    const double rf[3] = {0, -G / 4, 0};
    check_vector(&r, "R_force", rf, 1, 1e-9);
    check_vector(&r, "R_torque", zero, r.n_rows, 1e-9);
    /* once swinging the rod pulls outwards too: x_J (along the rod at release) */
    CHECK(test_value(&r, "R_force", 0, 2) < -1.0);
    test_results_free(&r);
}

TEST_SUITE(reactions, T(reaction_is_the_load_on_i_at_i_in_j_axes));
