/* Symbolic differentiation with respect to one run-time variable.
 *
 * Sums, products, quotients and powers by their rules; elementary
 * functions of one argument by the chain rule with their derivative
 * written as an expression (so it can be differentiated again); functions
 * of several arguments (STEP, SHF, POLY, ...) by
 *   d f(a1..an) = sum_k  (partial_k f)(a1..an) * d ak
 * with the partial derivatives of functions.c; the model's run-time
 * functions (DX, VARVAL, ...) are constants unless an argument depends on
 * the variable (a spline's x), then the environment names the partial. */
#include "expr_internal.h"
#include "../core/vec3.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct deriver {
    int var;
    const mbs_expr_env *env;
    char *err;
    size_t errsize;
    long budget; /* nodes it may still copy: a product of n factors has a derivative of n^2 / 2 */
} deriver;

enum { DERIVATIVE_BUDGET = 200000 };

static node *derive(const node *x, deriver *d);

static long size_of(const node *x)
{
    long n = 1;
    for (int i = 0; i < x->n; i++)
        n += size_of(x->a[i]);
    return n;
}

static node *num(double v) { return mbs_node_num(v); }
static node *copy_counted(deriver *d, const node *x)
{
    d->budget -= size_of(x);
    if (d->budget < 0) {
        if (d->err && !d->err[0])
            snprintf(d->err, d->errsize, "the derivative would be too large");
        return NULL;
    }
    return mbs_node_copy(x);
}
static node *add(node *a, node *b) { return mbs_node_binary(N_ADD, a, b); }
static node *sub(node *a, node *b) { return mbs_node_binary(N_SUB, a, b); }
static node *mul(node *a, node *b) { return mbs_node_binary(N_MUL, a, b); }
static node *dvd(node *a, node *b) { return mbs_node_binary(N_DIV, a, b); }
static node *pw(node *a, node *b) { return mbs_node_binary(N_POW, a, b); }
static node *neg(node *a) { return mbs_node_unary(N_NEG, a); }

static node *fn1(const char *name, node *a)
{
    int id = mbs_fn_id(name);
    node *x = a && id >= 0 ? mbs_node_new(N_FN, 1) : NULL;
    if (!x) {
        mbs_node_free(a);
        return NULL;
    }
    x->index = id;
    x->a[0] = a;
    return x;
}

static int is_zero(const node *x)
{
    return x && x->kind == N_NUM && x->v == 0.0;
}

/* Whether x depends on the variable. */
static int depends(const node *x, int var)
{
    if (x->kind == N_VAR)
        return x->index == var;
    for (int i = 0; i < x->n; i++)
        if (depends(x->a[i], var))
            return 1;
    return 0;
}

/* f'(a) of the elementary functions, as an expression of a. */
static node *elementary_derivative(const char *f, const node *a, deriver *d)
{
    if (!strcmp(f, "exp")) return fn1("exp", copy_counted(d, a));
    if (!strcmp(f, "log")) return dvd(num(1), copy_counted(d, a));
    if (!strcmp(f, "log10")) return dvd(num(1), mul(copy_counted(d, a), num(log(10.0))));
    if (!strcmp(f, "sqrt")) return dvd(num(0.5), fn1("sqrt", copy_counted(d, a)));
    if (!strcmp(f, "sin")) return fn1("cos", copy_counted(d, a));
    if (!strcmp(f, "cos")) return neg(fn1("sin", copy_counted(d, a)));
    if (!strcmp(f, "tan")) return add(num(1), pw(fn1("tan", copy_counted(d, a)), num(2)));
    if (!strcmp(f, "cot")) return neg(add(num(1), pw(fn1("cot", copy_counted(d, a)), num(2))));
    if (!strcmp(f, "sec")) return mul(fn1("sec", copy_counted(d, a)), fn1("tan", copy_counted(d, a)));
    if (!strcmp(f, "csc")) return neg(mul(fn1("csc", copy_counted(d, a)), fn1("cot", copy_counted(d, a))));
    if (!strcmp(f, "asin")) return dvd(num(1), fn1("sqrt", sub(num(1), pw(copy_counted(d, a), num(2)))));
    if (!strcmp(f, "acos")) return neg(dvd(num(1), fn1("sqrt", sub(num(1), pw(copy_counted(d, a), num(2))))));
    if (!strcmp(f, "atan")) return dvd(num(1), add(num(1), pw(copy_counted(d, a), num(2))));
    if (!strcmp(f, "acot")) return neg(dvd(num(1), add(num(1), pw(copy_counted(d, a), num(2)))));
    if (!strcmp(f, "asec"))
        return dvd(num(1), mul(fn1("abs", copy_counted(d, a)), fn1("sqrt", sub(pw(copy_counted(d, a), num(2)), num(1)))));
    if (!strcmp(f, "acsc"))
        return neg(dvd(num(1), mul(fn1("abs", copy_counted(d, a)), fn1("sqrt", sub(pw(copy_counted(d, a), num(2)), num(1))))));
    if (!strcmp(f, "sinh")) return fn1("cosh", copy_counted(d, a));
    if (!strcmp(f, "cosh")) return fn1("sinh", copy_counted(d, a));
    if (!strcmp(f, "tanh")) return sub(num(1), pw(fn1("tanh", copy_counted(d, a)), num(2)));
    if (!strcmp(f, "coth")) return sub(num(1), pw(fn1("coth", copy_counted(d, a)), num(2)));
    if (!strcmp(f, "sech")) return neg(mul(fn1("sech", copy_counted(d, a)), fn1("tanh", copy_counted(d, a))));
    if (!strcmp(f, "csch")) return neg(mul(fn1("csch", copy_counted(d, a)), fn1("coth", copy_counted(d, a))));
    if (!strcmp(f, "asinh")) return dvd(num(1), fn1("sqrt", add(pw(copy_counted(d, a), num(2)), num(1))));
    if (!strcmp(f, "acosh")) return dvd(num(1), fn1("sqrt", sub(pw(copy_counted(d, a), num(2)), num(1))));
    if (!strcmp(f, "atanh") || !strcmp(f, "acoth")) return dvd(num(1), sub(num(1), pw(copy_counted(d, a), num(2))));
    if (!strcmp(f, "asech"))
        return neg(dvd(num(1), mul(copy_counted(d, a), fn1("sqrt", sub(num(1), pw(copy_counted(d, a), num(2)))))));
    if (!strcmp(f, "acsch"))
        return neg(dvd(num(1), mul(fn1("abs", copy_counted(d, a)), fn1("sqrt", add(num(1), pw(copy_counted(d, a), num(2)))))));
    if (!strcmp(f, "abs")) return fn1("sgn", copy_counted(d, a));
    if (!strcmp(f, "sgn")) return num(0);
    if (!strcmp(f, "erf")) return mul(num(2.0 / sqrt(MBS_PI)), fn1("exp", neg(pw(copy_counted(d, a), num(2)))));
    if (!strcmp(f, "step")) return fn1("delta", copy_counted(d, a));
    if (!strcmp(f, "delta") || !strcmp(f, "nandelta")) return fn1("nandelta", copy_counted(d, a));
    return NULL;
}

