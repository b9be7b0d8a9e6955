/* c_sysfnc and c_sysary (reads.h).
 *
 * c_sysfnc(name, ipar, n) is the expression language's function `name`
 * with arguments ipar: DX(I, J, K), VZ(...), JOINT(id, jflag, comp, rm),
 * VARVAL(id), ARYVAL(id, k), DIF(id), MODE (n = 0), ... c_sysary(name,
 * ipar, n) is a list of them with the same arguments:
 *   DISP   DX DY DZ PSI THETA PHI     TDISP  DX DY DZ    RDISP  PSI THETA PHI
 *   VEL    VX VY VZ WX WY WZ          TVEL   VX VY VZ    RVEL   WX WY WZ
 *   ACC    ACCX ACCY ACCZ WDTX WDTY WDTZ                 TACC, RACC likewise
 *   FORCE  FX FY FZ TX TY TZ          TFORCE, RFORCE likewise
 *   ARRAY(id)             ARYVAL(id, 1) .. ARYVAL(id, n): a Reference_Array
 *   PINPUT(id), POUTPUT(id)  VARVAL of each variable of a Control_PlantInput / Output
 * (a function that takes fewer arguments gets the first ones: the angles
 * (I, J), the angular velocities (I, J, K)). Values are in the model's
 * units, as in expressions. */
#include "reads.h"
#include "../core/strutil.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct part {
    const char *fn;
    int max_args;
} part;

static const struct {
    const char *name;
    int n;
    part parts[6];
} LISTS[] = {
    {"DISP", 6, {{"DX", 3}, {"DY", 3}, {"DZ", 3}, {"PSI", 2}, {"THETA", 2}, {"PHI", 2}}},
    {"TDISP", 3, {{"DX", 3}, {"DY", 3}, {"DZ", 3}}},
    {"RDISP", 3, {{"PSI", 2}, {"THETA", 2}, {"PHI", 2}}},
    {"VEL", 6, {{"VX", 4}, {"VY", 4}, {"VZ", 4}, {"WX", 3}, {"WY", 3}, {"WZ", 3}}},
    {"TVEL", 3, {{"VX", 4}, {"VY", 4}, {"VZ", 4}}},
    {"RVEL", 3, {{"WX", 3}, {"WY", 3}, {"WZ", 3}}},
    {"ACC", 6, {{"ACCX", 4}, {"ACCY", 4}, {"ACCZ", 4}, {"WDTX", 4}, {"WDTY", 4}, {"WDTZ", 4}}},
    {"TACC", 3, {{"ACCX", 4}, {"ACCY", 4}, {"ACCZ", 4}}},
    {"RACC", 3, {{"WDTX", 4}, {"WDTY", 4}, {"WDTZ", 4}}},
    {"FORCE", 6, {{"FX", 3}, {"FY", 3}, {"FZ", 3}, {"TX", 3}, {"TY", 3}, {"TZ", 3}}},
    {"TFORCE", 3, {{"FX", 3}, {"FY", 3}, {"FZ", 3}}},
    {"RFORCE", 3, {{"TX", 3}, {"TY", 3}, {"TZ", 3}}},
};

/* The name as MotionSolve compares it: upper case, blanks trimmed. */
static int normalised(const char *fncnam, char *out, size_t size)
{
    while (*fncnam == ' ')
        fncnam++;
    size_t n = 0;
    for (; fncnam[n] && n + 1 < size; n++)
        out[n] = (char)toupper((unsigned char)fncnam[n]);
    if (fncnam[n])
        return -1; /* longer than any function's name */
    while (n > 0 && out[n - 1] == ' ')
        n--;
    out[n] = '\0';
    return n > 0 ? 0 : -1;
}

/* "DX(20, 10)" for messages. */
static void call_text(const char *name, const int *ipar, int nsize, char *out, size_t size)
{
    int n = snprintf(out, size, "%s(", name);
    for (int i = 0; i < nsize && n >= 0 && (size_t)n < size; i++)
        n += snprintf(out + n, size - (size_t)n, "%s%d", i ? ", " : "", ipar[i]);
    if (n >= 0 && (size_t)n < size)
        snprintf(out + n, size - (size_t)n, ")");
}

/* ---- the iflag call: binding ---- */

