/* Force_Vector_OneBody (MotionSolve, action only): a force at the origin of
 * marker I and a torque on its body, components (each a number or a
 * run-time expression of time and state) in the axes of ref_marker_id
 * (default global):
 *   f = R_ref (fx, fy, fz),  t = R_ref (tx, ty, tz)
 * Power (external work rate) f . v_I + t . w_I. */
#include "modify_commands.h"
#include "usersub.h"
#include "vector_load.h"

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among the elements of this name; another element may share it)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"i_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "marker where the force acts", NULL},
    {"marker_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "MotionSolve's name for i_marker_id", NULL},
    {"body_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_IGNORED, NULL, "the marker's body, as MotionView writes it (no effect)", NULL},
    {"ref_body_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_IGNORED, NULL, "ref_marker_id's body (no effect)", NULL},
    MBS_VECTOR_LOAD_ATTRS,
    MBS_USERSUB_ATTRS,
};

/* Which marker attribute names the point of application. */
static const char *marker_attr(mbs_builder *b, const mbs_spec_elem *e)
{
    int a = mbs_spec_has(e, "i_marker_id"), m = mbs_spec_has(e, "marker_id");
    if (a == m) {
        mbs_build_error(b, e, "give exactly one of i_marker_id and marker_id");
        return NULL;
    }
    return a ? "i_marker_id" : "marker_id";
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    if (e->modify) /* MotionSolve's modify command: its expressions */
        return mbs_build_modify(b, e, NULL);
    const char *attr = marker_attr(b, e);
    if (!attr)
        return -1;
    int I = mbs_ref_frame_marker(b, e, attr);
    if (I < 0)
        return -1;
    return mbs_vector_force_build(b, e, I, -1);
}

const mbs_kind mbs_kind_force_vector_one_body = {
    "Force_Vector_OneBody", MBS_FAMILY_FORCE, MBS_IN_MODEL | MBS_MODIFIABLE, MBS_STAGE_ELEMENTS, ATTRS, MBS_COUNT_OF(ATTRS),
    "An action-only force at the origin of marker I and a torque on its body. Components fx fy fz tx ty tz "
    "(MotionSolve files: fx_expression ...) are numbers or run-time expressions of time and state (DX, VZ, "
    "VARVAL, ...) in the axes of ref_marker_id (default global); omitted components are 0. Outputs: Force, "
    "Torque (global axes), Power.",
    build,
    "VFORCE|VTORQUE|GFORCE|FORCE",
};
