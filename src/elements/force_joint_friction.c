/* Force_JointFriction (MotionSolve): LuGre friction in a REVOLUTE,
 * TRANSLATIONAL, CYLINDRICAL, SPHERICAL or UNIVERSAL/HOOKE joint, loaded by
 * the joint's own reaction (docs/joint-friction.md).
 *
 * Kinematics, in J's axes: F, T the reaction force and torque on the I body
 * at the I origin (joint.h), v and w the velocity of I's origin and the
 * angular velocity of I relative to J (v relative to J's material point at
 * I's origin), a the joint's rotation axis (z_J; for UNIVERSAL the yoke:
 * z_I or z_J by yoke_choice), dz = (p_I - p_J).z_J. |x| below is smoothed
 * (sqrt(x^2 + eps^2) - eps, eps = 1e-9 of the model's force scale) so
 * Newton's iterations see smooth functions where a load passes zero.
 *
 * Each LuGre channel (lugre.h) has its slip velocity and bristle states:
 *
 *   REVOLUTE, UNIVERSAL  w_a = w.a; pin: v_p = r_p w_a; caps: v_n = r_n w_a
 *       N_p = [F]|F - (F.a)a| + [B]|T - (T.a)a|/r_b + [P]T_pre/(mu_s r_p)
 *       N_n = [F]|F.a|
 *       torque on I = (r_p mu_p N_p + r_n mu_n N_n) a
 *   TRANSLATIONAL  v_z (one channel)
 *       N = [F]|F_xy| + [M]|T_z|/r_reaction + [B]|T_xy|/x_s + [P]F_pre/mu_s
 *       force on I = mu N z_J
 *   CYLINDRICAL  (r_p w_z, v_z) (one 2-vector channel)
 *       N = [F]|F_xy| + [B]|T_xy|/x_s + [P](F_pre/mu_s + T_pre/(mu_s r_p))
 *       force on I = mu_2 N z_J, torque on I = r_p mu_1 N z_J
 *   SPHERICAL  r_b w (one 3-vector channel, r_b = ball_radius)
 *       N = [F]|F| + [P]T_pre/(mu_s r_b),  n = F/|F|
 *       torque on I = r_b N (mu - n (n.mu))
 *
 * [P] [F] [B] [M]: the characters of `inputs` (preload, reaction force,
 * bending moment, torsional moment), 1 or 0. x_s = initial_overlap, or
 * initial_overlap +/- (dz - dz(t=0)) for overlap_delta INCREASE/DECREASE,
 * kept >= 1e-3 initial_overlap. The J body gets the opposite force at the
 * same point and the opposite torque. Power: force.v + torque.w (<= 0 when
 * dissipating); the dissipated energy includes what the bristles store.
 *
 * Static analysis: at rest mu = -sigma0 z, and the deflections are unknowns
 * of the equilibrium, each following the slip since the analysis began
 * (z = z_begin + slip displacement: the presliding law). A channel whose
 * |sigma0 z| exceeds g(0) saturates there; when every channel of the joint
 * saturates, nothing holds it: the analysis fails, naming the joint. With
 * inactive="STATIC" the element is off in Static analyses (off_in_static:
 * the run does not evaluate it, its bristles are frozen, its loads read 0). */
#include "joint.h"
#include "lugre.h"
#include "../core/rotation.h"
#include "../core/strutil.h"
#include "../core/vec3.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum jf_type { JF_REVOLUTE, JF_TRANSLATIONAL, JF_CYLINDRICAL, JF_SPHERICAL, JF_UNIVERSAL } jf_type;

static const char *const JOINT_TYPES[] = {"REVOLUTE", "TRANSLATIONAL", "CYLINDRICAL", "SPHERICAL", "UNIVERSAL"};

/* Which input characters, and which attributes, apply to which joint type
 * (bit k = jf_type k). */
#define T_R (1u << JF_REVOLUTE)
#define T_T (1u << JF_TRANSLATIONAL)
#define T_C (1u << JF_CYLINDRICAL)
#define T_S (1u << JF_SPHERICAL)
#define T_U (1u << JF_UNIVERSAL)

enum { IN_PRELOAD, IN_FORCE, IN_BENDING, IN_TORSION };
static const char *const INPUT_NAMES[4] = {"preload", "reaction force", "bending moment", "torsional moment"};
static const unsigned INPUT_APPLIES[4] = {T_R | T_T | T_C | T_S | T_U, T_R | T_T | T_C | T_S | T_U,
                                          T_R | T_T | T_C | T_U, T_T};

