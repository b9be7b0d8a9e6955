/* The Newton systems of the joint formulation with the mass-matrix Newton
 * matrix (joint_system.h, MBS_NEWTON_MASS), as a SUNDIALS linear solver.
 * The matrix (dense, as joint_system.c fills it) has the block form
 *
 *        [ T  B ]      T = [ c_j I  -I    ]   on the tree's q, qd
 *        [ C  K ]          [ 0      c_j M ]
 *
 * with B, C, K on the few other variables (multipliers of loop rows, free
 * bodies, element states). T is solved by the Cholesky factor of c_j M
 * (x2 = (c_j M)^-1 r2, x1 = (r1 + x2) / c_j), the rest by the Schur
 * complement S = K - C T^-1 B (LU):
 *   x_k = S^-1 (r_k - C T^-1 r_t),  x_t = T^-1 r_t - (T^-1 B) x_k.
 * Setup costs n^3/6 + (2n) n_k solves, a solve 2 n^2 + 4 n n_k + n_k^2,
 * against (2n + n_k)^3 / 3 and (2n + n_k)^2 for the dense LU of the whole.
 * LAPACK's dpotrf/dgetrf do the factorisations, BLAS's dtrsv the
 * triangular solves of one right-hand side (dpotrs goes through dtrsm,
 * made for many: 2.5 times slower here, measured on the 64-link chain). */
#include "tree_solver.h"
#include "sundials_compat.h"

#include <stdlib.h>
#include <string.h>
#include <sunmatrix/sunmatrix_dense.h>

extern void dpotrf_(const char *uplo, const int *n, double *a, const int *lda, int *info, size_t uplo_len);
extern void dtrsv_(const char *uplo, const char *trans, const char *diag, const int *n, const double *a,
                   const int *lda, double *x, const int *incx, size_t uplo_len, size_t trans_len, size_t diag_len);
extern void dgetrf_(const int *m, const int *n, double *a, const int *lda, int *ipiv, int *info);
extern void dgetrs_(const char *trans, const int *n, const int *nrhs, const double *a, const int *lda,
                    const int *ipiv, double *b, const int *ldb, int *info, size_t trans_len);

typedef struct tree_solver {
    int n, nk, nj;  /* coordinates, other variables, all (nj = 2n + nk) */
    double cj;      /* the diagonal of the q block */
    double *P;      /* [n x n] Cholesky factor of c_j M */
    double *W;      /* [2n x nk] T^-1 B */
    double *S;      /* [nk x nk] LU of the Schur complement */
    int *ipiv;      /* [nk] */
    double *z;      /* [nj] scratch */
    long last_flag;
} tree_solver;

#define CONTENT(ls) ((tree_solver *)(ls)->content)

/* x = T^-1 r (x, r of length 2n; may be the same) */
static void solve_tree(const tree_solver *t, const double *r, double *x)
{
    int n = t->n, one = 1;
    if (x != r)
        memcpy(x, r, (size_t)(2 * n) * sizeof *x);
    if (n > 0) { /* (L L^T) x2 = r2 */
        dtrsv_("L", "N", "N", &n, t->P, &n, x + n, &one, 1, 1, 1);
        dtrsv_("L", "T", "N", &n, t->P, &n, x + n, &one, 1, 1, 1);
    }
    for (int i = 0; i < n; i++)
        x[i] = (x[i] + x[n + i]) / t->cj;
}

static int setup(SUNLinearSolver ls, SUNMatrix A)
{
    tree_solver *t = CONTENT(ls);
    const double *J = SUNDenseMatrix_Data(A);
    int n = t->n, nk = t->nk, nj = t->nj, info = 0;
    t->cj = n > 0 ? J[0] : 1.0;
    for (int c = 0; c < n; c++)
        memcpy(t->P + (size_t)c * n, J + (size_t)(n + c) * nj + n, (size_t)n * sizeof *t->P);
    if (n > 0)
        dpotrf_("L", &n, t->P, &n, &info, 1);
    if (info != 0) {
        t->last_flag = info;
        return SUNLS_LUFACT_FAIL; /* recoverable: IDA retries with a new matrix, a smaller step */
    }
    for (int k = 0; k < nk; k++)
        solve_tree(t, J + (size_t)(2 * n + k) * nj, t->W + (size_t)k * 2 * n);
    for (int k = 0; k < nk; k++)
        for (int i = 0; i < nk; i++) {
            double s = J[(size_t)(2 * n + k) * nj + 2 * n + i];
            for (int l = 0; l < 2 * n; l++)
                s -= J[(size_t)l * nj + 2 * n + i] * t->W[(size_t)k * 2 * n + l];
            t->S[(size_t)k * nk + i] = s;
        }
    if (nk > 0)
        dgetrf_(&nk, &nk, t->S, &nk, t->ipiv, &info);
    t->last_flag = info;
    return info == 0 ? 0 : SUNLS_LUFACT_FAIL;
}

