#include "expr.h"
#include "../core/strutil.h"

#include <ctype.h>
#include <matheval.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct mbs_expr {
    void *evaluator;
    int n_used;
    char **used_names;  /* variables the evaluator refers to */
    double *used_values;
    int *var_index;     /* per used name: run-time variable index, or -1 if fixed */
    mbs_scope scope;    /* kept for derivatives (pointers, not copies) */
};

/* Names libmatheval treats as constants or functions; a parameter may not
 * take one of them. */
static const char *const RESERVED[] = {
    "e", "log2e", "log10e", "ln2", "ln10", "pi", "pi_2", "pi_4", "1_pi", "2_pi", "2_sqrtpi",
    "sqrt2", "sqrt1_2", "exp", "log", "sqrt", "sin", "cos", "tan", "cot", "sec", "csc",
    "asin", "acos", "atan", "acot", "asec", "acsc", "sinh", "cosh", "tanh", "coth", "sech",
    "csch", "asinh", "acosh", "atanh", "acoth", "asech", "acsch", "abs", "step", "delta",
    "nandelta", "erf", NULL};

int mbs_expr_valid_name(const char *name)
{
    if (!name || !(isalpha((unsigned char)name[0]) || name[0] == '_'))
        return 0;
    for (const char *p = name; *p; p++)
        if (!(isalnum((unsigned char)*p) || *p == '_'))
            return 0;
    for (int i = 0; RESERVED[i]; i++)
        if (strcmp(RESERVED[i], name) == 0)
            return 0;
    return 1;
}

static void list_known(const mbs_scope *s, char *out, size_t size)
{
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < s->n_vars && used < size; i++)
        used += (size_t)snprintf(out + used, size - used, "%s%s", used ? ", " : "", s->var_names[i]);
    for (int i = 0; i < s->n_fixed && used < size; i++)
        used += (size_t)snprintf(out + used, size - used, "%s%s", used ? ", " : "", s->fixed_names[i]);
    if (!out[0])
        snprintf(out, size, "none");
}

/* Wraps an evaluator: resolves each variable it uses against the scope. */
static mbs_expr *wrap(void *evaluator, const mbs_scope *scope, char *err, size_t errsize)
{
    char **names;
    int count;
    evaluator_get_variables(evaluator, &names, &count);
    mbs_expr *e = calloc(1, sizeof *e);
    if (!e) {
        evaluator_destroy(evaluator);
        return NULL;
    }
    e->evaluator = evaluator;
    e->scope = *scope;
    e->n_used = count;
    e->used_names = calloc((size_t)count + 1, sizeof *e->used_names);
    e->used_values = calloc((size_t)count + 1, sizeof *e->used_values);
    e->var_index = calloc((size_t)count + 1, sizeof *e->var_index);
    if (!e->used_names || !e->used_values || !e->var_index) {
        mbs_expr_free(e);
        return NULL;
    }
    for (int i = 0; i < count; i++) {
        e->used_names[i] = names[i];
        e->var_index[i] = -2;
        for (int k = 0; k < scope->n_vars; k++)
            if (strcmp(scope->var_names[k], names[i]) == 0)
                e->var_index[i] = k;
        if (e->var_index[i] != -2)
            continue;
        /* the last definition of a fixed name wins (parameters may be redefined by --set) */
        for (int k = scope->n_fixed - 1; k >= 0; k--)
            if (strcmp(scope->fixed_names[k], names[i]) == 0) {
                e->var_index[i] = -1;
                e->used_values[i] = scope->fixed_values[k];
                break;
            }
        if (e->var_index[i] == -2) {
            if (err) {
                char known[400];
                list_known(scope, known, sizeof known);
                snprintf(err, errsize, "unknown name '%s' (known: %s)", names[i], known);
            }
            mbs_expr_free(e);
            return NULL;
        }
    }
    return e;
}

/* libmatheval's scanner echoes characters it does not know to stdout and
 * then skips them ("x!" parses as "x"), so characters outside the grammar
 * are rejected here, before the scanner sees them. */
static int plausible_text(const char *text)
{
    int has_token = 0;
    for (const char *p = text; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (isalnum(c) || c == '_' || c == '.')
            has_token = 1;
        else if (!strchr("+-*/^() \t\r\n", c))
            return 0;
    }
    return has_token;
}

mbs_expr *mbs_expr_compile(const char *text, const mbs_scope *scope, char *err, size_t errsize)
{
    if (err && errsize)
        err[0] = '\0';
    char *copy = mbs_strdup(text ? text : "");
    if (!copy)
        return NULL;
    mbs_str_trim(copy);
    void *ev = plausible_text(copy) ? evaluator_create(copy) : NULL;
    if (!ev) {
        if (err)
            snprintf(err, errsize, "malformed expression '%s'", text ? text : "");
        free(copy);
        return NULL;
    }
    free(copy);
    return wrap(ev, scope, err, errsize);
}

double mbs_expr_eval(mbs_expr *e, const double *vars)
{
    for (int i = 0; i < e->n_used; i++)
        if (e->var_index[i] >= 0)
            e->used_values[i] = vars[e->var_index[i]];
    return evaluator_evaluate(e->evaluator, e->n_used, e->used_names, e->used_values);
}

mbs_expr *mbs_expr_derivative(const mbs_expr *e, const char *var)
{
    void *d = evaluator_derivative(e->evaluator, (char *)var);
    if (!d)
        return NULL;
    return wrap(d, &e->scope, NULL, 0);
}

int mbs_expr_uses(const mbs_expr *e, const char *var)
{
    for (int i = 0; i < e->n_used; i++)
        if (e->var_index[i] >= 0 && strcmp(e->scope.var_names[e->var_index[i]], var) == 0)
            return 1;
    return 0;
}

const char *mbs_expr_text(const mbs_expr *e)
{
    return evaluator_get_string(e->evaluator);
}

void mbs_expr_free(mbs_expr *e)
{
    if (!e)
        return;
    if (e->evaluator)
        evaluator_destroy(e->evaluator);
    free(e->used_names);
    free(e->used_values);
    free(e->var_index);
    free(e);
}