static const struct {
    const char *attr;
    unsigned applies;
} ATTR_APPLIES[] = {
    {"force_preload", T_T | T_C},         {"torque_preload", T_R | T_C | T_S | T_U},
    {"friction_arm", T_R | T_U},          {"reaction_arm", T_T},
    {"bending_reaction_arm", T_R | T_U},  {"pin_radius", T_R | T_C | T_U},
    {"ball_radius", T_S},                 {"initial_overlap", T_T | T_C},
    {"overlap_delta", T_T | T_C},         {"yoke_choice", T_U},
};

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among the elements of this name; another element may share it)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"joint_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL,
     "the Constraint_Joint (REVOLUTE, TRANSLATIONAL, CYLINDRICAL, SPHERICAL, UNIVERSAL/HOOKE)", NULL},
    {"mu_static", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_REQUIRED, NULL, "mu_s: static friction coefficient, > 0", NULL},
    {"mu_dynamic", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_REQUIRED, NULL, "mu_d: dynamic friction coefficient, > 0",
     NULL},
    {"max_stiction_deform", MBS_ATTR_REAL, "0.01", DIM_LENGTH, 0, NULL,
     "kept for MotionSolve files; no effect in the LuGre model (sigma0 sets the stiction deflection)", NULL},
    {"bristle_stiffness", MBS_ATTR_REAL, "100", DIM_INV_LENGTH, 0, NULL,
     "sigma0: bristle stiffness per unit normal force, > 0 (default: N-mm-s value)", NULL},
    {"damping_effects", MBS_ATTR_REAL, "0.316", DIM_TIME_PER_LENGTH, 0, NULL,
     "sigma1: bristle damping per unit normal force, >= 0", NULL},
    {"viscous_effects", MBS_ATTR_REAL, "0.0004", DIM_TIME_PER_LENGTH, 0, NULL,
     "sigma2: viscous friction per unit normal force, >= 0", NULL},
    {"stiction_trans_vel", MBS_ATTR_REAL, "0.1", DIM_VELOCITY, 0, NULL,
     "v_s: slip speed of the Stribeck transition from static to dynamic friction, > 0", NULL},
    {"inactive", MBS_ATTR_KEYWORD, "NONE", DIM_NONE, 0, "NONE|STATIC",
     "STATIC: no friction in Static analyses (bristles frozen, its loads read 0 there)", NULL},
    {"effect", MBS_ATTR_KEYWORD, "ALL", DIM_NONE, 0, "ALL|STICTION|SLIDING",
     "ALL: Stribeck curve g(s); STICTION: g = mu_s; SLIDING: g = mu_d", NULL},
    {"inputs", MBS_ATTR_TEXT, "1111", DIM_NONE, 0, NULL,
     "four 0/1 characters switching the preload, reaction force, bending moment, torsional moment", NULL},
    {"force_preload", MBS_ATTR_REAL, "0", DIM_FORCE, 0, NULL,
     "friction force at stiction from assembly preload (TRANSLATIONAL, CYLINDRICAL), >= 0", NULL},
    {"torque_preload", MBS_ATTR_REAL, "0", DIM_TORQUE, 0, NULL,
     "friction torque at stiction from assembly preload (REVOLUTE, CYLINDRICAL, UNIVERSAL, SPHERICAL), >= 0", NULL},
    {"friction_arm", MBS_ATTR_REAL, "1", DIM_LENGTH, 0, NULL,
     "r_n: effective radius of the end caps (REVOLUTE, UNIVERSAL), > 0", NULL},
    {"reaction_arm", MBS_ATTR_REAL, "1", DIM_LENGTH, 0, NULL,
     "arm of the torsional reaction (TRANSLATIONAL), > 0", NULL},
    {"bending_reaction_arm", MBS_ATTR_REAL, "1", DIM_LENGTH, 0, NULL,
     "r_b: arm of the bending reaction (REVOLUTE, UNIVERSAL), > 0", NULL},
    {"pin_radius", MBS_ATTR_REAL, "1", DIM_LENGTH, 0, NULL, "r_p: pin radius (REVOLUTE, CYLINDRICAL, UNIVERSAL), > 0",
     NULL},
    {"ball_radius", MBS_ATTR_REAL, "1", DIM_LENGTH, 0, NULL, "ball radius (SPHERICAL), > 0", NULL},
    {"initial_overlap", MBS_ATTR_REAL, "1000", DIM_LENGTH, 0, NULL,
     "overlap of the sliding parts at t = 0 (TRANSLATIONAL, CYLINDRICAL), > 0", NULL},
    {"overlap_delta", MBS_ATTR_KEYWORD, "CONSTANT", DIM_NONE, 0, "CONSTANT|INCREASE|DECREASE",
     "how the overlap changes as I moves along J's z (TRANSLATIONAL, CYLINDRICAL)", NULL},
    {"yoke_choice", MBS_ATTR_KEYWORD, "I_YOKE", DIM_NONE, 0, "I_YOKE|J_YOKE",
     "UNIVERSAL/HOOKE: the yoke whose axis (I's or J's z) carries the friction", NULL},
    {"bristle_start", MBS_ATTR_KEYWORD, "RELAXED", DIM_NONE, 0, "RELAXED|STEADY",
     "mbsim's extension: the bristles at the start of a run whose first analysis is a transient: RELAXED (z = 0, "
     "MotionSolve's) or STEADY (the steady deflection for the joint's slip then: no start-up spike on a joint "
     "that slides from t = 0)",
     NULL},
};

typedef struct jf_params {
    jf_type type;
    int joint;                /* component index of the joint */
    int I, J;                 /* its markers */
    int yoke_i;               /* UNIVERSAL: the axis is I's z */
    mbs_lugre lugre;
    double in[4];             /* inputs: 1 or 0 per term (IN_*) */
    double f_pre, t_pre;
    double r_n, r_reaction, r_b, r_p, r_ball;
    double overlap0;
    int overlap_sign;         /* 0 constant, +1 increase, -1 decrease */
    int start_steady;         /* bristle_start="STEADY" */
    double eps_force;         /* smoothing of |force| (torques: times the arm) */
    int n_ch;                 /* channels: REVOLUTE/UNIVERSAL 2 scalar ones; others 1 */
} jf_params;

/* Discrete data (mbs_disc). */
enum {
    D_DZ0,                    /* dz at t = 0 (overlap) */
    D_REL_BEGIN,              /* 9: I's axes in J's at the start of a Static analysis */
    D_DZ_BEGIN = D_REL_BEGIN + 9,
    D_Z_BEGIN,                /* 3: deflections then */
    D_SATURATED = D_Z_BEGIN + 3, /* 2: per scalar channel 0, or the sign it saturated with */
    N_DISC = D_SATURATED + 2
};

/* What one evaluation measures and computes, J's axes throughout. */
typedef struct jf_eval {
    double RJ[9], pI[3];
    double F[3], T[3];        /* reaction on I at I's origin */
    double v[3], w[3];        /* relative velocity, angular velocity */
    double a[3];              /* rotation axis (REVOLUTE, UNIVERSAL, CYLINDRICAL) */
    double dz;
    double slip[3], z[3], zdot[3], mu[3];
    mbs_lugre_slopes sl[2];   /* REVOLUTE/UNIVERSAL, where the data wants slopes: each channel's */
    mbs_lugre_vector_slopes vsl; /* the others, where the data wants slip slopes: the channel's */
    double n_dir[3];          /* SPHERICAL: the direction of the reaction, n */
    double normal[2];         /* REVOLUTE/UNIVERSAL: pin, caps; others: N */
    double force[3], torque[3];
    double mu_trans[3], mu_rot[3];
} jf_eval;

static int n_states_of(jf_type t)
{
    return t == JF_SPHERICAL ? 3 : t == JF_TRANSLATIONAL ? 1 : 2;
}

static double smooth_abs(double x, double eps)
{
    return sqrt(x * x + eps * eps) - eps;
}

/* |x - (x.a) a| and x.a */
static double perpendicular(const double x[3], const double a[3], double *along)
{
    *along = v3_dot(x, a);
    double p[3];
    for (int k = 0; k < 3; k++)
        p[k] = x[k] - *along * a[k];
    return v3_norm(p);
}

