/* The expression compiler's entry points: compile (parse, resolve, fold,
 * code), derivatives, queries, and the fuzzing entry point. */
#include "expr_internal.h"
#include "../core/strutil.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The text quoted in messages, shortened when long. */
static void quote_text(const char *text, char *out, size_t size)
{
    size_t n = strlen(text);
    if (n <= 60)
        snprintf(out, size, "%s", text);
    else
        snprintf(out, size, "%.50s...", text);
}

static const char **copy_names(const char *const *names, int n)
{
    const char **copy = calloc((size_t)n + 1, sizeof *copy);
    if (!copy)
        return NULL;
    for (int i = 0; i < n; i++)
        if (!(copy[i] = mbs_strdup(names[i]))) {
            for (int k = 0; k < i; k++)
                free((char *)copy[k]);
            free(copy);
            return NULL;
        }
    return copy;
}

void mbs_expr_free(mbs_expr *e)
{
    if (!e)
        return;
    mbs_node_free(e->root);
    for (int i = 0; e->var_names && i < e->n_vars; i++)
        free((char *)e->var_names[i]);
    free(e->var_names);
    free(e->code);
    free(e->text);
    free(e);
}

/* Takes root; builds the code and the text. */
static mbs_expr *finish(node *root, const char *const *var_names, int n_vars, char *err, size_t errsize)
{
    mbs_expr *e = calloc(1, sizeof *e);
    if (!e || !root) {
        mbs_node_free(root);
        free(e);
        return NULL;
    }
    e->root = root;
    e->n_vars = n_vars;
    e->var_names = copy_names(var_names, n_vars);
    if (!e->var_names || mbs_expr_codegen(e, err, errsize) != 0) {
        mbs_expr_free(e);
        return NULL;
    }
    return e;
}

mbs_expr *mbs_expr_compile(const char *text, const mbs_scope *scope, char *err, size_t errsize)
{
    if (err && errsize)
        err[0] = '\0';
    if (!text)
        text = "";
    char shown[80], reason[400] = "";
    quote_text(text, shown, sizeof shown);
    size_t len = strlen(text);
    if (len > MBS_EXPR_MAX_LENGTH) {
        if (err)
            snprintf(err, errsize, "expression '%s' is too long (%zu characters; at most %d)", shown, len,
                     MBS_EXPR_MAX_LENGTH);
        return NULL;
    }
    node *root = mbs_expr_parse(text, reason, sizeof reason);
    if (!root) {
        if (err)
            snprintf(err, errsize, "malformed expression '%s': %s", shown, reason);
        return NULL;
    }
    static const char prefix[] = "malformed expression: ";
    if (mbs_resolve(root, scope, reason, sizeof reason) != 0) {
        mbs_node_free(root);
        if (err && strncmp(reason, prefix, sizeof prefix - 1) == 0)
            snprintf(err, errsize, "malformed expression '%s': %s", shown, reason + sizeof prefix - 1);
        else if (err)
            snprintf(err, errsize, "%s", reason);
        return NULL;
    }
    root = mbs_node_simplify(root);
    mbs_expr *e = finish(root, scope->var_names, scope->n_vars, reason, sizeof reason);
    if (!e && err)
        snprintf(err, errsize, "%s", reason[0] ? reason : "out of memory");
    return e;
}

static int var_index(const mbs_expr *e, const char *var)
{
    for (int i = 0; i < e->n_vars; i++)
        if (strcmp(e->var_names[i], var) == 0)
            return i;
    return -1;
}

mbs_expr *mbs_expr_derivative(const mbs_expr *e, const char *var, const mbs_expr_env *env)
{
    int k = var_index(e, var);
    node *d = k >= 0 ? mbs_node_derive(e->root, k, env, NULL, 0) : mbs_node_num(0.0);
    return finish(d, e->var_names, e->n_vars, NULL, 0);
}

