/* The augmented system [M G^T; G 0] of the consistent start and of
 * consistent output rows (augmented.h), by dense LU or KLU. */
#include "augmented.h"
#include "../../core/dense.h"
#include "../../core/vec3.h"

#include <klu.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* symbolic analyses kept (see struct mbs_augmented) */
#define MBS_AUG_PATTERNS 4

struct triplet {
    int i, j;
    double v;
};

struct mbs_augmented {
    const mbs_model *m;
    int n;
    int sparse;
    /* dense */
    double *A;
    int *piv;
    /* sparse: triplets, then CSC (Ap, Ai, Ax), factored by KLU. The
     * symbolic analysis (COLAMD ordering, as SUNDIALS' KLU module orders)
     * is kept while the pattern stays: a friction model factors this matrix
     * a few times per output row, and the ordering took a fifth of a
     * friction chain's time; the numeric factorisation is done afresh each
     * time (a refactorisation in the old pivot order gave a wrong reaction
     * at one row of the slider-crank, whose redundant rows make the matrix
     * nearly singular). */
    long nt, cap, sorted_cap;
    struct triplet *t, *t_sorted; /* (sort_triplets swaps them) */
    long *col_start;              /* [n + 1] */
    SuiteSparse_long *Ap, *Ai; /* the matrix being factored */
    double *Ax;
    long csc_cap;
    klu_l_common common;
    struct pattern {
        SuiteSparse_long *Ap, *Ai, nnz;
        klu_l_symbolic *sym;
        long used;     /* when last used (the least recently used is replaced) */
    } pat[MBS_AUG_PATTERNS]; /* an output row factors up to four: positions, velocities,
                                 accelerations, with the friction's columns */
    long uses;
    klu_l_symbolic *sym; /* of the pattern in use */
    klu_l_numeric *num;
};

mbs_augmented *mbs_augmented_create(const mbs_model *m, int sparse)
{
    mbs_augmented *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    a->m = m;
    a->n = m->nu + m->n_rows;
    a->sparse = sparse;
    if (!sparse) {
        a->A = malloc(((size_t)a->n * a->n + 1) * sizeof *a->A);
        a->piv = malloc(((size_t)a->n + 1) * sizeof *a->piv);
        if (!a->A || !a->piv) {
            mbs_augmented_free(a);
            return NULL;
        }
    } else {
        a->Ap = malloc(((size_t)a->n + 1) * sizeof *a->Ap);
        a->col_start = malloc(((size_t)a->n + 1) * sizeof *a->col_start);
        int ok = a->Ap && a->col_start;
        for (int p = 0; p < MBS_AUG_PATTERNS; p++) {
            a->pat[p].Ap = malloc(((size_t)a->n + 1) * sizeof *a->Ap);
            ok = ok && a->pat[p].Ap;
        }
        if (!ok) {
            mbs_augmented_free(a);
            return NULL;
        }
        klu_l_defaults(&a->common);
        a->common.ordering = 1; /* COLAMD */
    }
    return a;
}

static void free_sparse_solver(mbs_augmented *a)
{
    if (a->num)
        klu_l_free_numeric(&a->num, &a->common);
    for (int p = 0; p < MBS_AUG_PATTERNS; p++)
        if (a->pat[p].sym)
            klu_l_free_symbolic(&a->pat[p].sym, &a->common);
    a->num = NULL;
    a->sym = NULL;
}

void mbs_augmented_free(mbs_augmented *a)
{
    if (!a)
        return;
    free(a->A);
    free(a->piv);
    free(a->t);
    free(a->t_sorted);
    free(a->col_start);
    free_sparse_solver(a);
    free(a->Ap);
    free(a->Ai);
    free(a->Ax);
    for (int p = 0; p < MBS_AUG_PATTERNS; p++) {
        free(a->pat[p].Ap);
        free(a->pat[p].Ai);
    }
    free(a);
}

/* ---- row coefficients on velocity coordinates ---- */

