/* Constraint_Joint (MotionSolve): ideal joints between the I and J markers,
 * Adams conventions (J's z axis is the free axis). Each type is a list of
 * primitives (joint_primitives.c), with a = axis, d = p_I - p_J:
 *
 *   FIXED          p_I = p_J;  z_I.x_J = z_I.y_J = x_I.y_J = 0        6 rows
 *   REVOLUTE       p_I = p_J;  z_I.x_J = z_I.y_J = 0                  5
 *   SPHERICAL      p_I = p_J                                          3
 *   TRANSLATIONAL  d.x_J = d.y_J = 0;  z_I.x_J = z_I.y_J = x_I.y_J = 0  5
 *   CYLINDRICAL    d.x_J = d.y_J = 0;  z_I.x_J = z_I.y_J = 0          4
 *   UNIVERSAL, HOOKE  p_I = p_J;  z_I.z_J = 0                         4
 *   PLANAR         d.z_J = 0;  z_I.x_J = z_I.y_J = 0                  3
 *   INLINE         d.x_J = d.y_J = 0                                  2
 *   INPLANE        d.z_J = 0                                          1
 *   ORIENTATION    z_I.x_J = z_I.y_J = x_I.y_J = 0                    3
 *   PARALLEL_AXES  z_I.x_J = z_I.y_J = 0                              2
 *   PERPENDICULAR  z_I.z_J = 0                                        1
 *   FREE           nothing                                            0
 *   CONSTANT_VELOCITY  p_I = p_J;  x_I.y_J + s y_I.x_J = 0            4
 *   RACK_PINION    (d.z_J - s0) + (D/2) (phi - phi0) = 0              1
 *   SCREW          (d.z_J - s0) - (P/2pi) (theta - theta0) = 0        1
 *
 * CONSTANT_VELOCITY (Adams' CONVEL): the shafts' frames are mirror images
 * across the plane that bisects them, so both turn at the same rate at any
 * bend. s = +1 when z_I and z_J point away from each other along the
 * shafts at t = 0 (Adams' and MotionView's arrangement, z_I.z_J < 0), -1 when
 * they point the same way; the x axes must then be parallel (or the y axes),
 * as Adams asks, else the assembly turns a shaft until they are.
 * RACK_PINION (pitch_diameter D): the pinion I turns about its own z axis by
 * phi = atan2(-y_I.z_J, x_I.z_J) (from the rack's z_J); the rack J travels
 * along z_J relative to the pinion's centre by (D/2) (phi - phi0). With x_I
 * along z_J (Adams' arrangement) that is rolling on the rack's pitch line
 * on the -y_I side of the pinion.
 * SCREW (pitch P): I travels along J's z by P per turn of I about J's z
 * (theta as the revolute angle below; P > 0 a right-hand thread).
 * Both keep only that relation (one row), as Adams' RACKPIN and SCREW: the
 * supports (revolute, translational, cylindrical joints) hold the axes. s0,
 * phi0, theta0 are the values in the model as written (t = 0, before the
 * assembly), so the relation holds from there.
 *
 * Relative coordinates (Marker_Coordinate, Motion_Joint, JOINT sensors):
 *   angle        theta = atan2(x_I.y_J, x_I.x_J) + 2 pi k, the turn count k
 *                chosen closest to the last accepted step (continuous over
 *                turns); rate z_J.(w_I - w_J); Jacobian z_J on dtheta_I, -z_J on dtheta_J
 *   displacement s = d.z_J; rate z_J.(v_I - v_J) + (w_J x z_J).d
 * REVOLUTE: 0 = angle. TRANSLATIONAL: 0 = displacement. CYLINDRICAL: 0 =
 * displacement, 1 = angle.
 *
 * Reaction (outputs Force, Torque): the constraint force on the I body,
 * F = -sum_rows lambda lin_I, and its moment about the I origin,
 * T = -sum_rows lambda ang_I - s_I x F (s_I = p_I - r_I), both in J axes
 * (MotionSolve's FX(I,J,J) .. TZ). With I on the ground, the negated
 * load on the J body moved to the I origin. */
