/* Arithmetic expressions (the only module that talks to libmatheval).
 *
 * An expression is compiled against a scope: fixed names with values
 * (parameters, pi and e are built in) and run-time variables (t, q, v, ...)
 * whose values are passed at each evaluation. */
#ifndef MBS_EXPR_H
#define MBS_EXPR_H

#include <stddef.h>

typedef struct mbs_scope {
    const char *const *fixed_names; /* e.g. parameter names */
    const double *fixed_values;
    int n_fixed;
    const char *const *var_names;   /* run-time variables, e.g. {"t"} */
    int n_vars;
} mbs_scope;

typedef struct mbs_expr mbs_expr;

/* Compiles `text`; on failure returns NULL and writes a one-line reason
 * (malformed text, unknown name with the known ones listed) to err. */
mbs_expr *mbs_expr_compile(const char *text, const mbs_scope *scope, char *err, size_t errsize);

/* Evaluates with the run-time variables' values in scope order. Not
 * re-entrant for one expression object (it keeps an argument buffer). */
double mbs_expr_eval(mbs_expr *e, const double *vars);

/* Symbolic derivative with respect to run-time variable `var`. */
mbs_expr *mbs_expr_derivative(const mbs_expr *e, const char *var);

/* Whether the expression depends on run-time variable `var`. */
int mbs_expr_uses(const mbs_expr *e, const char *var);

/* The (simplified) text of the expression. */
const char *mbs_expr_text(const mbs_expr *e);

void mbs_expr_free(mbs_expr *e);

/* MotionSolve's VARVAL(id), the value of Reference_Variable `id`: every
 * VARVAL(<integer>) of `text` (the name in any case) becomes the run-time
 * variable named by mbs_expr_varval_name, which the caller adds to the
 * scope. The distinct ids go to ids[0 .. *n) in order of appearance. Returns
 * the rewritten text (the caller frees it), or NULL with a reason in err
 * (an argument that is not an id, more than max_ids variables). */
#define MBS_MAX_VARVALS 8
char *mbs_expr_rewrite_varval(const char *text, int *ids, int max_ids, int *n, char *err, size_t errsize);
/* "_varval<id>": the variable that stands for VARVAL(id). */
void mbs_expr_varval_name(int id, char *out, size_t size);

/* A valid expression name: a letter or '_' followed by letters, digits, '_',
 * and not a built-in constant or function. */
int mbs_expr_valid_name(const char *name);

#endif
