/* Reference_Spline (MotionSolve): a curve y(x), or a surface y(x, z) (a
 * family of curves over the same x, one at each z), given by points and
 * read by expressions with AKISPL(x, z, id[, order]) (Akima), CUBSPL
 * (natural cubic) and LINSPL (straight lines); model/spline.c has the
 * formulas. The points are the element's text:
 *   a curve     rows  x y                  (num_xy_pair or num_x of them)
 *   a surface   first the num_z values z_1 .. z_num_z, then num_x rows
 *               x  y(x, z_1) .. y(x, z_num_z)
 * x (and z) strictly increasing; linear_extrap makes each curve a straight
 * line beyond its ends. Values are in whatever units the expressions that
 * read it use. */
#include "usersub.h"
#include "../core/strutil.h"
#include "../model/spline.h"

#include <stdlib.h>
#include <string.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among Reference_Splines)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages", NULL},
    {"num_xy_pair", MBS_ATTR_INT, NULL, DIM_NONE, 0, NULL, "a curve: how many points (checked against the data)", NULL},
    {"linear_extrap", MBS_ATTR_BOOL, "FALSE", DIM_NONE, 0, NULL, "TRUE: a straight line beyond the ends", NULL},
    {"linear_extrapolate", MBS_ATTR_BOOL, NULL, DIM_NONE, 0, NULL, "the same as linear_extrap", NULL},
    {"num_x", MBS_ATTR_INT, NULL, DIM_NONE, 0, NULL,
     "how many x values (rows); a curve's num_xy_pair as MotionView writes it", NULL},
    {"num_z", MBS_ATTR_INT, NULL, DIM_NONE, 0, NULL,
     "a surface y(x, z): how many z values (curves); the text starts with them", NULL},
    {"file_name", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "data read by a user subroutine: refused", NULL},
    {"block_name", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "data read by a user subroutine: refused", NULL},
    {"points", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_CONTENT, NULL,
     "the points: rows x y (a curve), or the z values then rows x y_1 .. y_num_z (a surface); numbers "
     "separated by white space, new lines or commas", NULL},
    MBS_USERSUB_ATTRS,
};

/* "num_x is 3 but the text holds 4 rows" and the like; -1. */
static int count_error(mbs_builder *b, const mbs_spec_elem *e, const char *what, long given, int found,
                       const char *unit)
{
    return mbs_build_error(b, e, "%s is %ld but the text holds %d %s", what, given, found, unit);
}

/* The shape of the data: points per curve (*n) and curves (*nz); -1 after
 * reporting when the counts given disagree with each other or the text. */
static int data_shape(mbs_builder *b, const mbs_spec_elem *e, int count, int *n, int *nz)
{
    int has_pairs = mbs_spec_has(e, "num_xy_pair"), has_x = mbs_spec_has(e, "num_x");
    long pairs = has_pairs ? mbs_spec_int(e, "num_xy_pair") : 0, nx = has_x ? mbs_spec_int(e, "num_x") : 0;
    if (has_pairs && has_x && pairs != nx)
        return mbs_build_error(b, e, "num_xy_pair (%ld) and num_x (%ld) disagree", pairs, nx);
    if (!mbs_spec_has(e, "num_z")) {
        *nz = 1;
        *n = count / 2;
        if (count % 2 != 0 || count < 4)
            return mbs_build_error(b, e, "needs at least 2 points as rows x y (%d numbers are given)", count);
        if ((has_pairs || has_x) && (has_pairs ? pairs : nx) != *n)
            return count_error(b, e, has_pairs ? "num_xy_pair" : "num_x", has_pairs ? pairs : nx, *n, "rows x y");
        return 0;
    }
    long z = mbs_spec_int(e, "num_z");
    if (has_pairs)
        return mbs_build_error(b, e, "num_xy_pair is a curve's count: a surface (num_z) gives num_x");
    if (!has_x)
        return mbs_build_error(b, e, "a surface (num_z) needs num_x (how many rows x y_1 .. y_num_z follow the z values)");
    if (z < 2 || nx < 2)
        return mbs_build_error(b, e, "a surface needs num_z >= 2 curves of num_x >= 2 points (num_z is %ld, num_x %ld)",
                               z, nx);
    if (z > count || nx > count || (double)z + (double)nx * (double)(z + 1) != (double)count)
        return mbs_build_error(b, e,
                               "num_z %ld and num_x %ld ask for %ld z values and %ld rows of %ld numbers, %.0f in "
                               "all, but the text holds %d",
                               z, nx, z, nx, z + 1, (double)z + (double)nx * (double)(z + 1), count);
    *n = (int)nx;
    *nz = (int)z;
    return 0;
}

