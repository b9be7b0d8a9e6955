/* Linear analysis (Simulate analysis_type="LINEAR") against closed forms and
 * a published benchmark:
 *   - a block on a spring-damper: its eigenvalues, and the transfer
 *     functions of its state-space model (force in; height, acceleration,
 *     spring force out);
 *   - a base excitation through a motion that reads the input (VARVAL);
 *   - a pendulum at rest: omega = sqrt(g/L_eq), and its mode shape;
 *   - a parallelogram four-bar with redundant joint equations;
 *   - a spinning rotor: the gyroscopic splitting of its whirl frequencies,
 *     the same at any time of the spin (inertial-frame states);
 *   - the Whipple bicycle at 5 m/s against Meijaard et al. (2007), Table 2.
 * No test may find spurious zero eigenvalues: their counts are exact. */
#include "../support/harness.h"
#include "../support/run_model.h"
#include "../support/series.h"

#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const double G = 9.81;

/* Runs a model whose analyses include `want` Linear ones; checks it completed. */
static void run(const char *path, const char *const *sets, void (*adjust)(mbs_model *), int want, test_results *r)
{
    CHECK_MSG(test_run_model(path, sets, adjust, r) == 0, "%s: %s", path, r->errors);
    CHECK_MSG(r->status == MBS_OK, "%s: run failed: %s", path, r->run.message);
    CHECK_MSG(r->n_linear == want, "%s: %d linear analyses, expected %d", path, r->n_linear, want);
}

/* The eigenvalue of l nearest to z. */
static double complex nearest(const mbs_linear_result *l, double complex z)
{
    double complex best = NAN;
    for (int k = 0; k < l->n; k++) {
        double complex e = l->eig_re[k] + I * l->eig_im[k];
        if (isnan(creal(best)) || cabs(e - z) < cabs(best - z))
            best = e;
    }
    return best;
}

/* How many eigenvalues have |lambda| above `floor`. */
static int count_above(const mbs_linear_result *l, double floor)
{
    int n = 0;
    for (int k = 0; k < l->n; k++)
        n += hypot(l->eig_re[k], l->eig_im[k]) > floor;
    return n;
}

#define CHECK_EIGEN(l, want, tol) \
    do { \
        double complex want_ = (want), got_ = nearest((l), want_); \
        CHECK_MSG(cabs(got_ - want_) <= (tol), "eigenvalue %.15g%+.15gi, expected %.15g%+.15gi (off by %.3g)", \
                  creal(got_), cimag(got_), creal(want_), cimag(want_), cabs(got_ - want_)); \
    } while (0)

/* Output i's response to input j at s: (C (s I - A)^-1 B + D)_ij, by
 * Gaussian elimination on the (small) complex system. */
static double complex transfer(const mbs_linear_result *l, int i, int j, double complex s)
{
    int n = l->n;
    double complex *M = calloc((size_t)n * (n + 1) + 1, sizeof *M);
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++)
            M[r * (n + 1) + c] = (r == c ? s : 0) - l->A[r * n + c];
        M[r * (n + 1) + n] = l->B[r * l->n_inputs + j];
    }
    for (int c = 0; c < n; c++) {
        int p = c;
        for (int r = c + 1; r < n; r++)
            if (cabs(M[r * (n + 1) + c]) > cabs(M[p * (n + 1) + c]))
                p = r;
        for (int k = 0; k <= n; k++) {
            double complex t = M[c * (n + 1) + k];
            M[c * (n + 1) + k] = M[p * (n + 1) + k];
            M[p * (n + 1) + k] = t;
        }
        for (int r = 0; r < n; r++)
            if (r != c) {
                double complex f = M[r * (n + 1) + c] / M[c * (n + 1) + c];
                for (int k = c; k <= n; k++)
                    M[r * (n + 1) + k] -= f * M[c * (n + 1) + k];
            }
    }
    double complex y = l->D[i * l->n_inputs + j];
    for (int r = 0; r < n; r++)
        y += l->C[i * n + r] * M[r * (n + 1) + n] / M[r * (n + 1) + r];
    free(M);
    return y;
}

#define CHECK_TRANSFER(l, i, j, s, want, tol) \
    do { \
        double complex s_ = (s), want_ = (want), got_ = transfer((l), (i), (j), s_); \
        CHECK_MSG(cabs(got_ - want_) <= (tol) * cabs(want_), \
                  "output %d / input %d at s = %g%+gi: %.12g%+.12gi, expected %.12g%+.12gi", (i), (j), creal(s_), \
                  cimag(s_), creal(got_), cimag(got_), creal(want_), cimag(want_)); \
    } while (0)

