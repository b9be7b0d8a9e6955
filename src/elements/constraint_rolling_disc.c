/* Constraint_RollingDisc (Exudyn's ObjectJointRollingDisc): a rigid disc of
 * radius r rolls without slipping on a plane. Marker m0 (ground_marker_id)
 * carries the plane: through its origin p0, normal n0 = A0 n0_local
 * (plane_normal, default its z axis); its body may move. Marker m1
 * (disc_marker_id) sits at the disc centre p1 with the disc axis
 * w1 = A1 w1_local (disc_axis, default its x axis). All vectors global.
 *
 *   wF   = (w1 x n0) / |w1 x n0|       forward (longitudinal) direction
 *   w3   = w1 x wF                     unit vector from the centre to the contact point
 *   wLat = n0 x wF                     lateral direction, in the plane
 *   pC   = p1 + r w3                   contact point (the disc's lowest point over the plane)
 *   dv   = v_1(pC) - v_0(pC)           slip: velocity of the disc's material point at pC
 *                                      minus that of the plane body's material point there
 *
 * Rows (each switched by constrained_axes = "lateral longitudinal normal"):
 *   normal        g = n0 . (pC - p0) = 0    holonomic, held with its rate n0 . dv
 *                                            and the GGL stabilisation like a joint
 *   lateral       wLat . dv = 0             velocity level (non-holonomic)
 *   longitudinal  wF . dv = 0               velocity level (non-holonomic)
 * Exudyn imposes all three at velocity level, so the disc may drift off the
 * plane; the position-level normal row is our addition (docs/rolling-disc.md,
 * "Differences from Exudyn").
 * dg/dt = n0 . dv holds exactly: pC is the point of the rim closest to the
 * plane, so moving along the rim does not change the gap to first order.
 *
 * Jacobian of a row with direction e (e = wLat, wF or n0), in the per-body
 * form of mbs_jac: on the disc body (centre of mass r_1) lin = e,
 * ang = (pC - r_1) x e; on the plane body the negatives with its r_0. So row
 * k's multiplier lambda_k loads the disc with -lambda_k e at pC and the plane
 * body with +lambda_k e at pC: the contact force on the disc is
 *   F = -(lambda_lat wLat + lambda_lon wF + lambda_n n0),
 * output ForceLocal = [F . wLat, F . wF, F . n0] (a disc resting on the
 * ground under gravity has ForceLocal = [0, 0, m g]).
 *
 * Outputs: Position pC; Velocity the velocity of the trail, i.e. of the
 * contact point moving over the plane: d(pC)/dt - v_0(pC) (the global
 * velocity of the contact point when the plane is fixed); Force F (global);
 * ForceLocal; RotationMatrix [wLat wF n0] (columns); ConstraintEquation
 * [wLat . dv, wF . dv, n0 . (pC - p0)]; SlipVelocity dv (global).
 * With no slip no work is done (the forces on disc and plane are equal and
 * opposite at points with equal velocities), so there is no energy term.
 *
 * wF does not exist when the disc axis is parallel to the normal (the disc
 * lies flat): refused at load time; during a run a state closer than
 * MIN_SINE stops the run, and a trial state in which wF has turned over
 * since the last accepted step (the axis swept through the normal) is
 * refused so that the integrator closes in on it instead of stepping over. */
#include "../core/vec3.h"
#include "../model/builder.h"
#include "../solver/eval/eval.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* |w1 x n0| below this (the angle between axis and normal, in rad): flat.
 * Near it the contact direction turns at a rate of 1/|w1 x n0| and the
 * constraint's Jacobian with it: within 1e-3 rad of flat the integrator
 * takes steps of 1e-17 s and stalls before reaching 1e-6 (a frictionless
 * disc falling flat); no rolling motion of interest comes closer. */
#define MIN_SINE 1e-3

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among the elements of this name; another element may share it)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"ground_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL,
     "m0: Reference_Marker of the plane (origin on the plane; its body may move)", NULL},
    {"disc_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL,
     "m1: Reference_Marker at the disc centre, on the disc's body", NULL},
    {"disc_radius", MBS_ATTR_REAL, NULL, DIM_LENGTH, MBS_REQUIRED, NULL, "r > 0", NULL},
    {"disc_axis_x", MBS_ATTR_REAL, "1", DIM_NONE, 0, NULL, "disc axis in m1's axes, x component", NULL},
    {"disc_axis_y", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL, "disc axis, y component", NULL},
    {"disc_axis_z", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL, "disc axis, z component", NULL},
    {"plane_normal_x", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL,
     "plane normal in m0's axes (pointing to the disc's side), x component", NULL},
    {"plane_normal_y", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL, "plane normal, y component", NULL},
    {"plane_normal_z", MBS_ATTR_REAL, "1", DIM_NONE, 0, NULL, "plane normal, z component", NULL},
    {"constrained_axes", MBS_ATTR_TEXT, "1 1 1", DIM_NONE, 0, NULL,
     "three 0/1 flags: lateral, longitudinal, normal row imposed", NULL},
    {"active", MBS_ATTR_BOOL, "TRUE", DIM_NONE, 0, NULL, "FALSE: no constraint (the disc is free)", NULL},
};