static void measure(const mbs_component *c, const mbs_eval *ev, jf_eval *e)
{
    const jf_params *p = c->params;
    memset(e, 0, sizeof *e);
    mbs_marker_axes(ev, p->J, e->RJ);
    mbs_marker_position(ev, p->I, e->pI);
    mbs_joint_reaction_at(&ev->m->comps[p->joint], ev, e->pI, e->RJ, e->F, e->T);
    /* velocities of I relative to J's material point at I's origin */
    int bJ = mbs_marker_body(ev, p->J);
    const mbs_body_state *sJ = &ev->d->bodies[bJ];
    double vI[3], wI[3], arm[3], vJ[3], dv[3], dw[3];
    mbs_marker_velocity(ev, p->I, vI);
    mbs_marker_angular_velocity(ev, p->I, wI);
    v3_sub(arm, e->pI, sJ->r);
    v3_cross(vJ, sJ->w, arm);
    v3_add(vJ, vJ, sJ->v);
    v3_sub(dv, vI, vJ);
    v3_sub(dw, wI, sJ->w);
    m3_tmul_v(e->v, e->RJ, dv);
    m3_tmul_v(e->w, e->RJ, dw);
    double pJ[3], d[3];
    mbs_marker_position(ev, p->J, pJ);
    v3_sub(d, e->pI, pJ);
    double zJ[3];
    m3_col(zJ, e->RJ, 2);
    e->dz = v3_dot(d, zJ);
    if (p->type == JF_UNIVERSAL && p->yoke_i) {
        double zI[3];
        mbs_marker_axis(ev, p->I, 2, zI);
        m3_tmul_v(e->a, e->RJ, zI);
    } else {
        v3_set(e->a, 0, 0, 1);
    }
    for (int k = 0; k < n_states_of(p->type); k++)
        e->z[k] = mbs_state(ev, c, k);
}

static double overlap(const jf_params *p, const mbs_eval *ev, const mbs_component *c, double dz)
{
    double xs = p->overlap0 + p->overlap_sign * (dz - mbs_disc(ev, c)[D_DZ0]);
    return fmax(xs, 1e-3 * p->overlap0);
}

/* Slip velocities, LuGre, normal forces and the friction load (see top). */
static void compute(const mbs_component *c, const mbs_eval *ev, jf_eval *e)
{
    const jf_params *p = c->params;
    const double *in = p->in;
    double epsF = p->eps_force, mu_s = p->lugre.mu_s;
    double Fa, Ta;
    switch (p->type) {
    case JF_REVOLUTE:
    case JF_UNIVERSAL: {
        double wa = v3_dot(e->w, e->a);
        e->slip[0] = p->r_p * wa;
        e->slip[1] = p->r_n * wa;
        for (int k = 0; k < 2; k++)
            mbs_lugre_channel(&p->lugre, e->slip[k], e->z[k], &e->zdot[k], &e->mu[k],
                              ev->d->axial_slopes || ev->d->slip_slopes ? &e->sl[k] : NULL);
        double Fr = perpendicular(e->F, e->a, &Fa), Tb = perpendicular(e->T, e->a, &Ta);
        e->normal[0] = in[IN_FORCE] * smooth_abs(Fr, epsF) + in[IN_BENDING] * smooth_abs(Tb, epsF * p->r_b) / p->r_b +
                       in[IN_PRELOAD] * p->t_pre / (mu_s * p->r_p);
        e->normal[1] = in[IN_FORCE] * smooth_abs(Fa, epsF);
        double moment = p->r_p * e->normal[0] + p->r_n * e->normal[1];
        double Tz = p->r_p * e->mu[0] * e->normal[0] + p->r_n * e->mu[1] * e->normal[1];
        v3_scale(e->torque, e->a, Tz);
        v3_scale(e->mu_rot, e->a, moment > 0 ? Tz / moment : e->mu[0]);
        break;
    }
    case JF_TRANSLATIONAL: {
        e->slip[0] = e->v[2];
        mbs_lugre_eval(&p->lugre, 1, e->slip, e->z, e->zdot, e->mu);
        if (ev->d->slip_slopes)
            mbs_lugre_vector_slopes_at(&p->lugre, 1, e->slip, e->z, &e->vsl);
        double Fxy = hypot(e->F[0], e->F[1]), Txy = hypot(e->T[0], e->T[1]);
        double xs = overlap(p, ev, c, e->dz);
        e->normal[0] = in[IN_FORCE] * smooth_abs(Fxy, epsF) +
                       in[IN_TORSION] * smooth_abs(e->T[2], epsF * p->r_reaction) / p->r_reaction +
                       in[IN_BENDING] * smooth_abs(Txy, epsF * xs) / xs + in[IN_PRELOAD] * p->f_pre / mu_s;
        e->force[2] = e->mu[0] * e->normal[0];
        e->mu_trans[2] = e->mu[0];
        break;
    }
    case JF_CYLINDRICAL: {
        e->slip[0] = p->r_p * e->w[2];
        e->slip[1] = e->v[2];
        mbs_lugre_eval(&p->lugre, 2, e->slip, e->z, e->zdot, e->mu);
        if (ev->d->slip_slopes)
            mbs_lugre_vector_slopes_at(&p->lugre, 2, e->slip, e->z, &e->vsl);
        double Fxy = hypot(e->F[0], e->F[1]), Txy = hypot(e->T[0], e->T[1]);
        double xs = overlap(p, ev, c, e->dz);
        e->normal[0] = in[IN_FORCE] * smooth_abs(Fxy, epsF) + in[IN_BENDING] * smooth_abs(Txy, epsF * xs) / xs +
                       in[IN_PRELOAD] * (p->f_pre / mu_s + p->t_pre / (mu_s * p->r_p));
        e->force[2] = e->mu[1] * e->normal[0];
        e->torque[2] = p->r_p * e->mu[0] * e->normal[0];
        e->mu_trans[2] = e->mu[1];
        e->mu_rot[2] = e->mu[0];
        break;
    }
    case JF_SPHERICAL: {
        v3_scale(e->slip, e->w, p->r_ball);
        mbs_lugre_eval(&p->lugre, 3, e->slip, e->z, e->zdot, e->mu);
        if (ev->d->slip_slopes)
            mbs_lugre_vector_slopes_at(&p->lugre, 3, e->slip, e->z, &e->vsl);
        double Fn = v3_norm(e->F);
        e->normal[0] = in[IN_FORCE] * smooth_abs(Fn, epsF) + in[IN_PRELOAD] * p->t_pre / (mu_s * p->r_ball);
        double *n = e->n_dir;
        v3_scale(n, e->F, 1.0 / sqrt(Fn * Fn + epsF * epsF));
        double mun = v3_dot(n, e->mu);
        for (int k = 0; k < 3; k++)
            e->mu_rot[k] = e->mu[k] - n[k] * mun;
        v3_scale(e->torque, e->mu_rot, p->r_ball * e->normal[0]);
        break;
    }
    }
}

static void evaluate(const mbs_component *c, const mbs_eval *ev, jf_eval *e)
{
    measure(c, ev, e);
    compute(c, ev, e);
}

static double power(const jf_eval *e)
{
    return v3_dot(e->force, e->v) + v3_dot(e->torque, e->w);
}

