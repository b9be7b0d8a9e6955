/* Param_Transient (MotionSolve): integrator settings. mbsim always
 * integrates with SUNDIALS IDA (variable-order BDF) on the stabilised
 * index-2 DAE; MotionSolve's other integrator settings are accepted so that
 * its files run, and reported as having no effect when given. */
#include "../model/builder.h"

static const mbs_attr ATTRS[] = {
    {"integrator_type", MBS_ATTR_KEYWORD, "DSTIFF", DIM_NONE, 0, "DSTIFF|VSTIFF|MSTIFF|GSTIFF|HSTIFF|ABAM|IDA",
     "accepted; mbsim always uses IDA (variable-order BDF, like DSTIFF)", NULL},
    {"integr_tol", MBS_ATTR_REAL, NULL, DIM_NONE, 0, NULL, "sets rtol and atol together", NULL},
    {"rtol", MBS_ATTR_REAL, NULL, DIM_NONE, 0, NULL, "relative tolerance (default 1e-6)", NULL},
    {"atol", MBS_ATTR_REAL, NULL, DIM_LENGTH, 0, NULL, "absolute tolerance (default 1e-8 m)", NULL},
    {"h_max", MBS_ATTR_REAL, NULL, DIM_TIME, 0, NULL, "largest step (default: no limit)", NULL},
    {"h_min", MBS_ATTR_REAL, NULL, DIM_TIME, 0, NULL, "smallest step (default: IDA's), the first one included: an "
     "h0_max below it gives way to it (a note says so)", NULL},
    {"h0_max", MBS_ATTR_REAL, NULL, DIM_TIME, 0, NULL, "first step (default: IDA's estimate)", NULL},
    {"max_order", MBS_ATTR_INT, "5", DIM_NONE, 0, NULL, "highest BDF order, 1..5", NULL},
    {"linear_solver", MBS_ATTR_KEYWORD, "AUTO", DIM_NONE, 0, "AUTO|DENSE|KLU",
     "linear solver: AUTO picks dense for small models and KLU for large ones", NULL},
    {"formulation", MBS_ATTR_KEYWORD, "AUTO", DIM_NONE, 0, "AUTO|ABSOLUTE|JOINT",
     "coordinates of a transient: ABSOLUTE (every body), JOINT (joint coordinates for the bodies a tree of "
     "fixed, revolute, translational and cylindrical joints carries), AUTO the faster one (docs/theory.md)", NULL},
    {"vel_tol_factor", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"rel_abs_tol_ratio", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"dae_alg_tol_factor", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"dae_index", MBS_ATTR_INT, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect (mbsim uses stabilised index 2)", NULL},
    {"dae_constr_tol", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"dae_corrector_maxit", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"dae_corrector_minit", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"dae_vel_ctrl", MBS_ATTR_BOOL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"dae_jacob_eval", MBS_ATTR_INT, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"dae_eval_expiry", MBS_ATTR_INT, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"dae_jacob_init", MBS_ATTR_INT, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"dae_interpolation", MBS_ATTR_BOOL, "TRUE", DIM_NONE, 0, NULL,
     "TRUE: output rows interpolated between steps; FALSE: the integrator steps onto every output time "
     "(either way each row is then made consistent with the constraints)", NULL},
    {"assembly_move_limit", MBS_ATTR_REAL, NULL, DIM_LENGTH, 0, NULL,
     "a body moved further than this by the assembly at the start is warned about (an error with --strict); "
     "default 1 % of the model's size", NULL},
    {"newmark_beta", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"newmark_gamma", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"hht_alpha", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
};

static int positive(mbs_builder *b, const mbs_spec_elem *e, const char *name, double *out)
{
    if (!mbs_spec_has(e, name))
        return 0;
    double v = mbs_spec_real(e, name);
    if (!(v > 0))
        return mbs_build_error(b, e, "%s must be > 0 (is %g)", name, v);
    *out = v;
    return 0;
}

/* Applies e's settings over s; 0, or -1 after reporting. */
static int read_settings(mbs_builder *b, const mbs_spec_elem *e, mbs_solver_settings *s)
{
    const mbs_model *m = mbs_builder_model(b);
    int bad = 0;
    double tol = 0.0;
    if (mbs_spec_has(e, "integr_tol")) {
        bad |= positive(b, e, "integr_tol", &tol);
        s->rtol = tol;
        s->atol = tol * mbs_units_to_si(&m->units, DIM_LENGTH);
    }
    bad |= positive(b, e, "rtol", &s->rtol);
    bad |= positive(b, e, "atol", &s->atol);
    bad |= positive(b, e, "h_max", &s->h_max);
    bad |= positive(b, e, "h_min", &s->h_min);
    bad |= positive(b, e, "h0_max", &s->h0);
    bad |= positive(b, e, "assembly_move_limit", &s->assembly_move_limit);
    double tu = mbs_units_to_si(&m->units, DIM_TIME);
    if (!bad && s->h_min > 0 && s->h_max > 0 && s->h_min > s->h_max)
        bad |= mbs_build_error(b, e, "h_min %g is larger than h_max %g", s->h_min / tu, s->h_max / tu);
    if (!bad && s->h_min > 0 && s->h0 > 0 && s->h0 < s->h_min) {
        /* MotionView writes h0_max 1e-8 with h_min 1e-6 into every deck. No
         * step is shorter than h_min, the first included: a first step of
         * 1e-8 s is where the multipliers' Newton corrections turn to
         * rounding noise (docs/theory.md, First step), and it left the
         * velocity-driven shaker of models/motionview_rig.xml 0.015 mm off
         * its closed form for good, against 0.001 mm from a first step of
         * h_min. */
        mbs_build_note(b, e, "h0_max %g is below h_min %g: h_min wins (no step is shorter, the first one included: "
                             "the first step is %g)",
                       s->h0 / tu, s->h_min / tu, s->h_min / tu);
        s->h0 = s->h_min;
    }
    /* (the defaults of these are those of the settings before any) */
    if (mbs_spec_given(e, "max_order"))
        s->max_order = (int)mbs_spec_int(e, "max_order");
    if (s->max_order < 1 || s->max_order > 5)
        bad |= mbs_build_error(b, e, "max_order must be 1..5 (is %d)", s->max_order);
    if (mbs_spec_given(e, "linear_solver"))
        s->linear_solver = (mbs_linear_solver)mbs_spec_keyword(e, "linear_solver");
    if (mbs_spec_given(e, "formulation"))
        s->formulation = (mbs_formulation)mbs_spec_keyword(e, "formulation");
    if (mbs_spec_given(e, "dae_interpolation"))
        s->interpolate = mbs_spec_bool(e, "dae_interpolation");
    return bad ? -1 : 0;
}

/* The settings as the commands so far leave them. */
static mbs_solver_settings current_settings(const mbs_model *m)
{
    for (int i = m->n_commands - 1; i >= 0; i--)
        if (m->commands[i].kind == MBS_CMD_SETTINGS)
            return m->commands[i].settings;
    return m->settings;
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    mbs_model *m = mbs_builder_model(b);
    if (e->in_command && m->n_analyses > 0) {
        /* between analyses: a command for those that follow */
        mbs_command c = {.kind = MBS_CMD_SETTINGS, .comp = -1, .settings = current_settings(m)};
        if (read_settings(b, e, &c.settings) != 0)
            return -1;
        if (mbs_spec_given(e, "linear_solver") && c.settings.linear_solver != m->settings.linear_solver)
            mbs_build_note(b, e, "linear_solver is chosen once for the run; here it has no effect");
        if (mbs_spec_given(e, "formulation") && c.settings.formulation != m->settings.formulation)
            mbs_build_note(b, e, "formulation is chosen once for the run; here it has no effect");
        return mbs_add_command(b, e, &c) < 0 ? -1 : 0;
    }
    mbs_solver_settings *s = &m->settings;
    /* one in <Model>; one in <Command> before the first analysis may change it */
    if (s->line && !e->in_command)
        return mbs_build_error(b, e, "Param_Transient is already given on line %d", s->line);
    s->line = e->line;
    return read_settings(b, e, s);
}

const mbs_kind mbs_kind_param_transient = {
    "Param_Transient", MBS_FAMILY_NONE, MBS_IN_MODEL | MBS_IN_COMMAND | MBS_AT_ROOT, MBS_STAGE_SETTINGS, ATTRS,
    MBS_COUNT_OF(ATTRS),
    "Integrator settings for transient analyses. mbsim integrates the stabilised index-2 DAE with "
    "SUNDIALS IDA (variable-order BDF); integr_tol sets rtol and atol together, rtol and atol set them "
    "separately. MotionSolve's other settings are accepted and have no effect (a note says so). In "
    "<Command> after a Simulate it changes the settings of the analyses that follow.",
    build,
    NULL,
};
