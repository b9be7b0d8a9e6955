/* The functions of the expression language against their definitions
 * (MotionSolve's and Adams' function references, written out again here
 * independently of src/expr/functions.c), and every derivative against the
 * definition's derivative or a central difference of the value. */
#include "../support/harness.h"
#include "../../src/expr/expr.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846

static const char *const VARS[] = {"t", "q"};

static mbs_expr *compile(const char *text)
{
    static const char *const names[] = {"k"};
    static const double values[] = {3.0};
    mbs_scope s = {names, values, 1, VARS, 2, NULL};
    char err[512];
    mbs_expr *e = mbs_expr_compile(text, &s, err, sizeof err);
    CHECK_MSG(e != NULL, "'%s': %s", text, err);
    return e;
}

/* Value of text at t (q = 0). */
static double at(const char *text, double t)
{
    mbs_expr *e = compile(text);
    if (!e)
        return NAN;
    double vars[2] = {t, 0.0};
    double v = mbs_expr_eval(e, vars);
    mbs_expr_free(e);
    return v;
}

/* d/dt of text at t, symbolically. */
static double rate(const char *text, double t)
{
    mbs_expr *e = compile(text);
    if (!e)
        return NAN;
    mbs_expr *d = mbs_expr_derivative(e, "t", NULL);
    CHECK_MSG(d != NULL, "no derivative of '%s'", text);
    double vars[2] = {t, 0.0}, v = d ? mbs_expr_eval(d, vars) : NAN;
    mbs_expr_free(d);
    mbs_expr_free(e);
    return v;
}

/* The symbolic derivative agrees with a central difference of the value. */
static void check_rate(const char *text, double t)
{
    double h = 1e-6 * fmax(1.0, fabs(t));
    double fd = (at(text, t + h) - at(text, t - h)) / (2 * h);
    double d = rate(text, t);
    CHECK_MSG(fabs(d - fd) <= 1e-6 * fmax(1.0, fabs(fd)), "d/dt %s at t = %g: %.12g, central difference %.12g", text,
              t, d, fd);
}

static double cubic(double x, double x0, double h0, double x1, double h1)
{
    if (x <= x0)
        return h0;
    if (x >= x1)
        return h1;
    double z = (x - x0) / (x1 - x0);
    return h0 + (h1 - h0) * z * z * (3 - 2 * z);
}

TEST(step_is_the_cubic_with_five_arguments_and_heaviside_with_one)
{
    for (double t = -0.5; t <= 2.5; t += 0.125)
        CHECK_NEAR(at("STEP(t, 0.5, -1, 2, 3)", t), cubic(t, 0.5, -1, 2, 3), 1e-14);
    CHECK_NEAR(at("step(t)", -0.1), 0.0, 0);
    CHECK_NEAR(at("step(t)", 0.0), 1.0, 0);
    CHECK_NEAR(at("Step(t)", 2.0), 1.0, 0);
    /* the cubic's slope: 6 (h1 - h0) z (1 - z) / (x1 - x0), zero at both ends */
    double z = (1.25 - 0.5) / 1.5;
    CHECK_NEAR(rate("STEP(t, 0.5, -1, 2, 3)", 1.25), 6 * 4 * z * (1 - z) / 1.5, 1e-12);
    CHECK_NEAR(rate("STEP(t, 0.5, -1, 2, 3)", 0.5), 0.0, 1e-14);
    CHECK_NEAR(rate("STEP(t, 0.5, -1, 2, 3)", 2.0), 0.0, 1e-14);
    CHECK_NEAR(rate("STEP(t, 0.5, -1, 2, 3)", 2.5), 0.0, 0);
    /* by the other arguments too */
    check_rate("STEP(1, t, 0, 2, 1)", 0.3);
    check_rate("STEP(1, 0, t, 2, 1)", 0.3);
    check_rate("STEP(1, 0, 0, t + 1.5, 1)", 0.3);
    check_rate("STEP(1, 0, 0, 2, t)", 0.3);
}

TEST(step5_is_the_quintic)
{
    for (double t = 0.0; t <= 1.0; t += 0.1) {
        double z = t, expect = 2 + (5 - 2) * z * z * z * (10 - 15 * z + 6 * z * z);
        CHECK_NEAR(at("STEP5(t, 0, 2, 1, 5)", t), expect, 1e-13);
        CHECK_NEAR(rate("STEP5(t, 0, 2, 1, 5)", t), 3 * 30 * z * z * (1 - z) * (1 - z), 1e-12);
    }
    check_rate("STEP5(t*t, 0.1, 2, 1, 5)", 0.6);
}

