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

typedef enum prim { P_ATPOINT, P_D_XJ, P_D_YJ, P_D_ZJ, P_ZI_XJ, P_ZI_YJ, P_XI_YJ, P_ZI_ZJ, P_END } prim;
typedef enum coord_kind { C_DISPLACEMENT, C_ANGLE } coord_kind;

typedef struct joint_type {
    const char *name;
    prim prims[6];
    int n_coords;
    coord_kind coords[2];
} joint_type;

#define JOINT_KEYWORDS \
    "FIXED|REVOLUTE|SPHERICAL|TRANSLATIONAL|CYLINDRICAL|UNIVERSAL|HOOKE|PLANAR|INLINE|INPLANE|ORIENTATION|" \
    "PARALLEL_AXES|PERPENDICULAR|FREE|CONSTANT_VELOCITY|RACK_PINION|SCREW"

/* in the order of JOINT_KEYWORDS */
static const joint_type TYPES[] = {
    {"FIXED", {P_ATPOINT, P_ZI_XJ, P_ZI_YJ, P_XI_YJ, P_END}, 0, {0}},
    {"REVOLUTE", {P_ATPOINT, P_ZI_XJ, P_ZI_YJ, P_END}, 1, {C_ANGLE}},
    {"SPHERICAL", {P_ATPOINT, P_END}, 0, {0}},
    {"TRANSLATIONAL", {P_D_XJ, P_D_YJ, P_ZI_XJ, P_ZI_YJ, P_XI_YJ, P_END}, 1, {C_DISPLACEMENT}},
    {"CYLINDRICAL", {P_D_XJ, P_D_YJ, P_ZI_XJ, P_ZI_YJ, P_END}, 2, {C_DISPLACEMENT, C_ANGLE}},
    {"UNIVERSAL", {P_ATPOINT, P_ZI_ZJ, P_END}, 0, {0}},
    {"HOOKE", {P_ATPOINT, P_ZI_ZJ, P_END}, 0, {0}},
    {"PLANAR", {P_D_ZJ, P_ZI_XJ, P_ZI_YJ, P_END}, 0, {0}},
    {"INLINE", {P_D_XJ, P_D_YJ, P_END}, 0, {0}},
    {"INPLANE", {P_D_ZJ, P_END}, 0, {0}},
    {"ORIENTATION", {P_ZI_XJ, P_ZI_YJ, P_XI_YJ, P_END}, 0, {0}},
    {"PARALLEL_AXES", {P_ZI_XJ, P_ZI_YJ, P_END}, 0, {0}},
    {"PERPENDICULAR", {P_ZI_ZJ, P_END}, 0, {0}},
    {"FREE", {P_END}, 0, {0}},
};
#define N_SUPPORTED_TYPES MBS_COUNT_OF(TYPES)

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "joint id (unique among constraints)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"type", MBS_ATTR_KEYWORD, NULL, DIM_NONE, MBS_REQUIRED, JOINT_KEYWORDS, "joint type (see table)", NULL},
    {"i_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "marker on the first body", NULL},
    {"j_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "marker on the second body", NULL},
    {"pitch", MBS_ATTR_REAL, NULL, DIM_LENGTH, 0, NULL, "SCREW joints (not supported)", NULL},
    {"pitch_diameter", MBS_ATTR_REAL, NULL, DIM_LENGTH, 0, NULL, "RACK_PINION joints (not supported)", NULL},
    {"is_virtual", MBS_ATTR_BOOL, "FALSE", DIM_NONE, MBS_IGNORED, NULL, "accepted for MotionSolve files, no effect", NULL},
};

typedef struct joint_params {
    const joint_type *type;
    int I, J; /* marker indices */
} joint_params;

static int prim_rows(prim p)
{
    return p == P_ATPOINT ? 3 : 1;
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
        case P_END: break;
        }
        row += prim_rows(*p);
    }
}

/* ---- relative coordinates ---- */

static double continuous_angle(const mbs_component *c, const mbs_eval *ev)
{
    const joint_params *jp = c->params;
    return mbs_prim_angle_near(ev, jp->I, jp->J, mbs_disc(ev, c)[0]);
}

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
        out->q = continuous_angle(c, ev);
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
        mbs_disc(ev, c)[0] = continuous_angle(c, ev);
}

static void init(const mbs_component *c, mbs_eval *ev)
{
    const joint_params *jp = c->params;
    if (c->n_disc)
        mbs_disc(ev, c)[0] = mbs_prim_angle(ev, jp->I, jp->J);
}

