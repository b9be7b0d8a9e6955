/* A user subroutine bound to an element (routine.h): found, given its
 * parameters, declared (the iflag call at set-up) and called at a state.
 *
 * Every call is made with the element's id, the time in the model's time
 * unit and the USER(...) parameters; dflag is set while the integrator
 * differences the equations for its Newton matrix (mbs_data.differencing).
 * A failure the routine reports (c_errmes with STOP) or a misuse of a
 * utility ends the call's evaluation fatally: at set-up the model does not
 * load, in a run the run fails with the message (its rows kept). */
#include "routine.h"
#include "context.h"
#include "crash_guard.h"
#include "library.h"
#include "../../include/mbsim/usersub.h"
#include "../core/strutil.h"
#include "../solver/eval/eval.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the prototypes of the shapes ---- */

typedef void STDCALL force_fn(int *id, double *time, double *par, int *npar, int *dflag, int *iflag, double *result);
typedef void STDCALL motion_fn(int *id, double *time, double *par, int *npar, int *iord, int *iflag, double *value);
typedef void STDCALL output_fn(int *id, double *time, double *par, int *npar, int *iflag, double *result);
typedef void STDCALL array_fn(int *id, double *time, double *par, int *npar, int *dflag, int *iflag, int *nvalue,
                              double *value);
typedef void STDCALL system_fn(int *id, double *time, double *par, int *npar, int *dflag, int *iflag, int *nstate,
                               double *states, int *ninput, double *input, int *noutpt, double *stated, double *output);
typedef void STDCALL contact_normal_fn(int *id, double *time, double *par, int *npar, double *loci, double *ni,
                                       double *locj, double *nj, double *gap, double *gapdot, double *gapdotdot,
                                       int *dflag, int *iflag, double *result);
typedef void STDCALL contact_friction_fn(int *id, double *time, double *par, int *npar, double *loci, double *locj,
                                         double *x, double *xdot, double *nforce, int *dflag, int *iflag,
                                         double *result);

/* "SFOSUB", or "SFOSUB 'f'" for a function of another name. */
static char *label_of(const mbs_user_routine *r)
{
    if (strcmp(r->function, r->routine) == 0)
        return mbs_strdup(r->routine);
    return mbs_sprintf_alloc("%s '%s'", r->routine, r->function);
}

void mbs_user_invoke(const mbs_user_routine *r, const mbs_user_args *a)
{
    int id = r->id, npar = r->npar, dflag = a->dflag, iflag = a->iflag, iord = a->iord, nvalue = r->n_outputs;
    double time = a->time;
    mbs_user_system sys = r->system;
    int n = r->shape == MBS_USER_SYSTEM ? sys.nstate + sys.noutput : r->n_outputs;
    for (int k = 0; k < n; k++)
        a->out[k] = 0.0;
    /* a system's states and inputs are copies: the routine may write them */
    double states[MBS_USER_SYSTEM_MAX + 1], inputs[MBS_USER_SYSTEM_MAX + 1];
    for (int k = 0; r->shape == MBS_USER_SYSTEM && k < sys.nstate; k++)
        states[k] = a->states ? a->states[k] : 0.0;
    for (int k = 0; r->shape == MBS_USER_SYSTEM && k < sys.ninput; k++)
        inputs[k] = a->inputs ? a->inputs[k] : 0.0;
    /* a contact point's arguments are copies too (the iflag call has none: zeros) */
    mbs_user_contact k;
    if (a->contact)
        k = *a->contact;
    else
        memset(&k, 0, sizeof k);
    mbs_crash_guard saved;
    mbs_crash_guard_enter(r->guard, time, &saved);
    switch (r->shape) {
    case MBS_USER_FORCE:
        ((force_fn *)r->fn)(&id, &time, r->par, &npar, &dflag, &iflag, a->out);
        break;
    case MBS_USER_MOTION:
        ((motion_fn *)r->fn)(&id, &time, r->par, &npar, &iord, &iflag, a->out);
        break;
    case MBS_USER_OUTPUT:
        ((output_fn *)r->fn)(&id, &time, r->par, &npar, &iflag, a->out);
        break;
    case MBS_USER_ARRAY:
        ((array_fn *)r->fn)(&id, &time, r->par, &npar, &dflag, &iflag, &nvalue, a->out);
        break;
    case MBS_USER_SYSTEM:
        ((system_fn *)r->fn)(&id, &time, r->par, &npar, &dflag, &iflag, &sys.nstate, states, &sys.ninput, inputs,
                             &sys.noutput, a->out, a->out + sys.nstate);
        break;
    case MBS_USER_CONTACT_NORMAL:
        ((contact_normal_fn *)r->fn)(&id, &time, r->par, &npar, k.loci, k.ni, k.locj, k.nj, &k.gap, &k.gapdot,
                                     &k.gapdotdot, &dflag, &iflag, a->out);
        break;
    case MBS_USER_CONTACT_FRICTION:
        ((contact_friction_fn *)r->fn)(&id, &time, r->par, &npar, k.loci, k.locj, k.x, k.xdot, &k.nforce, &dflag,
                                       &iflag, a->out);
        break;
    }
    mbs_crash_guard_leave(&saved);
}

