/* Force_Bushing (MotionSolve; Adams' BUSHING): a linear six-component
 * spring-damper between markers I and J. With x = (DX DY DZ AX AY AZ) and
 * v = (VX VY VZ WX WY WZ) the deflection of I relative to J and its rates
 * in J's axes (deflection.c: Adams' projected angles AX AY AZ, the relative
 * angular velocity WX WY WZ), k = (kx ky kz ktx kty ktz), c = (cx .. ctz),
 * P = (preload_x .. preload_tz), the load on I, in J's axes, is
 *
 *   F_i = -k_i x_i - c_i v_i + P_i              (i = 1..6: FX FY FZ TX TY TZ)
 *
 * at I's origin; J gets -F at the same point and -T, so the torque on J
 * about its own origin is -T - D x F. A preload is the load at zero
 * deflection and rate (positive along J's axes).
 *   potential energy  V = sum_i (k_i x_i^2 / 2 - P_i x_i)
 *   power of the dampers -sum_i c_i v_i^2, plus the small part of the
 *   rotational springs' power that V does not account for (deflection.c).
 * Good for small rotations (Adams: two of the three angles below about 10
 * degrees); AZ may grow without limit. */
#include "deflection.h"
#include "../core/vec3.h"
#include "../model/builder.h"

#include <stdlib.h>
#include <string.h>

static const char *const STIFFNESS[6] = {"kx", "ky", "kz", "ktx", "kty", "ktz"};
static const char *const DAMPING[6] = {"cx", "cy", "cz", "ctx", "cty", "ctz"};
static const char *const PRELOAD[6] = {"preload_x", "preload_y", "preload_z", "preload_tx", "preload_ty", "preload_tz"};

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "force id (unique among forces)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"i_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "marker where the force acts", NULL},
    {"j_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL,
     "marker where the reaction acts; its axes are the bushing's axes", NULL},
    {"kx", MBS_ATTR_REAL, "0", DIM_STIFFNESS, 0, NULL, "stiffness along J's x, >= 0", NULL},
    {"ky", MBS_ATTR_REAL, "0", DIM_STIFFNESS, 0, NULL, "stiffness along J's y, >= 0", NULL},
    {"kz", MBS_ATTR_REAL, "0", DIM_STIFFNESS, 0, NULL, "stiffness along J's z, >= 0", NULL},
    {"ktx", MBS_ATTR_REAL, "0", DIM_ROT_STIFFNESS, 0, NULL, "torsional stiffness about J's x (per rad), >= 0", NULL},
    {"kty", MBS_ATTR_REAL, "0", DIM_ROT_STIFFNESS, 0, NULL, "torsional stiffness about J's y (per rad), >= 0", NULL},
    {"ktz", MBS_ATTR_REAL, "0", DIM_ROT_STIFFNESS, 0, NULL, "torsional stiffness about J's z (per rad), >= 0", NULL},
    {"cx", MBS_ATTR_REAL, "0", DIM_DAMPING, 0, NULL, "damping along J's x, >= 0", NULL},
    {"cy", MBS_ATTR_REAL, "0", DIM_DAMPING, 0, NULL, "damping along J's y, >= 0", NULL},
    {"cz", MBS_ATTR_REAL, "0", DIM_DAMPING, 0, NULL, "damping along J's z, >= 0", NULL},
    {"ctx", MBS_ATTR_REAL, "0", DIM_ROT_DAMPING, 0, NULL, "torsional damping about J's x (per rad/s), >= 0", NULL},
    {"cty", MBS_ATTR_REAL, "0", DIM_ROT_DAMPING, 0, NULL, "torsional damping about J's y (per rad/s), >= 0", NULL},
    {"ctz", MBS_ATTR_REAL, "0", DIM_ROT_DAMPING, 0, NULL, "torsional damping about J's z (per rad/s), >= 0", NULL},
    {"preload_x", MBS_ATTR_REAL, "0", DIM_FORCE, 0, NULL, "force on I along J's x at zero deflection", NULL},
    {"preload_y", MBS_ATTR_REAL, "0", DIM_FORCE, 0, NULL, "force on I along J's y at zero deflection", NULL},
    {"preload_z", MBS_ATTR_REAL, "0", DIM_FORCE, 0, NULL, "force on I along J's z at zero deflection", NULL},
    {"preload_tx", MBS_ATTR_REAL, "0", DIM_TORQUE, 0, NULL, "torque on I about J's x at zero deflection", NULL},
    {"preload_ty", MBS_ATTR_REAL, "0", DIM_TORQUE, 0, NULL, "torque on I about J's y at zero deflection", NULL},
    {"preload_tz", MBS_ATTR_REAL, "0", DIM_TORQUE, 0, NULL, "torque on I about J's z at zero deflection", NULL},
};