#include "joint.h"
#include "joint_primitives.h"
#include "../core/vec3.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef enum prim {
    P_ATPOINT, P_D_XJ, P_D_YJ, P_D_ZJ, P_ZI_XJ, P_ZI_YJ, P_XI_YJ, P_ZI_ZJ,
    P_CONSTANT_VELOCITY, P_TRAVEL, P_END
} prim;
typedef enum coord_kind { C_DISPLACEMENT, C_ANGLE } coord_kind;
/* What the travel row's ratio comes from (travel per radian of its angle). */
typedef enum travel_kind { T_NONE, T_SCREW, T_RACK_PINION } travel_kind;

typedef struct joint_type {
    const char *name;
    prim prims[6];
    int n_coords;
    coord_kind coords[2];
    const mbs_dot_angle *turning; /* angle whose turns are counted (disc[0]), or NULL */
    travel_kind travel;
} joint_type;

#define JOINT_KEYWORDS \
    "FIXED|REVOLUTE|SPHERICAL|TRANSLATIONAL|CYLINDRICAL|UNIVERSAL|HOOKE|PLANAR|INLINE|INPLANE|ORIENTATION|" \
    "PARALLEL_AXES|PERPENDICULAR|FREE|CONSTANT_VELOCITY|RACK_PINION|SCREW"

