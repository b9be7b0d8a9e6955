/* Force_Bushing (MotionSolve; Adams' BUSHING): a linear six-component
 * spring-damper between markers I and J. With x = (DX DY DZ AX AY AZ) and
 * v = (VX VY VZ WX WY WZ) the deflection of I relative to J and its rates
 * in J's axes (marker_spring.c: Adams' projected angles AX AY AZ, the relative
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
 *   rotational springs' power that V does not account for (marker_spring.c).
 * Good for small rotations (Adams: two of the three angles below about 10
 * degrees); AZ may grow without limit. */
#include "marker_spring.h"

#include <stdlib.h>

static const char *const STIFFNESS[6] = {"kx", "ky", "kz", "ktx", "kty", "ktz"};
static const char *const DAMPING[6] = {"cx", "cy", "cz", "ctx", "cty", "ctz"};

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among the elements of this name; another element may share it)", NULL},
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
    MBS_MARKER_SPRING_PRELOAD_ATTRS,
};

typedef struct bushing_params {
    mbs_marker_spring spring; /* first */
    double k[6], c[6], preload[6]; /* SI */
} bushing_params;

static double law(const mbs_marker_spring *s, const double x[6], const double v[6], double load[6], double grad_v[6])
{
    const bushing_params *bp = (const bushing_params *)s;
    double V = 0.0;
    for (int i = 0; i < 6; i++) {
        grad_v[i] = bp->k[i] * x[i] - bp->preload[i];
        load[i] = -grad_v[i] - bp->c[i] * v[i];
        V += 0.5 * bp->k[i] * x[i] * x[i] - bp->preload[i] * x[i];
    }
    return V;
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    int bad = 0, I, J;
    for (int i = 0; i < 6; i++) {
        if (mbs_spec_real(e, STIFFNESS[i]) < 0)
            bad = mbs_build_error(b, e, "%s must be >= 0 (is %s)", STIFFNESS[i], mbs_spec_text(e, STIFFNESS[i]));
        if (mbs_spec_real(e, DAMPING[i]) < 0)
            bad = mbs_build_error(b, e, "%s must be >= 0 (is %s)", DAMPING[i], mbs_spec_text(e, DAMPING[i]));
    }
    if (bad || mbs_marker_spring_markers(b, e, &I, &J) != 0)
        return -1;
    bushing_params *bp = malloc(sizeof *bp);
    if (!bp)
        return -1;
    bp->spring = (mbs_marker_spring){I, J, 0.0, law};
    for (int i = 0; i < 6; i++) {
        bp->k[i] = mbs_spec_real(e, STIFFNESS[i]);
        bp->c[i] = mbs_spec_real(e, DAMPING[i]);
    }
    mbs_marker_spring_preloads(e, bp->preload);
    return mbs_marker_spring_add(b, e, &bp->spring) ? 0 : -1;
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
    "BUSH|FORCE",
};
