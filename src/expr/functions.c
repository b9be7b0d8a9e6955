/* The intrinsic functions and constants of the expression language.
 *
 * Elementary functions of one argument are differentiated symbolically by
 * derive.c (so derivatives of derivatives exist); the others carry their
 * partial derivatives here, written out from their definitions:
 *
 *   STEP(x, x0, h0, x1, h1)  = h0 + (h1 - h0) z^2 (3 - 2z),      z = (x - x0)/(x1 - x0) clipped to [0, 1]
 *   STEP5(x, x0, h0, x1, h1) = h0 + (h1 - h0) z^3 (10 - 15z + 6z^2)
 *   HAVSIN(x, x0, h0, x1, h1) = h0 + (h1 - h0) (1 - cos(pi z)) / 2
 *   SHF(x, x0, a, w, phi, b) = a sin(w (x - x0) - phi) + b
 *   POLY(x, x0, a0, ..., an) = sum aj (x - x0)^j
 *   CHEBY(x, x0, a0, ..., an) = sum aj Tj(x - x0)       (Chebyshev polynomials of the first kind)
 *   FORCOS(x, x0, w, a0, ..., an) = a0 + sum_{j>=1} aj cos(j w (x - x0))
 *   FORSIN(x, x0, w, a0, ..., an) = a0 + sum_{j>=1} aj sin(j w (x - x0))
 *   IMPACT(x, v, x1, k, e, cmax, d) = max(0, k (x1 - x)^e - STEP(x, x1 - d, cmax, x1, 0) v) for x < x1, else 0
 *   BISTOP(x, v, x1, x2, k, e, cmax, d): IMPACT's law below x1, its mirror above x2, 0 between
 *   IF(a: b, c, d) = b if a < 0, c if a = 0, d if a > 0
 *   MOD(a, b) = a - b trunc(a/b);  SIGN(a, b) = |a| if b >= 0 else -|a| (Fortran);  DIM(a, b) = max(a - b, 0)
 *   MIN, MAX of two or more arguments; ATAN2(y, x); AINT = trunc; ANINT = round
 *   step(x) (one argument) = 0 for x < 0, else 1; delta and nandelta as libmatheval defined them.
 * Sources: the MotionSolve and Adams function references (docs/expressions.md). */
#include "expr_internal.h"
#include "../core/vec3.h"
#include "../core/strutil.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int name_is(const char *a, const char *name, size_t len)
{
    if (strlen(a) != len)
        return 0;
    for (size_t i = 0; i < len; i++)
        if (tolower((unsigned char)name[i]) != a[i])
            return 0;
    return 1;
}

/* ---- elementary functions of one argument ---- */

static double f_exp(const double *a, int n) { (void)n; return exp(a[0]); }
static double f_log(const double *a, int n) { (void)n; return log(a[0]); }
static double f_log10(const double *a, int n) { (void)n; return log10(a[0]); }
static double f_sqrt(const double *a, int n) { (void)n; return sqrt(a[0]); }
static double f_sin(const double *a, int n) { (void)n; return sin(a[0]); }
static double f_cos(const double *a, int n) { (void)n; return cos(a[0]); }
static double f_tan(const double *a, int n) { (void)n; return tan(a[0]); }
static double f_cot(const double *a, int n) { (void)n; return 1.0 / tan(a[0]); }
static double f_sec(const double *a, int n) { (void)n; return 1.0 / cos(a[0]); }
static double f_csc(const double *a, int n) { (void)n; return 1.0 / sin(a[0]); }
static double f_asin(const double *a, int n) { (void)n; return asin(a[0]); }
static double f_acos(const double *a, int n) { (void)n; return acos(a[0]); }
static double f_atan(const double *a, int n) { (void)n; return atan(a[0]); }
static double f_acot(const double *a, int n) { (void)n; return atan(1.0 / a[0]); }
static double f_asec(const double *a, int n) { (void)n; return acos(1.0 / a[0]); }
static double f_acsc(const double *a, int n) { (void)n; return asin(1.0 / a[0]); }
static double f_sinh(const double *a, int n) { (void)n; return sinh(a[0]); }
static double f_cosh(const double *a, int n) { (void)n; return cosh(a[0]); }
static double f_tanh(const double *a, int n) { (void)n; return tanh(a[0]); }
static double f_coth(const double *a, int n) { (void)n; return 1.0 / tanh(a[0]); }
static double f_sech(const double *a, int n) { (void)n; return 1.0 / cosh(a[0]); }
static double f_csch(const double *a, int n) { (void)n; return 1.0 / sinh(a[0]); }
static double f_asinh(const double *a, int n) { (void)n; return asinh(a[0]); }
static double f_acosh(const double *a, int n) { (void)n; return acosh(a[0]); }
static double f_atanh(const double *a, int n) { (void)n; return atanh(a[0]); }
static double f_acoth(const double *a, int n) { (void)n; return atanh(1.0 / a[0]); }
static double f_asech(const double *a, int n) { (void)n; return acosh(1.0 / a[0]); }
static double f_acsch(const double *a, int n) { (void)n; return asinh(1.0 / a[0]); }
static double f_abs(const double *a, int n) { (void)n; return fabs(a[0]); }
static double f_erf(const double *a, int n) { (void)n; return erf(a[0]); }
static double f_heaviside(const double *a, int n) { (void)n; return a[0] < 0 ? 0.0 : 1.0; }
static double f_delta(const double *a, int n) { (void)n; return a[0] == 0 ? INFINITY : 0.0; }
static double f_nandelta(const double *a, int n) { (void)n; return a[0] == 0 ? NAN : 0.0; }
static double f_aint(const double *a, int n) { (void)n; return trunc(a[0]); }
static double f_anint(const double *a, int n) { (void)n; return round(a[0]); }
static double f_sgn(const double *a, int n) { (void)n; return a[0] > 0 ? 1.0 : a[0] < 0 ? -1.0 : 0.0; }

