/* Param_Linear (MotionSolve): what a linear analysis (Simulate
 * analysis_type="LINEAR") computes. Eigenvalues and modes unless
 * eigen_analysis is FALSE; with pinput_id and poutput_id the state-space
 * matrices B, C and D of the plant inputs and outputs (A always). The
 * method is in docs/linear-analysis.md. MotionSolve's output files
 * (MATLAB, Simulink, OML) are replaced by /linear in the results file;
 * their switches and the other settings are accepted with no effect. */
#include "../model/builder.h"

static const mbs_attr ATTRS[] = {
    {"pinput_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "Control_PlantInput of the inputs u (B, D)", NULL},
    {"poutput_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "Control_PlantOutput of the outputs y (C, D)", NULL},
    {"eigen_analysis", MBS_ATTR_BOOL, "TRUE", DIM_NONE, 0, NULL,
     "FALSE: only the state-space matrices, no eigenvalues and modes", NULL},
    {"anim_scale", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"balancing", MBS_ATTR_KEYWORD, NULL, DIM_NONE, MBS_IGNORED, "TRUE|FALSE|AUTO",
     "accepted, no effect (LAPACK balances A itself)", NULL},
    {"disable_damping", MBS_ATTR_BOOL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"gyroscopic", MBS_ATTR_KEYWORD, NULL, DIM_NONE, MBS_IGNORED, "NONE|PARTIAL|FULL",
     "accepted, no effect: gyroscopic terms are always in full, in inertial-frame states", NULL},
    {"pstate_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect (the states are mbsim's own)",
     NULL},
    {"write_simulinkmdl", MBS_ATTR_KEYWORD, NULL, DIM_NONE, MBS_IGNORED, "TRUE|FALSE|YES|NO",
     "accepted, no effect (A B C D are in the results file)", NULL},
    {"write_matlabfiles", MBS_ATTR_KEYWORD, NULL, DIM_NONE, MBS_IGNORED, "TRUE|FALSE|YES|NO",
     "accepted, no effect (A B C D are in the results file)", NULL},
    {"write_oml", MBS_ATTR_KEYWORD, NULL, DIM_NONE, MBS_IGNORED, "TRUE|FALSE|YES|NO",
     "accepted, no effect (A B C D are in the results file)", NULL},
    {"write_eig_info", MBS_ATTR_KEYWORD, NULL, DIM_NONE, MBS_IGNORED, "TRUE|FALSE|YES|NO",
     "accepted, no effect (eigenvalues are in the results file)", NULL},
    {"write_energy_dist", MBS_ATTR_KEYWORD, NULL, DIM_NONE, MBS_IGNORED, "TRUE|FALSE|YES|NO", "accepted, no effect",
     NULL},
    {"write_energy_html", MBS_ATTR_KEYWORD, NULL, DIM_NONE, MBS_IGNORED, "TRUE|FALSE|YES|NO", "accepted, no effect",
     NULL},
    {"ke_modes_include", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"ke_modes_exclude", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"se_modes_include", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"se_modes_exclude", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"de_modes_include", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"de_modes_exclude", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"id", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_IGNORED, NULL, "as MotionView writes it (no effect)", NULL},
    {"*", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_ANY_ATTRIBUTE, NULL,
     "any other MotionSolve setting (num_modes, ...): accepted, no effect", NULL},
};

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    mbs_model *m = mbs_builder_model(b);
    mbs_linear_settings *s = &m->linear;
    if (s->line)
        return mbs_build_error(b, e, "Param_Linear is already given on line %d", s->line);
    s->line = e->line;
    s->eigen = mbs_spec_bool(e, "eigen_analysis");
    int bad = 0;
    if (mbs_spec_has(e, "pinput_id") && (s->input = mbs_ref_element(b, e, "pinput_id", MBS_FAMILY_PLANT_INPUT)) < 0)
        bad = 1;
    if (mbs_spec_has(e, "poutput_id") &&
        (s->output = mbs_ref_element(b, e, "poutput_id", MBS_FAMILY_PLANT_OUTPUT)) < 0)
        bad = 1;
    return bad ? -1 : 0;
}

const mbs_kind mbs_kind_param_linear = {
    "Param_Linear", MBS_FAMILY_NONE, MBS_IN_MODEL | MBS_IN_COMMAND | MBS_AT_ROOT, MBS_STAGE_ANALYSES, ATTRS, MBS_COUNT_OF(ATTRS),
    "Settings of the linear analyses (Simulate analysis_type=\"LINEAR\"): eigenvalues and modes (unless "
    "eigen_analysis=\"FALSE\") and the state-space matrices A, B, C, D, with the inputs of the "
    "Control_PlantInput pinput_id and the outputs of the Control_PlantOutput poutput_id. Results go to "
    "/linear in the results file (docs/linear-analysis.md); MotionSolve's file-writing switches and "
    "other settings are accepted and have no effect.",
    build,
    NULL,
};