void mbs_row_coefficients(const mbs_model *m, const mbs_data *d, int r,
                          void (*add)(void *ctx, int col, double value), void *ctx)
{
    const mbs_row *row = &d->rows[r];
    for (int k = 0; k < row->jac.n; k++) {
        const mbs_jterm *t = &row->jac.terms[k];
        const mbs_body *b = &m->bodies[t->body];
        int u = b->u_ofs - m->ofs_u;
        switch (b->type) {
        case MBS_BODY_RIGID: {
            double ang_body[3];
            m3_tmul_v(ang_body, d->bodies[t->body].A, t->ang);
            for (int i = 0; i < 3; i++) {
                add(ctx, u + i, t->lin[i]);
                add(ctx, u + 3 + i, ang_body[i]);
            }
            break;
        }
        case MBS_BODY_POINT:
            for (int i = 0; i < 3; i++)
                add(ctx, u + i, t->lin[i]);
            break;
        case MBS_BODY_MASS1D:
            add(ctx, u, t->lin[0]);
            break;
        case MBS_BODY_GROUND:
            break;
        }
    }
}

typedef struct dot_ctx {
    const double *u;
    double sum;
} dot_ctx;

static void add_dot(void *ctx, int col, double value)
{
    dot_ctx *c = ctx;
    c->sum += value * c->u[col];
}

void mbs_rows_times(const mbs_model *m, const mbs_data *d, const double *u, double *out)
{
    for (int r = 0; r < m->n_rows; r++) {
        dot_ctx c = {u, 0.0};
        if (d->row_active[r])
            mbs_row_coefficients(m, d, r, add_dot, &c);
        out[r] = c.sum;
    }
}

/* ---- assembly of the matrix ---- */

typedef struct put_ctx {
    mbs_augmented *a;
    int row;        /* row of the augmented matrix (nu + r) */
    int transposed; /* also the column (G^T), unless given */
    int failed;
} put_ctx;

/* Adds v at (i, j). Zeros are kept in the sparse matrix: its pattern is
 * then the structure's, not the values', and the symbolic analyses kept
 * for it apply from one output row to the next (a row coefficient or a
 * friction column exactly 0 at some instant changed it at most rows). */
static void put(mbs_augmented *a, int i, int j, double v, int *failed)
{
    if (!a->sparse) {
        a->A[(size_t)i * a->n + j] += v;
        return;
    }
    if (a->nt == a->cap) {
        long cap = a->cap ? 2 * a->cap : 1024;
        struct triplet *t = realloc(a->t, (size_t)cap * sizeof *t);
        if (!t) {
            *failed = 1;
            return;
        }
        a->t = t;
        a->cap = cap;
    }
    a->t[a->nt++] = (struct triplet){i, j, v};
}

/* G in the lower-left block and G^T in the upper-right. */
static void put_row_entry(void *ctx, int col, double value)
{
    put_ctx *c = ctx;
    put(c->a, c->row, col, value, &c->failed);
    if (c->transposed)
        put(c->a, col, c->row, value, &c->failed);
}

/* Index k with rows[k] == r, or -1. */
static int given_column(const int *rows, int n, int r)
{
    for (int k = 0; k < n; k++)
        if (rows[k] == r)
            return k;
    return -1;
}

