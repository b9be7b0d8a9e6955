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
    size_t n = (size_t)m->ny + 1;
    J->y = malloc(n * sizeof *J->y);
    J->yp = malloc(n * sizeof *J->yp);
    J->res = malloc(n * sizeof *J->res);
    J->inc = malloc(n * sizeof *J->inc);
    J->base = malloc(n * sizeof *J->base);
    J->rows0 = malloc(n * sizeof *J->rows0);
    J->rows = malloc(n * sizeof *J->rows);
    J->skip = calloc((size_t)m->n_comps + 1, 1);
    if (!J->y || !J->yp || !J->res || !J->inc || !J->base || !J->rows0 || !J->rows || !J->skip) {
        mbs_jacobian_free(J);
        return -1;
    }
    mbs_jacobian_use_pattern(J, p);
    return 0;
}

void mbs_jacobian_free(mbs_jacobian *J)
{
    free(J->y);
    free(J->yp);
    free(J->res);
    free(J->inc);
    free(J->base);
    free(J->rows0);
    free(J->rows);
    free(J->skip);
    J->y = J->yp = J->res = J->inc = J->base = J->rows0 = J->rows = NULL;
    J->skip = NULL;
}

void mbs_jacobian_use_pattern(mbs_jacobian *J, const mbs_pattern *p)
{
    J->p = p;
    J->n_skipped = 0;
    for (int c = 0; c < J->m->n_comps; c++) {
        J->skip[c] = p->coupling[c] != MBS_COUPLING_COLOURED;
        J->n_skipped += J->skip[c];
    }
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

/* Where A keeps its values: a sparse matrix's data (in the pattern's
 * order), or a dense one's columns. */
typedef struct values {
    const mbs_pattern *p;
    double *data;    /* sparse */
    SUNMatrix dense; /* or NULL */
} values;

static values values_of(SUNMatrix A, const mbs_pattern *p)
{
    int sparse = SUNMatGetID(A) == SUNMATRIX_SPARSE;
    return (values){p, sparse ? SUNSparseMatrix_Data(A) : NULL, sparse ? NULL : A};
}

/* Column j's differences, but in the entries that only elements
 * differenced alone fill (another body of the column's colour moves
 * those rows). */
static void store_column(const values *A, int j, const double *res, const double *r0, double inc)
{
    const mbs_pattern *p = A->p;
    double *col = A->dense ? SUNDenseMatrix_Column(A->dense, j) : NULL;
    for (long k = p->colptr[j]; k < p->colptr[j + 1]; k++) {
        if (p->alone[k])
            continue;
        double slope = (res[p->rowind[k]] - r0[p->rowind[k]]) / inc;
        if (col)
            col[p->rowind[k]] = slope;
        else
            A->data[k] = slope;
    }
}

/* Adds v at (row i, column j), an entry of the pattern. */
static void add_entry(const values *A, int i, int j, double v)
{
    if (A->dense) {
        SUNDenseMatrix_Column(A->dense, j)[i] += v;
        return;
    }
    const mbs_pattern *p = A->p;
    long lo = p->colptr[j], hi = p->colptr[j + 1] - 1; /* rows sorted within the column */
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (p->rowind[mid] < i)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < p->colptr[j + 1] && p->rowind[lo] == i)
        A->data[lo] += v;
}

double mbs_difference_increment(double y, double yp, double h, double w)
{
    return fmax(sqrt(DBL_EPSILON) * fmax(fabs(y), fabs(h * yp)), 1.0 / w);
}

/* Column j's increment (see above), rounded to what y_j + inc holds. */
static double increment(int j, const double *y, const double *yp, double h, const double *ewt)
{
    /* unit weights: 1/w = sqrt(uround) (a power of 2: exact) */
    double inc = mbs_difference_increment(y[j], yp[j], h, ewt ? ewt[j] : 1.0 / sqrt(DBL_EPSILON));
    if (h * yp[j] < 0)
        inc = -inc;
    return (y[j] + inc) - y[j];
}

/* What element c's loads add to its bodies' Newton-Euler rows at the
 * bodies' states in the data: those rows with its loads alone less them
 * without (mbs_residual_body), into out (their rows; the rest untouched). */