static double zero_partial(const double *a, int n, int k)
{
    (void)a;
    (void)n;
    (void)k;
    return 0.0;
}

/* ---- functions of several arguments ---- */

static double f_atan2(const double *a, int n) { (void)n; return atan2(a[0], a[1]); }
static double p_atan2(const double *a, int n, int k)
{
    (void)n;
    double r2 = a[0] * a[0] + a[1] * a[1];
    return k == 0 ? a[1] / r2 : -a[0] / r2;
}

static double f_min(const double *a, int n)
{
    double v = a[0];
    for (int i = 1; i < n; i++)
        v = a[i] < v ? a[i] : v;
    return v;
}
static double p_min(const double *a, int n, int k)
{
    int best = 0;
    for (int i = 1; i < n; i++)
        if (a[i] < a[best])
            best = i;
    return k == best ? 1.0 : 0.0;
}
static double f_max(const double *a, int n)
{
    double v = a[0];
    for (int i = 1; i < n; i++)
        v = a[i] > v ? a[i] : v;
    return v;
}
static double p_max(const double *a, int n, int k)
{
    int best = 0;
    for (int i = 1; i < n; i++)
        if (a[i] > a[best])
            best = i;
    return k == best ? 1.0 : 0.0;
}

static double f_mod(const double *a, int n) { (void)n; return a[0] - a[1] * trunc(a[0] / a[1]); }
static double p_mod(const double *a, int n, int k) { (void)n; return k == 0 ? 1.0 : -trunc(a[0] / a[1]); }

static double f_sign(const double *a, int n) { (void)n; return a[1] >= 0 ? fabs(a[0]) : -fabs(a[0]); }
static double p_sign(const double *a, int n, int k)
{
    (void)n;
    if (k == 1)
        return 0.0;
    double s = a[0] > 0 ? 1.0 : a[0] < 0 ? -1.0 : 0.0;
    return a[1] >= 0 ? s : -s;
}

static double f_dim(const double *a, int n) { (void)n; return a[0] > a[1] ? a[0] - a[1] : 0.0; }
static double p_dim(const double *a, int n, int k)
{
    (void)n;
    if (!(a[0] > a[1]))
        return 0.0;
    return k == 0 ? 1.0 : -1.0;
}

static double f_if(const double *a, int n) { (void)n; return a[0] < 0 ? a[1] : a[0] == 0 ? a[2] : a[3]; }
static double p_if(const double *a, int n, int k)
{
    (void)n;
    int chosen = a[0] < 0 ? 1 : a[0] == 0 ? 2 : 3;
    return k == chosen ? 1.0 : 0.0;
}

/* The transitions STEP, STEP5, HAVSIN share z = (x - x0)/(x1 - x0) in [0, 1]
 * and a shape s(z) from 0 to 1: f = h0 + (h1 - h0) s(z). */
typedef double (*shape_fn)(double z, int derivative);