enum { AXIS_LATERAL, AXIS_LONGITUDINAL, AXIS_NORMAL };

typedef struct disc_params {
    int plane, disc;            /* marker indices m0, m1 */
    int plane_body, disc_body;
    double r;                   /* SI */
    double axis[3];             /* unit disc axis in m1's axes */
    double normal[3];           /* unit plane normal in m0's axes */
    int active;
    int row_of[3];              /* row of [lateral, longitudinal, normal], -1 when not imposed */
} disc_params;

/* Discrete data: the forward direction wF at the last accepted step. */
enum { DISC_FORWARD = 0, N_DISC = 3 };

typedef struct contact {
    double w1[3], n0[3];        /* disc axis, plane normal */
    double wF[3], w3[3], wLat[3];
    double p0[3], p1[3], pC[3];
    double sine;                /* |w1 x n0| */
} contact;

/* The contact frame at the current state. Returns the sine of the angle
 * between axis and normal; when it is 0, wF is any unit vector in the plane
 * (outputs only: eval stops the run long before). */
static double locate(const disc_params *p, const mbs_eval *ev, contact *k)
{
    double A0[9], A1[9], x[3];
    mbs_marker_axes(ev, p->plane, A0);
    mbs_marker_axes(ev, p->disc, A1);
    m3_mul_v(k->n0, A0, p->normal);
    m3_mul_v(k->w1, A1, p->axis);
    mbs_marker_position(ev, p->plane, k->p0);
    mbs_marker_position(ev, p->disc, k->p1);
    v3_cross(x, k->w1, k->n0);
    k->sine = v3_norm(x);
    if (k->sine > 0.0) {
        v3_scale(k->wF, x, 1.0 / k->sine);
    } else {
        double a[3] = {1, 0, 0};
        if (fabs(k->n0[0]) > 0.9)
            v3_set(a, 0, 1, 0);
        v3_cross(x, k->n0, a);
        v3_scale(k->wF, x, 1.0 / v3_norm(x));
    }
    v3_cross(k->w3, k->w1, k->wF);
    v3_cross(k->wLat, k->n0, k->wF);
    for (int i = 0; i < 3; i++)
        k->pC[i] = k->p1[i] + p->r * k->w3[i];
    return k->sine;
}

/* The row directions in the order of the axes: wLat, wF, n0. */
static const double *direction(const contact *k, int axis)
{
    return axis == AXIS_LATERAL ? k->wLat : axis == AXIS_LONGITUDINAL ? k->wF : k->n0;
}

/* The contact frame, or -1 (after reporting) at a state the element cannot
 * handle. */
static int locate_checked(const mbs_component *c, const mbs_eval *ev, contact *k)
{
    const disc_params *p = c->params;
    if (locate(p, ev, k) < MIN_SINE) {
        mbs_eval_fatal(ev, c, "the disc axis is parallel to the plane normal (the disc lies flat on the plane, "
                              "angle %.3g rad), where the contact point is undefined", k->sine);
        return -1;
    }
    /* the last accepted step follows the motion of transient analyses only */
    const double *last = mbs_disc(ev, c) + DISC_FORWARD;
    if (!ev->d->static_mode && v3_dot(last, last) > 0.0 && v3_dot(last, k->wF) <= 0.0) {
        mbs_eval_fail(ev, c, "the disc axis swept through the plane normal (the disc fell flat)");
        return -1;
    }
    return 0;
}

