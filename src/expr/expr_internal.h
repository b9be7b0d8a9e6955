/* Inside the expression compiler: the syntax tree, the intrinsic function
 * table and the passes (parse, resolve, fold, differentiate, code). */
#ifndef MBS_EXPR_INTERNAL_H
#define MBS_EXPR_INTERNAL_H

#include "expr.h"

typedef enum node_kind {
    N_NUM,      /* v */
    N_NAME,     /* text: not yet resolved */
    N_VAR,      /* index: run-time variable */
    N_NEG,      /* -a[0] */
    N_ADD, N_SUB, N_MUL, N_DIV, N_POW,
    N_CALL,     /* text: not yet resolved; a[0..n) */
    N_FN,       /* index: intrinsic function; a[0..n) */
    N_PARTIAL,  /* index: intrinsic function, arg: which partial derivative; a[0..n) */
    N_EXT       /* index: environment slot; a[0..n) (nargs -1: a bare name) */
} node_kind;

typedef struct node {
    node_kind kind;
    double v;
    int index;
    int arg;
    char *text;        /* N_NAME, N_CALL: the name as written */
    int n;             /* children */
    struct node **a;
} node;

node *mbs_node_new(node_kind kind, int n);
node *mbs_node_num(double v);
node *mbs_node_copy(const node *x);
void mbs_node_free(node *x);
node *mbs_node_unary(node_kind kind, node *a);
node *mbs_node_binary(node_kind kind, node *a, node *b);

/* ---- intrinsic functions (functions.c) ---- */

typedef struct mbs_fn_desc {
    const char *name;      /* lower case */
    int min_args, max_args;
    double (*eval)(const double *a, int n);
    /* d f / d a[k]; NULL for the elementary functions of one argument,
     * which derive.c differentiates symbolically */
    double (*partial)(const double *a, int n, int k);
} mbs_fn_desc;

/* The function of this name (any case) taking n arguments, -1 if none;
 * *named is set when the name exists with another number of arguments. */
int mbs_fn_find(const char *name, size_t len, int n, int *named);
const mbs_fn_desc *mbs_fn(int id);
/* "takes one argument", "takes 1 or 5 arguments", ... */
void mbs_fn_arity_text(const char *name, size_t len, char *out, size_t size);
int mbs_fn_is_name(const char *name, size_t len);
/* Ids of the functions derive.c writes its rules with. */
int mbs_fn_id(const char *name);

/* The built-in constants (pi, e, dtor, rtod, ...), any case: 1 and the
 * value, or 0. */
int mbs_constant_value(const char *name, size_t len, double *value);
/* Its own spelling ("e" for "E"), or NULL. */
const char *mbs_constant_name(const char *name, size_t len);
/* Whether the name is TIME (any case). */
int mbs_time_is_name(const char *name, size_t len);

/* Names of MotionSolve's run-time functions, for messages where no model
 * environment is available (parameters, load-time values). */
int mbs_runtime_function_name(const char *name, size_t len);

/* ---- passes ---- */

/* Parses text into a tree (names unresolved); NULL and the reason in err. */
node *mbs_expr_parse(const char *text, char *err, size_t errsize);

/* Resolves every name and call of x against the scope (see resolve.c);
 * -1 with the reason in err. */
int mbs_resolve(node *x, const mbs_scope *s, char *err, size_t errsize);

/* The tree as text. */
void mbs_node_print(const node *x, const char *const *var_names, char *out, size_t size);

/* Symbolic derivative of x with respect to variable `var`; NULL when it
 * cannot be formed. */
node *mbs_node_derive(const node *x, int var, const mbs_expr_env *env, char *err, size_t errsize);

/* Folds constant subtrees and the identities of 0 and 1; takes x. */
node *mbs_node_simplify(node *x);

struct mbs_expr {
    node *root;
    const char **var_names;   /* copies of the scope's names, [n_vars] */
    int n_vars;
    /* postfix program */
    struct mbs_instr *code;
    int n_code;
    int max_stack;
    char *text;
};

/* Builds e->code from e->root; -1 (reason in err) when it needs more stack
 * than the evaluator has. */
int mbs_expr_codegen(mbs_expr *e, char *err, size_t errsize);

#endif