static double cubic_shape(double z, int d) { return d ? 6.0 * z * (1.0 - z) : z * z * (3.0 - 2.0 * z); }
static double quintic_shape(double z, int d)
{
    return d ? 30.0 * z * z * (1.0 - z) * (1.0 - z) : z * z * z * (10.0 - 15.0 * z + 6.0 * z * z);
}
static double haversine_shape(double z, int d) { return d ? 0.5 * MBS_PI * sin(MBS_PI * z) : 0.5 * (1.0 - cos(MBS_PI * z)); }

static double transition(const double *a, shape_fn s)
{
    double x = a[0], x0 = a[1], h0 = a[2], x1 = a[3], h1 = a[4];
    if (x <= x0)
        return h0;
    if (x >= x1)
        return h1;
    return h0 + (h1 - h0) * s((x - x0) / (x1 - x0), 0);
}

static double transition_partial(const double *a, int k, shape_fn s)
{
    double x = a[0], x0 = a[1], h0 = a[2], x1 = a[3], h1 = a[4];
    if (x <= x0)
        return k == 2 ? 1.0 : 0.0;
    if (x >= x1)
        return k == 4 ? 1.0 : 0.0;
    double w = x1 - x0, z = (x - x0) / w, ds = (h1 - h0) * s(z, 1);
    switch (k) {
    case 0: return ds / w;
    case 1: return ds * (z - 1.0) / w;
    case 2: return 1.0 - s(z, 0);
    case 3: return -ds * z / w;
    default: return s(z, 0);
    }
}

double mbs_step(double x, double x0, double h0, double x1, double h1, double *dydx)
{
    const double a[5] = {x, x0, h0, x1, h1};
    if (dydx)
        *dydx = transition_partial(a, 0, cubic_shape);
    return transition(a, cubic_shape);
}

static double f_step5(const double *a, int n) { (void)n; return transition(a, quintic_shape); }
static double p_step5(const double *a, int n, int k) { (void)n; return transition_partial(a, k, quintic_shape); }
static double f_havsin(const double *a, int n) { (void)n; return transition(a, haversine_shape); }
static double p_havsin(const double *a, int n, int k) { (void)n; return transition_partial(a, k, haversine_shape); }

/* step(x) with one argument, STEP(x, x0, h0, x1, h1) with five */
static double f_step(const double *a, int n) { return n == 1 ? f_heaviside(a, n) : transition(a, cubic_shape); }
static double p_step(const double *a, int n, int k) { return n == 1 ? 0.0 : transition_partial(a, k, cubic_shape); }

static double f_shf(const double *a, int n)
{
    (void)n;
    return a[2] * sin(a[3] * (a[0] - a[1]) - a[4]) + a[5];
}
static double p_shf(const double *a, int n, int k)
{
    (void)n;
    double u = a[3] * (a[0] - a[1]) - a[4], c = a[2] * cos(u);
    switch (k) {
    case 0: return c * a[3];
    case 1: return -c * a[3];
    case 2: return sin(u);
    case 3: return c * (a[0] - a[1]);
    case 4: return -c;
    default: return 1.0;
    }
}

static double f_poly(const double *a, int n)
{
    double u = a[0] - a[1], v = 0.0;
    for (int j = n - 1; j >= 2; j--)
        v = v * u + a[j];
    return v;
}
static double p_poly(const double *a, int n, int k)
{
    double u = a[0] - a[1];
    if (k >= 2)
        return pow(u, k - 2);
    double d = 0.0; /* d/du sum aj u^j */
    for (int j = n - 1; j >= 3; j--)
        d = d * u + (double)(j - 2) * a[j];
    return k == 0 ? d : -d;
}

/* Chebyshev polynomials: T0 = 1, T1 = u, Tj+1 = 2u Tj - Tj-1; Tj' = j Uj-1. */
static void chebyshev(double u, int j, double *T, double *dT)
{
    double t0 = 1.0, t1 = u, u0 = 1.0, u1 = 2.0 * u; /* U0, U1 */
    if (j == 0) {
        *T = 1.0;
        *dT = 0.0;
        return;
    }
    double uprev = u0; /* U_{j-1} */
    for (int i = 1; i < j; i++) {
        double t2 = 2.0 * u * t1 - t0;
        t0 = t1;
        t1 = t2;
        double u2 = 2.0 * u * u1 - u0;
        uprev = u1;
        u0 = u1;
        u1 = u2;
    }
    *T = t1;
    *dT = (double)j * uprev;
}
static double f_cheby(const double *a, int n)
{
    double v = 0.0, T, dT;
    for (int j = 2; j < n; j++) {
        chebyshev(a[0] - a[1], j - 2, &T, &dT);
        v += a[j] * T;
    }
    return v;
}
static double p_cheby(const double *a, int n, int k)
{
    double T, dT, d = 0.0;
    if (k >= 2) {
        chebyshev(a[0] - a[1], k - 2, &T, &dT);
        return T;
    }
    for (int j = 3; j < n; j++) {
        chebyshev(a[0] - a[1], j - 2, &T, &dT);
        d += a[j] * dT;
    }
    return k == 0 ? d : -d;
}

