/* Param_Static (MotionSolve): settings of Static analyses. mbsim solves the
 * equilibrium with KINSOL (Newton with a line search) and honours
 *   max_num_iter   the iterations KINSOL may take (default 200)
 *   max_imbalance  the largest force and torque left unbalanced (model units;
 *                  default: 1e-10 of the heaviest body's weight); never
 *                  below what the forces in play resolve (statics.c)
 *   max_error      the smallest relative change of the positions at which
 *                  the iterations stop (default 1e-13)
 * method and the other settings of MotionSolve's own methods have no effect. */
#include "../model/builder.h"

static const mbs_attr ATTRS[] = {
    {"method", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect (mbsim uses KINSOL)", NULL},
    {"max_num_iter", MBS_ATTR_INT, NULL, DIM_NONE, 0, NULL, "largest number of iterations", NULL},
    {"max_imbalance", MBS_ATTR_REAL, NULL, DIM_FORCE, 0, NULL, "largest force left unbalanced at equilibrium", NULL},
    {"max_error", MBS_ATTR_REAL, NULL, DIM_NONE, 0, NULL, "relative change of the positions that stops the iterations",
     NULL},
    {"stability", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"compliance_delta", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"max_ke_tol", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect (MKEAM)", NULL},
    {"max_dq_tol", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect (MKEAM)", NULL},
    {"*", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_ANY_ATTRIBUTE, NULL, "accepted and ignored", NULL},
};

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    mbs_solver_settings *s = &mbs_builder_model(b)->settings;
    if (mbs_spec_has(e, "max_num_iter")) {
        long n = mbs_spec_int(e, "max_num_iter");
        if (n < 1)
            return mbs_build_error(b, e, "max_num_iter must be >= 1 (is %ld)", n);
        s->static_max_iter = (int)n;
    }
    if (mbs_spec_has(e, "max_imbalance")) {
        if (!(mbs_spec_real(e, "max_imbalance") > 0))
            return mbs_build_error(b, e, "max_imbalance must be > 0");
        s->static_imbalance = mbs_spec_real(e, "max_imbalance");
    }
    if (mbs_spec_has(e, "max_error")) {
        if (!(mbs_spec_real(e, "max_error") > 0))
            return mbs_build_error(b, e, "max_error must be > 0");
        s->static_step_tol = mbs_spec_real(e, "max_error");
    }
    return 0;
}

const mbs_kind mbs_kind_param_static = {
    "Param_Static", MBS_FAMILY_NONE, MBS_IN_MODEL | MBS_IN_COMMAND | MBS_AT_ROOT, MBS_STAGE_SETTINGS, ATTRS, MBS_COUNT_OF(ATTRS),
    "Settings of Static analyses. mbsim finds the equilibrium with KINSOL and honours max_num_iter (the "
    "iterations allowed, default 200), max_imbalance (the force left unbalanced, default 1e-10 of the "
    "heaviest weight, and never less than the rounding of the forces in play: stiffness times the rounding "
    "of the positions) and max_error (the relative change of the positions that ends the iterations, "
    "default 1e-13); MotionSolve's method and its other settings have no effect.",
    build,
    NULL,
};
