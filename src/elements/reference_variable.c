/* Reference_Variable (MotionSolve): an algebraic variable of the DAE, read
 * by run-time expressions with VARVAL(id).
 *   explicit (default)   z - f(t, state) = 0
 *   is_implicit="TRUE"   f(t, state) = 0, with z among what f reads (VARVAL(id))
 * A linear analysis perturbs an input variable (Control_PlantInput) by u:
 * VARVAL(id) then reads z + u (solver/eval/measure.c). In a co-simulation
 * the master gives a plant input's value u (mbs_data.var_held, var_input):
 *   z - u = 0   in place of the expression, u held over each step.
 * z is an algebraic unknown (IDA's id 0), solved with the rest: variables
 * may read each other in chains and loops, and the forces that read them
 * see them consistent at every step. Its value is in whatever units its
 * expression is written in (the model's). The expression is compiled once
 * every element exists, so that it may read any of them. */
#include "modify_commands.h"
#include "scalar_state.h"
#include "usersub.h"
#include "../solver/eval/eval.h"

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "variable id (unique among Reference_Variables)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"type", MBS_ATTR_KEYWORD, "EXPRESSION", DIM_NONE, 0, "EXPRESSION|USERSUB",
     "EXPRESSION (expr), or USERSUB (the user subroutine VARSUB gives the value)", NULL},
    {"expr", MBS_ATTR_EXPR, NULL, DIM_NONE, 0, "t",
     "its value: a run-time expression of time and state (may read other variables, VARVAL)", NULL},
    {"is_implicit", MBS_ATTR_BOOL, "FALSE", DIM_NONE, 0, NULL, "TRUE: expr = 0 defines the variable", NULL},
    {"ic", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL, "first guess of its value (the start solves for it)", NULL},
    {"static_hold", MBS_ATTR_BOOL, "FALSE", DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"autobalance", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"penalty", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"penalty1", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"dot_form", MBS_ATTR_BOOL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    MBS_USERSUB_ATTRS,
};

static const unsigned char ALGEBRAIC[1] = {MBS_STATE_ALGEBRAIC};

static double equation(const mbs_component *c, const mbs_eval *ev)
{
    const mbs_scalar_state *p = c->params;
    ptrdiff_t k = c - ev->m->comps;
    if (ev->d->var_held[k])
        return mbs_state(ev, c, 0) - ev->d->var_input[k];
    double v = p->f ? mbs_eval_tfunc(ev, p->f) : 0.0;
    return p->implicit ? v : mbs_state(ev, c, 0) - v;
}

static void eval(const mbs_component *c, mbs_eval *ev)
{
    mbs_set_state_residual(ev, c, 0, equation(c, ev));
}

static int static_residual(const mbs_component *c, const mbs_eval *ev, double *res)
{
    res[0] = equation(c, ev);
    return 0;
}

static void output(const mbs_component *c, const mbs_eval *ev, int which, double *out)
{
    (void)which;
    out[0] = mbs_state(ev, c, 0);
}

static const mbs_component_ops OPS = {
    .eval = eval,
    .static_residual = static_residual,
    .initial_states = mbs_scalar_state_initial,
    .output = output,
    .free_params = mbs_scalar_state_free,
};

static const mbs_output_desc OUTPUTS[] = {{"Value", "value", DIM_NONE, NULL, 0, 0}};

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    if (e->modify) /* MotionSolve's modify command: its expressions */
        return mbs_build_modify(b, e, NULL);
    mbs_component *c = mbs_scalar_state_build(b, e, &OPS, "VARSUB", ALGEBRAIC);
    if (!c)
        return -1;
    c->outputs = OUTPUTS;
    c->n_outputs = 1;
    return 0;
}

const mbs_kind mbs_kind_reference_variable = {
    "Reference_Variable", MBS_FAMILY_VARIABLE, MBS_IN_MODEL | MBS_MODIFIABLE, MBS_STAGE_DATA, ATTRS, MBS_COUNT_OF(ATTRS),
    "An algebraic variable of the equations, z = expr (or expr = 0 with is_implicit), where expr is any "
    "run-time expression of time and the state: marker kinematics (DX, VZ, ...), element loads (FX, "
    "JOINT, ...), other variables (VARVAL), differential states (DIF), splines (AKISPL); or a user "
    "subroutine VARSUB (type USERSUB, usrsub_*) gives the value. Expressions read it with VARVAL(id). Variables may read each other in chains and loops; they are solved together with "
    "the rest of the equations. Control_PlantInput and Control_PlantOutput list variables as the inputs "
    "(what VARVAL reads is perturbed) and outputs of a linear analysis. Output Value.",
    build,
    NULL,
};
