#include "tfunc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

mbs_tfunc *mbs_tfunc_create(const char *text, const mbs_scope *params, const mbs_units *units,
                            mbs_dim value_dim, const char *const *var_names, const mbs_dim *var_dims,
                            int n_vars, char *err, size_t errsize)
{
    if (n_vars > MBS_TFUNC_MAX_VARS)
        return NULL;
    mbs_tfunc *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    /* the compiled expression refers to its variables' names (derivatives
     * are formed later): they live as long as f */
    for (int i = 0; i < n_vars; i++) {
        snprintf(f->var_text[i], sizeof f->var_text[i], "%s", var_names[i]);
        f->var_names[i] = f->var_text[i];
    }
    mbs_scope scope = *params;
    scope.var_names = f->var_names;
    scope.n_vars = n_vars;
    f->expr = mbs_expr_compile(text, &scope, err, errsize);
    if (!f->expr) {
        free(f);
        return NULL;
    }
    f->n_vars = n_vars;
    f->t_index = -1;
    f->value_scale = mbs_units_to_si(units, value_dim);
    for (int i = 0; i < n_vars; i++) {
        if (strcmp(var_names[i], "t") == 0) {
            f->t_index = i;
            f->var_scale[i] = mbs_units_to_si(units, DIM_TIME);
        } else {
            f->var_scale[i] = var_dims ? mbs_units_to_si(units, var_dims[i]) : 1.0;
        }
    }
    return f;
}

int mbs_tfunc_differentiate(mbs_tfunc *f)
{
    if (f->dexpr)
        return 0;
    if (f->t_index < 0)
        return -1;
    f->dexpr = mbs_expr_derivative(f->expr, "t");
    return f->dexpr ? 0 : -1;
}

static double eval_with(mbs_expr *e, const mbs_tfunc *f, const double *vars_si)
{
    double vars[MBS_TFUNC_MAX_VARS];
    for (int i = 0; i < f->n_vars; i++)
        vars[i] = vars_si[i] / f->var_scale[i];
    return mbs_expr_eval(e, vars);
}

double mbs_tfunc_eval(mbs_tfunc *f, const double *vars_si)
{
    return f->value_scale * eval_with(f->expr, f, vars_si);
}

/* The variables for time t (SI) and the VARVAL values (model units, which
 * eval_with divides by a scale of 1). */
static void time_and_varvals(const mbs_tfunc *f, double t, const double *varvals, double *vars)
{
    for (int i = 0; i < f->n_vars; i++)
        vars[i] = 0.0;
    if (f->t_index >= 0)
        vars[f->t_index] = t;
    for (int k = 0; k < f->n_varvals; k++)
        vars[f->varval_slot[k]] = varvals ? varvals[k] : 0.0;
}

double mbs_tfunc_at_with(mbs_tfunc *f, double t, const double *varvals)
{
    double vars[MBS_TFUNC_MAX_VARS];
    time_and_varvals(f, t, varvals, vars);
    return mbs_tfunc_eval(f, vars);
}

double mbs_tfunc_rate_at_with(mbs_tfunc *f, double t, const double *varvals)
{
    if (!f->dexpr)
        return 0.0;
    double vars[MBS_TFUNC_MAX_VARS];
    time_and_varvals(f, t, varvals, vars);
    /* d(value_si)/dt_si = value_scale * d expr/d t_model / time_scale */
    return f->value_scale * eval_with(f->dexpr, f, vars) / f->var_scale[f->t_index];
}

double mbs_tfunc_at(mbs_tfunc *f, double t)
{
    return mbs_tfunc_at_with(f, t, NULL);
}

double mbs_tfunc_rate_at(mbs_tfunc *f, double t)
{
    return mbs_tfunc_rate_at_with(f, t, NULL);
}

int mbs_tfunc_depends_on_time(const mbs_tfunc *f)
{
    return f->t_index >= 0 && mbs_expr_uses(f->expr, "t");
}

void mbs_tfunc_free(mbs_tfunc *f)
{
    if (!f)
        return;
    mbs_expr_free(f->expr);
    mbs_expr_free(f->dexpr);
    free(f);
}
