/* Motion_Joint (MotionSolve): prescribes a joint's relative coordinate q
 * (REVOLUTE: angle; TRANSLATIONAL: displacement; CYLINDRICAL: chosen by
 * motion_type R or T) as a function f(t):
 *   val_type D:  g = q(q_bodies) - f(t) = 0,   rate dq/dt - f'(t)
 *                (f' formed symbolically)
 *   val_type V:  dq/dt - f(t) = 0              (velocity level only)
 * The element has both rows; the one of the other type is not in use
 * (data's row_enabled), so that a command can switch the type between
 * analyses (commands.c) without changing the equations' layout. Its type is
 * its discrete state. type="CONSTANT" gives f as a number (val or expr).
 * Output Force: the generalised force the motion applies on the I body
 * along / about the joint coordinate, -lambda (a torque for angles). */
#include "joint.h"
#include "usersub.h"
#include "../model/tfunc.h"

#include <stdlib.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "motion id (unique among motions)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"joint_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "joint whose coordinate is prescribed", NULL},
    {"type", MBS_ATTR_KEYWORD, "EXPRESSION", DIM_NONE, 0, "EXPRESSION|USERSUB|CONSTANT",
     "EXPRESSION (expr), CONSTANT (a number: val, or expr); USERSUB is refused", NULL},
    {"val_type", MBS_ATTR_KEYWORD, "D", DIM_NONE, 0, "D|V|A", "expr is the displacement (D) or the velocity (V)", NULL},
    {"motion_type", MBS_ATTR_KEYWORD, NULL, DIM_NONE, 0, "R|T", "CYLINDRICAL joints: rotation (R) or translation (T)", NULL},
    {"joint_type", MBS_ATTR_KEYWORD, NULL, DIM_NONE, 0, "R|T", "older name of motion_type", NULL},
    {"expr", MBS_ATTR_EXPR, NULL, DIM_NONE, 0, "t", "the prescribed value, a function of t (angles in rad)", NULL},
    {"val", MBS_ATTR_REAL, NULL, DIM_NONE, 0, NULL, "type CONSTANT: the value (model units, angles in rad)", NULL},
    {"ic_disp", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted for MotionSolve files, no effect", NULL},
    {"ic_vel", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted for MotionSolve files, no effect", NULL},
    MBS_USERSUB_ATTRS,
};

typedef struct motion_params {
    int joint;        /* component index */
    int coordinate;   /* which coordinate of the joint */
    int velocity;     /* val_type V in the model */
    mbs_tfunc *f;
} motion_params;

enum { ROW_D, ROW_V }; /* the rows; disc[0] says which is in use */

static void eval(const mbs_component *c, mbs_eval *ev)
{
    const motion_params *mp = c->params;
    const mbs_component *joint = &ev->m->comps[mp->joint];
    mbs_coord q;
    joint->ops->coordinate(joint, ev, mp->coordinate, &q);
    double f = mbs_eval_tfunc(ev, mp->f);
    mbs_row *d = mbs_eval_row(ev, c, ROW_D), *v = mbs_eval_row(ev, c, ROW_V);
    d->jac = q.jac;
    d->g = q.q - f;
    d->gt = -mbs_eval_tfunc_rate(ev, mp->f);
    v->jac = q.jac;
    v->gt = -f;
}

static void init(const mbs_component *c, mbs_eval *ev)
{
    const motion_params *mp = c->params;
    const mbs_component *joint = &ev->m->comps[mp->joint];
    mbs_disc(ev, c)[0] = mp->velocity ? ROW_V : ROW_D;
    ev->d->row_enabled[c->row_ofs + (mp->velocity ? ROW_D : ROW_V)] = 0;
    if (!mp->velocity && ((joint->coord_angles >> mp->coordinate) & 1u))
        mbs_joint_set_angle_reference(joint, ev, mbs_eval_tfunc(ev, mp->f));
}

static void output(const mbs_component *c, const mbs_eval *ev, int which, double *out)
{
    (void)which;
    out[0] = -mbs_row_lambda(ev, c, mbs_disc(ev, c)[0] == ROW_V ? ROW_V : ROW_D);
}

static void free_params(void *p)
{
    motion_params *mp = p;
    if (mp)
        mbs_tfunc_free(mp->f);
    free(mp);
}

static const mbs_component_ops OPS = {
    .eval = eval,
    .init = init,
    .output = output,
    .free_params = free_params,
};

static const mbs_output_desc OUT_FORCE[] = {{"Force", "value", DIM_FORCE, NULL, 0, 0}};
static const mbs_output_desc OUT_TORQUE[] = {{"Force", "value", DIM_TORQUE, NULL, 0, 0}};

/* The prescribed value's text: expr, or for type CONSTANT val (or expr). */
static const char *value_text(mbs_builder *b, const mbs_spec_elem *e)
{
    if (mbs_spec_keyword(e, "type") == 2 && mbs_spec_has(e, "val"))
        return mbs_spec_text(e, "val");
    if (!mbs_spec_has(e, "expr")) {
        mbs_build_error(b, e, "missing required attribute '%s'", mbs_spec_keyword(e, "type") == 2 ? "val" : "expr");
        return NULL;
    }
    return mbs_spec_text(e, "expr");
}

mbs_dim mbs_motion_dim(int angle, int velocity)
{
    return angle ? (velocity ? DIM_ANGULAR_VELOCITY : DIM_ANGLE) : (velocity ? DIM_VELOCITY : DIM_LENGTH);
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    if (mbs_refuse_user_subroutine(b, e, "MOTSUB") != 0)
        return -1;
    if (mbs_spec_keyword(e, "type") == 1)
        return mbs_build_error(b, e, "type USERSUB is refused: mbsim cannot load compiled routines; give the motion "
                                     "as expr");
    if (mbs_spec_keyword(e, "val_type") == 2)
        return mbs_build_error(b, e, "val_type A (prescribed acceleration) is not supported; use D or V");
    const char *text = value_text(b, e);
    if (!text)
        return -1;
    int joint = mbs_ref_component(b, e, "joint_id", MBS_FAMILY_CONSTRAINT);
    if (joint < 0)
        return -1;
    const mbs_model *m = mbs_builder_model(b);
    const mbs_component *jc = &m->comps[joint];
    if (jc->n_coords == 0 || !jc->ops->coordinate)
        return mbs_build_error(b, e, "joint_id %d has no coordinate to drive (REVOLUTE, TRANSLATIONAL or "
                                     "CYLINDRICAL joints have one)", jc->id);
    const char *kind_attr = mbs_spec_has(e, "motion_type") ? "motion_type" : "joint_type";
    int coordinate = 0;
    if (jc->n_coords == 2) {
        if (!mbs_spec_has(e, kind_attr))
            return mbs_build_error(b, e, "joint %d is CYLINDRICAL: say which coordinate with motion_type=\"R\" or \"T\"",
                                   jc->id);
        coordinate = mbs_spec_keyword(e, kind_attr) == 0 ? 1 : 0;
    } else if (mbs_spec_has(e, kind_attr)) {
        int wants_angle = mbs_spec_keyword(e, kind_attr) == 0;
        if (wants_angle != (int)(jc->coord_angles & 1u))
            return mbs_build_error(b, e, "%s %s does not match joint %d's coordinate", kind_attr,
                                   mbs_spec_text(e, kind_attr), jc->id);
    }
    int angle = (jc->coord_angles >> coordinate) & 1u;
    int velocity = mbs_spec_keyword(e, "val_type") == 1;
    static const char *const T[] = {"t"};
    mbs_tfunc *f = mbs_build_expr(b, e, "expr", text, mbs_motion_dim(angle, velocity), T, NULL, 1);
    if (!f)
        return -1;
    if (mbs_tfunc_reads_state(f)) {
        mbs_tfunc_free(f);
        return mbs_build_error(b, e, "expr: a motion is a function of time; '%s' reads the state of the model", text);
    }
    if (!velocity && mbs_tfunc_differentiate(f) != 0 && mbs_tfunc_depends_on_time(f)) {
        mbs_tfunc_free(f);
        return mbs_build_error(b, e, "expr: cannot differentiate '%s' with respect to t", text);
    }
    motion_params *mp = malloc(sizeof *mp);
    if (!mp) {
        mbs_tfunc_free(f);
        return -1;
    }
    *mp = (motion_params){joint, coordinate, velocity, f};
    mbs_component *c = mbs_add_component(b, e, &OPS, mp);
    if (!c)
        return -1;
    jc = &mbs_builder_model(b)->comps[joint]; /* adding a component may have moved the array */
    c->n_hrows = 1;
    c->n_vrows = 1;
    c->n_spare_rows = 1; /* the row of the other type */
    c->n_disc = 1;
    for (int i = 0; i < jc->n_bodies; i++)
        mbs_component_couple_body(c, jc->bodies[i]);
    c->outputs = angle ? OUT_TORQUE : OUT_FORCE;
    c->n_outputs = 1;
    return 0;
}

const mbs_kind mbs_kind_motion_joint = {
    "Motion_Joint", MBS_FAMILY_MOTION, MBS_IN_MODEL, MBS_STAGE_ELEMENTS, ATTRS, MBS_COUNT_OF(ATTRS),
    "Prescribes a joint's coordinate (val_type D) or its rate (V) as an expression of t: the angle about "
    "J's z of a REVOLUTE joint, the displacement along J's z of a TRANSLATIONAL joint, either for a "
    "CYLINDRICAL joint (motion_type R or T). The time derivative of a D motion is formed symbolically. "
    "type=\"CONSTANT\" gives a number (val). In <Command> a Motion_Joint changes the motion's expr and "
    "val_type for the analyses that follow. Output Force: the generalised force (torque for angles) the "
    "motion applies on the I body.",
    build,
};
