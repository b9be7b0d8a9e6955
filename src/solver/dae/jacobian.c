/* Finite-difference iteration matrix, one residual per column colour.
 * Increments follow IDA's own difference quotients: for column j
 *   inc_j = max(sqrt(uround) max(|y_j|, |h y'_j|), 1/ewt_j), signed like h y'_j
 * (1/ewt_j, about the absolute tolerance, keeps a variable at zero, e.g. a
 * quaternion component, from getting an increment lost in roundoff),
 * and y_j += inc_j, y'_j += cj inc_j together, so that one quotient gives
 * dF/dy_j + cj dF/dy'_j. */
#include "jacobian.h"
#include "residual.h"

#include <math.h>
#include <float.h>
#include <stdlib.h>
#include <string.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>

int mbs_jacobian_init(mbs_jacobian *J, const mbs_model *m, mbs_data *d, const mbs_pattern *p)
{
    memset(J, 0, sizeof *J);
    J->m = m;
    J->d = d;
    J->p = p;
    size_t n = (size_t)m->ny + 1;
    J->y = malloc(n * sizeof *J->y);
    J->yp = malloc(n * sizeof *J->yp);
    J->res = malloc(n * sizeof *J->res);
    J->inc = malloc(n * sizeof *J->inc);
    if (!J->y || !J->yp || !J->res || !J->inc) {
        mbs_jacobian_free(J);
        return -1;
    }
    return 0;
}

void mbs_jacobian_free(mbs_jacobian *J)
{
    free(J->y);
    free(J->yp);
    free(J->res);
    free(J->inc);
    J->y = J->yp = J->res = J->inc = NULL;
}

/* IDA zeroes the matrix, structure included, before asking for it: the
 * sparse structure is set again every time. */
static void prepare_matrix(SUNMatrix A, const mbs_pattern *p)
{
    if (SUNMatGetID(A) != SUNMATRIX_SPARSE) {
        SUNMatZero(A);
        return;
    }
    sunindextype *cp = SUNSparseMatrix_IndexPointers(A);
    sunindextype *ri = SUNSparseMatrix_IndexValues(A);
    for (int j = 0; j <= p->n; j++)
        cp[j] = (sunindextype)p->colptr[j];
    for (long k = 0; k < p->nnz; k++)
        ri[k] = p->rowind[k];
    memset(SUNSparseMatrix_Data(A), 0, (size_t)p->nnz * sizeof(double));
}

static void store_column(SUNMatrix A, const mbs_pattern *p, int j, const double *res, const double *r0, double inc)
{
    if (SUNMatGetID(A) == SUNMATRIX_SPARSE) {
        double *v = SUNSparseMatrix_Data(A);
        for (long k = p->colptr[j]; k < p->colptr[j + 1]; k++)
            v[k] = (res[p->rowind[k]] - r0[p->rowind[k]]) / inc;
    } else {
        double *col = SUNDenseMatrix_Column(A, j);
        for (long k = p->colptr[j]; k < p->colptr[j + 1]; k++)
            col[p->rowind[k]] = (res[p->rowind[k]] - r0[p->rowind[k]]) / inc;
    }
}

double mbs_difference_increment(double y, double yp, double h, double w)
{
    return fmax(sqrt(DBL_EPSILON) * fmax(fabs(y), fabs(h * yp)), 1.0 / w);
}

int mbs_jacobian_eval(mbs_jacobian *J, double t, double cj, const double *y, const double *yp, const double *r0,
                      double h, const double *ewt, SUNMatrix A)
{
    const mbs_pattern *p = J->p;
    int n = J->m->ny;
    double srur = sqrt(DBL_EPSILON);
    memcpy(J->y, y, (size_t)n * sizeof *y);
    memcpy(J->yp, yp, (size_t)n * sizeof *yp);
    prepare_matrix(A, p);
    int failed = 0;
    for (int c = 0; c < p->n_colors && !failed; c++) {
        for (int k = p->color_ptr[c]; k < p->color_ptr[c + 1]; k++) {
            int j = p->by_color[k];
            /* unit weights: 1/w = sqrt(uround) (a power of 2: exact) */
            double inc = mbs_difference_increment(y[j], yp[j], h, ewt ? ewt[j] : 1.0 / srur);
            if (h * yp[j] < 0)
                inc = -inc;
            inc = (y[j] + inc) - y[j];
            J->inc[j] = inc;
            J->y[j] += inc;
            J->yp[j] += cj * inc;
        }
        J->d->eval_failed = 0;
        mbs_residual(J->m, J->d, t, J->y, J->yp, J->res);
        failed = J->d->eval_failed;
        J->residual_evals++;
        for (int k = p->color_ptr[c]; k < p->color_ptr[c + 1]; k++) {
            int j = p->by_color[k];
            store_column(A, p, j, J->res, r0, J->inc[j]);
            J->y[j] = y[j];
            J->yp[j] = yp[j];
        }
    }
    J->evaluations++;
    return failed ? 1 : 0;
}