/* The axial torque and slopes (model/joints.h) of an evaluation e from compute's REVOLUTE/UNIVERSAL case: slip_k = r_k w, T = sum_k r_k mu_k N_k,
 * with the LuGre slopes compute took where the data wants slopes. */
static void axial_slopes(const jf_params *p, const jf_eval *e, mbs_axial_slopes *out)
{
    memset(out, 0, sizeof *out);
    out->n = 2;
    out->torque = v3_dot(e->torque, e->a);
    m3_mul_v(out->axis, e->RJ, e->a);
    const double r[2] = {p->r_p, p->r_n};
    for (int k = 0; k < 2; k++) {
        const mbs_lugre_slopes *sl = &e->sl[k];
        out->dzdot_dz[k] = sl->dzdot_dz;
        out->dzdot_dw[k] = r[k] * sl->dzdot_dv;
        out->dT_dz[k] = r[k] * e->normal[k] * sl->dmu_dz;
        out->dT_dw += r[k] * r[k] * e->normal[k] * sl->dmu_dv;
    }
}

/* The slip slopes (model/joints.h) of an evaluation e from compute, in
 * global axes, with f_k the load conjugate to slip k (power f.s):
 *   REVOLUTE, UNIVERSAL  s_k = r_k a.w         f_k = mu_k N_k   (two scalar channels)
 *   TRANSLATIONAL        s_0 = z_J.v           f_0 = mu N
 *   CYLINDRICAL          s_0 = r_p z_J.w, s_1 = z_J.v   f_k = mu_k N
 *   SPHERICAL            s_k = r_b x_k.w (x_k J's axes)  f = N (I - n n^T) mu
 * (w, v: I relative to J, v at I's origin), each channel's z' and mu from
 * the LuGre slopes compute took where the data wants slip slopes. */
static void slip_slopes(const jf_params *p, const jf_eval *e, mbs_slip_slopes *out)
{
    memset(out, 0, sizeof *out);
    v3_copy(out->point, e->pI);
    double zJ[3];
    m3_col(zJ, e->RJ, 2);
    switch (p->type) {
    case JF_REVOLUTE:
    case JF_UNIVERSAL: {
        out->n = 2;
        const double r[2] = {p->r_p, p->r_n};
        double a[3];
        m3_mul_v(a, e->RJ, e->a);
        for (int k = 0; k < 2; k++) {
            v3_scale(out->ang[k], a, r[k]);
            out->dzdot_dz[k] = e->sl[k].dzdot_dz;
            out->dzdot_ds[k][k] = e->sl[k].dzdot_dv;
            out->df_dz[k][k] = e->normal[k] * e->sl[k].dmu_dz;
        }
        return;
    }
    case JF_TRANSLATIONAL:
        out->n = 1;
        v3_copy(out->lin[0], zJ);
        break;
    case JF_CYLINDRICAL:
        out->n = 2;
        v3_scale(out->ang[0], zJ, p->r_p);
        v3_copy(out->lin[1], zJ);
        break;
    case JF_SPHERICAL:
        out->n = 3;
        for (int k = 0; k < 3; k++) {
            m3_col(out->ang[k], e->RJ, k);
            v3_scale(out->ang[k], out->ang[k], p->r_ball);
        }
        break;
    }
    for (int k = 0; k < out->n; k++) {
        out->dzdot_dz[k] = e->vsl.dzdot_dz;
        for (int j = 0; j < out->n; j++) {
            out->dzdot_ds[k][j] = e->vsl.dzdot_dv[k][j];
            double projected = p->type == JF_SPHERICAL ? (k == j) - e->n_dir[k] * e->n_dir[j] : (k == j);
            out->df_dz[k][j] = e->normal[0] * e->vsl.dmu_dz * projected;
        }
    }
}

/* where the data asks for them (data.h axial_slopes, slip_slopes: joint_local) */
static void record_slopes(const mbs_component *c, const mbs_eval *ev, const jf_eval *e)
{
    const jf_params *p = c->params;
    int i = (int)(c - ev->m->comps);
    if (ev->d->axial_slopes && (p->type == JF_REVOLUTE || p->type == JF_UNIVERSAL))
        axial_slopes(p, e, &ev->d->axial_slopes[i]);
    if (ev->d->slip_slopes)
        slip_slopes(p, e, &ev->d->slip_slopes[i]);
}

static void eval(const mbs_component *c, mbs_eval *ev)
{
    const jf_params *p = c->params;
    int n = n_states_of(p->type);
    jf_eval e;
    evaluate(c, ev, &e);
    record_slopes(c, ev, &e);
    for (int k = 0; k < n; k++)
        mbs_set_state_residual(ev, c, k, mbs_state_rate(ev, c, k) - e.zdot[k]);
    double f[3], t[3];
    m3_mul_v(f, e.RJ, e.force);
    m3_mul_v(t, e.RJ, e.torque);
    int bI = mbs_marker_body(ev, p->I), bJ = mbs_marker_body(ev, p->J);
    mbs_apply_force_at(ev, bI, e.pI, f);
    mbs_apply_torque(ev, bI, t);
    v3_scale(f, f, -1.0);
    v3_scale(t, t, -1.0);
    mbs_apply_force_at(ev, bJ, e.pI, f);
    mbs_apply_torque(ev, bJ, t);
    mbs_report_power(ev, c, power(&e));
}

static double power_nc(const mbs_component *c, const mbs_eval *ev)
{
    jf_eval e;
    evaluate(c, ev, &e);
    return power(&e);
}

static void init(const mbs_component *c, mbs_eval *ev)
{
    jf_eval e;
    measure(c, ev, &e);
    double *disc = mbs_disc(ev, c);
    memset(disc, 0, N_DISC * sizeof *disc);
    disc[D_DZ0] = e.dz;
}

/* ---- the start of a run ---- */

/* At the start of the run's first transient, the joint's slip: with
 * bristle_start="STEADY" each channel's bristles start at their steady
 * deflection for it (mbs_lugre_steady: dz/dt = 0, the friction at once its
 * steady sliding value); with RELAXED (z = 0, MotionSolve's, the default) a
 * joint sliding faster than stiction_trans_vel gets a warning: for an
 * instant its bristle rate is the whole slip, dz/dt = v, and its friction
 * coefficient (sigma1 + sigma2) |v|, far above the steady g + sigma2 |v|
 * on a fast joint. Reported for the fastest channel. */