/* sum_k g_k(args) * d a_k, with g_k built by `partial_node` */
typedef node *(*partial_builder)(const node *x, int k, deriver *d);

static node *chain(const node *x, deriver *d, partial_builder partial_node)
{
    node *sum = num(0);
    for (int k = 0; sum && k < x->n; k++) {
        if (!depends(x->a[k], d->var))
            continue;
        node *dk = derive(x->a[k], d);
        if (!dk) {
            mbs_node_free(sum);
            return NULL;
        }
        if (is_zero(dk)) {
            mbs_node_free(dk);
            continue;
        }
        node *g = partial_node(x, k, d);
        if (!g) {
            mbs_node_free(dk);
            mbs_node_free(sum);
            return NULL;
        }
        sum = add(sum, mul(g, dk));
    }
    return sum;
}

/* A copy of call x with another kind and index (its partial). */
static node *call_like(deriver *d, const node *x, node_kind kind, int index, int arg)
{
    node *c = copy_counted(d, x);
    if (c) {
        c->kind = kind;
        c->index = index;
        c->arg = arg;
    }
    return c;
}

static node *fn_partial(const node *x, int k, deriver *d)
{
    return call_like(d, x, N_PARTIAL, x->index, k);
}

static node *ext_partial(const node *x, int k, deriver *d)
{
    int slot = d->env && d->env->partial ? d->env->partial(d->env->ctx, x->index, k) : -1;
    if (slot < 0) {
        if (d->err && !d->err[0])
            snprintf(d->err, d->errsize, "%s cannot be differentiated with respect to argument %d",
                     x->text ? x->text : "a run-time function", k + 1);
        return NULL;
    }
    return call_like(d, x, N_EXT, slot, x->arg);
}

static node *derive(const node *x, deriver *d)
{
    if (!depends(x, d->var))
        return num(0);
    node **a = x->a;
    switch (x->kind) {
    case N_VAR:
        return num(1);
    case N_NEG:
        return neg(derive(a[0], d));
    case N_ADD:
        return add(derive(a[0], d), derive(a[1], d));
    case N_SUB:
        return sub(derive(a[0], d), derive(a[1], d));
    case N_MUL:
        return add(mul(derive(a[0], d), copy_counted(d, a[1])), mul(copy_counted(d, a[0]), derive(a[1], d)));
    case N_DIV:
        return sub(dvd(derive(a[0], d), copy_counted(d, a[1])),
                   dvd(mul(copy_counted(d, a[0]), derive(a[1], d)), pw(copy_counted(d, a[1]), num(2))));
    case N_POW:
        if (!depends(a[1], d->var)) /* b a^(b-1) a' */
            return mul(mul(copy_counted(d, a[1]), pw(copy_counted(d, a[0]), sub(copy_counted(d, a[1]), num(1)))), derive(a[0], d));
        /* a^b (b' log a + b a'/a) */
        return mul(copy_counted(d, x), add(mul(derive(a[1], d), fn1("log", copy_counted(d, a[0]))),
                                dvd(mul(copy_counted(d, a[1]), derive(a[0], d)), copy_counted(d, a[0]))));
    case N_FN: {
        const mbs_fn_desc *f = mbs_fn(x->index);
        if (f->partial)
            return chain(x, d, fn_partial);
        node *outer = elementary_derivative(f->name, a[0], d);
        return outer ? mul(outer, derive(a[0], d)) : NULL;
    }
    case N_EXT:
        return chain(x, d, ext_partial);
    case N_PARTIAL:
        if (d->err && !d->err[0])
            snprintf(d->err, d->errsize, "the derivative of %s's derivative is not available",
                     mbs_fn(x->index)->name);
        return NULL;
    default:
        return NULL;
    }
}

node *mbs_node_derive(const node *x, int var, const mbs_expr_env *env, char *err, size_t errsize)
{
    if (err && errsize)
        err[0] = '\0';
    deriver d = {var, env, err, errsize, DERIVATIVE_BUDGET};
    return mbs_node_simplify(derive(x, &d));
}
