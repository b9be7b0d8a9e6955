/* Force_Scalar_TwoBody (MotionSolve; Adams' SFORCE): a scalar force or
 * torque of value val(t) between markers I and J.
 *   FORCE:  along u = (p_I - p_J) / |p_I - p_J|:  f_I = val u at p_I,
 *           f_J = -val u at p_J (positive pushes apart)
 *   TORQUE: about J's z axis:  t_I = val z_J,  t_J = -val z_J
 * With is_action_only="TRUE" the J body gets nothing and J only gives the
 * direction: an action-only FORCE acts along J's z axis, f_I = val z_J at
 * p_I, whatever the line from J to I (Adams' SFORCE reference directs an
 * action-only translational force along the J marker's z axis, and
 * MotionView offers a scalar force along a frame's z axis for action-only
 * forces only). Its power (external work) is val u . (v_I - v_J), or
 * val z_J . (w_I - w_J) for a torque, without the J terms when
 * action-only; it is counted in the energy balance. */
#include "modify_commands.h"
#include "usersub.h"
#include "../core/vec3.h"
#include "../model/builder.h"
#include "../model/tfunc.h"
#include "../solver/eval/eval.h"

#include <stdlib.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among the elements of this name; another element may share it)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"type", MBS_ATTR_KEYWORD, NULL, DIM_NONE, MBS_REQUIRED, "FORCE|TORQUE", "force along J->I (action-only: along J's z) or torque about J's z", NULL},
    {"i_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "marker where the load acts", NULL},
    {"j_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "marker where the reaction acts", NULL},
    {"val", MBS_ATTR_EXPR, NULL, DIM_NONE, 0, "t", "value: a number or an expression of t", NULL},
    {"val_expression", MBS_ATTR_EXPR, NULL, DIM_NONE, 0, "t", "MotionSolve's name for val", NULL},
    {"is_action_only", MBS_ATTR_BOOL, "FALSE", DIM_NONE, 0, NULL, "TRUE: no reaction on the J body; a FORCE then acts along J's z axis", NULL},
    {"body1_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_IGNORED, NULL, "I's body, as MotionView writes it (no effect)", NULL},
    {"body2_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_IGNORED, NULL, "J's body (no effect)", NULL},
    MBS_USERSUB_ATTRS,
};

typedef struct scalar_params {
    int torque, action_only;
    int I, J;
    mbs_tfunc *val;
} scalar_params;

/* Direction of the load on I, and the rate it does work against. */
static void direction(const mbs_component *c, const mbs_eval *ev, double u[3], double *rate)
{
    const scalar_params *sp = c->params;
    double vI[3], vJ[3];
    if (sp->torque) {
        mbs_marker_axis(ev, sp->J, 2, u);
        mbs_marker_angular_velocity(ev, sp->I, vI);
        mbs_marker_angular_velocity(ev, sp->J, vJ);
        if (!sp->action_only)
            v3_sub(vI, vI, vJ);
        *rate = v3_dot(u, vI);
        return;
    }
    if (sp->action_only) { /* J gives the direction only */
        mbs_marker_axis(ev, sp->J, 2, u);
        mbs_marker_velocity(ev, sp->I, vI);
        *rate = v3_dot(u, vI);
        return;
    }
    double pI[3], pJ[3], r[3];
    mbs_marker_position(ev, sp->I, pI);
    mbs_marker_position(ev, sp->J, pJ);
    v3_sub(r, pI, pJ);
    double l = v3_norm(r);
    if (l < 1e-12 * (1.0 + v3_norm(pI) + v3_norm(pJ))) {
        mbs_eval_fail(ev, c, "markers I and J coincide, so the force has no direction");
        v3_zero(u);
    } else {
        v3_scale(u, r, 1.0 / l);
    }
    mbs_marker_velocity(ev, sp->I, vI);
    mbs_marker_velocity(ev, sp->J, vJ);
    v3_sub(vI, vI, vJ);
    *rate = v3_dot(u, vI);
}

static void eval(const mbs_component *c, mbs_eval *ev)
{
    const scalar_params *sp = c->params;
    double u[3], rate, f[3], minus[3];
    direction(c, ev, u, &rate);
    v3_scale(f, u, mbs_eval_tfunc(ev, sp->val));
    v3_scale(minus, f, -1.0);
    if (sp->torque) {
        mbs_apply_torque(ev, mbs_marker_body(ev, sp->I), f);
        if (!sp->action_only)
            mbs_apply_torque(ev, mbs_marker_body(ev, sp->J), minus);
    } else {
        mbs_apply_force(ev, sp->I, f);
        if (!sp->action_only)
            mbs_apply_force(ev, sp->J, minus);
    }
}

static double power_nc(const mbs_component *c, const mbs_eval *ev)
{
    const scalar_params *sp = c->params;
    double u[3], rate;
    direction(c, ev, u, &rate);
    return mbs_eval_tfunc(ev, sp->val) * rate;
}

enum { OUT_FORCE, OUT_POWER };

static void output(const mbs_component *c, const mbs_eval *ev, int which, double *out)
{
    const scalar_params *sp = c->params;
    out[0] = c->outputs[which].code == OUT_FORCE ? mbs_eval_tfunc(ev, sp->val) : power_nc(c, ev);
}

static void free_params(void *p)
{
    scalar_params *sp = p;
    if (sp)
        mbs_tfunc_free(sp->val);
    free(sp);
}

static const mbs_output_desc OUT_F[] = {
    {"Force", "value", DIM_FORCE, NULL, 0, OUT_FORCE},
    {"Power", "value", DIM_POWER, NULL, 0, OUT_POWER},
};
static const mbs_output_desc OUT_T[] = {
    {"Force", "value", DIM_TORQUE, NULL, 0, OUT_FORCE},
    {"Power", "value", DIM_POWER, NULL, 0, OUT_POWER},
};

static const mbs_component_ops OPS = {
    .eval = eval,
    .power_nc = power_nc,
    .output = output,
    .free_params = free_params,
};

/* The value: val, val_expression or the user subroutine SFOSUB; NULL
 * after reporting. */
static mbs_tfunc *value(mbs_builder *b, const mbs_spec_elem *e, mbs_dim dim)
{
    int has_val = mbs_spec_has(e, "val"), has_expr = mbs_spec_has(e, "val_expression");
    int user = mbs_usersub_asked(b, e);
    if (user < 0)
        return NULL;
    if (has_val + has_expr + user != 1) {
        mbs_build_error(b, e, "give exactly one of val, val_expression and a user subroutine (usrsub_*)");
        return NULL;
    }
    if (!user)
        return mbs_build_tfunc_dim(b, e, has_val ? "val" : "val_expression", dim);
    mbs_tfunc *f;
    return mbs_usersub_build(b, e, "SFOSUB", MBS_USER_FORCE, 1, &dim, &f) == 0 ? f : NULL;
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    if (e->modify) /* MotionSolve's modify command: its expressions */
        return mbs_build_modify(b, e, NULL);
    int torque = mbs_spec_keyword(e, "type") == 1, I, J;
    if (mbs_ref_marker_pair(b, e, &I, &J) != 0)
        return -1;
    mbs_tfunc *val = value(b, e, torque ? DIM_TORQUE : DIM_FORCE);
    if (!val)
        return -1;
    scalar_params *sp = malloc(sizeof *sp);
    if (!sp) {
        mbs_tfunc_free(val);
        return -1;
    }
    *sp = (scalar_params){torque, mbs_spec_bool(e, "is_action_only"), I, J, val};
    return mbs_add_marker_component(b, e, &OPS, sp, (const int[]){I, J}, 2, torque ? OUT_T : OUT_F,
                                    MBS_COUNT_OF(OUT_F)) ? 0 : -1;
}

const mbs_kind mbs_kind_force_scalar_two_body = {
    "Force_Scalar_TwoBody", MBS_FAMILY_FORCE, MBS_IN_MODEL | MBS_MODIFIABLE, MBS_STAGE_ELEMENTS, ATTRS, MBS_COUNT_OF(ATTRS),
    "A scalar force along the line from J to I (positive pushes the markers apart) or a torque about J's "
    "z axis, of value val (a number or an expression of t; MotionSolve files write val_expression) or "
    "given by a user subroutine SFOSUB (usrsub_*), equal and opposite on the J body unless is_action_only. "
    "An action-only force acts on I alone along J's z axis (as Adams and MotionSolve direct it), not along "
    "the line from J to I. Outputs: Force (the value), Power.",
    build,
    "SFORCE|FORCE",
};