static int add_value(mbs_user_routine *r, int slot, double constant)
{
    int *slots = realloc(r->slot, (size_t)(r->n_values + 1) * sizeof *slots);
    if (slots)
        r->slot = slots;
    double *constants = realloc(r->constant, (size_t)(r->n_values + 1) * sizeof *constants);
    if (constants)
        r->constant = constants;
    if (!slots || !constants)
        return -1;
    r->slot[r->n_values] = slot;
    r->constant[r->n_values++] = constant;
    return 0;
}

/* Binds fn(args) as an expression would bind it; -1 after failing. */
static int bind(mbs_user_context *c, const char *what, const char *fn, const int *args, int nargs)
{
    mbs_user_routine *r = c->routine;
    int is_const[MBS_USER_MAX_IPAR];
    double value[MBS_USER_MAX_IPAR];
    for (int i = 0; i < nargs; i++) {
        is_const[i] = 1;
        value[i] = args[i];
    }
    char err[400] = "";
    /* a bare name (MODE) is asked with nargs -1, as the parser asks it */
    mbs_bind_call call = {fn, nargs ? nargs : -1, is_const, value, -1, 0.0, err, sizeof err};
    switch (r->env->bind(r->env->ctx, &call)) {
    case MBS_BIND_SLOT:
        return add_value(r, call.slot, 0.0) == 0 ? 0 : (mbs_user_fail(c, "out of memory"), -1);
    case MBS_BIND_CONSTANT:
        return add_value(r, -1, call.constant) == 0 ? 0 : (mbs_user_fail(c, "out of memory"), -1);
    case MBS_BIND_ERROR:
        mbs_user_fail(c, "%s: %s", what, err);
        return -1;
    default:
        mbs_user_fail(c, "%s: '%s' is not a function of the state that mbsim knows (docs/expressions.md lists them)",
                      what, fn);
        return -1;
    }
}

/* The ids in an ARRAY, PINPUT or POUTPUT list's element: ARYVAL(id, k) or
 * VARVAL(variable). */
static int bind_list(mbs_user_context *c, const char *what, const char *name, const int *ipar, int nsize)
{
    const mbs_model *m = mbs_builder_model(c->b);
    if (nsize != 1) {
        mbs_user_fail(c, "%s: %s takes one argument (an id)", what, name);
        return -1;
    }
    if (strcmp(name, "ARRAY") == 0) {
        int k = mbs_builder_index(c->b, MBS_FAMILY_ARRAY, ipar[0]);
        if (k < 0) {
            mbs_user_fail(c, "%s: Reference_Array %d does not exist", what, ipar[0]);
            return -1;
        }
        for (int i = 1; i <= m->arrays[k].n; i++) {
            int args[2] = {ipar[0], i};
            if (bind(c, what, "ARYVAL", args, 2) != 0)
                return -1;
        }
        return 0;
    }
    int input = strcmp(name, "PINPUT") == 0;
    int k = mbs_builder_index(c->b, input ? MBS_FAMILY_PLANT_INPUT : MBS_FAMILY_PLANT_OUTPUT, ipar[0]);
    if (k < 0) {
        mbs_user_fail(c, "%s: Control_Plant%s %d does not exist", what, input ? "Input" : "Output", ipar[0]);
        return -1;
    }
    const mbs_plant *p = input ? &m->plant_inputs[k] : &m->plant_outputs[k];
    for (int i = 0; i < p->n_variables; i++) {
        int id = m->comps[p->variables[i]].id;
        if (bind(c, what, "VARVAL", &id, 1) != 0)
            return -1;
    }
    return 0;
}