TEST(havsin_is_the_haversine_between_two_levels)
{
    for (double t = 1.0; t <= 4.0; t += 0.25) {
        double a = (0.0 + 1.0) / 2, b = (1.0 - 0.0) / 2, c = (t - 1.0) / (4.0 - 1.0);
        CHECK_NEAR(at("HAVSIN(TIME, 1., 0., 4., 1.)", t), a + b * sin(c * PI - PI / 2), 1e-14);
        CHECK_NEAR(rate("HAVSIN(TIME, 1., 0., 4., 1.)", t), b * cos(c * PI - PI / 2) * PI / 3.0, 1e-13);
    }
}

TEST(shf_is_the_simple_harmonic)
{
    /* a sin(w (x - x0) - phi) + b */
    for (double t = 0; t < 3; t += 0.37) {
        CHECK_NEAR(at("SHF(t, 0.2, 2, 3, 0.5, 1)", t), 2 * sin(3 * (t - 0.2) - 0.5) + 1, 1e-14);
        CHECK_NEAR(rate("SHF(t, 0.2, 2, 3, 0.5, 1)", t), 6 * cos(3 * (t - 0.2) - 0.5), 1e-13);
    }
    check_rate("SHF(1, 0.2, 2, t, 0.5, 1)", 1.7);
    check_rate("SHF(1, 0.2, t, 3, t, 1)", 1.7);
}

TEST(poly_cheby_and_fourier_series)
{
    double u = 1.7 - 0.5;
    CHECK_NEAR(at("POLY(t, 0.5, 1, -2, 3)", 1.7), 1 - 2 * u + 3 * u * u, 1e-13);
    CHECK_NEAR(rate("POLY(t, 0.5, 1, -2, 3)", 1.7), -2 + 6 * u, 1e-13);
    /* T0 = 1, T1 = u, T2 = 2u^2 - 1, T3 = 4u^3 - 3u */
    u = 0.3 - 0.1;
    CHECK_NEAR(at("CHEBY(t, 0.1, 1, 2, 3, 4)", 0.3), 1 + 2 * u + 3 * (2 * u * u - 1) + 4 * (4 * u * u * u - 3 * u),
               1e-13);
    CHECK_NEAR(rate("CHEBY(t, 0.1, 1, 2, 3, 4)", 0.3), 2 + 3 * 4 * u + 4 * (12 * u * u - 3), 1e-12);
    double w = 2.0, x = 0.7 - 0.2;
    CHECK_NEAR(at("FORCOS(t, 0.2, 2, 1, 0.5, 0.25)", 0.7), 1 + 0.5 * cos(w * x) + 0.25 * cos(2 * w * x), 1e-13);
    CHECK_NEAR(at("FORSIN(t, 0.2, 2, 1, 0.5, 0.25)", 0.7), 1 + 0.5 * sin(w * x) + 0.25 * sin(2 * w * x), 1e-13);
    check_rate("FORCOS(t, 0.2, 2, 1, 0.5, 0.25)", 0.7);
    check_rate("FORSIN(t, 0.2, 2, 1, 0.5, 0.25)", 0.7);
    check_rate("FORSIN(1, 0.2, t, 1, 0.5, 0.25)", 0.7);
    check_rate("POLY(1, t, 1, -2, 3, 0.5)", 0.7);
    check_rate("CHEBY(1, t, 1, -2, 3, 0.5)", 0.7);
}

/* IMPACT(x, v, x1, k, e, cmax, d) = max(0, k (x1 - x)^e - STEP(x, x1 - d, cmax, x1, 0) v) for x < x1 */
static double impact(double x, double v, double x1, double k, double e, double cmax, double d)
{
    if (x >= x1)
        return 0;
    double f = k * pow(x1 - x, e) - cubic(x, x1 - d, cmax, x1, 0) * v;
    return f > 0 ? f : 0;
}

