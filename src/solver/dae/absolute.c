/* The DAE in absolute coordinates as a formulation (formulation.h): IDA
 * integrates y itself. Its residual is residual.c's; its Newton matrix is
 * differenced by colours on the pattern of the elements' couplings
 * (jacobian.c, sparsity.c) and factored by KLU or dense LU, the choice made
 * by size (mbs_choose_linear_solver); joint friction whose slopes are
 * recorded has its bristle rows made fresh at every solve around that
 * solver (friction_refresh.c); its error weights are weights.c's. */
#include "formulation.h"
#include "friction_refresh.h"
#include "jacobian.h"
#include "residual.h"
#include "sundials_compat.h"
#include "weights.h"
#include "../../model/layout.h"

#include <stdlib.h>
#include <string.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunlinsol/sunlinsol_klu.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>

typedef struct absolute {
    const mbs_model *m;
    mbs_data *d;
    const mbs_pattern *p;
    int sparse;
    mbs_jacobian jac;
    mbs_friction_refresh *refresh; /* with joint friction: the linear solver keeps its rows fresh */
    /* following which contacts are near (the pattern's couplings not all
     * COLOURED): the pattern of the last Newton matrix (p, or `own`), the
     * couplings now, the matrix and KLU to set up anew when it changes */
    int follows_near;
    mbs_pattern *own;
    char *coupling;
    SUNMatrix A;
    SUNLinearSolver klu;
    double cj_analysed; /* c_j of the matrix KLU last chose its pivots on (0: none yet) */
} absolute;

static int size(const void *self)
{
    return ((const absolute *)self)->m->ny;
}

static int contract(void *self, double t, const double *y, const double *yp, double *x, double *xp, char *msg,
                    size_t msgsize)
{
    (void)t;
    (void)msg;
    (void)msgsize;
    const absolute *a = self;
    memcpy(x, y, (size_t)a->m->ny * sizeof *y);
    memcpy(xp, yp, (size_t)a->m->ny * sizeof *yp);
    return 0;
}

static int expand(void *self, const double *x, const double *xp, double *y, double *yp, const double **yo,
                  const double **ypo)
{
    (void)self;
    (void)y;
    (void)yp;
    *yo = x;
    *ypo = xp;
    return 0;
}

static void residual(void *self, double t, const double *x, const double *xp, double *res)
{
    absolute *a = self;
    mbs_residual(a->m, a->d, t, x, xp, res);
}

static void tolerances(void *self, const mbs_solver_settings *s, double *atol, double *id)
{
    mbs_abs_tolerances(((const absolute *)self)->m, s, atol, id);
}

static void weights(void *self, const double *x, const double *atol, double rtol, double h, double energy_returned,
                    double *w)
{
    const absolute *a = self;
    mbs_abs_weights(a->m, NULL, a->m->ny, x, atol, rtol, h, energy_returned, w);
}

/* KLU reports a singular matrix as an unrecoverable failure, the dense
 * solver as a recoverable one: IDA then retries with a fresh Jacobian and a
 * smaller step. Both should behave alike, so KLU's is made recoverable. */
static int klu_setup_recoverable(SUNLinearSolver S, SUNMatrix A)
{
    int rc = SUNLinSolSetup_KLU(S, A);
    return rc == MBS_SUNLS_PACKAGE_FAIL ? SUNLS_LUFACT_FAIL : rc;
}

static mbs_linear_solver linear_solver(void *self, SUNContext ctx, N_Vector tmpl, SUNMatrix *A, SUNLinearSolver *LS)
{
    absolute *a = self;
    int n = a->m->ny;
    mbs_linear_solver kind;
    if (a->sparse) {
        *A = SUNSparseMatrix(n, n, a->p->nnz, CSC_MAT, ctx);
        *LS = *A ? SUNLinSol_KLU(tmpl, *A, ctx) : NULL;
        if (*LS)
            (*LS)->ops->setup = klu_setup_recoverable;
        a->A = *A;
        a->klu = *LS;
        kind = MBS_LS_KLU;
    } else {
        *A = SUNDenseMatrix(n, n, ctx);
        *LS = *A ? SUNLinSol_Dense(tmpl, *A, ctx) : NULL;
        kind = MBS_LS_DENSE;
    }
    if (*LS && mbs_friction_refresh_wanted(a->m))
        *LS = mbs_friction_refresh_solver(*LS, a->m, a->d, a->p, &a->refresh);
    return kind;
}

/* The couplings at (t, x, x'): each element that follows nearness
 * (ops->near) differenced alone while near, else apart. Where one has
 * come near that the pattern leaves out, a pattern of them takes its
 * place (also leaving out those gone apart since), the matrix grows to
 * hold it and KLU analyses it anew at its next factorisation; one gone
 * apart alone keeps the pattern (its differences cost an evaluation of
 * it per column of its bodies, a new analysis more). 0, or -1 when out
 * of memory. */
