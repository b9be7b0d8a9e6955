/* An attribute's text turned into its typed value, for both readers. */
#include "spec_values.h"
#include "../core/strutil.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int mbs_spec_eval_constant(const mbs_scope *params, const char *text, double *out, char *err, size_t errsize)
{
    mbs_expr *e = mbs_expr_compile(text, params, err, errsize);
    if (!e)
        return -1;
    double v = mbs_expr_eval(e, NULL);
    mbs_expr_free(e);
    if (!isfinite(v)) {
        snprintf(err, errsize, "'%s' does not evaluate to a finite number (it gives %g)", text, v);
        return -1;
    }
    *out = v;
    return 0;
}

int mbs_spec_parse_value(const mbs_units *u, const mbs_scope *params, const mbs_attr *a, const char *text,
                         mbs_value *v, char *err, size_t errsize)
{
    free(v->text);
    v->text = mbs_strdup(text);
    switch (a->type) {
    case MBS_ATTR_REAL: {
        double x;
        if (mbs_spec_eval_constant(params, text, &x, err, errsize) != 0)
            return -1;
        v->real = x * mbs_units_to_si(u, a->dim);
        return 0;
    }
    case MBS_ATTR_INT: {
        /* a number or an expression, like any numeric attribute, whose value is a whole number */
        double x;
        if (mbs_spec_eval_constant(params, text, &x, err, errsize) != 0)
            return -1;
        if (fabs(x) > INT_MAX || x != floor(x)) {
            double plain;
            char gives[64] = "";
            if (mbs_parse_double(text, &plain) != 0) /* an expression: say what it came to */
                snprintf(gives, sizeof gives, " (it gives %.10g)", x);
            snprintf(err, errsize, "'%s' is %s%s", text, fabs(x) > INT_MAX ? "out of range" : "not an integer", gives);
            return -1;
        }
        v->integer = (long)x;
        v->real = x;
        return 0;
    }
    case MBS_ATTR_ID:
        /* the schema has checked the syntax; what is left is the range of an int */
        if (mbs_parse_long(text, &v->integer) != 0 || v->integer > INT_MAX || v->integer < INT_MIN) {
            snprintf(err, errsize, "'%s' is out of range (at most %d)", text, INT_MAX);
            return -1;
        }
        v->real = (double)v->integer;
        return 0;
    case MBS_ATTR_BOOL:
        v->integer = mbs_strcaseeq(text, "TRUE");
        v->real = (double)v->integer;
        return 0;
    case MBS_ATTR_KEYWORD:
        v->integer = mbs_choice_index(mbs_attr_choices(a), text);
        mbs_str_upper(v->text);
        if (v->integer < 0) {
            snprintf(err, errsize, "'%s' is not one of %s", text, mbs_attr_choices(a));
            return -1;
        }
        return 0;
    case MBS_ATTR_EXPR: {
        /* checked now so that the error carries the line; the element
         * compiles it again with its run-time variables */
        const char *vars[16];
        int nvars = 0;
        char *list = mbs_strdup(a->choices ? a->choices : "");
        for (char *tok = strtok(list, " "); tok && nvars < 16; tok = strtok(NULL, " "))
            vars[nvars++] = tok;
        mbs_scope scope = *params;
        scope.var_names = vars;
        scope.n_vars = nvars;
        scope.env = &mbs_expr_env_any; /* the model binds its functions of the state later */
        mbs_expr *x = mbs_expr_compile(text, &scope, err, errsize);
        free(list);
        if (!x)
            return -1;
        mbs_expr_free(x);
        return 0;
    }
    case MBS_ATTR_TEXT:
        return 0;
    }
    return 0;
}

int mbs_spec_elem_init(mbs_spec_elem *e, const mbs_kind *kind, int line)
{
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->line = line;
    e->values = calloc((size_t)(kind->n_attrs > 0 ? kind->n_attrs : 1), sizeof *e->values);
    return e->values ? 0 : -1;
}

void mbs_spec_elem_defaults(mbs_spec_elem *e, const mbs_units *u, const mbs_scope *params, mbs_diags *d,
                            const char *path)
{
    for (int i = 0; i < e->kind->n_attrs; i++) {
        const mbs_attr *a = &e->kind->attrs[i];
        mbs_value *v = &e->values[i];
        char err[512];
        if (v->set || !a->def || (a->flags & MBS_ANY_ATTRIBUTE))
            continue;
        v->set = 1;
        if (mbs_spec_parse_value(u, params, a, a->def, v, err, sizeof err) != 0)
            mbs_diag_add(d, MBS_SEV_ERROR, path, e->line, "internal error: default of %s.%s: %s", e->kind->name,
                         a->name, err);
    }
}
