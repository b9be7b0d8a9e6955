/* Body_Point (mbsim extension): a point mass, three translational
 * coordinates q = r (global), u = v; m dv/dt = f. It has no orientation:
 * markers on it translate with it and keep their initial axes. */
#include "reference_marker.h"
#include "../core/vec3.h"

#include <string.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among the elements of this name; another element may share it)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"cg_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "marker at the point's initial position", NULL},
    {"mass", MBS_ATTR_REAL, NULL, DIM_MASS, MBS_REQUIRED, NULL, "mass, > 0", NULL},
    {"v_ic_x", MBS_ATTR_REAL, "0", DIM_VELOCITY, 0, NULL, "initial velocity, x", NULL},
    {"v_ic_y", MBS_ATTR_REAL, "0", DIM_VELOCITY, 0, NULL, "initial velocity, y", NULL},
    {"v_ic_z", MBS_ATTR_REAL, "0", DIM_VELOCITY, 0, NULL, "initial velocity, z", NULL},
};

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    mbs_body body;
    memset(&body, 0, sizeof body);
    body.type = MBS_BODY_POINT;
    body.nq = body.nu = 3;
    body.p0[0] = 1.0;
    body.mass = mbs_spec_real(e, "mass");
    if (!(body.mass > 0))
        return mbs_build_error(b, e, "mass must be > 0 (is %g)",
                               body.mass / mbs_units_to_si(&mbs_builder_model(b)->units, DIM_MASS));
    double R[9];
    if (mbs_marker_spec_pose(b, e, "cg_id", body.r0, R) != 0)
        return -1;
    const mbs_spec_elem *mk = mbs_builder_spec(b, MBS_FAMILY_MARKER, (int)mbs_spec_int(e, "cg_id"));
    if (mbs_spec_int(mk, "body_id") != e->id)
        return mbs_build_error(b, e, "cg_id %ld is on body %ld, not on this body", mbs_spec_int(e, "cg_id"),
                               mbs_spec_int(mk, "body_id"));
    body.v0[0] = mbs_spec_real(e, "v_ic_x");
    body.v0[1] = mbs_spec_real(e, "v_ic_y");
    body.v0[2] = mbs_spec_real(e, "v_ic_z");
    for (int i = 0; i < 9; i++)
        body.inertia[i] = 0.0;
    return mbs_add_body(b, e, &body) < 0 ? -1 : 0;
}

const mbs_kind mbs_kind_body_point = {
    "Body_Point", MBS_FAMILY_BODY, MBS_IN_MODEL, MBS_STAGE_BODIES, ATTRS, MBS_COUNT_OF(ATTRS),
    "A point mass with three translational coordinates (mbsim extension). The cg marker gives its initial "
    "position; markers on a point body translate with it and do not rotate.",
    build,
    NULL,
};