static void eval(const mbs_component *c, mbs_eval *ev)
{
    const disc_params *p = c->params;
    if (!p->active)
        return;
    mbs_row *rows[3] = {NULL, NULL, NULL};
    for (int a = 0; a < 3; a++)
        if (p->row_of[a] >= 0)
            rows[a] = mbs_eval_row(ev, c, p->row_of[a]);
    contact k;
    if (locate_checked(c, ev, &k) != 0)
        return;
    for (int a = 0; a < 3; a++) {
        if (!rows[a])
            continue;
        const double *e = direction(&k, a);
        mbs_jac_add_body_point(&rows[a]->jac, ev, p->disc_body, k.pC, e, 1.0);
        mbs_jac_add_body_point(&rows[a]->jac, ev, p->plane_body, k.pC, e, -1.0);
        if (a == AXIS_NORMAL) {
            double d[3];
            v3_sub(d, k.pC, k.p0);
            rows[a]->g = v3_dot(k.n0, d);
        }
    }
}

static void remember_forward(const mbs_component *c, mbs_eval *ev)
{
    contact k;
    if (locate(c->params, ev, &k) >= MIN_SINE)
        v3_copy(mbs_disc(ev, c) + DISC_FORWARD, k.wF);
}

/* ---- outputs ---- */

static void slip_velocity(const disc_params *p, const mbs_eval *ev, const contact *k, double dv[3])
{
    double v1[3], v0[3];
    mbs_body_point_velocity(ev, p->disc_body, k->pC, v1);
    mbs_body_point_velocity(ev, p->plane_body, k->pC, v0);
    v3_sub(dv, v1, v0);
}

/* d(pC)/dt - v_0(pC): pC = p1 + r w3 with w3 following w1 and n0. */
static void trail_velocity(const disc_params *p, const mbs_eval *ev, const contact *k, double vt[3])
{
    double w1dot[3], n0dot[3], om[3], a[3], b[3], xdot[3], wFdot[3], w3dot[3];
    mbs_marker_angular_velocity(ev, p->disc, om);
    v3_cross(w1dot, om, k->w1);
    mbs_marker_angular_velocity(ev, p->plane, om);
    v3_cross(n0dot, om, k->n0);
    v3_cross(a, w1dot, k->n0);
    v3_cross(b, k->w1, n0dot);
    v3_add(xdot, a, b);
    /* d/dt (x / |x|) = (x' - wF (wF . x')) / |x| */
    v3_copy(wFdot, xdot);
    v3_axpy(wFdot, -v3_dot(k->wF, xdot), k->wF);
    v3_scale(wFdot, wFdot, k->sine > 0.0 ? 1.0 / k->sine : 0.0);
    v3_cross(a, w1dot, k->wF);
    v3_cross(b, k->w1, wFdot);
    v3_add(w3dot, a, b);
    double v1[3], v0[3];
    mbs_marker_velocity(ev, p->disc, v1);
    mbs_body_point_velocity(ev, p->plane_body, k->pC, v0);
    for (int i = 0; i < 3; i++)
        vt[i] = v1[i] + p->r * w3dot[i] - v0[i];
}

/* Contact force on the disc in [wLat, wF, n0] components. */
static void local_force(const mbs_component *c, const mbs_eval *ev, double f[3])
{
    const disc_params *p = c->params;
    for (int a = 0; a < 3; a++)
        f[a] = p->active && p->row_of[a] >= 0 ? -mbs_row_lambda(ev, c, p->row_of[a]) : 0.0;
}

enum { OUT_POSITION, OUT_VELOCITY, OUT_FORCE, OUT_FORCE_LOCAL, OUT_ROTATION, OUT_EQUATION, OUT_SLIP };

static void output(const mbs_component *c, const mbs_eval *ev, int which, double *out)
{
    const disc_params *p = c->params;
    contact k;
    locate(p, ev, &k);
    double f[3], dv[3], d[3];
    switch (c->outputs[which].code) {
    case OUT_POSITION: v3_copy(out, k.pC); break;
    case OUT_VELOCITY: trail_velocity(p, ev, &k, out); break;
    case OUT_FORCE:
        local_force(c, ev, f);
        v3_zero(out);
        for (int a = 0; a < 3; a++)
            v3_axpy(out, f[a], direction(&k, a));
        break;
    case OUT_FORCE_LOCAL: local_force(c, ev, out); break;
    case OUT_ROTATION:
        for (int i = 0; i < 3; i++) {
            out[3 * i + 0] = k.wLat[i];
            out[3 * i + 1] = k.wF[i];
            out[3 * i + 2] = k.n0[i];
        }
        break;
    case OUT_EQUATION:
        slip_velocity(p, ev, &k, dv);
        v3_sub(d, k.pC, k.p0);
        out[0] = v3_dot(k.wLat, dv);
        out[1] = v3_dot(k.wF, dv);
        out[2] = v3_dot(k.n0, d);
        break;
    case OUT_SLIP: slip_velocity(p, ev, &k, out); break;
    }
}

