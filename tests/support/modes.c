#include "modes.h"
#include "../../src/core/dense.h"

#include <math.h>
#include <stdlib.h>

/* Roots of the monic polynomial z^n + a[0] z^(n-1) + ... + a[n-1]
 * (Durand-Kerner: every root refined at once). */
static void polynomial_roots(const double *a, int n, double complex *z)
{
    for (int i = 0; i < n; i++)
        z[i] = cpow(0.4 + 0.9 * I, i);
    for (int iter = 0; iter < 500; iter++) {
        double change = 0.0;
        for (int i = 0; i < n; i++) {
            double complex p = 1.0, d = 1.0;
            for (int k = 0; k < n; k++)
                p = p * z[i] + a[k];
            for (int j = 0; j < n; j++)
                if (j != i)
                    d *= z[i] - z[j];
            double complex step = p / d;
            z[i] -= step;
            change = fmax(change, cabs(step));
        }
        if (change < 1e-15)
            break;
    }
}

static int by_real_part(const void *pa, const void *pb)
{
    double complex a = *(const double complex *)pa, b = *(const double complex *)pb;
    if (creal(a) != creal(b))
        return creal(a) < creal(b) ? -1 : 1;
    return (cimag(a) > cimag(b)) - (cimag(a) < cimag(b));
}

int series_modes(const test_results *r, const char *sensor, int col, double t0, double t1, int stride, int order,
                 double complex *rates)
{
    if (order < 1 || order > MODES_MAX_ORDER || stride < 1)
        return -1;
    int i0 = 0;
    while (i0 < r->n_rows && r->t[i0] < t0)
        i0++;
    double *x = malloc(((size_t)r->n_rows + 1) * sizeof *x);
    if (!x)
        return -1;
    int n = 0;
    for (int i = i0; i < r->n_rows && r->t[i] <= t1; i += stride)
        x[n++] = test_value(r, sensor, col, i);
    if (n < 3 * order) {
        free(x);
        return -1;
    }
    double dt = r->t[i0 + stride] - r->t[i0];
    /* x[k + order] = sum_j c_j x[k + order - 1 - j]: normal equations */
    double N[MODES_MAX_ORDER * MODES_MAX_ORDER] = {0}, rhs[MODES_MAX_ORDER] = {0};
    int piv[MODES_MAX_ORDER];
    for (int k = 0; k + order < n; k++)
        for (int i = 0; i < order; i++) {
            rhs[i] += x[k + order - 1 - i] * x[k + order];
            for (int j = 0; j < order; j++)
                N[i * order + j] += x[k + order - 1 - i] * x[k + order - 1 - j];
        }
    free(x);
    if (mbs_lu_factor(N, order, piv) != 0)
        return -1;
    mbs_lu_solve(N, order, piv, rhs);
    double a[MODES_MAX_ORDER];
    for (int i = 0; i < order; i++)
        a[i] = -rhs[i]; /* z^n - c_0 z^(n-1) - ... - c_(n-1) */
    double complex z[MODES_MAX_ORDER];
    polynomial_roots(a, order, z);
    for (int i = 0; i < order; i++)
        rates[i] = clog(z[i]) / dt;
    qsort(rates, (size_t)order, sizeof *rates, by_real_part);
    return 0;
}
