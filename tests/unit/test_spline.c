/* Reference_Spline interpolation (AKISPL, CUBSPL, LINSPL) against its
 * definitions: Akima's slopes computed here from Akima (1970) and the
 * interpolant in Hermite form; the natural cubic spline by its defining
 * properties (it passes through the points, is C2 at the inner points and has
 * no curvature at the ends); derivatives against central differences. */
#include "../support/harness.h"
#include "../../src/model/spline.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const double X[] = {0.0, 1.0, 2.5, 3.0, 4.5, 6.0, 7.0};
static const double Y[] = {1.0, 2.0, 1.5, 3.0, 3.2, 0.5, 0.8};
#define N 7

static void make(mbs_spline *s, const double *x, const double *y, int n)
{
    memset(s, 0, sizeof *s);
    s->n = n;
    s->x = malloc((size_t)n * sizeof *s->x);
    s->y = malloc((size_t)n * sizeof *s->y);
    memcpy(s->x, x, (size_t)n * sizeof *x);
    memcpy(s->y, y, (size_t)n * sizeof *y);
    CHECK(mbs_spline_prepare(s) == 0);
}

/* Akima (1970): segment slopes m_i, two more at each end on the parabola's rule
 * m_-1 = 2 m_0 - m_1, m_-2 = 2 m_-1 - m_0; the slope at point i is
 * (|m_i+1 - m_i| m_i-1 + |m_i-1 - m_i-2| m_i) / (|m_i+1 - m_i| + |m_i-1 - m_i-2|). */
static double akima_slope_reference(const double *x, const double *y, int n, int i)
{
    double m[N + 4]; /* m[k + 2] = slope of segment k, k = -2 .. n */
    for (int k = 0; k < n - 1; k++)
        m[k + 2] = (y[k + 1] - y[k]) / (x[k + 1] - x[k]);
    m[1] = 2 * m[2] - m[3];
    m[0] = 2 * m[1] - m[2];
    m[n + 1] = 2 * m[n] - m[n - 1];
    m[n + 2] = 2 * m[n + 1] - m[n];
    double a = fabs(m[i + 3] - m[i + 2]), b = fabs(m[i + 1] - m[i]);
    return a + b == 0 ? 0.5 * (m[i + 1] + m[i + 2]) : (a * m[i + 1] + b * m[i + 2]) / (a + b);
}

/* The cubic Hermite interpolant on [x0, x1] with values y and slopes t. */
static double hermite(double x0, double x1, double y0, double y1, double t0, double t1, double x)
{
    double h = x1 - x0, u = (x - x0) / h;
    double h00 = 2 * u * u * u - 3 * u * u + 1, h10 = u * u * u - 2 * u * u + u, h01 = -2 * u * u * u + 3 * u * u,
           h11 = u * u * u - u * u;
    return h00 * y0 + h10 * h * t0 + h01 * y1 + h11 * h * t1;
}

TEST(akima_follows_its_definition)
{
    mbs_spline s;
    make(&s, X, Y, N);
    double t[N];
    for (int i = 0; i < N; i++) {
        t[i] = akima_slope_reference(X, Y, N, i);
        CHECK_NEAR(mbs_spline_value(&s, MBS_SPLINE_AKIMA, X[i], 1), t[i], 1e-12);
        CHECK_NEAR(mbs_spline_value(&s, MBS_SPLINE_AKIMA, X[i], 0), Y[i], 1e-12);
    }
    for (int i = 0; i < N - 1; i++)
        for (int k = 1; k < 10; k++) {
            double x = X[i] + (X[i + 1] - X[i]) * k / 10.0;
            CHECK_NEAR(mbs_spline_value(&s, MBS_SPLINE_AKIMA, x, 0), hermite(X[i], X[i + 1], Y[i], Y[i + 1], t[i], t[i + 1], x),
                       1e-12);
        }
    /* level data stays level: three equal points give a zero slope at the middle one */
    static const double xf[] = {0, 1, 2, 3, 4, 5}, yf[] = {0, 0, 1, 1, 1, 0};
    mbs_spline f;
    make(&f, xf, yf, 6);
    CHECK_NEAR(mbs_spline_value(&f, MBS_SPLINE_AKIMA, 3.0, 1), 0.0, 1e-15);
    CHECK_NEAR(mbs_spline_value(&f, MBS_SPLINE_AKIMA, 2.5, 0), 1.0, 1e-15);
    mbs_spline_free(&f);
    mbs_spline_free(&s);
}

