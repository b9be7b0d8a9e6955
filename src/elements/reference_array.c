/* Reference_Array (MotionSolve): a list that expressions read with
 * ARYVAL(id, n) (n from 1), of one of four types:
 *   IC  numbers, the element's text (initial conditions of a state equation);
 *   U   Reference_Variables, by their ids: the element's text as MotionView
 *       writes it (rows of ids), or variable_id; ARYVAL reads the n-th
 *       variable's value (the inputs u of a state equation);
 *   X   the states x of the Control_StateEqn or Control_SISO that names it,
 *   Y   its outputs y: no values in the file (the solver fills them), as
 *       many as the state equation has (MotionView writes num_element="1"
 *       on them whatever the size: it is not checked); ARYVAL reads the
 *       n-th state or output.
 * Which element fills an X or Y array is recorded by that element when it is
 * built (mbs_array.comp); ARYVAL of one that none fills is an error.
 *
 * A type U array may instead be given by a user subroutine, ARYSUB
 * (usrsub_*), whose num_element values it computes: they are algebraic
 * states of the array's own component, v_k = ARYSUB_k (the values of n
 * Reference_Variables given by VARSUB, one routine call for all), which
 * ARYVAL and a state equation's inputs read (mbs_array.comp); the routine
 * declares what it reads in its iflag call, and the component is coupled
 * with that as any routine's element is. */
#include "usersub.h"
#include "../core/strutil.h"
#include "../model/builder.h"
#include "../solver/eval/eval.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among Reference_Arrays)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages", NULL},
    {"type", MBS_ATTR_KEYWORD, "IC", DIM_NONE, 0, "IC|U|X|Y",
     "IC: numbers; U: Reference_Variables; X, Y: the states and outputs of the state equation that names it",
     NULL},
    {"num_element", MBS_ATTR_INT, NULL, DIM_NONE, 0, NULL,
     "how many elements: checked against the list for IC and U; for X and Y the state equation's sizes "
     "count (MotionView writes 1 whatever they are)", NULL},
    {"variable_id", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL,
     "U: the Reference_Variable ids, separated by spaces or commas (or give them as the element's text)", NULL},
    {"numbers", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_CONTENT, NULL,
     "IC: the numbers; U: the Reference_Variable ids; separated by white space, new lines or commas", NULL},
    MBS_USERSUB_ATTRS,
};

static const char *const TYPE_NAMES[] = {"IC", "U", "X", "Y"};

/* U: the Reference_Variables named by ids v[0 .. n), as component indices
 * in a->variables; -1 after reporting. */
static int resolve_variables(mbs_builder *b, const mbs_spec_elem *e, const double *v, int n, mbs_array *a)
{
    a->variables = malloc(((size_t)n + 1) * sizeof *a->variables);
    if (!a->variables)
        return -1;
    for (int i = 0; i < n; i++) {
        if (v[i] != floor(v[i]) || v[i] < 1 || v[i] > 2147483647.0)
            return mbs_build_error(b, e, "the Reference_Variable id %.17g is not a positive whole number", v[i]);
        int c = mbs_builder_index(b, MBS_FAMILY_VARIABLE, (int)v[i]);
        if (c == -1)
            return mbs_build_error(b, e, "Reference_Variable %.0f does not exist", v[i]);
        if (c < 0)
            return -1; /* it reported its own error */
        a->variables[i] = c;
    }
    return 0;
}

/* The list of a, from the text (or variable_id); -1 after reporting. */
static int read_list(mbs_builder *b, const mbs_spec_elem *e, mbs_array *a)
{
    int has_text = mbs_spec_has(e, "numbers"), has_ids = mbs_spec_has(e, "variable_id");
    if (a->type == MBS_ARRAY_X || a->type == MBS_ARRAY_Y) {
        if (has_text || has_ids)
            return mbs_build_error(b, e, "type %s holds no values in the file (the state equation that names it "
                                         "fills it): remove the element's text",
                                   TYPE_NAMES[a->type]);
        a->n = 0; /* the state equation that names it sets its size */
        return 0;
    }
    if (a->type == MBS_ARRAY_IC && has_ids)
        return mbs_build_error(b, e, "variable_id belongs to type U; type IC holds numbers (the element's text)");
    if (a->type == MBS_ARRAY_U && has_text && has_ids)
        return mbs_build_error(b, e, "give the Reference_Variable ids once: as the element's text or as variable_id");
    if (a->type == MBS_ARRAY_U && !has_text && !has_ids)
        return mbs_build_error(b, e, "type U needs the ids of its Reference_Variables (the element's text or "
                                     "variable_id)");
    const char *attr = has_ids ? "variable_id" : "numbers";
    double *v = NULL;
    if (mbs_build_numbers(b, e, attr, &v, &a->n) != 0)
        return -1;
    if (mbs_spec_has(e, "num_element") && mbs_spec_int(e, "num_element") != a->n) {
        free(v);
        return mbs_build_error(b, e, "num_element is %ld but %d %s given", mbs_spec_int(e, "num_element"), a->n,
                               a->n == 1 ? "is" : "are");
    }
    if (a->type == MBS_ARRAY_IC) {
        a->values = v;
        return 0;
    }
    int rc = resolve_variables(b, e, v, a->n, a);
    free(v);
    return rc;
}