/* in the order of JOINT_KEYWORDS */
static const joint_type TYPES[] = {
    {"FIXED", {P_ATPOINT, P_ZI_XJ, P_ZI_YJ, P_XI_YJ, P_END}, 0, {0}, NULL, T_NONE},
    {"REVOLUTE", {P_ATPOINT, P_ZI_XJ, P_ZI_YJ, P_END}, 1, {C_ANGLE}, &MBS_ANGLE_AZ, T_NONE},
    {"SPHERICAL", {P_ATPOINT, P_END}, 0, {0}, NULL, T_NONE},
    {"TRANSLATIONAL", {P_D_XJ, P_D_YJ, P_ZI_XJ, P_ZI_YJ, P_XI_YJ, P_END}, 1, {C_DISPLACEMENT}, NULL, T_NONE},
    {"CYLINDRICAL", {P_D_XJ, P_D_YJ, P_ZI_XJ, P_ZI_YJ, P_END}, 2, {C_DISPLACEMENT, C_ANGLE}, &MBS_ANGLE_AZ, T_NONE},
    {"UNIVERSAL", {P_ATPOINT, P_ZI_ZJ, P_END}, 0, {0}, NULL, T_NONE},
    {"HOOKE", {P_ATPOINT, P_ZI_ZJ, P_END}, 0, {0}, NULL, T_NONE},
    {"PLANAR", {P_D_ZJ, P_ZI_XJ, P_ZI_YJ, P_END}, 0, {0}, NULL, T_NONE},
    {"INLINE", {P_D_XJ, P_D_YJ, P_END}, 0, {0}, NULL, T_NONE},
    {"INPLANE", {P_D_ZJ, P_END}, 0, {0}, NULL, T_NONE},
    {"ORIENTATION", {P_ZI_XJ, P_ZI_YJ, P_XI_YJ, P_END}, 0, {0}, NULL, T_NONE},
    {"PARALLEL_AXES", {P_ZI_XJ, P_ZI_YJ, P_END}, 0, {0}, NULL, T_NONE},
    {"PERPENDICULAR", {P_ZI_ZJ, P_END}, 0, {0}, NULL, T_NONE},
    {"FREE", {P_END}, 0, {0}, NULL, T_NONE},
    {"CONSTANT_VELOCITY", {P_ATPOINT, P_CONSTANT_VELOCITY, P_END}, 0, {0}, NULL, T_NONE},
    {"RACK_PINION", {P_TRAVEL, P_END}, 0, {0}, &MBS_ANGLE_PINION, T_RACK_PINION},
    {"SCREW", {P_TRAVEL, P_END}, 0, {0}, &MBS_ANGLE_AZ, T_SCREW},
};

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among the elements of this name; another element may share it)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"type", MBS_ATTR_KEYWORD, NULL, DIM_NONE, MBS_REQUIRED, JOINT_KEYWORDS, "joint type (see table)", NULL},
    {"i_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "marker on the first body", NULL},
    {"j_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "marker on the second body", NULL},
    {"pitch", MBS_ATTR_REAL, NULL, DIM_LENGTH, 0, NULL,
     "SCREW: travel of I along J's z per positive turn of I about J's z (> 0 right-hand, < 0 left-hand)", NULL},
    {"pitch_diameter", MBS_ATTR_REAL, NULL, DIM_LENGTH, 0, NULL,
     "RACK_PINION: pitch diameter D of the pinion (I); the rack (J) travels D/2 per radian", NULL},
    {"is_virtual", MBS_ATTR_BOOL, "FALSE", DIM_NONE, MBS_IGNORED, NULL, "accepted for MotionSolve files, no effect", NULL},
};

typedef struct joint_params {
    const joint_type *type;
    int I, J;          /* marker indices */
    double cv_sign;    /* CONSTANT_VELOCITY: s */
    double ratio;      /* travel row: travel per radian (SCREW P/2pi, RACK_PINION -D/2) */
} joint_params;

/* The discrete data: disc[0] the turning angle (continuous), and for a
 * travel row disc[1], disc[2] = its angle and d.z_J in the model as written. */
enum { DISC_ANGLE, DISC_ANGLE0, DISC_TRAVEL0, N_DISC_TRAVEL };

static int prim_rows(prim p)
{
    return p == P_ATPOINT ? 3 : 1;
}

/* The turning angle, continuous over turns; its gradient when grad is not NULL. */
static double turning_angle(const mbs_component *c, const mbs_eval *ev, double grad[3])
{
    const joint_params *jp = c->params;
    double a = mbs_prim_dot_angle(ev, jp->I, jp->J, jp->type->turning, grad);
    return mbs_angle_near(a, mbs_disc(ev, c)[DISC_ANGLE]);
}

static void travel_row(const mbs_component *c, mbs_eval *ev, int row)
{
    const joint_params *jp = c->params;
    const double *disc = mbs_disc(ev, c);
    double grad[3], angle = turning_angle(c, ev, grad);
    mbs_prim_travel(ev, c, row, jp->I, jp->J, jp->ratio, angle, grad, disc[DISC_TRAVEL0], disc[DISC_ANGLE0]);
}

static void eval(const mbs_component *c, mbs_eval *ev)
{
    const joint_params *jp = c->params;
    int row = 0;
    for (const prim *p = jp->type->prims; *p != P_END; p++) {
        switch (*p) {
        case P_ATPOINT: mbs_prim_atpoint(ev, c, row, jp->I, jp->J); break;
        case P_D_XJ: mbs_prim_dot2(ev, c, row, jp->I, jp->J, 0); break;
        case P_D_YJ: mbs_prim_dot2(ev, c, row, jp->I, jp->J, 1); break;
        case P_D_ZJ: mbs_prim_dot2(ev, c, row, jp->I, jp->J, 2); break;
        case P_ZI_XJ: mbs_prim_dot1(ev, c, row, jp->I, 2, jp->J, 0); break;
        case P_ZI_YJ: mbs_prim_dot1(ev, c, row, jp->I, 2, jp->J, 1); break;
        case P_XI_YJ: mbs_prim_dot1(ev, c, row, jp->I, 0, jp->J, 1); break;
        case P_ZI_ZJ: mbs_prim_dot1(ev, c, row, jp->I, 2, jp->J, 2); break;
        case P_CONSTANT_VELOCITY: mbs_prim_constant_velocity(ev, c, row, jp->I, jp->J, jp->cv_sign); break;
        case P_TRAVEL: travel_row(c, ev, row); break;
        case P_END: break;
        }
        row += prim_rows(*p);
    }
}

/* ---- relative coordinates ---- */

static int coordinate(const mbs_component *c, const mbs_eval *ev, int which, mbs_coord *out)
{
    const joint_params *jp = c->params;
    memset(out, 0, sizeof *out);
    if (which < 0 || which >= jp->type->n_coords)
        return -1;
    double zJ[3];
    mbs_marker_axis(ev, jp->J, 2, zJ);
    if (jp->type->coords[which] == C_ANGLE) {
        double minus[3];
        v3_scale(minus, zJ, -1.0);
        out->q = turning_angle(c, ev, NULL);
        mbs_jac_add_rotation(&out->jac, ev, mbs_marker_body(ev, jp->I), zJ);
        mbs_jac_add_rotation(&out->jac, ev, mbs_marker_body(ev, jp->J), minus);
    } else {
        double pI[3], pJ[3], d[3], zxd[3];
        mbs_marker_position(ev, jp->I, pI);
        mbs_marker_position(ev, jp->J, pJ);
        v3_sub(d, pI, pJ);
        v3_cross(zxd, zJ, d);
        out->q = v3_dot(d, zJ);
        mbs_jac_add_point(&out->jac, ev, jp->I, zJ, 1.0);
        mbs_jac_add_point(&out->jac, ev, jp->J, zJ, -1.0);
        mbs_jac_add_rotation(&out->jac, ev, mbs_marker_body(ev, jp->J), zxd);
    }
    out->v = mbs_jac_rate(ev, &out->jac);
    return 0;
}

/* The turn count of the angle follows the motion step by step. */
static void accept_step(const mbs_component *c, mbs_eval *ev)
{
    if (c->n_disc)
        mbs_disc(ev, c)[DISC_ANGLE] = turning_angle(c, ev, NULL);
}

static void init(const mbs_component *c, mbs_eval *ev)
{
    const joint_params *jp = c->params;
    if (!c->n_disc)
        return;
    double *disc = mbs_disc(ev, c);
    disc[DISC_ANGLE] = mbs_prim_dot_angle(ev, jp->I, jp->J, jp->type->turning, NULL);
    if (jp->type->travel != T_NONE) {
        double pI[3], pJ[3], d[3], zJ[3];
        mbs_marker_position(ev, jp->I, pI);
        mbs_marker_position(ev, jp->J, pJ);
        mbs_marker_axis(ev, jp->J, 2, zJ);
        v3_sub(d, pI, pJ);
        disc[DISC_ANGLE0] = disc[DISC_ANGLE];
        disc[DISC_TRAVEL0] = v3_dot(d, zJ);
    }
}

void mbs_joint_set_angle_reference(const mbs_component *joint, mbs_eval *ev, double angle)
{
    if (joint->n_disc)
        mbs_disc(ev, joint)[0] = angle;
}

/* ---- how far from closed ---- */

void mbs_joint_gap(const mbs_component *c, const mbs_eval *ev, double *length, double *angle)
{
    const joint_params *jp = c->params;
    double len2 = 0.0;
    *angle = 0.0;
    int row = 0;
    for (const prim *p = jp->type->prims; *p != P_END; p++) {
        int lengths = *p == P_ATPOINT || *p == P_D_XJ || *p == P_D_YJ || *p == P_D_ZJ || *p == P_TRAVEL;
        for (int k = 0; k < prim_rows(*p); k++) {
            double g = ev->d->rows[c->row_ofs + row + k].g;
            if (lengths)
                len2 += g * g;
            else /* a product of unit axes that should be 0: the sine of how far they are off square */
                *angle = fmax(*angle, asin(fmin(1.0, fabs(g))));
        }
        row += prim_rows(*p);
    }
    *length = sqrt(len2);
}

/* ---- what other elements may ask ---- */

int mbs_is_joint(const mbs_component *c)
{
    return c->kind == &mbs_kind_constraint_joint || c->kind == &mbs_kind_constraint_jprim;
}

const char *mbs_joint_type(const mbs_component *joint)
{
    const joint_params *jp = joint->params;
    return strcmp(jp->type->name, "HOOKE") == 0 ? "UNIVERSAL" : jp->type->name;
}

void mbs_joint_markers(const mbs_component *joint, int *I, int *J)
{
    const joint_params *jp = joint->params;
    *I = jp->I;
    *J = jp->J;
}

/* ---- reaction ---- */

/* A tree joint in joint coordinates: from the wrench the tree's backward
 * pass gave it (data.h), moved from the global origin to I's origin. */
static int tree_reaction(const mbs_component *c, const mbs_eval *ev, const double pI[3], double f[3], double t[3])
{
    const mbs_data *d = ev->d;
    long i = c - ev->m->comps;
    if (!d->tree_reaction_on || !d->tree_reaction_on[i])
        return 0;
    const double *W = d->tree_reaction + 6 * i;
    double pxf[3];
    v3_copy(f, W + 3);
    v3_cross(pxf, pI, f);
    v3_sub(t, W, pxf);
    return 1;
}

void mbs_joint_reaction(const mbs_component *c, const mbs_eval *ev, double F[3], double T[3])
{
    const joint_params *jp = c->params;
    double pI[3], RJ[9];
    mbs_marker_position(ev, jp->I, pI);
    mbs_marker_axes(ev, jp->J, RJ);
    mbs_joint_reaction_at(c, ev, pI, RJ, F, T);
}

/* Row r's load on the loaded body (I's, or J's where I is on the ground)
 * per unit multiplier: the force lin and its moment about I's origin,
 * ang - s_I x lin (ang is about the body's centre of mass), global axes. */
static void row_load(const mbs_component *c, const mbs_eval *ev, int r, int body, const double s[3], double f[3],
                     double t[3])
{
    const mbs_row *row = &ev->d->rows[c->row_ofs + r];
    v3_set(f, 0, 0, 0);
    v3_set(t, 0, 0, 0);
    for (int k = 0; k < row->jac.n; k++)
        if (row->jac.terms[k].body == body) {
            v3_add(f, f, row->jac.terms[k].lin);
            v3_add(t, t, row->jac.terms[k].ang);
        }
    double sxf[3];
    v3_cross(sxf, s, f);
    v3_sub(t, t, sxf);
}

/* The body the reaction is on (I's, or J's where I is on the ground: then
 * the load is negated) and I's origin relative to its centre of mass. */
static int loaded_body(const mbs_component *c, const mbs_eval *ev, const double pI[3], double s[3])
{
    const joint_params *jp = c->params;
    int bI = mbs_marker_body(ev, jp->I), bJ = mbs_marker_body(ev, jp->J);
    int body = ev->m->bodies[bI].type == MBS_BODY_GROUND ? bJ : bI;
    v3_sub(s, pI, ev->d->bodies[body].r);
    return body;
}

void mbs_joint_reaction_at(const mbs_component *c, const mbs_eval *ev, const double pI[3], const double RJ[9],
                           double F[3], double T[3])
{
    const joint_params *jp = c->params;
    double f_tree[3], t_tree[3];
    if (tree_reaction(c, ev, pI, f_tree, t_tree)) {
        m3_tmul_v(F, RJ, f_tree);
        m3_tmul_v(T, RJ, t_tree);
        return;
    }
    double s[3], f[3] = {0, 0, 0}, t[3] = {0, 0, 0};
    int body = loaded_body(c, ev, pI, s);
    for (int r = 0; r < c->n_hrows + c->n_vrows; r++) {
        double fr[3], tr[3], lambda = mbs_row_lambda(ev, c, r);
        row_load(c, ev, r, body, s, fr, tr);
        v3_axpy(f, -lambda, fr);
        v3_axpy(t, -lambda, tr);
    }
    if (body != mbs_marker_body(ev, jp->I)) {
        v3_scale(f, f, -1.0);
        v3_scale(t, t, -1.0);
    }
    m3_tmul_v(F, RJ, f);
    m3_tmul_v(T, RJ, t);
}

unsigned mbs_joint_unused_loads(const mbs_component *c, const mbs_eval *ev, const char *in_use)
{
    const joint_params *jp = c->params;
    double pI[3], RJ[9], s[3];
    mbs_marker_position(ev, jp->I, pI);
    mbs_marker_axes(ev, jp->J, RJ);
    int body = loaded_body(c, ev, pI, s);
    unsigned bits = 0;
    for (int r = 0; r < c->n_hrows + c->n_vrows; r++) {
        if (in_use[c->row_ofs + r])
            continue;
        double f[3], t[3], load[6];
        row_load(c, ev, r, body, s, f, t);
        m3_tmul_v(load, RJ, f);
        m3_tmul_v(load + 3, RJ, t);
        double nf = v3_norm(f), nt = v3_norm(t);
        for (int k = 0; k < 3; k++) {
            if (fabs(load[k]) > 1e-6 * nf)
                bits |= 1u << k;
            if (fabs(load[3 + k]) > 1e-6 * nt)
                bits |= 1u << (3 + k);
        }
    }
    return bits;
}

/* ---- outputs ---- */

enum { OUT_FORCE, OUT_TORQUE, OUT_COORDINATE, OUT_COORDINATE_VELOCITY };

static const mbs_output_desc OUT_BASIC[] = {
    {"Force", "x y z", DIM_FORCE, NULL, 0, OUT_FORCE},
    {"Torque", "x y z", DIM_TORQUE, NULL, 0, OUT_TORQUE},
};
static const mbs_output_desc OUT_ANGLE[] = {
    {"Force", "x y z", DIM_FORCE, NULL, 0, OUT_FORCE},
    {"Torque", "x y z", DIM_TORQUE, NULL, 0, OUT_TORQUE},
    {"Coordinate", "angle", DIM_ANGLE, NULL, 1, OUT_COORDINATE},
    {"CoordinateVelocity", "angle", DIM_ANGULAR_VELOCITY, NULL, 1, OUT_COORDINATE_VELOCITY},
};
static const mbs_output_desc OUT_DISPLACEMENT[] = {
    {"Force", "x y z", DIM_FORCE, NULL, 0, OUT_FORCE},
    {"Torque", "x y z", DIM_TORQUE, NULL, 0, OUT_TORQUE},
    {"Coordinate", "displacement", DIM_LENGTH, NULL, 0, OUT_COORDINATE},
    {"CoordinateVelocity", "displacement", DIM_VELOCITY, NULL, 0, OUT_COORDINATE_VELOCITY},
};
static const mbs_dim CYL_Q[2] = {DIM_LENGTH, DIM_ANGLE};
static const mbs_dim CYL_V[2] = {DIM_VELOCITY, DIM_ANGULAR_VELOCITY};
static const mbs_output_desc OUT_CYLINDRICAL[] = {
    {"Force", "x y z", DIM_FORCE, NULL, 0, OUT_FORCE},
    {"Torque", "x y z", DIM_TORQUE, NULL, 0, OUT_TORQUE},
    {"Coordinate", "displacement angle", DIM_NONE, CYL_Q, 2, OUT_COORDINATE},
    {"CoordinateVelocity", "displacement angle", DIM_NONE, CYL_V, 2, OUT_COORDINATE_VELOCITY},
};

static void output(const mbs_component *c, const mbs_eval *ev, int which, double *out)
{
    double F[3], T[3];
    switch (c->outputs[which].code) {
    case OUT_FORCE:
    case OUT_TORQUE:
        mbs_joint_reaction(c, ev, F, T);
        v3_copy(out, c->outputs[which].code == OUT_FORCE ? F : T);
        break;
    case OUT_COORDINATE:
    case OUT_COORDINATE_VELOCITY:
        for (int k = 0; k < c->n_coords; k++) {
            mbs_coord q;
            coordinate(c, ev, k, &q);
            out[k] = c->outputs[which].code == OUT_COORDINATE ? q.q : q.v;
        }
        break;
    }
}

static const mbs_component_ops OPS = {
    .eval = eval,
    .coordinate = coordinate,
    .accept_step = accept_step,
    .init = init,
    .output = output,
    .free_params = free,
};

/* Whether the type has rows between the markers' axes: they need a body
 * that can turn (a Body_Point's marker keeps the global axes). */
static int constrains_orientation(const joint_type *t)
{
    for (const prim *p = t->prims; *p != P_END; p++)
        if (*p == P_ZI_XJ || *p == P_ZI_YJ || *p == P_XI_YJ || *p == P_ZI_ZJ || *p == P_CONSTANT_VELOCITY ||
            *p == P_TRAVEL)
            return 1;
    return 0;
}

/* The travel row's ratio from pitch or pitch_diameter (reported if missing
 * or zero); the attribute of the other coupling type has no effect. */
static int travel_ratio(mbs_builder *b, const mbs_spec_elem *e, travel_kind kind, double *ratio)
{
    const char *own = kind == T_SCREW ? "pitch" : kind == T_RACK_PINION ? "pitch_diameter" : NULL;
    static const char *const both[2] = {"pitch", "pitch_diameter"};
    for (int k = 0; k < 2; k++)
        if (mbs_spec_given(e, both[k]) && (!own || strcmp(own, both[k]) != 0))
            mbs_build_note(b, e, "%s has no effect on a %s joint", both[k], mbs_spec_text(e, "type"));
    if (!own)
        return 0;
    if (!mbs_spec_has(e, own))
        return mbs_build_error(b, e, "a %s joint needs %s", mbs_spec_text(e, "type"), own);
    double v = mbs_spec_real(e, own);
    if (kind == T_SCREW) {
        if (v == 0.0)
            return mbs_build_error(b, e, "pitch must not be 0");
        *ratio = v / (2.0 * MBS_PI);
    } else {
        if (!(v > 0.0))
            return mbs_build_error(b, e, "pitch_diameter must be > 0 (is %s)", mbs_spec_text(e, own));
        *ratio = -0.5 * v;
    }
    return 0;
}

/* CONSTANT_VELOCITY: the sign s from the z axes in the model as written. */
static double constant_velocity_sign(const mbs_model *m, int I, int J)
{
    double p[3], RI[9], RJ[9], zI[3], zJ[3];
    mbs_marker_initial_pose(m, I, p, RI);
    mbs_marker_initial_pose(m, J, p, RJ);
    m3_col(zI, RI, 2);
    m3_col(zJ, RJ, 2);
    return v3_dot(zI, zJ) <= 0.0 ? 1.0 : -1.0;
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    const joint_type *type = &TYPES[mbs_spec_keyword(e, "type")];
    double ratio = 0.0;
    if (travel_ratio(b, e, type->travel, &ratio) != 0)
        return -1;
    int I = mbs_ref_frame_marker(b, e, "i_marker_id");
    int J = mbs_ref_frame_marker(b, e, "j_marker_id");
    if (I < 0 || J < 0)
        return -1;
    const mbs_model *m = mbs_builder_model(b);
    int bI = m->markers[I].body, bJ = m->markers[J].body;
    if (bI == bJ)
        return mbs_build_error(b, e, "i_marker_id %ld and j_marker_id %ld are on the same body",
                               mbs_spec_int(e, "i_marker_id"), mbs_spec_int(e, "j_marker_id"));
    if (constrains_orientation(type) && m->bodies[bI].type != MBS_BODY_RIGID &&
        m->bodies[bJ].type != MBS_BODY_RIGID) {
        const mbs_body *point = m->bodies[bI].type == MBS_BODY_POINT ? &m->bodies[bI] : &m->bodies[bJ];
        char who[256];
        mbs_body_describe(point, who, sizeof who);
        return mbs_build_error(b, e, "a %s joint constrains the orientation of its markers, but neither body can "
                                     "turn: %s has no orientation (use SPHERICAL, INLINE or INPLANE, or a Body_Rigid)",
                               type->name, who);
    }
    joint_params *jp = malloc(sizeof *jp);
    if (!jp)
        return -1;
    jp->type = type;
    jp->I = I;
    jp->J = J;
    jp->ratio = ratio;
    jp->cv_sign = constant_velocity_sign(m, I, J);
    mbs_component *c = mbs_add_component(b, e, &OPS, jp);
    if (!c)
        return -1;
    for (const prim *p = jp->type->prims; *p != P_END; p++)
        c->n_hrows += prim_rows(*p);
    c->n_coords = jp->type->n_coords;
    for (int k = 0; k < c->n_coords; k++)
        if (jp->type->coords[k] == C_ANGLE)
            c->coord_angles |= 1u << k;
    if (jp->type->turning)
        c->n_disc = jp->type->travel != T_NONE ? N_DISC_TRAVEL : 1;
    mbs_component_couple_body(c, bI);
    mbs_component_couple_body(c, bJ);
    if (c->n_coords == 0) {
        c->outputs = OUT_BASIC;
        c->n_outputs = MBS_COUNT_OF(OUT_BASIC);
    } else if (c->n_coords == 2) {
        c->outputs = OUT_CYLINDRICAL;
        c->n_outputs = MBS_COUNT_OF(OUT_CYLINDRICAL);
    } else if (c->coord_angles) {
        c->outputs = OUT_ANGLE;
        c->n_outputs = MBS_COUNT_OF(OUT_ANGLE);
    } else {
        c->outputs = OUT_DISPLACEMENT;
        c->n_outputs = MBS_COUNT_OF(OUT_DISPLACEMENT);
    }
    return 0;
}

const mbs_kind mbs_kind_constraint_joint = {
    "Constraint_Joint", MBS_FAMILY_CONSTRAINT, MBS_IN_MODEL, MBS_STAGE_JOINTS, ATTRS, MBS_COUNT_OF(ATTRS),
    "An ideal joint between marker I (first body) and marker J (second body), MotionSolve/Adams "
    "conventions: the free axis is J's z axis. Types: FIXED, REVOLUTE, SPHERICAL, TRANSLATIONAL, "
    "CYLINDRICAL, UNIVERSAL (= HOOKE: origins coincide, z_I perpendicular to z_J), and the primitives "
    "PLANAR, INLINE, INPLANE, ORIENTATION, PARALLEL_AXES, PERPENDICULAR; FREE adds nothing. The coupling "
    "joints (Adams' CONVEL, RACKPIN, SCREW): CONSTANT_VELOCITY (origins coincide, the shafts along z_I and z_J "
    "turn at equal rates at any bend), RACK_PINION (the rack J travels along z_J by pitch_diameter/2 per radian "
    "the pinion I turns about z_I), SCREW (I travels along z_J by pitch per turn about z_J); the last two hold "
    "only that relation, their supports hold the axes. Outputs: Force "
    "and Torque (reaction on the I body at the I origin, in J axes) and, for REVOLUTE, TRANSLATIONAL and "
    "CYLINDRICAL joints, Coordinate and CoordinateVelocity.",
    build,
    "JOINT",
};

/* MotionSolve writes the joint primitives (INLINE, INPLANE, ORIENTATION,
 * PARALLEL_AXES, PERPENDICULAR) as Constraint_Jprim: the same element under
 * its own name, so with ids of its own (a real export has a
 * Constraint_Jprim, a Force_SpringDamper and a Force_Bushing all with one
 * id), named by element_type JPRIM and by JPRIM(id) in expressions. */
const mbs_kind mbs_kind_constraint_jprim = {
    "Constraint_Jprim", MBS_FAMILY_CONSTRAINT, MBS_IN_MODEL, MBS_STAGE_JOINTS, ATTRS, MBS_COUNT_OF(ATTRS),
    "MotionSolve's name for the joint primitives (INLINE, INPLANE, ORIENTATION, PARALLEL_AXES, PERPENDICULAR): "
    "the same element as Constraint_Joint, with the same types and outputs, under its own name (its ids are "
    "its own; element_type JPRIM and JPRIM(id) name it, joint_id does not).",
    build,
    "JPRIM",
};
