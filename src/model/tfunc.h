/* Run-time expressions of elements (a force as a function of t, a prescribed
 * motion, a user spring law), with the unit conversion around them: the
 * expression is written in the model's units, so its variables are
 * converted from SI before evaluation and its value back to SI after. */
#ifndef MBS_TFUNC_H
#define MBS_TFUNC_H

#include "../io/expr.h"
#include "../io/units.h"

#define MBS_TFUNC_MAX_VARS 16

typedef struct mbs_tfunc {
    mbs_expr *expr;
    mbs_expr *dexpr;                   /* d/dt, when asked for */
    double value_scale;                /* model unit of the value -> SI */
    double var_scale[MBS_TFUNC_MAX_VARS]; /* model unit of each variable -> SI */
    int n_vars;
    const char *var_names[MBS_TFUNC_MAX_VARS]; /* into var_text: the expression keeps them */
    char var_text[MBS_TFUNC_MAX_VARS][32];
    int t_index;                       /* index of variable t, or -1 */
    /* VARVAL(id) references (mbs_tfunc_bind_varvals): the variable index of
     * the model's Reference_Variable each reads, and its slot among vars */
    int n_varvals;
    int varval_variable[MBS_TFUNC_MAX_VARS];
    int varval_slot[MBS_TFUNC_MAX_VARS];
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

/* Functions of t that read Reference_Variables: `varvals` holds the value of
 * each VARVAL reference (model units), in the order of varval_variable.
 * The time derivative treats them as constants. */
double mbs_tfunc_at_with(mbs_tfunc *f, double t, const double *varvals);
double mbs_tfunc_rate_at_with(mbs_tfunc *f, double t, const double *varvals);

void mbs_tfunc_free(mbs_tfunc *f);

#endif
