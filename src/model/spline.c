/* Reference_Spline interpolation (AKISPL, CUBSPL, LINSPL).
 *
 * Both cubic methods are cubic Hermite interpolants between the points,
 * differing in the slopes t_i at the points. With m_i = (y_i+1 - y_i) /
 * (x_i+1 - x_i) the slope of segment i:
 *   Akima (1970)   t_i = (|m_i+1 - m_i| m_i-1 + |m_i-1 - m_i-2| m_i) / (|m_i+1 - m_i| + |m_i-1 - m_i-2|)
 *                  (the mean of m_i-1 and m_i when both weights are 0), the
 *                  slopes beyond the ends extended as m_-1 = 2 m_0 - m_1,
 *                  m_-2 = 2 m_-1 - m_0 (and alike at the other end);
 *   natural cubic  the C2 spline with zero second derivative at both ends:
 *                  h_i-1 M_i-1 + 2 (h_i-1 + h_i) M_i + h_i M_i+1 = 6 (m_i - m_i-1),
 *                  t_i = m_i - h_i (2 M_i + M_i+1) / 6.
 * On segment i, s = x - x_i, h = x_i+1 - x_i:
 *   p(s) = y_i + t_i s + c s^2 + e s^3,  c = (3 m_i - 2 t_i - t_i+1) / h,  e = (t_i + t_i+1 - 2 m_i) / h^2.
 * Beyond the ends: a straight line with the end slope when
 * linear_extrapolate, else the end piece continued. LINSPL joins the points
 * by straight lines (and continues the end ones).
 *
 * A surface y(x, z) is a family of such curves over the same x, one at each
 * of z_0 < z_1 < ... (Adams' and MotionSolve's spline with two independent
 * variables): each curve is interpolated in x by the method, and between the
 * two curves around z linearly,
 *   y(x, z) = (1 - w) y_k(x) + w y_k+1(x),  w = (z - z_k) / (z_k+1 - z_k),
 * the end pair continued beyond the first and last z; so dy/dz is the
 * difference quotient of the two curves, and constant in z between them. */
#include "spline.h"

#include <math.h>
#include <stdlib.h>

/* One curve of the spline: its values and, once prepared, its slopes. */
typedef struct curve {
    const double *x, *y;
    int n;
} curve;

static curve curve_of(const mbs_spline *s, int k)
{
    curve c = {s->x, s->y + (size_t)k * (size_t)s->n, s->n};
    return c;
}

/* Segment slope i, extended beyond 0 .. n-2 by Akima's rule. */
static double segment_slope(const curve *s, int i)
{
    int last = s->n - 2;
    if (i >= 0 && i <= last)
        return (s->y[i + 1] - s->y[i]) / (s->x[i + 1] - s->x[i]);
    if (last == 0)
        return segment_slope(s, 0);
    if (i < 0)
        return 2.0 * segment_slope(s, i + 1) - segment_slope(s, i + 2);
    return 2.0 * segment_slope(s, i - 1) - segment_slope(s, i - 2);
}

static void akima_slopes(const curve *s, double *t)
{
    for (int i = 0; i < s->n; i++) {
        double m2 = segment_slope(s, i - 2), m1 = segment_slope(s, i - 1), m0 = segment_slope(s, i),
               p1 = segment_slope(s, i + 1);
        double w1 = fabs(p1 - m0), w2 = fabs(m1 - m2);
        t[i] = w1 + w2 > 0 ? (w1 * m1 + w2 * m0) / (w1 + w2) : 0.5 * (m1 + m0);
    }
}

/* The natural cubic spline's second derivatives M by the Thomas algorithm,
 * then its slopes. */