static int start_motion(const mbs_component *c, const mbs_eval *ev, double *z, char *msg, size_t size)
{
    const jf_params *p = c->params;
    const mbs_lugre *l = &p->lugre;
    int n = n_states_of(p->type), scalar = p->n_ch == 2;
    jf_eval e;
    evaluate(c, ev, &e);
    if (p->start_steady) {
        for (int k = 0; scalar && k < 2; k++)
            mbs_lugre_steady(l, 1, &e.slip[k], &z[k]);
        if (!scalar)
            mbs_lugre_steady(l, n, e.slip, z);
        return 1;
    }
    /* the fastest channel's slip speed */
    int fastest = scalar && fabs(e.slip[1]) > fabs(e.slip[0]);
    double speed = scalar ? fabs(e.slip[fastest]) : 0.0;
    for (int k = 0; !scalar && k < n; k++)
        speed += e.slip[k] * e.slip[k];
    speed = scalar ? speed : sqrt(speed);
    if (!(speed > l->v_s))
        return 0;
    static const char *const CHANNEL[5][2] = {
        [JF_REVOLUTE] = {" at the pin", " at the end caps"}, [JF_UNIVERSAL] = {" at the pin", " at the end caps"},
        [JF_TRANSLATIONAL] = {"", ""}, [JF_CYLINDRICAL] = {"", ""}, [JF_SPHERICAL] = {" at the ball", ""}};
    const mbs_model *m = ev->m;
    double per_model = mbs_units_to_si(&m->units, DIM_VELOCITY);
    char unit[32], joint[256];
    mbs_units_format(&m->units, DIM_VELOCITY, 0, unit, sizeof unit);
    mbs_component_describe(&m->comps[p->joint], joint, sizeof joint);
    snprintf(msg, size,
             "%s slides at t = 0 (slip speed %.4g %s%s) with the bristles relaxed (z = 0): for an instant the friction "
             "coefficient is %.3g against %.3g in steady sliding; bristle_start=\"STEADY\" starts them at their "
             "steady deflection",
             joint, speed / per_model, unit, CHANNEL[p->type][fastest], (l->sigma1 + l->sigma2) * speed,
             mbs_lugre_g(l, speed * speed) + l->sigma2 * speed);
    return 0;
}

/* ---- static equilibrium ---- */

/* I's axes in J's. */
static void relative_axes(const jf_params *p, const mbs_eval *ev, double R[9])
{
    double RI[9], RJ[9];
    mbs_marker_axes(ev, p->I, RI);
    mbs_marker_axes(ev, p->J, RJ);
    m3_tmul(R, RJ, RI);
}

static void static_begin(const mbs_component *c, mbs_eval *ev)
{
    const jf_params *p = c->params;
    double *disc = mbs_disc(ev, c);
    jf_eval e;
    measure(c, ev, &e);
    relative_axes(p, ev, disc + D_REL_BEGIN);
    disc[D_DZ_BEGIN] = e.dz;
    memcpy(disc + D_Z_BEGIN, e.z, 3 * sizeof *e.z);
    disc[D_SATURATED] = disc[D_SATURATED + 1] = 0.0;
}

/* Slip displacement of each state since static_begin (the presliding
 * deflection it adds). */
static void slip_since_begin(const mbs_component *c, const mbs_eval *ev, const jf_eval *e, double ds[3])
{
    const jf_params *p = c->params;
    const double *disc = mbs_disc(ev, c);
    double R[9], dR[9], phi[3];
    relative_axes(p, ev, R);
    m3_mul_t(dR, R, disc + D_REL_BEGIN); /* the rotation since, in J's axes */
    mbs_matrix_to_rotation_vector(dR, phi);
    double ddz = e->dz - disc[D_DZ_BEGIN];
    switch (p->type) {
    case JF_REVOLUTE:
    case JF_UNIVERSAL: {
        double angle = v3_dot(phi, e->a);
        ds[0] = p->r_p * angle;
        ds[1] = p->r_n * angle;
        break;
    }
    case JF_TRANSLATIONAL: ds[0] = ddz; break;
    case JF_CYLINDRICAL:
        ds[0] = p->r_p * phi[2];
        ds[1] = ddz;
        break;
    case JF_SPHERICAL: v3_scale(ds, phi, p->r_ball); break;
    }
}

static int static_residual(const mbs_component *c, const mbs_eval *ev, double *res)
{
    const jf_params *p = c->params;
    jf_eval e;
    measure(c, ev, &e);
    double ds[3];
    slip_since_begin(c, ev, &e, ds);
    const double *disc = mbs_disc(ev, c);
    double zmax = mbs_lugre_deflection_scale(&p->lugre);
    for (int k = 0; k < n_states_of(p->type); k++) {
        double sat = p->n_ch == 2 ? disc[D_SATURATED + k] : 0.0;
        res[k] = sat != 0.0 ? e.z[k] - sat * zmax : e.z[k] - disc[D_Z_BEGIN + k] - ds[k];
    }
    return 0;
}

static int static_check(const mbs_component *c, mbs_eval *ev, char *msg, size_t size)
{
    const jf_params *p = c->params;
    jf_eval e;
    measure(c, ev, &e);
    double *disc = mbs_disc(ev, c);
    double g0 = mbs_lugre_stiction(&p->lugre), zmax = g0 / p->lugre.sigma0, limit = zmax * (1.0 + 1e-9);
    int changed = 0, held = 0;
    double need = 0.0;
    if (p->n_ch == 2) { /* two scalar channels on one motion: one may saturate while the other holds */
        for (int k = 0; k < 2; k++) {
            if (disc[D_SATURATED + k] == 0.0 && fabs(e.z[k]) > limit) {
                disc[D_SATURATED + k] = e.z[k] > 0 ? 1.0 : -1.0;
                need = fmax(need, p->lugre.sigma0 * fabs(e.z[k]));
                changed = 1;
            }
            held += disc[D_SATURATED + k] == 0.0;
        }
    } else {
        double zn = 0.0;
        for (int k = 0; k < n_states_of(p->type); k++)
            zn += e.z[k] * e.z[k];
        zn = sqrt(zn);
        held = zn <= limit;
        need = p->lugre.sigma0 * zn;
    }
    if (held)
        return changed;
    char what[256], joint[256];
    mbs_component_describe(c, what, sizeof what);
    mbs_component_describe(&ev->m->comps[p->joint], joint, sizeof joint);
    snprintf(msg, size,
             "%s: the joint slips: friction cannot hold %s in static equilibrium (it would need a friction "
             "coefficient of %.6g, more than %.6g)", what, joint, need, g0);
    return -1;
}

/* ---- outputs ---- */

enum { OUT_FORCE, OUT_STATE, OUT_NORMAL, OUT_POWER };