/* FORCOS / FORSIN: a0 + sum_{j>=1} aj trig(j w (x - x0)); `sine` picks sin. */
static double fourier(const double *a, int n, int sine)
{
    double v = a[3], u = a[2] * (a[0] - a[1]);
    for (int j = 4; j < n; j++)
        v += a[j] * (sine ? sin((j - 3) * u) : cos((j - 3) * u));
    return v;
}
static double fourier_partial(const double *a, int n, int k, int sine)
{
    double u = a[2] * (a[0] - a[1]);
    if (k == 3)
        return 1.0;
    if (k > 3)
        return sine ? sin((k - 3) * u) : cos((k - 3) * u);
    double d = 0.0; /* d/du */
    for (int j = 4; j < n; j++)
        d += a[j] * (j - 3) * (sine ? cos((j - 3) * u) : -sin((j - 3) * u));
    switch (k) {
    case 0: return d * a[2];
    case 1: return -d * a[2];
    default: return d * (a[0] - a[1]);
    }
}
static double f_forcos(const double *a, int n) { return fourier(a, n, 0); }
static double p_forcos(const double *a, int n, int k) { return fourier_partial(a, n, k, 0); }
static double f_forsin(const double *a, int n) { return fourier(a, n, 1); }
static double p_forsin(const double *a, int n, int k) { return fourier_partial(a, n, k, 1); }

/* One side of IMPACT / BISTOP: penetration p >= 0 into the stop, its rate
 * dp (positive when entering), damping ramp over depth d:
 *   F = max(0, k p^e + STEP(p, 0, 0, d, cmax) dp),
 * and its derivatives by p and dp. */
double mbs_impact_law(double p, double dp, double k, double e, double cmax, double d, double *dF_dp, double *dF_ddp)
{
    double ramp_args[5] = {p, 0.0, 0.0, d, cmax};
    double c = transition(ramp_args, cubic_shape), dc = transition_partial(ramp_args, 0, cubic_shape);
    double spring = p > 0 ? k * pow(p, e) : 0.0, dspring = p > 0 ? k * e * pow(p, e - 1.0) : 0.0;
    double F = spring + c * dp;
    if (F <= 0) {
        *dF_dp = *dF_ddp = 0.0;
        return 0.0;
    }
    *dF_dp = dspring + dc * dp;
    *dF_ddp = c;
    return F;
}

/* Partials of IMPACT / BISTOP by their parameters (x1, k, e, ...), which
 * are constants in practice: central differences. */
static double numeric_partial(double (*f)(const double *, int), const double *a, int n, int k)
{
    double b[40];
    memcpy(b, a, (size_t)n * sizeof *b);
    double h = 1e-6 * fmax(1.0, fabs(a[k]));
    b[k] = a[k] + h;
    double up = f(b, n);
    b[k] = a[k] - h;
    return (up - f(b, n)) / (2.0 * h);
}

static double f_impact(const double *a, int n)
{
    (void)n;
    double x = a[0], v = a[1], x1 = a[2], dp, ddp;
    if (x >= x1)
        return 0.0;
    return mbs_impact_law(x1 - x, -v, a[3], a[4], a[5], a[6], &dp, &ddp);
}
static double p_impact(const double *a, int n, int k)
{
    double x = a[0], v = a[1], x1 = a[2], dp, ddp;
    if (x >= x1)
        return 0.0;
    mbs_impact_law(x1 - x, -v, a[3], a[4], a[5], a[6], &dp, &ddp);
    if (k == 0)
        return -dp;
    if (k == 1)
        return -ddp;
    return numeric_partial(f_impact, a, n, k);
}

