/* The state equation of Control_StateEqn and Control_SISO
 * (state_equation.h), linear or a user subroutine's (GSESUB: f and g):
 *   state rows       dx_i/dt - (A x + B u)_i = 0           (explicit states)
 *                    dx_i/dt - f_i(x, u) = 0
 *   Static analyses  (A x + B u)_i = 0, f_i(x, u) = 0 (the states at rest), or
 *                    x held with is_static_hold
 *   outputs          y_i = (C x + D u)_i, g_i(x, u), computed where an
 *                    expression reads them (ARYVAL of the Y array; ops->signal)
 * u_k is the value of the k-th Reference_Variable of the U array (VARVAL,
 * with a linear analysis' input perturbation), or the k-th value of the
 * array's user subroutine (ARYSUB: an algebraic state of the array's
 * component). The element depends on those variables or that component (the
 * Jacobian's pattern); whoever reads an output depends on the states and
 * the inputs. */
#include "state_equation.h"
#include "../solver/eval/eval.h"
#include "../usersub/routine.h"

#include <stdio.h>
#include <stdlib.h>

/* (A x + B u)_i, or (C x + D u)_i with M = C, N = D. */
static double linear_row(const mbs_component *c, const mbs_eval *ev, const double *M, const double *N, int i)
{
    const mbs_state_equation *p = c->params;
    double v = 0.0;
    for (int j = 0; M && j < p->nx; j++)
        v += M[(size_t)i * (size_t)p->nx + (size_t)j] * mbs_state(ev, c, j);
    for (int k = 0; N && k < p->nu; k++)
        v += N[(size_t)i * (size_t)p->nu + (size_t)k] * mbs_array_value(ev, p->u, k);
    return v;
}

/* A user system's rates f(x, u) and outputs g(x, u) at this state. */
static void user_system(const mbs_component *c, const mbs_eval *ev, double *xdot, double *y)
{
    const mbs_state_equation *p = c->params;
    double x[MBS_USER_SYSTEM_MAX], u[MBS_USER_SYSTEM_MAX];
    for (int j = 0; j < p->nx; j++)
        x[j] = mbs_state(ev, c, j);
    for (int k = 0; k < p->nu; k++)
        u[k] = mbs_array_value(ev, p->u, k);
    mbs_user_system_values(ev, p->user, x, u, xdot, y);
}

static void eval(const mbs_component *c, mbs_eval *ev)
{
    const mbs_state_equation *p = c->params;
    double xdot[MBS_USER_SYSTEM_MAX], y[MBS_USER_SYSTEM_MAX];
    if (p->user)
        user_system(c, ev, xdot, y);
    for (int i = 0; i < p->nx; i++)
        mbs_set_state_residual(ev, c, i,
                               mbs_state_rate(ev, c, i) - (p->user ? xdot[i] : linear_row(c, ev, p->A, p->B, i)));
}

static int static_residual(const mbs_component *c, const mbs_eval *ev, double *res)
{
    const mbs_state_equation *p = c->params;
    double y[MBS_USER_SYSTEM_MAX];
    if (p->hold)
        return -1;
    if (p->user)
        user_system(c, ev, res, y);
    else
        for (int i = 0; i < p->nx; i++)
            res[i] = linear_row(c, ev, p->A, p->B, i);
    return 0;
}

static double output_signal(const mbs_component *c, const mbs_eval *ev, int which)
{
    const mbs_state_equation *p = c->params;
    if (!p->user)
        return linear_row(c, ev, p->C, p->D, which);
    double xdot[MBS_USER_SYSTEM_MAX], y[MBS_USER_SYSTEM_MAX];
    user_system(c, ev, xdot, y);
    return y[which];
}

static void initial_states(const mbs_component *c, double *z)
{
    const mbs_state_equation *p = c->params;
    for (int i = 0; i < p->nx; i++)
        z[i] = p->ic ? p->ic[i] : 0.0;
}

static void free_system(void *params)
{
    mbs_state_equation *p = params;
    if (!p)
        return;
    free(p->A);
    free(p->B);
    free(p->C);
    free(p->D);
    free(p->ic);
    mbs_user_routine_release(p->user);
    free(p);
}

static const mbs_component_ops OPS = {
    .eval = eval,
    .static_residual = static_residual,
    .initial_states = initial_states,
    .signal = output_signal,
    .free_params = free_system,
};

/* ---- the arrays ---- */

static const char *const TYPE_NAMES[] = {"IC", "U", "X", "Y"};

/* The array named by `attr` or its solver spelling, of type `type`: its
 * index in *out (-1 when neither is given or it is 0); -1 after reporting. */