/* ---- a user subroutine's array (ARYSUB) ---- */

typedef struct routine_array {
    mbs_tfunc *value[MBS_TFUNC_USER_MAX]; /* the routine's outputs */
    int n;
    unsigned char form[MBS_TFUNC_USER_MAX]; /* every state algebraic */
} routine_array;

/* v_k - ARYSUB_k = 0 (one call of the routine for all k). */
static void residual(const mbs_component *c, const mbs_eval *ev, double *res)
{
    const routine_array *p = c->params;
    double v[MBS_TFUNC_USER_MAX];
    mbs_eval_tfuncs(ev, p->value, p->n, v);
    for (int k = 0; k < p->n; k++)
        res[k] = mbs_state(ev, c, k) - v[k];
}

static void eval(const mbs_component *c, mbs_eval *ev)
{
    const routine_array *p = c->params;
    double res[MBS_TFUNC_USER_MAX];
    residual(c, ev, res);
    for (int k = 0; k < p->n; k++)
        mbs_set_state_residual(ev, c, k, res[k]);
}

static int static_residual(const mbs_component *c, const mbs_eval *ev, double *res)
{
    residual(c, ev, res);
    return 0;
}

static void initial_states(const mbs_component *c, double *z)
{
    const routine_array *p = c->params;
    for (int k = 0; k < p->n; k++)
        z[k] = 0.0; /* the consistent start solves them */
}

static void free_routine_array(void *params)
{
    routine_array *p = params;
    for (int k = 0; p && k < p->n; k++)
        mbs_tfunc_free(p->value[k]);
    free(p);
}

static const mbs_component_ops ROUTINE_OPS = {
    .eval = eval,
    .static_residual = static_residual,
    .initial_states = initial_states,
    .free_params = free_routine_array,
};

/* a's values by e's routine: its component (a->comp); -1 after reporting. */
static int routine_values(mbs_builder *b, const mbs_spec_elem *e, mbs_array *a)
{
    if (a->type != MBS_ARRAY_U)
        return mbs_build_error(b, e, "a user subroutine (ARYSUB) gives the values of a type U array, not of type %s",
                               TYPE_NAMES[a->type]);
    if (mbs_spec_has(e, "numbers") || mbs_spec_has(e, "variable_id"))
        return mbs_build_error(b, e, "its values are its user subroutine's (ARYSUB): remove the Reference_Variable "
                                     "ids");
    long n = mbs_spec_has(e, "num_element") ? mbs_spec_int(e, "num_element") : 0;
    if (n < 1 || n > MBS_TFUNC_USER_MAX)
        return mbs_build_error(b, e, "an array of a user subroutine (ARYSUB) needs num_element, how many values it "
                                     "gives: 1 to %d",
                               MBS_TFUNC_USER_MAX);
    routine_array *p = calloc(1, sizeof *p);
    if (!p)
        return -1;
    mbs_dim dims[MBS_TFUNC_USER_MAX];
    for (int k = 0; k < n; k++) {
        dims[k] = DIM_NONE;
        p->form[k] = MBS_STATE_ALGEBRAIC;
    }
    if (mbs_usersub_build(b, e, "ARYSUB", MBS_USER_ARRAY, (int)n, dims, p->value) != 0) {
        free(p);
        return -1;
    }
    p->n = (int)n;
    mbs_component *c = mbs_add_component(b, e, &ROUTINE_OPS, p);
    if (!c)
        return -1;
    c->n_states = p->n;
    c->state_form = p->form;
    a->n = p->n;
    a->comp = (int)(c - mbs_builder_model(b)->comps);
    return 0;
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    int user = mbs_usersub_asked(b, e);
    if (user < 0)
        return -1;
    mbs_model *m = mbs_builder_model(b);
    mbs_array a;
    memset(&a, 0, sizeof a);
    a.id = e->id;
    a.type = (mbs_array_type)mbs_spec_keyword(e, "type");
    a.comp = -1;
    a.label = mbs_strdup(e->label);
    int rc = user ? routine_values(b, e, &a) : read_list(b, e, &a);
    mbs_array *grown = rc == 0 ? realloc(m->arrays, (size_t)(m->n_arrays + 1) * sizeof *grown) : NULL;
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
    "A list that expressions read with ARYVAL(id, n), n from 1. Type IC holds numbers (the element's text); "
    "type U lists Reference_Variables by their ids (the element's text, as MotionView writes it, or "
    "variable_id), whose values ARYVAL then reads; types X and Y hold the states and outputs of the "
    "Control_StateEqn or Control_SISO that names the array (no values in the file, as many as it has: "
    "num_element is not checked), which ARYVAL reads as the run goes. A type U array may be given by a user "
    "subroutine ARYSUB (usrsub_*) instead: its num_element values, solved with the rest of the equations as "
    "variables are.",
    build,
    NULL,
};
