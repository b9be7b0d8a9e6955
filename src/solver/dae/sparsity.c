/* Which residual rows depend on which variables (y and y' together).
 *
 * Per body b (rows and columns of its q, u and quaternion multiplier):
 *   everything of b on everything of b.
 * Per element c coupling bodies B, with multipliers L (lambda), M (mu) and
 * states Z of its own, and multipliers and states D of the elements it
 * reads (a joint's reaction, a Reference_Variable's value):
 *   rows kin(B), dyn(B), L, M, Z   x  columns q(B)
 *   rows dyn(B), L, Z              x  columns u(B)
 *   rows dyn(B), Z                 x  columns L, Z, D
 *   rows kin(B)                    x  columns M
 * A "decoupled" element (gravity) acts on each body alone: covered by the
 * body blocks. An element whose states are eliminated (joint friction whose
 * bristle rows friction_refresh.c takes from its recorded slopes) has no Z:
 * its bristles' rows and columns keep only their diagonal, and what they
 * couple is folded into its bodies' rows and columns, which the element's
 * own couplings hold already (rows dyn(B) x columns u(B)). An element
 * differenced alone (MBS_COUPLING_ALONE: a contact near enough to touch,
 * jacobian.c) adds
 *   rows dyn(B)                    x  columns q(B), u(B)
 * outside the colouring: the coloured residuals leave it out, so two
 * bodies it joins may share a colour, and its entries are its own
 * differences'; one apart (MBS_COUPLING_NONE) adds nothing. The dissipated-energy row depends on every element, but
 * nothing depends on it: only its diagonal is kept, which costs Newton at
 * most an extra iteration on that one variable and keeps the colouring
 * independent of the model size. */
#include "sparsity.h"

#include <stdlib.h>
#include <string.h>

typedef struct entries {
    long n, cap;
    long long *key; /* row * ny + col */
    int ny;
} entries;

static int add(entries *e, int row, int col)
{
    if (e->n == e->cap) {
        long cap = e->cap ? 2 * e->cap : 4096;
        long long *k = realloc(e->key, (size_t)cap * sizeof *k);
        if (!k)
            return -1;
        e->key = k;
        e->cap = cap;
    }
    e->key[e->n++] = (long long)col * e->ny + row;
    return 0;
}

#define MAX_RANGES 96 /* enough for MBS_MAX_TERMS bodies per element */

typedef struct range_list {
    int start[MAX_RANGES], len[MAX_RANGES];
    int n;
    int overflow;
} range_list;

static void push(range_list *r, int start, int len)
{
    if (len <= 0)
        return;
    if (r->n == MAX_RANGES) {
        r->overflow = 1;
        return;
    }
    r->start[r->n] = start;
    r->len[r->n] = len;
    r->n++;
}

static int add_block(entries *e, const range_list *rows, const range_list *cols)
{
    if (rows->overflow || cols->overflow)
        return -1;
    for (int a = 0; a < rows->n; a++)
        for (int i = rows->start[a]; i < rows->start[a] + rows->len[a]; i++)
            for (int b = 0; b < cols->n; b++)
                for (int j = cols->start[b]; j < cols->start[b] + cols->len[b]; j++)
                    if (add(e, i, j) != 0)
                        return -1;
    return 0;
}

