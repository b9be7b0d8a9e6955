/* The compiled form: a postfix program run on a fixed stack.
 *
 * Each instruction pushes a value (a number, a variable) or replaces the
 * top n values by a result (an operator, a function, a run-time function of
 * the model). The stack a program needs is counted when it is built; the
 * evaluator keeps it in a local array, so evaluation allocates nothing and
 * can be nested (a force reading FX of another element). */
#include "expr_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { STACK_SIZE = 1024 };

typedef enum op {
    OP_NUM, OP_VAR, OP_NEG, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_POW, OP_FN, OP_PARTIAL, OP_EXT
} op;

typedef struct mbs_instr {
    op op;
    int n;        /* operands taken from the stack */
    int index;    /* variable, function, slot */
    int arg;      /* OP_PARTIAL: which argument */
    double v;     /* OP_NUM */
} mbs_instr;

typedef struct emitter {
    mbs_instr *code;
    int n, cap;
    int depth, max_depth;
} emitter;

static int emit(emitter *em, op o, int n, int index, int arg, double v)
{
    if (em->n == em->cap) {
        int cap = em->cap ? 2 * em->cap : 16;
        mbs_instr *c = realloc(em->code, (size_t)cap * sizeof *c);
        if (!c)
            return -1;
        em->code = c;
        em->cap = cap;
    }
    em->code[em->n++] = (mbs_instr){o, n, index, arg, v};
    em->depth += 1 - n;
    if (em->depth > em->max_depth)
        em->max_depth = em->depth;
    return 0;
}

static int gen(emitter *em, const node *x)
{
    for (int i = 0; i < x->n; i++)
        if (gen(em, x->a[i]) != 0)
            return -1;
    switch (x->kind) {
    case N_NUM: return emit(em, OP_NUM, 0, 0, 0, x->v);
    case N_VAR: return emit(em, OP_VAR, 0, x->index, 0, 0);
    case N_NEG: return emit(em, OP_NEG, 1, 0, 0, 0);
    case N_ADD: return emit(em, OP_ADD, 2, 0, 0, 0);
    case N_SUB: return emit(em, OP_SUB, 2, 0, 0, 0);
    case N_MUL: return emit(em, OP_MUL, 2, 0, 0, 0);
    case N_DIV: return emit(em, OP_DIV, 2, 0, 0, 0);
    case N_POW: return emit(em, OP_POW, 2, 0, 0, 0);
    case N_FN: return emit(em, OP_FN, x->n, x->index, 0, 0);
    case N_PARTIAL: return emit(em, OP_PARTIAL, x->n, x->index, x->arg, 0);
    case N_EXT: return emit(em, OP_EXT, x->n, x->index, 0, 0);
    default: return -1; /* unresolved names cannot reach here */
    }
}

int mbs_expr_codegen(mbs_expr *e, char *err, size_t errsize)
{
    emitter em = {NULL, 0, 0, 0, 0};
    if (gen(&em, e->root) != 0) {
        free(em.code);
        if (err)
            snprintf(err, errsize, "out of memory");
        return -1;
    }
    if (em.max_depth > STACK_SIZE) {
        free(em.code);
        if (err)
            snprintf(err, errsize, "the expression is too complex (it needs %d stack entries; at most %d)",
                     em.max_depth, STACK_SIZE);
        return -1;
    }
    e->code = em.code;
    e->n_code = em.n;
    e->max_stack = em.max_depth;
    return 0;
}

double mbs_expr_eval_with(const mbs_expr *e, const double *vars, mbs_expr_ext_fn ext, void *ctx)
{
    double st[STACK_SIZE];
    int sp = 0;
    for (int i = 0; i < e->n_code; i++) {
        const mbs_instr *in = &e->code[i];
        double *top = st + sp;
        switch (in->op) {
        case OP_NUM: st[sp++] = in->v; break;
        case OP_VAR: st[sp++] = vars ? vars[in->index] : 0.0; break;
        case OP_NEG: top[-1] = -top[-1]; break;
        case OP_ADD: top[-2] += top[-1]; sp--; break;
        case OP_SUB: top[-2] -= top[-1]; sp--; break;
        case OP_MUL: top[-2] *= top[-1]; sp--; break;
        case OP_DIV: top[-2] /= top[-1]; sp--; break;
        case OP_POW: top[-2] = pow(top[-2], top[-1]); sp--; break;
        case OP_FN:
        case OP_PARTIAL:
        case OP_EXT: {
            double *args = top - in->n, v;
            if (in->op == OP_FN)
                v = mbs_fn(in->index)->eval(args, in->n);
            else if (in->op == OP_PARTIAL)
                v = mbs_fn(in->index)->partial(args, in->n, in->arg);
            else
                v = ext ? ext(ctx, in->index, args, in->n) : NAN;
            sp -= in->n;
            st[sp++] = v;
            break;
        }
        }
    }
    return sp == 1 ? st[0] : NAN;
}

double mbs_expr_eval(const mbs_expr *e, const double *vars)
{
    return mbs_expr_eval_with(e, vars, NULL, NULL);
}