static void output(const mbs_component *c, const mbs_eval *ev, int which, double *out)
{
    const jf_params *p = c->params;
    jf_eval e;
    evaluate(c, ev, &e);
    switch (c->outputs[which].code) {
    case OUT_FORCE: {
        /* MotionSolve's FRICTION() layout, J's axes */
        double slip_t[3] = {0, 0, 0}, slip_r[3] = {0, 0, 0};
        if (p->type == JF_TRANSLATIONAL || p->type == JF_CYLINDRICAL)
            slip_t[2] = e.v[2];
        if (p->type == JF_SPHERICAL)
            v3_copy(slip_r, e.w);
        else if (p->type != JF_TRANSLATIONAL)
            v3_scale(slip_r, e.a, v3_dot(e.w, e.a));
        const double *groups[6] = {e.force, e.torque, e.mu_trans, e.mu_rot, slip_t, slip_r};
        for (int g = 0; g < 6; g++)
            v3_copy(out + 3 * g, groups[g]);
        break;
    }
    case OUT_STATE: memcpy(out, e.z, (size_t)n_states_of(p->type) * sizeof *out); break;
    case OUT_NORMAL:
        memcpy(out, e.normal, (size_t)p->n_ch * sizeof *out);
        break;
    case OUT_POWER: out[0] = power(&e); break;
    }
}

#define FRICTION_COLUMNS \
    "force_x force_y force_z torque_x torque_y torque_z mu_trans_x mu_trans_y mu_trans_z mu_rot_x mu_rot_y " \
    "mu_rot_z slip_trans_x slip_trans_y slip_trans_z slip_rot_x slip_rot_y slip_rot_z"
#define D_F DIM_FORCE
#define D_T DIM_TORQUE
#define D_1 DIM_NONE
#define D_V DIM_VELOCITY
#define D_W DIM_ANGULAR_VELOCITY
static const mbs_dim FRICTION_DIMS[18] = {D_F, D_F, D_F, D_T, D_T, D_T, D_1, D_1, D_1,
                                          D_1, D_1, D_1, D_V, D_V, D_V, D_W, D_W, D_W};
#define ANGULAR_SLIP_COLUMNS (7u << 15)

#define OUTPUTS(name, state_cols, normal_cols)                                                           \
    static const mbs_output_desc name[] = {                                                              \
        {"Force", FRICTION_COLUMNS, DIM_NONE, FRICTION_DIMS, ANGULAR_SLIP_COLUMNS, OUT_FORCE},           \
        {"State", state_cols, DIM_LENGTH, NULL, 0, OUT_STATE},                                           \
        {"NormalForce", normal_cols, DIM_FORCE, NULL, 0, OUT_NORMAL},                                    \
        {"Power", "value", DIM_POWER, NULL, 0, OUT_POWER},                                               \
    }
OUTPUTS(OUT_PIN, "pin caps", "pin caps");
OUTPUTS(OUT_SLIDER, "axial", "value");
OUTPUTS(OUT_CYLINDER, "circumferential axial", "value");
OUTPUTS(OUT_BALL, "x y z", "value");

/* What the friction contributes about its joint's axis (model/joints.h):
 * it reads its joint's reaction; in a REVOLUTE or UNIVERSAL joint it is a
 * torque about the axis whose slopes it records (axial_slopes), and in a
 * REVOLUTE joint its bristles' rates read only the joint's rate (a
 * universal joint's slip depends on the yoke's angles); in every joint it
 * acts in, it records its slip slopes (slip_slopes). */
static int joint_local(const mbs_component *c, mbs_joint_local *out)
{
    const jf_params *p = c->params;
    *out = (mbs_joint_local){
        .joint = p->joint,
        .I = p->I,
        .J = p->J,
        .types = MBS_JOINT_BIT(MBS_JOINT_REVOLUTE) | MBS_JOINT_BIT(MBS_JOINT_UNIVERSAL),
        .fold_types = MBS_JOINT_BIT(MBS_JOINT_REVOLUTE),
        .reads_reaction = 1,
        .slopes = MBS_SLOPES_RECORDED,
        .slip_types = MBS_JOINT_BIT(MBS_JOINT_REVOLUTE) | MBS_JOINT_BIT(MBS_JOINT_UNIVERSAL) |
                      MBS_JOINT_BIT(MBS_JOINT_TRANSLATIONAL) | MBS_JOINT_BIT(MBS_JOINT_CYLINDRICAL) |
                      MBS_JOINT_BIT(MBS_JOINT_SPHERICAL),
    };
    return 1;
}

static const mbs_component_ops OPS = {
    .eval = eval,
    .init = init,
    .start_motion = start_motion,
    .joint_local = joint_local,
    .power_nc = power_nc,
    .power_in_eval = 1,
    .static_begin = static_begin,
    .static_residual = static_residual,
    .static_check = static_check,
    .output = output,
    .free_params = free,
};

/* ---- building ---- */

static int joint_type_of(mbs_joint_type type)
{
    switch (type) {
    case MBS_JOINT_REVOLUTE: return JF_REVOLUTE;
    case MBS_JOINT_TRANSLATIONAL: return JF_TRANSLATIONAL;
    case MBS_JOINT_CYLINDRICAL: return JF_CYLINDRICAL;
    case MBS_JOINT_SPHERICAL: return JF_SPHERICAL;
    case MBS_JOINT_UNIVERSAL: return JF_UNIVERSAL;
    default: return -1;
    }
}

/* Reports every value out of range; returns the number of errors. */
static int check_ranges(mbs_builder *b, const mbs_spec_elem *e)
{
    static const char *const POSITIVE[] = {"mu_static",   "mu_dynamic",  "bristle_stiffness", "stiction_trans_vel",
                                           "friction_arm", "reaction_arm", "bending_reaction_arm", "pin_radius",
                                           "ball_radius", "initial_overlap"};
    static const char *const NON_NEGATIVE[] = {"damping_effects", "viscous_effects", "force_preload",
                                               "torque_preload",  "max_stiction_deform"};
    int bad = 0;
    for (int i = 0; i < MBS_COUNT_OF(POSITIVE); i++)
        if (!(mbs_spec_real(e, POSITIVE[i]) > 0)) {
            mbs_build_error(b, e, "%s must be > 0 (is %s)", POSITIVE[i], mbs_spec_text(e, POSITIVE[i]));
            bad++;
        }
    for (int i = 0; i < MBS_COUNT_OF(NON_NEGATIVE); i++)
        if (!(mbs_spec_real(e, NON_NEGATIVE[i]) >= 0)) {
            mbs_build_error(b, e, "%s must be >= 0 (is %s)", NON_NEGATIVE[i], mbs_spec_text(e, NON_NEGATIVE[i]));
            bad++;
        }
    const char *inputs = mbs_spec_text(e, "inputs");
    if (strlen(inputs) != 4 || strspn(inputs, "01") != 4) {
        mbs_build_error(b, e, "inputs must be four characters 0 or 1 (preload, reaction force, bending moment, "
                              "torsional moment), not '%s'", inputs);
        bad++;
    }
    return bad;
}

