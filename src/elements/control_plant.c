/* Control_PlantInput and Control_PlantOutput (MotionSolve): the inputs u and
 * the outputs y of the state-space model a linear analysis computes,
 *     dx/dt = A x + B u,   y = C x + D u,
 * each a list of Reference_Variables (variable_id_list) that Param_Linear
 * names with pinput_id and poutput_id. An input variable is one that forces
 * or motions read with VARVAL (the analysis adds its perturbation to what
 * VARVAL reads, mbs_data.var_offset); an output variable is any expression
 * of the state. The two kinds share this file. */
#include "../model/builder.h"
#include "../core/strutil.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among plant inputs, or plant outputs)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages", NULL},
    {"num_element", MBS_ATTR_INT, NULL, DIM_NONE, 0, NULL, "number of variables (checked against the list)", NULL},
    {"variable_id_list", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_REQUIRED, NULL,
     "ids of the Reference_Variables, separated by commas or spaces", NULL},
    {"hold_order", MBS_ATTR_INT, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted (co-simulation), no effect", NULL},
    {"sampling_period", MBS_ATTR_REAL, NULL, DIM_TIME, MBS_IGNORED, NULL, "accepted (co-simulation), no effect", NULL},
    {"offset_time", MBS_ATTR_REAL, NULL, DIM_TIME, MBS_IGNORED, NULL, "accepted (co-simulation), no effect", NULL},
};

/* The ids of variable_id_list; -1 after reporting a malformed list. */
static int parse_ids(mbs_builder *b, const mbs_spec_elem *e, int **ids)
{
    const char *p = mbs_spec_text(e, "variable_id_list");
    int n = 0;
    *ids = NULL;
    while (*p) {
        if (isspace((unsigned char)*p) || *p == ',') {
            p++;
            continue;
        }
        char *end;
        long id = strtol(p, &end, 10);
        if (end == p || id <= 0 || id > 2147483647L || (*end && !isspace((unsigned char)*end) && *end != ',')) {
            free(*ids);
            *ids = NULL;
            return mbs_build_error(b, e, "variable_id_list: '%s' is not a list of ids",
                                   mbs_spec_text(e, "variable_id_list"));
        }
        int *grown = realloc(*ids, (size_t)(n + 1) * sizeof *grown);
        if (!grown) {
            free(*ids);
            *ids = NULL;
            return -1;
        }
        *ids = grown;
        (*ids)[n++] = (int)id;
        p = end;
    }
    if (n == 0)
        return mbs_build_error(b, e, "variable_id_list is empty");
    if (mbs_spec_has(e, "num_element") && mbs_spec_int(e, "num_element") != n) {
        free(*ids);
        *ids = NULL;
        return mbs_build_error(b, e, "num_element is %ld but variable_id_list has %d id%s",
                               mbs_spec_int(e, "num_element"), n, n == 1 ? "" : "s");
    }
    return n;
}

static int build_plant(mbs_builder *b, const mbs_spec_elem *e, int is_output)
{
    int *ids;
    int n = parse_ids(b, e, &ids);
    if (n < 0)
        return -1;
    mbs_plant p = {0};
    p.n_variables = n;
    p.variables = calloc((size_t)n, sizeof *p.variables);
    int bad = !p.variables;
    for (int k = 0; k < n && !bad; k++) {
        int v = mbs_ref_element_id(b, e, "variable_id_list: Reference_Variable", ids[k], MBS_FAMILY_VARIABLE);
        if (v < 0) {
            bad = 1;
            continue;
        }
        p.variables[k] = v;
    }
    free(ids);
    if (bad || mbs_add_plant(b, e, &p, is_output) < 0) {
        free(p.variables);
        return -1;
    }
    return 0;
}

static int build_input(mbs_builder *b, const mbs_spec_elem *e)
{
    return build_plant(b, e, 0);
}

static int build_output(mbs_builder *b, const mbs_spec_elem *e)
{
    return build_plant(b, e, 1);
}

const mbs_kind mbs_kind_control_plant_input = {
    "Control_PlantInput", MBS_FAMILY_PLANT_INPUT, MBS_IN_MODEL, MBS_STAGE_ANALYSES, ATTRS, MBS_COUNT_OF(ATTRS),
    "The inputs u of the state-space model of a linear analysis (Param_Linear pinput_id): Reference_Variables "
    "that forces or motions read with VARVAL(id). Column k of B and D is the response to a unit change of "
    "variable k (added to its value, in the units of the expressions that read it).",
    build_input,
    NULL,
};

const mbs_kind mbs_kind_control_plant_output = {
    "Control_PlantOutput", MBS_FAMILY_PLANT_OUTPUT, MBS_IN_MODEL, MBS_STAGE_ANALYSES, ATTRS, MBS_COUNT_OF(ATTRS),
    "The outputs y of the state-space model of a linear analysis (Param_Linear poutput_id): "
    "Reference_Variables, each any expression of the state (DZ, VX, ACCZ, SFORCE, ...); row k of C and D "
    "gives variable k in the units of its expression.",
    build_output,
    NULL,
};