typedef struct bushing_params {
    int I, J;
    double k[6], c[6], preload[6]; /* SI */
} bushing_params;

static void measure(const mbs_component *c, const mbs_eval *ev, mbs_deflection *def)
{
    const bushing_params *bp = c->params;
    mbs_deflection_measure(ev, bp->I, bp->J, mbs_disc(ev, c), def);
}

/* The load on I (J axes) and the gradient of the potential energy. */
static void load_of(const bushing_params *bp, const mbs_deflection *def, double load[6], double grad_v[6])
{
    for (int i = 0; i < 6; i++) {
        grad_v[i] = bp->k[i] * def->x[i] - bp->preload[i];
        load[i] = -grad_v[i] - bp->c[i] * def->v[i];
    }
}

static void eval(const mbs_component *c, mbs_eval *ev)
{
    const bushing_params *bp = c->params;
    mbs_deflection def;
    double load[6], grad_v[6];
    measure(c, ev, &def);
    load_of(bp, &def, load, grad_v);
    mbs_deflection_apply(ev, bp->I, bp->J, &def, load);
}

static double potential_energy(const mbs_component *c, const mbs_eval *ev)
{
    const bushing_params *bp = c->params;
    mbs_deflection def;
    measure(c, ev, &def);
    double V = 0.0;
    for (int i = 0; i < 6; i++)
        V += 0.5 * bp->k[i] * def.x[i] * def.x[i] - bp->preload[i] * def.x[i];
    return V;
}

static double power_nc(const mbs_component *c, const mbs_eval *ev)
{
    mbs_deflection def;
    double load[6], grad_v[6];
    measure(c, ev, &def);
    load_of(c->params, &def, load, grad_v);
    return mbs_deflection_power_nc(&def, load, grad_v);
}

/* The angles' turns follow the motion step by step. */
static void accept_step(const mbs_component *c, mbs_eval *ev)
{
    mbs_deflection def;
    measure(c, ev, &def);
    memcpy(mbs_disc(ev, c), def.x + 3, 3 * sizeof(double));
}

static void init(const mbs_component *c, mbs_eval *ev)
{
    const bushing_params *bp = c->params;
    mbs_deflection_angles(ev, bp->I, bp->J, mbs_disc(ev, c));
}

enum { OUT_FORCE, OUT_TORQUE, OUT_REACTION_FORCE, OUT_REACTION_TORQUE, OUT_DISPLACEMENT, OUT_VELOCITY, OUT_POTENTIAL,
       OUT_POWER };

static void output(const mbs_component *c, const mbs_eval *ev, int which, double *out)
{
    mbs_deflection def;
    double load[6], grad_v[6];
    measure(c, ev, &def);
    load_of(c->params, &def, load, grad_v);
    switch (c->outputs[which].code) {
    case OUT_FORCE: v3_copy(out, load); break;
    case OUT_TORQUE: v3_copy(out, load + 3); break;
    case OUT_REACTION_FORCE: v3_scale(out, load, -1.0); break;
    case OUT_REACTION_TORQUE: mbs_deflection_reaction_torque(&def, load, out); break;
    case OUT_DISPLACEMENT: memcpy(out, def.x, 6 * sizeof *out); break;
    case OUT_VELOCITY: memcpy(out, def.v, 6 * sizeof *out); break;
    case OUT_POTENTIAL: out[0] = potential_energy(c, ev); break;
    case OUT_POWER: out[0] = mbs_deflection_power_nc(&def, load, grad_v); break;
    }
}