/* ---- at a state ---- */

/* One call at ev's state; a failure fails the evaluation. */
static void call_at_state(mbs_user_routine *r, const mbs_eval *ev, mbs_user_args *a)
{
    mbs_user_context c;
    memset(&c, 0, sizeof c);
    c.routine = r;
    c.ev = ev;
    c.time = a->time;
    a->dflag = ev->d->differencing;
    mbs_user_enter(&c);
    mbs_user_invoke(r, a);
    mbs_user_leave(&c);
    if (!c.failed)
        return;
    /* as mbs_eval_fatal reports an element's failure (a request has no component) */
    mbs_data *d = ev->d;
    if (!d->eval_failed)
        snprintf(d->eval_message, sizeof d->eval_message, "%s at t = %.9g: its user subroutine %s: %s", r->element,
                 ev->t, r->label, c.message);
    d->eval_failed = 1;
    d->eval_fatal = 1;
}

/* The routine's outputs at ev's state and time t (model units): the
 * values() of its tfuncs (model/tfunc.h). */
static void values(void *routine, const mbs_eval *ev, double t, int iord, double *out)
{
    mbs_user_args a = {t, 0, 0, iord, NULL, NULL, out, NULL};
    call_at_state(routine, ev, &a);
}

void mbs_user_system_values(const mbs_eval *ev, mbs_user_routine *r, const double *x, const double *u, double *xdot,
                            double *y)
{
    double out[2 * MBS_USER_SYSTEM_MAX];
    mbs_user_args a = {ev->t / mbs_units_to_si(&ev->m->units, DIM_TIME), 0, 0, 0, x, u, out, NULL};
    call_at_state(r, ev, &a);
    for (int k = 0; k < r->system.nstate; k++)
        xdot[k] = out[k];
    for (int k = 0; k < r->system.noutput; k++)
        y[k] = out[r->system.nstate + k];
}

void mbs_user_contact_values(const mbs_eval *ev, mbs_user_routine *r, const mbs_user_contact *k, double *out)
{
    mbs_user_args a = {ev->t / mbs_units_to_si(&ev->m->units, DIM_TIME), 0, 0, 0, NULL, NULL, out, k};
    call_at_state(r, ev, &a);
}

static void routine_free(mbs_user_routine *r)
{
    free(r->function);
    free(r->label);
    free(r->library);
    free(r->element);
    free(r->guard);
    free(r->par);
    free(r->calls);
    free(r->slot);
    free(r->constant);
    free(r);
}

static void release(void *routine)
{
    mbs_user_routine *r = routine;
    if (--r->refs == 0)
        routine_free(r);
}

/* ---- set-up ---- */

/* The iflag call, once every element is built: what the routine reads is
 * bound into its first tfunc's measures (reads.c). */
