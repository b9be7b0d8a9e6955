/* Control_Diff (MotionSolve): a user differential equation with one state z,
 * read by expressions with DIF(id) (z) and DIF1(id) (dz/dt):
 *   explicit (default)   dz/dt - f(t, state) = 0
 *   is_implicit="TRUE"   f(t, state, z, dz/dt) = 0   (f reads DIF1(id))
 * z(0) = ic; an implicit equation's dz/dt at the start is solved for (so
 * ic_dot has no effect). In Static analyses the equation becomes f = 0 (the
 * state at rest), or z is held (is_static_hold). Units: those its
 * expression is written in. */
#include "usersub.h"
#include "../model/tfunc.h"
#include "../solver/eval.h"

#include <stdlib.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among Control_Diffs)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"type", MBS_ATTR_KEYWORD, "EXPRESSION", DIM_NONE, 0, "EXPRESSION|USERSUB",
     "EXPRESSION (USERSUB is refused: mbsim cannot load compiled routines)", NULL},
    {"expr", MBS_ATTR_EXPR, NULL, DIM_NONE, 0, "t", "the rate dz/dt (explicit) or the residual (implicit)", NULL},
    {"is_implicit", MBS_ATTR_BOOL, "FALSE", DIM_NONE, 0, NULL, "TRUE: expr = 0 defines dz/dt implicitly", NULL},
    {"ic", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL, "z at the start", NULL},
    {"ic_dot", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_IGNORED, NULL,
     "accepted, no effect: the start solves for dz/dt", NULL},
    {"is_static_hold", MBS_ATTR_BOOL, "FALSE", DIM_NONE, 0, NULL, "TRUE: z is held in Static analyses", NULL},
    MBS_USERSUB_ATTRS,
};

static const unsigned char IMPLICIT[1] = {MBS_STATE_IMPLICIT};

typedef struct diff_params {
    mbs_tfunc *f;
    int implicit, hold;
    double ic;
} diff_params;

static double equation(const mbs_component *c, const mbs_eval *ev, double rate)
{
    const diff_params *p = c->params;
    double f = p->f ? mbs_eval_tfunc(ev, p->f) : 0.0;
    return p->implicit ? f : rate - f;
}

static void eval(const mbs_component *c, mbs_eval *ev)
{
    mbs_set_state_residual(ev, c, 0, equation(c, ev, mbs_state_rate(ev, c, 0)));
}

static int static_residual(const mbs_component *c, const mbs_eval *ev, double *res)
{
    const diff_params *p = c->params;
    if (p->hold)
        return -1;
    res[0] = equation(c, ev, 0.0);
    return 0;
}

static void initial_states(const mbs_component *c, double *z)
{
    z[0] = ((const diff_params *)c->params)->ic;
}

enum { OUT_VALUE, OUT_RATE };

static void output(const mbs_component *c, const mbs_eval *ev, int which, double *out)
{
    out[0] = c->outputs[which].code == OUT_VALUE ? mbs_state(ev, c, 0) : mbs_state_rate(ev, c, 0);
}

static void free_params(void *p)
{
    diff_params *dp = p;
    if (dp)
        mbs_tfunc_free(dp->f);
    free(dp);
}

static const mbs_component_ops OPS = {
    .eval = eval,
    .static_residual = static_residual,
    .initial_states = initial_states,
    .output = output,
    .free_params = free_params,
};

static const mbs_output_desc OUTPUTS[] = {
    {"Value", "value", DIM_NONE, NULL, 0, OUT_VALUE},
    {"Rate", "value", DIM_NONE, NULL, 0, OUT_RATE},
};

static int compile_expression(mbs_builder *b, const mbs_spec_elem *e)
{
    int c = mbs_builder_index(b, MBS_FAMILY_DIFF, e->id);
    if (c < 0)
        return -1;
    diff_params *p = mbs_builder_model(b)->comps[c].params;
    static const char *const T[] = {"t"};
    p->f = mbs_build_expr(b, e, "expr", mbs_spec_text(e, "expr"), DIM_NONE, T, NULL, 1);
    return p->f ? 0 : -1;
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    if (mbs_refuse_user_subroutine(b, e, "DIFSUB") != 0)
        return -1;
    if (!mbs_spec_has(e, "expr"))
        return mbs_build_error(b, e, "missing required attribute 'expr'");
    diff_params *p = calloc(1, sizeof *p);
    if (!p)
        return -1;
    p->implicit = mbs_spec_bool(e, "is_implicit");
    p->hold = mbs_spec_bool(e, "is_static_hold");
    p->ic = mbs_spec_real(e, "ic");
    mbs_component *c = mbs_add_component(b, e, &OPS, p);
    if (!c)
        return -1;
    c->n_states = 1;
    if (p->implicit)
        c->state_form = IMPLICIT;
    c->outputs = OUTPUTS;
    c->n_outputs = MBS_COUNT_OF(OUTPUTS);
    return mbs_builder_defer(b, e, compile_expression);
}

const mbs_kind mbs_kind_control_diff = {
    "Control_Diff", MBS_FAMILY_DIFF, MBS_IN_MODEL, MBS_STAGE_DATA, ATTRS, MBS_COUNT_OF(ATTRS),
    "A first-order differential equation of a state z of its own: dz/dt = expr, or expr = 0 with "
    "is_implicit (expr then reads DIF1(id)), z(0) = ic. Expressions read z with DIF(id) and dz/dt with "
    "DIF1(id). In Static analyses the state comes to rest (expr = 0 with dz/dt = 0), or is held with "
    "is_static_hold. Outputs Value and Rate.",
    build,
};