static int fill(mbs_augmented *a, const mbs_data *d, int holonomic_only, const int *given, int n_given,
                const double *cols)
{
    const mbs_model *m = a->m;
    int failed = 0;
    for (int i = 0; i < m->n_bodies; i++) {
        const mbs_body *b = &m->bodies[i];
        int u = b->u_ofs - m->ofs_u;
        switch (b->type) {
        case MBS_BODY_RIGID:
            for (int k = 0; k < 3; k++)
                put(a, u + k, u + k, b->mass, &failed);
            for (int r = 0; r < 3; r++)
                for (int c = 0; c < 3; c++)
                    put(a, u + 3 + r, u + 3 + c, b->inertia[3 * r + c], &failed);
            break;
        case MBS_BODY_POINT:
            for (int k = 0; k < 3; k++)
                put(a, u + k, u + k, b->mass, &failed);
            break;
        case MBS_BODY_MASS1D:
            put(a, u, u, b->mass, &failed);
            break;
        case MBS_BODY_GROUND:
            break;
        }
    }
    for (int r = 0; r < m->n_rows; r++) {
        if (!d->row_active[r] || (holonomic_only && m->row_mu[r] < 0)) {
            put(a, m->nu + r, m->nu + r, 1.0, &failed);
            continue;
        }
        int k = given_column(given, n_given, r);
        put_ctx c = {a, m->nu + r, k < 0, 0};
        mbs_row_coefficients(m, d, r, put_row_entry, &c);
        failed |= c.failed;
        for (int i = 0; k >= 0 && i < m->nu; i++)
            if (cols[(size_t)k * m->nu + i] != 0.0) /* (zero outside the joint's and its readers' bodies) */
                put(a, i, m->nu + r, cols[(size_t)k * m->nu + i], &failed);
    }
    return failed ? -1 : 0;
}

static int factor_dense(mbs_augmented *a)
{
    int n = a->n;
    double amax = 0.0;
    for (long k = 0; k < (long)n * n; k++)
        amax = fmax(amax, fabs(a->A[k]));
    if (mbs_lu_factor(a->A, n, a->piv) != 0)
        return -1;
    /* partial pivoting only stops at exact zeros: treat tiny pivots as singular */
    for (int k = 0; k < n; k++)
        if (fabs(a->A[(size_t)k * n + k]) <= 1e-13 * amax)
            return -1;
    return 0;
}

/* Sorts the triplets by column, then row: a counting sort by column into
 * t_sorted (O(nt + n); qsort was 6 % of a friction chain's time, the
 * matrix being factored at every output row), then insertion by row
 * within each column (a column holds a few dozen entries). 0, or -1 out of
 * memory. */
static int sort_triplets(mbs_augmented *a)
{
    if (a->nt > a->sorted_cap) {
        struct triplet *t = realloc(a->t_sorted, (size_t)a->cap * sizeof *t);
        if (!t)
            return -1;
        a->t_sorted = t;
        a->sorted_cap = a->cap;
    }
    long *start = a->col_start;
    for (int j = 0; j <= a->n; j++)
        start[j] = 0;
    for (long k = 0; k < a->nt; k++)
        start[a->t[k].j + 1]++;
    for (int j = 0; j < a->n; j++)
        start[j + 1] += start[j];
    for (long k = 0; k < a->nt; k++)
        a->t_sorted[start[a->t[k].j]++] = a->t[k];
    for (int j = a->n; j > 0; j--) /* back to each column's start */
        start[j] = start[j - 1];
    start[0] = 0;
    for (int j = 0; j < a->n; j++)
        for (long k = start[j] + 1; k < start[j + 1]; k++) {
            struct triplet x = a->t_sorted[k];
            long l = k;
            for (; l > start[j] && a->t_sorted[l - 1].i > x.i; l--)
                a->t_sorted[l] = a->t_sorted[l - 1];
            a->t_sorted[l] = x;
        }
    struct triplet *swap = a->t;
    a->t = a->t_sorted;
    a->t_sorted = swap;
    long cap = a->cap;
    a->cap = a->sorted_cap;
    a->sorted_cap = cap;
    return 0;
}

