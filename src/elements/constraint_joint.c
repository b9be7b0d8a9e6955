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
 * Reaction (outputs Force, Torque): the constraint force on the I body and
 * its moment about the I origin, in J axes (MotionSolve's FX(I,J,J) .. TZ;
 * mbs_joint_reaction, solver/eval/joints.c, which other elements and the
 * solver read too).
 *
 * The build fills the joint's description (model/joints.h: type, markers,
 * bodies, which rows are lengths, the turning angle's discrete state),
 * which is all the solver reads of a joint. */
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
    mbs_joint_type type;
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
    {"FIXED", MBS_JOINT_FIXED, {P_ATPOINT, P_ZI_XJ, P_ZI_YJ, P_XI_YJ, P_END}, 0, {0}, NULL, T_NONE},
    {"REVOLUTE", MBS_JOINT_REVOLUTE, {P_ATPOINT, P_ZI_XJ, P_ZI_YJ, P_END}, 1, {C_ANGLE}, &MBS_ANGLE_AZ, T_NONE},
    {"SPHERICAL", MBS_JOINT_SPHERICAL, {P_ATPOINT, P_END}, 0, {0}, NULL, T_NONE},
    {"TRANSLATIONAL", MBS_JOINT_TRANSLATIONAL, {P_D_XJ, P_D_YJ, P_ZI_XJ, P_ZI_YJ, P_XI_YJ, P_END}, 1, {C_DISPLACEMENT}, NULL, T_NONE},
    {"CYLINDRICAL", MBS_JOINT_CYLINDRICAL, {P_D_XJ, P_D_YJ, P_ZI_XJ, P_ZI_YJ, P_END}, 2, {C_DISPLACEMENT, C_ANGLE}, &MBS_ANGLE_AZ, T_NONE},
    {"UNIVERSAL", MBS_JOINT_UNIVERSAL, {P_ATPOINT, P_ZI_ZJ, P_END}, 0, {0}, NULL, T_NONE},
    {"HOOKE", MBS_JOINT_UNIVERSAL, {P_ATPOINT, P_ZI_ZJ, P_END}, 0, {0}, NULL, T_NONE},
    {"PLANAR", MBS_JOINT_PLANAR, {P_D_ZJ, P_ZI_XJ, P_ZI_YJ, P_END}, 0, {0}, NULL, T_NONE},
    {"INLINE", MBS_JOINT_INLINE, {P_D_XJ, P_D_YJ, P_END}, 0, {0}, NULL, T_NONE},
    {"INPLANE", MBS_JOINT_INPLANE, {P_D_ZJ, P_END}, 0, {0}, NULL, T_NONE},
    {"ORIENTATION", MBS_JOINT_ORIENTATION, {P_ZI_XJ, P_ZI_YJ, P_XI_YJ, P_END}, 0, {0}, NULL, T_NONE},
    {"PARALLEL_AXES", MBS_JOINT_PARALLEL_AXES, {P_ZI_XJ, P_ZI_YJ, P_END}, 0, {0}, NULL, T_NONE},
    {"PERPENDICULAR", MBS_JOINT_PERPENDICULAR, {P_ZI_ZJ, P_END}, 0, {0}, NULL, T_NONE},
    {"FREE", MBS_JOINT_FREE, {P_END}, 0, {0}, NULL, T_NONE},
    {"CONSTANT_VELOCITY", MBS_JOINT_CONSTANT_VELOCITY, {P_ATPOINT, P_CONSTANT_VELOCITY, P_END}, 0, {0}, NULL, T_NONE},
    {"RACK_PINION", MBS_JOINT_RACK_PINION, {P_TRAVEL, P_END}, 0, {0}, &MBS_ANGLE_PINION, T_RACK_PINION},
    {"SCREW", MBS_JOINT_SCREW, {P_TRAVEL, P_END}, 0, {0}, &MBS_ANGLE_AZ, T_SCREW},
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
    mbs_joint_desc desc; /* what the solver reads of the joint (model/joints.h) */
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

/* ---- what other elements may ask ---- */

const char *mbs_joint_type_name(const mbs_component *joint)
{
    const joint_params *jp = joint->params;
    return strcmp(jp->type->name, "HOOKE") == 0 ? "UNIVERSAL" : jp->type->name;
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
    jp->desc = (mbs_joint_desc){.type = type->type, .I = I, .J = J, .body_i = bI, .body_j = bJ,
                                .angle_disc = type->turning ? DISC_ANGLE : -1};
    mbs_component *c = mbs_add_component(b, e, &OPS, jp);
    if (!c)
        return -1;
    c->joint = &jp->desc;
    for (const prim *p = jp->type->prims; *p != P_END; p++) {
        if (*p == P_ATPOINT || *p == P_D_XJ || *p == P_D_YJ || *p == P_D_ZJ || *p == P_TRAVEL)
            jp->desc.length_rows |= ((1u << prim_rows(*p)) - 1u) << c->n_hrows;
        c->n_hrows += prim_rows(*p);
    }
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
