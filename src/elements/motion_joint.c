/* Motion_Joint (MotionSolve): prescribes a joint's relative coordinate q
 * (REVOLUTE: angle; TRANSLATIONAL: displacement; CYLINDRICAL: chosen by
 * motion_type R or T) as a function f(t):
 *   val_type D:  g = q(q_bodies) - f(t) = 0,   rate dq/dt - f'(t)
 *                (f' formed symbolically)
 *   val_type V:  dq/dt - f(t) = 0              (velocity level only)
 *   val_type A:  g = q(q_bodies) - D(t) = 0,   rate dq/dt - V(t), with
 *                V(t) = ic_vel + int_t0^t f,  D(t) = ic_disp + ic_vel (t - t0) + int_t0^t (t - s) f(s) ds
 *                (d^2q/dt^2 = f, dq/dt = ic_vel and q = ic_disp at the start
 *                t0; without them, the coordinate and its rate in the model as
 *                written). The integrals are Gauss-Legendre sums on pieces of
 *                at most QUAD_PIECE, from the values at the last accepted step
 *                (disc: t_k, V_k, D_k), so a step costs a few evaluations of f.
 *                No states: the displacement row is a function of (q, t).
 * The element has both rows; the one of the other type is not in use
 * (data's row_enabled), so that a command can switch the type between
 * analyses (modify_commands.c) without changing the equations' layout. Its
 * type (D, V or A) is its discrete state; an A motion uses the displacement
 * row. type="CONSTANT" gives f as a number (val, or q as MotionView 2022
 * writes it, or expr).
 * Output Force: the generalised force the motion applies on the I body
 * along / about the joint coordinate, -lambda (a torque for angles). */
#include "joint.h"
#include "modify_commands.h"
#include "scalar_state.h"
#include "usersub.h"
#include "../model/tfunc.h"

#include <math.h>
#include <stdlib.h>

#define QUAD_PIECE 1e-2 /* s: 8-point Gauss-Legendre is exact to rounding there for motions below ~100 Hz */
/* Pieces over one step at most: steps up to 100 s keep QUAD_PIECE; a longer
 * one (a slow motion over years, as a steady spin-up allows) gets wider
 * pieces, still exact for polynomial motions of degree 15, instead of a
 * count of pieces without bound (a 1e8 s run took hours; beyond 2e7 s the
 * count overflowed an int). */
#define QUAD_MAX_PIECES 10000

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among the elements of this name; another element may share it)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"joint_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "joint whose coordinate is prescribed", NULL},
    {"type", MBS_ATTR_KEYWORD, "EXPRESSION", DIM_NONE, MBS_BY_COMMAND, "EXPRESSION|USERSUB|CONSTANT",
     "EXPRESSION (expr), CONSTANT (a number: val, or expr), USERSUB (the user subroutine MOTSUB)", NULL},
    {"val_type", MBS_ATTR_KEYWORD, "D", DIM_NONE, MBS_BY_COMMAND, "D|V|A",
     "expr is the displacement (D), the velocity (V) or the acceleration (A)", NULL},
    {"motion_type", MBS_ATTR_KEYWORD, NULL, DIM_NONE, 0, "R|T", "CYLINDRICAL joints: rotation (R) or translation (T)", NULL},
    {"joint_type", MBS_ATTR_KEYWORD, NULL, DIM_NONE, 0, "R|T", "older name of motion_type", NULL},
    {"expr", MBS_ATTR_EXPR, NULL, DIM_NONE, 0, "t", "the prescribed value, a function of t (angles in rad)", NULL},
    {"val", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_BY_COMMAND, NULL, "type CONSTANT: the value (model units, angles in rad)", NULL},
    {"q", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_BY_COMMAND, NULL,
     "type CONSTANT: the value, as MotionView 2022 writes it (the same as val)", NULL},
    {"ic_disp", MBS_ATTR_REAL, NULL, DIM_NONE, 0, NULL,
     "val_type A: the coordinate at the start (length or rad; default: as the model is written)", NULL},
    {"ic_vel", MBS_ATTR_REAL, NULL, DIM_NONE, 0, NULL,
     "val_type A: the coordinate's rate at the start (default: from the initial velocities)", NULL},
    MBS_USERSUB_ATTRS,
};

