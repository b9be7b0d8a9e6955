/* Reference_Matrix (MotionSolve): a real nrow x ncol matrix, given as the
 * element's text in one of two layouts:
 *   dense    nrow * ncol values, by columns (a_11 a_21 .. a_nrow,1 a_12 ..),
 *            or by rows with isroworder="TRUE";
 *   sparse   issparse="TRUE": nval rows "i j a_ij" (i, j from 1), the
 *            entries not given 0.
 * The state matrices of a Control_StateEqn (A, B, C, D) name it. */
#include "usersub.h"
#include "../core/strutil.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among Reference_Matrices)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages", NULL},
    {"nrow", MBS_ATTR_INT, NULL, DIM_NONE, MBS_REQUIRED, NULL, "rows (>= 1)", NULL},
    {"ncol", MBS_ATTR_INT, NULL, DIM_NONE, MBS_REQUIRED, NULL, "columns (>= 1)", NULL},
    {"isroworder", MBS_ATTR_BOOL, "FALSE", DIM_NONE, 0, NULL,
     "dense: TRUE when the values are given row by row (default column by column)", NULL},
    {"issparse", MBS_ATTR_BOOL, "FALSE", DIM_NONE, 0, NULL,
     "TRUE: the text is rows i j a_ij of the entries that are not 0", NULL},
    {"nval", MBS_ATTR_INT, NULL, DIM_NONE, 0, NULL, "sparse: how many entries (checked against the text)", NULL},
    {"values", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_CONTENT, NULL,
     "the values (dense) or the rows i j a_ij (sparse), separated by white space, new lines or commas", NULL},
    MBS_USERSUB_ATTRS,
};

/* An index of a sparse entry: a whole number 1 .. n; -1 after reporting. */
static int entry_index(mbs_builder *b, const mbs_spec_elem *e, int k, double v, int n, const char *what)
{
    if (v != floor(v) || v < 1 || v > n)
        return mbs_build_error(b, e, "entry %d: the %s index %g is not a whole number from 1 to %d", k + 1, what, v, n);
    return (int)v - 1;
}

static int fill_sparse(mbs_builder *b, const mbs_spec_elem *e, const double *v, int count, mbs_matrix *mx)
{
    if (count % 3 != 0)
        return mbs_build_error(b, e, "issparse: the text holds %d numbers, not rows of three (i j a_ij)", count);
    int nval = count / 3;
    if (mbs_spec_has(e, "nval") && mbs_spec_int(e, "nval") != nval)
        return mbs_build_error(b, e, "nval is %ld but the text holds %d entries", mbs_spec_int(e, "nval"), nval);
    unsigned char *given = calloc((size_t)mx->nrow * (size_t)mx->ncol, 1);
    if (!given)
        return -1;
    for (int k = 0; k < nval; k++) {
        int i = entry_index(b, e, k, v[3 * k], mx->nrow, "row");
        int j = i < 0 ? -1 : entry_index(b, e, k, v[3 * k + 1], mx->ncol, "column");
        if (j < 0) {
            free(given);
            return -1;
        }
        size_t at = (size_t)i * (size_t)mx->ncol + (size_t)j;
        if (given[at]) {
            free(given);
            return mbs_build_error(b, e, "entry (%d, %d) is given twice", i + 1, j + 1);
        }
        given[at] = 1;
        mx->a[at] = v[3 * k + 2];
    }
    free(given);
    return 0;
}

static int fill_dense(mbs_builder *b, const mbs_spec_elem *e, const double *v, int count, mbs_matrix *mx)
{
    if (mbs_spec_has(e, "nval"))
        return mbs_build_error(b, e, "nval counts a sparse matrix's entries: give issparse=\"TRUE\" with it");
    if ((long)count != (long)mx->nrow * mx->ncol)
        return mbs_build_error(b, e, "nrow %d x ncol %d asks for %ld values but the text holds %d", mx->nrow, mx->ncol,
                               (long)mx->nrow * mx->ncol, count);
    int by_rows = mbs_spec_bool(e, "isroworder");
    for (int k = 0; k < count; k++) {
        int i = by_rows ? k / mx->ncol : k % mx->nrow, j = by_rows ? k % mx->ncol : k / mx->nrow;
        mx->a[(size_t)i * (size_t)mx->ncol + (size_t)j] = v[k];
    }
    return 0;
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    if (mbs_refuse_user_subroutine(b, e, "MATRIX_READ") != 0)
        return -1;
    long nrow = mbs_spec_int(e, "nrow"), ncol = mbs_spec_int(e, "ncol");
    if (nrow < 1 || ncol < 1 || nrow > 100000 || ncol > 100000 || nrow * ncol > 10000000)
        return mbs_build_error(b, e, "nrow and ncol must be from 1 to 100000, with at most 10^7 entries (nrow %ld, "
                                     "ncol %ld)",
                               nrow, ncol);
    double *v = NULL;
    int count = 0;
    if (mbs_build_numbers(b, e, "values", &v, &count) != 0)
        return -1;
    mbs_matrix mx = {e->id, NULL, (int)nrow, (int)ncol, calloc((size_t)(nrow * ncol), sizeof(double))};
    int rc = !mx.a ? -1
             : mbs_spec_bool(e, "issparse") ? fill_sparse(b, e, v, count, &mx)
                                            : fill_dense(b, e, v, count, &mx);
    free(v);
    mbs_model *m = mbs_builder_model(b);
    mbs_matrix *grown = rc == 0 ? realloc(m->matrices, (size_t)(m->n_matrices + 1) * sizeof *grown) : NULL;
    if (!grown) {
        free(mx.a);
        return -1;
    }
    mx.label = mbs_strdup(e->label);
    m->matrices = grown;
    m->matrices[m->n_matrices] = mx;
    return mbs_builder_set_index(b, e, m->n_matrices++);
}

const mbs_kind mbs_kind_reference_matrix = {
    "Reference_Matrix", MBS_FAMILY_MATRIX, MBS_IN_MODEL, MBS_STAGE_DATA, ATTRS, MBS_COUNT_OF(ATTRS),
    "A real nrow x ncol matrix, the element's text: nrow * ncol values column by column (MotionSolve's "
    "default), or row by row with isroworder; or, with issparse, nval rows i j a_ij (from 1) of the entries "
    "that are not 0. Control_StateEqn's A, B, C and D matrices name it.",
    build,
    NULL,
};
