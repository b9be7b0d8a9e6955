/* Name resolution and constant folding.
 *
 * A name is, in this order: a run-time variable, a parameter (the last
 * definition wins: --set appends one), a built-in constant (unless a
 * parameter is named like it in another case: a parameter shadows a
 * constant, as a Young's modulus E shadows e), TIME (the variable t), the
 * same with the case ignored (when that is unambiguous), or a bare name the
 * environment knows (MODE). A call is an intrinsic
 * function or one of the environment's; its arguments are resolved and
 * folded first, so that the environment sees which are constants (marker
 * ids, array indices). */
#include "expr_internal.h"
#include "../core/strutil.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(char *err, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char *err, size_t size, const char *fmt, ...)
{
    if (err && size && !err[0]) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, size, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static void list_known(const mbs_scope *s, char *out, size_t size)
{
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < s->n_vars && used < size; i++)
        used += (size_t)snprintf(out + used, size - used, "%s%s", used ? ", " : "", s->var_names[i]);
    for (int i = 0; i < s->n_fixed && used < size; i++) {
        int repeated = 0; /* a name --set defined again is listed once */
        for (int k = 0; k < i; k++)
            repeated |= strcmp(s->fixed_names[k], s->fixed_names[i]) == 0;
        if (!repeated)
            used += (size_t)snprintf(out + used, size - used, "%s%s", used ? ", " : "", s->fixed_names[i]);
    }
    if (!out[0])
        snprintf(out, size, "none");
}

/* Index of a variable / parameter named `name`, exactly (case 0) or
 * ignoring case (case 1); -1 if none, -2 if several differ in case only. */
static int find_variable(const mbs_scope *s, const char *name, int ignore_case)
{
    int found = -1;
    for (int i = 0; i < s->n_vars; i++)
        if (ignore_case ? mbs_strcaseeq(s->var_names[i], name) : strcmp(s->var_names[i], name) == 0) {
            if (found >= 0 && strcmp(s->var_names[found], s->var_names[i]) != 0)
                return -2;
            found = i;
        }
    return found;
}

static int find_parameter(const mbs_scope *s, const char *name, int ignore_case)
{
    int found = -1;
    for (int i = s->n_fixed - 1; i >= 0; i--) /* the last definition wins */
        if (ignore_case ? mbs_strcaseeq(s->fixed_names[i], name) : strcmp(s->fixed_names[i], name) == 0) {
            if (found >= 0 && strcmp(s->fixed_names[found], s->fixed_names[i]) != 0)
                return -2;
            if (found < 0)
                found = i;
        }
    return found;
}

static void become_number(node *x, double v)
{
    free(x->text);
    x->text = NULL;
    x->kind = N_NUM;
    x->v = v;
}

static void become_variable(node *x, int index)
{
    free(x->text);
    x->text = NULL;
    x->kind = N_VAR;
    x->index = index;
}

static int resolve_name(node *x, const mbs_scope *s, char *err, size_t size)
{
    const char *name = x->text;
    size_t len = strlen(name);
    double v;
    int k;
    if ((k = find_variable(s, name, 0)) >= 0) {
        become_variable(x, k);
        return 0;
    }
    if ((k = find_parameter(s, name, 0)) >= 0) {
        become_number(x, s->fixed_values[k]);
        return 0;
    }
    if (mbs_constant_value(name, len, &v)) {
        if ((k = find_parameter(s, name, 1)) == -2)
            return fail(err, size, "'%s' is ambiguous: names that differ only in case match it", name);
        become_number(x, k >= 0 ? s->fixed_values[k] : v);
        return 0;
    }
    if (mbs_strcaseeq(name, "time")) {
        if ((k = find_variable(s, "t", 0)) < 0)
            return fail(err, size, "TIME is not available here (this value is fixed when the model is read)");
        become_variable(x, k);
        return 0;
    }
    int kv = find_variable(s, name, 1), kp = find_parameter(s, name, 1);
    if (kv == -2 || kp == -2 || (kv >= 0 && kp >= 0))
        return fail(err, size, "'%s' is ambiguous: names that differ only in case match it", name);
    if (kv >= 0) {
        become_variable(x, kv);
        return 0;
    }
    if (kp >= 0) {
        become_number(x, s->fixed_values[kp]);
        return 0;
    }
    if (s->env && s->env->bind) {
        char upper[64];
        snprintf(upper, sizeof upper, "%s", name);
        mbs_str_upper(upper);
        mbs_bind_call call = {upper, -1, NULL, NULL, -1, 0.0, err, size};
        switch (s->env->bind(s->env->ctx, &call)) {
        case MBS_BIND_SLOT:
            x->kind = N_EXT;
            x->index = call.slot;
            x->arg = -1;
            return 0;
        case MBS_BIND_CONSTANT:
            become_number(x, call.constant);
            return 0;
        case MBS_BIND_ERROR:
            return fail(err, size, "%s: refused by the model", name);
        case MBS_BIND_FAILED:
            return -1; /* its own error was reported: no message */
        case MBS_BIND_UNKNOWN:
            break;
        }
    }
    char known[400];
    list_known(s, known, sizeof known);
    return fail(err, size, "unknown name '%s' (known: %s; constants pi, e)", name, known);
}

/* An intrinsic function's name closest to `name`, or NULL. */
static const char *close_function(const char *name)
{
    static const char *const common[] = {"sin", "cos", "tan", "exp", "log", "sqrt", "abs", "atan2", "step",
                                         "step5", "shf", "havsin", "poly", "min", "max", "mod", "sign", NULL};
    for (int i = 0; common[i]; i++)
        if (mbs_edit_distance(common[i], name) == 1)
            return common[i];
    return NULL;
}