static int declare(mbs_builder *b, const mbs_spec_elem *e, void *ctx)
{
    mbs_user_routine *r = ctx;
    mbs_user_context c;
    memset(&c, 0, sizeof c);
    c.routine = r;
    c.b = b;
    c.e = e;
    double out[2 * MBS_USER_SYSTEM_MAX];
    mbs_user_args a = {0.0, 0, 1, 0, NULL, NULL, out, NULL};
    mbs_user_enter(&c);
    mbs_user_invoke(r, &a);
    mbs_user_leave(&c);
    r->env = NULL; /* the builder's, freed with it */
    if (c.failed)
        return mbs_build_error(b, e, "its user subroutine %s, in its iflag call: %s", r->label, c.message);
    return 0;
}

/* The numbers of "USER(p1, p2, ...)" (each a number or an expression of
 * the model's parameters) into r->par; -1 after reporting. */
static int parameters(mbs_builder *b, const mbs_spec_elem *e, const char *text, mbs_user_routine *r)
{
    r->par = calloc(1, sizeof *r->par); /* a routine may read par[0] whatever npar says */
    if (!r->par)
        return -1;
    if (!text)
        return 0;
    char *copy = mbs_strdup(text), *list = copy ? mbs_str_trim(copy) : NULL;
    if (!list)
        return -1;
    /* USER( ... ): the list inside */
    size_t len = strlen(list);
    char *open = strchr(list, '(');
    if (open && len > 0 && list[len - 1] == ')') {
        char head[8] = "";
        snprintf(head, sizeof head, "%.*s", (int)(open - list) < 7 ? (int)(open - list) : 7, list);
        if (mbs_strcaseeq(mbs_str_trim(head), "USER")) {
            list[len - 1] = '\0';
            list = open + 1;
        }
    }
    const mbs_model *m = mbs_builder_model(b);
    mbs_scope scope = {m->param_names, m->param_values, m->n_params, NULL, 0, NULL};
    int rc = 0, depth = 0;
    char *arg = list;
    for (char *p = list;; p++) {
        depth += *p == '(' ? 1 : *p == ')' ? -1 : 0;
        if (*p && !(*p == ',' && depth == 0))
            continue;
        int end = !*p;
        *p = '\0';
        char err[300];
        mbs_expr *x = NULL;
        if (!(end && r->npar == 0 && !*mbs_str_trim(arg))) { /* USER() has none */
            x = mbs_expr_compile(arg, &scope, err, sizeof err);
            double *grown = x ? realloc(r->par, (size_t)(r->npar + 1) * sizeof *grown) : NULL;
            if (!x)
                rc = mbs_build_error(b, e, "its user subroutine %s: its parameters '%s': parameter %d: %s",
                                     r->label, text, r->npar + 1, err);
            else if (!grown)
                rc = -1;
            else {
                r->par = grown;
                r->par[r->npar++] = mbs_expr_eval(x, NULL);
            }
            mbs_expr_free(x);
        }
        if (end || rc)
            break;
        arg = p + 1;
    }
    free(copy);
    return rc;
}

/* The library and the routine in it; -1 after reporting. */
static int find(mbs_builder *b, const mbs_spec_elem *e, const mbs_user_spec *spec, mbs_user_routine *r)
{
    const char *name = spec->library, *named_by = spec->library_attr;
    if (!name || !*name || mbs_strcaseeq(name, "NULL")) {
        name = mbs_library_default_name(); /* MotionSolve's library of the machine, MS_USERSUBDLL */
        named_by = "MS_USERSUBDLL";
        if (!name)
            return mbs_build_error(b, e, "its user subroutine %s names no library, and MS_USERSUBDLL (the library "
                                         "of elements that name none: no %s, no library in Adams' ROUTINE) is not "
                                         "set",
                                   r->label, spec->library_attr);
    }
    char err[1500];
    mbs_library *lib = mbs_library_open(name, mbs_builder_model(b)->path, err, sizeof err);
    if (!lib)
        return mbs_build_error(b, e, "its user subroutine %s (%s): %s", r->label, named_by, err);
    if (!(r->library = mbs_strdup(mbs_library_path(lib))))
        return -1;
    void *symbol = mbs_library_routine(lib, r->function);
    if (!symbol)
        return mbs_build_error(b, e, "its user subroutine %s: %s has no routine '%s'%s", r->label, r->library,
                               r->function,
                               strcmp(r->function, r->routine) == 0 ? " (the routine's default name; "
                                                                      "usrsub_fnc_name, or Adams' ROUTINE = "
                                                                      "lib::name, names another)"
                                                                    : "");
    memcpy(&r->fn, &symbol, sizeof r->fn); /* POSIX: a symbol's address is the function's */
    return 0;
}