static int factor_sparse(mbs_augmented *a)
{
    int n = a->n;
    if (sort_triplets(a) != 0)
        return -1;
    if (a->nt + 1 > a->csc_cap) {
        size_t cap = 2 * ((size_t)a->nt + 1);
        free_sparse_solver(a);
        free(a->Ai);
        free(a->Ax);
        a->Ai = malloc(cap * sizeof *a->Ai);
        a->Ax = malloc(cap * sizeof *a->Ax);
        int ok = a->Ai && a->Ax;
        for (int p = 0; p < MBS_AUG_PATTERNS; p++) {
            free(a->pat[p].Ai);
            a->pat[p].Ai = malloc(cap * sizeof *a->pat[p].Ai);
            a->pat[p].nnz = -1;
            ok = ok && a->pat[p].Ai;
        }
        if (!ok)
            return -1;
        a->csc_cap = (long)cap;
    }
    /* compress: duplicates summed */
    long nnz = 0;
    for (int j = 0; j <= n; j++)
        a->Ap[j] = 0;
    for (long k = 0; k < a->nt; k++) {
        const struct triplet *t = &a->t[k];
        if (k > 0 && t->i == a->t[k - 1].i && t->j == a->t[k - 1].j) {
            a->Ax[nnz - 1] += t->v;
            continue;
        }
        a->Ai[nnz] = t->i;
        a->Ax[nnz] = t->v;
        a->Ap[t->j + 1]++;
        nnz++;
    }
    for (int j = 0; j < n; j++)
        a->Ap[j + 1] += a->Ap[j];
    /* the symbolic analysis of this pattern, kept, or made in the oldest slot */
    struct pattern *use = NULL;
    for (int p = 0; p < MBS_AUG_PATTERNS && !use; p++) {
        struct pattern *q = &a->pat[p];
        if (q->sym && q->nnz == nnz && memcmp(q->Ap, a->Ap, ((size_t)n + 1) * sizeof *a->Ap) == 0 &&
            memcmp(q->Ai, a->Ai, (size_t)nnz * sizeof *a->Ai) == 0)
            use = q;
    }
    if (!use) {
        use = &a->pat[0];
        for (int p = 1; p < MBS_AUG_PATTERNS; p++)
            use = a->pat[p].used < use->used ? &a->pat[p] : use;
        if (use->sym)
            klu_l_free_symbolic(&use->sym, &a->common);
        memcpy(use->Ap, a->Ap, ((size_t)n + 1) * sizeof *a->Ap);
        memcpy(use->Ai, a->Ai, (size_t)(nnz > 0 ? nnz : 1) * sizeof *a->Ai);
        use->nnz = nnz;
        use->sym = klu_l_analyze(n, use->Ap, use->Ai, &a->common);
        if (!use->sym)
            return -1;
    }
    use->used = ++a->uses;
    a->sym = use->sym;
    if (a->num)
        klu_l_free_numeric(&a->num, &a->common);
    a->num = klu_l_factor(use->Ap, use->Ai, a->Ax, a->sym, &a->common);
    return a->num ? 0 : -1;
}

static int factor(mbs_augmented *a, const mbs_data *d, int holonomic_only, const int *rows, int n, const double *cols)
{
    if (!a->sparse)
        memset(a->A, 0, (size_t)a->n * a->n * sizeof *a->A);
    a->nt = 0;
    if (fill(a, d, holonomic_only, rows, n, cols) != 0)
        return -1;
    return a->sparse ? factor_sparse(a) : factor_dense(a);
}

int mbs_augmented_factor(mbs_augmented *a, const mbs_data *d, int holonomic_only)
{
    return factor(a, d, holonomic_only, NULL, 0, NULL);
}

int mbs_augmented_factor_coupled(mbs_augmented *a, const mbs_data *d, const int *rows, int n, const double *cols)
{
    return factor(a, d, 0, rows, n, cols);
}

int mbs_augmented_solve(mbs_augmented *a, double *rhs)
{
    if (!a->sparse) {
        mbs_lu_solve(a->A, a->n, a->piv, rhs);
        return 0;
    }
    if (!a->num || !klu_l_solve(a->sym, a->num, a->n, 1, rhs, &a->common))
        return -1;
    for (int i = 0; i < a->n; i++)
        if (!isfinite(rhs[i]))
            return -1;
    return 0;
}