/* Fills s (x, z, y) from the numbers v in the text's layout. */
static int fill(mbs_spline *s, const double *v)
{
    s->x = malloc((size_t)s->n * sizeof *s->x);
    s->y = malloc((size_t)s->n * (size_t)s->nz * sizeof *s->y);
    s->z = s->nz > 1 ? malloc((size_t)s->nz * sizeof *s->z) : NULL;
    if (!s->x || !s->y || (s->nz > 1 && !s->z))
        return -1;
    int head = s->nz > 1 ? s->nz : 0, row = s->nz + 1;
    for (int k = 0; k < head; k++)
        s->z[k] = v[k];
    for (int i = 0; i < s->n; i++) {
        s->x[i] = v[head + i * row];
        for (int k = 0; k < s->nz; k++)
            s->y[(size_t)k * (size_t)s->n + (size_t)i] = v[head + i * row + 1 + k];
    }
    return 0;
}

/* x (and z) strictly increasing; -1 after reporting. */
static int check_increasing(mbs_builder *b, const mbs_spec_elem *e, const mbs_spline *s)
{
    for (int i = 1; i < s->n; i++)
        if (!(s->x[i] > s->x[i - 1]))
            return mbs_build_error(b, e, "x must increase from point to point (point %d: %g after %g)", i + 1,
                                   s->x[i], s->x[i - 1]);
    for (int k = 1; s->z && k < s->nz; k++)
        if (!(s->z[k] > s->z[k - 1]))
            return mbs_build_error(b, e, "the z values must increase (z %d: %g after %g)", k + 1, s->z[k],
                                   s->z[k - 1]);
    return 0;
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    if (mbs_refuse_user_subroutine(b, e, "SPLINE_READ") != 0)
        return -1;
    if (mbs_spec_has(e, "file_name") || mbs_spec_has(e, "block_name"))
        return mbs_build_error(b, e, "reads its points from '%s' with a user subroutine (SPLINE_READ), which mbsim "
                                     "cannot run; write the points into the element",
                               mbs_spec_has(e, "file_name") ? mbs_spec_text(e, "file_name") : mbs_spec_text(e, "block_name"));
    double *v = NULL;
    int count = 0;
    if (mbs_build_numbers(b, e, "points", &v, &count) != 0)
        return -1;
    mbs_spline s;
    memset(&s, 0, sizeof s);
    if (data_shape(b, e, count, &s.n, &s.nz) != 0 || fill(&s, v) != 0 || check_increasing(b, e, &s) != 0) {
        free(v);
        mbs_spline_free(&s);
        return -1;
    }
    free(v);
    s.id = e->id;
    s.linear_extrapolate = mbs_spec_has(e, "linear_extrapolate") ? mbs_spec_bool(e, "linear_extrapolate")
                                                                  : mbs_spec_bool(e, "linear_extrap");
    s.label = mbs_strdup(e->label);
    mbs_model *m = mbs_builder_model(b);
    mbs_spline *grown = realloc(m->splines, (size_t)(m->n_splines + 1) * sizeof *grown);
    if (!grown || mbs_spline_prepare(&s) != 0) {
        if (grown)
            m->splines = grown;
        mbs_spline_free(&s);
        return -1;
    }
    m->splines = grown;
    m->splines[m->n_splines] = s;
    return mbs_builder_set_index(b, e, m->n_splines++);
}

const mbs_kind mbs_kind_reference_spline = {
    "Reference_Spline", MBS_FAMILY_SPLINE, MBS_IN_MODEL, MBS_STAGE_DATA, ATTRS, MBS_COUNT_OF(ATTRS),
    "A curve y(x) or a surface y(x, z) through points, read by expressions with AKISPL(x, z, id[, order]) "
    "(Akima's interpolation), CUBSPL (the natural cubic spline) and LINSPL (straight lines); order 1 or 2 "
    "gives the derivative by x. The points are the element's text: a curve's rows x y (num_xy_pair or, as "
    "MotionView writes it, num_x of them); a surface's num_z values of z first, then num_x rows x y(x, z_1) "
    ".. y(x, z_num_z). x and z increase. A surface is interpolated along x by the method on each curve and "
    "linearly in z between the curves around z (the end pair continued beyond the first and last z). "
    "Beyond the ends of x the end pieces continue, or a straight line with linear_extrap. Data read by user "
    "subroutines is not supported.",
    build,
    NULL,
};
