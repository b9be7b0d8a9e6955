/* Settings MotionView writes into every deck that have no effect in mbsim
 * (messages, MotionSolve's own output files, its simulation options): each
 * kind is accepted with whatever attributes it carries, and one note per
 * kind says it has no effect. The settings mbsim honours have files of
 * their own (Param_Transient, Param_Static, ResOutput). */
#include "../model/builder.h"

static const mbs_attr OPEN_ATTRS[] = {
    {"*", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_ANY_ATTRIBUTE, NULL, "accepted and ignored (the element has no effect)",
     NULL},
};

static int messaging(mbs_builder *b, const mbs_spec_elem *e)
{
    mbs_build_summary_note(b, e, "has no effect in mbsim (messages go to stderr, one line each)");
    return 0;
}

static int simulation(mbs_builder *b, const mbs_spec_elem *e)
{
    mbs_build_summary_note(b, e, "has no effect in mbsim (the analyses are the Simulate commands)");
    return 0;
}

static int h3d(mbs_builder *b, const mbs_spec_elem *e)
{
    mbs_build_summary_note(b, e, "has no effect in mbsim (mbsim writes one HDF5 file; mbsim animate makes the "
                                 "animation from it)");
    return 0;
}

const mbs_kind mbs_kind_messaging = {
    "Messaging", MBS_FAMILY_NONE, MBS_IN_MODEL | MBS_IN_COMMAND | MBS_AT_ROOT, MBS_STAGE_SETTINGS, OPEN_ATTRS,
    MBS_COUNT_OF(OPEN_ATTRS),
    "MotionSolve's message settings, as MotionView writes them. Accepted with any attributes; no effect "
    "(a note says so once).",
    messaging,
    NULL,
};

const mbs_kind mbs_kind_param_simulation = {
    "Param_Simulation", MBS_FAMILY_NONE, MBS_IN_MODEL | MBS_IN_COMMAND | MBS_AT_ROOT, MBS_STAGE_SETTINGS, OPEN_ATTRS,
    MBS_COUNT_OF(OPEN_ATTRS),
    "MotionSolve's simulation options, as MotionView writes them. Accepted with any attributes; no effect "
    "(a note says so once).",
    simulation,
    NULL,
};

const mbs_kind mbs_kind_h3d_output = {
    "H3DOutput", MBS_FAMILY_NONE, MBS_IN_MODEL | MBS_IN_COMMAND | MBS_AT_ROOT, MBS_STAGE_SETTINGS, OPEN_ATTRS,
    MBS_COUNT_OF(OPEN_ATTRS),
    "MotionSolve's animation file settings. Accepted with any attributes; no effect (mbsim writes one "
    "HDF5 file; `mbsim animate` makes an animation from it).",
    h3d,
    NULL,
};