/* What is given but does not apply to the joint type: a note each. */
static void note_unused(mbs_builder *b, const mbs_spec_elem *e, jf_type type)
{
    unsigned bit = 1u << type;
    for (int i = 0; i < MBS_COUNT_OF(ATTR_APPLIES); i++)
        if (!(ATTR_APPLIES[i].applies & bit) && mbs_spec_given(e, ATTR_APPLIES[i].attr))
            mbs_build_note(b, e, "%s has no effect on a %s joint", ATTR_APPLIES[i].attr, JOINT_TYPES[type]);
    /* "1111" (the default, which MotionSolve's files write on every joint)
     * switches on every load that applies: nothing to note */
    const char *inputs = mbs_spec_text(e, "inputs");
    if (mbs_spec_given(e, "inputs") && strcmp(inputs, "1111") != 0)
        for (int k = 0; k < 4; k++)
            if (inputs[k] == '1' && !(INPUT_APPLIES[k] & bit))
                mbs_build_note(b, e, "inputs: the %s (character %d) does not apply to a %s joint and is ignored",
                               INPUT_NAMES[k], k + 1, JOINT_TYPES[type]);
    if (mbs_spec_given(e, "max_stiction_deform"))
        mbs_build_note(b, e, "max_stiction_deform has no effect: in the LuGre model the stiction deflection is "
                             "mu_s / bristle_stiffness");
}

/* MotionSolve's defaults of this element are numbers meant for N-mm-s
 * models (the canonical LuGre sigma0 = 1e5 per metre, arms of 1 mm): in a
 * model of another length unit they are off by the unit's ratio to the
 * millimetre. That ratio, 0 in a millimetre model. */
static double off_from_millimetre(const mbs_model *m)
{
    double unit = mbs_units_to_si(&m->units, DIM_LENGTH);
    return fabs(unit - 1e-3) > 1e-12 ? unit / 1e-3 : 0.0;
}

static void warn_parameters(mbs_builder *b, const mbs_spec_elem *e, const mbs_lugre *l)
{
    const mbs_model *m = mbs_builder_model(b);
    if (l->mu_d > l->mu_s)
        mbs_build_warning(b, e, "mu_dynamic (%g) is larger than mu_static (%g)", l->mu_d, l->mu_s);
    double bound = l->sigma1 * (l->mu_s - l->mu_d) / l->mu_d, per_model = mbs_units_to_si(&m->units, DIM_TIME_PER_LENGTH);
    /* The bound is sufficient, not necessary, and the canonical damping
     * (316 s/m, 0.4 s/m: the defaults in N-mm-s, the documented values in
     * SI) misses it for any mu_s well above mu_d: only damping the user chose
     * otherwise is warned about (defaults in another unit: see below). */
    int canonical = fabs(l->sigma1 - 316.0) <= 1e-9 * 316.0 && fabs(l->sigma2 - 0.4) <= 1e-9 * 0.4;
    int chosen = mbs_spec_given(e, "damping_effects") || mbs_spec_given(e, "viscous_effects");
    if (chosen && !canonical && l->effect == MBS_LUGRE_ALL && l->mu_s > l->mu_d && !(l->sigma2 > bound))
        mbs_build_warning(b, e,
                          "the LuGre parameters may feed energy into the model: passivity is sure when "
                          "viscous_effects > damping_effects (mu_static - mu_dynamic) / mu_dynamic = %g; it is %g",
                          bound / per_model, l->sigma2 / per_model);
    double unit = mbs_units_to_si(&m->units, DIM_LENGTH), off = off_from_millimetre(m);
    if (off > 0 && fabs(l->sigma0 * unit - 100.0) < 1e-9)
        mbs_build_warning(b, e,
                          "bristle_stiffness = 100 per %s is MotionSolve's default for millimetre models; here it "
                          "is %g times softer than the canonical LuGre value (1e5 per metre): give bristle_stiffness, "
                          "damping_effects and viscous_effects for this unit system",
                          mbs_unit_symbol(MBS_UNIT_LENGTH, m->units.length), off);
}

/* The geometric defaults (1 length unit, an overlap of 1000) are
 * MotionSolve's for millimetre models, like the bristles': in a metre
 * model they are 1 m pins. A warning listing those the friction uses (its
 * joint type, its inputs: the end caps' arm only with the reaction force,
 * the bending arms and the overlap only with the bending moment, the
 * torsion arm only with the torsional moment) and the file does not give. */
static void warn_length_defaults(mbs_builder *b, const mbs_spec_elem *e, jf_type type, const double in[4])
{
    const mbs_model *m = mbs_builder_model(b);
    if (off_from_millimetre(m) == 0.0)
        return;
    static const struct {
        const char *attr;
        int input; /* the input term it serves, or -1: every term */
    } LENGTHS[] = {{"pin_radius", -1},          {"friction_arm", IN_FORCE}, {"bending_reaction_arm", IN_BENDING},
                   {"reaction_arm", IN_TORSION}, {"ball_radius", -1},       {"initial_overlap", IN_BENDING}};
    const char *unit = mbs_unit_symbol(MBS_UNIT_LENGTH, m->units.length);
    const char *used[MBS_COUNT_OF(LENGTHS)];
    int n = 0;
    for (int i = 0; i < MBS_COUNT_OF(LENGTHS); i++) {
        int k = 0;
        while (strcmp(ATTR_APPLIES[k].attr, LENGTHS[i].attr) != 0)
            k++;
        if ((ATTR_APPLIES[k].applies & (1u << type)) && (LENGTHS[i].input < 0 || in[LENGTHS[i].input] != 0.0) &&
            !mbs_spec_given(e, LENGTHS[i].attr))
            used[n++] = LENGTHS[i].attr;
    }
    if (n == 0)
        return;
    char list[512] = "";
    size_t len = 0;
    for (int i = 0; i < n && len < sizeof list; i++)
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s = %s %s",
                                i == 0 ? "" : i == n - 1 ? " and " : ", ", used[i], mbs_spec_text(e, used[i]), unit);
    mbs_build_warning(b, e,
                      "%s by default: MotionSolve's default lengths are meant for millimetre models (arms of 1 mm); "
                      "give %s in this model's length unit (%s)",
                      list, n == 1 ? "it" : "them", unit);
}