TEST(impact_and_bistop_are_one_sided_contacts)
{
    static const double xs[] = {-0.3, 0.95, 0.99, 1.0, 1.2};
    for (int i = 0; i < 5; i++) {
        char text[128];
        snprintf(text, sizeof text, "IMPACT(%g + 0*t, -2 + t, 1, 1000, 1.5, 20, 0.05)", xs[i]);
        CHECK_NEAR(at(text, 0.5), impact(xs[i], -1.5, 1, 1000, 1.5, 20, 0.05), 1e-10);
        snprintf(text, sizeof text, "BISTOP(%g + 0*t, -2 + t, 0, 1, 1000, 1.5, 20, 0.05)", xs[i]);
        /* below x1 = 0 like IMPACT at x1; above x2 = 1 its mirror; 0 between */
        double expect = xs[i] < 0 ? impact(xs[i], -1.5, 0, 1000, 1.5, 20, 0.05)
                        : xs[i] > 1 ? -impact(2 - xs[i], 1.5, 1, 1000, 1.5, 20, 0.05)
                                    : 0.0;
        CHECK_NEAR(at(text, 0.5), expect, 1e-10);
    }
    check_rate("IMPACT(0.9 + 0.1*t, -1 + t, 1, 1000, 1.5, 20, 0.05)", 0.3);
    check_rate("BISTOP(1.1 + 0.1*t, 1 + t, 0, 1, 1000, 1.5, 20, 0.05)", 0.3);
}

TEST(intrinsics_of_fortran_and_if)
{
    CHECK_NEAR(at("MOD(t, 3)", 7.5), 1.5, 1e-15);
    CHECK_NEAR(at("MOD(t, 3)", -7.5), -1.5, 1e-15); /* Fortran: the sign of the first argument */
    CHECK_NEAR(at("SIGN(t, -2)", 3.0), -3.0, 0);
    CHECK_NEAR(at("SIGN(t, 2)", -3.0), 3.0, 0);
    CHECK_NEAR(at("DIM(t, 1)", 3.0), 2.0, 0);
    CHECK_NEAR(at("DIM(t, 1)", 0.5), 0.0, 0);
    CHECK_NEAR(at("MIN(t, 2, -1)", 0.5), -1.0, 0);
    CHECK_NEAR(at("MAX(t, 2)", 5.0), 5.0, 0);
    CHECK_NEAR(at("ATAN2(t, -1)", 1.0), atan2(1.0, -1.0), 1e-15);
    CHECK_NEAR(at("AINT(t)", -2.7), -2.0, 0);
    CHECK_NEAR(at("ANINT(t)", -2.7), -3.0, 0);
    CHECK_NEAR(at("LOG10(t)", 1000.0), 3.0, 1e-15);
    CHECK_NEAR(at("IF(t - 1: 10, 20, 30)", 0.5), 10.0, 0);
    CHECK_NEAR(at("IF(t - 1: 10, 20, 30)", 1.0), 20.0, 0);
    CHECK_NEAR(at("IF(t - 1: 10, 20, 30)", 1.5), 30.0, 0);
    CHECK_NEAR(at("if(t - 1, 10, 20, 30)", 1.5), 30.0, 0); /* a comma for the colon works too */
    CHECK_NEAR(rate("IF(t - 1: t*t, 0, 3*t)", 0.5), 1.0, 1e-15);
    CHECK_NEAR(rate("IF(t - 1: t*t, 0, 3*t)", 1.5), 3.0, 1e-15);
    CHECK_NEAR(rate("MAX(t*t, 2)", 3.0), 6.0, 1e-15);
    CHECK_NEAR(rate("MIN(t*t, 2)", 3.0), 0.0, 0);
    CHECK_NEAR(rate("MOD(2*t, 3)", 2.0), 2.0, 1e-15);
    CHECK_NEAR(rate("SIGN(t, -2)", 3.0), -1.0, 0);
    CHECK_NEAR(rate("DIM(t, 1)", 3.0), 1.0, 0);
    check_rate("ATAN2(t, 1 - t)", 0.3);
    check_rate("ATAN2(1 - t, t)", 0.3);
}

TEST(elementary_functions_and_their_derivatives)
{
    static const char *const texts[] = {
        "exp(2*t)", "log(t)", "log10(t)", "sqrt(t)", "sin(t)", "cos(t)", "tan(t)", "cot(t)", "sec(t)", "csc(t)",
        "asin(t/2)", "acos(t/2)", "atan(t)", "acot(t)", "asec(2*t)", "acsc(2*t)", "sinh(t)", "cosh(t)",
        "tanh(t)", "coth(t)", "sech(t)", "csch(t)", "asinh(t)", "acosh(2*t)", "atanh(t/2)", "acoth(2*t)",
        "asech(t/2)", "acsch(t)", "abs(t - 2)", "erf(t)", "t^3", "t**t", "2^t", "k/t", "(t + 1)*(t - 1)/(t*t)",
        "-t^2", "t^-2", "ABS(SIN(t))*t"};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        check_rate(texts[i], 0.7);
        check_rate(texts[i], 1.3);
    }
    /* a derivative of a derivative */
    mbs_expr *e = compile("sin(t)*t");
    mbs_expr *d1 = e ? mbs_expr_derivative(e, "t", NULL) : NULL;
    mbs_expr *d2 = d1 ? mbs_expr_derivative(d1, "t", NULL) : NULL;
    CHECK(d2 != NULL);
    if (d2) {
        double vars[2] = {0.9, 0};
        CHECK_NEAR(mbs_expr_eval(d2, vars), 2 * cos(0.9) - 0.9 * sin(0.9), 1e-14);
    }
    mbs_expr_free(d2);
    mbs_expr_free(d1);
    mbs_expr_free(e);
}

