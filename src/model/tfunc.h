/* Run-time expressions of elements (a force, a prescribed motion, a
 * variable, a user spring law), with the unit conversion around them: the
 * expression is written in the model's units, so its variables are
 * converted from SI before evaluation and its value back to SI after. The
 * functions of the state it calls (DX, VZ, VARVAL, ...) are its measures,
 * one per slot; solver/eval/eval.h evaluates such an expression at a state
 * (mbs_eval_tfunc). */
#ifndef MBS_TFUNC_H
#define MBS_TFUNC_H

#include "measure.h"
#include "../expr/expr.h"
#include "../core/units.h"

#define MBS_TFUNC_MAX_VARS 16

typedef struct mbs_tfunc {
    mbs_expr *expr;
    mbs_expr *dexpr;                   /* d/dt, when asked for */
    double value_scale;                /* model unit of the value -> SI */
    double var_scale[MBS_TFUNC_MAX_VARS]; /* model unit of each variable -> SI */
    int n_vars;
    int t_index;                       /* index of variable t, or -1 */
    /* how it was compiled, to compile a replacement alike (modify commands) */
    mbs_dim value_dim;
    mbs_dim var_dims[MBS_TFUNC_MAX_VARS];
    char var_text[MBS_TFUNC_MAX_VARS][32];
    const char *var_names[MBS_TFUNC_MAX_VARS]; /* into var_text */
    mbs_measure *measures;             /* [n_measures]: the expressions' slots */
    int n_measures, cap_measures;
    int slot;                          /* index among the model's tfuncs (modify commands), -1 if none */
    const mbs_expr_env *env;           /* what it was compiled with, while the model is built (derivatives) */
} mbs_tfunc;

/* `var_names` are the run-time variables in order; `var_dims` their
 * dimensions (the variable "t" is always time); `env` binds the model's
 * run-time functions (NULL: none). */
mbs_tfunc *mbs_tfunc_new(void);
int mbs_tfunc_compile(mbs_tfunc *f, const char *text, const mbs_scope *params, const mbs_units *units,
                      mbs_dim value_dim, const char *const *var_names, const mbs_dim *var_dims, int n_vars,
                      const mbs_expr_env *env, char *err, size_t errsize);
/* mbs_tfunc_new + mbs_tfunc_compile without an environment; NULL on failure. */
mbs_tfunc *mbs_tfunc_create(const char *text, const mbs_scope *params, const mbs_units *units,
                            mbs_dim value_dim, const char *const *var_names, const mbs_dim *var_dims,
                            int n_vars, char *err, size_t errsize);
/* A measure for a new slot; the slot, or -1. */
int mbs_tfunc_add_measure(mbs_tfunc *f, const mbs_measure *m);
/* Builds the symbolic time derivative; returns -1 if that is impossible. */
int mbs_tfunc_differentiate(mbs_tfunc *f);

/* For expressions that read no state (no measures): the value in SI for
 * run-time variables given in SI, and shorthands for functions of t. */
double mbs_tfunc_eval(mbs_tfunc *f, const double *vars_si);
double mbs_tfunc_at(mbs_tfunc *f, double t);
double mbs_tfunc_rate_at(mbs_tfunc *f, double t);   /* d/dt, SI */
int mbs_tfunc_depends_on_time(const mbs_tfunc *f);
/* Whether it reads the state of the model (calls a measure). */
int mbs_tfunc_reads_state(const mbs_tfunc *f);

void mbs_tfunc_free(mbs_tfunc *f);

#endif