static int solve(SUNLinearSolver ls, SUNMatrix A, N_Vector xv, N_Vector bv, double tol)
{
    (void)tol;
    tree_solver *t = CONTENT(ls);
    const double *J = SUNDenseMatrix_Data(A), *b = N_VGetArrayPointer(bv);
    double *x = N_VGetArrayPointer(xv);
    int n = t->n, nk = t->nk, nj = t->nj, one = 1, info = 0;
    solve_tree(t, b, t->z); /* z = T^-1 r_t */
    double *xk = x + 2 * n;
    for (int i = 0; i < nk; i++) {
        double s = b[2 * n + i];
        for (int l = 0; l < 2 * n; l++)
            s -= J[(size_t)l * nj + 2 * n + i] * t->z[l];
        xk[i] = s;
    }
    if (nk > 0)
        dgetrs_("N", &nk, &one, t->S, &nk, t->ipiv, xk, &nk, &info, 1);
    for (int l = 0; l < 2 * n; l++) {
        double s = t->z[l];
        for (int k = 0; k < nk; k++)
            s -= t->W[(size_t)k * 2 * n + l] * xk[k];
        x[l] = s;
    }
    t->last_flag = info;
    return info == 0 ? 0 : SUNLS_LUFACT_FAIL;
}

static SUNLinearSolver_Type get_type(SUNLinearSolver ls)
{
    (void)ls;
    return SUNLINEARSOLVER_DIRECT;
}

static SUNLinearSolver_ID get_id(SUNLinearSolver ls)
{
    (void)ls;
    return SUNLINEARSOLVER_CUSTOM;
}

static int initialize(SUNLinearSolver ls)
{
    CONTENT(ls)->last_flag = 0;
    return 0;
}

static sunindextype last_flag(SUNLinearSolver ls)
{
    return (sunindextype)CONTENT(ls)->last_flag;
}

static void free_content(tree_solver *t)
{
    if (!t)
        return;
    free(t->P);
    free(t->W);
    free(t->S);
    free(t->ipiv);
    free(t->z);
    free(t);
}

static int destroy(SUNLinearSolver ls)
{
    if (!ls)
        return 0;
    free_content(CONTENT(ls));
    ls->content = NULL;
    SUNLinSolFreeEmpty(ls);
    return 0;
}

SUNLinearSolver mbs_tree_solver_create(int n, int nk, SUNContext ctx)
{
    tree_solver *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->n = n;
    t->nk = nk;
    t->nj = 2 * n + nk;
    t->P = malloc(((size_t)n * n + 1) * sizeof *t->P);
    t->W = malloc(((size_t)2 * n * nk + 1) * sizeof *t->W);
    t->S = malloc(((size_t)nk * nk + 1) * sizeof *t->S);
    t->ipiv = malloc(((size_t)nk + 1) * sizeof *t->ipiv);
    t->z = malloc(((size_t)t->nj + 1) * sizeof *t->z);
    SUNLinearSolver ls = t->P && t->W && t->S && t->ipiv && t->z ? SUNLinSolNewEmpty(ctx) : NULL;
    if (!ls) {
        free_content(t);
        return NULL;
    }
    ls->content = t;
    ls->ops->gettype = get_type;
    ls->ops->getid = get_id;
    ls->ops->initialize = initialize;
    ls->ops->setup = setup;
    ls->ops->solve = solve;
    ls->ops->lastflag = last_flag;
    ls->ops->free = destroy;
    return ls;
}
