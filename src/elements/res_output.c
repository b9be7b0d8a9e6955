/* ResOutput (MotionSolve): options of MotionSolve's result files. mbsim
 * writes one HDF5 file and honours angle_type: with "YPR" the angles of
 * Post_Request MARKER_DISPLACEMENT are yaw, pitch, roll (MotionSolve's:
 * Rz(yaw) Ry(-pitch) Rx(roll)) instead of the 3-1-3 Euler angles. The
 * other options have no effect (one note says so). */
#include "../model/builder.h"

static const mbs_attr ATTRS[] = {
    {"angle_type", MBS_ATTR_KEYWORD, "EULER_ANGLES", DIM_NONE, 0, "EULER_ANGLES|YPR",
     "angles of Post_Request MARKER_DISPLACEMENT: 3-1-3 Euler angles or yaw pitch roll", NULL},
    {"mrf_file", MBS_ATTR_BOOL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"abf_file", MBS_ATTR_BOOL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"plt_file", MBS_ATTR_BOOL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"abf_unique_time", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"plt_unique_time", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"flex_vel_acc_output", MBS_ATTR_BOOL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"contact_gra_output", MBS_ATTR_BOOL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"cof_file", MBS_ATTR_BOOL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"capture_max_pd", MBS_ATTR_BOOL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"req_comment_only", MBS_ATTR_BOOL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"dzero", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"vzero", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"azero", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"fzero", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"*", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_ANY_ATTRIBUTE, NULL, "accepted and ignored", NULL},
};

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    mbs_builder_model(b)->output_ypr = mbs_spec_keyword(e, "angle_type") == 1;
    return 0;
}

const mbs_kind mbs_kind_res_output = {
    "ResOutput", MBS_FAMILY_NONE, MBS_IN_MODEL | MBS_IN_COMMAND | MBS_AT_ROOT, MBS_STAGE_SETTINGS, ATTRS, MBS_COUNT_OF(ATTRS),
    "Options of MotionSolve's result files. mbsim writes one HDF5 file and honours angle_type: \"YPR\" "
    "makes the angles of Post_Request MARKER_DISPLACEMENT yaw, pitch and roll instead of psi, theta, phi. "
    "The other options have no effect.",
    build,
    NULL,
};