static int state_index(const mbs_linear_result *l, const char *name)
{
    for (int k = 0; k < l->n; k++)
        if (strcmp(l->state_names[k], name) == 0)
            return k;
    return -1;
}

/* ---- the spring-damper ---- */

TEST(spring_damper_eigenvalues_are_the_closed_form_to_1e_10)
{
    test_results r;
    run("models/linear_spring_damper.xml", NULL, NULL, 1, &r);
    if (r.n_linear == 1) {
        const mbs_linear_result *l = &r.linear[0];
        double m = 2, k = 800, c = 4, w = sqrt(k / m), zeta = c / (2 * sqrt(k * m));
        double complex want = -zeta * w + I * w * sqrt(1 - zeta * zeta);
        CHECK(l->n == 2);
        CHECK_EIGEN(l, want, 1e-10 * cabs(want));
        CHECK_EIGEN(l, conj(want), 1e-10 * cabs(want));
        CHECK(l->has_eigen && count_above(l, 1.0) == 2);
        CHECK_NEAR(l->damping[0], zeta, 1e-10);
        CHECK_NEAR(l->frequency[0], w / (2 * MBS_TEST_PI), 1e-10);
        /* the states are the block's height and vertical speed */
        CHECK(state_index(l, "block.z") == 0 && state_index(l, "block.vz") == 1);
        CHECK(strcmp(l->state_units[0], "m") == 0 && strcmp(l->state_units[1], "m/s") == 0);
        CHECK_NEAR(l->t, 0.0, 0.0);
    }
    test_results_free(&r);
}

TEST(spring_damper_state_space_gives_its_transfer_functions)
{
    test_results r;
    run("models/linear_spring_damper.xml", NULL, NULL, 1, &r);
    if (r.n_linear == 1) {
        const mbs_linear_result *l = &r.linear[0];
        double m = 2, k = 800, c = 4;
        CHECK(l->n_inputs == 1 && l->n_outputs == 3);
        CHECK(strcmp(l->input_names[0], "push") == 0 && strcmp(l->output_names[2], "spring force") == 0);
        /* an output is an expression: its value is in the model's units, no unit named */
        CHECK(strcmp(l->output_units[0], "") == 0 && strcmp(l->output_units[2], "") == 0);
        static const double complex S[] = {0.0, 7.0 * I, 25.0 * I, -3.0 + 11.0 * I};
        for (size_t q = 0; q < sizeof S / sizeof S[0]; q++) {
            double complex s = S[q], den = m * s * s + c * s + k;
            CHECK_TRANSFER(l, 0, 0, s, 1.0 / den, 1e-9);
            if (s != 0.0) /* the acceleration's gain at rest is 0 */
                CHECK_TRANSFER(l, 1, 0, s, s * s / den, 1e-9);
            CHECK_TRANSFER(l, 2, 0, s, (c * s + k) / den, 1e-9);
        }
        /* the acceleration feeds the force through: D = 1/m */
        CHECK_NEAR(l->D[1], 1.0 / m, 1e-10);
        CHECK_NEAR(l->D[0], 0.0, 1e-12);
    }
    test_results_free(&r);
}

TEST(linear_results_are_in_the_models_units)
{
    test_results r;
    run("tests/physics/models/linear_units.xml", NULL, NULL, 1, &r);
    if (r.n_linear == 1) {
        const mbs_linear_result *l = &r.linear[0];
        double m = 2, k = 800, c = 4, w = sqrt(k / m), zeta = c / (2 * sqrt(k * m));
        double complex per_second = -zeta * w + I * w * sqrt(1 - zeta * zeta);
        CHECK(l->n == 2 && strcmp(l->state_units[0], "mm") == 0 && strcmp(l->state_units[1], "mm/ms") == 0);
        CHECK_EIGEN(l, per_second / 1000, 1e-10 * cabs(per_second) / 1000);
        CHECK_NEAR(l->A[1], 1.0, 1e-12);            /* d height/dt = speed, both in mm and ms */
        CHECK_NEAR(l->A[2], -k / m * 1e-6, 1e-15);  /* 1/ms^2 */
        /* static gain: 1/k per newton, in mm */
        CHECK_TRANSFER(l, 0, 0, 0.0, 1000.0 / k, 1e-9);
        CHECK(strcmp(l->output_units[0], "") == 0); /* DZ in the model's unit, mm */
    }
    test_results_free(&r);
}