static int compare_keys(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

static int body_blocks(const mbs_model *m, entries *e)
{
    for (int i = 0; i < m->n_bodies; i++) {
        const mbs_body *b = &m->bodies[i];
        if (b->type == MBS_BODY_GROUND)
            continue;
        range_list all = {.n = 0};
        push(&all, b->q_ofs, b->nq);
        push(&all, b->u_ofs, b->nu);
        if (b->quat_mu >= 0)
            push(&all, m->ofs_mu + b->quat_mu, 1);
        if (add_block(e, &all, &all) != 0)
            return -1;
    }
    return 0;
}

/* The rows/columns of element c's own multipliers and states. */
static void own_ranges(const mbs_model *m, const mbs_component *c, range_list *L, range_list *M, range_list *Z)
{
    push(L, m->ofs_lambda + c->row_ofs, c->n_hrows + c->n_vrows);
    if (c->n_hrows > 0)
        push(M, m->ofs_mu + m->row_mu[c->row_ofs], c->n_hrows); /* holonomic rows have consecutive mu */
    push(Z, m->ofs_z + c->state_ofs, c->n_states);
}

static int component_block(const mbs_model *m, const mbs_component *c, int eliminated, entries *e)
{
    if (c->decoupled)
        return 0;
    range_list q = {.n = 0}, u = {.n = 0}, kin = {.n = 0}, dyn = {.n = 0};
    range_list L = {.n = 0}, M = {.n = 0}, Z = {.n = 0}, D = {.n = 0};
    for (int k = 0; k < c->n_bodies; k++) {
        const mbs_body *b = &m->bodies[c->bodies[k]];
        push(&q, b->q_ofs, b->nq);
        push(&kin, b->q_ofs, b->nq);
        if (b->quat_mu >= 0) {
            push(&q, m->ofs_mu + b->quat_mu, 1); /* its normalisation row depends on q too */
            push(&kin, m->ofs_mu + b->quat_mu, 1);
        }
        push(&u, b->u_ofs, b->nu);
        push(&dyn, b->u_ofs, b->nu);
    }
    own_ranges(m, c, &L, &M, &Z);
    if (eliminated)
        Z.n = 0;
    for (int k = 0; k < c->n_depends; k++) {
        const mbs_component *o = &m->comps[c->depends[k]];
        push(&D, m->ofs_lambda + o->row_ofs, o->n_hrows + o->n_vrows);
        push(&D, m->ofs_z + o->state_ofs, o->n_states); /* e.g. a variable an expression reads */
    }
    range_list rows_q = kin;
    for (int k = 0; k < dyn.n; k++) push(&rows_q, dyn.start[k], dyn.len[k]);
    for (int k = 0; k < L.n; k++) push(&rows_q, L.start[k], L.len[k]);
    for (int k = 0; k < M.n; k++) push(&rows_q, M.start[k], M.len[k]);
    for (int k = 0; k < Z.n; k++) push(&rows_q, Z.start[k], Z.len[k]);
    range_list rows_u = dyn;
    for (int k = 0; k < L.n; k++) push(&rows_u, L.start[k], L.len[k]);
    for (int k = 0; k < Z.n; k++) push(&rows_u, Z.start[k], Z.len[k]);
    range_list rows_lz = dyn;
    for (int k = 0; k < Z.n; k++) push(&rows_lz, Z.start[k], Z.len[k]);
    range_list cols_lz = L;
    for (int k = 0; k < Z.n; k++) push(&cols_lz, Z.start[k], Z.len[k]);
    for (int k = 0; k < D.n; k++) push(&cols_lz, D.start[k], D.len[k]);
    if (add_block(e, &rows_q, &q) || add_block(e, &rows_u, &u) || add_block(e, &rows_lz, &cols_lz) ||
        add_block(e, &kin, &M))
        return -1;
    return 0;
}

/* An element differenced alone: its forces on its bodies, by their
 * positions and velocities. */
static int alone_block(const mbs_model *m, const mbs_component *c, entries *e)
{
    range_list qu = {.n = 0}, dyn = {.n = 0};
    for (int k = 0; k < c->n_bodies; k++) {
        const mbs_body *b = &m->bodies[c->bodies[k]];
        push(&qu, b->q_ofs, b->nq);
        push(&qu, b->u_ofs, b->nu);
        push(&dyn, b->u_ofs, b->nu);
    }
    return add_block(e, &dyn, &qu);
}

static int colour(mbs_pattern *p, const char *eliminated_column)
{
    int n = p->n;
    p->color = malloc(((size_t)n + 1) * sizeof *p->color);
    int *mark = malloc(((size_t)n + 1) * sizeof *mark);
    if (!p->color || !mark) {
        free(mark);
        return -1;
    }
    for (int j = 0; j < n; j++)
        mark[j] = -1;
    p->n_colors = 0;
    /* greedy distance-2 colouring: a column may not share a colour with any
     * column it shares a row with */
    for (int j = 0; j < n; j++) {
        if (eliminated_column[j]) {
            p->color[j] = -1;
            continue;
        }
        for (long a = p->colptr[j]; a < p->colptr[j + 1]; a++) {
            int r = p->rowind[a];
            for (long b = p->rowptr[r]; b < p->rowptr[r + 1]; b++) {
                int k = p->colind[b];
                if (k < j && p->color[k] >= 0)
                    mark[p->color[k]] = j;
            }
        }
        int c = 0;
        while (c < n && mark[c] == j)
            c++;
        p->color[j] = c;
        if (c + 1 > p->n_colors)
            p->n_colors = c + 1;
    }
    free(mark);
    p->color_ptr = calloc((size_t)p->n_colors + 2, sizeof *p->color_ptr);
    p->by_color = malloc(((size_t)n + 1) * sizeof *p->by_color);
    if (!p->color_ptr || !p->by_color)
        return -1;
    for (int j = 0; j < n; j++)
        if (p->color[j] >= 0)
            p->color_ptr[p->color[j] + 1]++;
    for (int c = 0; c < p->n_colors; c++)
        p->color_ptr[c + 1] += p->color_ptr[c];
    int *fill = calloc((size_t)p->n_colors + 1, sizeof *fill);
    if (!fill)
        return -1;
    for (int j = 0; j < n; j++)
        if (p->color[j] >= 0)
            p->by_color[p->color_ptr[p->color[j]] + fill[p->color[j]]++] = j;
    free(fill);
    return 0;
}

/* Sorts the keys and drops repeats; their number. */
static long sort_unique(entries *e)
{
    if (e->n == 0)
        return 0;
    qsort(e->key, (size_t)e->n, sizeof *e->key, compare_keys);
    long n = 0;
    for (long i = 0; i < e->n; i++)
        if (i == 0 || e->key[i] != e->key[i - 1])
            e->key[n++] = e->key[i];
    return e->n = n;
}

/* p's structure (by columns and by rows) from sorted unique keys. */
static int structure(mbs_pattern *p, const long long *key, long nnz)
{
    free(p->colptr);
    free(p->rowind);
    free(p->rowptr);
    free(p->colind);
    p->nnz = nnz;
    p->colptr = calloc((size_t)p->n + 1, sizeof *p->colptr);
    p->rowind = malloc(((size_t)nnz + 1) * sizeof *p->rowind);
    p->rowptr = calloc((size_t)p->n + 1, sizeof *p->rowptr);
    p->colind = malloc(((size_t)nnz + 1) * sizeof *p->colind);
    long *fill = calloc((size_t)p->n + 1, sizeof *fill);
    if (!p->colptr || !p->rowind || !p->rowptr || !p->colind || !fill) {
        free(fill);
        return -1;
    }
    for (long i = 0; i < nnz; i++) {
        int col = (int)(key[i] / p->n), row = (int)(key[i] % p->n);
        p->rowind[i] = row;
        p->colptr[col + 1]++;
        p->rowptr[row + 1]++;
    }
    for (int j = 0; j < p->n; j++) {
        p->colptr[j + 1] += p->colptr[j];
        p->rowptr[j + 1] += p->rowptr[j];
    }
    for (long i = 0; i < nnz; i++) {
        int col = (int)(key[i] / p->n), row = (int)(key[i] % p->n);
        p->colind[p->rowptr[row] + fill[row]++] = col;
    }
    free(fill);
    return 0;
}

/* The entries differenced alone joined to the coloured ones (both sorted
 * unique) into merged, the alone-only ones flagged in p->alone. */
static int join_alone(mbs_pattern *p, const entries *coloured, const entries *alone, entries *merged)
{
    long a = 0, b = 0;
    while (a < coloured->n || b < alone->n) {
        long long k;
        if (b == alone->n || (a < coloured->n && coloured->key[a] <= alone->key[b])) {
            k = coloured->key[a];
            if (b < alone->n && alone->key[b] == k)
                b++;
            a++;
        } else {
            k = alone->key[b++];
        }
        if (add(merged, (int)(k % p->n), (int)(k / p->n)) != 0)
            return -1;
    }
    p->alone = calloc((size_t)merged->n + 1, 1);
    if (!p->alone)
        return -1;
    for (long i = 0, c = 0; i < merged->n; i++) {
        while (c < coloured->n && coloured->key[c] < merged->key[i])
            c++;
        p->alone[i] = !(c < coloured->n && coloured->key[c] == merged->key[i]);
    }
    return 0;
}

mbs_pattern *mbs_pattern_build(const mbs_model *m, const char *eliminated, const char *coupling)
{
    entries e = {0, 0, NULL, m->ny}, alone = {0, 0, NULL, m->ny}, merged = {0, 0, NULL, m->ny};
    int ok = body_blocks(m, &e) == 0;
    for (int c = 0; ok && c < m->n_comps; c++) {
        int how = coupling ? coupling[c] : MBS_COUPLING_COLOURED;
        if (how == MBS_COUPLING_COLOURED)
            ok = component_block(m, &m->comps[c], eliminated && eliminated[c], &e) == 0;
        else if (how == MBS_COUPLING_ALONE)
            ok = alone_block(m, &m->comps[c], &alone) == 0;
    }
    for (int i = 0; ok && i < m->ny; i++)
        ok = add(&e, i, i) == 0; /* every diagonal: algebraic rows included */
    mbs_pattern *p = ok ? calloc(1, sizeof *p) : NULL;
    if (p) {
        p->n = m->ny;
        sort_unique(&e);
        sort_unique(&alone);
        p->analytic = calloc((size_t)p->n + 1, 1);
        p->coupling = malloc((size_t)m->n_comps + 1);
        ok = p->analytic && p->coupling && structure(p, e.key, e.n) == 0;
        for (int c = 0; ok && eliminated && c < m->n_comps; c++)
            if (eliminated[c])
                memset(p->analytic + m->ofs_z + m->comps[c].state_ofs, 1, (size_t)m->comps[c].n_states);
        for (int c = 0; ok && c < m->n_comps; c++)
            p->coupling[c] = (char)(coupling ? coupling[c] : MBS_COUPLING_COLOURED);
        /* the colours from the coloured entries; the matrix holds the alone ones too */
        ok = ok && colour(p, p->analytic) == 0 && join_alone(p, &e, &alone, &merged) == 0 &&
             structure(p, merged.key, merged.n) == 0;
    }
    free(e.key);
    free(alone.key);
    free(merged.key);
    if (!ok) {
        mbs_pattern_free(p);
        return NULL;
    }
    return p;
}

char *mbs_pattern_start_coupling(const mbs_model *m, const char *eliminated, int *failed)
{
    int follow = 0;
    for (int c = 0; c < m->n_comps; c++) {
        follow |= m->comps[c].ops->near != NULL;
        if (eliminated && eliminated[c])
            return NULL;
    }
    if (!follow)
        return NULL;
    char *coupling = malloc((size_t)m->n_comps + 1);
    if (!coupling) {
        *failed = 1;
        return NULL;
    }
    for (int c = 0; c < m->n_comps; c++)
        coupling[c] = m->comps[c].ops->near ? MBS_COUPLING_NONE : MBS_COUPLING_COLOURED;
    return coupling;
}

void mbs_pattern_free(mbs_pattern *p)
{
    if (!p)
        return;
    free(p->colptr);
    free(p->rowind);
    free(p->rowptr);
    free(p->colind);
    free(p->analytic);
    free(p->color);
    free(p->by_color);
    free(p->color_ptr);
    free(p->alone);
    free(p->coupling);
    free(p);
}