static int resolve_call(node *x, const mbs_scope *s, char *err, size_t size)
{
    const char *name = x->text;
    size_t len = strlen(name);
    int named, id = mbs_fn_find(name, len, x->n, &named);
    if (id >= 0) {
        free(x->text);
        x->text = NULL;
        x->kind = N_FN;
        x->index = id;
        return 0;
    }
    if (s->env && s->env->bind) {
        int is_const[40];
        double value[40];
        for (int i = 0; i < x->n; i++) {
            is_const[i] = x->a[i]->kind == N_NUM;
            value[i] = is_const[i] ? x->a[i]->v : 0.0;
        }
        char upper[64];
        snprintf(upper, sizeof upper, "%s", name);
        mbs_str_upper(upper);
        mbs_bind_call call = {upper, x->n, is_const, value, -1, 0.0, err, size};
        switch (s->env->bind(s->env->ctx, &call)) {
        case MBS_BIND_SLOT:
            x->kind = N_EXT;
            x->index = call.slot;
            x->arg = 0;
            return 0;
        case MBS_BIND_CONSTANT:
            for (int i = 0; i < x->n; i++)
                mbs_node_free(x->a[i]);
            free(x->a);
            x->a = NULL;
            x->n = 0;
            become_number(x, call.constant);
            return 0;
        case MBS_BIND_ERROR:
            return fail(err, size, "%s(...): refused by the model", name);
        case MBS_BIND_FAILED:
            return -1; /* its own error was reported: no message */
        case MBS_BIND_UNKNOWN:
            break;
        }
    }
    if (mbs_runtime_function_name(name, len))
        return fail(err, size, "%s reads the state of the model: it cannot be used here", name);
    const char *hint = close_function(name);
    if (hint)
        return fail(err, size, "malformed expression: '%s' is not a function (did you mean '%s'?)", name, hint);
    return fail(err, size, "malformed expression: '%s' is not a function", name);
}

int mbs_resolve(node *x, const mbs_scope *s, char *err, size_t size)
{
    for (int i = 0; i < x->n; i++) {
        if (mbs_resolve(x->a[i], s, err, size) != 0)
            return -1;
        x->a[i] = mbs_node_simplify(x->a[i]); /* constants become numbers before a call sees them */
        if (!x->a[i])
            return fail(err, size, "out of memory");
    }
    if (x->kind == N_NAME)
        return resolve_name(x, s, err, size);
    if (x->kind == N_CALL)
        return resolve_call(x, s, err, size);
    return 0;
}

/* ---- folding ---- */

static int is_num(const node *x, double v)
{
    return x->kind == N_NUM && x->v == v;
}

/* Replaces x by its child k (x is freed). */
static node *take_child(node *x, int k)
{
    node *c = x->a[k];
    x->a[k] = NULL;
    mbs_node_free(x);
    return c;
}

static node *number(node *x, double v)
{
    mbs_node_free(x);
    return mbs_node_num(v);
}

node *mbs_node_simplify(node *x)
{
    if (!x)
        return NULL;
    int all_numbers = 1;
    for (int i = 0; i < x->n; i++) {
        x->a[i] = mbs_node_simplify(x->a[i]);
        if (!x->a[i]) {
            mbs_node_free(x);
            return NULL;
        }
        all_numbers &= x->a[i]->kind == N_NUM;
    }
    node **a = x->a;
    switch (x->kind) {
    case N_NEG:
        if (a[0]->kind == N_NUM)
            return number(x, -a[0]->v);
        if (a[0]->kind == N_NEG) {
            node *inner = take_child(x, 0);
            return take_child(inner, 0);
        }
        return x;
    case N_ADD:
        if (all_numbers)
            return number(x, a[0]->v + a[1]->v);
        if (is_num(a[0], 0))
            return take_child(x, 1);
        if (is_num(a[1], 0))
            return take_child(x, 0);
        return x;
    case N_SUB:
        if (all_numbers)
            return number(x, a[0]->v - a[1]->v);
        if (is_num(a[1], 0))
            return take_child(x, 0);
        if (is_num(a[0], 0))
            return mbs_node_unary(N_NEG, take_child(x, 1));
        return x;
    case N_MUL:
        if (all_numbers)
            return number(x, a[0]->v * a[1]->v);
        if (is_num(a[0], 0) || is_num(a[1], 0))
            return number(x, 0.0);
        if (is_num(a[0], 1))
            return take_child(x, 1);
        if (is_num(a[1], 1))
            return take_child(x, 0);
        if (is_num(a[0], -1))
            return mbs_node_unary(N_NEG, take_child(x, 1));
        if (is_num(a[1], -1))
            return mbs_node_unary(N_NEG, take_child(x, 0));
        return x;
    case N_DIV:
        if (all_numbers)
            return number(x, a[0]->v / a[1]->v);
        if (is_num(a[0], 0))
            return number(x, 0.0);
        if (is_num(a[1], 1))
            return take_child(x, 0);
        return x;
    case N_POW:
        if (all_numbers)
            return number(x, pow(a[0]->v, a[1]->v));
        if (is_num(a[1], 1))
            return take_child(x, 0);
        if (is_num(a[1], 0))
            return number(x, 1.0);
        return x;
    case N_FN:
    case N_PARTIAL:
        if (all_numbers && x->n <= 40) {
            double args[40];
            for (int i = 0; i < x->n; i++)
                args[i] = a[i]->v;
            const mbs_fn_desc *f = mbs_fn(x->index);
            double v = x->kind == N_FN ? f->eval(args, x->n) : f->partial(args, x->n, x->arg);
            return number(x, v);
        }
        return x;
    default:
        return x;
    }
}