TEST(a_motion_input_moves_the_base)
{
    test_results r;
    run("tests/physics/models/linear_base_motion.xml", NULL, NULL, 1, &r);
    if (r.n_linear == 1) {
        const mbs_linear_result *l = &r.linear[0];
        double m = 0.5, k = 200;
        CHECK(l->n == 2 && l->n_inputs == 1 && l->n_outputs == 2);
        CHECK_EIGEN(l, I * sqrt(k / m), 1e-10 * sqrt(k / m));
        static const double complex S[] = {0.0, 5.0 * I, 2.0 + 30.0 * I};
        for (size_t q = 0; q < sizeof S / sizeof S[0]; q++)
            CHECK_TRANSFER(l, 0, 0, S[q], k / (m * S[q] * S[q] + k), 1e-9);
        /* the base follows the input: all in D */
        CHECK_NEAR(l->D[1], 1.0, 1e-10);
        CHECK_NEAR(l->C[2], 0.0, 1e-10);
        CHECK_NEAR(l->C[3], 0.0, 1e-10);
    }
    test_results_free(&r);
}

/* ---- pendulum and four-bar ---- */

TEST(pendulum_at_rest_swings_at_sqrt_g_over_l_eq)
{
    test_results r;
    run("tests/physics/models/linear_pendulum.xml", NULL, NULL, 1, &r);
    if (r.n_linear == 1) {
        const mbs_linear_result *l = &r.linear[0];
        double L = 0.8, w = sqrt(G / (2 * L / 3));
        CHECK(l->n == 2);
        CHECK_EIGEN(l, I * w, 1e-10 * w);
        CHECK_EIGEN(l, -I * w, 1e-10 * w);
        CHECK(state_index(l, "rod.rz") == 0 && state_index(l, "rod.wz") == 1);
        /* the mode: the rod turns about the pivot, its centre moves sideways
         * by L/2 per radian (the largest component, the turn, is 1) */
        int x = -1, y = -1, rz = -1;
        for (int j = 0; j < l->n_motions; j++) {
            x = strcmp(l->motion_names[j], "rod.x") == 0 ? j : x;
            y = strcmp(l->motion_names[j], "rod.y") == 0 ? j : y;
            rz = strcmp(l->motion_names[j], "rod.rz") == 0 ? j : rz;
        }
        CHECK(x >= 0 && y >= 0 && rz >= 0 && strcmp(l->motion_units[x], "m") == 0);
        for (int k = 0; k < 2 && x >= 0 && rz >= 0 && y >= 0; k++) {
            const double *re = l->mode_re + (size_t)k * l->n_motions, *im = l->mode_im + (size_t)k * l->n_motions;
            CHECK_NEAR(re[rz], 1.0, 1e-12);
            CHECK_NEAR(im[rz], 0.0, 1e-12);
            CHECK_NEAR(re[x], L / 2, 1e-9);
            CHECK_NEAR(hypot(re[y], im[y]), 0.0, 1e-9);
        }
    }
    test_results_free(&r);
}

TEST(parallelogram_four_bar_with_redundant_joints_has_one_mode)
{
    test_results r;
    run("tests/physics/models/linear_four_bar.xml", NULL, NULL, 1, &r);
    CHECK(r.run.redundant_rows == 3);
    if (r.n_linear == 1) {
        const mbs_linear_result *l = &r.linear[0];
        double L = 0.5, m1 = 1, m2 = 2, mc = 3;
        double w = sqrt(G * (m1 / 2 + m2 / 2 + mc) / (L * (m1 / 3 + m2 / 3 + mc)));
        /* one degree of freedom: two states, no zero eigenvalues */
        CHECK_MSG(l->n == 2, "%d states", l->n);
        CHECK_EIGEN(l, I * w, 1e-9 * w);
        CHECK_EIGEN(l, -I * w, 1e-9 * w);
        CHECK(count_above(l, 1e-3) == l->n);
    }
    test_results_free(&r);
}

/* ---- gyroscopic splitting ---- */