static void load_rows(mbs_jacobian *J, const mbs_component *c, double t, double *out)
{
    const mbs_model *m = J->m;
    mbs_data *d = J->d;
    for (int k = 0; k < c->n_bodies; k++) {
        mbs_body_state *s = &d->bodies[c->bodies[k]];
        memset(s->f, 0, sizeof s->f);
        memset(s->tq, 0, sizeof s->tq);
        mbs_residual_body(m, d, c->bodies[k], J->y, J->yp, J->res);
        const mbs_body *b = &m->bodies[c->bodies[k]];
        for (int r = b->u_ofs; r < b->u_ofs + b->nu; r++)
            out[r] = J->res[r];
    }
    mbs_eval ev = {m, d, t, J->y, J->yp, J->res};
    c->ops->eval(c, &ev);
    for (int k = 0; k < c->n_bodies; k++) {
        mbs_residual_body(m, d, c->bodies[k], J->y, J->yp, J->res);
        const mbs_body *b = &m->bodies[c->bodies[k]];
        for (int r = b->u_ofs; r < b->u_ofs + b->nu; r++)
            out[r] = J->res[r] - out[r];
    }
}

/* Element c differenced alone: its load rows by each position and
 * velocity of its bodies (one evaluation of c per column), added into A
 * on top of what the coloured residuals (without c) gave. */
static void difference_alone(mbs_jacobian *J, int ci, double t, double cj, const double *y, const double *yp,
                             double h, const double *ewt, const values *A)
{
    const mbs_model *m = J->m;
    const mbs_component *c = &m->comps[ci];
    if (!mbs_component_active(m, J->d, ci))
        return;
    load_rows(J, c, t, J->rows0);
    for (int k = 0; k < c->n_bodies; k++) {
        int body = c->bodies[k];
        const mbs_body *b = &m->bodies[body];
        for (int part = 0; part < 2; part++) {
            int first = part ? b->u_ofs : b->q_ofs, count = part ? b->nu : b->nq;
            for (int j = first; j < first + count; j++) {
                double inc = increment(j, y, yp, h, ewt);
                J->y[j] += inc;
                J->yp[j] += cj * inc;
                mbs_update_body(m, J->d, body, J->y, J->yp);
                load_rows(J, c, t, J->rows);
                for (int k2 = 0; k2 < c->n_bodies; k2++) {
                    const mbs_body *b2 = &m->bodies[c->bodies[k2]];
                    for (int r = b2->u_ofs; r < b2->u_ofs + b2->nu; r++)
                        add_entry(A, r, j, (J->rows[r] - J->rows0[r]) / inc);
                }
                J->y[j] = y[j];
                J->yp[j] = yp[j];
            }
        }
        mbs_update_body(m, J->d, body, J->y, J->yp);
    }
}

int mbs_jacobian_eval(mbs_jacobian *J, double t, double cj, const double *y, const double *yp, const double *r0,
                      double h, const double *ewt, SUNMatrix A)
{
    const mbs_pattern *p = J->p;
    const mbs_model *m = J->m;
    int n = m->ny;
    memcpy(J->y, y, (size_t)n * sizeof *y);
    memcpy(J->yp, yp, (size_t)n * sizeof *yp);
    prepare_matrix(A, p);
    values v = values_of(A, p);
    /* the coloured differences from the residual without the elements they leave out */
    const double *base = r0;
    const char *skip = J->n_skipped ? J->skip : NULL;
    if (skip) {
        J->d->eval_failed = 0;
        mbs_residual_without(m, J->d, t, y, yp, skip, J->base);
        J->residual_evals++;
        base = J->base;
    }
    int failed = J->d->eval_failed;
    for (int c = 0; c < p->n_colors && !failed; c++) {
        for (int k = p->color_ptr[c]; k < p->color_ptr[c + 1]; k++) {
            int j = p->by_color[k];
            double inc = increment(j, y, yp, h, ewt);
            J->inc[j] = inc;
            J->y[j] += inc;
            J->yp[j] += cj * inc;
        }
        J->d->eval_failed = 0;
        mbs_residual_without(m, J->d, t, J->y, J->yp, skip, J->res);
        failed = J->d->eval_failed;
        J->residual_evals++;
        for (int k = p->color_ptr[c]; k < p->color_ptr[c + 1]; k++) {
            int j = p->by_color[k];
            store_column(&v, j, J->res, base, J->inc[j]);
            J->y[j] = y[j];
            J->yp[j] = yp[j];
        }
    }
    if (skip && !failed) {
        mbs_update_bodies(m, J->d, y, yp);
        for (int c = 0; c < m->n_comps; c++)
            if (p->coupling[c] == MBS_COUPLING_ALONE)
                difference_alone(J, c, t, cj, y, yp, h, ewt, &v);
    }
    J->evaluations++;
    return failed ? 1 : 0;
}
