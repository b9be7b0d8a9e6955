/* The Newton systems of the joint formulation with the mass-matrix Newton
 * matrix (joint_system.h, MBS_NEWTON_MASS), as a SUNDIALS linear solver.
 * The matrix has the block form
 *
 *        [ T  B ]      T = [ c_j I  -K    ]   on the tree's q, qd
 *        [ C  K ]          [ 0      c_j M ]    (K = I but for quaternions)
 *
 * with B, C, K on the few other variables (multipliers of loop rows, free
 * bodies, element states), which joint_newton.c writes into a dense matrix
 * (T it keeps to itself: x2 = (c_j M)^-1 r2 by articulated bodies in
 * O(bodies), x1 = (r1 + x2) / c_j; T also holds revolute joint friction's
 * bristles, which its solve eliminates joint by joint into c_j M as an
 * armature). The rest by the Schur complement
 * S = K - C T^-1 B (dense LU, core/dense.h):
 *   x_k = S^-1 (r_k - C T^-1 r_t),  x_t = T^-1 r_t - (T^-1 B) x_k.
 * Setup costs at most n_k tree solves (columns of B with one tree entry on
 * the same row share one) and the LU of S, a solve one tree solve and
 * 2 n n_k + nnz(C) + n_k^2, against the dense LU of all 2n + n_k variables
 * (measured: half the time of the 64-link chain), or the Cholesky factor
 * of c_j M (n^3 / 3 per matrix, n^2 per solve: 30 % of the 128-link chain). */
#include "tree_solver.h"
#include "../dae/sundials_compat.h"
#include "../../core/dense.h"

#include <stdlib.h>
#include <string.h>

typedef struct tree_solver {
    int nt, nk, nj; /* the tree's variables (positions and rates), the others, all (nj = nt + nk) */
    mbs_tree_block tree;
    double *W;      /* [nt x nk] T^-1 B */
    double *S;      /* [nk x nk] LU of the Schur complement */
    int *ipiv;      /* [nk] */
    double *z;      /* [nj] scratch */
    /* C's nonzeros by tree column (compressed at setup): a kept bristle's
     * row reads its own joint's coordinates only, so S = K - C W costs
     * n_k nnz(C) instead of n_k^2 n_t (a 64-link friction chain: 129 kept
     * variables, where the dense product made the joint formulation slower
     * than the absolute one) */
    int *c_start, *c_row;  /* [nt + 1], [nt x nk] */
    int *unit_col;         /* [nt] the kept column whose W is T^-1 e_l times its entry, or -1 (setup) */
    double *c_val;         /* [nt x nk] */
    long last_flag;
} tree_solver;

#define CONTENT(ls) ((tree_solver *)(ls)->content)

static void solve_tree(const tree_solver *t, const double *r, double *x)
{
    t->tree.solve(t->tree.user, r, x);
}

static int setup(SUNLinearSolver ls, SUNMatrix A)
{
    tree_solver *t = CONTENT(ls);
    const double *J = mbs_tree_matrix_kept(A), *C = mbs_tree_matrix_rows(A);
    int nt = t->nt, nk = t->nk, nj = t->nj;
    if (t->tree.factored(t->tree.user) != 0) {
        t->last_flag = -1;
        return SUNLS_LUFACT_FAIL; /* recoverable: IDA retries with a new matrix, a smaller step */
    }
    /* W = T^-1 B a column at a time; a column whose tree part is one entry
     * (a joint friction's bristle acts on its own joint's rate only) is a
     * multiple of T^-1 e_i, solved once for all the columns on row i (the
     * two bristles of each joint of a friction chain) */
    for (int l = 0; l < nt; l++)
        t->unit_col[l] = -1;
    for (int k = 0; k < nk; k++) {
        const double *Bk = J + (size_t)k * nj;
        double *Wk = t->W + (size_t)k * nt;
        int single = -1, count = 0;
        for (int l = 0; l < nt && count < 2; l++)
            if (Bk[l] != 0.0) {
                single = l;
                count++;
            }
        if (count == 0) { /* (the dissipated energy's: it drives nothing) */
            memset(Wk, 0, (size_t)nt * sizeof *Wk);
            continue;
        }
        int k0 = count == 1 ? t->unit_col[single] : -1;
        if (k0 < 0) {
            solve_tree(t, Bk, Wk);
            if (count == 1)
                t->unit_col[single] = k;
            continue;
        }
        double scale = Bk[single] / J[(size_t)k0 * nj + single];
        const double *W0 = t->W + (size_t)k0 * nt;
        for (int l = 0; l < nt; l++)
            Wk[l] = scale * W0[l];
    }
    int nnz = 0;
    for (int l = 0; l < nt; l++) {
        t->c_start[l] = nnz;
        for (int i = 0; i < nk; i++)
            if (C[(size_t)l * nk + i] != 0.0) {
                t->c_row[nnz] = i;
                t->c_val[nnz++] = C[(size_t)l * nk + i];
            }
    }
    t->c_start[nt] = nnz;
    for (int k = 0; k < nk; k++) {
        double *Sk = t->S + (size_t)k * nk;
        const double *Wk = t->W + (size_t)k * nt;
        for (int i = 0; i < nk; i++)
            Sk[i] = J[(size_t)k * nj + nt + i];
        for (int l = 0; l < nt; l++)
            for (int e = t->c_start[l]; e < t->c_start[l + 1]; e++)
                Sk[t->c_row[e]] -= t->c_val[e] * Wk[l];
    }
    int singular = mbs_lu_factor(t->S, nk, t->ipiv); /* (S by columns) */
    t->last_flag = singular;
    return singular ? SUNLS_LUFACT_FAIL : 0;
}

