/* The expression language of mbsim and MotionSolve (the Adams function
 * language): one compiler for both (docs/expressions.md).
 *
 * An expression is compiled against a scope: fixed names with values
 * (parameters; pi, e, DTOR, RTOD are built in), run-time variables (t, q,
 * v, ...) whose values are passed at each evaluation, and an optional
 * environment that binds the run-time functions of a model (DX, VZ,
 * VARVAL, AKISPL, JOINT, ...) to slots. Names are case-insensitive (an
 * exact match is preferred, so parameters k and K can coexist); STEP is
 * Heaviside's step with one argument and MotionSolve's cubic with five.
 *
 * Compilation parses the text (bounded length and nesting), resolves every
 * name, folds constants and produces a postfix program; evaluation runs it
 * on a fixed stack, without allocation. Derivatives are symbolic. */
#ifndef MBS_EXPR_H
#define MBS_EXPR_H

#include <stddef.h>

/* ---- environments: the run-time functions of a model ---- */

/* What an environment is asked about one call `NAME(args)` (or a bare NAME,
 * nargs = -1). Arguments whose value is known when compiling (numbers,
 * parameters, expressions of them) have is_const set and their value. */
typedef struct mbs_bind_call {
    const char *name;        /* upper case */
    int nargs;
    const int *is_const;     /* [nargs] */
    const double *value;     /* [nargs] */
    /* answers: */
    int slot;                /* MBS_BIND_SLOT: passed back at evaluation */
    double constant;         /* MBS_BIND_CONSTANT: the call's value */
    char *err;               /* MBS_BIND_ERROR: why, one line */
    size_t errsize;
} mbs_bind_call;

typedef enum mbs_bind_result {
    MBS_BIND_UNKNOWN = 0,    /* not a function of this environment */
    MBS_BIND_SLOT,           /* evaluated at run time through the slot */
    MBS_BIND_CONSTANT,       /* a constant (e.g. an element of an IC array) */
    MBS_BIND_ERROR,          /* known, but wrong here (message in err) */
    MBS_BIND_FAILED          /* it names something that has errors of its own, already reported:
                                the expression fails with an empty reason (one mistake, one message) */
} mbs_bind_result;

typedef struct mbs_expr_env {
    void *ctx;
    mbs_bind_result (*bind)(void *ctx, mbs_bind_call *call);
    /* The slot of d(slot)/d(argument k), or -1 when there is none. Called
     * while differentiating (the environment must still exist then). */
    int (*partial)(void *ctx, int slot, int k);
} mbs_expr_env;

/* At evaluation: the value of `slot` for the arguments' values. */
typedef double (*mbs_expr_ext_fn)(void *ctx, int slot, const double *args, int nargs);

/* An environment that accepts every name of MotionSolve's run-time functions
 * with any arguments (to check a text's syntax before the model exists). */
extern const mbs_expr_env mbs_expr_env_any;

typedef struct mbs_scope {
    const char *const *fixed_names; /* e.g. parameter names */
    const double *fixed_values;
    int n_fixed;
    const char *const *var_names;   /* run-time variables, e.g. {"t"} */
    int n_vars;
    const mbs_expr_env *env;        /* run-time functions, or NULL */
} mbs_scope;

typedef struct mbs_expr mbs_expr;

/* Compiles `text`; on failure returns NULL and writes a one-line reason
 * (malformed text, unknown name with the known ones listed, an
 * environment's complaint) to err, or leaves err empty when the text names
 * something whose own error was reported (MBS_BIND_FAILED). Texts longer than MBS_EXPR_MAX_LENGTH or
 * nested deeper than MBS_EXPR_MAX_DEPTH, or whose tree (chains of
 * operators included) would be higher than MBS_EXPR_MAX_HEIGHT, are refused. */
enum { MBS_EXPR_MAX_LENGTH = 10000, MBS_EXPR_MAX_DEPTH = 100, MBS_EXPR_MAX_HEIGHT = 1000 };
mbs_expr *mbs_expr_compile(const char *text, const mbs_scope *scope, char *err, size_t errsize);

/* Evaluates with the run-time variables' values in scope order (NULL when
 * there are none). Run-time functions give NaN here; use mbs_expr_eval_with.
 * Re-entrant; no allocation. */
double mbs_expr_eval(const mbs_expr *e, const double *vars);
double mbs_expr_eval_with(const mbs_expr *e, const double *vars, mbs_expr_ext_fn ext, void *ctx);

/* Symbolic derivative with respect to run-time variable `var`, NULL when
 * it cannot be formed. Run-time functions count as constants unless they
 * take an argument that depends on var (then the environment's partial
 * slots are used: env as at compilation, or NULL). */
mbs_expr *mbs_expr_derivative(const mbs_expr *e, const char *var, const mbs_expr_env *env);

/* Whether the expression depends on run-time variable `var`; whether it
 * calls run-time functions; the distinct slots it calls (up to max; the
 * count is returned). */
int mbs_expr_uses(const mbs_expr *e, const char *var);
int mbs_expr_uses_slots(const mbs_expr *e);
int mbs_expr_slots(const mbs_expr *e, int *slots, int max);

/* The expression as text (after folding constants), for messages. */
const char *mbs_expr_text(const mbs_expr *e);

void mbs_expr_free(mbs_expr *e);

/* A valid parameter name: a letter or '_' followed by letters, digits, '_',
 * and not (in any case) TIME or an intrinsic function. It may be a
 * built-in constant's name: the parameter then shadows the constant, in
 * any case (a Young's modulus E: e and E are the parameter). */
int mbs_expr_valid_name(const char *name);
/* The built-in constant a name is, in any case ("e" for "E"), or NULL. */
const char *mbs_expr_constant_named(const char *name);

/* The laws of the intrinsic functions that elements apply directly (a
 * contact's normal and friction laws use the same code as the IMPACT and
 * STEP functions of expressions):
 * MotionSolve's cubic STEP(x, x0, h0, x1, h1), and its slope by x in *dydx
 * (NULL: not wanted). */
double mbs_step(double x, double x0, double h0, double x1, double h1, double *dydx);
/* IMPACT's one-sided law on a penetration p (>= 0 is inside) and its rate
 * dp (positive entering): F = max(0, k p^e + STEP(p, 0, 0, d, cmax) dp),
 * with its slopes by p and dp. */
double mbs_impact_law(double p, double dp, double k, double e, double cmax, double d, double *dF_dp, double *dF_ddp);

/* Entry point for a fuzzer (tests/fuzz/): compiles `size` bytes of any
 * content with a permissive environment, evaluates the result and its
 * derivative, and frees everything. Returns 0 when the text compiled, 1
 * when it was refused; never crashes, leaks or recurses without bound. */
int mbs_expr_fuzz(const char *data, size_t size);

#endif