enum { VAL_D, VAL_V, VAL_A };

typedef struct motion_params {
    int joint;        /* component index */
    int coordinate;   /* which coordinate of the joint */
    int val_type;     /* VAL_D, VAL_V, VAL_A in the model */
    mbs_tfunc *f;
    int has_ic_disp, has_ic_vel;
    double ic_disp, ic_vel; /* SI */
} motion_params;

enum { ROW_D, ROW_V }; /* the rows: ROW_V in use for VAL_V, ROW_D otherwise */
/* discrete states: the type in use (a command may change it), and for val_type A
 * the integrals at the last accepted step */
enum { DISC_TYPE, DISC_T, DISC_V, DISC_D, N_DISC };

/* i0 = int_a^b f(s) ds and i1 = int_a^b (b - s) f(s) ds (also for b < a). */
static void integrals(const mbs_eval *ev, const mbs_tfunc *f, double a, double b, double *i0, double *i1)
{
    static const double X[4] = {0.1834346424956498, 0.5255324099163290, 0.7966664774136267, 0.9602898564975363};
    static const double W[4] = {0.3626837833783620, 0.3137066458778873, 0.2223810344533745, 0.1012285362903763};
    double span = fabs(b - a);
    if (!isfinite(span)) {
        *i0 = *i1 = NAN; /* a time that is not finite: the residual says so */
        return;
    }
    int pieces = span < QUAD_MAX_PIECES * QUAD_PIECE ? (int)ceil(span / QUAD_PIECE) : QUAD_MAX_PIECES;
    double h = pieces ? (b - a) / pieces : 0.0;
    *i0 = *i1 = 0.0;
    for (int p = 0; p < pieces; p++) {
        double mid = a + (p + 0.5) * h, half = 0.5 * h;
        for (int k = 0; k < 8; k++) {
            double s = mid + (k < 4 ? -half : half) * X[k % 4], w = half * W[k % 4];
            double fs = mbs_eval_tfunc_at(ev, f, s);
            *i0 += w * fs;
            *i1 += w * (b - s) * fs;
        }
    }
}

/* D(t) and V(t) of an acceleration motion. */
static void integrated_motion(const mbs_eval *ev, const motion_params *mp, const double *disc, double t, double *D,
                              double *V)
{
    double i0, i1;
    integrals(ev, mp->f, disc[DISC_T], t, &i0, &i1);
    *V = disc[DISC_V] + i0;
    *D = disc[DISC_D] + disc[DISC_V] * (t - disc[DISC_T]) + i1;
}

static void eval(const mbs_component *c, mbs_eval *ev)
{
    const motion_params *mp = c->params;
    const mbs_component *joint = &ev->m->comps[mp->joint];
    mbs_coord q;
    joint->ops->coordinate(joint, ev, mp->coordinate, &q);
    mbs_row *d = mbs_eval_row(ev, c, ROW_D), *v = mbs_eval_row(ev, c, ROW_V);
    d->jac = q.jac;
    v->jac = q.jac;
    const double *disc = mbs_disc(ev, c);
    if ((int)disc[DISC_TYPE] == VAL_A) {
        double D, V;
        integrated_motion(ev, mp, disc, ev->t, &D, &V);
        d->g = q.q - D;
        d->gt = -V;
        v->gt = -V;
        return;
    }
    double f = mbs_eval_tfunc(ev, mp->f);
    d->g = q.q - f;
    d->gt = -mbs_eval_tfunc_rate(ev, mp->f);
    v->gt = -f;
}

static void init(const mbs_component *c, mbs_eval *ev)
{
    const motion_params *mp = c->params;
    const mbs_component *joint = &ev->m->comps[mp->joint];
    double *disc = mbs_disc(ev, c);
    disc[DISC_TYPE] = mp->val_type;
    ev->d->row_enabled[c->row_ofs + (mp->val_type == VAL_V ? ROW_D : ROW_V)] = 0;
    int angle = (joint->coord_angles >> mp->coordinate) & 1u;
    if (mp->val_type == VAL_D && angle)
        mbs_joint_set_angle_reference(joint, ev, mbs_eval_tfunc(ev, mp->f));
    if (mp->val_type != VAL_A)
        return;
    mbs_coord q;
    joint->ops->coordinate(joint, ev, mp->coordinate, &q);
    disc[DISC_T] = ev->t;
    disc[DISC_D] = mp->has_ic_disp ? mp->ic_disp : q.q;
    disc[DISC_V] = mp->has_ic_vel ? mp->ic_vel : q.v;
    if (angle)
        mbs_joint_set_angle_reference(joint, ev, disc[DISC_D]);
}

