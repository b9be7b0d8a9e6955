/* VARIABLE, DIFF, ARRAY, SPLINE, STRING, PINPUT and POUTPUT onto
 * Reference_Variable, Control_Diff, Reference_Array, Reference_Spline,
 * Reference_String, Control_PlantInput and Control_PlantOutput. */
#include "adams_map.h"
#include "../core/strutil.h"

#include <stdio.h>
#include <string.h>

int adm_map_variable(adm_ctx *c, const adm_stmt *s)
{
    mbs_spec_elem *e = adm_function_elem(c, s, "Reference_Variable", 1);
    if (!e)
        return -1;
    if (adm_given(c, "IC"))
        adm_set_num(c, e, "ic", adm_num(c, "IC", 0, 0));
    return 0;
}

int adm_map_diff(adm_ctx *c, const adm_stmt *s)
{
    mbs_spec_elem *e = adm_function_elem(c, s, "Control_Diff", 1);
    if (!e)
        return -1;
    if (adm_given(c, "IC"))
        adm_set_num(c, e, "ic", adm_num(c, "IC", 0, 0));
    if (adm_given(c, "IC") && adm_arg(s, "IC")->n > 1)
        adm_set_num(c, e, "ic_dot", adm_num(c, "IC", 1, 0));
    if (adm_given(c, "IMPLICIT"))
        adm_set(c, e, "is_implicit", "IMPLICIT", "TRUE");
    if (adm_given(c, "STATIC_HOLD"))
        adm_set(c, e, "is_static_hold", "STATIC_HOLD", "TRUE");
    return 0;
}

/* Numbers as a space-separated text (a Reference_* element's content). */
static void numbers_text(const adm_val *v, mbs_buf *b, int pairs_with, const adm_val *w)
{
    mbs_buf_append(b, "");
    for (int k = 0; k < v->n; k++) {
        mbs_buf_appendf(b, "%s%.17g", k ? " " : "", v->num[k]);
        if (pairs_with)
            mbs_buf_appendf(b, " %.17g", w->num[k]);
    }
}

int adm_map_array(adm_ctx *c, const adm_stmt *s)
{
    int type = adm_choice(c, "IC|U|X|Y");
    if (type < 0)
        type = 0; /* Adams: an array without a type holds numbers (IC) */
    static const char *const TYPES[] = {"IC", "U", "X", "Y"};
    if (type == 0 && adm_given(c, "VARIABLES"))
        return adm_error(c, "VARIABLES", "VARIABLES is for U arrays");
    if (type == 1 && adm_given(c, "NUMBERS"))
        return adm_error(c, "NUMBERS", "NUMBERS is for IC arrays");
    if (type == 1 && adm_check_refs(c, "VARIABLES", "VARIABLE") != 0)
        return -1;
    mbs_spec_elem *e = adm_elem(c, "Reference_Array", s->id);
    if (!e)
        return -1;
    adm_set(c, e, "type", NULL, TYPES[type]);
    if (adm_given(c, "SIZE"))
        adm_set_int(c, e, "num_element", adm_id(c, "SIZE", 0));
    if (adm_given(c, "NUMBERS")) {
        mbs_buf b;
        mbs_buf_init(&b);
        numbers_text(adm_arg(s, "NUMBERS"), &b, 0, NULL);
        adm_set(c, e, "numbers", "NUMBERS", b.data);
        mbs_buf_free(&b);
    }
    if (adm_given(c, "VARIABLES")) {
        mbs_buf b;
        mbs_buf_init(&b);
        numbers_text(adm_arg(s, "VARIABLES"), &b, 0, NULL);
        adm_set(c, e, "variable_id", "VARIABLES", b.data);
        mbs_buf_free(&b);
    }
    return 0;
}

int adm_map_spline(adm_ctx *c, const adm_stmt *s)
{
    if (adm_given(c, "FILE") || adm_given(c, "BLOCK") || adm_given(c, "CHANNEL"))
        return adm_error(c, adm_given(c, "FILE") ? "FILE" : "BLOCK",
                         "data read from a file is not supported: give X and Y");
    if (adm_given(c, "Z"))
        return adm_error(c, "Z", "spline surfaces (Z) are not supported, only curves y(x)");
    if (!adm_given(c, "X") || !adm_given(c, "Y"))
        return adm_error(c, NULL, "X and Y are needed");
    const adm_val *x = adm_arg(s, "X"), *y = adm_arg(s, "Y");
    if (x->n != y->n)
        return adm_error(c, "Y", "Y has %d values for %d of X", y->n, x->n);
    mbs_spec_elem *e = adm_elem(c, "Reference_Spline", s->id);
    if (!e)
        return -1;
    mbs_buf b;
    mbs_buf_init(&b);
    numbers_text(x, &b, 1, y);
    adm_set(c, e, "points", "X", b.data);
    mbs_buf_free(&b);
    if (adm_given(c, "LINEAR_EXTRAPOLATE"))
        adm_set(c, e, "linear_extrap", "LINEAR_EXTRAPOLATE", "TRUE");
    return 0;
}

