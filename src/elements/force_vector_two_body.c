/* Force_Vector_TwoBody (MotionSolve): a force and a torque between markers
 * I and J, components (numbers or run-time expressions of time and state)
 * in the axes of ref_marker_id (default global):
 *   on I's body:  f at the origin p_I of marker I, torque t
 *   on J's body:  -f at the same point p_I (MotionSolve's floating J marker
 *                 follows I), torque -t
 * so the pair has no net force or moment. Power (the work rate of the pair,
 * counted in the energy balance): f . (v_I - v_J(p_I)) + t . (w_I - w_J),
 * v_J(p_I) the velocity of J's body at p_I. */
#include "modify_commands.h"
#include "usersub.h"
#include "vector_load.h"

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among the elements of this name; another element may share it)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"i_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "marker where the force acts", NULL},
    {"j_floating_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL,
     "a marker on the body that takes the reaction (at I's origin)", NULL},
    {"j_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "the same as j_floating_marker_id", NULL},
    {"body1_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_IGNORED, NULL, "I's body, as MotionView writes it (no effect)", NULL},
    {"body2_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_IGNORED, NULL, "J's body (no effect)", NULL},
    {"ref_body_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_IGNORED, NULL, "ref_marker_id's body (no effect)", NULL},
    MBS_VECTOR_LOAD_ATTRS,
    MBS_USERSUB_ATTRS,
};

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    if (e->modify) /* MotionSolve's modify command: its expressions */
        return mbs_build_modify(b, e, NULL);
    int floating = mbs_spec_has(e, "j_floating_marker_id"), fixed = mbs_spec_has(e, "j_marker_id");
    if (floating == fixed)
        return mbs_build_error(b, e, "give exactly one of j_floating_marker_id and j_marker_id");
    int I = mbs_ref_frame_marker(b, e, "i_marker_id");
    int J = mbs_ref_frame_marker(b, e, floating ? "j_floating_marker_id" : "j_marker_id");
    if (I < 0 || J < 0)
        return -1;
    return mbs_vector_force_build(b, e, I, J);
}

const mbs_kind mbs_kind_force_vector_two_body = {
    "Force_Vector_TwoBody", MBS_FAMILY_FORCE, MBS_IN_MODEL | MBS_MODIFIABLE, MBS_STAGE_ELEMENTS, ATTRS, MBS_COUNT_OF(ATTRS),
    "A force at the origin of marker I and a torque on its body, with the opposite force at the same point "
    "and the opposite torque on the body of j_floating_marker_id (MotionSolve's floating marker follows "
    "I). Components fx fy fz tx ty tz (fx_expression ...) are numbers or run-time expressions of time and "
    "state in the axes of ref_marker_id (default global); omitted ones are 0. Outputs: Force, Torque (on "
    "I, global axes), Power.",
    build,
    "VFORCE|VTORQUE|GFORCE|FORCE",
};
