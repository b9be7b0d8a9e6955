/* Run-time expressions of elements (a force as a function of t, a prescribed
 * motion, a user spring law), with the unit conversion around them: the
 * expression is written in the model's units, so its variables are
 * converted from SI before evaluation and its value back to SI after. */
#ifndef MBS_TFUNC_H
#define MBS_TFUNC_H

#include "../expr/expr.h"
#include "../io/units.h"

#define MBS_TFUNC_MAX_VARS 16

typedef struct mbs_tfunc {
    mbs_expr *expr;
    mbs_expr *dexpr;                   /* d/dt, when asked for */
    double value_scale;                /* model unit of the value -> SI */
    double var_scale[MBS_TFUNC_MAX_VARS]; /* model unit of each variable -> SI */
    int n_vars;
    int t_index;                       /* index of variable t, or -1 */
} mbs_tfunc;

/* `var_names` are the run-time variables in order; `var_dims` their
 * dimensions (the variable "t" is always time). */
mbs_tfunc *mbs_tfunc_create(const char *text, const mbs_scope *params, const mbs_units *units,
                            mbs_dim value_dim, const char *const *var_names, const mbs_dim *var_dims,
                            int n_vars, char *err, size_t errsize);
/* Builds the symbolic time derivative; returns -1 if that is impossible. */
int mbs_tfunc_differentiate(mbs_tfunc *f);

/* Value in SI for run-time variables given in SI. */
double mbs_tfunc_eval(mbs_tfunc *f, const double *vars_si);
/* Shorthands for functions of t alone. */
double mbs_tfunc_at(mbs_tfunc *f, double t);
double mbs_tfunc_rate_at(mbs_tfunc *f, double t);   /* d/dt, SI */
int mbs_tfunc_depends_on_time(const mbs_tfunc *f);

void mbs_tfunc_free(mbs_tfunc *f);

#endif