/* An acceleration motion's integrals move on with the accepted steps. */
static void accept_step(const mbs_component *c, mbs_eval *ev)
{
    const motion_params *mp = c->params;
    double *disc = mbs_disc(ev, c);
    if ((int)disc[DISC_TYPE] != VAL_A)
        return;
    double D, V;
    integrated_motion(ev, mp, disc, ev->t, &D, &V);
    disc[DISC_T] = ev->t;
    disc[DISC_V] = V;
    disc[DISC_D] = D;
}

static void output(const mbs_component *c, const mbs_eval *ev, int which, double *out)
{
    (void)which;
    out[0] = -mbs_row_lambda(ev, c, (int)mbs_disc(ev, c)[DISC_TYPE] == VAL_V ? ROW_V : ROW_D);
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
    .accept_step = accept_step,
    .output = output,
    .free_params = free_params,
};

static const mbs_output_desc OUT_FORCE[] = {{"Force", "value", DIM_FORCE, NULL, 0, 0}};
static const mbs_output_desc OUT_TORQUE[] = {{"Force", "value", DIM_TORQUE, NULL, 0, 0}};

/* The constant of type CONSTANT: val, or q as MotionView 2022 writes it;
 * NULL for neither. */
static const char *motion_constant(const mbs_spec_elem *e)
{
    return mbs_spec_given(e, "val") ? mbs_spec_text(e, "val") : mbs_spec_given(e, "q") ? mbs_spec_text(e, "q") : NULL;
}

/* 0, or -1 after reporting that e gives both val and q. */
static int check_constant(mbs_builder *b, const mbs_spec_elem *e)
{
    if (mbs_spec_given(e, "val") && mbs_spec_given(e, "q"))
        return mbs_build_error(b, e, "val and q both give the constant (q is MotionView 2022's name of val): give one");
    return 0;
}

/* The prescribed value's text: expr, or for type CONSTANT val or q (or expr). */
static const char *value_text(mbs_builder *b, const mbs_spec_elem *e)
{
    if (check_constant(b, e) != 0)
        return NULL;
    if (mbs_spec_keyword(e, "type") == 2 && motion_constant(e))
        return motion_constant(e);
    if (!mbs_spec_has(e, "expr")) {
        mbs_build_error(b, e, "missing required attribute '%s'", mbs_spec_keyword(e, "type") == 2 ? "val" : "expr");
        return NULL;
    }
    return mbs_spec_text(e, "expr");
}

/* A motion reads no state, except VARVAL of a constant variable: the input
 * of a linear analysis (a base excitation), which the analysis perturbs. */
static int reads_only_varval(const mbs_tfunc *f)
{
    for (int i = 0; i < f->n_measures; i++)
        if (f->measures[i].kind != MBS_MEAS_VARVAL)
            return 0;
    return 1;
}

/* Once every variable is compiled: those the motion reads are constants
 * (the motion's rate row takes them as such). */
static int check_varvals(mbs_builder *b, const mbs_spec_elem *e)
{
    int c = mbs_builder_result(b, e);
    if (c < 0)
        return -1;
    const mbs_model *m = mbs_builder_model(b);
    const motion_params *mp = m->comps[c].params;
    for (int i = 0; i < mp->f->n_measures; i++) {
        const mbs_component *v = &m->comps[mp->f->measures[i].comp];
        const mbs_scalar_state *p = v->params;
        if (p->implicit || (p->f && (mbs_tfunc_reads_state(p->f) || mbs_tfunc_depends_on_time(p->f))))
            return mbs_build_error(b, e, "expr: a motion reads VARVAL only of a constant Reference_Variable (an "
                                         "input of a linear analysis); variable %d is %s",
                                   v->id, p->implicit ? "implicit" : "a function of time or state");
    }
    return 0;
}

/* The dimension of the motion's expression: an angle or a length, or
 * their rates (val_type 0 D, 1 V, 2 A). */
