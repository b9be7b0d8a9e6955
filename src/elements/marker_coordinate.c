/* Marker_Coordinate (mbsim, after Exudyn's MarkerNodeCoordinate): one scalar
 * coordinate for coordinate-based elements.
 *
 *   body_id:  Body_Point / Body_Rigid coordinate k = 0, 1, 2:
 *             q = r_k - r_k(0), the centre-of-mass displacement (reference
 *             value excluded, as in Exudyn); Jacobian e_k on dr.
 *             Body_Mass1D: q = s (k = 0). Ground: the constant 0.
 *   joint_id: the joint's relative coordinate k (REVOLUTE: angle about J's z,
 *             continuous over turns; TRANSLATIONAL: displacement along J's z;
 *             CYLINDRICAL: 0 displacement, 1 angle), from the joint element. */
#include "../model/builder.h"

#include <string.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among the elements of this name; another element may share it)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"body_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "body whose coordinate is picked", NULL},
    {"joint_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "joint whose relative coordinate is picked", NULL},
    {"coordinate", MBS_ATTR_INT, "0", DIM_NONE, 0, NULL, "which coordinate (see the element description)", NULL},
};

static int build_on_body(mbs_builder *b, const mbs_spec_elem *e, mbs_marker *mk)
{
    int body = mbs_ref_body(b, e, "body_id");
    if (body < 0)
        return -1;
    const mbs_body *bd = &mbs_builder_model(b)->bodies[body];
    int k = mk->coordinate;
    switch (bd->type) {
    case MBS_BODY_MASS1D:
        if (k != 0)
            return mbs_build_error(b, e, "coordinate %d does not exist: a Body_Mass1D has coordinate 0 only", k);
        mk->is_angle = bd->rotational;
        break;
    case MBS_BODY_RIGID:
        if (k >= 3 && k <= 6)
            return mbs_build_error(b, e,
                                   "coordinate %d of a Body_Rigid is a quaternion component; use 0, 1, 2 "
                                   "(centre-of-mass displacement) or a joint's coordinate (joint_id)", k);
        /* fall through */
    case MBS_BODY_POINT:
    case MBS_BODY_GROUND:
        if (k < 0 || k > 2)
            return mbs_build_error(b, e, "coordinate %d does not exist: use 0, 1 or 2 (x, y, z)", k);
        break;
    }
    mk->type = MBS_MARKER_BODY_COORD;
    mk->body = body;
    return 0;
}

static int build_on_joint(mbs_builder *b, const mbs_spec_elem *e, mbs_marker *mk)
{
    int joint = mbs_ref_joint(b, e, "joint_id");
    if (joint < 0)
        return -1;
    const mbs_component *c = &mbs_builder_model(b)->comps[joint];
    if (c->n_coords == 0 || !c->ops->coordinate)
        return mbs_build_error(b, e, "joint_id %d has no relative coordinate (only REVOLUTE, TRANSLATIONAL and "
                                     "CYLINDRICAL joints have one)", c->id);
    if (mk->coordinate < 0 || mk->coordinate >= c->n_coords)
        return mbs_build_error(b, e, "coordinate %d does not exist: joint %d has coordinate%s 0%s", mk->coordinate,
                               c->id, c->n_coords > 1 ? "s" : "", c->n_coords > 1 ? " and 1" : " only");
    mk->type = MBS_MARKER_JOINT_COORD;
    mk->joint = joint;
    mk->is_angle = (c->coord_angles >> mk->coordinate) & 1u;
    return 0;
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    int on_body = mbs_spec_has(e, "body_id"), on_joint = mbs_spec_has(e, "joint_id");
    if (on_body == on_joint)
        return mbs_build_error(b, e, "give exactly one of body_id and joint_id");
    mbs_marker mk;
    memset(&mk, 0, sizeof mk);
    mk.coordinate = (int)mbs_spec_int(e, "coordinate");
    mk.joint = -1;
    mk.body = -1;
    if ((on_body ? build_on_body(b, e, &mk) : build_on_joint(b, e, &mk)) != 0)
        return -1;
    return mbs_add_marker(b, e, &mk) < 0 ? -1 : 0;
}

const mbs_kind mbs_kind_marker_coordinate = {
    "Marker_Coordinate", MBS_FAMILY_MARKER, MBS_IN_MODEL, MBS_STAGE_COORDINATE_MARKERS, ATTRS, MBS_COUNT_OF(ATTRS),
    "One scalar coordinate for coordinate-based elements: of a body (Body_Point or Body_Rigid: 0, 1, 2 = "
    "displacement of the centre of mass along x, y, z from its initial position; Body_Mass1D: 0 = its "
    "coordinate; ground: the constant 0) or the relative coordinate of a joint (REVOLUTE: 0 = angle "
    "about J's z, continuous over many turns; TRANSLATIONAL: 0 = displacement along J's z; CYLINDRICAL: "
    "0 = displacement, 1 = angle).",
    build,
    NULL,
};