static const mbs_component_ops OPS = {
    .eval = eval,
    .accept_step = remember_forward,
    .init = remember_forward,
    .output = output,
    .free_params = free,
};

static const mbs_dim EQUATION_DIMS[3] = {DIM_VELOCITY, DIM_VELOCITY, DIM_LENGTH};

static const mbs_output_desc OUTPUTS[] = {
    {"Position", "x y z", DIM_LENGTH, NULL, 0, OUT_POSITION},
    {"Velocity", "x y z", DIM_VELOCITY, NULL, 0, OUT_VELOCITY},
    {"Force", "x y z", DIM_FORCE, NULL, 0, OUT_FORCE},
    {"ForceLocal", "lateral longitudinal normal", DIM_FORCE, NULL, 0, OUT_FORCE_LOCAL},
    {"RotationMatrix", "a00 a01 a02 a10 a11 a12 a20 a21 a22", DIM_NONE, NULL, 0, OUT_ROTATION},
    {"ConstraintEquation", "lateral longitudinal normal", DIM_NONE, EQUATION_DIMS, 0, OUT_EQUATION},
    {"SlipVelocity", "x y z", DIM_VELOCITY, NULL, 0, OUT_SLIP},
};

/* ---- building ---- */

/* constrained_axes: three flags 0/1 separated by blanks or commas. */
static int parse_axes(const char *text, int flags[3])
{
    int n = 0;
    for (const char *s = text; *s; s++) {
        if (isspace((unsigned char)*s) || *s == ',')
            continue;
        if ((*s != '0' && *s != '1') || n == 3)
            return -1;
        if (s[1] && !isspace((unsigned char)s[1]) && s[1] != ',')
            return -1;
        flags[n++] = *s == '1';
    }
    return n == 3 ? 0 : -1;
}

/* A unit vector from attributes <prefix>x/y/z; -1 if it has no length. */
static int unit_vector(const mbs_spec_elem *e, const char *prefix, double v[3])
{
    static const char *const XYZ[3] = {"x", "y", "z"};
    for (int i = 0; i < 3; i++) {
        char name[64];
        snprintf(name, sizeof name, "%s%s", prefix, XYZ[i]);
        v[i] = mbs_spec_real(e, name);
    }
    double n = v3_norm(v);
    if (!(n > 0.0) || !isfinite(n))
        return -1;
    v3_scale(v, v, 1.0 / n);
    return 0;
}

/* The load-time checks; sets the unit vectors of p and the flags of
 * constrained_axes. Returns the number of errors. */