void mbs_joint_set_angle_reference(const mbs_component *joint, mbs_eval *ev, double angle)
{
    if (joint->n_disc)
        mbs_disc(ev, joint)[0] = angle;
}

/* ---- what other elements may ask ---- */

int mbs_is_joint(const mbs_component *c)
{
    return c->kind == &mbs_kind_constraint_joint;
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

void mbs_joint_reaction(const mbs_component *c, const mbs_eval *ev, double F[3], double T[3])
{
    const joint_params *jp = c->params;
    int bI = mbs_marker_body(ev, jp->I), bJ = mbs_marker_body(ev, jp->J);
    int on_ground = ev->m->bodies[bI].type == MBS_BODY_GROUND;
    int body = on_ground ? bJ : bI;
    double f[3] = {0, 0, 0}, t[3] = {0, 0, 0};
    for (int r = 0; r < c->n_hrows + c->n_vrows; r++) {
        const mbs_row *row = &ev->d->rows[c->row_ofs + r];
        double lambda = mbs_row_lambda(ev, c, r);
        for (int k = 0; k < row->jac.n; k++)
            if (row->jac.terms[k].body == body) {
                v3_axpy(f, -lambda, row->jac.terms[k].lin);
                v3_axpy(t, -lambda, row->jac.terms[k].ang);
            }
    }
    /* moment about the I origin: t is about the loaded body's centre of mass */
    double pI[3], s[3], sxf[3];
    mbs_marker_position(ev, jp->I, pI);
    v3_sub(s, pI, ev->d->bodies[body].r);
    v3_cross(sxf, s, f);
    v3_sub(t, t, sxf);
    if (on_ground) {
        v3_scale(f, f, -1.0);
        v3_scale(t, t, -1.0);
    }
    double RJ[9];
    mbs_marker_axes(ev, jp->J, RJ);
    m3_tmul_v(F, RJ, f);
    m3_tmul_v(T, RJ, t);
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
        if (*p == P_ZI_XJ || *p == P_ZI_YJ || *p == P_XI_YJ || *p == P_ZI_ZJ)
            return 1;
    return 0;
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    int t = mbs_spec_keyword(e, "type");
    if (t >= N_SUPPORTED_TYPES)
        return mbs_build_error(b, e, "joint type %s is not supported by mbsim", mbs_spec_text(e, "type"));
    int I = mbs_ref_frame_marker(b, e, "i_marker_id");
    int J = mbs_ref_frame_marker(b, e, "j_marker_id");
    if (I < 0 || J < 0)
        return -1;
    const mbs_model *m = mbs_builder_model(b);
    int bI = m->markers[I].body, bJ = m->markers[J].body;
    if (bI == bJ)
        return mbs_build_error(b, e, "i_marker_id %ld and j_marker_id %ld are on the same body",
                               mbs_spec_int(e, "i_marker_id"), mbs_spec_int(e, "j_marker_id"));
    if (constrains_orientation(&TYPES[t]) && m->bodies[bI].type != MBS_BODY_RIGID &&
        m->bodies[bJ].type != MBS_BODY_RIGID) {
        const mbs_body *point = m->bodies[bI].type == MBS_BODY_POINT ? &m->bodies[bI] : &m->bodies[bJ];
        char who[256];
        mbs_body_describe(point, who, sizeof who);
        return mbs_build_error(b, e, "a %s joint constrains the orientation of its markers, but neither body can "
                                     "turn: %s has no orientation (use SPHERICAL, INLINE or INPLANE, or a Body_Rigid)",
                               TYPES[t].name, who);
    }
    joint_params *jp = malloc(sizeof *jp);
    if (!jp)
        return -1;
    jp->type = &TYPES[t];
    jp->I = I;
    jp->J = J;
    mbs_component *c = mbs_add_component(b, e, &OPS, jp);
    if (!c)
        return -1;
    for (const prim *p = jp->type->prims; *p != P_END; p++)
        c->n_hrows += prim_rows(*p);
    c->n_coords = jp->type->n_coords;
    for (int k = 0; k < c->n_coords; k++)
        if (jp->type->coords[k] == C_ANGLE) {
            c->coord_angles |= 1u << k;
            c->n_disc = 1;
        }
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
    "PLANAR, INLINE, INPLANE, ORIENTATION, PARALLEL_AXES, PERPENDICULAR; FREE adds nothing. Outputs: Force "
    "and Torque (reaction on the I body at the I origin, in J axes) and, for REVOLUTE, TRANSLATIONAL and "
    "CYLINDRICAL joints, Coordinate and CoordinateVelocity.",
    build,
};
