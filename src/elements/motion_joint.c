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
 *                No states: the rows are functions of (q, t) like a D motion's.
 * Output Force: the generalised force the motion applies on the I body
 * along / about the joint coordinate, -lambda (a torque for angles). */
#include "joint.h"
#include "../model/tfunc.h"

#include <math.h>
#include <stdlib.h>

#define QUAD_PIECE 1e-2 /* s: 8-point Gauss-Legendre is exact to rounding there for motions below ~100 Hz */

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "motion id (unique among motions)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"joint_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "joint whose coordinate is prescribed", NULL},
    {"type", MBS_ATTR_KEYWORD, "EXPRESSION", DIM_NONE, 0, "EXPRESSION|USERSUB", "EXPRESSION (USERSUB is not supported)", NULL},
    {"val_type", MBS_ATTR_KEYWORD, "D", DIM_NONE, 0, "D|V|A",
     "expr is the displacement (D), the velocity (V) or the acceleration (A)", NULL},
    {"motion_type", MBS_ATTR_KEYWORD, NULL, DIM_NONE, 0, "R|T", "CYLINDRICAL joints: rotation (R) or translation (T)", NULL},
    {"expr", MBS_ATTR_EXPR, NULL, DIM_NONE, 0, "t", "the prescribed value, a function of t (angles in rad)", NULL},
    {"ic_disp", MBS_ATTR_REAL, NULL, DIM_NONE, 0, NULL,
     "val_type A: the coordinate at the start (length or rad; default: as the model is written)", NULL},
    {"ic_vel", MBS_ATTR_REAL, NULL, DIM_NONE, 0, NULL,
     "val_type A: the coordinate's rate at the start (default: from the initial velocities)", NULL},
};

enum { VAL_D, VAL_V, VAL_A };

typedef struct motion_params {
    int joint;        /* component index */
    int coordinate;   /* which coordinate of the joint */
    int val_type;     /* VAL_D, VAL_V, VAL_A */
    mbs_tfunc *f;
    int has_ic_disp, has_ic_vel;
    double ic_disp, ic_vel; /* SI */
} motion_params;

/* val_type A: the integrals at the last accepted step */
enum { DISC_T, DISC_V, DISC_D, N_DISC_A };

/* i0 = int_a^b f(s) ds and i1 = int_a^b (b - s) f(s) ds (also for b < a). */
static void integrals(mbs_tfunc *f, double a, double b, double *i0, double *i1)
{
    static const double X[4] = {0.1834346424956498, 0.5255324099163290, 0.7966664774136267, 0.9602898564975363};
    static const double W[4] = {0.3626837833783620, 0.3137066458778873, 0.2223810344533745, 0.1012285362903763};
    int pieces = (int)ceil(fabs(b - a) / QUAD_PIECE);
    double h = pieces ? (b - a) / pieces : 0.0;
    *i0 = *i1 = 0.0;
    for (int p = 0; p < pieces; p++) {
        double mid = a + (p + 0.5) * h, half = 0.5 * h;
        for (int k = 0; k < 8; k++) {
            double s = mid + (k < 4 ? -half : half) * X[k % 4], w = half * W[k % 4], fs = mbs_tfunc_at(f, s);
            *i0 += w * fs;
            *i1 += w * (b - s) * fs;
        }
    }
}

/* D(t) and V(t) of an acceleration motion. */
static void integrated_motion(const motion_params *mp, const double *disc, double t, double *D, double *V)
{
    double i0, i1;
    integrals(mp->f, disc[DISC_T], t, &i0, &i1);
    *V = disc[DISC_V] + i0;
    *D = disc[DISC_D] + disc[DISC_V] * (t - disc[DISC_T]) + i1;
}

static void eval(const mbs_component *c, mbs_eval *ev)
{
    const motion_params *mp = c->params;
    const mbs_component *joint = &ev->m->comps[mp->joint];
    mbs_coord q;
    joint->ops->coordinate(joint, ev, mp->coordinate, &q);
    mbs_row *row = mbs_eval_row(ev, c, 0);
    row->jac = q.jac;
    switch (mp->val_type) {
    case VAL_V:
        row->gt = -mbs_eval_tfunc(ev, mp->f);
        break;
    case VAL_A: {
        double D, V;
        integrated_motion(mp, mbs_disc(ev, c), ev->t, &D, &V);
        row->g = q.q - D;
        row->gt = -V;
        break;
    }
    default:
        row->g = q.q - mbs_eval_tfunc(ev, mp->f);
        row->gt = -mbs_eval_tfunc_rate(ev, mp->f);
        break;
    }
}

static void init(const mbs_component *c, mbs_eval *ev)
{
    const motion_params *mp = c->params;
    const mbs_component *joint = &ev->m->comps[mp->joint];
    int angle = (joint->coord_angles >> mp->coordinate) & 1u;
    if (mp->val_type == VAL_D && angle)
        mbs_joint_set_angle_reference(joint, ev, mbs_eval_tfunc(ev, mp->f));
    if (mp->val_type != VAL_A)
        return;
    mbs_coord q;
    joint->ops->coordinate(joint, ev, mp->coordinate, &q);
    double *disc = mbs_disc(ev, c);
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
    if (mp->val_type != VAL_A)
        return;
    double *disc = mbs_disc(ev, c), D, V;
    integrated_motion(mp, disc, ev->t, &D, &V);
    disc[DISC_T] = ev->t;
    disc[DISC_V] = V;
    disc[DISC_D] = D;
}