/* A bristle deflection follows the joint's slip in presliding (dz/dt = v):
 * its absolute tolerance is that of the joint coordinate it follows, atol
 * for a travel, atol times the arm for an angle (r_p theta, r_n theta,
 * r_b times the rotation). */
static double *state_tolerances(const jf_params *p)
{
    int n = n_states_of(p->type);
    double *tol = malloc((size_t)n * sizeof *tol);
    if (!tol)
        return NULL;
    switch (p->type) {
    case JF_REVOLUTE:
    case JF_UNIVERSAL:
        tol[0] = p->r_p;
        tol[1] = p->r_n;
        break;
    case JF_TRANSLATIONAL: tol[0] = 1.0; break;
    case JF_CYLINDRICAL:
        tol[0] = p->r_p;
        tol[1] = 1.0;
        break;
    case JF_SPHERICAL: tol[0] = tol[1] = tol[2] = p->r_ball; break;
    }
    return tol;
}

/* The smoothing scale of forces: 1e-9 of the heaviest body's weight (at least 1 N). */
static double force_epsilon(const mbs_model *m)
{
    double F = 1.0;
    for (int i = 0; i < m->n_bodies; i++)
        F = fmax(F, 9.81 * m->bodies[i].mass);
    return 1e-9 * F;
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    int bad = check_ranges(b, e);
    int joint = mbs_ref_joint(b, e, "joint_id");
    if (joint < 0 || bad)
        return -1;
    const mbs_model *m = mbs_builder_model(b);
    const mbs_component *jc = &m->comps[joint];
    char jwhat[256];
    mbs_component_describe(jc, jwhat, sizeof jwhat);
    if (!jc->joint)
        return mbs_build_error(b, e, "joint_id %ld is %s, not a Constraint_Joint", mbs_spec_int(e, "joint_id"), jwhat);
    int type = joint_type_of(jc->joint->type);
    if (type < 0)
        return mbs_build_error(b, e,
                               "joint_id %ld is %s of type %s; joint friction acts on REVOLUTE, TRANSLATIONAL, "
                               "CYLINDRICAL, SPHERICAL and UNIVERSAL/HOOKE joints",
                               mbs_spec_int(e, "joint_id"), jwhat, mbs_joint_type_name(jc));
    jf_params *p = calloc(1, sizeof *p);
    if (!p)
        return -1;
    p->type = (jf_type)type;
    p->joint = joint;
    p->I = jc->joint->I;
    p->J = jc->joint->J;
    p->yoke_i = mbs_spec_keyword(e, "yoke_choice") == 0;
    mbs_lugre *l = &p->lugre;
    l->mu_s = mbs_spec_real(e, "mu_static");
    l->mu_d = mbs_spec_real(e, "mu_dynamic");
    l->sigma0 = mbs_spec_real(e, "bristle_stiffness");
    l->sigma1 = mbs_spec_real(e, "damping_effects");
    l->sigma2 = mbs_spec_real(e, "viscous_effects");
    l->v_s = mbs_spec_real(e, "stiction_trans_vel");
    l->effect = (mbs_lugre_effect)mbs_spec_keyword(e, "effect");
    const char *inputs = mbs_spec_text(e, "inputs");
    for (int k = 0; k < 4; k++)
        p->in[k] = inputs[k] == '1' && (INPUT_APPLIES[k] & (1u << type)) ? 1.0 : 0.0;
    p->f_pre = mbs_spec_real(e, "force_preload");
    p->t_pre = mbs_spec_real(e, "torque_preload");
    p->r_n = mbs_spec_real(e, "friction_arm");
    p->r_reaction = mbs_spec_real(e, "reaction_arm");
    p->r_b = mbs_spec_real(e, "bending_reaction_arm");
    p->r_p = mbs_spec_real(e, "pin_radius");
    p->r_ball = mbs_spec_real(e, "ball_radius");
    p->overlap0 = mbs_spec_real(e, "initial_overlap");
    static const int OVERLAP_SIGN[3] = {0, 1, -1};
    p->overlap_sign = OVERLAP_SIGN[mbs_spec_keyword(e, "overlap_delta")];
    p->start_steady = mbs_spec_keyword(e, "bristle_start") == 1;
    p->eps_force = force_epsilon(m);
    p->n_ch = p->type == JF_REVOLUTE || p->type == JF_UNIVERSAL ? 2 : 1;
    note_unused(b, e, p->type);
    warn_parameters(b, e, l);
    warn_length_defaults(b, e, p->type, p->in);
    mbs_component *c = mbs_add_component(b, e, &OPS, p);
    if (!c)
        return -1;
    c->n_states = n_states_of(p->type);
    c->state_scale = mbs_lugre_deflection_scale(l);
    c->state_atol = state_tolerances(p);
    if (!c->state_atol)
        return -1;
    c->n_disc = N_DISC;
    c->off_in_static = mbs_spec_keyword(e, "inactive") == 1;
    mbs_component_couple_body(c, m->markers[p->I].body);
    mbs_component_couple_body(c, m->markers[p->J].body);
    mbs_component_depend(c, joint);
    switch (p->type) {
    case JF_REVOLUTE:
    case JF_UNIVERSAL: c->outputs = OUT_PIN; break;
    case JF_TRANSLATIONAL: c->outputs = OUT_SLIDER; break;
    case JF_CYLINDRICAL: c->outputs = OUT_CYLINDER; break;
    case JF_SPHERICAL: c->outputs = OUT_BALL; break;
    }
    c->n_outputs = MBS_COUNT_OF(OUT_PIN);
    return 0;
}

const mbs_kind mbs_kind_force_joint_friction = {
    "Force_JointFriction", MBS_FAMILY_FORCE, MBS_IN_MODEL, MBS_STAGE_ELEMENTS, ATTRS, MBS_COUNT_OF(ATTRS),
    "MotionSolve's joint friction: the LuGre bristle model (bristle_stiffness sigma0, damping_effects "
    "sigma1, viscous_effects sigma2, Stribeck curve from mu_static to mu_dynamic over stiction_trans_vel) "
    "in a REVOLUTE, TRANSLATIONAL, CYLINDRICAL, SPHERICAL or UNIVERSAL/HOOKE joint, its normal force taken "
    "from the joint's reaction force, bending and torsional moments and a preload, each switched by a "
    "character of inputs. The bristle deflections are states of the equations; the friction acts on the I "
    "body and, opposite, on the J body. Outputs: Force (MotionSolve's FRICTION() layout, 18 columns in J's "
    "axes: friction force and torque on I, translational and rotational friction coefficients, "
    "translational and rotational slip velocities), State (bristle deflections), NormalForce, Power "
    "(negative when dissipating). See docs/joint-friction.md.",
    build,
    "FRICTION|FORCE",
};
