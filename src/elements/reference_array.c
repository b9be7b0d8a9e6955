/* Reference_Array (MotionSolve): a list that expressions read with
 * ARYVAL(id, n) (n from 1). Type IC holds numbers (the element's text);
 * type U names Reference_Variables (variable_id), and ARYVAL then reads the
 * n-th variable's value; types X and Y (states and outputs of control
 * elements mbsim does not have) are kept for what refers to them. */
#include "../core/strutil.h"
#include "../model/builder.h"

#include <stdlib.h>
#include <string.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among Reference_Arrays)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages", NULL},
    {"type", MBS_ATTR_KEYWORD, "IC", DIM_NONE, 0, "IC|U|X|Y", "IC: numbers; U: Reference_Variables", NULL},
    {"num_element", MBS_ATTR_INT, NULL, DIM_NONE, 0, NULL, "how many elements (checked against the list)", NULL},
    {"variable_id", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "U: the Reference_Variable ids, separated by spaces or commas", NULL},
    {"numbers", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_CONTENT, NULL,
     "IC: the numbers, separated by white space or commas", NULL},
};

/* The numbers of a list; -1 (reason reported) when one is not a number. */
static int parse_list(mbs_builder *b, const mbs_spec_elem *e, const char *what, const char *text, double **out, int *n)
{
    char bad[64];
    int rc = mbs_parse_numbers(text, out, n, bad, sizeof bad);
    if (rc == -2)
        return mbs_build_error(b, e, "%s: '%s' is not a number", what, bad);
    return rc;
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    mbs_model *m = mbs_builder_model(b);
    mbs_array a;
    memset(&a, 0, sizeof a);
    a.id = e->id;
    a.type = (mbs_array_type)mbs_spec_keyword(e, "type");
    double *values = NULL;
    int n = 0;
    if (a.type == MBS_ARRAY_U) {
        if (!mbs_spec_has(e, "variable_id"))
            return mbs_build_error(b, e, "type U needs variable_id (the Reference_Variables it lists)");
        if (parse_list(b, e, "variable_id", mbs_spec_text(e, "variable_id"), &values, &n) != 0)
            return -1;
        a.variables = malloc(((size_t)n + 1) * sizeof *a.variables);
        for (int i = 0; a.variables && i < n; i++) {
            int c = mbs_builder_index(b, MBS_FAMILY_VARIABLE, (int)values[i]);
            if (c == -1)
                mbs_build_error(b, e, "variable_id %g does not exist", values[i]);
            if (c < 0) {
                free(values);
                free(a.variables);
                return -1;
            }
            a.variables[i] = c;
        }
    } else if (parse_list(b, e, "numbers", mbs_spec_text(e, "numbers"), &values, &n) != 0) {
        return -1;
    }
    if (mbs_spec_has(e, "num_element") && mbs_spec_int(e, "num_element") != n) {
        free(values);
        free(a.variables);
        return mbs_build_error(b, e, "num_element is %ld but %d %s given", mbs_spec_int(e, "num_element"), n,
                               n == 1 ? "is" : "are");
    }
    a.n = n;
    if (a.type == MBS_ARRAY_U)
        free(values);
    else
        a.values = values;
    a.label = mbs_strdup(e->label);
    mbs_array *grown = realloc(m->arrays, (size_t)(m->n_arrays + 1) * sizeof *grown);
    if (!grown) {
        free(a.values);
        free(a.variables);
        free(a.label);
        return -1;
    }
    m->arrays = grown;
    m->arrays[m->n_arrays] = a;
    return mbs_builder_set_index(b, e, m->n_arrays++);
}

const mbs_kind mbs_kind_reference_array = {
    "Reference_Array", MBS_FAMILY_ARRAY, MBS_IN_MODEL, MBS_STAGE_DATA, ATTRS, MBS_COUNT_OF(ATTRS),
    "A list that expressions read with ARYVAL(id, n), n from 1: type IC holds numbers (the element's text); "
    "type U lists Reference_Variables (variable_id), whose values ARYVAL then reads. Types X and Y (states "
    "and outputs of control elements) are kept for what refers to them.",
    build,
    NULL,
};