static double f_bistop(const double *a, int n)
{
    (void)n;
    double x = a[0], v = a[1], x1 = a[2], x2 = a[3], dp, ddp;
    if (x < x1)
        return mbs_impact_law(x1 - x, -v, a[4], a[5], a[6], a[7], &dp, &ddp);
    if (x > x2)
        return -mbs_impact_law(x - x2, v, a[4], a[5], a[6], a[7], &dp, &ddp);
    return 0.0;
}
static double p_bistop(const double *a, int n, int k)
{
    double x = a[0], v = a[1], x1 = a[2], x2 = a[3], dp = 0, ddp = 0;
    if (x < x1) {
        mbs_impact_law(x1 - x, -v, a[4], a[5], a[6], a[7], &dp, &ddp);
        if (k <= 1)
            return k == 0 ? -dp : -ddp;
    } else if (x > x2) {
        mbs_impact_law(x - x2, v, a[4], a[5], a[6], a[7], &dp, &ddp);
        if (k <= 1)
            return k == 0 ? -dp : -ddp;
    } else {
        return 0.0;
    }
    return numeric_partial(f_bistop, a, n, k);
}

/* ---- the table ---- */

#define UNARY(name, fn) {name, 1, 1, fn, NULL}
#define FLAT(name, fn) {name, 1, 1, fn, zero_partial}

static const mbs_fn_desc FUNCTIONS[] = {
    UNARY("exp", f_exp), UNARY("log", f_log), UNARY("log10", f_log10), UNARY("sqrt", f_sqrt),
    UNARY("sin", f_sin), UNARY("cos", f_cos), UNARY("tan", f_tan), UNARY("cot", f_cot), UNARY("sec", f_sec),
    UNARY("csc", f_csc), UNARY("asin", f_asin), UNARY("acos", f_acos), UNARY("atan", f_atan),
    UNARY("acot", f_acot), UNARY("asec", f_asec), UNARY("acsc", f_acsc), UNARY("sinh", f_sinh),
    UNARY("cosh", f_cosh), UNARY("tanh", f_tanh), UNARY("coth", f_coth), UNARY("sech", f_sech),
    UNARY("csch", f_csch), UNARY("asinh", f_asinh), UNARY("acosh", f_acosh), UNARY("atanh", f_atanh),
    UNARY("acoth", f_acoth), UNARY("asech", f_asech), UNARY("acsch", f_acsch), UNARY("abs", f_abs),
    UNARY("erf", f_erf), UNARY("delta", f_delta), UNARY("nandelta", f_nandelta), FLAT("aint", f_aint),
    FLAT("anint", f_anint), UNARY("sgn", f_sgn),
    {"step", 1, 1, f_step, p_step},
    {"step", 5, 5, f_step, p_step},
    {"step5", 5, 5, f_step5, p_step5},
    {"havsin", 5, 5, f_havsin, p_havsin},
    {"shf", 6, 6, f_shf, p_shf},
    {"poly", 3, 33, f_poly, p_poly},
    {"cheby", 3, 33, f_cheby, p_cheby},
    {"forcos", 4, 34, f_forcos, p_forcos},
    {"forsin", 4, 34, f_forsin, p_forsin},
    {"impact", 7, 7, f_impact, p_impact},
    {"bistop", 8, 8, f_bistop, p_bistop},
    {"atan2", 2, 2, f_atan2, p_atan2},
    {"min", 2, 30, f_min, p_min},
    {"max", 2, 30, f_max, p_max},
    {"mod", 2, 2, f_mod, p_mod},
    {"sign", 2, 2, f_sign, p_sign},
    {"dim", 2, 2, f_dim, p_dim},
    {"if", 4, 4, f_if, p_if},
};

#define N_FUNCTIONS ((int)(sizeof FUNCTIONS / sizeof FUNCTIONS[0]))

int mbs_fn_find(const char *name, size_t len, int n, int *named)
{
    *named = 0;
    for (int i = 0; i < N_FUNCTIONS; i++)
        if (name_is(FUNCTIONS[i].name, name, len)) {
            *named = 1;
            if (n >= FUNCTIONS[i].min_args && n <= FUNCTIONS[i].max_args)
                return i;
        }
    return -1;
}

int mbs_fn_is_name(const char *name, size_t len)
{
    int named;
    mbs_fn_find(name, len, -1, &named);
    return named;
}

const mbs_fn_desc *mbs_fn(int id)
{
    return &FUNCTIONS[id];
}

int mbs_fn_id(const char *name)
{
    int named;
    for (int n = 1; n < 3; n++) {
        int id = mbs_fn_find(name, strlen(name), n, &named);
        if (id >= 0)
            return id;
    }
    return -1;
}

