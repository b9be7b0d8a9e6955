/* Param_Unit (MotionSolve): the model's units. The reader applies them
 * before any value is read (io/model_reader.c): every attribute is converted
 * from these units to SI, and results are written back in them. */
#include "../model/builder.h"

#include <math.h>

static const char *force_names(void) { return mbs_unit_names(MBS_UNIT_FORCE); }
static const char *mass_names(void) { return mbs_unit_names(MBS_UNIT_MASS); }
static const char *length_names(void) { return mbs_unit_names(MBS_UNIT_LENGTH); }
static const char *time_names(void) { return mbs_unit_names(MBS_UNIT_TIME); }

static const mbs_attr ATTRS[] = {
    {"force_unit", MBS_ATTR_KEYWORD, "NEWTON", DIM_NONE, 0, NULL, "unit of force", force_names},
    {"mass_unit", MBS_ATTR_KEYWORD, "KILOGRAM", DIM_NONE, 0, NULL, "unit of mass", mass_names},
    {"length_unit", MBS_ATTR_KEYWORD, "METER", DIM_NONE, 0, NULL, "unit of length", length_names},
    {"time_unit", MBS_ATTR_KEYWORD, "SECOND", DIM_NONE, 0, NULL, "unit of time", time_names},
    {"mass_mult_factor", MBS_ATTR_REAL, "1", DIM_NONE, 0, NULL,
     "MotionSolve's consistency factor; only 1 is supported (units are converted exactly instead)", NULL},
};

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    double f = mbs_spec_real(e, "mass_mult_factor");
    if (fabs(f - 1.0) > 1e-12)
        return mbs_build_error(b, e,
                               "mass_mult_factor=%g is not supported: name the units with force_unit, mass_unit, "
                               "length_unit and time_unit instead (mbsim converts them exactly)", f);
    return 0;
}

const mbs_kind mbs_kind_param_unit = {
    "Param_Unit", MBS_FAMILY_NONE, MBS_IN_MODEL, MBS_STAGE_SETTINGS, ATTRS, MBS_COUNT_OF(ATTRS),
    "The model's units (default SI). Force is an independent unit, as in MotionSolve, so inconsistent "
    "sets such as newton-kilogram-millimetre-second are fine: every value is converted to SI on load and "
    "results are written back in these units, with the unit of every column named.",
    build,
    NULL,
};
