/* Run-time expressions of elements (a force, a prescribed motion, a
 * variable, a user spring law), with the unit conversion around them: the
 * expression is written in the model's units, so its variables are
 * converted from SI before evaluation and its value back to SI after. The
 * functions of the state it calls (DX, VZ, VARVAL, ...) are its measures,
 * one per slot; solver/eval/eval.h evaluates such an expression at a state
 * (mbs_eval_tfunc). An element's value may instead be a user subroutine's
 * (usersub/): the tfunc then has no expression but `user`, and its
 * measures are what the routine declared it reads. */
#ifndef MBS_TFUNC_H
#define MBS_TFUNC_H

#include "measure.h"
#include "../expr/expr.h"
#include "../core/units.h"

#define MBS_TFUNC_MAX_VARS 16

/* A value computed by a user subroutine (usersub/routine.h): output
 * `output` of the routine's results. values() calls the routine at the
 * state of ev and time t (model units) and writes every output (at most
 * MBS_TFUNC_USER_MAX) in model units; iord 1 asks for their time
 * derivatives (a motion's rate). The tfunc owns this struct; release()
 * gives up its share of the routine. */
#define MBS_TFUNC_USER_MAX 32
struct mbs_eval;
typedef struct mbs_tfunc_user {
    void (*values)(void *routine, const struct mbs_eval *ev, double t, int iord, double *out);
    void (*release)(void *routine);
    void *routine;
    int output;
} mbs_tfunc_user;

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
    mbs_tfunc_user *user;              /* a user subroutine's value instead of expr (owned), or NULL */
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
/* A tfunc for output `output` of a user subroutine (`user` is copied):
 * a function of t in the time unit of `units`, its value of dimension
 * `value_dim`. NULL when out of memory (release is then not called). */
mbs_tfunc *mbs_tfunc_user_new(const mbs_tfunc_user *user, const mbs_units *units, mbs_dim value_dim);
/* Builds the symbolic time derivative; returns -1 if that is impossible
 * (a user subroutine gives its own: 0). */
int mbs_tfunc_differentiate(mbs_tfunc *f);

/* For expressions that read no state (no measures): the value in SI for
 * run-time variables given in SI, and shorthands for functions of t (NaN
 * for a user subroutine's value, which needs a state: mbs_eval_tfunc). */
double mbs_tfunc_eval(mbs_tfunc *f, const double *vars_si);
double mbs_tfunc_at(mbs_tfunc *f, double t);
double mbs_tfunc_rate_at(mbs_tfunc *f, double t);   /* d/dt, SI */
int mbs_tfunc_depends_on_time(const mbs_tfunc *f);
/* Whether it reads the state of the model (calls a measure). */
int mbs_tfunc_reads_state(const mbs_tfunc *f);

void mbs_tfunc_free(mbs_tfunc *f);

#endif
