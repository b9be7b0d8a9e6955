/* VARIABLE, DIFF, ARRAY, SPLINE, STRING, PINPUT and POUTPUT onto
 * Reference_Variable, Control_Diff, Reference_Array, Reference_Spline,
 * Reference_String, Control_PlantInput and Control_PlantOutput. */
#include "adams_map.h"
#include "../core/strutil.h"

#include <stdio.h>
#include <string.h>

int adm_map_variable(adm_ctx *c, const adm_stmt *s)
{
    if (!adm_given(c, "FUNCTION"))
        return adm_error(c, NULL, "FUNCTION is needed");
    const char *f = adm_expression(c, "FUNCTION");
    if (!f)
        return -1;
    adm_note_unused(c, "ROUTINE", "no USER function names it");
    mbs_spec_elem *e = adm_elem(c, "Reference_Variable", s->id);
    if (!e)
        return -1;
    adm_set(c, e, "expr", "FUNCTION", f);
    if (adm_given(c, "IC"))
        adm_set_num(c, e, "ic", adm_num(c, "IC", 0, 0));
    return 0;
}

int adm_map_diff(adm_ctx *c, const adm_stmt *s)
{
    if (!adm_given(c, "FUNCTION"))
        return adm_error(c, NULL, "FUNCTION is needed");
    const char *f = adm_expression(c, "FUNCTION");
    if (!f)
        return -1;
    adm_note_unused(c, "ROUTINE", "no USER function names it");
    mbs_spec_elem *e = adm_elem(c, "Control_Diff", s->id);
    if (!e)
        return -1;
    adm_set(c, e, "expr", "FUNCTION", f);
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
