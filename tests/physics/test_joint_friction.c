/* Force_JointFriction (MotionSolve's LuGre joint friction) against truth:
 * the steady sliding (Stribeck) curve, presliding and sliding on an incline
 * against closed forms and an independent integration of the LuGre
 * equations, a rotor's spin-down against its quadrature and the energy
 * balance, each `inputs` term on each joint type against the reaction
 * loads, combined slip in cylindrical and spherical joints, units, statics. */
#include "../support/harness.h"
#include "../support/run_model.h"
#include "../support/series.h"
#include "../../src/solver/dae/friction_refresh.h"
#include "../../src/solver/dae/jacobian.h"
#include "../../src/solver/dae/residual.h"
#include "../../src/solver/dae/sundials_compat.h"

#include <nvector/nvector_serial.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>

#include <math.h>
#include <stdio.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#define G 9.81
#define PI 3.14159265358979323846

/* The canonical LuGre parameters the test models use (SI, per newton of
 * normal force) and the Stribeck curve. */
typedef struct lugre {
    double s0, s1, s2, mu_s, mu_d, v_s;
} lugre;

static const lugre CANONICAL = {1e5, 316, 0.4, 0.5, 0.3, 0.1};

static double stribeck(const lugre *l, double v)
{
    return l->mu_d + (l->mu_s - l->mu_d) * exp(-(v / l->v_s) * (v / l->v_s));
}

/* Steady sliding: mu = -(g(|v|) + sigma2 |v|) sign(v). */
static double steady_mu(const lugre *l, double v)
{
    double s = fabs(v);
    return -(stribeck(l, s) + l->s2 * s) * (v > 0 ? 1 : v < 0 ? -1 : 0);
}

/* dz/dt and mu of a scalar channel. */
static double lugre_rate(const lugre *l, double v, double z, double *mu)
{
    double zd = v - l->s0 * fabs(v) * z / stribeck(l, v);
    *mu = -(l->s0 * z + l->s1 * zd + l->s2 * v);
    return zd;
}

/* ---- an independent integration: classical RK4 on x' = f(x) ---- */

typedef void (*ode_fn)(const void *ctx, const double *x, double *xdot);