int adm_map_string(adm_ctx *c, const adm_stmt *s)
{
    mbs_spec_elem *e = adm_elem(c, "Reference_String", s->id);
    if (!e)
        return -1;
    adm_set(c, e, "string", "STRING", adm_given(c, "STRING") ? adm_text(c, "STRING") : "");
    return 0;
}

/* MATRIX: FULL = RORDER | CORDER with ROWS x COLUMNS VALUES, or SPARSE with
 * the entries' I, J and VALUES. */
int adm_map_matrix(adm_ctx *c, const adm_stmt *s)
{
    if (adm_given(c, "FILE") || adm_given(c, "NAME"))
        return adm_error(c, adm_given(c, "FILE") ? "FILE" : "NAME", "a matrix read from a file is not supported: give "
                                                                     "its VALUES");
    if (!adm_given(c, "ROWS") || !adm_given(c, "COLUMNS") || !adm_given(c, "VALUES"))
        return adm_error(c, NULL, "ROWS, COLUMNS and VALUES are needed");
    int sparse = adm_given(c, "SPARSE");
    if (sparse && adm_given(c, "FULL"))
        return adm_error(c, "FULL", "FULL and SPARSE exclude each other");
    const adm_val *v = adm_arg(s, "VALUES"), *i = adm_arg(s, "I"), *j = adm_arg(s, "J");
    const char *full = adm_given(c, "FULL") ? adm_text(c, "FULL") : "CORDER";
    if (sparse && (!i || !j || i->n != v->n || j->n != v->n))
        return adm_error(c, "SPARSE", "a SPARSE matrix needs I, J and VALUES of one length");
    if (!sparse && (i || j))
        return adm_error(c, i ? "I" : "J", "I and J are for SPARSE matrices");
    if (!sparse && strcmp(full, "RORDER") != 0 && strcmp(full, "CORDER") != 0)
        return adm_error(c, "FULL", "FULL = %s: RORDER or CORDER", full);
    mbs_buf b;
    mbs_buf_init(&b);
    mbs_buf_append(&b, "");
    if (sparse)
        for (int k = 0; k < v->n; k++)
            mbs_buf_appendf(&b, "%s%d %d %.17g", k ? " " : "", (int)i->num[k], (int)j->num[k], v->num[k]);
    else
        numbers_text(v, &b, 0, NULL);
    mbs_spec_elem *e = adm_elem(c, "Reference_Matrix", s->id);
    if (e) {
        adm_set_int(c, e, "nrow", adm_id(c, "ROWS", 0));
        adm_set_int(c, e, "ncol", adm_id(c, "COLUMNS", 0));
        if (sparse) {
            adm_set(c, e, "issparse", "SPARSE", "TRUE");
            adm_set_int(c, e, "nval", v->n);
        } else if (adm_given(c, "FULL") && strcmp(adm_text(c, "FULL"), "RORDER") == 0) {
            adm_set(c, e, "isroworder", "FULL", "TRUE");
        }
        adm_set(c, e, "values", "VALUES", b.data);
    }
    mbs_buf_free(&b);
    return e ? 0 : -1;
}

/* The arrays X, U, Y (and IC: an LSE and a GSE have one, a TFSISO not) of an
 * LSE, GSE or TFSISO. */
static int state_arrays(adm_ctx *c, mbs_spec_elem *e)
{
    static const char *const ARG[] = {"X", "U", "Y", "IC"};
    static const char *const ATTR[] = {"x_array_id", "u_array_id", "y_array_id", "ic_array_id"};
    for (int k = 0; k < 4; k++)
        if (adm_declares(c, ARG[k]) && adm_given(c, ARG[k]))
            adm_set_int(c, e, ATTR[k], adm_id(c, ARG[k], 0));
    if (adm_given(c, "STATIC_HOLD"))
        adm_set(c, e, "is_static_hold", "STATIC_HOLD", "TRUE");
    return 0;
}

static int check_arrays(adm_ctx *c)
{
    int bad = 0;
    static const char *const ARG[] = {"X", "U", "Y", "IC"};
    for (int k = 0; k < 4; k++)
        if (adm_declares(c, ARG[k]) && adm_check_refs(c, ARG[k], "ARRAY") != 0)
            bad = -1;
    if (!adm_given(c, "X"))
        bad = adm_error(c, NULL, "X (the ARRAY of the states) is needed");
    return bad;
}

/* LSE: x' = A x + B u, y = C x + D u, the matrices MATRIX statements. */
int adm_map_lse(adm_ctx *c, const adm_stmt *s)
{
    static const char *const M[] = {"A", "B", "C", "D"};
    static const char *const ATTR[] = {"a_matrix_id", "b_matrix_id", "c_matrix_id", "d_matrix_id"};
    int bad = check_arrays(c);
    for (int k = 0; k < 4; k++)
        if (adm_check_refs(c, M[k], "MATRIX") != 0)
            bad = -1;
    if (!adm_given(c, "A"))
        bad = adm_error(c, NULL, "A is needed");
    if (bad)
        return -1;
    mbs_spec_elem *e = adm_elem(c, "Control_StateEqn", s->id);
    if (!e)
        return -1;
    adm_set(c, e, "type", NULL, "LINEAR");
    for (int k = 0; k < 4; k++)
        if (adm_given(c, M[k]))
            adm_set_int(c, e, ATTR[k], adm_id(c, M[k], 0));
    return state_arrays(c, e);
}