static const mbs_dim DISPLACEMENT_DIMS[6] = {DIM_LENGTH, DIM_LENGTH, DIM_LENGTH, DIM_ANGLE, DIM_ANGLE, DIM_ANGLE};
static const mbs_dim VELOCITY_DIMS[6] = {DIM_VELOCITY, DIM_VELOCITY, DIM_VELOCITY,
                                         DIM_ANGULAR_VELOCITY, DIM_ANGULAR_VELOCITY, DIM_ANGULAR_VELOCITY};

static const mbs_output_desc OUTPUTS[] = {
    {"Force", "x y z", DIM_FORCE, NULL, 0, OUT_FORCE},
    {"Torque", "x y z", DIM_TORQUE, NULL, 0, OUT_TORQUE},
    {"ReactionForce", "x y z", DIM_FORCE, NULL, 0, OUT_REACTION_FORCE},
    {"ReactionTorque", "x y z", DIM_TORQUE, NULL, 0, OUT_REACTION_TORQUE},
    {"Displacement", "x y z ax ay az", DIM_NONE, DISPLACEMENT_DIMS, 070, OUT_DISPLACEMENT},
    {"Velocity", "x y z wx wy wz", DIM_NONE, VELOCITY_DIMS, 070, OUT_VELOCITY},
    {"PotentialEnergy", "value", DIM_ENERGY, NULL, 0, OUT_POTENTIAL},
    {"Power", "value", DIM_POWER, NULL, 0, OUT_POWER},
};

static const mbs_component_ops OPS = {
    .eval = eval,
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
    int bad = 0;
    for (int i = 0; i < 6; i++) {
        if (mbs_spec_real(e, STIFFNESS[i]) < 0)
            bad = mbs_build_error(b, e, "%s must be >= 0 (is %s)", STIFFNESS[i], mbs_spec_text(e, STIFFNESS[i]));
        if (mbs_spec_real(e, DAMPING[i]) < 0)
            bad = mbs_build_error(b, e, "%s must be >= 0 (is %s)", DAMPING[i], mbs_spec_text(e, DAMPING[i]));
    }
    int I = mbs_ref_frame_marker(b, e, "i_marker_id"), J = mbs_ref_frame_marker(b, e, "j_marker_id");
    if (I < 0 || J < 0 || bad)
        return -1;
    if (m->markers[I].body == m->markers[J].body)
        return mbs_build_error(b, e, "i_marker_id %ld and j_marker_id %ld are on the same body",
                               mbs_spec_int(e, "i_marker_id"), mbs_spec_int(e, "j_marker_id"));
    bushing_params *bp = malloc(sizeof *bp);
    if (!bp)
        return -1;
    bp->I = I;
    bp->J = J;
    for (int i = 0; i < 6; i++) {
        bp->k[i] = mbs_spec_real(e, STIFFNESS[i]);
        bp->c[i] = mbs_spec_real(e, DAMPING[i]);
        bp->preload[i] = mbs_spec_real(e, PRELOAD[i]);
    }
    mbs_component *c = mbs_add_component(b, e, &OPS, bp);
    if (!c)
        return -1;
    c->n_disc = 3;
    mbs_component_couple_marker(m, c, I);
    mbs_component_couple_marker(m, c, J);
    c->outputs = OUTPUTS;
    c->n_outputs = MBS_COUNT_OF(OUTPUTS);
    return 0;
}

const mbs_kind mbs_kind_force_bushing = {
    "Force_Bushing", MBS_FAMILY_FORCE, MBS_IN_MODEL, MBS_STAGE_ELEMENTS, ATTRS, MBS_COUNT_OF(ATTRS),
    "A linear six-component spring-damper between markers I and J (MotionSolve; Adams' BUSHING), in J's "
    "axes: force F_i = -k_i x_i - c_i v_i + preload_i on I, x = the displacement of I's origin from J's "
    "and Adams' projected angles AX AY AZ of I about J's axes (small rotations), v their rates (the "
    "relative angular velocity for the angles). J gets the opposite force at the same point and the "
    "opposite torque. Outputs: Force, Torque (on I, J axes), ReactionForce, ReactionTorque (on J about "
    "its origin, J axes), Displacement, Velocity, PotentialEnergy, Power (non-conservative). See "
    "docs/compliance.md.",
    build,
};