static int follow_near(absolute *a, double t, double cj, const double *x, const double *xp)
{
    const mbs_model *m = a->m;
    mbs_update_bodies(m, a->d, x, xp);
    mbs_eval ev = {m, a->d, t, x, xp, a->d->res_scratch};
    int came_near = 0;
    for (int c = 0; c < m->n_comps; c++) {
        if (!m->comps[c].ops->near)
            continue;
        int near = mbs_component_active(m, a->d, c) && m->comps[c].ops->near(&m->comps[c], &ev);
        a->coupling[c] = (char)(near ? MBS_COUPLING_ALONE : MBS_COUPLING_NONE);
        came_near |= near && a->p->coupling[c] != MBS_COUPLING_ALONE;
    }
    if (!came_near)
        return 0;
    mbs_pattern *p = mbs_pattern_build(m, NULL, a->coupling);
    if (!p)
        return -1;
    if (a->klu) {
        if (SUNSparseMatrix_NNZ(a->A) < p->nnz && SUNSparseMatrix_Reallocate(a->A, p->nnz) != 0) {
            mbs_pattern_free(p);
            return -1;
        }
        if (SUNLinSol_KLUReInit(a->klu, a->A, SUNSparseMatrix_NNZ(a->A), SUNKLU_REINIT_PARTIAL) != SUNLS_SUCCESS) {
            mbs_pattern_free(p);
            return -1;
        }
        a->cj_analysed = cj;
    }
    mbs_jacobian_use_pattern(&a->jac, p);
    mbs_pattern_free(a->own);
    a->own = p;
    a->p = p;
    return 0;
}

/* KLU refactors on the pivots it chose when it last analysed the matrix.
 * Following nearness, that analysis comes wherever a contact comes near,
 * at whatever c_j = alpha/h the step had (a step tried 1e7 times longer
 * than the one IDA then cut it to); the mass terms c_j M against the
 * contacts' stiffness and the constraints' rows then weigh otherwise, the
 * old pivots lose the solve's accuracy, and Newton failed down to the
 * smallest step in a heap of 50 balls (bench/contact_spheres.sh, stepping
 * on with the step of before). So KLU analyses anew where c_j has moved
 * by more than MBS_KLU_CJ_DRIFT either way since. */
#define MBS_KLU_CJ_DRIFT 100.0

static int fresh_pivots(absolute *a, double cj)
{
    if (!a->klu)
        return 0;
    int stale = a->cj_analysed > 0 &&
                (cj > MBS_KLU_CJ_DRIFT * a->cj_analysed || cj * MBS_KLU_CJ_DRIFT < a->cj_analysed);
    if (stale &&
        SUNLinSol_KLUReInit(a->klu, a->A, SUNSparseMatrix_NNZ(a->A), SUNKLU_REINIT_PARTIAL) != SUNLS_SUCCESS)
        return -1;
    if (stale || a->cj_analysed == 0)
        a->cj_analysed = cj;
    return 0;
}

static int newton_matrix(void *self, double t, double cj, double h, const double *x, const double *xp,
                         const double *r, double *w, const double *atol, SUNMatrix J)
{
    absolute *a = self;
    if (a->follows_near && (follow_near(a, t, cj, x, xp) != 0 || fresh_pivots(a, cj) != 0))
        return -1;
    mbs_abs_increment_weights(a->m, NULL, atol, w);
    if (a->refresh)
        mbs_friction_refresh_matrix_begin(a->refresh, cj);
    int rc = mbs_jacobian_eval(&a->jac, t, cj, x, xp, r, h, w, J);
    if (a->refresh)
        mbs_friction_refresh_matrix_end(a->refresh, J);
    return rc;
}

static void newton_counts(const void *self, long *matrices, long *residuals)
{
    const absolute *a = self;
    *matrices = a->jac.evaluations;
    *residuals = a->jac.residual_evals;
}

static int never(const void *self)
{
    (void)self;
    return 0;
}

static int always(const void *self)
{
    (void)self;
    return 1;
}

static const char *accept(void *self, double t, const double *x)
{
    (void)self;
    (void)t;
    (void)x;
    return NULL; /* the elements follow the step themselves */
}

static int row(void *self, double t, double *x, double *xp, double *y, double *yp)
{
    (void)self;
    (void)t;
    (void)x;
    (void)xp;
    (void)y;
    (void)yp;
    return -1; /* makes_rows: never */
}

static int abs_index(const void *self, int i)
{
    (void)self;
    return i;
}

static void describe(const void *self, int i, char *out, size_t size)
{
    mbs_layout_describe(((const absolute *)self)->m, i, 0, out, size);
}

static void free_absolute(void *self)
{
    absolute *a = self;
    mbs_jacobian_free(&a->jac);
    mbs_pattern_free(a->own);
    free(a->coupling);
    free(a);
}

static const mbs_dae_ops OPS = {
    .size = size,
    .contract = contract,
    .expand = expand,
    .residual = residual,
    .tolerances = tolerances,
    .weights = weights,
    .linear_solver = linear_solver,
    .newton_matrix = newton_matrix,
    .newton_counts = newton_counts,
    .matrix_every_cj = never,
    .accept = accept,
    .makes_rows = never,
    .row = row,
    .full_multipliers = always,
    .abs_index = abs_index,
    .describe = describe,
    .free = free_absolute,
};

mbs_dae mbs_dae_absolute(const mbs_model *m, mbs_data *d, const mbs_pattern *p, int sparse)
{
    absolute *a = calloc(1, sizeof *a);
    if (a) {
        *a = (absolute){.m = m, .d = d, .p = p, .sparse = sparse};
        for (int c = 0; c < m->n_comps; c++)
            a->follows_near |= p->coupling[c] != MBS_COUPLING_COLOURED;
        a->coupling = a->follows_near ? malloc((size_t)m->n_comps + 1) : NULL;
        if (a->coupling)
            memcpy(a->coupling, p->coupling, (size_t)m->n_comps);
        if ((a->follows_near && !a->coupling) || mbs_jacobian_init(&a->jac, m, d, p) != 0) {
            free(a->coupling); /* (mbs_jacobian_init frees what it took) */
            free(a);
            a = NULL;
        }
    }
    return (mbs_dae){&OPS, a};
}