static void rk4(ode_fn f, const void *ctx, double *x, int n, double h, long steps)
{
    double k1[4], k2[4], k3[4], k4[4], tmp[4];
    for (long s = 0; s < steps; s++) {
        f(ctx, x, k1);
        for (int i = 0; i < n; i++)
            tmp[i] = x[i] + 0.5 * h * k1[i];
        f(ctx, tmp, k2);
        for (int i = 0; i < n; i++)
            tmp[i] = x[i] + 0.5 * h * k2[i];
        f(ctx, tmp, k3);
        for (int i = 0; i < n; i++)
            tmp[i] = x[i] + h * k3[i];
        f(ctx, tmp, k4);
        for (int i = 0; i < n; i++)
            x[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
    }
}

/* ---- a block on a slide ---- */

/* A block of mass m pulled by F (along the slide) with weight component
 * W, normal force N: x = (position, velocity, bristle). */
typedef struct block {
    lugre l;
    double m, F, N;
} block;

static void block_ode(const void *ctx, const double *x, double *xdot)
{
    const block *b = ctx;
    double mu, zd = lugre_rate(&b->l, x[1], x[2], &mu);
    xdot[0] = x[1];
    xdot[1] = (b->F + mu * b->N) / b->m;
    xdot[2] = zd;
}

/* Integrates the block by RK4 (step about h) up to each output time of r and
 * returns the largest difference in position and in bristle deflection. */
static double block_deviation(const test_results *r, const block *b, double h)
{
    double x[3] = {0, 0, 0}, t = 0, worst = 0;
    for (int i = 1; i < r->n_rows; i++) {
        long steps = lround((r->t[i] - t) / h);
        rk4(block_ode, b, x, 3, (r->t[i] - t) / (double)steps, steps);
        t = r->t[i];
        worst = fmax(worst, fabs(test_value(r, "x", 0, i) - x[0]));
        worst = fmax(worst, fabs(test_value(r, "bristle", 0, i) - x[2]));
    }
    return worst;
}

/* Steady sliding at speed v, over 0.1 v_s .. 100 v_s: the friction force is
 * N (g(v) + sigma2 v) against the motion (the Stribeck curve). */
TEST(steady_sliding_follows_the_stribeck_curve)
{
    const double speeds[] = {0.01, 0.03, 0.06, 0.1, 0.15, 0.3, 1, 3, 10};
    const double N = 10 * G;
    for (int i = 0; i < MBS_COUNT_OF(speeds); i++) {
        char set[64];
        snprintf(set, sizeof set, "v=%.17g", speeds[i]);
        const char *sets[] = {set, "t_end=0.05", NULL};
        test_results r;
        CHECK(test_run_model("tests/physics/models/jf_slider_driven.xml", sets, NULL, &r) == 0);
        CHECK_MSG(r.status == MBS_OK, "v = %g: %s", speeds[i], r.run.message);
        int last = r.n_rows - 1;
        double expected = -N * (stribeck(&CANONICAL, speeds[i]) + CANONICAL.s2 * speeds[i]);
        double f = test_value(&r, "friction", 2, last);
        CHECK_MSG(fabs(f - expected) <= 1e-4 * fabs(expected), "v = %g: friction %.10g, expected %.10g", speeds[i],
                  f, expected);
        CHECK_NEAR(test_value(&r, "normal", 0, last), N, 1e-6 * N);
        CHECK_NEAR(test_value(&r, "friction", 14, last), speeds[i], 1e-9); /* slip_trans_z */
        test_results_free(&r);
    }
}

/* A constant pull below breakaway: the block comes to rest with the bristle
 * deflected by exactly F / (sigma0 N); its displacement is larger (the
 * bristles slid while loading) and follows the LuGre equations integrated
 * independently. */
TEST(presliding_under_a_constant_pull)
{
    const double F = 30, N = 10 * G;
    const char *sets[] = {"F=30", "t_end=0.1", NULL};
    test_results r;
    CHECK(test_run_model("tests/physics/models/jf_slider.xml", sets, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "%s", r.run.message);
    int last = r.n_rows - 1;
    double z_rest = F / (CANONICAL.s0 * N);
    CHECK_NEAR(test_value(&r, "bristle", 0, last), z_rest, 1e-7 * z_rest);
    CHECK(fabs(test_value(&r, "xdot", 0, last)) < 1e-9);
    double x_rest = test_value(&r, "x", 0, last);
    CHECK_MSG(x_rest > 1.2 * z_rest, "displacement %g not beyond the deflection %g", x_rest, z_rest);
    /* the same equations by RK4, step 1e-7 s */
    block b = {CANONICAL, 10, F, N};
    double worst = block_deviation(&r, &b, 1e-7);
    CHECK_MSG(worst < 1e-5 * x_rest, "off the independent integration by %g (x_rest %g)", worst, x_rest);
    test_results_free(&r);
}

/* On an incline with tan(alpha) < mu_s the block is held: released with
 * relaxed bristles it slides a few bristle deflections (as the independent
 * integration does) and stays there, the friction balancing the weight. */
TEST(block_held_on_a_shallow_incline)
{
    double m = 10, alpha = atan(0.45);
    char set[64];
    snprintf(set, sizeof set, "alpha=%.17g", alpha);
    const char *sets[] = {set, "t_end=0.2", NULL};
    test_results r;
    CHECK(test_run_model("tests/physics/models/jf_slider.xml", sets, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "%s", r.run.message);
    double z_max = CANONICAL.mu_s / CANONICAL.s0;
    CHECK(series_max_deviation(&r, "x", 0, 0.0) < 5 * z_max);
    int last = r.n_rows - 1;
    CHECK(fabs(test_value(&r, "xdot", 0, last)) < 1e-9);
    CHECK(fabs(test_value(&r, "x", 0, last) - test_value(&r, "x", 0, last - 20)) < 1e-12); /* no creep */
    block b = {CANONICAL, m, m * G * sin(alpha), m * G * cos(alpha)};
    double worst = block_deviation(&r, &b, 1e-7);
    /* to 1e-5 of the largest deflection, or the run's atol (1e-10 m), which
     * holds each displacement no closer (in joint coordinates, where the
     * slide is the coordinate, 6.6e-11 m off at the model's tolerance and
     * 5e-14 m at rtol 1e-10, atol 1e-13) */
    CHECK_MSG(worst < fmax(1e-5 * z_max, 1e-10), "off the independent integration by %g", worst);
    /* at rest the friction balances the weight's component along the slide */
    CHECK_NEAR(test_value(&r, "friction", 2, last), -m * G * sin(alpha), 1e-7 * m * G);
    CHECK_NEAR(test_value(&r, "bristle", 0, last), tan(alpha) / CANONICAL.s0, 1e-7 * z_max);
    test_results_free(&r);
}

/* Above tan(alpha) = mu_s it slides: acceleration g (sin alpha - cos alpha
 * (g(v) + sigma2 v)), which tends to g (sin alpha - mu_d cos alpha) minus
 * the viscous part once v >> v_s; and it follows the independent integration. */
TEST(block_slides_down_a_steep_incline)
{
    double alpha = atan(0.8), m = 10, N = m * G * cos(alpha);
    char set[64];
    snprintf(set, sizeof set, "alpha=%.17g", alpha);
    const char *sets[] = {set, "t_end=1", NULL};
    test_results r;
    CHECK(test_run_model("tests/physics/models/jf_slider.xml", sets, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "%s", r.run.message);
    int last = r.n_rows - 1;
    double v = test_value(&r, "xdot", 0, last);
    double a_expected = G * (sin(alpha) - cos(alpha) * (stribeck(&CANONICAL, v) + CANONICAL.s2 * v));
    CHECK(v > 10 * CANONICAL.v_s);
    CHECK_NEAR(test_value(&r, "acceleration", 0, last), a_expected, 1e-6 * G);
    CHECK_NEAR(a_expected, G * (sin(alpha) - cos(alpha) * (CANONICAL.mu_d + CANONICAL.s2 * v)), 1e-9 * G);
    block b = {CANONICAL, m, m * G * sin(alpha), N};
    double x[3] = {0, 0, 0};
    rk4(block_ode, &b, x, 3, 1e-6, 1000000);
    CHECK_NEAR(test_value(&r, "x", 0, last), x[0], 1e-6 * x[0]);
    CHECK_NEAR(v, x[1], 1e-6 * x[1]);
    test_results_free(&r);
}

/* ---- a rotor spinning down ---- */

typedef struct rotor {
    lugre l;
    double J, rp, N;
} rotor;

/* x = (w, z_pin) */
static void rotor_ode(const void *ctx, const double *x, double *xdot)
{
    const rotor *ro = ctx;
    double mu, zd = lugre_rate(&ro->l, ro->rp * x[0], x[1], &mu);
    xdot[0] = ro->rp * mu * ro->N / ro->J;
    xdot[1] = zd;
}

/* The largest difference of the run's "w" from RK4 on rotor_ode (steps of
 * 1 us) from w0 and a relaxed bristle. */
static double rotor_off_rk4(const test_results *r, const rotor *ro, double w0)
{
    double x[2] = {w0, 0}, t = 0, worst = 0;
    for (int i = 1; i < r->n_rows; i++) {
        long steps = lround((r->t[i] - t) / 1e-6);
        rk4(rotor_ode, ro, x, 2, (r->t[i] - t) / (double)steps, steps);
        t = r->t[i];
        worst = fmax(worst, fabs(test_value(r, "w", 0, i) - x[0]));
    }
    return worst;
}

/* Time the steady-sliding law takes from w0 down to w1:
 * integral of J dw / (r_p N (g(r_p w) + sigma2 r_p w)), by Simpson's rule. */
static double spin_down_time(const rotor *ro, double w0, double w1)
{
    int n = 200000;
    double h = (w0 - w1) / n, sum = 0;
    for (int i = 0; i <= n; i++) {
        double w = w1 + i * h, v = ro->rp * w;
        double f = ro->J / (ro->rp * ro->N * (stribeck(&ro->l, v) + ro->l.s2 * v));
        sum += f * (i == 0 || i == n ? 1 : i % 2 ? 4 : 2);
    }
    return sum * h / 3;
}

TEST(rotor_spins_down_by_the_pin_friction)
{
    test_results r;
    CHECK(test_run_model("tests/physics/models/jf_rotor.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "%s", r.run.message);
    lugre l = CANONICAL;
    l.v_s = 0.01;
    rotor ro = {l, 0.02, 0.01, 2 * G};
    /* friction torque = r_p mu N, with the steady mu while sliding fast */
    int i1 = 500; /* t = 1 s */
    double w = test_value(&r, "w", 0, i1);
    CHECK_NEAR(test_value(&r, "normal", 0, i1), ro.N, 1e-8 * ro.N);
    CHECK_NEAR(test_value(&r, "normal", 1, i1), 0.0, 1e-8 * ro.N);
    CHECK_NEAR(test_value(&r, "friction", 5, i1), ro.rp * steady_mu(&l, ro.rp * w) * ro.N, 1e-7);
    CHECK_NEAR(test_value(&r, "friction", 11, i1), steady_mu(&l, ro.rp * w), 1e-7);
    /* the time to slow down to w1 = 3 rad/s (r_p w1 = 3 v_s: below, the
     * bristle's lag behind the Stribeck curve makes the steady law inexact) */
    const double w1 = 3.0;
    double t1 = NAN;
    for (int i = 1; i < r.n_rows && isnan(t1); i++) {
        double a = test_value(&r, "w", 0, i - 1), b = test_value(&r, "w", 0, i);
        if (a > w1 && b <= w1)
            t1 = r.t[i - 1] + (r.t[i] - r.t[i - 1]) * (a - w1) / (a - b);
    }
    /* from t = 0.1 s: the first microseconds, while the bristle deflects,
     * add the damping term sigma1 dz/dt, which the steady law leaves out */
    int i0 = 50;
    double t1_expected = r.t[i0] + spin_down_time(&ro, test_value(&r, "w", 0, i0), w1);
    CHECK_MSG(fabs(t1 - t1_expected) < 1e-5 * t1_expected, "slowed to %g rad/s at %.9g s, expected %.9g s", w1, t1,
              t1_expected);
    /* the whole motion, stop and presliding included, against RK4 */
    double worst = rotor_off_rk4(&r, &ro, 20);
    CHECK_MSG(worst < 1e-5, "angular velocity off the independent integration by %g rad/s", worst);
    /* it came to rest, and the energy lost is the work of the friction torque */
    int last = r.n_rows - 1;
    CHECK(fabs(test_value(&r, "w", 0, last)) < 0.01);
    double e0 = test_value(&r, "total", 0, 0), balance = 0;
    for (int i = 0; i < r.n_rows; i++)
        balance = fmax(balance, fabs(test_value(&r, "total", 0, i) + test_value(&r, "dissipated", 0, i) - e0));
    CHECK_MSG(balance < 1e-6 * e0, "energy balance off by %g of %g", balance, e0);
    double work = 0; /* trapezoidal integral of the friction power, after the start */
    for (int i = i0 + 1; i < r.n_rows; i++)
        work += 0.5 * (r.t[i] - r.t[i - 1]) * (test_value(&r, "power", 0, i) + test_value(&r, "power", 0, i - 1));
    CHECK_NEAR(test_value(&r, "dissipated", 0, last) - test_value(&r, "dissipated", 0, i0), -work, 1e-5 * e0);
    test_results_free(&r);
}


/* ---- each `inputs` character on each joint type ---- */

/* Runs `path` with text replacements (pairs, NULL-terminated; each must
 * occur) written to a temporary copy. */
static int run_variant(const char *path, const char *const *replace, const char *const *sets, test_results *r)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    static char text[1 << 16], out[1 << 16];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    for (int k = 0; replace && replace[k]; k += 2) {
        char *at = strstr(text, replace[k]);
        if (!at)
            return -1;
        size_t before = (size_t)(at - text);
        snprintf(out, sizeof out, "%.*s%s%s", (int)before, text, replace[k + 1], at + strlen(replace[k]));
        memcpy(text, out, strlen(out) + 1);
    }
    char tmp[] = "/tmp/mbsim_jf_XXXXXX";
    int fd = mkstemp(tmp);
    if (fd < 0)
        return -1;
    FILE *w = fdopen(fd, "w");
    fputs(text, w);
    fclose(w);
    int rc = test_run_model(tmp, sets, NULL, r);
    remove(tmp);
    return rc;
}

static const char *const VARIANTS[] = {"1000", "0100", "0010", "0001", "1111"};

/* The character k of an inputs string, as 0 or 1. */
static double bit(const char *inputs, int k)
{
    return inputs[k] == '1' ? 1.0 : 0.0;
}

static int run_inputs(const char *path, const char *inputs, const char *const *more, const char *const *sets,
                      test_results *r)
{
    char value[32];
    snprintf(value, sizeof value, "inputs=\"%s\"", inputs);
    const char *replace[8] = {"inputs=\"1111\"", value, NULL};
    for (int k = 0; more && more[k] && k < 4; k++)
        replace[2 + k] = more[k];
    int rc = run_variant(path, replace, sets, r);
    if (rc == 0 && r->status != MBS_OK)
        test_fail(__FILE__, __LINE__, "inputs %s: %s", inputs, r->run.message);
    return rc;
}

/* REVOLUTE: pin N = [P] T_pre/(mu_s r_p) + [F] |F_xy| + [B] |T_xy|/r_b, caps
 * N = [F] |F_z|; torque r_p mu(r_p w) N_pin + r_n mu(r_n w) N_caps. */
TEST(revolute_inputs_each_switch_their_term)
{
    const double rp = 0.02, rn = 0.03, rb = 0.05, w = 5, h = 0.2;
    for (int v = 0; v < MBS_COUNT_OF(VARIANTS); v++) {
        const char *in = VARIANTS[v];
        test_results r;
        CHECK(run_inputs("tests/physics/models/jf_inputs_revolute.xml", in, NULL, NULL, &r) == 0);
        int last = r.n_rows - 1;
        double pin = bit(in, 0) * 0.4 / (0.5 * rp) + bit(in, 1) * 18 + bit(in, 2) * 18 * h / rb;
        double caps = bit(in, 1) * 24;
        CHECK_MSG(fabs(test_value(&r, "normal", 0, last) - pin) < 1e-7 * (1 + pin), "inputs %s: pin N %.12g, expected %g",
                  in, test_value(&r, "normal", 0, last), pin);
        CHECK_MSG(fabs(test_value(&r, "normal", 1, last) - caps) < 1e-7 * (1 + caps),
                  "inputs %s: caps N %.12g, expected %g", in, test_value(&r, "normal", 1, last), caps);
        double torque = rp * steady_mu(&CANONICAL, rp * w) * pin + rn * steady_mu(&CANONICAL, rn * w) * caps;
        CHECK_MSG(fabs(test_value(&r, "friction", 5, last) - torque) < 1e-6 * (1e-3 + fabs(torque)),
                  "inputs %s: friction torque %.12g, expected %.12g", in, test_value(&r, "friction", 5, last), torque);
        test_results_free(&r);
    }
}

/* TRANSLATIONAL: N = [P] F_pre/mu_s + [F] |F_xy| + [B] |T_xy|/x_s + [M] |T_z|/r;
 * x_s = overlap0 + travel (INCREASE), overlap0 - travel (DECREASE), overlap0. */
TEST(translational_inputs_each_switch_their_term)
{
    const double v = 0.3, x0 = 0.08;
    const struct {
        const char *delta;
        double sign;
    } overlaps[] = {{"INCREASE", 1}, {"DECREASE", -1}, {"CONSTANT", 0}};
    for (int o = 0; o < MBS_COUNT_OF(overlaps); o++)
        for (int k = 0; k < MBS_COUNT_OF(VARIANTS); k++) {
            const char *in = VARIANTS[k];
            char delta[64];
            snprintf(delta, sizeof delta, "overlap_delta=\"%s\"", overlaps[o].delta);
            const char *more[] = {"overlap_delta=\"INCREASE\"", delta, NULL};
            test_results r;
            CHECK(run_inputs("tests/physics/models/jf_inputs_translational.xml", in, more, NULL, &r) == 0);
            int last = r.n_rows - 1;
            double travel = test_value(&r, "travel", 0, last);
            CHECK_NEAR(travel, v * r.t[last], 1e-9);
            double xs = x0 + overlaps[o].sign * travel;
            double N = bit(in, 0) * 3 / 0.5 + bit(in, 1) * 20 + bit(in, 2) * 2 / xs + bit(in, 3) * 1 / 0.04;
            CHECK_MSG(fabs(test_value(&r, "normal", 0, last) - N) < 1e-7 * (1 + N), "inputs %s %s: N %.12g, expected %g",
                      in, overlaps[o].delta, test_value(&r, "normal", 0, last), N);
            double force = steady_mu(&CANONICAL, v) * N;
            CHECK_MSG(fabs(test_value(&r, "friction", 2, last) - force) < 1e-6 * (1e-3 + fabs(force)),
                      "inputs %s: friction %.12g, expected %.12g", in, test_value(&r, "friction", 2, last), force);
            test_results_free(&r);
        }
}

/* CYLINDRICAL, driven along and about the axis: N = [P] (F_pre/mu_s +
 * T_pre/(mu_s r_p)) + [F] |F_xy| + [B] |T_xy|/x_s (no torsion term); the
 * friction (T_z / r_p, F_z) opposes the combined slip (r_p w, v) with
 * magnitude N (g(s) + sigma2 s), s = |(r_p w, v)|. */
TEST(cylindrical_inputs_and_combined_slip)
{
    const double rp = 0.025, v = 0.3, w = 8, slip[2] = {rp * w, v};
    double s = hypot(slip[0], slip[1]), mag = stribeck(&CANONICAL, s) + CANONICAL.s2 * s;
    for (int k = 0; k < MBS_COUNT_OF(VARIANTS); k++) {
        const char *in = VARIANTS[k];
        test_results r;
        CHECK(run_inputs("tests/physics/models/jf_inputs_cylindrical.xml", in, NULL, NULL, &r) == 0);
        int last = r.n_rows - 1;
        double N = bit(in, 0) * (3 / 0.5 + 0.05 / (0.5 * rp)) + bit(in, 1) * 20 + bit(in, 2) * 2 / 0.08;
        CHECK_MSG(fabs(test_value(&r, "normal", 0, last) - N) < 1e-7 * (1 + N), "inputs %s: N %.12g, expected %g", in,
                  test_value(&r, "normal", 0, last), N);
        double circumferential = test_value(&r, "friction", 5, last) / rp, axial = test_value(&r, "friction", 2, last);
        CHECK_MSG(fabs(circumferential + N * mag * slip[0] / s) < 1e-6 * (1e-3 + N) &&
                      fabs(axial + N * mag * slip[1] / s) < 1e-6 * (1e-3 + N),
                  "inputs %s: friction (%.12g, %.12g), expected (%.12g, %.12g)", in, circumferential, axial,
                  -N * mag * slip[0] / s, -N * mag * slip[1] / s);
        test_results_free(&r);
    }
}

/* SPHERICAL: N = [P] T_pre/(mu_s r_b) + [F] |F| (bending and torsion do not
 * apply); the friction torque opposes the spin w (perpendicular to the load)
 * with magnitude r_b N (g(s) + sigma2 s), s = r_b |w|: quasi-steady, as the
 * heavy ball slows (the bristle lags the Stribeck curve by about 1e-5). */
TEST(spherical_inputs_and_combined_slip)
{
    const double rb = 0.02;
    for (int k = 0; k < MBS_COUNT_OF(VARIANTS); k++) {
        const char *in = VARIANTS[k];
        test_results r;
        CHECK(run_inputs("tests/physics/models/jf_inputs_spherical.xml", in, NULL, NULL, &r) == 0);
        int last = r.n_rows - 1;
        double N = bit(in, 0) * 0.2 / (0.5 * rb) + bit(in, 1) * 50;
        CHECK_MSG(fabs(test_value(&r, "normal", 0, last) - N) < 1e-7 * (1 + N), "inputs %s: N %.12g, expected %g", in,
                  test_value(&r, "normal", 0, last), N);
        double w[3], wn = 0;
        for (int i = 0; i < 3; i++) {
            w[i] = test_value(&r, "spin", i, last);
            wn += w[i] * w[i];
        }
        wn = sqrt(wn);
        double s = rb * wn, mag = rb * N * (stribeck(&CANONICAL, s) + CANONICAL.s2 * s);
        for (int i = 0; i < 3; i++)
            CHECK_MSG(fabs(test_value(&r, "friction", 3 + i, last) + mag * w[i] / wn) < 1e-4 * (1e-3 + mag),
                      "inputs %s: torque %d %.12g, expected %.12g", in, i, test_value(&r, "friction", 3 + i, last),
                      -mag * w[i] / wn);
        test_results_free(&r);
    }
}

/* UNIVERSAL, each yoke: as a revolute about the yoke's axis. I yoke: radial
 * load m g, bending m g h, no axial load; J yoke: radial m h w^2 (the centre of
 * mass circles the axis), axial m g, bending m g h. */
TEST(universal_inputs_on_either_yoke)
{
    const double rp = 0.02, rn = 0.03, rb = 0.05, m = 5, g = 10, h = 0.1;
    for (int yoke = 0; yoke < 2; yoke++)
        for (int k = 0; k < MBS_COUNT_OF(VARIANTS); k++) {
            const char *in = VARIANTS[k];
            const char *more[] = {"I_YOKE", yoke ? "J_YOKE" : "I_YOKE", NULL};
            const char *sets_i[] = {"wx=5", "wy=0", NULL}, *sets_j[] = {"wx=0", "wy=5", NULL};
            test_results r;
            CHECK(run_inputs("tests/physics/models/jf_inputs_universal.xml", in, more, yoke ? sets_j : sets_i, &r) == 0);
            int last = r.n_rows - 1;
            double w = test_value(&r, "spin", yoke ? 1 : 0, last);
            /* J yoke: the centre of mass circles the axis, slowing down:
             * centripetal m h w^2 and tangential m h dw/dt, dw/dt from the
             * friction torque and the inertia about the axis */
            double torque_now = test_value(&r, "friction", yoke ? 5 : 4, last);
            double wdot = torque_now / (10 + m * h * h);
            double radial = yoke ? m * h * hypot(w * w, wdot) : m * g, axial = yoke ? m * g : 0;
            double pin = bit(in, 0) * 0.4 / (0.5 * rp) + bit(in, 1) * radial + bit(in, 2) * m * g * h / rb;
            double caps = bit(in, 1) * axial;
            CHECK_MSG(fabs(test_value(&r, "normal", 0, last) - pin) < 1e-6 * (1 + pin),
                      "yoke %c inputs %s: pin N %.12g, expected %.12g", yoke ? 'J' : 'I', in,
                      test_value(&r, "normal", 0, last), pin);
            CHECK_MSG(fabs(test_value(&r, "normal", 1, last) - caps) < 1e-7 * (1 + caps),
                      "yoke %c inputs %s: caps N %.12g, expected %g", yoke ? 'J' : 'I', in,
                      test_value(&r, "normal", 1, last), caps);
            /* J's axes: x = global z, y = global x, z = global y; the yoke axis is y or z */
            double torque = rp * steady_mu(&CANONICAL, rp * w) * pin + rn * steady_mu(&CANONICAL, rn * w) * caps;
            CHECK_MSG(fabs(torque_now - torque) < 1e-4 * (1e-3 + fabs(torque)),
                      "yoke %c inputs %s: friction torque %.12g, expected %.12g", yoke ? 'J' : 'I', in, torque_now, torque);
            test_results_free(&r);
        }
}


/* ---- static equilibrium ---- */

/* A block on a 20 degree incline held by a spring and friction: the bristles
 * and the spring share the load, x = m g sin(alpha) / (k + sigma0 N); with
 * inactive="STATIC" the frictionless equilibrium x = m g sin(alpha) / k,
 * the same as without the friction element. A transient from the held
 * equilibrium stays there. */
TEST(static_equilibrium_held_by_friction)
{
    const double m = 10, k = 100, alpha = 20 * MBS_TEST_PI / 180;
    double N = m * G * cos(alpha), load = m * G * sin(alpha);
    test_results r;
    CHECK(test_run_model("tests/physics/models/jf_static_incline.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "%s", r.run.message);
    double x = load / (k + CANONICAL.s0 * N);
    CHECK_NEAR(test_value(&r, "x", 0, 0), x, 1e-8 * x); /* the normal force is smoothed by 1e-9 of the weight */
    CHECK_NEAR(test_value(&r, "bristle", 0, 0), x, 1e-8 * x);
    CHECK_NEAR(test_value(&r, "friction", 2, 0), -CANONICAL.s0 * x * N, 1e-8 * load);
    CHECK(series_max_deviation(&r, "x", 0, x) < 1e-8 * x);
    test_results_free(&r);

    const char *off[] = {"inputs=\"0100\"", "inputs=\"0100\" inactive=\"STATIC\"", NULL};
    CHECK(run_variant("tests/physics/models/jf_static_incline.xml", off, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "%s", r.run.message);
    CHECK_NEAR(test_value(&r, "x", 0, 0), load / k, 1e-9 * load / k);
    CHECK_NEAR(test_value(&r, "bristle", 0, 0), 0.0, 1e-15);
    double x_off = test_value(&r, "x", 0, 0);
    test_results_free(&r);

    /* the same model without the friction element (and its sensors) */
    const char *none[] = {"<Force_JointFriction", "<!-- Force_JointFriction", "stiction_trans_vel=\"0.1\"/>",
                          "stiction_trans_vel=\"0.1\"/> -->", "<Sensor id=\"1\"", "<!-- <Sensor id=\"1\"",
                          "<Sensor id=\"4\"", "--> <Sensor id=\"4\"", "<Simulate analysis_type=\"Transient\"",
                          "<!-- <Simulate analysis_type=\"Transient\"", "</Command>", "--> </Command>", NULL};
    CHECK(run_variant("tests/physics/models/jf_static_incline.xml", none, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "%s", r.run.message);
    CHECK_NEAR(test_value(&r, "x", 0, 0), x_off, 1e-12);
    test_results_free(&r);
}

/* inactive="STATIC" after a Transient: at rest, the bristles hold what the
 * spring does not, sigma0 z N = m g sin(alpha) - k x (- m a, what is left
 * of the motion); the Static finds the frictionless x = m g sin(alpha) / k, and its
 * row shows the friction off: no force, normal force or power, the block at
 * rest with no acceleration, the bristles where the Transient left them. */
TEST(friction_off_in_static_reports_no_load_there)
{
    const double m = 10, k = 100, alpha = 20 * MBS_TEST_PI / 180;
    double N = m * G * cos(alpha), load = m * G * sin(alpha);
    test_results r;
    CHECK(test_run_model("tests/physics/models/jf_inactive_static.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "%s", r.run.message);
    CHECK(r.n_rows == 12);
    if (r.n_rows != 12) {
        test_results_free(&r);
        return;
    }
    int held = 10, st = 11;
    /* what is left of the presliding oscillation at t = 1, within the
     * integrator's tolerance: m a (1e-5 m/s^2 in absolute coordinates,
     * where the friction's bristle rows are fresh at each Newton iterate) */
    double z = test_value(&r, "bristle", 0, held), x = test_value(&r, "x", 0, held);
    double inertia = m * test_value(&r, "acceleration", 0, held);
    CHECK_NEAR(CANONICAL.s0 * z * N, load - k * x - inertia, 1e-6 * load);
    CHECK_NEAR(test_value(&r, "friction", 2, held), -(load - k * x - inertia), 1e-6 * load);
    CHECK_NEAR(test_value(&r, "normal", 0, held), N, 1e-8 * N); /* smoothed by 1e-9 of the weight */
    CHECK(r.t[st] == r.t[held]);
    CHECK_NEAR(test_value(&r, "x", 0, st), load / k, 1e-9 * load / k);
    for (int c = 0; c < 6; c++)
        CHECK_MSG(test_value(&r, "friction", c, st) == 0.0, "friction load column %d: %g", c,
                  test_value(&r, "friction", c, st));
    CHECK(test_value(&r, "normal", 0, st) == 0.0);
    CHECK(test_value(&r, "power", 0, st) == 0.0);
    CHECK(test_value(&r, "bristle", 0, st) == test_value(&r, "bristle", 0, held));
    for (int c = 0; c < 3; c++)
        CHECK_NEAR(test_value(&r, "acceleration", c, st), 0.0, 1e-9 * G);
    test_results_free(&r);
}

/* A rotor turned by gravity against pin and end-cap friction: the end caps
 * (the longer arm) saturate at mu_s, the pin holds the rest:
 * z_caps = mu_s / sigma0, z_pin = (T - r_n mu_s N_caps) / (sigma0 N_pin r_p).
 * Beyond the capacity mu_s (r_p N_pin + r_n N_caps) the joint slips and the
 * analysis says so. */
TEST(static_friction_saturates_one_channel_then_slips)
{
    const double rp = 0.01, rn = 0.03, Np = 18, Nc = 24, T = 0.42;
    test_results r;
    CHECK(test_run_model("tests/physics/models/jf_static_rotor.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "%s", r.run.message);
    double zc = CANONICAL.mu_s / CANONICAL.s0, zp = (T - rn * CANONICAL.mu_s * Nc) / (CANONICAL.s0 * Np * rp);
    CHECK_NEAR(test_value(&r, "bristle", 1, 0), zc, 1e-12 * zc);
    CHECK_NEAR(test_value(&r, "bristle", 0, 0), zp, 1e-6 * zp);
    CHECK(CANONICAL.s0 * zp < CANONICAL.mu_s);
    CHECK_NEAR(test_value(&r, "friction", 5, 0), -T, 1e-6 * T);
    test_results_free(&r);

    const char *sets[] = {"offset=0.03", NULL}; /* 0.54 N m > 0.45 N m */
    CHECK(test_run_model("tests/physics/models/jf_static_rotor.xml", sets, NULL, &r) == 0);
    CHECK(r.status != MBS_OK);
    CHECK_MSG(strstr(r.run.message, "slips") && strstr(r.run.message, "label 'bearing'") &&
                  strstr(r.run.message, "label 'friction'"),
              "message: %s", r.run.message);
    test_results_free(&r);
}


/* ---- units ---- */

/* The revolute example in N-mm-s with MotionSolve's default bristle
 * parameters equals its SI twin with the parameters converted: the same
 * motion, the outputs scaled by their units. (At tight tolerances: at loose
 * ones the last bit of a converted tolerance can flip an error test, and the
 * step sequences part at the solver's accuracy.)
 */
static void tight_tolerances(mbs_model *m)
{
    m->settings.rtol = 1e-10;
    m->settings.atol = 1e-14;
}

TEST(millimetre_model_with_defaults_equals_its_si_twin)
{
    test_results mm, si;
    CHECK(test_run_model("models/joint_friction_revolute.xml", NULL, tight_tolerances, &mm) == 0);
    CHECK(test_run_model("tests/physics/models/jf_pendulum_si.xml", NULL, tight_tolerances, &si) == 0);
    CHECK_MSG(mm.status == MBS_OK && si.status == MBS_OK, "%s / %s", mm.run.message, si.run.message);
    CHECK(mm.n_rows == si.n_rows && mm.n_rows > 900);
    const struct {
        const char *sensor;
        int col;
        double mm_per_si;
    } cols[] = {{"angle", 0, 1},       {"rate", 0, 1},           {"friction", 5, 1e3}, {"bristle", 0, 1e3},
                {"bristle", 1, 1e3},   {"normal", 0, 1},         {"friction_power", 0, 1e3},
                {"dissipated", 0, 1e3}};
    for (int k = 0; k < MBS_COUNT_OF(cols); k++) {
        double worst = 0, scale = 0;
        for (int i = 0; i < mm.n_rows; i++) {
            double a = test_value(&mm, cols[k].sensor, cols[k].col, i);
            double b = cols[k].mm_per_si * test_value(&si, cols[k].sensor, cols[k].col, i);
            worst = fmax(worst, fabs(a - b));
            scale = fmax(scale, fabs(b));
        }
        CHECK_MSG(worst <= 1e-9 * scale, "%s column %d: mm and SI differ by %g (scale %g)", cols[k].sensor,
                  cols[k].col, worst, scale);
    }
    /* and it came to rest off the vertical, held by stiction */
    int last = mm.n_rows - 1;
    CHECK(fabs(test_value(&mm, "rate", 0, last)) < 1e-6);
    CHECK(fabs(test_value(&mm, "angle", 0, last) + MBS_TEST_PI / 2) > 0.01);
    test_results_free(&mm);
    test_results_free(&si);
}

/* The rotor of rotor_spins_down_by_the_pin_friction made light (J = 2e-5
 * kg m^2) on a large pin (r_p = 5 cm), in joint coordinates: the friction's
 * damping of the joint's rate (r_p^2 N sigma_1, 15 N m s) is then many
 * times c_j J, and the mass-matrix Newton must carry it (as an armature of
 * the articulated-body factors, with the bristles folded in: joint_newton.c
 * fold_local_groups). Without it Newton failed at every other step (1.1
 * million steps for this second, against 442). Checked against the
 * independent integration of the same LuGre equations, the energy balance,
 * and the steps against the absolute formulation's (402). */
TEST(light_rotor_on_a_large_pin_in_joint_coordinates)
{
    static const char *const light[] = {"inertia_zz=\"0.02\"", "inertia_zz=\"2e-5\"",
                                        "pin_radius=\"0.01\"", "pin_radius=\"0.05\"",
                                        "<Param_Transient rtol=\"1e-8\" atol=\"1e-10\"/>",
                                        "<Param_Transient rtol=\"1e-8\" atol=\"1e-10\" formulation=\"JOINT\"/>",
                                        NULL};
    static const char *const sets[] = {"w0=2", "t_end=1", "dt=0.01", NULL};
    test_results r;
    CHECK(run_variant("tests/physics/models/jf_rotor.xml", light, sets, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "%s", r.run.message);
    CHECK(r.run.joint_coords > 0 && r.run.linear_solver == MBS_LS_TREE);
    CHECK_MSG(r.run.stats.steps < 1000 && r.run.stats.nonlinear_convergence_failures < r.run.stats.steps / 20,
              "%ld steps, %ld convergence failures", r.run.stats.steps, r.run.stats.nonlinear_convergence_failures);
    /* its Newton matrices from the friction's slopes at the residual IDA
     * has just evaluated: no residual of their own (local_slopes) */
    CHECK_MSG(r.run.stats.residual_evals == r.run.stats.nonlinear_iterations,
              "%ld residuals for %ld Newton iterations and %ld matrices", r.run.stats.residual_evals,
              r.run.stats.nonlinear_iterations, r.run.stats.jacobian_evals);
    lugre l = CANONICAL;
    l.v_s = 0.01;
    rotor ro = {l, 2e-5, 0.05, 2 * G};
    double worst = rotor_off_rk4(&r, &ro, 2);
    CHECK_MSG(worst < 1e-6, "angular velocity off the independent integration by %g rad/s", worst);
    double e0 = test_value(&r, "total", 0, 0), balance = 0;
    for (int i = 0; i < r.n_rows; i++)
        balance = fmax(balance, fabs(test_value(&r, "total", 0, i) + test_value(&r, "dissipated", 0, i) - e0));
    CHECK_MSG(balance < 1e-6 * e0, "energy balance off by %g of %g", balance, e0);
    test_results_free(&r);
}

/* Friction a command switched off leaves nothing in the Newton matrix:
 * its states are frozen (their residuals read their rates only). A light
 * rotor with its mass 1 mm off the axis swings from the horizontal, its
 * friction (whose damping would be many times c_j J) off: with the
 * friction's slopes in the matrix all the same, IDA took 1.2 million steps
 * for the second, half of them failing Newton's convergence test. The
 * swing itself: no energy lost, and the rate at the bottom
 * sqrt(2 m g d / (J + m d^2)) (sampled every millisecond: within 1e-3). */
TEST(friction_switched_off_leaves_the_newton_matrix)
{
    test_results r;
    CHECK(test_run_model("tests/physics/models/jf_light_pendulum.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "%s", r.run.message);
    CHECK(r.run.joint_coords == 1 && r.run.linear_solver == MBS_LS_TREE);
    CHECK_MSG(r.run.stats.steps < 5000 && r.run.stats.nonlinear_convergence_failures * 20 <= r.run.stats.steps,
              "%ld steps, %ld convergence failures", r.run.stats.steps, r.run.stats.nonlinear_convergence_failures);
    const double m = 2.0, g = 9.81, d = 1e-3, J = 2e-5 + m * d * d, mgd = m * g * d;
    double e0 = test_value(&r, "total", 0, 0), drift = 0.0, lost = 0.0, w_max = 0.0;
    for (int i = 0; i < r.n_rows; i++) {
        drift = fmax(drift, fabs(test_value(&r, "total", 0, i) - e0));
        lost = fmax(lost, fabs(test_value(&r, "dissipated", 0, i)));
        w_max = fmax(w_max, fabs(test_value(&r, "w", 0, i)));
    }
    CHECK_MSG(drift < 1e-6 * mgd && lost == 0.0, "energy drift %.3g J, dissipated %.3g J", drift, lost);
    CHECK_MSG(fabs(w_max / sqrt(2.0 * mgd / J) - 1.0) < 1e-3, "largest rate %.6g rad/s, closed form %.6g", w_max,
              sqrt(2.0 * mgd / J));
    test_results_free(&r);
}

/* The same swing with the friction switched on at t = 1 s, the rotor at
 * 40 rad/s on its 5 cm pin and the bristles relaxed: sigma1 dz/dt gives mu
 * of several hundred, and the friction raises its own normal force through
 * the rotor's acceleration faster than it slows the rotor, so there are no
 * consistent accelerations (docs/joint-friction.md). The run stops there,
 * keeps the first second's rows and names the joint and its friction. */
TEST(friction_switched_on_while_sliding_fast_names_itself)
{
    static const char *const later[] = {
        "<Simulate analysis_type=\"Transient\" end_time=\"1\" print_interval=\"0.001\"/>",
        "<Simulate analysis_type=\"Transient\" end_time=\"1\" print_interval=\"0.001\"/>\n"
        "<Activate element_type=\"FRICTION\" element_id=\"1\"/>\n"
        "<Simulate analysis_type=\"Transient\" end_time=\"2\" print_interval=\"0.001\"/>",
        NULL};
    test_results r;
    CHECK(run_variant("tests/physics/models/jf_light_pendulum.xml", later, NULL, &r) == 0);
    CHECK(r.status != MBS_OK);
    CHECK_MSG(strstr(r.run.message, "consistent accelerations at t = 1") &&
                  strstr(r.run.message, "Constraint_Joint 1 (label 'bearing'), read by Force_JointFriction 1"),
              "%s", r.run.message);
    CHECK_MSG(r.n_rows == 1001 && fabs(test_value(&r, "dissipated", 0, r.n_rows - 1)) == 0.0, "%d rows", r.n_rows);
    test_results_free(&r);
}

/* The same rotor held by its friction for half a second, then the friction
 * switched off: a switched-off element is not evaluated, and where the
 * joint formulation added the torque it had recorded instead of projecting
 * the loads again, the last one held the rotor on (it stayed at rest). Now
 * it swings from the horizontal as the frictionless pendulum does: no
 * energy gained or lost after the switch, and the rate at the bottom
 * sqrt(2 m g d / (J + m d^2)) within 1e-3. */
TEST(friction_switched_off_while_sticking_releases_the_rotor)
{
    static const char *const later[] = {
        "<Deactivate element_type=\"FRICTION\" element_id=\"1\"/>\n"
        "    <Simulate analysis_type=\"Transient\" end_time=\"1\" print_interval=\"0.001\"/>",
        "<Simulate analysis_type=\"Transient\" end_time=\"0.5\" print_interval=\"0.001\"/>\n"
        "<Deactivate element_type=\"FRICTION\" element_id=\"1\"/>\n"
        "<Simulate analysis_type=\"Transient\" end_time=\"1.5\" print_interval=\"0.001\"/>",
        NULL};
    test_results r;
    CHECK(run_variant("tests/physics/models/jf_light_pendulum.xml", later, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "%s", r.run.message);
    CHECK(r.run.joint_coords == 1 && r.run.linear_solver == MBS_LS_TREE);
    const double m = 2.0, g = 9.81, d = 1e-3, J = 2e-5 + m * d * d, mgd = m * g * d;
    double e0 = 0.0, lost0 = 0.0, drift = 0.0, w_max = 0.0;
    int started = 0;
    for (int i = 0; i < r.n_rows; i++) {
        if (r.t[i] < 0.5)
            continue;
        double e = test_value(&r, "total", 0, i) + test_value(&r, "dissipated", 0, i);
        if (!started) {
            e0 = e;
            lost0 = test_value(&r, "dissipated", 0, i);
            started = 1;
        }
        drift = fmax(drift, fabs(e - e0));
        w_max = fmax(w_max, fabs(test_value(&r, "w", 0, i)));
    }
    CHECK_MSG(started && drift < 1e-6 * mgd, "energy drift %.3g J after the switch", drift);
    CHECK_MSG(test_value(&r, "dissipated", 0, r.n_rows - 1) == lost0, "dissipated after the switch");
    CHECK_MSG(fabs(w_max / sqrt(2.0 * mgd / J) - 1.0) < 1e-3, "largest rate %.6g rad/s, closed form %.6g", w_max,
              sqrt(2.0 * mgd / J));
    test_results_free(&r);
}

/* ---- lubricated friction's fresh bristle rows (absolute coordinates) ---- */

/* A Coulomb-damped oscillator of natural frequency omega released from rest
 * at x0, its friction force mu N = k delta against the motion: in each half
 * period it swings about +-delta (the side it started from) and comes to
 * rest 2 delta closer to 0, until it rests within delta, where the spring
 * cannot overcome the friction. x at t. */
static double coulomb_oscillator(double x0, double delta, double omega, double t)
{
    double half = PI / omega, x = x0;
    long n = (long)floor(t / half);
    for (long i = 0; i < n && fabs(x) > delta; i++)
        x = -(x - copysign(2.0 * delta, x));
    if (fabs(x) <= delta)
        return x;
    double centre = copysign(delta, x);
    return centre + (x - centre) * cos(omega * (t - (double)n * half));
}

/* Lubricated LuGre friction (mu 0.01, no bristle damping, no viscous term,
 * sigma0 1e5 per metre) on a joint whose slip reverses each half period of
 * a 1 Hz spring (16 reversals in 8 s), in absolute coordinates:
 * - at rtol 1e-8 against the Coulomb-damped oscillator: where it comes to
 *   rest (the rows at each half period) within 2e-6 of x0 (the rtol
 *   1e-6 run's integration error there is 4e-5 to 9e-5 of x0), and every
 *   row within 1e-3 of x0: the presliding at each reversal (the bristles
 *   take up 2 mu / sigma0 = 2e-7 m of slip before the friction turns over)
 *   lags the motion by a time the closed form leaves out, the same at
 *   rtol 1e-8 and 1e-10 (6.5e-4 and 7.2e-4 of x0 on these two models);
 * - at rtol 1e-6, Newton's convergence test may fail on at most one step
 *   in 20: the bristle rows of the Newton matrix are taken from the slopes
 *   each residual records (friction_refresh.c), where a differenced
 *   matrix's relaxation rate sigma0 |v| / mu (up to 6e6 per second) and
 *   slip slopes went stale at every reversal. */
static void lubricated_oscillator(const char *path, const char *sensor, double x0, double delta)
{
    test_results r, fine;
    const char *tight[] = {"rtol=1e-8", NULL};
    CHECK(test_run_model(path, NULL, test_in_absolute_coordinates, &r) == 0);
    CHECK(test_run_model(path, tight, test_in_absolute_coordinates, &fine) == 0);
    CHECK_MSG(r.status == MBS_OK && fine.status == MBS_OK, "runs failed: %s / %s", r.run.message, fine.run.message);
    CHECK(r.run.joint_coords <= 0 && fine.n_rows == 801);
    double at_rest = 0.0, anywhere = 0.0;
    for (int i = 0; i < fine.n_rows; i++) {
        double off = fabs(test_value(&fine, sensor, 0, i) - coulomb_oscillator(x0, delta, 2 * PI, fine.t[i]));
        anywhere = fmax(anywhere, off);
        if (i % 50 == 0) /* every 0.5 s, a half period */
            at_rest = fmax(at_rest, off);
    }
    CHECK_MSG(at_rest < 2e-6 * x0, "at rest %.3g off the Coulomb-damped oscillator (amplitude %.3g)", at_rest, x0);
    CHECK_MSG(anywhere < 1e-3 * x0, "%.3g off the Coulomb-damped oscillator (amplitude %.3g)", anywhere, x0);
    const mbs_integrator_stats *st = &r.run.stats;
    CHECK_MSG(st->nonlinear_convergence_failures * 20 <= st->steps, "%ld convergence failures in %ld steps",
              st->nonlinear_convergence_failures, st->steps);
    test_results_free(&r);
    test_results_free(&fine);
}

/* A block on a TRANSLATIONAL joint, N = m g from the reaction: the
 * friction force mu m g decelerates it at mu g, delta = mu m g / k. The
 * friction's slip slopes (along the slide, at the block) replace the
 * differenced bristle row: 41 convergence failures in 1311 steps, with
 * the differenced row 228 in 1856. */
TEST(lubricated_slider_oscillates_down_with_fresh_bristle_rows)
{
    double k = 4 * PI * PI, mu = 0.01, m = 1.0;
    lubricated_oscillator("tests/physics/models/jf_lubricated_slider.xml", "x", 0.1, mu * m * G / k);
}

/* A rotor on a SPHERICAL joint turning about z, the friction torque r_b N
 * mu = T_pre (a preload only): delta = T_pre / k. Three slips (r_b times
 * the relative angular velocity in J's axes), their slopes and the
 * projection across the reaction's direction: 47 convergence failures in
 * 1497 steps, with the differenced rows 189 in 1983. */
TEST(lubricated_ball_joint_oscillates_down_with_fresh_bristle_rows)
{
    double k = 4 * PI * PI, T_pre = 0.2;
    lubricated_oscillator("tests/physics/models/jf_lubricated_ball.xml", "theta", 0.5, T_pre / k);
}

/* ---- the bristles eliminated from the Newton matrix ---- */

/* In place, the inverse of the n x n matrix a (rows of n); 0, or -1 if
 * singular. Gauss-Jordan with partial pivoting. */
static int invert(double *a, int n)
{
    int *perm = malloc((size_t)n * sizeof *perm);
    double *inv = calloc((size_t)n * (size_t)n, sizeof *inv);
    int ok = perm && inv;
    for (int i = 0; ok && i < n; i++)
        inv[i * n + i] = 1.0;
    for (int c = 0; ok && c < n; c++) {
        int piv = c;
        for (int r = c + 1; r < n; r++)
            if (fabs(a[r * n + c]) > fabs(a[piv * n + c]))
                piv = r;
        if (a[piv * n + c] == 0.0) {
            ok = 0;
            break;
        }
        for (int k = 0; k < n; k++) {
            double t = a[c * n + k];
            a[c * n + k] = a[piv * n + k];
            a[piv * n + k] = t;
            t = inv[c * n + k];
            inv[c * n + k] = inv[piv * n + k];
            inv[piv * n + k] = t;
        }
        double d = a[c * n + c];
        for (int k = 0; k < n; k++) {
            a[c * n + k] /= d;
            inv[c * n + k] /= d;
        }
        for (int r = 0; r < n; r++)
            if (r != c) {
                double f = a[r * n + c];
                for (int k = 0; k < n; k++) {
                    a[r * n + k] -= f * a[c * n + k];
                    inv[r * n + k] -= f * inv[c * n + k];
                }
            }
    }
    if (ok)
        memcpy(a, inv, (size_t)n * (size_t)n * sizeof *a);
    free(perm);
    free(inv);
    return ok ? 0 : -1;
}

/* Joint friction's bristles are eliminated from the absolute formulation's
 * Newton matrix (sparsity.c, friction_refresh.c): the matrix differenced
 * without them and given their diagonal and their term on the bodies' block
 * from the recorded slopes must be the Schur complement of the matrix
 * differenced with them, S = A_xx - A_xz A_zz^-1 A_zx, on the rows and
 * columns of the bodies' velocities (the bristle rows' dependence on the
 * bodies' orientation, A_zq, is left out of the fold: the ball joint's slip
 * is in J's axes, so its columns of positions are not compared), and
 * their diagonal A_zz's; everywhere else the two matrices agree. At a state
 * of random velocities (times `slow`), bristles and multipliers (the
 * normal forces from the reactions): sliding, where the bristles' term is
 * a damping N g / |v|, and near sticking (slips of 1e-5 m/s), where it is
 * the presliding stiffness over c_j and as large as c_j times the masses.
 * Within 1e-4 of the terms (the reference's own error: 2.6e-5 at most,
 * on the cylindrical joint near sticking; 6e-4 to 0.96 without the fold). */
static void check_elimination(const char *path, double slow)
{
    mbs_model *m = NULL;
    char err[512];
    CHECK_MSG(test_load_model(path, NULL, &m, err, sizeof err) == MBS_OK, "%s: %s", path, err);
    if (!m)
        return;
    int n = m->ny;
    SUNContext ctx = NULL;
    CHECK(mbs_sun_context_create(&ctx) == 0);
    mbs_data *d = mbs_data_create(m);
    char *eliminated = mbs_friction_refresh_eliminated(m);
    mbs_pattern *full = mbs_pattern_build(m, NULL, NULL), *elim = mbs_pattern_build(m, eliminated, NULL);
    N_Vector tmpl = N_VNew_Serial(n, ctx);
    SUNMatrix A = SUNDenseMatrix(n, n, ctx), B = SUNDenseMatrix(n, n, ctx), inner_matrix = SUNDenseMatrix(n, n, ctx);
    mbs_friction_refresh *f = NULL;
    SUNLinearSolver ls = mbs_friction_refresh_solver(SUNLinSol_Dense(tmpl, inner_matrix, ctx), m, d, elim, &f);
    double *y = calloc((size_t)n, sizeof *y), *yp = calloc((size_t)n, sizeof *yp), *r0 = calloc((size_t)n, sizeof *r0);
    mbs_jacobian jf, je;
    CHECK(mbs_jacobian_init(&jf, m, d, full) == 0 && mbs_jacobian_init(&je, m, d, elim) == 0);
    CHECK(d && eliminated && full && elim && tmpl && A && B && ls && y && yp && r0);
    srand(11);
    for (int j = 0; j < n; j++) {
        y[j] = 0.4 * (rand() / (double)RAND_MAX - 0.5);
        yp[j] = rand() / (double)RAND_MAX - 0.5;
    }
    for (int i = 0; i < m->n_bodies; i++)
        if (m->bodies[i].type == MBS_BODY_RIGID) {
            const mbs_body *b = &m->bodies[i];
            memcpy(y + b->q_ofs, b->r0, 3 * sizeof *y);
            memcpy(y + b->q_ofs + 3, b->p0, 4 * sizeof *y);
            for (int k = 0; k < b->nu; k++) /* near sticking, where the bristles' term is largest */
                y[b->u_ofs + k] *= slow;
        }
    int n_z = 0, *zs = malloc((size_t)n * sizeof *zs);
    for (int j = 0; j < n; j++)
        if (elim->analytic[j]) {
            y[j] = 1e-7 * (rand() / (double)RAND_MAX - 0.5); /* within the presliding deflection mu / sigma0 */
            zs[n_z++] = j;
        }
    CHECK(n_z > 0);
    double cj = 150.0, h = 0.005, t = 0.1;
    mbs_residual(m, d, t, y, yp, r0); /* the state's slopes, recorded */
    mbs_friction_refresh_matrix_begin(f, cj);
    /* increments of 1e-10 (or sqrt(eps) of the value): small against the
     * slips near sticking, where the law bends on the scale of |v| */
    double *ewt = malloc((size_t)n * sizeof *ewt);
    for (int j = 0; j < n; j++)
        ewt[j] = 1e10;
    CHECK(mbs_jacobian_eval(&je, t, cj, y, yp, r0, h, ewt, A) == 0);
    mbs_friction_refresh_matrix_end(f, A);
    CHECK(mbs_jacobian_eval(&jf, t, cj, y, yp, r0, h, ewt, B) == 0);
    free(ewt);
    /* the bristle rows on the velocities again, by central differences: a
     * one-sided difference's rounding there, amplified by the bristle
     * columns' sigma0 N / D, would be the reference's largest error */
    char *velocity = calloc((size_t)n, 1);
    for (int i = 0; i < m->n_bodies; i++)
        if (m->bodies[i].type != MBS_BODY_GROUND)
            memset(velocity + m->bodies[i].u_ofs, 1, (size_t)m->bodies[i].nu);
    double *rp = malloc((size_t)n * sizeof *rp), *rm = malloc((size_t)n * sizeof *rm);
    for (int c = 0; c < n; c++) {
        if (!velocity[c])
            continue;
        double yc = y[c], inc = 1e-3 * fmax(fabs(yc), 1e-5);
        y[c] = yc + inc;
        mbs_residual(m, d, t, y, yp, rp);
        y[c] = yc - inc;
        mbs_residual(m, d, t, y, yp, rm);
        y[c] = yc;
        for (int a = 0; a < n_z; a++)
            SUNDenseMatrix_Column(B, c)[zs[a]] = (rp[zs[a]] - rm[zs[a]]) / (2 * inc);
    }
    free(rp);
    free(rm);
    /* A_zz^-1 of the full matrix, and which variables are velocities */
    double *zz = malloc((size_t)n_z * (size_t)n_z * sizeof *zz);
    for (int a = 0; a < n_z; a++)
        for (int b = 0; b < n_z; b++)
            zz[a * n_z + b] = SUNDenseMatrix_Column(B, zs[b])[zs[a]];
    CHECK(invert(zz, n_z) == 0);
    double worst = 0.0, largest = 0.0;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            double a = SUNDenseMatrix_Column(A, c)[r], b = SUNDenseMatrix_Column(B, c)[r], fold = 0.0;
            if (elim->analytic[r] || elim->analytic[c]) {
                if (r == c)
                    worst = fmax(worst, fabs(a - b) / fabs(b));
                continue;
            }
            for (int p = 0; p < n_z; p++)
                for (int q = 0; q < n_z; q++)
                    fold += SUNDenseMatrix_Column(B, zs[p])[r] * zz[p * n_z + q] * SUNDenseMatrix_Column(B, c)[zs[q]];
            largest = fmax(largest, fabs(fold));
            if (velocity[c] || fold == 0.0) {
                double s = b - fold; /* the Schur complement */
                worst = fmax(worst, fabs(a - s) / (fabs(s) + fabs(fold) + 1e-6));
            }
        }
    CHECK_MSG(largest > 0.0, "%s: the bristles couple nothing", path);
    CHECK_MSG(worst < 1e-4, "%s (velocities times %g): the eliminated bristles' matrix off the Schur complement by %.3g",
              path, slow, worst);
    free(velocity);
    free(zz);
    free(zs);
    mbs_jacobian_free(&jf);
    mbs_jacobian_free(&je);
    free(y);
    free(yp);
    free(r0);
    SUNLinSolFree(ls);
    SUNMatDestroy(A);
    SUNMatDestroy(B);
    SUNMatDestroy(inner_matrix);
    N_VDestroy(tmpl);
    mbs_pattern_free(full);
    mbs_pattern_free(elim);
    free(eliminated);
    mbs_data_free(d);
    SUNContext_Free(&ctx);
    mbs_model_free(m);
}

TEST(eliminated_bristles_give_the_schur_complement)
{
    static const char *const models[] = {
        "tests/physics/models/jf_lubricated_slider.xml", "tests/physics/models/jf_lubricated_ball.xml",
        "tests/physics/models/jf_inputs_revolute.xml",   "tests/physics/models/jf_inputs_cylindrical.xml",
        "tests/physics/models/jf_inputs_universal.xml"};
    for (int i = 0; i < MBS_COUNT_OF(models); i++) {
        check_elimination(models[i], 1.0);
        check_elimination(models[i], 1e-4);
    }
}

TEST_SUITE(joint_friction, T(steady_sliding_follows_the_stribeck_curve), T(presliding_under_a_constant_pull),
           T(block_held_on_a_shallow_incline), T(block_slides_down_a_steep_incline),
           T(rotor_spins_down_by_the_pin_friction), T(revolute_inputs_each_switch_their_term),
           T(translational_inputs_each_switch_their_term), T(cylindrical_inputs_and_combined_slip),
           T(spherical_inputs_and_combined_slip), T(universal_inputs_on_either_yoke),
           T(static_equilibrium_held_by_friction), T(friction_off_in_static_reports_no_load_there),
           T(static_friction_saturates_one_channel_then_slips),
           T(millimetre_model_with_defaults_equals_its_si_twin), T(light_rotor_on_a_large_pin_in_joint_coordinates),
           T(friction_switched_off_leaves_the_newton_matrix),
           T(friction_switched_on_while_sliding_fast_names_itself),
           T(friction_switched_off_while_sticking_releases_the_rotor),
           T(lubricated_slider_oscillates_down_with_fresh_bristle_rows),
           T(lubricated_ball_joint_oscillates_down_with_fresh_bristle_rows),
           T(eliminated_bristles_give_the_schur_complement));
