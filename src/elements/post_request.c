/* Post_Request (MotionSolve) mapped onto a sensor: marker I relative to
 * marker J (default: the global frame), components in the axes of marker
 * ref_marker_id (default: global).
 *   MARKER_DISPLACEMENT  x y z = R^T (p_I - p_J);  psi theta phi = 3-1-3 angles of A_J^T A_I
 *   MARKER_VELOCITY      R^T (v_I - v_J);  R^T (w_I - w_J)
 *   MARKER_ACCELERATION  R^T (a_I - a_J);  R^T (alpha_I - alpha_J)
 * (time derivatives taken in the global frame, as MotionSolve's VX, WX). */
#include "../model/builder.h"
#include "../model/outputs.h"

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "request id (unique among sensors)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "dataset name (default sensor_<id>)", NULL},
    {"comment", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "free text", NULL},
    {"type", MBS_ATTR_KEYWORD, NULL, DIM_NONE, MBS_REQUIRED,
     "MARKER_DISPLACEMENT|MARKER_VELOCITY|MARKER_ACCELERATION|MARKER_FORCE|EXPRESSION|ELEMENTAL_FORCE|USERSUB",
     "what is requested (the marker kinematics types are supported)", NULL},
    {"i_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "marker observed", NULL},
    {"j_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "marker it is measured from (default global)", NULL},
    {"ref_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "marker whose axes the components are in (default global)", NULL},
};

/* The frame marker in `attr`: its index, -1 when absent (the global frame),
 * -2 after reporting a bad reference. */
static int frame_marker(mbs_builder *b, const mbs_spec_elem *e, const char *attr)
{
    if (!mbs_spec_has(e, attr))
        return -1;
    int k = mbs_ref_frame_marker(b, e, attr);
    return k < 0 ? -2 : k;
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    int type = mbs_spec_keyword(e, "type");
    if (type > 2)
        return mbs_build_error(b, e, "type %s is not supported; use MARKER_DISPLACEMENT, MARKER_VELOCITY or "
                                     "MARKER_ACCELERATION, or a Sensor", mbs_spec_text(e, "type"));
    if (!mbs_spec_has(e, "i_marker_id"))
        return mbs_build_error(b, e, "missing required attribute 'i_marker_id'");
    int i = frame_marker(b, e, "i_marker_id");
    int j = frame_marker(b, e, "j_marker_id");
    int r = frame_marker(b, e, "ref_marker_id");
    if (i < 0 || j < -1 || r < -1)
        return -1;
    int n;
    const mbs_output_desc *table = mbs_pair_outputs(&n);
    int s = mbs_add_output_sensor(b, e, mbs_spec_text(e, "type"), (int)mbs_spec_int(e, "i_marker_id"), &table[type],
                                  MBS_SOURCE_MARKER_PAIR, i, type);
    if (s < 0)
        return -1;
    mbs_builder_model(b)->sensors[s].marker_j = j;
    mbs_builder_model(b)->sensors[s].marker_ref = r;
    return 0;
}

const mbs_kind mbs_kind_post_request = {
    "Post_Request", MBS_FAMILY_SENSOR, MBS_IN_MODEL, MBS_STAGE_SENSORS, ATTRS, MBS_COUNT_OF(ATTRS),
    "MotionSolve's output request, recorded as a sensor: MARKER_DISPLACEMENT (x y z of marker I relative "
    "to J, and the 3-1-3 angles psi theta phi of I's axes relative to J's), MARKER_VELOCITY (vx vy vz wx "
    "wy wz) and MARKER_ACCELERATION (ax ay az wdx wdy wdz), components in the axes of ref_marker_id "
    "(default global). J defaults to the global frame. Other types are reported as not supported.",
    build,
};