TEST(the_natural_cubic_spline_is_c2_with_free_ends)
{
    mbs_spline s;
    make(&s, X, Y, N);
    for (int i = 0; i < N; i++)
        CHECK_NEAR(mbs_spline_value(&s, MBS_SPLINE_CUBIC, X[i], 0), Y[i], 1e-12);
    /* left and right limits of the first and second derivatives at the inner points */
    for (int i = 1; i < N - 1; i++)
        for (int order = 1; order <= 2; order++) {
            double left = mbs_spline_value(&s, MBS_SPLINE_CUBIC, X[i] - 1e-9, order);
            double right = mbs_spline_value(&s, MBS_SPLINE_CUBIC, X[i] + 1e-9, order);
            CHECK_NEAR(left, right, 1e-6);
        }
    CHECK_NEAR(mbs_spline_value(&s, MBS_SPLINE_CUBIC, X[0], 2), 0.0, 1e-12);
    CHECK_NEAR(mbs_spline_value(&s, MBS_SPLINE_CUBIC, X[N - 1] - 1e-12, 2), 0.0, 1e-9);
    mbs_spline_free(&s);
}

TEST(straight_lines_are_reproduced_and_derivatives_agree_with_differences)
{
    double y[N];
    for (int i = 0; i < N; i++)
        y[i] = 3 - 2 * X[i];
    mbs_spline s;
    make(&s, X, y, N);
    for (double x = -1; x <= 8; x += 0.37)
        for (int m = 0; m < 3; m++) {
            mbs_spline_method method = m == 0 ? MBS_SPLINE_AKIMA : m == 1 ? MBS_SPLINE_CUBIC : MBS_SPLINE_LINEAR;
            CHECK_NEAR(mbs_spline_value(&s, method, x, 0), 3 - 2 * x, 1e-12);
            CHECK_NEAR(mbs_spline_value(&s, method, x, 1), -2, 1e-12);
        }
    mbs_spline_free(&s);
    make(&s, X, Y, N);
    const double h = 1e-5;
    for (int m = 0; m < 3; m++) {
        mbs_spline_method method = m == 0 ? MBS_SPLINE_AKIMA : m == 1 ? MBS_SPLINE_CUBIC : MBS_SPLINE_LINEAR;
        for (double x = 0.05; x < 7; x += 0.3) {
            double d1 = (mbs_spline_value(&s, method, x + h, 0) - mbs_spline_value(&s, method, x - h, 0)) / (2 * h);
            double d2 = (mbs_spline_value(&s, method, x + h, 1) - mbs_spline_value(&s, method, x - h, 1)) / (2 * h);
            CHECK_NEAR(mbs_spline_value(&s, method, x, 1), d1, 1e-6);
            CHECK_NEAR(mbs_spline_value(&s, method, x, 2), d2, 1e-5);
        }
    }
    /* LINSPL joins the points */
    CHECK_NEAR(mbs_spline_value(&s, MBS_SPLINE_LINEAR, 1.75, 0), 1.75, 1e-12);
    mbs_spline_free(&s);
}

TEST(beyond_the_ends)
{
    mbs_spline s;
    make(&s, X, Y, N);
    /* the end pieces continue */
    double t0 = mbs_spline_value(&s, MBS_SPLINE_AKIMA, X[0], 1);
    double e = mbs_spline_value(&s, MBS_SPLINE_AKIMA, -0.5, 0);
    CHECK(fabs(e - (Y[0] - 0.5 * t0)) > 1e-6); /* not a straight line ... */
    s.linear_extrapolate = 1;                   /* ... unless asked for */
    CHECK_NEAR(mbs_spline_value(&s, MBS_SPLINE_AKIMA, -0.5, 0), Y[0] - 0.5 * t0, 1e-12);
    double tn = mbs_spline_value(&s, MBS_SPLINE_CUBIC, X[N - 1], 1);
    CHECK_NEAR(mbs_spline_value(&s, MBS_SPLINE_CUBIC, 8.0, 0), Y[N - 1] + tn, 1e-12);
    CHECK_NEAR(mbs_spline_value(&s, MBS_SPLINE_CUBIC, 8.0, 2), 0.0, 0);
    mbs_spline_free(&s);
}

/* A surface of three curves over X: Y, Y squared and 2 - Y at z = -1, 0.5 and 2.
 * Each curve is the curve spline of its points; between curves y is linear
 * in z, so dy/dz is their difference quotient and the second derivative 0. */