static int solve(SUNLinearSolver ls, SUNMatrix A, N_Vector xv, N_Vector bv, double tol)
{
    (void)tol;
    (void)A; /* C as setup compressed it */
    tree_solver *t = CONTENT(ls);
    const double *b = N_VGetArrayPointer(bv);
    double *x = N_VGetArrayPointer(xv);
    int nt = t->nt, nk = t->nk;
    solve_tree(t, b, t->z); /* z = T^-1 r_t */
    double *xk = x + nt;
    for (int i = 0; i < nk; i++)
        xk[i] = b[nt + i];
    for (int l = 0; l < nt; l++)
        for (int e = t->c_start[l]; e < t->c_start[l + 1]; e++)
            xk[t->c_row[e]] -= t->c_val[e] * t->z[l];
    mbs_lu_solve_cols(t->S, nk, t->ipiv, xk, 1);
    for (int l = 0; l < nt; l++) {
        double s = t->z[l];
        for (int k = 0; k < nk; k++)
            s -= t->W[(size_t)k * nt + l] * xk[k];
        x[l] = s;
    }
    t->last_flag = 0;
    return 0;
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
    free(t->W);
    free(t->S);
    free(t->ipiv);
    free(t->z);
    free(t->c_start);
    free(t->c_row);
    free(t->c_val);
    free(t->unit_col);
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

SUNLinearSolver mbs_tree_solver_create(int nt, int nk, const mbs_tree_block *tree, SUNContext ctx)
{
    tree_solver *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->nt = nt;
    t->nk = nk;
    t->nj = nt + nk;
    t->tree = *tree;
    t->W = malloc(((size_t)nt * nk + 1) * sizeof *t->W);
    t->S = malloc(((size_t)nk * nk + 1) * sizeof *t->S);
    t->ipiv = malloc(((size_t)nk + 1) * sizeof *t->ipiv);
    t->z = malloc(((size_t)t->nj + 1) * sizeof *t->z);
    t->c_start = calloc((size_t)nt + 1, sizeof *t->c_start);
    t->unit_col = malloc(((size_t)nt + 1) * sizeof *t->unit_col);
    t->c_row = malloc(((size_t)nt * nk + 1) * sizeof *t->c_row);
    t->c_val = malloc(((size_t)nt * nk + 1) * sizeof *t->c_val);
    SUNLinearSolver ls = t->W && t->S && t->ipiv && t->z && t->c_start && t->c_row && t->c_val && t->unit_col
                             ? SUNLinSolNewEmpty(ctx)
                             : NULL;
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

/* ---- the matrix: only the blocks B, K (the kept columns, all rows) and C
 * (the kept rows on the tree's columns); T is the tree's own. IDA zeroes
 * it before every Jacobian: O(n n_k), where a dense matrix of all
 * variables cost O(n^2) (13 % of the 1024-link chain). ---- */

typedef struct tree_matrix {
    int n2, nk, nj; /* the tree's variables, the others, all */
    double *kept; /* [nj x nk] column major */
    double *rows; /* [nk x n2] column major */
} tree_matrix;

#define MATRIX(A) ((tree_matrix *)(A)->content)

double *mbs_tree_matrix_kept(SUNMatrix A)
{
    return MATRIX(A)->kept;
}

double *mbs_tree_matrix_rows(SUNMatrix A)
{
    return MATRIX(A)->rows;
}

static SUNMatrix_ID matrix_id(SUNMatrix A)
{
    (void)A;
    return SUNMATRIX_CUSTOM;
}

static int matrix_zero(SUNMatrix A)
{
    tree_matrix *t = MATRIX(A);
    memset(t->kept, 0, (size_t)t->nj * (size_t)t->nk * sizeof *t->kept);
    memset(t->rows, 0, (size_t)t->nk * (size_t)t->n2 * sizeof *t->rows);
    return 0;
}

static void matrix_destroy(SUNMatrix A)
{
    if (!A)
        return;
    tree_matrix *t = MATRIX(A);
    if (t) {
        free(t->kept);
        free(t->rows);
        free(t);
    }
    A->content = NULL;
    SUNMatFreeEmpty(A);
}

static int matrix_space(SUNMatrix A, long *real_words, long *int_words)
{
    tree_matrix *t = MATRIX(A);
    *real_words = (long)t->nj * t->nk + (long)t->nk * t->n2;
    *int_words = 3;
    return 0;
}

SUNMatrix mbs_tree_matrix_create(int nt, int nk, SUNContext ctx)
{
    tree_matrix *t = calloc(1, sizeof *t);
    SUNMatrix A = t ? SUNMatNewEmpty(ctx) : NULL;
    if (!A) {
        free(t);
        return NULL;
    }
    A->content = t;
    A->ops->getid = matrix_id;
    A->ops->zero = matrix_zero;
    A->ops->destroy = matrix_destroy;
    A->ops->space = matrix_space;
    t->n2 = nt;
    t->nk = nk;
    t->nj = nt + nk;
    t->kept = calloc((size_t)t->nj * (size_t)nk + 1, sizeof *t->kept);
    t->rows = calloc((size_t)nk * (size_t)t->n2 + 1, sizeof *t->rows);
    if (!t->kept || !t->rows) {
        matrix_destroy(A);
        return NULL;
    }
    return A;
}
