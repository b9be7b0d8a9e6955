/* Force_SpringDamper (MotionSolve) between markers I and J.
 *
 * TRANSLATIONAL: r = p_I - p_J, l = |r|, u = r / l, dl/dt = u . (v_I - v_J)
 *   F = -k (l - length) - c dl/dt + preload      (positive pushes I and J apart)
 *   force on I: F u at p_I;  on J: -F u at p_J
 *   potential 1/2 k (l - length)^2 - preload (l - length);  power of damping -c (dl/dt)^2
 * ROTATIONAL: theta = rotation of I about J's z (continuous over turns),
 *   dtheta/dt = z_J . (w_I - w_J)
 *   T = -k (theta - length) - c dtheta/dt + preload   (length = free angle, rad)
 *   torque on I: T z_J;  on J: -T z_J
 *   potential 1/2 k (theta - length)^2 - preload (theta - length)
 * A translational spring has no direction at l = 0. Only with length = 0,
 * preload = 0 and c = 0 is its force -k r continuous there (a ball may pass
 * through its anchor); otherwise the run stops when l nears zero, relative
 * to the free length or, at free length 0, to the length at t = 0, and a
 * step that carries I through J is refused (spring_direction.h). I and J
 * must be two markers (one marker has no length to measure). */
#include "joint_primitives.h"
#include "spring_direction.h"
#include "../core/vec3.h"
#include "../model/builder.h"