/* GSE: x' = f(x, u), y = g(x, u) of NS states and NO outputs, given by the
 * user subroutine GSESUB (FUNCTION = USER(...), ROUTINE): the arrays X, U, Y
 * and IC as an LSE's. Discrete states (ND, XD, ICD, SAMPLE_PERIOD) and
 * IMPLICIT are refused. */
int adm_map_gse(adm_ctx *c, const adm_stmt *s)
{
    static const char *const REFUSED[] = {"ND", "XD", "ICD", "SAMPLE_PERIOD", "IMPLICIT"};
    for (int k = 0; k < 5; k++)
        if (adm_given(c, REFUSED[k]) && (strcmp(REFUSED[k], "ND") != 0 || adm_num(c, "ND", 0, 0) != 0))
            return adm_error(c, REFUSED[k], "%s: discrete and implicit states of a GSE are not supported (only "
                                            "continuous ones, NS)",
                             REFUSED[k]);
    if (!adm_given(c, "FUNCTION"))
        return adm_error(c, NULL, "FUNCTION = USER(...) is needed (a GSE is a user subroutine's)");
    if (!adm_is_user(c, "FUNCTION"))
        return adm_error(c, "FUNCTION", "a GSE's FUNCTION is USER(...), the parameters of its user subroutine");
    int bad = 0;
    static const char *const ARG[] = {"X", "U", "Y", "IC"};
    for (int k = 0; k < 4; k++)
        if (adm_check_refs(c, ARG[k], "ARRAY") != 0)
            bad = -1;
    if (!adm_given(c, "NS"))
        bad = adm_error(c, NULL, "NS (the number of states) is needed");
    if (adm_num(c, "NS", 0, 0) > 0 && !adm_given(c, "X"))
        bad = adm_error(c, NULL, "X (the ARRAY of the states) is needed");
    if (adm_num(c, "NO", 0, 0) > 0 && !adm_given(c, "Y"))
        bad = adm_error(c, NULL, "Y (the ARRAY of the outputs) is needed");
    if (bad)
        return -1;
    mbs_spec_elem *e = adm_elem(c, "Control_StateEqn", s->id);
    if (!e)
        return -1;
    adm_set(c, e, "type", NULL, "USERSUB");
    adm_set_num(c, e, "num_state", adm_num(c, "NS", 0, 0));
    adm_set_num(c, e, "num_output", adm_num(c, "NO", 0, 0));
    adm_set_user(c, e, "FUNCTION");
    return state_arrays(c, e);
}

/* TFSISO: Y(s) / U(s) = (b0 + b1 s + ...) / (a0 + a1 s + ...), coefficients in
 * ascending powers of s, as Adams and Control_SISO write them. */
int adm_map_tfsiso(adm_ctx *c, const adm_stmt *s)
{
    int bad = check_arrays(c);
    if (!adm_given(c, "NUMERATOR") || !adm_given(c, "DENOMINATOR"))
        bad = adm_error(c, NULL, "NUMERATOR and DENOMINATOR are needed");
    if (bad)
        return -1;
    mbs_spec_elem *e = adm_elem(c, "Control_SISO", s->id);
    if (!e)
        return -1;
    mbs_buf b;
    mbs_buf_init(&b);
    numbers_text(adm_arg(s, "NUMERATOR"), &b, 0, NULL);
    adm_set(c, e, "numerator_coef", "NUMERATOR", b.data);
    mbs_buf_free(&b);
    mbs_buf_init(&b);
    numbers_text(adm_arg(s, "DENOMINATOR"), &b, 0, NULL);
    adm_set(c, e, "denominator_coef", "DENOMINATOR", b.data);
    mbs_buf_free(&b);
    return state_arrays(c, e);
}

int adm_map_plant(adm_ctx *c, const adm_stmt *s)
{
    if (!adm_given(c, "VARIABLES"))
        return adm_error(c, NULL, "VARIABLES is needed");
    if (adm_check_refs(c, "VARIABLES", "VARIABLE") != 0)
        return -1;
    int input = strcmp(s->def->name, "PINPUT") == 0;
    mbs_spec_elem *e = adm_elem(c, input ? "Control_PlantInput" : "Control_PlantOutput", s->id);
    if (!e)
        return -1;
    mbs_buf b;
    mbs_buf_init(&b);
    numbers_text(adm_arg(s, "VARIABLES"), &b, 0, NULL);
    adm_set(c, e, "variable_id_list", "VARIABLES", b.data);
    mbs_buf_free(&b);
    return 0;
}