static int check(mbs_builder *b, const mbs_spec_elem *e, disc_params *p, int flags[3])
{
    const mbs_model *m = mbs_builder_model(b);
    int bad = 0;
    if (!(p->r > 0))
        bad += mbs_build_error(b, e, "disc_radius must be > 0 (is %s)", mbs_spec_text(e, "disc_radius")) != 0;
    int no_axis = unit_vector(e, "disc_axis_", p->axis) != 0;
    int no_normal = unit_vector(e, "plane_normal_", p->normal) != 0;
    if (no_axis)
        bad += mbs_build_error(b, e, "the disc axis (disc_axis_x, disc_axis_y, disc_axis_z) = (%s, %s, %s) has no "
                               "length", mbs_spec_text(e, "disc_axis_x"), mbs_spec_text(e, "disc_axis_y"),
                               mbs_spec_text(e, "disc_axis_z")) != 0;
    if (no_normal)
        bad += mbs_build_error(b, e, "the plane normal (plane_normal_x, plane_normal_y, plane_normal_z) = (%s, %s, "
                               "%s) has no length", mbs_spec_text(e, "plane_normal_x"),
                               mbs_spec_text(e, "plane_normal_y"), mbs_spec_text(e, "plane_normal_z")) != 0;
    if (parse_axes(mbs_spec_text(e, "constrained_axes"), flags) != 0)
        bad += mbs_build_error(b, e,
                               "constrained_axes must be three flags 0 or 1 (lateral longitudinal normal), "
                               "is '%s'", mbs_spec_text(e, "constrained_axes")) != 0;
    if (p->plane_body == p->disc_body)
        bad += mbs_build_error(b, e, "ground_marker_id %ld and disc_marker_id %ld are on the same body",
                               mbs_spec_int(e, "ground_marker_id"), mbs_spec_int(e, "disc_marker_id")) != 0;
    else if (m->bodies[p->plane_body].type == MBS_BODY_GROUND && m->bodies[p->disc_body].type == MBS_BODY_GROUND)
        bad += mbs_build_error(b, e, "ground_marker_id %ld and disc_marker_id %ld are both on the ground",
                               mbs_spec_int(e, "ground_marker_id"), mbs_spec_int(e, "disc_marker_id")) != 0;
    if (m->bodies[p->disc_body].type == MBS_BODY_POINT)
        bad += mbs_build_error(b, e, "disc_marker_id %ld is on Body_Point %d, which cannot turn; the disc must be "
                               "a Body_Rigid", mbs_spec_int(e, "disc_marker_id"), m->bodies[p->disc_body].id) != 0;
    if (!no_axis && !no_normal) {
        double pos[3], A0[9], A1[9], n0[3], w1[3], x[3];
        mbs_marker_initial_pose(m, p->plane, pos, A0);
        mbs_marker_initial_pose(m, p->disc, pos, A1);
        m3_mul_v(n0, A0, p->normal);
        m3_mul_v(w1, A1, p->axis);
        v3_cross(x, w1, n0);
        if (v3_norm(x) < MIN_SINE)
            bad += mbs_build_error(b, e, "the disc axis is parallel to the plane normal at t = 0 (the disc lies "
                                   "flat), where the contact point is undefined") != 0;
    }
    return bad;
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    int plane = mbs_ref_frame_marker(b, e, "ground_marker_id"), disc = mbs_ref_frame_marker(b, e, "disc_marker_id");
    if (plane < 0 || disc < 0)
        return -1;
    const mbs_model *m = mbs_builder_model(b);
    disc_params *p = calloc(1, sizeof *p);
    if (!p)
        return -1;
    p->plane = plane;
    p->disc = disc;
    p->plane_body = m->markers[plane].body;
    p->disc_body = m->markers[disc].body;
    p->r = mbs_spec_real(e, "disc_radius");
    p->active = mbs_spec_bool(e, "active");
    int flags[3];
    if (check(b, e, p, flags) != 0) {
        free(p);
        return -1;
    }
    mbs_component *c = mbs_add_marker_component(b, e, &OPS, p, (const int[]){plane, disc}, 2, OUTPUTS,
                                                MBS_COUNT_OF(OUTPUTS));
    if (!c)
        return -1;
    /* holonomic rows first: the normal row, then the velocity-level rows */
    int row = 0;
    static const int ORDER[3] = {AXIS_NORMAL, AXIS_LATERAL, AXIS_LONGITUDINAL};
    for (int i = 0; i < 3; i++) {
        int a = ORDER[i];
        p->row_of[a] = p->active && flags[a] ? row++ : -1;
    }
    if (p->active) {
        c->n_hrows = p->row_of[AXIS_NORMAL] >= 0;
        c->n_vrows = row - c->n_hrows;
    }
    c->n_disc = N_DISC;
    return 0;
}

const mbs_kind mbs_kind_constraint_rolling_disc = {
    "Constraint_RollingDisc", MBS_FAMILY_CONSTRAINT, MBS_IN_MODEL, MBS_STAGE_ELEMENTS, ATTRS, MBS_COUNT_OF(ATTRS),
    "Exudyn's ObjectJointRollingDisc: a rigid disc of radius disc_radius (centre at the disc marker's "
    "origin, axis disc_axis in that marker's axes) rolls without slipping on the plane through the ground "
    "marker's origin with normal plane_normal (in that marker's axes; default its z axis, pointing to the "
    "disc's side). The ground marker may be on a moving body (a turntable, a vehicle deck): the slip is "
    "taken relative to that body's material point under the contact, and the contact force acts on both "
    "bodies. Rows in the contact frame [lateral, longitudinal, normal], each switched by constrained_axes: "
    "the tangential rows hold the slip velocity at zero (non-holonomic), the normal row holds the contact "
    "point on the plane at position level (unlike Exudyn, so it cannot drift off). Outputs: Position "
    "(contact point), Velocity (of the trail over the plane), Force (on the disc, global), ForceLocal (on "
    "the disc: lateral, longitudinal, normal), RotationMatrix (columns lateral, forward, normal), "
    "ConstraintEquation (lateral and longitudinal slip, normal gap), SlipVelocity. See docs/rolling-disc.md.",
    build,
    "GCON", /* mbsim's own: the nearest MotionSolve kind is the general constraint */
};
