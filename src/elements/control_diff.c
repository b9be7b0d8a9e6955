/* Control_Diff (MotionSolve): a user differential equation with one state z,
 * read by expressions with DIF(id) (z) and DIF1(id) (dz/dt):
 *   explicit (default)   dz/dt - f(t, state) = 0
 *   is_implicit="TRUE"   f(t, state, z, dz/dt) = 0   (f reads DIF1(id))
 * z(0) = ic; an implicit equation's dz/dt at the start is solved for,
 * Newton's method starting from ic_dot (an equation with several roots in
 * dz/dt takes the one it leads to). In Static analyses the equation becomes
 * f = 0 (the state at rest), or z is held (is_static_hold). Units: those its
 * expression is written in. */
#include "modify_commands.h"
#include "scalar_state.h"
#include "usersub.h"
#include "../solver/eval/eval.h"

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among Control_Diffs)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"type", MBS_ATTR_KEYWORD, "EXPRESSION", DIM_NONE, 0, "EXPRESSION|USERSUB",
     "EXPRESSION (expr), or USERSUB (the user subroutine DIFSUB gives what expr would)", NULL},
    {"expr", MBS_ATTR_EXPR, NULL, DIM_NONE, 0, "t", "the rate dz/dt (explicit) or the residual (implicit)", NULL},
    {"is_implicit", MBS_ATTR_BOOL, "FALSE", DIM_NONE, 0, NULL, "TRUE: expr = 0 defines dz/dt implicitly", NULL},
    {"ic", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL, "z at the start", NULL},
    {"ic_dot", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL,
     "implicit: dz/dt at the start, where the start's solve for it begins", NULL},
    {"is_static_hold", MBS_ATTR_BOOL, "FALSE", DIM_NONE, 0, NULL, "TRUE: z is held in Static analyses", NULL},
    MBS_USERSUB_ATTRS,
};

static const unsigned char IMPLICIT[1] = {MBS_STATE_IMPLICIT};

static double equation(const mbs_component *c, const mbs_eval *ev, double rate)
{
    const mbs_scalar_state *p = c->params;
    double f = p->f ? mbs_eval_tfunc(ev, p->f) : 0.0;
    return p->implicit ? f : rate - f;
}

static void eval(const mbs_component *c, mbs_eval *ev)
{
    mbs_set_state_residual(ev, c, 0, equation(c, ev, mbs_state_rate(ev, c, 0)));
}

static int static_residual(const mbs_component *c, const mbs_eval *ev, double *res)
{
    const mbs_scalar_state *p = c->params;
    if (p->hold)
        return -1;
    res[0] = equation(c, ev, 0.0);
    return 0;
}

enum { OUT_VALUE, OUT_RATE };

static void output(const mbs_component *c, const mbs_eval *ev, int which, double *out)
{
    out[0] = c->outputs[which].code == OUT_VALUE ? mbs_state(ev, c, 0) : mbs_state_rate(ev, c, 0);
}

/* An implicit equation's rate starts at ic_dot (an explicit one's is f). */
static void initial_rates(const mbs_component *c, double *zdot)
{
    const mbs_scalar_state *p = c->params;
    if (p->implicit)
        zdot[0] = p->ic_dot;
}

static const mbs_component_ops OPS = {
    .eval = eval,
    .static_residual = static_residual,
    .initial_states = mbs_scalar_state_initial,
    .initial_rates = initial_rates,
    .output = output,
    .free_params = mbs_scalar_state_free,
};

static const mbs_output_desc OUTPUTS[] = {
    {"Value", "value", DIM_NONE, NULL, 0, OUT_VALUE},
    {"Rate", "value", DIM_NONE, NULL, 0, OUT_RATE},
};

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    if (e->modify) /* MotionSolve's modify command: its expressions */
        return mbs_build_modify(b, e, NULL);
    mbs_component *c = mbs_scalar_state_build(b, e, &OPS, "DIFSUB", NULL);
    if (!c)
        return -1;
    mbs_scalar_state *p = c->params;
    p->ic_dot = mbs_spec_real(e, "ic_dot");
    if (p->implicit)
        c->state_form = IMPLICIT;
    c->outputs = OUTPUTS;
    c->n_outputs = MBS_COUNT_OF(OUTPUTS);
    return 0;
}

const mbs_kind mbs_kind_control_diff = {
    "Control_Diff", MBS_FAMILY_DIFF, MBS_IN_MODEL | MBS_MODIFIABLE, MBS_STAGE_DATA, ATTRS, MBS_COUNT_OF(ATTRS),
    "A first-order differential equation of a state z of its own: dz/dt = expr, or expr = 0 with "
    "is_implicit (expr then reads DIF1(id)), z(0) = ic. Expressions read z with DIF(id) and dz/dt with "
    "DIF1(id); an implicit one's rate is solved for at the start, from ic_dot. A user subroutine DIFSUB "
    "(type USERSUB, usrsub_*) may give expr's value. In Static analyses the state comes to rest (expr = 0 "
    "with dz/dt = 0), or is held with is_static_hold. Outputs Value and Rate.",
    build,
    "DIFF",
};
