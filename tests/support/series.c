#include "series.h"

#include <math.h>

/* Lagrange cubic through (x[k], y[k]), k = 0..3, evaluated at s. */
static double cubic(const double *x, const double *y, double s)
{
    double v = 0.0;
    for (int k = 0; k < 4; k++) {
        double l = 1.0;
        for (int j = 0; j < 4; j++)
            if (j != k)
                l *= (s - x[j]) / (x[k] - x[j]);
        v += l * y[k];
    }
    return v;
}

int series_crossings(const test_results *r, const char *sensor, int col, double level, double *times, int max)
{
    int n = 0;
    for (int i = 0; i + 1 < r->n_rows && n < max; i++) {
        double a = test_value(r, sensor, col, i) - level, b = test_value(r, sensor, col, i + 1) - level;
        if (a == 0.0) {
            times[n++] = r->t[i];
            continue;
        }
        if (a * b >= 0.0)
            continue;
        int j = i > 0 ? i - 1 : 0;
        if (j + 3 >= r->n_rows)
            j = r->n_rows - 4;
        double x[4], y[4];
        for (int k = 0; k < 4; k++) {
            x[k] = r->t[j + k];
            y[k] = test_value(r, sensor, col, j + k) - level;
        }
        /* bisection on the cubic within [t_i, t_i+1] */
        double lo = r->t[i], hi = r->t[i + 1], flo = a;
        for (int it = 0; it < 100; it++) {
            double mid = 0.5 * (lo + hi), fm = cubic(x, y, mid);
            if ((fm < 0) == (flo < 0)) {
                lo = mid;
                flo = fm;
            } else {
                hi = mid;
            }
        }
        times[n++] = 0.5 * (lo + hi);
    }
    return n;
}

double series_max_deviation(const test_results *r, const char *sensor, int col, double reference)
{
    double worst = 0.0;
    for (int i = 0; i < r->n_rows; i++)
        worst = fmax(worst, fabs(test_value(r, sensor, col, i) - reference));
    return worst;
}

double series_at(const test_results *r, const char *sensor, int col, double t)
{
    for (int i = 0; i + 1 < r->n_rows; i++)
        if (r->t[i] <= t && t <= r->t[i + 1]) {
            double a = test_value(r, sensor, col, i), b = test_value(r, sensor, col, i + 1);
            double h = r->t[i + 1] - r->t[i];
            return h > 0 ? a + (b - a) * (t - r->t[i]) / h : a;
        }
    return NAN;
}