static void output(const mbs_component *c, const mbs_eval *ev, int which, double *out)
{
    (void)which;
    out[0] = -mbs_row_lambda(ev, c, 0);
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

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    if (mbs_spec_keyword(e, "type") != 0)
        return mbs_build_error(b, e, "type USERSUB is not supported; give the motion as expr");
    if (!mbs_spec_has(e, "expr"))
        return mbs_build_error(b, e, "missing required attribute 'expr'");
    int joint = mbs_ref_component(b, e, "joint_id", MBS_FAMILY_CONSTRAINT);
    if (joint < 0)
        return -1;
    const mbs_model *m = mbs_builder_model(b);
    const mbs_component *jc = &m->comps[joint];
    if (jc->n_coords == 0 || !jc->ops->coordinate)
        return mbs_build_error(b, e, "joint_id %d has no coordinate to drive (REVOLUTE, TRANSLATIONAL or "
                                     "CYLINDRICAL joints have one)", jc->id);
    int coordinate = 0;
    if (jc->n_coords == 2) {
        if (!mbs_spec_has(e, "motion_type"))
            return mbs_build_error(b, e, "joint %d is CYLINDRICAL: say which coordinate with motion_type=\"R\" or \"T\"",
                                   jc->id);
        coordinate = mbs_spec_keyword(e, "motion_type") == 0 ? 1 : 0;
    } else if (mbs_spec_has(e, "motion_type")) {
        int wants_angle = mbs_spec_keyword(e, "motion_type") == 0;
        if (wants_angle != (int)(jc->coord_angles & 1u))
            return mbs_build_error(b, e, "motion_type %s does not match joint %d's coordinate",
                                   mbs_spec_text(e, "motion_type"), jc->id);
    }
    int angle = (jc->coord_angles >> coordinate) & 1u;
    int val_type = mbs_spec_keyword(e, "val_type");
    /* the dimensions of expr, ic_disp and ic_vel follow the coordinate */
    static const mbs_dim LINEAR[3] = {DIM_LENGTH, DIM_VELOCITY, DIM_ACCELERATION};
    static const mbs_dim ANGULAR[3] = {DIM_ANGLE, DIM_ANGULAR_VELOCITY, DIM_ANGULAR_ACCELERATION};
    const mbs_dim *dims = angle ? ANGULAR : LINEAR;
    static const char *const IC[2] = {"ic_disp", "ic_vel"};
    for (int k = 0; k < 2; k++)
        if (mbs_spec_given(e, IC[k]) && val_type != VAL_A)
            mbs_build_note(b, e, "%s has no effect with val_type %s", IC[k], mbs_spec_text(e, "val_type"));
    mbs_tfunc *f = mbs_build_tfunc_dim(b, e, "expr", dims[val_type]);
    if (!f)
        return -1;
    if (val_type == VAL_D && mbs_tfunc_differentiate(f) != 0 && mbs_tfunc_depends_on_time(f)) {
        mbs_tfunc_free(f);
        return mbs_build_error(b, e, "expr: cannot differentiate '%s' with respect to t", mbs_spec_text(e, "expr"));
    }
    motion_params *mp = malloc(sizeof *mp);
    if (!mp) {
        mbs_tfunc_free(f);
        return -1;
    }
    const mbs_units *units = &mbs_builder_model(b)->units;
    *mp = (motion_params){joint, coordinate, val_type, f, mbs_spec_given(e, "ic_disp"), mbs_spec_given(e, "ic_vel"),
                          mbs_spec_real(e, "ic_disp") * mbs_units_to_si(units, dims[0]),
                          mbs_spec_real(e, "ic_vel") * mbs_units_to_si(units, dims[1])};
    mbs_component *c = mbs_add_component(b, e, &OPS, mp);
    if (!c)
        return -1;
    jc = &mbs_builder_model(b)->comps[joint]; /* adding a component may have moved the array */
    if (val_type == VAL_V)
        c->n_vrows = 1;
    else
        c->n_hrows = 1;
    if (val_type == VAL_A)
        c->n_disc = N_DISC_A;
    for (int i = 0; i < jc->n_bodies; i++)
        mbs_component_couple_body(c, jc->bodies[i]);
    c->outputs = angle ? OUT_TORQUE : OUT_FORCE;
    c->n_outputs = 1;
    return 0;
}

const mbs_kind mbs_kind_motion_joint = {
    "Motion_Joint", MBS_FAMILY_MOTION, MBS_IN_MODEL, MBS_STAGE_ELEMENTS, ATTRS, MBS_COUNT_OF(ATTRS),
    "Prescribes a joint's coordinate (val_type D), its rate (V) or its second derivative (A, integrated from "
    "ic_disp and ic_vel) as an expression of t: the angle about "
    "J's z of a REVOLUTE joint, the displacement along J's z of a TRANSLATIONAL joint, either for a "
    "CYLINDRICAL joint (motion_type R or T). The time derivative of a D motion is formed symbolically. "
    "Output Force: the generalised force (torque for angles) the motion applies on the I body.",
    build,
};