static int cubic_slopes(const curve *s, double *t)
{
    int n = s->n;
    double *M = calloc((size_t)n, sizeof *M), *c = calloc((size_t)n, sizeof *c), *r = calloc((size_t)n, sizeof *r);
    if (!M || !c || !r) {
        free(M);
        free(c);
        free(r);
        return -1;
    }
    /* rows 1 .. n-2; M_0 = M_n-1 = 0 */
    for (int i = 1; i < n - 1; i++) {
        double h0 = s->x[i] - s->x[i - 1], h1 = s->x[i + 1] - s->x[i];
        double diag = 2.0 * (h0 + h1) - (i > 1 ? h0 * c[i - 1] : 0.0);
        c[i] = h1 / diag;
        r[i] = (6.0 * (segment_slope(s, i) - segment_slope(s, i - 1)) - (i > 1 ? h0 * r[i - 1] : 0.0)) / diag;
    }
    for (int i = n - 2; i >= 1; i--)
        M[i] = r[i] - (i < n - 2 ? c[i] * M[i + 1] : 0.0);
    for (int i = 0; i < n - 1; i++)
        t[i] = segment_slope(s, i) - (s->x[i + 1] - s->x[i]) * (2.0 * M[i] + M[i + 1]) / 6.0;
    t[n - 1] = segment_slope(s, n - 2) + (s->x[n - 1] - s->x[n - 2]) * (M[n - 2] + 2.0 * M[n - 1]) / 6.0;
    free(M);
    free(c);
    free(r);
    return 0;
}

int mbs_spline_prepare(mbs_spline *s)
{
    if (s->nz < 1)
        s->nz = 1;
    size_t total = (size_t)s->n * (size_t)s->nz;
    s->slope_akima = calloc(total, sizeof *s->slope_akima);
    s->slope_cubic = calloc(total, sizeof *s->slope_cubic);
    if (!s->slope_akima || !s->slope_cubic)
        return -1;
    for (int k = 0; k < s->nz; k++) {
        curve c = curve_of(s, k);
        akima_slopes(&c, s->slope_akima + (size_t)k * (size_t)s->n);
        if (cubic_slopes(&c, s->slope_cubic + (size_t)k * (size_t)s->n) != 0)
            return -1;
    }
    return 0;
}

/* The interval of the sorted values v[0 .. n) that x falls in (the end
 * ones beyond the range). */
static int interval_of(const double *v, int n, double x)
{
    int lo = 0, hi = n - 2;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (x >= v[mid])
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* Curve k's value or derivative by x. */
static double curve_value(const mbs_spline *s, int k, mbs_spline_method method, double x, int order)
{
    curve cv = curve_of(s, k);
    const double *y = cv.y;
    int i = interval_of(s->x, s->n, x);
    double h = s->x[i + 1] - s->x[i], m = (y[i + 1] - y[i]) / h;
    if (method == MBS_SPLINE_LINEAR) {
        double d = x - s->x[i];
        return order == 0 ? y[i] + m * d : order == 1 ? m : 0.0;
    }
    const double *t = (method == MBS_SPLINE_AKIMA ? s->slope_akima : s->slope_cubic) + (size_t)k * (size_t)s->n;
    if (s->linear_extrapolate && (x < s->x[0] || x > s->x[s->n - 1])) {
        int end = x < s->x[0] ? 0 : s->n - 1;
        return order == 0 ? y[end] + t[end] * (x - s->x[end]) : order == 1 ? t[end] : 0.0;
    }
    double c = (3.0 * m - 2.0 * t[i] - t[i + 1]) / h, e = (t[i] + t[i + 1] - 2.0 * m) / (h * h);
    double d = x - s->x[i];
    switch (order) {
    case 0: return y[i] + d * (t[i] + d * (c + d * e));
    case 1: return t[i] + d * (2.0 * c + 3.0 * e * d);
    case 2: return 2.0 * c + 6.0 * e * d;
    case 3: return 6.0 * e;
    default: return 0.0;
    }
}

double mbs_spline_value(const mbs_spline *s, mbs_spline_method method, double x, int order)
{
    return curve_value(s, 0, method, x, order);
}

double mbs_spline_value_xz(const mbs_spline *s, mbs_spline_method method, double x, double z, int order, int z_order)
{
    if (s->nz <= 1)
        return z_order == 0 ? curve_value(s, 0, method, x, order) : 0.0;
    if (z_order > 1)
        return 0.0;
    int k = interval_of(s->z, s->nz, z);
    double dz = s->z[k + 1] - s->z[k];
    double lo = curve_value(s, k, method, x, order), hi = curve_value(s, k + 1, method, x, order);
    if (z_order == 1)
        return (hi - lo) / dz;
    double w = (z - s->z[k]) / dz;
    return (1.0 - w) * lo + w * hi;
}

void mbs_spline_free(mbs_spline *s)
{
    free(s->label);
    free(s->x);
    free(s->y);
    free(s->z);
    free(s->slope_akima);
    free(s->slope_cubic);
}
