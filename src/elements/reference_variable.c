/* Reference_Variable (MotionSolve): a named value that run-time expressions
 * read with VARVAL(id), and that Control_PlantInput / Control_PlantOutput
 * list as the inputs and outputs of a linear analysis' state-space model.
 *
 * Here a variable is one of two things, until the run-time expression
 * language (issue 11) makes it any expression of the state:
 *   an input   expr = f(t), a number or a function of time (model units);
 *              VARVAL(id) in a force's value or a motion's expression reads
 *              f(t) + u, where u is 0 except while a linear analysis
 *              perturbs the input (the B and D matrices);
 *   an output  sensor_id (+ sensor_column): mbsim's extension naming the
 *              sensor column whose value the variable is (the C and D
 *              matrices). */
#include "../model/builder.h"
#include "../model/tfunc.h"
#include "../core/strutil.h"

#include <stdlib.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "variable id (unique among Reference_Variables)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name of the input or output in the results", NULL},
    {"type", MBS_ATTR_KEYWORD, "EXPRESSION", DIM_NONE, 0, "EXPRESSION", "EXPRESSION (user subroutines are not supported)",
     NULL},
    {"expr", MBS_ATTR_EXPR, NULL, DIM_NONE, 0, "t",
     "an input's value: a number or a function of t, in the units of the expressions that read it", NULL},
    {"sensor_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL,
     "mbsim extension: an output, the value of this Sensor or Post_Request (instead of expr)", NULL},
    {"sensor_column", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL,
     "the sensor's column, by name as in the results file (needed when it has several)", NULL},
};

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    int has_expr = mbs_spec_given(e, "expr"), has_sensor = mbs_spec_given(e, "sensor_id");
    if (has_expr == has_sensor)
        return mbs_build_error(b, e, has_expr ? "give expr (an input) or sensor_id (an output), not both"
                                              : "needs expr (an input's value) or sensor_id (an output)");
    if (mbs_spec_given(e, "sensor_column") && !has_sensor)
        return mbs_build_error(b, e, "sensor_column goes with sensor_id");
    mbs_variable v = {0};
    if (has_sensor) {
        v.sensor_id = (int)mbs_spec_int(e, "sensor_id");
        if (!mbs_builder_spec(b, MBS_FAMILY_SENSOR, v.sensor_id))
            return mbs_build_error(b, e, "sensor_id %d does not exist", v.sensor_id);
        const char *column = mbs_spec_text(e, "sensor_column");
        v.sensor_column = column ? mbs_strdup(column) : NULL;
    } else {
        v.value = mbs_build_tfunc_dim(b, e, "expr", DIM_NONE);
        if (!v.value)
            return -1;
        if (v.value->n_varvals > 0) {
            mbs_tfunc_free(v.value);
            return mbs_build_error(b, e, "expr: a variable that reads another one (VARVAL) needs the run-time "
                                         "expression language; here an input is a number or a function of t");
        }
    }
    if (mbs_add_variable(b, e, &v) < 0) {
        mbs_tfunc_free(v.value);
        free(v.sensor_column);
        return -1;
    }
    return 0;
}

const mbs_kind mbs_kind_reference_variable = {
    "Reference_Variable", MBS_FAMILY_VARIABLE, MBS_IN_MODEL, MBS_STAGE_SETTINGS, ATTRS, MBS_COUNT_OF(ATTRS),
    "A value that force and motion expressions read with VARVAL(id), and that Control_PlantInput and "
    "Control_PlantOutput list as the inputs and outputs of a linear analysis. An input has expr, a number "
    "or a function of t; a linear analysis perturbs it to form the B and D matrices. An output names a "
    "sensor column with sensor_id and sensor_column (mbsim's extension until run-time expressions of the "
    "state are supported).",
    build,
};