TEST(a_surface_is_its_curves_joined_linearly_in_z)
{
    static const double Z[] = {-1.0, 0.5, 2.0};
    double rows[3][N];
    for (int i = 0; i < N; i++) {
        rows[0][i] = Y[i];
        rows[1][i] = Y[i] * Y[i];
        rows[2][i] = 2 - Y[i];
    }
    mbs_spline surf;
    memset(&surf, 0, sizeof surf);
    surf.n = N;
    surf.nz = 3;
    surf.x = malloc(N * sizeof *surf.x);
    surf.z = malloc(3 * sizeof *surf.z);
    surf.y = malloc(3 * N * sizeof *surf.y);
    memcpy(surf.x, X, sizeof X);
    memcpy(surf.z, Z, sizeof Z);
    memcpy(surf.y, rows, sizeof rows);
    CHECK(mbs_spline_prepare(&surf) == 0);
    mbs_spline c[3];
    for (int k = 0; k < 3; k++)
        make(&c[k], X, rows[k], N);
    for (int m = 0; m < 3; m++) {
        mbs_spline_method method = m == 0 ? MBS_SPLINE_AKIMA : m == 1 ? MBS_SPLINE_CUBIC : MBS_SPLINE_LINEAR;
        for (double x = -0.5; x < 7.5; x += 0.31) {
            double y0 = mbs_spline_value(&c[0], method, x, 0), y1 = mbs_spline_value(&c[1], method, x, 0),
                   y2 = mbs_spline_value(&c[2], method, x, 0);
            /* on the curves, between them, beyond the first and last z (the end pair continued) */
            CHECK_NEAR(mbs_spline_value_xz(&surf, method, x, -1.0, 0, 0), y0, 1e-12);
            CHECK_NEAR(mbs_spline_value_xz(&surf, method, x, 0.5, 0, 0), y1, 1e-12);
            CHECK_NEAR(mbs_spline_value_xz(&surf, method, x, 2.0, 0, 0), y2, 1e-12);
            CHECK_NEAR(mbs_spline_value_xz(&surf, method, x, 0.0, 0, 0), y0 + (y1 - y0) * (1.0 / 1.5), 1e-12);
            CHECK_NEAR(mbs_spline_value_xz(&surf, method, x, 1.7, 0, 0), y1 + (y2 - y1) * (1.2 / 1.5), 1e-12);
            CHECK_NEAR(mbs_spline_value_xz(&surf, method, x, -2.5, 0, 0), y0 - (y1 - y0), 1e-12);
            CHECK_NEAR(mbs_spline_value_xz(&surf, method, x, 3.5, 0, 0), y2 + (y2 - y1), 1e-12);
            /* derivatives: by z the quotient, by x the curves', mixed the quotient of those */
            CHECK_NEAR(mbs_spline_value_xz(&surf, method, x, 1.0, 0, 1), (y2 - y1) / 1.5, 1e-12);
            CHECK_NEAR(mbs_spline_value_xz(&surf, method, x, 1.0, 0, 2), 0.0, 0);
            double d1 = mbs_spline_value(&c[1], method, x, 1), d2 = mbs_spline_value(&c[2], method, x, 1);
            CHECK_NEAR(mbs_spline_value_xz(&surf, method, x, 1.0, 1, 0), d1 + (d2 - d1) * (0.5 / 1.5), 1e-12);
            CHECK_NEAR(mbs_spline_value_xz(&surf, method, x, 1.0, 1, 1), (d2 - d1) / 1.5, 1e-12);
        }
    }
    /* a curve does not depend on z */
    CHECK_NEAR(mbs_spline_value_xz(&c[0], MBS_SPLINE_AKIMA, 1.3, 7.0, 0, 0), mbs_spline_value(&c[0], MBS_SPLINE_AKIMA, 1.3, 0), 0);
    CHECK_NEAR(mbs_spline_value_xz(&c[0], MBS_SPLINE_AKIMA, 1.3, 7.0, 0, 1), 0.0, 0);
    for (int k = 0; k < 3; k++)
        mbs_spline_free(&c[k]);
    mbs_spline_free(&surf);
}

TEST_SUITE(spline, T(akima_follows_its_definition), T(the_natural_cubic_spline_is_c2_with_free_ends),
           T(straight_lines_are_reproduced_and_derivatives_agree_with_differences), T(beyond_the_ends),
           T(a_surface_is_its_curves_joined_linearly_in_z));