TEST(motionsolve_numbers_operators_and_constants)
{
    CHECK_NEAR(at("1.0D0", 0), 1.0, 0);
    CHECK_NEAR(at("2.5d-1 + 1D+2", 0), 100.25, 0);
    CHECK_NEAR(at("180D", 0), PI, 1e-15);   /* a D after a number: degrees */
    CHECK_NEAR(at("90d*2", 0), PI, 1e-15);
    CHECK_NEAR(at("2**3", 0), 8.0, 0);
    CHECK_NEAR(at("-2**2", 0), -4.0, 0);
    CHECK_NEAR(at("2**-1", 0), 0.5, 0);
    CHECK_NEAR(at("DTOR*180 - PI", 0), 0.0, 1e-15);
    CHECK_NEAR(at("RTOD*pi", 0), 180.0, 1e-12);
    CHECK_NEAR(at("TIME*2", 1.5), 3.0, 0);
    CHECK_NEAR(at("time + T + t", 1.0), 3.0, 0);
    CHECK_NEAR(at("K*2", 0), 6.0, 0);          /* the parameter k in another case */
    CHECK_NEAR(at("0.01*t+\n0.0001*t", 100), 1.01, 1e-14); /* spread over lines */
    char err[256];
    static const char *const texts[][2] = {
        {"2**3**2", "a^b^c is ambiguous"},
        {"IF(t: 1, 2)", "function 'IF' takes four arguments"},
        {"STEP(t, 1, 2)", "function 'STEP' takes 1 or 5 arguments"},
        {"sin(1: 2)", "':' separates only the condition of IF"},
        {"POLY(t)", "function 'POLY' takes 3 to 33 arguments"},
    };
    mbs_scope s = {NULL, NULL, 0, VARS, 1, NULL};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        mbs_expr *e = mbs_expr_compile(texts[i][0], &s, err, sizeof err);
        CHECK_MSG(!e && strstr(err, texts[i][1]), "'%s': %s", texts[i][0], e ? "(compiled)" : err);
        mbs_expr_free(e);
    }
    /* without run-time variables (values read at load time) */
    mbs_scope none = {NULL, NULL, 0, NULL, 0, NULL};
    mbs_expr *e = mbs_expr_compile("TIME + 1", &none, err, sizeof err);
    CHECK_MSG(!e && strstr(err, "TIME is not available here"), "%s", err);
    e = mbs_expr_compile("2*DX(1, 2)", &none, err, sizeof err);
    CHECK_MSG(!e && strstr(err, "DX reads the state of the model"), "%s", err);
}

/* ---- a model environment: run-time functions bound to slots ---- */

typedef struct fake_model {
    int n_calls;
} fake_model;

/* DX(i[, j]) with marker ids; VARVAL(id); ARYVAL(id, n) of an IC array
 * {5, 6, 7}; AKISPL(x, z, id[, iord]) of the curve y = x^3 (slot 10 + iord). */
static mbs_bind_result fake_bind(void *ctx, mbs_bind_call *c)
{
    fake_model *m = ctx;
    m->n_calls++;
    if (!strcmp(c->name, "DX")) {
        if (c->nargs < 1 || c->nargs > 3) {
            snprintf(c->err, c->errsize, "DX takes 1 to 3 marker ids");
            return MBS_BIND_ERROR;
        }
        for (int i = 0; i < c->nargs; i++)
            if (!c->is_const[i]) {
                snprintf(c->err, c->errsize, "DX: argument %d must be a marker id", i + 1);
                return MBS_BIND_ERROR;
            }
        c->slot = 1;
        return MBS_BIND_SLOT;
    }
    if (!strcmp(c->name, "ARYVAL") && c->nargs == 2 && c->is_const[1]) {
        static const double ic[] = {5, 6, 7};
        c->constant = ic[(int)c->value[1] - 1];
        return MBS_BIND_CONSTANT;
    }
    if (!strcmp(c->name, "AKISPL") && c->nargs >= 3) {
        c->slot = 10 + (c->nargs == 4 ? (int)c->value[3] : 0);
        return MBS_BIND_SLOT;
    }
    if (!strcmp(c->name, "MODE") && c->nargs == -1) {
        c->slot = 4;
        return MBS_BIND_SLOT;
    }
    return MBS_BIND_UNKNOWN;
}