static int declare(mbs_user_context *c, const char *name, const int *ipar, int nsize, int array, const char *what)
{
    mbs_user_routine *r = c->routine;
    mbs_user_call *grown = realloc(r->calls, (size_t)(r->n_calls + 1) * sizeof *grown);
    if (!grown) {
        mbs_user_fail(c, "out of memory");
        return -1;
    }
    r->calls = grown;
    mbs_user_call *call = &r->calls[r->n_calls];
    memset(call, 0, sizeof *call);
    snprintf(call->name, sizeof call->name, "%s", name);
    call->array = array;
    call->nsize = nsize;
    memcpy(call->ipar, ipar, (size_t)nsize * sizeof *ipar);
    call->first = r->n_values;
    int rc = 0;
    if (!array) {
        if (strcmp(name, "AKISPL") == 0 || strcmp(name, "CUBSPL") == 0 || strcmp(name, "LINSPL") == 0) {
            mbs_user_fail(c, "%s: a spline is read with c_akispl, c_cubspl or c_linspl (its x is a number)", what);
            rc = -1;
        } else {
            rc = bind(c, what, name, ipar, nsize);
        }
    } else if (strcmp(name, "ARRAY") == 0 || strcmp(name, "PINPUT") == 0 || strcmp(name, "POUTPUT") == 0) {
        rc = bind_list(c, what, name, ipar, nsize);
    } else {
        int found = 0;
        for (size_t i = 0; i < sizeof LISTS / sizeof LISTS[0] && !found; i++) {
            if (strcmp(LISTS[i].name, name) != 0)
                continue;
            found = 1;
            for (int k = 0; k < LISTS[i].n && rc == 0; k++) {
                int n = nsize < LISTS[i].parts[k].max_args ? nsize : LISTS[i].parts[k].max_args;
                rc = bind(c, what, LISTS[i].parts[k].fn, ipar, n);
            }
        }
        if (!found) {
            mbs_user_fail(c, "%s: '%s' is not a c_sysary function that mbsim knows (DISP, TDISP, RDISP, VEL, TVEL, "
                             "RVEL, ACC, TACC, RACC, FORCE, TFORCE, RFORCE, ARRAY, PINPUT, POUTPUT)",
                          what, name);
            rc = -1;
        }
    }
    call->n = r->n_values - call->first;
    if (rc == 0)
        r->n_calls++;
    return rc;
}

/* ---- at a state: answering ---- */

static const mbs_user_call *declared(const mbs_user_routine *r, const char *name, const int *ipar, int nsize, int array)
{
    for (int i = 0; i < r->n_calls; i++) {
        const mbs_user_call *call = &r->calls[i];
        if (call->array == array && call->nsize == nsize && strcmp(call->name, name) == 0 &&
            memcmp(call->ipar, ipar, (size_t)nsize * sizeof *ipar) == 0)
            return call;
    }
    return NULL;
}

int mbs_user_read(mbs_user_context *c, const char *fncnam, const int *ipar, int nsize, int array, double *states,
                  int *nstates)
{
    const char *utility = array ? "c_sysary" : "c_sysfnc";
    char name[16], what[160];
    int named = fncnam && normalised(fncnam, name, sizeof name) == 0;
    if (!named)
        snprintf(name, sizeof name, "?");
    call_text(name, ipar, nsize < 0 || nsize > MBS_USER_MAX_IPAR || (!ipar && nsize) ? 0 : nsize, what,
              sizeof what);
    char full[200];
    snprintf(full, sizeof full, "%s %s", utility, what);
    if (nstates)
        *nstates = 0;
    if (!array && states)
        states[0] = 0.0;
    if (!c->routine->may_read) {
        mbs_user_shape shape = c->routine->shape;
        int contact = shape == MBS_USER_CONTACT_NORMAL || shape == MBS_USER_CONTACT_FRICTION;
        mbs_user_fail(c, "%s: %s may not read the state (%s)", full, c->routine->routine,
                      contact ? "mbsim's rule: it is given the contact point's state"
                              : "MotionSolve's rule: it is a function of time, or is given its states");
        return -1;
    }
    if (!named) {
        mbs_user_fail(c, "%s: no function name", utility);
        return -1;
    }
    if (nsize < 0 || nsize > MBS_USER_MAX_IPAR || (!ipar && nsize)) {
        mbs_user_fail(c, "%s: nsize %d (0 to %d arguments)", full, nsize, MBS_USER_MAX_IPAR);
        return -1;
    }
    mbs_user_routine *r = c->routine;
    if (c->b) {
        if (declare(c, name, ipar, nsize, array, full) != 0)
            return -1;
        const mbs_user_call *call = &r->calls[r->n_calls - 1];
        for (int k = 0; states && k < (array ? call->n : 1); k++)
            states[k] = 0.0; /* MotionSolve's: zeros in the iflag call */
        if (nstates)
            *nstates = call->n;
        return 0;
    }
    const mbs_user_call *call = declared(r, name, ipar, nsize, array);
    if (!call) {
        mbs_user_fail(c, "%s was not among the calls it made when iflag was set: a routine makes every c_sysfnc and "
                         "c_sysary call it will make in that call (they declare what it reads)",
                      full);
        return -1;
    }
    for (int k = 0; states && k < call->n; k++) {
        int slot = r->slot[call->first + k];
        states[k] = slot >= 0 ? mbs_measure_value(c->ev, &r->reads->measures[slot], NULL, 0)
                              : r->constant[call->first + k];
    }
    if (nstates)
        *nstates = call->n;
    return 0;
}
