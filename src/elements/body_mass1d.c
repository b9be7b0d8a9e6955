/* Body_Mass1D (mbsim extension, Exudyn's Mass1D): one scalar coordinate s
 * with a mass (or a rotational inertia): m d2s/dt2 = F, with F the sum of
 * generalised forces on it. Reached through Marker_Coordinate only; the
 * coordinate's value is s itself (its reference value is 0). */
#include "../model/builder.h"

#include <string.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among the elements of this name; another element may share it)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"type", MBS_ATTR_KEYWORD, "TRANSLATIONAL", DIM_NONE, 0, "TRANSLATIONAL|ROTATIONAL",
     "TRANSLATIONAL: s is a length and mass a mass; ROTATIONAL: s is an angle and mass an inertia", NULL},
    {"mass", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_REQUIRED, NULL, "mass (kg) or inertia (kg m^2), > 0, model units", NULL},
    {"q_ic", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL, "initial coordinate (length, or angle in rad)", NULL},
    {"v_ic", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL, "initial rate (length/time, or rad/time)", NULL},
};

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    const mbs_model *m = mbs_builder_model(b);
    int rotational = mbs_spec_keyword(e, "type") == 1;
    /* these dimensions depend on `type`, so the table leaves them as plain numbers */
    mbs_dim mass_dim = rotational ? DIM_INERTIA : DIM_MASS;
    mbs_dim q_dim = rotational ? DIM_ANGLE : DIM_LENGTH;
    mbs_dim v_dim = rotational ? DIM_ANGULAR_VELOCITY : DIM_VELOCITY;
    mbs_body body;
    memset(&body, 0, sizeof body);
    body.type = MBS_BODY_MASS1D;
    body.nq = body.nu = 1;
    body.p0[0] = 1.0;
    body.mass = mbs_spec_real(e, "mass") * mbs_units_to_si(&m->units, mass_dim);
    if (!(body.mass > 0))
        return mbs_build_error(b, e, "mass must be > 0 (is %g)", mbs_spec_real(e, "mass"));
    body.r0[0] = mbs_spec_real(e, "q_ic") * mbs_units_to_si(&m->units, q_dim);
    body.v0[0] = mbs_spec_real(e, "v_ic") * mbs_units_to_si(&m->units, v_dim);
    body.rotational = rotational;
    return mbs_add_body(b, e, &body) < 0 ? -1 : 0;
}

const mbs_kind mbs_kind_body_mass1d = {
    "Body_Mass1D", MBS_FAMILY_BODY, MBS_IN_MODEL, MBS_STAGE_BODIES, ATTRS, MBS_COUNT_OF(ATTRS),
    "One scalar coordinate with a mass or a rotational inertia (mbsim extension, as Exudyn's Mass1D). "
    "Connect it through Marker_Coordinate (coordinate 0).",
    build,
    NULL,
};