static int read_array(mbs_builder *b, const mbs_spec_elem *e, const char *attr, const char *solver_attr,
                      mbs_array_type type, int *out)
{
    *out = -1;
    long id = mbs_spec_has(e, attr) ? mbs_spec_int(e, attr) : 0;
    long solver_id = mbs_spec_has(e, solver_attr) ? mbs_spec_int(e, solver_attr) : 0;
    if (id < 0 || solver_id < 0)
        return mbs_build_error(b, e, "%s: an array id is positive (0: none), not %ld", id < 0 ? attr : solver_attr,
                               id < 0 ? id : solver_id);
    if (id && solver_id && id != solver_id)
        return mbs_build_error(b, e, "%s (%ld) and %s (%ld) name different arrays", attr, id, solver_attr, solver_id);
    const char *named = id ? attr : solver_attr;
    if (!id)
        id = solver_id;
    if (!id)
        return 0;
    int k = mbs_builder_index(b, MBS_FAMILY_ARRAY, (int)id);
    if (k == -1)
        return mbs_build_error(b, e, "%s: Reference_Array %ld does not exist", named, id);
    if (k < 0)
        return -1; /* it reported its own error */
    const mbs_model *m = mbs_builder_model(b);
    const mbs_array *arr = &m->arrays[k];
    if (arr->type != type)
        return mbs_build_error(b, e, "%s: Reference_Array %ld is of type %s; a type %s array is needed", named, id,
                               TYPE_NAMES[arr->type], TYPE_NAMES[type]);
    if (arr->comp >= 0 && (type == MBS_ARRAY_X || type == MBS_ARRAY_Y)) {
        char other[256];
        mbs_component_describe(&m->comps[arr->comp], other, sizeof other);
        return mbs_build_error(b, e, "%s: Reference_Array %ld already holds the %s of %s", named, id,
                               type == MBS_ARRAY_X ? "states" : "outputs", other);
    }
    *out = k;
    if (type == MBS_ARRAY_X || type == MBS_ARRAY_Y)
        mbs_builder_model(b)->arrays[k].comp = MBS_ARRAY_FILLER_FAILED; /* until the element is added */
    return 0;
}

int mbs_state_arrays_read(mbs_builder *b, const mbs_spec_elem *e, mbs_state_arrays *a)
{
    int rc = read_array(b, e, "x_array_id", "x_solver_array_id", MBS_ARRAY_X, &a->x);
    rc |= read_array(b, e, "u_array_id", "u_solver_array_id", MBS_ARRAY_U, &a->u);
    rc |= read_array(b, e, "y_array_id", "y_solver_array_id", MBS_ARRAY_Y, &a->y);
    rc |= read_array(b, e, "ic_array_id", "ic_solver_array_id", MBS_ARRAY_IC, &a->ic);
    return rc ? -1 : 0;
}

int mbs_state_arrays_inputs(mbs_builder *b, const mbs_state_arrays *a)
{
    return a->u >= 0 ? mbs_builder_model(b)->arrays[a->u].n : 0;
}

/* The array at index k (if any) holds n values, one per `what` (a state,
 * an output, an input); -1 after reporting. */
static int check_size(mbs_builder *b, const mbs_spec_elem *e, int k, int n, const char *what)
{
    if (k < 0)
        return 0;
    const mbs_array *arr = &mbs_builder_model(b)->arrays[k];
    if (arr->n != n)
        return mbs_build_error(b, e, "Reference_Array %d (%s) holds %d elements, one per %s, but the system has %d",
                               arr->id, TYPE_NAMES[arr->type], arr->n, what, n);
    return 0;
}

int mbs_state_equation_add(mbs_builder *b, const mbs_spec_elem *e, const mbs_state_arrays *a, mbs_state_equation *se)
{
    mbs_model *m = mbs_builder_model(b);
    mbs_state_equation *p = malloc(sizeof *p);
    if (!p) {
        free(se->A);
        free(se->B);
        free(se->C);
        free(se->D);
        return -1;
    }
    *p = *se;
    p->u = a->u;
    p->ic = NULL;
    if (check_size(b, e, a->ic, p->nx, "state") || check_size(b, e, a->u, p->nu, "input")) {
        free_system(p);
        return -1;
    }
    p->ic = malloc(((size_t)p->nx + 1) * sizeof *p->ic);
    if (!p->ic) {
        free_system(p);
        return -1;
    }
    for (int i = 0; i < p->nx; i++)
        p->ic[i] = a->ic >= 0 ? m->arrays[a->ic].values[i] : 0.0;
    p->hold = mbs_spec_bool(e, "is_static_hold");
    mbs_component *c = mbs_add_component(b, e, &OPS, p);
    if (!c)
        return -1;
    c->n_states = p->nx;
    /* the inputs: the U array's variables, or its user subroutine's component (whose states they are) */
    const mbs_array *u = p->u >= 0 ? &m->arrays[p->u] : NULL;
    if (u && u->comp >= 0)
        mbs_component_depend(c, u->comp);
    for (int k = 0; u && u->comp < 0 && k < p->nu; k++)
        mbs_component_depend(c, u->variables[k]);
    /* the X and Y arrays are the system's from now on, of its sizes (MotionView writes num_element="1"
     * on them whatever the sizes: a tyre's five states, a driver's nine outputs) */
    int index = (int)(c - m->comps);
    if (a->x >= 0) {
        m->arrays[a->x].comp = index;
        m->arrays[a->x].n = p->nx;
    }
    if (a->y >= 0) {
        m->arrays[a->y].comp = index;
        m->arrays[a->y].n = p->ny;
    }
    return 0;
}
