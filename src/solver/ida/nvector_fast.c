/* IDA's hot vector operations, compiled with the project's flags.
 *
 * IDA spends its own time in a handful of N_Vector operations: the weighted
 * RMS norms of its error test and Newton convergence test (several a step),
 * linear sums and the linear combinations of its predictor and corrector.
 * Debian's NVECTOR_SERIAL is built without optimisation (its loops load and
 * store every partial sum through the stack: a WRMS norm of 129 entries took
 * 0.83 us here, a linear sum 0.24 us, measured by a loop of a million calls),
 * and its fused operations are off, so a linear combination of k vectors is
 * k passes. On the 64-link chain in joint coordinates those operations were
 * a quarter of the run. mbs_nvector_fast replaces them in a vector's
 * operation table; IDA's own vectors are clones of the ones it is given and
 * inherit the table. Each does exactly what SUNDIALS documents for it
 * (N_VLinearSum: z = a x + b y; N_VWrmsNorm: sqrt(sum (x_i w_i)^2 / n);
 * the masked norm over id_i > 0; N_VLinearCombination: z = sum c_i X_i;
 * N_VScaleAddMulti: Z_i = a_i x + Y_i), with the same order of floating-point
 * operations where it is observable (results do not change with it). */
#include "nvector_fast.h"

#include <math.h>
#include <nvector/nvector_serial.h>

static sunindextype length(N_Vector v)
{
    return NV_LENGTH_S(v);
}

/* SUNDIALS factors equal (or opposite) coefficients out, which rounds
 * differently from a x + b y; the same here */
static void linear_sum(realtype a, N_Vector x, realtype b, N_Vector y, N_Vector z)
{
    const realtype *xd = NV_DATA_S(x), *yd = NV_DATA_S(y);
    realtype *zd = NV_DATA_S(z);
    sunindextype n = length(z);
    if (fabs(a) != 1.0 && a == b)
        for (sunindextype i = 0; i < n; i++)
            zd[i] = a * (xd[i] + yd[i]);
    else if (fabs(a) != 1.0 && a == -b)
        for (sunindextype i = 0; i < n; i++)
            zd[i] = a * (xd[i] - yd[i]);
    else
        for (sunindextype i = 0; i < n; i++)
            zd[i] = a * xd[i] + b * yd[i];
}

static void scale(realtype c, N_Vector x, N_Vector z)
{
    const realtype *xd = NV_DATA_S(x);
    realtype *zd = NV_DATA_S(z);
    sunindextype n = length(z);
    for (sunindextype i = 0; i < n; i++)
        zd[i] = c * xd[i];
}

static void constant(realtype c, N_Vector z)
{
    realtype *zd = NV_DATA_S(z);
    sunindextype n = length(z);
    for (sunindextype i = 0; i < n; i++)
        zd[i] = c;
}

static realtype wsqrsum(N_Vector x, N_Vector w)
{
    const realtype *xd = NV_DATA_S(x), *wd = NV_DATA_S(w);
    sunindextype n = length(x);
    realtype sum = 0.0;
    for (sunindextype i = 0; i < n; i++) {
        realtype p = xd[i] * wd[i];
        sum += p * p;
    }
    return sum;
}

static realtype wsqrsum_mask(N_Vector x, N_Vector w, N_Vector id)
{
    const realtype *xd = NV_DATA_S(x), *wd = NV_DATA_S(w), *idd = NV_DATA_S(id);
    sunindextype n = length(x);
    realtype sum = 0.0;
    for (sunindextype i = 0; i < n; i++)
        if (idd[i] > 0.0) {
            realtype p = xd[i] * wd[i];
            sum += p * p;
        }
    return sum;
}

static realtype wrms_norm(N_Vector x, N_Vector w)
{
    return sqrt(wsqrsum(x, w) / (realtype)length(x));
}

static realtype wrms_norm_mask(N_Vector x, N_Vector w, N_Vector id)
{
    return sqrt(wsqrsum_mask(x, w, id) / (realtype)length(x));
}

static int linear_combination(int nvec, realtype *c, N_Vector *X, N_Vector z)
{
    realtype *zd = NV_DATA_S(z);
    sunindextype n = length(z);
    for (sunindextype i = 0; i < n; i++) {
        realtype s = c[0] * NV_DATA_S(X[0])[i];
        for (int k = 1; k < nvec; k++)
            s += c[k] * NV_DATA_S(X[k])[i];
        zd[i] = s;
    }
    return 0;
}

static int scale_add_multi(int nvec, realtype *a, N_Vector x, N_Vector *Y, N_Vector *Z)
{
    const realtype *xd = NV_DATA_S(x);
    sunindextype n = length(x);
    for (int k = 0; k < nvec; k++) {
        const realtype *yd = NV_DATA_S(Y[k]);
        realtype *zd = NV_DATA_S(Z[k]);
        for (sunindextype i = 0; i < n; i++)
            zd[i] = a[k] * xd[i] + yd[i];
    }
    return 0;
}

void mbs_nvector_fast(N_Vector v)
{
    if (!v || N_VGetVectorID(v) != SUNDIALS_NVEC_SERIAL)
        return;
    v->ops->nvlinearsum = linear_sum;
    v->ops->nvscale = scale;
    v->ops->nvconst = constant;
    v->ops->nvwrmsnorm = wrms_norm;
    v->ops->nvwrmsnormmask = wrms_norm_mask;
    v->ops->nvwsqrsumlocal = wsqrsum;
    v->ops->nvwsqrsummasklocal = wsqrsum_mask;
    v->ops->nvlinearcombination = linear_combination;
    v->ops->nvscaleaddmulti = scale_add_multi;
}