static int fake_partial(void *ctx, int slot, int k)
{
    (void)ctx;
    return slot >= 10 && slot < 12 && k == 0 ? slot + 1 : -1;
}

static double fake_value(void *ctx, int slot, const double *args, int nargs)
{
    (void)ctx;
    (void)nargs;
    switch (slot) {
    case 1: return 100.0 + args[0];
    case 4: return 4.0;
    case 10: return args[0] * args[0] * args[0];
    case 11: return 3 * args[0] * args[0];
    case 12: return 6 * args[0];
    default: return NAN;
    }
}

TEST(run_time_functions_bind_through_the_environment)
{
    fake_model fm = {0};
    mbs_expr_env env = {&fm, fake_bind, fake_partial};
    mbs_scope s = {NULL, NULL, 0, VARS, 1, &env};
    char err[256];
    mbs_expr *e = mbs_expr_compile("dx(3) + ARYVAL(7, 2)*t + AKISPL(2*t, 0, 9) + MODE", &s, err, sizeof err);
    CHECK_MSG(e != NULL, "%s", err);
    if (!e)
        return;
    CHECK(mbs_expr_uses_slots(e));
    int slots[8];
    CHECK(mbs_expr_slots(e, slots, 8) == 3);
    double t = 0.5;
    CHECK_NEAR(mbs_expr_eval_with(e, &t, fake_value, NULL), 103.0 + 6 * 0.5 + 1.0 + 4.0, 1e-14);
    /* d/dt: DX and MODE count as constants, the spline's x = 2t gives 2 * 3x^2 */
    mbs_expr *d = mbs_expr_derivative(e, "t", &env);
    CHECK(d != NULL);
    if (d)
        CHECK_NEAR(mbs_expr_eval_with(d, &t, fake_value, NULL), 6.0 + 2 * 3 * 1.0, 1e-14);
    mbs_expr_free(d);
    /* without the environment the spline's partial is unknown */
    CHECK(mbs_expr_derivative(e, "t", NULL) == NULL);
    mbs_expr_free(e);
    e = mbs_expr_compile("DX(t)", &s, err, sizeof err);
    CHECK_MSG(!e && !strcmp(err, "DX: argument 1 must be a marker id"), "%s", err);
    mbs_expr_free(e);
    e = mbs_expr_compile("DY(1)", &s, err, sizeof err);
    CHECK_MSG(!e && strstr(err, "DY reads the state of the model"), "%s", err);
    mbs_expr_free(e);
}

TEST(evaluation_needs_no_allocation_and_nests)
{
    /* a deep but valid expression evaluates on the evaluator's own stack */
    char text[2000] = "";
    for (int i = 0; i < 99; i++)
        strcat(text, "(");
    strcat(text, "t");
    for (int i = 0; i < 99; i++)
        strcat(text, "+1)");
    CHECK_NEAR(at(text, 1.0), 100.0, 0);
    /* many arguments on the stack */
    CHECK_NEAR(at("POLY(t, 0, 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1)", 1.0), 31.0, 0);
    CHECK(mbs_expr_fuzz("STEP(TIME, 0, 0, 1, DX(1,2)) + VARVAL(3)**2", 44) == 0);
    CHECK(mbs_expr_fuzz("(((", 3) == 1);
}

TEST_SUITE(expr_functions, T(step_is_the_cubic_with_five_arguments_and_heaviside_with_one), T(step5_is_the_quintic),
           T(havsin_is_the_haversine_between_two_levels), T(shf_is_the_simple_harmonic),
           T(poly_cheby_and_fourier_series), T(impact_and_bistop_are_one_sided_contacts),
           T(intrinsics_of_fortran_and_if), T(elementary_functions_and_their_derivatives),
           T(motionsolve_numbers_operators_and_constants), T(run_time_functions_bind_through_the_environment),
           T(evaluation_needs_no_allocation_and_nests));