TEST(spinning_rotor_whirls_at_the_gyroscopic_frequencies_at_any_time)
{
    test_results r;
    run("models/linear_rotor.xml", NULL, NULL, 2, &r);
    double Omega = 50, Ja = 0.2, Jt = 0.1, kappa = 1000 * 0.1 * 0.1;
    double root = sqrt(Ja * Ja * Omega * Omega + 4 * Jt * kappa);
    double forward = (Ja * Omega + root) / (2 * Jt), backward = (-Ja * Omega + root) / (2 * Jt);
    for (int a = 0; a < r.n_linear; a++) {
        const mbs_linear_result *l = &r.linear[a];
        /* three rotations, three angular rates: the tilts whirl, the spin is free */
        CHECK(l->n == 6);
        CHECK_EIGEN(l, I * forward, 1e-9 * forward);
        CHECK_EIGEN(l, -I * forward, 1e-9 * forward);
        CHECK_EIGEN(l, I * backward, 1e-9 * forward);
        CHECK_EIGEN(l, -I * backward, 1e-9 * forward);
        CHECK(count_above(l, 1e-6) == 4);
    }
    if (r.n_linear == 2)
        CHECK_NEAR(r.linear[1].t, 0.3, 1e-12);
    test_results_free(&r);
}

/* ---- the Whipple bicycle ---- */

/* Meijaard, Papadopoulos, Ruina, Schwab, Proc. R. Soc. A 463 (2007), Table 2, v = 5 m/s */
static const double WEAVE_RE = -0.77534188219585, WEAVE_IM = 4.46486771378823;
static const double CAPSIZE = -0.32286642900409, CASTER = -14.07838969279822;

static void linear_only(mbs_model *m)
{
    m->n_analyses = 1;
    m->analyses[0] = (mbs_analysis){MBS_ANALYSIS_LINEAR, 0.0, 0.0, 0};
}

static void rolling_then_linear(mbs_model *m)
{
    mbs_analysis *a = realloc(m->analyses, 2 * sizeof *a);
    if (!a)
        return;
    m->analyses = a;
    m->n_analyses = 2;
    a[0].end_time = 1.0;
    a[1] = (mbs_analysis){MBS_ANALYSIS_LINEAR, 1.0, 0.0, 0};
}

static void check_table_2(const mbs_linear_result *l, double tol)
{
    /* 7 coordinates and 3 speeds: the lean-and-steer modes, the rest zero
     * (position on the road, heading, the wheels' angles, the speed) */
    CHECK_MSG(l->n == 10, "%d states", l->n);
    CHECK_EIGEN(l, WEAVE_RE + I * WEAVE_IM, tol);
    CHECK_EIGEN(l, WEAVE_RE - I * WEAVE_IM, tol);
    CHECK_EIGEN(l, CAPSIZE, tol);
    CHECK_EIGEN(l, CASTER, tol);
    CHECK_MSG(count_above(l, 1e-4) == 4, "%d eigenvalues off zero", count_above(l, 1e-4));
}

TEST(whipple_bicycle_at_5_m_per_s_has_the_eigenvalues_of_table_2)
{
    static const char *const SETS[] = {"phidot0=0", NULL};
    test_results r;
    run("models/whipple_bicycle.xml", SETS, linear_only, 1, &r);
    if (r.n_linear == 1)
        check_table_2(&r.linear[0], 1e-6);
    test_results_free(&r);
}

TEST(whipple_bicycle_rolling_straight_for_a_second_keeps_them)
{
    /* the wheels have turned by 16 and 14 rad: the inertial-frame states
     * make the linearisation of the steady motion the same at any time */
    static const char *const SETS[] = {"phidot0=0", NULL};
    test_results r;
    run("models/whipple_bicycle.xml", SETS, rolling_then_linear, 1, &r);
    if (r.n_linear == 1) {
        check_table_2(&r.linear[0], 1e-6);
        CHECK_NEAR(r.linear[0].t, 1.0, 1e-12);
    }
    test_results_free(&r);
}

TEST_SUITE(linear, T(spring_damper_eigenvalues_are_the_closed_form_to_1e_10),
           T(spring_damper_state_space_gives_its_transfer_functions), T(linear_results_are_in_the_models_units),
           T(a_motion_input_moves_the_base),
           T(pendulum_at_rest_swings_at_sqrt_g_over_l_eq), T(parallelogram_four_bar_with_redundant_joints_has_one_mode),
           T(spinning_rotor_whirls_at_the_gyroscopic_frequencies_at_any_time),
           T(whipple_bicycle_at_5_m_per_s_has_the_eigenvalues_of_table_2),
           T(whipple_bicycle_rolling_straight_for_a_second_keeps_them));
