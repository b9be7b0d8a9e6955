/* Run-time expressions with their unit conversions (tfunc.h): made,
 * compiled, differentiated, evaluated at a state. */
#include "tfunc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

mbs_tfunc *mbs_tfunc_new(void)
{
    mbs_tfunc *f = calloc(1, sizeof *f);
    if (f) {
        f->t_index = -1;
        f->slot = -1;
        f->value_scale = 1.0;
    }
    return f;
}

int mbs_tfunc_compile(mbs_tfunc *f, const char *text, const mbs_scope *params, const mbs_units *units,
                      mbs_dim value_dim, const char *const *var_names, const mbs_dim *var_dims, int n_vars,
                      const mbs_expr_env *env, char *err, size_t errsize)
{
    if (n_vars > MBS_TFUNC_MAX_VARS) {
        snprintf(err, errsize, "too many run-time variables (at most %d)", MBS_TFUNC_MAX_VARS);
        return -1;
    }
    mbs_scope scope = *params;
    scope.var_names = var_names;
    scope.n_vars = n_vars;
    scope.env = env;
    f->env = env;
    f->expr = mbs_expr_compile(text, &scope, err, errsize);
    if (!f->expr)
        return -1;
    f->n_vars = n_vars;
    f->t_index = -1;
    f->value_scale = mbs_units_to_si(units, value_dim);
    f->value_dim = value_dim;
    for (int i = 0; i < n_vars; i++) {
        snprintf(f->var_text[i], sizeof f->var_text[i], "%s", var_names[i]);
        f->var_names[i] = f->var_text[i];
        f->var_dims[i] = var_dims ? var_dims[i] : DIM_NONE;
    }
    for (int i = 0; i < n_vars; i++) {
        if (strcmp(var_names[i], "t") == 0) {
            f->t_index = i;
            f->var_scale[i] = mbs_units_to_si(units, DIM_TIME);
        } else {
            f->var_scale[i] = var_dims ? mbs_units_to_si(units, var_dims[i]) : 1.0;
        }
    }
    return 0;
}

mbs_tfunc *mbs_tfunc_create(const char *text, const mbs_scope *params, const mbs_units *units,
                            mbs_dim value_dim, const char *const *var_names, const mbs_dim *var_dims,
                            int n_vars, char *err, size_t errsize)
{
    mbs_tfunc *f = mbs_tfunc_new();
    if (!f)
        return NULL;
    if (mbs_tfunc_compile(f, text, params, units, value_dim, var_names, var_dims, n_vars, NULL, err, errsize) != 0) {
        mbs_tfunc_free(f);
        return NULL;
    }
    return f;
}

mbs_tfunc *mbs_tfunc_user_new(const mbs_tfunc_user *user, const mbs_units *units, mbs_dim value_dim)
{
    mbs_tfunc *f = mbs_tfunc_new();
    mbs_tfunc_user *u = malloc(sizeof *u);
    if (!f || !u) {
        free(f);
        free(u);
        return NULL;
    }
    *u = *user;
    f->user = u;
    f->value_dim = value_dim;
    f->value_scale = mbs_units_to_si(units, value_dim);
    f->n_vars = 1;
    f->t_index = 0;
    f->var_dims[0] = DIM_TIME;
    f->var_scale[0] = mbs_units_to_si(units, DIM_TIME);
    snprintf(f->var_text[0], sizeof f->var_text[0], "t");
    f->var_names[0] = f->var_text[0];
    return f;
}

int mbs_tfunc_add_measure(mbs_tfunc *f, const mbs_measure *m)
{
    if (f->n_measures == f->cap_measures) {
        int cap = f->cap_measures ? 2 * f->cap_measures : 4;
        mbs_measure *grown = realloc(f->measures, (size_t)cap * sizeof *grown);
        if (!grown)
            return -1;
        f->measures = grown;
        f->cap_measures = cap;
    }
    f->measures[f->n_measures] = *m;
    return f->n_measures++;
}

int mbs_tfunc_differentiate(mbs_tfunc *f)
{
    if (f->dexpr || f->user)
        return 0;
    if (f->t_index < 0)
        return -1;
    f->dexpr = mbs_expr_derivative(f->expr, "t", f->env);
    return f->dexpr ? 0 : -1;
}

static double eval_with(const mbs_expr *e, const mbs_tfunc *f, const double *vars_si)
{
    double vars[MBS_TFUNC_MAX_VARS];
    for (int i = 0; i < f->n_vars; i++)
        vars[i] = vars_si[i] / f->var_scale[i];
    return mbs_expr_eval(e, vars);
}

double mbs_tfunc_eval(mbs_tfunc *f, const double *vars_si)
{
    if (f->user)
        return NAN;
    return f->value_scale * eval_with(f->expr, f, vars_si);
}

double mbs_tfunc_at(mbs_tfunc *f, double t)
{
    double vars[MBS_TFUNC_MAX_VARS] = {0};
    if (f->t_index >= 0)
        vars[f->t_index] = t;
    return mbs_tfunc_eval(f, vars);
}

double mbs_tfunc_rate_at(mbs_tfunc *f, double t)
{
    if (f->user)
        return NAN;
    if (!f->dexpr)
        return 0.0;
    double vars[MBS_TFUNC_MAX_VARS] = {0};
    vars[f->t_index] = t;
    /* d(value_si)/dt_si = value_scale * d expr/d t_model / time_scale */
    return f->value_scale * eval_with(f->dexpr, f, vars) / f->var_scale[f->t_index];
}

int mbs_tfunc_depends_on_time(const mbs_tfunc *f)
{
    if (f->user)
        return 1;
    return f->t_index >= 0 && mbs_expr_uses(f->expr, "t");
}

int mbs_tfunc_reads_state(const mbs_tfunc *f)
{
    if (f->user)
        return f->n_measures > 0; /* what the routine declared */
    return mbs_expr_uses_slots(f->expr);
}

void mbs_tfunc_free(mbs_tfunc *f)
{
    if (!f)
        return;
    mbs_expr_free(f->expr);
    mbs_expr_free(f->dexpr);
    if (f->user) {
        f->user->release(f->user->routine);
        free(f->user);
    }
    for (int i = 0; i < f->n_measures; i++)
        free(f->measures[i].comps);
    free(f->measures);
    free(f);
}