#include <math.h>
#include <stdlib.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among the elements of this name; another element may share it)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"type", MBS_ATTR_KEYWORD, "TRANSLATIONAL", DIM_NONE, 0, "TRANSLATIONAL|ROTATIONAL", "force or torque", NULL},
    {"i_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "marker where the force acts", NULL},
    {"j_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "marker where the reaction acts", NULL},
    {"stiffness", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL, "force/length (torque/rad for ROTATIONAL), >= 0", NULL},
    {"damping", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL, "force/velocity (torque/(rad/time)), >= 0", NULL},
    {"length", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL, "free length (free angle in rad for ROTATIONAL)", NULL},
    {"preload", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL, "force (torque) at the free length; positive pushes apart", NULL},
};

typedef struct spring_params {
    int rotational;
    int I, J;
    double k, c, length, preload; /* SI */
    int smooth; /* translational, and the force is continuous through l = 0 */
} spring_params;

/* Discrete data: ROTATIONAL the angle followed over turns; TRANSLATIONAL
 * the direction at the last accepted step and the length at t = 0. */
enum { DISC_ANGLE = 0, DISC_DIR = 0, DISC_L0 = MBS_SPRING_DISC, N_DISC_TRANSLATIONAL };

typedef struct spring_state {
    double x, xd;   /* length or angle, and its rate */
    double u[3];    /* unit vector J -> I, or J's z axis */
} spring_state;

/* Returns 0, or -1 (after reporting) when the direction does not exist. */
static int measure(const mbs_component *c, const mbs_eval *ev, spring_state *s)
{
    const spring_params *sp = c->params;
    if (sp->rotational) {
        double wI[3], wJ[3], dw[3];
        mbs_marker_axis(ev, sp->J, 2, s->u);
        s->x = mbs_prim_angle_near(ev, sp->I, sp->J, mbs_disc(ev, c)[DISC_ANGLE]);
        mbs_marker_angular_velocity(ev, sp->I, wI);
        mbs_marker_angular_velocity(ev, sp->J, wJ);
        v3_sub(dw, wI, wJ);
        s->xd = v3_dot(s->u, dw);
        return 0;
    }
    double r[3], vI[3], vJ[3], dv[3];
    mbs_spring_vector(ev, sp->J, sp->I, r);
    if (sp->smooth) {
        s->x = v3_norm(r);
        v3_zero(s->u);
        if (s->x > 0.0)
            v3_scale(s->u, r, 1.0 / s->x);
    } else {
        const double *disc = mbs_disc(ev, c);
        double scale = sp->length > 0.0 ? sp->length : disc[DISC_L0];
        if (mbs_spring_direction(c, ev, r, disc + DISC_DIR, scale, s->u, &s->x) != 0) {
            s->xd = 0.0;
            return -1;
        }
    }
    mbs_marker_velocity(ev, sp->I, vI);
    mbs_marker_velocity(ev, sp->J, vJ);
    v3_sub(dv, vI, vJ);
    s->xd = v3_dot(s->u, dv);
    return 0;
}

static double force_value(const spring_params *sp, const spring_state *s)
{
    return -sp->k * (s->x - sp->length) - sp->c * s->xd + sp->preload;
}

static void eval(const mbs_component *c, mbs_eval *ev)
{
    const spring_params *sp = c->params;
    spring_state s;
    if (measure(c, ev, &s) != 0)
        return;
    double F = force_value(sp, &s), f[3], minus[3];
    v3_scale(f, s.u, F);
    v3_scale(minus, f, -1.0);
    if (sp->rotational) {
        mbs_apply_torque(ev, mbs_marker_body(ev, sp->I), f);
        mbs_apply_torque(ev, mbs_marker_body(ev, sp->J), minus);
    } else {
        mbs_apply_force(ev, sp->I, f);
        mbs_apply_force(ev, sp->J, minus);
    }
}

static double potential_energy(const mbs_component *c, const mbs_eval *ev)
{
    const spring_params *sp = c->params;
    spring_state s;
    if (measure(c, ev, &s) != 0)
        return 0.0;
    double dx = s.x - sp->length;
    return 0.5 * sp->k * dx * dx - sp->preload * dx;
}

static double power_nc(const mbs_component *c, const mbs_eval *ev)
{
    const spring_params *sp = c->params;
    spring_state s;
    if (measure(c, ev, &s) != 0)
        return 0.0;
    return -sp->c * s.xd * s.xd;
}

static void accept_step(const mbs_component *c, mbs_eval *ev)
{
    const spring_params *sp = c->params;
    double *disc = mbs_disc(ev, c), r[3];
    if (sp->rotational) {
        disc[DISC_ANGLE] = mbs_prim_angle_near(ev, sp->I, sp->J, disc[DISC_ANGLE]);
    } else if (!sp->smooth) {
        mbs_spring_vector(ev, sp->J, sp->I, r);
        mbs_spring_remember(disc + DISC_DIR, r);
    }
}

static void init(const mbs_component *c, mbs_eval *ev)
{
    const spring_params *sp = c->params;
    double *disc = mbs_disc(ev, c), r[3];
    if (sp->rotational) {
        disc[DISC_ANGLE] = mbs_prim_angle(ev, sp->I, sp->J);
    } else if (!sp->smooth) {
        mbs_spring_vector(ev, sp->J, sp->I, r);
        disc[DISC_L0] = v3_norm(r);
        mbs_spring_remember(disc + DISC_DIR, r);
    }
}

enum { OUT_FORCE, OUT_LENGTH, OUT_VELOCITY, OUT_POTENTIAL, OUT_POWER };

static void output(const mbs_component *c, const mbs_eval *ev, int which, double *out)
{
    const spring_params *sp = c->params;
    spring_state s;
    if (measure(c, ev, &s) != 0) {
        out[0] = NAN;
        return;
    }
    switch (c->outputs[which].code) {
    case OUT_FORCE: out[0] = force_value(sp, &s); break;
    case OUT_LENGTH: out[0] = s.x; break;
    case OUT_VELOCITY: out[0] = s.xd; break;
    case OUT_POTENTIAL: out[0] = potential_energy(c, ev); break;
    case OUT_POWER: out[0] = power_nc(c, ev); break;
    }
}

static const mbs_output_desc OUT_TRANSLATIONAL[] = {
    {"Force", "value", DIM_FORCE, NULL, 0, OUT_FORCE},
    {"Length", "value", DIM_LENGTH, NULL, 0, OUT_LENGTH},
    {"Velocity", "value", DIM_VELOCITY, NULL, 0, OUT_VELOCITY},
    {"PotentialEnergy", "value", DIM_ENERGY, NULL, 0, OUT_POTENTIAL},
    {"Power", "value", DIM_POWER, NULL, 0, OUT_POWER},
};
static const mbs_output_desc OUT_ROTATIONAL[] = {
    {"Force", "value", DIM_TORQUE, NULL, 0, OUT_FORCE},
    {"Length", "value", DIM_ANGLE, NULL, 1, OUT_LENGTH},
    {"Velocity", "value", DIM_ANGULAR_VELOCITY, NULL, 1, OUT_VELOCITY},
    {"PotentialEnergy", "value", DIM_ENERGY, NULL, 0, OUT_POTENTIAL},
    {"Power", "value", DIM_POWER, NULL, 0, OUT_POWER},
};

/* ROTATIONAL: a torque about J's z, T = -k theta - c dtheta/dt + ...;
 * across a REVOLUTE joint whose axis that z is, theta is the joint's angle
 * (or its negative) plus a constant, and the torque acts on that angle
 * alone: a joint-local law of constant slopes (model/joints.h), which the
 * joint formulation folds into its Newton matrix's tree block. */
static int joint_local(const mbs_component *c, mbs_joint_local *out)
{
    const spring_params *sp = c->params;
    if (!sp->rotational)
        return 0;
    *out = (mbs_joint_local){
        .joint = -1,
        .I = sp->I,
        .J = sp->J,
        .types = MBS_JOINT_BIT(MBS_JOINT_REVOLUTE),
        .slopes = MBS_SLOPES_CONSTANT,
        .k = sp->k,
        .c = sp->c,
    };
    return 1;
}

static const mbs_component_ops OPS = {
    .eval = eval,
    .joint_local = joint_local,
    .accept_step = accept_step,
    .init = init,
    .potential_energy = potential_energy,
    .power_nc = power_nc,
    .output = output,
    .free_params = free,
};

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    const mbs_model *m = mbs_builder_model(b);
    int rotational = mbs_spec_keyword(e, "type") == 1;
    int I, J;
    if (mbs_ref_marker_pair(b, e, &I, &J) != 0)
        return -1;
    spring_params *sp = malloc(sizeof *sp);
    if (!sp)
        return -1;
    const mbs_units *u = &m->units;
    sp->rotational = rotational;
    sp->I = I;
    sp->J = J;
    /* the dimensions depend on `type`, so the table leaves these as plain numbers */
    sp->k = mbs_spec_real(e, "stiffness") * mbs_units_to_si(u, rotational ? DIM_ROT_STIFFNESS : DIM_STIFFNESS);
    sp->c = mbs_spec_real(e, "damping") * mbs_units_to_si(u, rotational ? DIM_ROT_DAMPING : DIM_DAMPING);
    sp->length = mbs_spec_real(e, "length") * mbs_units_to_si(u, rotational ? DIM_ANGLE : DIM_LENGTH);
    sp->preload = mbs_spec_real(e, "preload") * mbs_units_to_si(u, rotational ? DIM_TORQUE : DIM_FORCE);
    sp->smooth = !rotational && sp->length == 0.0 && sp->preload == 0.0 && sp->c == 0.0;
    int bad = 0;
    if (sp->k < 0)
        bad = mbs_build_error(b, e, "stiffness must be >= 0 (is %g)", mbs_spec_real(e, "stiffness"));
    if (sp->c < 0)
        bad = mbs_build_error(b, e, "damping must be >= 0 (is %g)", mbs_spec_real(e, "damping"));
    if (bad) {
        free(sp);
        return -1;
    }
    mbs_component *c = mbs_add_marker_component(b, e, &OPS, sp, (const int[]){I, J}, 2,
                                                rotational ? OUT_ROTATIONAL : OUT_TRANSLATIONAL,
                                                MBS_COUNT_OF(OUT_TRANSLATIONAL));
    if (!c)
        return -1;
    c->n_disc = rotational ? 1 : sp->smooth ? 0 : N_DISC_TRANSLATIONAL;
    return 0;
}

const mbs_kind mbs_kind_force_spring_damper = {
    "Force_SpringDamper", MBS_FAMILY_FORCE, MBS_IN_MODEL, MBS_STAGE_ELEMENTS, ATTRS, MBS_COUNT_OF(ATTRS),
    "A linear spring-damper between markers I and J (MotionSolve). TRANSLATIONAL: a force along the line "
    "between the origins, F = -k (l - length) - c dl/dt + preload, positive pushing I and J apart. "
    "ROTATIONAL: a torque about J's z axis, T = -k (theta - length) - c dtheta/dt + preload, theta the "
    "rotation of I about J's z (I's and J's z axes should stay parallel, e.g. across a revolute joint). "
    "Outputs: Force, Length, Velocity, PotentialEnergy, Power (of the damper).",
    build,
    "SPDP|SPRINGDAMPER|FORCE",
};