static int uses_var(const node *x, int k)
{
    if (x->kind == N_VAR)
        return x->index == k;
    for (int i = 0; i < x->n; i++)
        if (uses_var(x->a[i], k))
            return 1;
    return 0;
}

int mbs_expr_uses(const mbs_expr *e, const char *var)
{
    int k = var_index(e, var);
    return k >= 0 && uses_var(e->root, k);
}

static void collect_slots(const node *x, int *slots, int max, int *n)
{
    if (x->kind == N_EXT) {
        int seen = 0;
        for (int i = 0; i < *n && i < max; i++)
            seen |= slots[i] == x->index;
        if (!seen) {
            if (*n < max)
                slots[*n] = x->index;
            (*n)++;
        }
    }
    for (int i = 0; i < x->n; i++)
        collect_slots(x->a[i], slots, max, n);
}

int mbs_expr_slots(const mbs_expr *e, int *slots, int max)
{
    int n = 0;
    collect_slots(e->root, slots, max, &n);
    return n;
}

int mbs_expr_uses_slots(const mbs_expr *e)
{
    return mbs_expr_slots(e, NULL, 0) > 0;
}

const char *mbs_expr_text(const mbs_expr *e)
{
    if (!e->text) {
        char buf[4096];
        mbs_node_print(e->root, e->var_names, buf, sizeof buf);
        ((mbs_expr *)e)->text = mbs_strdup(buf);
    }
    return e->text ? e->text : "";
}

int mbs_expr_valid_name(const char *name)
{
    if (!name || !(isalpha((unsigned char)name[0]) || name[0] == '_'))
        return 0;
    for (const char *p = name; *p; p++)
        if (!(isalnum((unsigned char)*p) || *p == '_'))
            return 0;
    size_t len = strlen(name);
    return !mbs_time_is_name(name, len) && !mbs_fn_is_name(name, len);
}

const char *mbs_expr_constant_named(const char *name)
{
    return name ? mbs_constant_name(name, strlen(name)) : NULL;
}

/* ---- an environment that knows names only (syntax checks, fuzzing) ---- */

/* Binds every call with a name of MotionSolve's run-time functions to a
 * slot, and says the partial by any argument is slot + 1. */
static mbs_bind_result fuzz_bind(void *ctx, mbs_bind_call *call)
{
    (void)ctx;
    if (!mbs_runtime_function_name(call->name, strlen(call->name)) ||
        (call->nargs < 0 && strcmp(call->name, "MODE") != 0))
        return MBS_BIND_UNKNOWN;
    call->slot = 0;
    return MBS_BIND_SLOT;
}

static int fuzz_partial(void *ctx, int slot, int k)
{
    (void)ctx;
    (void)k;
    return slot + 1;
}

static double fuzz_ext(void *ctx, int slot, const double *args, int nargs)
{
    (void)ctx;
    double v = slot;
    for (int i = 0; i < nargs; i++)
        v += args[i];
    return v;
}

const mbs_expr_env mbs_expr_env_any = {NULL, fuzz_bind, fuzz_partial};

int mbs_expr_fuzz(const char *data, size_t size)
{
    char *text = mbs_strndup(data ? data : "", size);
    if (!text)
        return 1;
    static const char *const vars[] = {"t", "q"};
    static const char *const names[] = {"k", "L"};
    static const double values[] = {2.0, 0.5};
    mbs_scope scope = {names, values, 2, vars, 2, &mbs_expr_env_any};
    char err[512];
    mbs_expr *e = mbs_expr_compile(text, &scope, err, sizeof err);
    free(text);
    if (!e)
        return 1;
    double at[2] = {0.25, -1.5};
    volatile double v = mbs_expr_eval_with(e, at, fuzz_ext, NULL);
    (void)v;
    (void)mbs_expr_text(e);
    mbs_expr *d = mbs_expr_derivative(e, "t", &mbs_expr_env_any);
    if (d) {
        v = mbs_expr_eval_with(d, at, fuzz_ext, NULL);
        mbs_expr_free(d);
    }
    mbs_expr_free(e);
    return 0;
}