static mbs_dim motion_dim(int angle, int val_type)
{
    static const mbs_dim LINEAR[3] = {DIM_LENGTH, DIM_VELOCITY, DIM_ACCELERATION};
    static const mbs_dim ANGULAR[3] = {DIM_ANGLE, DIM_ANGULAR_VELOCITY, DIM_ANGULAR_ACCELERATION};
    return angle ? ANGULAR[val_type] : LINEAR[val_type];
}

/* The prescribed value, a function of t: expr (or val), or the user
 * subroutine MOTSUB (its time derivatives by iord). NULL after reporting. */
static mbs_tfunc *prescribed(mbs_builder *b, const mbs_spec_elem *e, mbs_dim dim, int val_type)
{
    int user = mbs_usersub_asked(b, e);
    if (user < 0)
        return NULL;
    if (user && mbs_spec_has(e, "expr")) {
        mbs_build_error(b, e, "give expr or a user subroutine (usrsub_*), not both");
        return NULL;
    }
    if (user) {
        mbs_tfunc *f;
        return mbs_usersub_build(b, e, "MOTSUB", MBS_USER_MOTION, 1, &dim, &f) == 0 ? f : NULL;
    }
    const char *text = value_text(b, e);
    if (!text)
        return NULL;
    static const char *const T[] = {"t"};
    mbs_tfunc *f = mbs_build_expr(b, e, "expr", text, dim, T, NULL, 1);
    if (!f)
        return NULL;
    if (mbs_tfunc_reads_state(f) && !reads_only_varval(f)) {
        mbs_tfunc_free(f);
        mbs_build_error(b, e, "expr: a motion is a function of time; '%s' reads the state of the model", text);
        return NULL;
    }
    if (val_type == VAL_D && mbs_tfunc_differentiate(f) != 0 && mbs_tfunc_depends_on_time(f)) {
        mbs_tfunc_free(f);
        mbs_build_error(b, e, "expr: cannot differentiate '%s' with respect to t", text);
        return NULL;
    }
    return f;
}

/* What the motion's text and type are after the commands before e. */
static void motion_as_of(mbs_builder *b, const mbs_spec_elem *target, const mbs_spec_elem *e, const char **text,
                         int *velocity)
{
    (void)b;
    *velocity = mbs_spec_keyword(target, "val_type") == 1;
    *text = mbs_spec_keyword(target, "type") == 2 && motion_constant(target) ? motion_constant(target)
                                                                                 : mbs_spec_text(target, "expr");
    for (const mbs_spec_elem *c = target; c <= e; c++) {
        if (c != target && !(c->modify && c->kind == target->kind && c->id == target->id))
            continue;
        if (mbs_spec_given(c, "val_type"))
            *velocity = mbs_spec_keyword(c, "val_type") == 1;
        if (mbs_spec_given(c, "expr"))
            *text = mbs_spec_text(c, "expr");
        else if (motion_constant(c))
            *text = motion_constant(c);
    }
}

/* A Motion_Joint in <Command>, MotionSolve's modify command: its
 * expression, with its val_type (which of the motion's two rows is in use:
 * its discrete state says which). */
