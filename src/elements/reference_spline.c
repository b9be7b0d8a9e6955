/* Reference_Spline (MotionSolve): a curve y(x) given by points, read by
 * expressions with AKISPL(x, z, id[, order]) (Akima), CUBSPL (natural cubic)
 * and LINSPL (straight lines); model/spline.c has the formulas. The points
 * are the element's text, x y pairs (num_xy_pair of them), x strictly
 * increasing; linear_extrap makes the curve a straight line beyond its
 * ends. Values are in whatever units the expressions that read it use. */
#include "usersub.h"
#include "../core/strutil.h"
#include "../model/spline.h"

#include <stdlib.h>
#include <string.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among Reference_Splines)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages", NULL},
    {"num_xy_pair", MBS_ATTR_INT, NULL, DIM_NONE, 0, NULL, "how many points (checked against the data)", NULL},
    {"linear_extrap", MBS_ATTR_BOOL, "FALSE", DIM_NONE, 0, NULL, "TRUE: a straight line beyond the ends", NULL},
    {"linear_extrapolate", MBS_ATTR_BOOL, NULL, DIM_NONE, 0, NULL, "the same as linear_extrap", NULL},
    {"num_x", MBS_ATTR_INT, NULL, DIM_NONE, 0, NULL, "surfaces y(x, z): not supported", NULL},
    {"num_z", MBS_ATTR_INT, NULL, DIM_NONE, 0, NULL, "surfaces y(x, z): not supported", NULL},
    {"file_name", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "data read by a user subroutine: refused", NULL},
    {"block_name", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "data read by a user subroutine: refused", NULL},
    {"points", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_CONTENT, NULL, "the points: x y pairs, white space or commas", NULL},
    MBS_USERSUB_ATTRS,
};

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    if (mbs_refuse_user_subroutine(b, e, "SPLINE_READ") != 0)
        return -1;
    if (mbs_spec_has(e, "file_name") || mbs_spec_has(e, "block_name"))
        return mbs_build_error(b, e, "reads its points from '%s' with a user subroutine (SPLINE_READ), which mbsim "
                                     "cannot run; write the points into the element",
                               mbs_spec_has(e, "file_name") ? mbs_spec_text(e, "file_name") : mbs_spec_text(e, "block_name"));
    if (mbs_spec_has(e, "num_x") || mbs_spec_has(e, "num_z"))
        return mbs_build_error(b, e, "surfaces y(x, z) (num_x, num_z) are not supported; give a curve (num_xy_pair)");
    double *v = NULL;
    int n = 0;
    char bad[64];
    int rc = mbs_parse_numbers(mbs_spec_text(e, "points"), &v, &n, bad, sizeof bad);
    if (rc == -2)
        return mbs_build_error(b, e, "points: '%s' is not a number", bad);
    if (rc != 0)
        return -1;
    int bad_count = n % 2 != 0 || n < 4;
    if (bad_count || (mbs_spec_has(e, "num_xy_pair") && mbs_spec_int(e, "num_xy_pair") != n / 2)) {
        free(v);
        if (bad_count)
            return mbs_build_error(b, e, "needs at least 2 points as x y pairs (%d numbers are given)", n);
        return mbs_build_error(b, e, "num_xy_pair is %ld but %d pairs are given", mbs_spec_int(e, "num_xy_pair"), n / 2);
    }
    mbs_spline s;
    memset(&s, 0, sizeof s);
    s.id = e->id;
    s.n = n / 2;
    s.x = malloc((size_t)s.n * sizeof *s.x);
    s.y = malloc((size_t)s.n * sizeof *s.y);
    if (!s.x || !s.y) {
        free(v);
        mbs_spline_free(&s);
        return -1;
    }
    for (int i = 0; i < s.n; i++) {
        s.x[i] = v[2 * i];
        s.y[i] = v[2 * i + 1];
    }
    free(v);
    for (int i = 1; i < s.n; i++)
        if (!(s.x[i] > s.x[i - 1])) {
            mbs_build_error(b, e, "x must increase from point to point (point %d: %g after %g)", i + 1, s.x[i],
                            s.x[i - 1]);
            mbs_spline_free(&s);
            return -1;
        }
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
    "A curve y(x) through points (the element's text: x y pairs, num_xy_pair of them, x increasing) that "
    "expressions read with AKISPL(x, z, id[, order]) (Akima's interpolation), CUBSPL (the natural cubic "
    "spline) and LINSPL (straight lines); order 1 or 2 gives the derivative by x. Beyond the ends the end "
    "pieces continue, or a straight line with linear_extrap. Surfaces (num_x, num_z) and data read by "
    "user subroutines are not supported.",
    build,
    NULL,
};
