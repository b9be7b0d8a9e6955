/* Syntax tree nodes: construction, copies, and printing for messages. */
#include "expr_internal.h"
#include "../core/strutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

node *mbs_node_new(node_kind kind, int n)
{
    node *x = calloc(1, sizeof *x);
    if (!x)
        return NULL;
    x->kind = kind;
    x->n = n;
    if (n > 0) {
        x->a = calloc((size_t)n, sizeof *x->a);
        if (!x->a) {
            free(x);
            return NULL;
        }
    }
    return x;
}

node *mbs_node_num(double v)
{
    node *x = mbs_node_new(N_NUM, 0);
    if (x)
        x->v = v;
    return x;
}

void mbs_node_free(node *x)
{
    if (!x)
        return;
    for (int i = 0; i < x->n; i++)
        mbs_node_free(x->a[i]);
    free(x->a);
    free(x->text);
    free(x);
}

node *mbs_node_copy(const node *x)
{
    if (!x)
        return NULL;
    node *c = mbs_node_new(x->kind, x->n);
    if (!c)
        return NULL;
    c->v = x->v;
    c->index = x->index;
    c->arg = x->arg;
    if (x->text && !(c->text = mbs_strdup(x->text))) {
        mbs_node_free(c);
        return NULL;
    }
    for (int i = 0; i < x->n; i++)
        if (!(c->a[i] = mbs_node_copy(x->a[i]))) {
            mbs_node_free(c);
            return NULL;
        }
    return c;
}

/* Takes its operands: frees them when it cannot be built. */
node *mbs_node_unary(node_kind kind, node *a)
{
    node *x = a ? mbs_node_new(kind, 1) : NULL;
    if (!x) {
        mbs_node_free(a);
        return NULL;
    }
    x->a[0] = a;
    return x;
}

node *mbs_node_binary(node_kind kind, node *a, node *b)
{
    node *x = a && b ? mbs_node_new(kind, 2) : NULL;
    if (!x) {
        mbs_node_free(a);
        mbs_node_free(b);
        return NULL;
    }
    x->a[0] = a;
    x->a[1] = b;
    return x;
}

/* ---- printing ---- */

static int precedence(const node *x)
{
    switch (x->kind) {
    case N_ADD:
    case N_SUB: return 1;
    case N_MUL:
    case N_DIV: return 2;
    case N_NEG: return 3;
    case N_POW: return 4;
    case N_NUM: return x->v < 0 ? 3 : 5;
    default: return 5;
    }
}

static void print(const node *x, const char *const *vars, mbs_buf *b, int parent_prec);

static void print_args(const node *x, const char *name, const char *const *vars, mbs_buf *b)
{
    mbs_buf_appendf(b, "%s(", name);
    for (int i = 0; i < x->n; i++) {
        if (i)
            mbs_buf_append(b, ", ");
        print(x->a[i], vars, b, 0);
    }
    mbs_buf_append(b, ")");
}

static void print(const node *x, const char *const *vars, mbs_buf *b, int parent_prec)
{
    int prec = precedence(x), open = prec < parent_prec;
    if (open)
        mbs_buf_append(b, "(");
    static const char *const ops[] = {[N_ADD] = " + ", [N_SUB] = " - ", [N_MUL] = "*", [N_DIV] = "/", [N_POW] = "^"};
    switch (x->kind) {
    case N_NUM:
        mbs_buf_appendf(b, "%.17g", x->v);
        break;
    case N_NAME:
        mbs_buf_append(b, x->text);
        break;
    case N_VAR:
        mbs_buf_append(b, vars ? vars[x->index] : "?");
        break;
    case N_NEG:
        mbs_buf_append(b, "-");
        print(x->a[0], vars, b, prec);
        break;
    case N_ADD:
    case N_SUB:
    case N_MUL:
    case N_DIV:
    case N_POW:
        /* left operands bind at their own level; right ones one tighter
         * (a - (b - c)), powers both ways ((a^b)^c) */
        print(x->a[0], vars, b, x->kind == N_POW ? prec + 1 : prec);
        mbs_buf_append(b, ops[x->kind]);
        print(x->a[1], vars, b, prec + 1);
        break;
    case N_CALL:
        print_args(x, x->text, vars, b);
        break;
    case N_FN:
        print_args(x, mbs_fn(x->index)->name, vars, b);
        break;
    case N_PARTIAL: {
        char name[64];
        snprintf(name, sizeof name, "d%d_%s", x->arg, mbs_fn(x->index)->name);
        print_args(x, name, vars, b);
        break;
    }
    case N_EXT:
        if (x->text && x->n == 0 && x->arg < 0)
            mbs_buf_append(b, x->text);
        else
            print_args(x, x->text ? x->text : "ext", vars, b);
        break;
    }
    if (open)
        mbs_buf_append(b, ")");
}

void mbs_node_print(const node *x, const char *const *var_names, char *out, size_t size)
{
    mbs_buf b;
    mbs_buf_init(&b);
    print(x, var_names, &b, 0);
    snprintf(out, size, "%s", b.data ? b.data : "");
    mbs_buf_free(&b);
}