/* The routine `spec` names for e, found and given its parameters, with no
 * share taken yet; NULL after reporting. */
static mbs_user_routine *routine_create(mbs_builder *b, const mbs_spec_elem *e, const mbs_user_spec *spec)
{
    mbs_user_routine *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    char element[256];
    mbs_spec_describe(e, element, sizeof element);
    int named = spec->function && *spec->function && !mbs_strcaseeq(spec->function, "NULL");
    r->function = mbs_strdup(named ? spec->function : spec->routine);
    r->routine = spec->routine;
    r->element = mbs_strdup(element);
    r->shape = spec->shape;
    r->id = e->id;
    r->n_outputs = spec->n_outputs;
    r->system = spec->system;
    r->may_read = spec->may_read;
    if (!r->function || !r->element || !(r->label = label_of(r)) || parameters(b, e, spec->params, r) != 0 ||
        find(b, e, spec, r) != 0 ||
        !(r->guard = mbs_sprintf_alloc("%s: its user subroutine %s (in %s)", r->element, r->label, r->library))) {
        routine_free(r);
        return NULL;
    }
    return r;
}

mbs_user_routine *mbs_user_routine_new(mbs_builder *b, const mbs_spec_elem *e, const mbs_user_spec *spec)
{
    mbs_user_routine *r = routine_create(b, e, spec);
    if (!r)
        return NULL;
    r->refs = 1;
    if (mbs_builder_defer_ctx(b, e, declare, r) != 0) {
        routine_free(r);
        mbs_build_error(b, e, "out of memory");
        return NULL;
    }
    return r;
}

int mbs_user_routine_check(mbs_builder *b, const mbs_spec_elem *e, const mbs_user_spec *spec)
{
    mbs_user_routine *r = routine_create(b, e, spec);
    if (!r)
        return -1;
    routine_free(r);
    return 0;
}

void mbs_user_routine_release(mbs_user_routine *r)
{
    if (r)
        release(r);
}

int mbs_user_values(mbs_builder *b, const mbs_spec_elem *e, const mbs_user_spec *spec, mbs_tfunc **out)
{
    for (int k = 0; k < spec->n_outputs; k++)
        out[k] = NULL;
    mbs_user_routine *r = routine_create(b, e, spec);
    if (!r)
        return -1;
    const mbs_units *units = &mbs_builder_model(b)->units;
    int ok = 1;
    for (int k = 0; k < spec->n_outputs && ok; k++) {
        mbs_tfunc_user user = {values, release, r, k};
        out[k] = mbs_tfunc_user_new(&user, units, spec->dims[k]);
        ok = out[k] != NULL;
        r->refs += ok;
        mbs_expr_env *env = ok ? mbs_builder_add_tfunc(b, e, r->routine, out[k]) : NULL;
        ok = env != NULL;
        if (k == 0) {
            r->reads = out[0];
            r->env = env;
        }
    }
    if (!ok || mbs_builder_defer_ctx(b, e, declare, r) != 0) {
        int refs = r->refs;
        for (int k = 0; k < spec->n_outputs; k++) {
            mbs_tfunc_free(out[k]);
            out[k] = NULL;
        }
        if (refs == 0)
            routine_free(r);
        return mbs_build_error(b, e, "out of memory");
    }
    return 0;
}