static const char *const NUMBER_WORDS[] = {"no", "one", "two", "three", "four", "five", "six", "seven", "eight"};

static void count_text(int n, char *out, size_t size)
{
    if (n < (int)(sizeof NUMBER_WORDS / sizeof NUMBER_WORDS[0]))
        snprintf(out, size, "%s argument%s", NUMBER_WORDS[n], n == 1 ? "" : "s");
    else
        snprintf(out, size, "%d arguments", n);
}

void mbs_fn_arity_text(const char *name, size_t len, char *out, size_t size)
{
    char parts[3][32];
    int n_parts = 0;
    for (int i = 0; i < N_FUNCTIONS && n_parts < 3; i++) {
        if (!name_is(FUNCTIONS[i].name, name, len))
            continue;
        if (FUNCTIONS[i].min_args == FUNCTIONS[i].max_args)
            snprintf(parts[n_parts++], sizeof parts[0], "%d", FUNCTIONS[i].min_args);
        else
            snprintf(parts[n_parts++], sizeof parts[0], "%d to %d", FUNCTIONS[i].min_args, FUNCTIONS[i].max_args);
    }
    if (n_parts == 1 && !strchr(parts[0], ' ')) {
        char words[32];
        count_text(atoi(parts[0]), words, sizeof words);
        snprintf(out, size, "takes %s", words);
    } else if (n_parts == 1) {
        snprintf(out, size, "takes %s arguments", parts[0]);
    } else {
        snprintf(out, size, "takes %s or %s arguments", parts[0], parts[1]);
    }
}

/* ---- constants ---- */

static const struct {
    const char *name;
    double value;
} CONSTANTS[] = {
    {"pi", MBS_PI}, {"e", 2.71828182845904523536}, {"dtor", MBS_PI / 180.0}, {"rtod", 180.0 / MBS_PI},
    /* libmatheval's, kept for models written for it */
    {"log2e", 1.44269504088896340736}, {"log10e", 0.434294481903251827651}, {"ln2", 0.693147180559945309417},
    {"ln10", 2.30258509299404568402}, {"pi_2", MBS_PI / 2}, {"pi_4", MBS_PI / 4}, {"1_pi", 1 / MBS_PI},
    {"2_pi", 2 / MBS_PI}, {"2_sqrtpi", 1.12837916709551257390}, {"sqrt2", 1.41421356237309504880},
    {"sqrt1_2", 0.707106781186547524401},
};

int mbs_constant_value(const char *name, size_t len, double *value)
{
    for (size_t i = 0; i < sizeof CONSTANTS / sizeof CONSTANTS[0]; i++)
        if (name_is(CONSTANTS[i].name, name, len)) {
            *value = CONSTANTS[i].value;
            return 1;
        }
    return 0;
}

const char *mbs_constant_name(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof CONSTANTS / sizeof CONSTANTS[0]; i++)
        if (name_is(CONSTANTS[i].name, name, len))
            return CONSTANTS[i].name;
    return NULL;
}

int mbs_time_is_name(const char *name, size_t len)
{
    return name_is("time", name, len);
}

/* MotionSolve's run-time functions (model environments bind them). */
static const char *const RUNTIME_FUNCTIONS[] = {
    "dx", "dy", "dz", "dm", "vx", "vy", "vz", "vm", "vr", "wx", "wy", "wz", "wm", "accx", "accy", "accz",
    "accm", "wdtx", "wdty", "wdtz", "wdtm", "ax", "ay", "az", "psi", "theta", "phi", "yaw", "pitch", "roll",
    "fx", "fy", "fz", "fm", "tx", "ty", "tz", "tm", "joint", "motion", "sforce", "vforce", "vtorq", "gforce",
    "spdp", "bush", "beam", "field", "jprim", "friction", "varval", "aryval", "dif", "dif1", "akispl", "cubspl",
    "linspl", "mode", "senval", "strval", "orient", "incang",
    /* known to MotionSolve, refused by model environments with a reason */
    "quispl", "interp", "curve", "sweep", "delay", "invpsd", "pinval", "pouval", "ptcv", "cvcv", "nforce",
    "contact", NULL};

int mbs_runtime_function_name(const char *name, size_t len)
{
    for (int i = 0; RUNTIME_FUNCTIONS[i]; i++)
        if (name_is(RUNTIME_FUNCTIONS[i], name, len))
            return 1;
    return 0;
}
