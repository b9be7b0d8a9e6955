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
 * by straight lines (and continues the end ones). */
#include "spline.h"

#include <math.h>
#include <stdlib.h>

/* Segment slope i, extended beyond 0 .. n-2 by Akima's rule. */
static double segment_slope(const mbs_spline *s, int i)
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

static void akima_slopes(mbs_spline *s)
{
    for (int i = 0; i < s->n; i++) {
        double m2 = segment_slope(s, i - 2), m1 = segment_slope(s, i - 1), m0 = segment_slope(s, i),
               p1 = segment_slope(s, i + 1);
        double w1 = fabs(p1 - m0), w2 = fabs(m1 - m2);
        s->slope_akima[i] = w1 + w2 > 0 ? (w1 * m1 + w2 * m0) / (w1 + w2) : 0.5 * (m1 + m0);
    }
}

/* The natural cubic spline's second derivatives M by the Thomas algorithm,
 * then its slopes. */
static int cubic_slopes(mbs_spline *s)
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
        s->slope_cubic[i] = segment_slope(s, i) - (s->x[i + 1] - s->x[i]) * (2.0 * M[i] + M[i + 1]) / 6.0;
    s->slope_cubic[n - 1] = segment_slope(s, n - 2) + (s->x[n - 1] - s->x[n - 2]) * (M[n - 2] + 2.0 * M[n - 1]) / 6.0;
    free(M);
    free(c);
    free(r);
    return 0;
}

int mbs_spline_prepare(mbs_spline *s)
{
    s->slope_akima = calloc((size_t)s->n, sizeof *s->slope_akima);
    s->slope_cubic = calloc((size_t)s->n, sizeof *s->slope_cubic);
    if (!s->slope_akima || !s->slope_cubic)
        return -1;
    akima_slopes(s);
    return cubic_slopes(s);
}

/* The segment x falls in (the end ones beyond the range). */
static int segment_of(const mbs_spline *s, double x)
{
    int lo = 0, hi = s->n - 2;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (x >= s->x[mid])
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

double mbs_spline_value(const mbs_spline *s, mbs_spline_method method, double x, int order)
{
    int i = segment_of(s, x);
    double h = s->x[i + 1] - s->x[i], m = (s->y[i + 1] - s->y[i]) / h;
    if (method == MBS_SPLINE_LINEAR) {
        double d = x - s->x[i];
        return order == 0 ? s->y[i] + m * d : order == 1 ? m : 0.0;
    }
    const double *t = method == MBS_SPLINE_AKIMA ? s->slope_akima : s->slope_cubic;
    if (s->linear_extrapolate && (x < s->x[0] || x > s->x[s->n - 1])) {
        int end = x < s->x[0] ? 0 : s->n - 1;
        return order == 0 ? s->y[end] + t[end] * (x - s->x[end]) : order == 1 ? t[end] : 0.0;
    }
    double c = (3.0 * m - 2.0 * t[i] - t[i + 1]) / h, e = (t[i] + t[i + 1] - 2.0 * m) / (h * h);
    double d = x - s->x[i];
    switch (order) {
    case 0: return s->y[i] + d * (t[i] + d * (c + d * e));
    case 1: return t[i] + d * (2.0 * c + 3.0 * e * d);
    case 2: return 2.0 * c + 6.0 * e * d;
    case 3: return 6.0 * e;
    default: return 0.0;
    }
}

void mbs_spline_free(mbs_spline *s)
{
    free(s->label);
    free(s->x);
    free(s->y);
    free(s->slope_akima);
    free(s->slope_cubic);
}