static int modify_motion(mbs_builder *b, const mbs_spec_elem *e, const mbs_spec_elem *target)
{
    if (mbs_spec_given(e, "val_type") && mbs_spec_keyword(e, "val_type") == 2)
        return mbs_build_error(b, e, "val_type A (prescribed acceleration) is not supported in a command; give it in "
                                     "the model, or use D or V");
    if (mbs_spec_given(e, "type") && mbs_spec_keyword(e, "type") == 1)
        return mbs_build_error(b, e, "type USERSUB in a command is not supported: a command changes a motion's "
                                     "expression, not its user subroutine");
    if (check_constant(b, e) != 0)
        return -1;
    int comp = mbs_builder_result(b, target);
    if (comp < 0)
        return -1;
    mbs_tfunc *f = mbs_builder_find_tfunc(b, target, "expr");
    if (!f)
        return mbs_build_error(b, e, "Motion_Joint %d is a user subroutine (MOTSUB): a command changes a motion's "
                                     "expression, not its user subroutine",
                               target->id);
    const char *text;
    int velocity;
    motion_as_of(b, target, e, &text, &velocity);
    /* the coordinate is an angle when the model's expression is one */
    int angle = mbs_dim_eq(f->value_dim, DIM_ANGLE) || mbs_dim_eq(f->value_dim, DIM_ANGULAR_VELOCITY) ||
                mbs_dim_eq(f->value_dim, DIM_ANGULAR_ACCELERATION);
    if (mbs_command_override(b, e, "expr", f, text, motion_dim(angle, velocity), !velocity) != 0)
        return -1;
    /* the motion's rows: 0 displacement, 1 velocity; its discrete state says which */
    mbs_command type = {.kind = MBS_CMD_SET_DISC, .comp = comp, .index = 0, .value = velocity ? 1.0 : 0.0};
    mbs_command d_row = {.kind = MBS_CMD_ENABLE_ROWS, .comp = comp, .index = 0, .count = 1, .flag = !velocity};
    mbs_command v_row = {.kind = MBS_CMD_ENABLE_ROWS, .comp = comp, .index = 1, .count = 1, .flag = velocity};
    if (mbs_add_command(b, e, &type) < 0 || mbs_add_command(b, e, &d_row) < 0 || mbs_add_command(b, e, &v_row) < 0)
        return -1;
    return 0;
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    if (e->modify)
        return mbs_build_modify(b, e, modify_motion);
    int joint = mbs_ref_joint(b, e, "joint_id");
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
    int val_type = mbs_spec_keyword(e, "val_type");
    /* MotionView writes them on every motion: one note for all */
    if ((mbs_spec_given(e, "ic_disp") || mbs_spec_given(e, "ic_vel")) && val_type != VAL_A)
        mbs_build_summary_note(b, e, "ic_disp and ic_vel have no effect unless val_type is A");
    mbs_tfunc *f = prescribed(b, e, motion_dim(angle, val_type), val_type);
    if (!f)
        return -1;
    motion_params *mp = malloc(sizeof *mp);
    if (!mp) {
        mbs_tfunc_free(f);
        return -1;
    }
    const mbs_units *units = &mbs_builder_model(b)->units;
    *mp = (motion_params){joint, coordinate, val_type, f, mbs_spec_given(e, "ic_disp"), mbs_spec_given(e, "ic_vel"),
                          mbs_spec_real(e, "ic_disp") * mbs_units_to_si(units, motion_dim(angle, VAL_D)),
                          mbs_spec_real(e, "ic_vel") * mbs_units_to_si(units, motion_dim(angle, VAL_V))};
    mbs_component *c = mbs_add_component(b, e, &OPS, mp);
    if (!c)
        return -1;
    jc = &mbs_builder_model(b)->comps[joint]; /* adding a component may have moved the array */
    c->n_hrows = 1;
    c->n_vrows = 1;
    c->n_spare_rows = 1; /* the row of the other type */
    c->n_disc = N_DISC;
    for (int i = 0; i < jc->n_bodies; i++)
        mbs_component_couple_body(c, jc->bodies[i]);
    c->outputs = angle ? OUT_TORQUE : OUT_FORCE;
    c->n_outputs = 1;
    if (mbs_tfunc_reads_state(mp->f) && mbs_builder_defer(b, e, check_varvals) != 0)
        return -1;
    return 0;
}

const mbs_kind mbs_kind_motion_joint = {
    "Motion_Joint", MBS_FAMILY_MOTION, MBS_IN_MODEL | MBS_MODIFIABLE, MBS_STAGE_ELEMENTS, ATTRS, MBS_COUNT_OF(ATTRS),
    "Prescribes a joint's coordinate (val_type D), its rate (V) or its second derivative (A, integrated from "
    "ic_disp and ic_vel) as an expression of t: the angle about "
    "J's z of a REVOLUTE joint, the displacement along J's z of a TRANSLATIONAL joint, either for a "
    "CYLINDRICAL joint (motion_type R or T). The time derivative of a D motion is formed symbolically. "
    "type=\"CONSTANT\" gives a number (val, or q as MotionView 2022 writes it); type=\"USERSUB\" a user "
    "subroutine MOTSUB, which gives the value and its time derivative (iord 0 and 1). In <Command> a "
    "Motion_Joint changes the motion's expr and "
    "val_type for the analyses that follow. Output Force: the generalised force (torque for angles) the "
    "motion applies on the I body.",
    build,
    "MOTION",
};
