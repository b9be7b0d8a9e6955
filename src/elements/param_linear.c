/* Param_Linear (MotionSolve): settings of linear analyses, as MotionView
 * writes them into every deck. Accepted with any attributes; linear
 * analyses (Simulate analysis_type="LINEAR") are not supported here, so the
 * element has no effect (a note says so once). */
#include "../model/builder.h"

static const mbs_attr ATTRS[] = {
    {"*", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_ANY_ATTRIBUTE, NULL, "accepted and ignored", NULL},
};

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    mbs_build_summary_note(b, e, "has no effect in mbsim (there is no linear analysis)");
    return 0;
}

const mbs_kind mbs_kind_param_linear = {
    "Param_Linear", MBS_FAMILY_NONE, MBS_IN_MODEL | MBS_IN_COMMAND, MBS_STAGE_SETTINGS, ATTRS, MBS_COUNT_OF(ATTRS),
    "Settings of MotionSolve's linear analyses, as MotionView writes them. Accepted with any attributes; "
    "no effect.",
    build,
};
