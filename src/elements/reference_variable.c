/* Reference_Variable (MotionSolve): an algebraic variable of the DAE, read
 * by run-time expressions with VARVAL(id).
 *   explicit (default)   z - f(t, state) = 0
 *   is_implicit="TRUE"   f(t, state) = 0, with z among what f reads (VARVAL(id))
 * z is an algebraic unknown (IDA's id 0), solved with the rest: variables
 * may read each other in chains and loops, and the forces that read them
 * see them consistent at every step. Its value is in whatever units its
 * expression is written in (the model's). The expression is compiled once
 * every element exists, so that it may read any of them. */
#include "usersub.h"
#include "../model/tfunc.h"
#include "../solver/eval.h"

#include <stdlib.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "variable id (unique among Reference_Variables)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"type", MBS_ATTR_KEYWORD, "EXPRESSION", DIM_NONE, 0, "EXPRESSION|USERSUB",
     "EXPRESSION (USERSUB is refused: mbsim cannot load compiled routines)", NULL},
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

typedef struct variable_params {
    mbs_tfunc *f;
    int implicit;
    double ic;
} variable_params;

static double equation(const mbs_component *c, const mbs_eval *ev)
{
    const variable_params *p = c->params;
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

static void initial_states(const mbs_component *c, double *z)
{
    z[0] = ((const variable_params *)c->params)->ic;
}

static void output(const mbs_component *c, const mbs_eval *ev, int which, double *out)
{
    (void)which;
    out[0] = mbs_state(ev, c, 0);
}

static void free_params(void *p)
{
    variable_params *vp = p;
    if (vp)
        mbs_tfunc_free(vp->f);
    free(vp);
}

static const mbs_component_ops OPS = {
    .eval = eval,
    .static_residual = static_residual,
    .initial_states = initial_states,
    .output = output,
    .free_params = free_params,
};

static const mbs_output_desc OUTPUTS[] = {{"Value", "value", DIM_NONE, NULL, 0, 0}};

/* Once every element exists: the expression. */
static int compile_expression(mbs_builder *b, const mbs_spec_elem *e)
{
    const mbs_model *m = mbs_builder_model(b);
    int c = mbs_builder_index(b, MBS_FAMILY_VARIABLE, e->id);
    if (c < 0)
        return -1;
    variable_params *p = m->comps[c].params;
    static const char *const T[] = {"t"};
    p->f = mbs_build_expr(b, e, "expr", mbs_spec_text(e, "expr"), DIM_NONE, T, NULL, 1);
    return p->f ? 0 : -1;
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    if (mbs_refuse_user_subroutine(b, e, "VARSUB") != 0)
        return -1;
    if (!mbs_spec_has(e, "expr"))
        return mbs_build_error(b, e, "missing required attribute 'expr'");
    variable_params *p = calloc(1, sizeof *p);
    if (!p)
        return -1;
    p->implicit = mbs_spec_bool(e, "is_implicit");
    p->ic = mbs_spec_real(e, "ic");
    mbs_component *c = mbs_add_component(b, e, &OPS, p);
    if (!c)
        return -1;
    c->n_states = 1;
    c->state_form = ALGEBRAIC;
    c->outputs = OUTPUTS;
    c->n_outputs = 1;
    return mbs_builder_defer(b, e, compile_expression);
}

const mbs_kind mbs_kind_reference_variable = {
    "Reference_Variable", MBS_FAMILY_VARIABLE, MBS_IN_MODEL, MBS_STAGE_DATA, ATTRS, MBS_COUNT_OF(ATTRS),
    "An algebraic variable of the equations, z = expr (or expr = 0 with is_implicit), where expr is any "
    "run-time expression of time and the state: marker kinematics (DX, VZ, ...), element loads (FX, "
    "JOINT, ...), other variables (VARVAL), differential states (DIF), splines (AKISPL). Expressions read "
    "it with VARVAL(id). Variables may read each other in chains and loops; they are solved together with "
    "the rest of the equations. Output Value.",
    build,
};
