/* The model's environment for run-time expressions: binds MotionSolve's
 * functions of the state to measures of the expression being compiled
 * (model/measure.h), checking their arguments against the model.
 *
 *   DX DY DZ (I[,J[,K]])       DM (I[,J])        displacement of I from J, in K's axes
 *   VX VY VZ (I[,J[,K[,L]]])   VM VR (I[,J[,L]]) velocity, time derivative in frame L; VR radial
 *   WX WY WZ (I[,J[,K]])       WM (I[,J])        angular velocity of I relative to J
 *   ACCX..Z (I[,J[,K[,L]]])    ACCM (I[,J[,L]])  acceleration, derivatives in frame L
 *   WDTX..Z (I[,J[,K[,L]]])    WDTM (I[,J[,L]])  angular acceleration, derivative in frame L
 *   AX AY AZ PSI THETA PHI YAW PITCH ROLL (I[,J])  orientation of I relative to J
 *   INCANG (I, J, K)  the angle at J between the lines to I and to K, 0..pi (Adams continues past pi)
 *   ORIENT (system, component, I[,J])  Adams': 1 body-1-2-3 and 11 body-3-1-3 angles (1..3), 27 Euler
 *                              parameters (1..4)
 *   FX FY FZ TX TY TZ (I[,J[,K]])  FM TM (I[,J])  net load at I of the elements between I and J
 *   JOINT JPRIM MOTION SFORCE VFORCE VTORQ GFORCE SPDP BUSH BEAM (id, jflag, comp[, RM]): the
 *                              load of the element of that kind (ids are unique per kind only)
 *   VARVAL(id)  ARYVAL(id, n)  DIF(id)  DIF1(id)  AKISPL CUBSPL LINSPL (x, z, id[, order])  MODE
 * Marker arguments are ids (numbers known when the model is read); 0 or an
 * omitted one is the ground frame. Every value is in the model's units. */
#include "expr_env.h"
#include "tfunc.h"
#include "../core/strutil.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct marker_fn {
    const char *name;
    mbs_measure_kind kind;
    int max_args;        /* 1 .. max_args markers */
    const char *slots;   /* which of I J K L the arguments are, in order */
    mbs_dim dim;
} marker_fn;

static const marker_fn MARKER_FNS[] = {
    {"DX", MBS_MEAS_DX, 3, "IJK", DIM_LENGTH},
    {"DY", MBS_MEAS_DY, 3, "IJK", DIM_LENGTH},
    {"DZ", MBS_MEAS_DZ, 3, "IJK", DIM_LENGTH},
    {"DM", MBS_MEAS_DM, 2, "IJ", DIM_LENGTH},
    {"INCANG", MBS_MEAS_INCANG, 3, "IJK", DIM_ANGLE},
    {"VX", MBS_MEAS_VX, 4, "IJKL", DIM_VELOCITY},
    {"VY", MBS_MEAS_VY, 4, "IJKL", DIM_VELOCITY},
    {"VZ", MBS_MEAS_VZ, 4, "IJKL", DIM_VELOCITY},
    {"VM", MBS_MEAS_VM, 3, "IJL", DIM_VELOCITY},
    {"VR", MBS_MEAS_VR, 3, "IJL", DIM_VELOCITY},
    {"WX", MBS_MEAS_WX, 3, "IJK", DIM_ANGULAR_VELOCITY},
    {"WY", MBS_MEAS_WY, 3, "IJK", DIM_ANGULAR_VELOCITY},
    {"WZ", MBS_MEAS_WZ, 3, "IJK", DIM_ANGULAR_VELOCITY},
    {"WM", MBS_MEAS_WM, 2, "IJ", DIM_ANGULAR_VELOCITY},
    {"ACCX", MBS_MEAS_ACCX, 4, "IJKL", DIM_ACCELERATION},
    {"ACCY", MBS_MEAS_ACCY, 4, "IJKL", DIM_ACCELERATION},
    {"ACCZ", MBS_MEAS_ACCZ, 4, "IJKL", DIM_ACCELERATION},
    {"ACCM", MBS_MEAS_ACCM, 3, "IJL", DIM_ACCELERATION},
    {"WDTX", MBS_MEAS_WDTX, 4, "IJKL", DIM_ANGULAR_ACCELERATION},
    {"WDTY", MBS_MEAS_WDTY, 4, "IJKL", DIM_ANGULAR_ACCELERATION},
    {"WDTZ", MBS_MEAS_WDTZ, 4, "IJKL", DIM_ANGULAR_ACCELERATION},
    {"WDTM", MBS_MEAS_WDTM, 3, "IJL", DIM_ANGULAR_ACCELERATION},
    {"AX", MBS_MEAS_AX, 2, "IJ", DIM_ANGLE},
    {"AY", MBS_MEAS_AY, 2, "IJ", DIM_ANGLE},
    {"AZ", MBS_MEAS_AZ, 2, "IJ", DIM_ANGLE},
    {"PSI", MBS_MEAS_PSI, 2, "IJ", DIM_ANGLE},
    {"THETA", MBS_MEAS_THETA, 2, "IJ", DIM_ANGLE},
    {"PHI", MBS_MEAS_PHI, 2, "IJ", DIM_ANGLE},
    {"YAW", MBS_MEAS_YAW, 2, "IJ", DIM_ANGLE},
    {"PITCH", MBS_MEAS_PITCH, 2, "IJ", DIM_ANGLE},
    {"ROLL", MBS_MEAS_ROLL, 2, "IJ", DIM_ANGLE},
    {"FX", MBS_MEAS_FX, 3, "IJK", DIM_FORCE},
    {"FY", MBS_MEAS_FY, 3, "IJK", DIM_FORCE},
    {"FZ", MBS_MEAS_FZ, 3, "IJK", DIM_FORCE},
    {"FM", MBS_MEAS_FM, 2, "IJ", DIM_FORCE},
    {"TX", MBS_MEAS_TX, 3, "IJK", DIM_TORQUE},
    {"TY", MBS_MEAS_TY, 3, "IJK", DIM_TORQUE},
    {"TZ", MBS_MEAS_TZ, 3, "IJK", DIM_TORQUE},
    {"TM", MBS_MEAS_TM, 2, "IJ", DIM_TORQUE},
};

/* Element load functions: MotionSolve's element_type of the elements their
 * id names (the kinds carry it: mbs_kind.element_types). */
static const struct {
    const char *name;
    const char *type;
} LOAD_FNS[] = {
    {"JOINT", "JOINT"}, {"JPRIM", "JPRIM"}, {"MOTION", "MOTION"}, {"SFORCE", "SFORCE"}, {"VFORCE", "VFORCE"},
    {"VTORQ", "VTORQUE"}, {"GFORCE", "GFORCE"}, {"SPDP", "SPDP"}, {"BUSH", "BUSH"}, {"BEAM", "BEAM"},
};

typedef struct env_ctx {
    mbs_builder *b;
    const mbs_spec_elem *e;
    mbs_tfunc *f;
} env_ctx;

static mbs_bind_result refuse(mbs_bind_call *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static mbs_bind_result refuse(mbs_bind_call *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->err, c->errsize, fmt, ap);
    va_end(ap);
    return MBS_BIND_ERROR;
}

/* Argument k as a whole number known now; -1 (after refusing) if it is not. */
static int constant_int(mbs_bind_call *c, int k, const char *what, long *out)
{
    if (!c->is_const[k] || c->value[k] != floor(c->value[k]) || fabs(c->value[k]) > 2147483647.0) {
        refuse(c, "%s: argument %d must be %s (a whole number fixed when the model is read)", c->name, k + 1, what);
        return -1;
    }
    *out = (long)c->value[k];
    return 0;
}

static double to_model(const env_ctx *x, mbs_dim dim)
{
    return 1.0 / mbs_units_to_si(&mbs_builder_model(x->b)->units, dim);
}

/* A measure of `kind` that reads no marker yet. */
static mbs_measure new_measure(mbs_measure_kind kind)
{
    mbs_measure m;
    memset(&m, 0, sizeof m);
    m.kind = kind;
    m.comp = -1;
    m.to_model = 1.0;
    for (int k = 0; k < 4; k++)
        m.marker[k] = -1;
    return m;
}

/* The index of the element of `id` that sel selects, in *index (a
 * component, marker, array, spline); MBS_BIND_SLOT when found, else the
 * error to return ("VARVAL: Reference_Variable 7 does not exist"). An
 * element that exists but could not be built reported its own error:
 * MBS_BIND_FAILED makes the expression fail without another, so that a deck
 * whose user subroutines are refused gives one error per such element, not
 * one more for everything that reads it. */
static mbs_bind_result element_arg(env_ctx *x, mbs_bind_call *c, mbs_select sel, long id, int *index)
{
    char what[96], msg[512];
    mbs_select_describe(sel, what, sizeof what);
    *index = mbs_builder_resolve(x->b, sel, (int)id, what, NULL, msg, sizeof msg);
    if (*index == -1)
        return refuse(c, "%s: %s", c->name, msg);
    return *index < 0 ? MBS_BIND_FAILED : MBS_BIND_SLOT;
}

static mbs_bind_result add_slot(env_ctx *x, mbs_bind_call *c, const mbs_measure *m)
{
    int slot = mbs_tfunc_add_measure(x->f, m);
    if (slot < 0)
        return refuse(c, "out of memory");
    c->slot = slot;
    return MBS_BIND_SLOT;
}

/* Marker id -> index (-1: the ground frame); -2 after refusing, -3 when
 * the marker has errors of its own. */
static int marker_arg(env_ctx *x, mbs_bind_call *c, int k)
{
    long id;
    if (constant_int(c, k, "a marker id", &id) != 0)
        return -2;
    if (id == 0)
        return -1;
    int i;
    mbs_bind_result r = element_arg(x, c, MBS_SELECT_FAMILY(MBS_FAMILY_MARKER), id, &i);
    if (r == MBS_BIND_FAILED)
        return -3;
    if (r != MBS_BIND_SLOT)
        return -2;
    if (mbs_builder_model(x->b)->markers[i].type != MBS_MARKER_FRAME) {
        refuse(c, "%s: marker %ld is a Marker_Coordinate; a Reference_Marker is needed", c->name, id);
        return -2;
    }
    return i;
}

static mbs_bind_result bind_marker_fn(env_ctx *x, mbs_bind_call *c, const marker_fn *fn)
{
    if (c->nargs < 1 || c->nargs > fn->max_args)
        return refuse(c, "%s takes 1 to %d marker ids", c->name, fn->max_args);
    mbs_measure m = new_measure(fn->kind);
    for (int k = 0; k < c->nargs; k++) {
        int i = marker_arg(x, c, k);
        if (i == -2)
            return MBS_BIND_ERROR;
        if (i == -3)
            return MBS_BIND_FAILED;
        m.marker[strchr("IJKL", fn->slots[k]) - "IJKL"] = i;
    }
    if (m.marker[0] < 0 && c->value[0] == 0)
        return refuse(c, "%s: the first marker must be given (it is 0)", c->name);
    m.to_model = to_model(x, fn->dim);
    return add_slot(x, c, &m);
}

/* The I and J markers of element `comp` (-1 when it has none): its
 * i_marker_id (or marker_id) and j_marker_id (or j_floating_marker_id), or
 * those of the joint it names (motions, joint friction). */
void mbs_element_markers(mbs_builder *b, int comp, int *I, int *J)
{
    const mbs_model *m = mbs_builder_model(b);
    const mbs_component *c = &m->comps[comp];
    const mbs_spec_elem *e = mbs_builder_find(b, MBS_SELECT_KIND(c->kind), c->id);
    *I = *J = -1;
    if (!e)
        return;
    static const char *const i_names[] = {"i_marker_id", "marker_id"};
    static const char *const j_names[] = {"j_marker_id", "j_floating_marker_id"};
    for (int k = 0; k < 2; k++) {
        if (*I < 0 && mbs_kind_attr(e->kind, i_names[k]) && mbs_spec_has(e, i_names[k]))
            *I = mbs_builder_index(b, MBS_FAMILY_MARKER, (int)mbs_spec_int(e, i_names[k]));
        if (*J < 0 && mbs_kind_attr(e->kind, j_names[k]) && mbs_spec_has(e, j_names[k]))
            *J = mbs_builder_index(b, MBS_FAMILY_MARKER, (int)mbs_spec_int(e, j_names[k]));
    }
    if (*I < 0 && *J < 0 && mbs_kind_attr(e->kind, "joint_id") && mbs_spec_has(e, "joint_id")) {
        const mbs_spec_elem *je = mbs_builder_find(b, MBS_SELECT_TYPE("JOINT"), (int)mbs_spec_int(e, "joint_id"));
        int joint = je ? mbs_builder_result(b, je) : -1;
        if (joint >= 0 && joint != comp)
            mbs_element_markers(b, joint, I, J);
    }
    *I = *I < 0 ? -1 : *I;
    *J = *J < 0 ? -1 : *J;
}

static mbs_bind_result bind_load_fn(env_ctx *x, mbs_bind_call *c, const char *type)
{
    if (c->nargs < 3 || c->nargs > 4)
        return refuse(c, "%s takes (id, jflag, comp[, rm])", c->name);
    long id, jflag, which, rm = 0;
    if (constant_int(c, 0, "an element id", &id) || constant_int(c, 1, "0 or 1", &jflag) ||
        constant_int(c, 2, "a component 1 to 8", &which) || (c->nargs == 4 && constant_int(c, 3, "a marker id", &rm)))
        return MBS_BIND_ERROR;
    if ((jflag != 0 && jflag != 1) || which < 1 || which > 8)
        return refuse(c, "%s: jflag is 0 (at I) or 1 (at J), comp 1 to 8", c->name);
    int comp;
    mbs_bind_result r = element_arg(x, c, MBS_SELECT_TYPE(type), id, &comp);
    if (r != MBS_BIND_SLOT)
        return r;
    mbs_measure m = new_measure(MBS_MEAS_ELEMENT_LOAD);
    m.comp = comp;
    m.at_j = (int)jflag;
    m.which = (int)which;
    int I, J;
    mbs_element_markers(x->b, comp, &I, &J);
    m.marker[0] = jflag ? J : I;
    if (m.marker[0] < 0)
        return refuse(c, "%s: %s %ld has no %s marker to report the load at", c->name,
                      mbs_builder_model(x->b)->comps[comp].kind->name, id, jflag ? "J" : "I");
    if (rm != 0) {
        r = element_arg(x, c, MBS_SELECT_FAMILY(MBS_FAMILY_MARKER), rm, &m.marker[2]);
        if (r != MBS_BIND_SLOT)
            return r;
    }
    m.to_model = to_model(x, which <= 4 ? DIM_FORCE : DIM_TORQUE);
    return add_slot(x, c, &m);
}

/* VARVAL, DIF, DIF1: a component of `family` by id. */
static mbs_bind_result bind_state_fn(env_ctx *x, mbs_bind_call *c, mbs_family family, mbs_measure_kind kind)
{
    long id;
    if (c->nargs != 1)
        return refuse(c, "%s takes one argument (an id)", c->name);
    if (constant_int(c, 0, "an id", &id) != 0)
        return MBS_BIND_ERROR;
    int comp;
    mbs_bind_result r = element_arg(x, c, MBS_SELECT_FAMILY(family), id, &comp);
    if (r != MBS_BIND_SLOT)
        return r;
    mbs_measure m = new_measure(kind);
    m.comp = comp;
    return add_slot(x, c, &m);
}

static mbs_bind_result bind_aryval(env_ctx *x, mbs_bind_call *c)
{
    long id, n;
    if (c->nargs != 2)
        return refuse(c, "ARYVAL takes (id, n)");
    if (constant_int(c, 0, "a Reference_Array id", &id) || constant_int(c, 1, "an index from 1", &n))
        return MBS_BIND_ERROR;
    int k;
    mbs_bind_result r = element_arg(x, c, MBS_SELECT_FAMILY(MBS_FAMILY_ARRAY), id, &k);
    if (r != MBS_BIND_SLOT)
        return r;
    const mbs_array *a = &mbs_builder_model(x->b)->arrays[k];
    int filled = a->type == MBS_ARRAY_X || a->type == MBS_ARRAY_Y;
    if (filled && a->comp == MBS_ARRAY_FILLER_FAILED)
        return MBS_BIND_FAILED; /* the state equation that names it has errors of its own */
    if (filled && a->comp < 0)
        return refuse(c, "ARYVAL: Reference_Array %ld (type %s) holds the %s of a state equation, but no "
                         "Control_StateEqn or Control_SISO names it",
                      id, a->type == MBS_ARRAY_X ? "X" : "Y", a->type == MBS_ARRAY_X ? "states" : "outputs");
    if (n < 1 || n > a->n)
        return refuse(c, "ARYVAL: Reference_Array %ld has %d elements (n = %ld)", id, a->n, n);
    if (a->type == MBS_ARRAY_U && a->comp < 0) {
        mbs_measure m = new_measure(MBS_MEAS_VARVAL);
        m.comp = a->variables[n - 1];
        return add_slot(x, c, &m);
    }
    if (a->type == MBS_ARRAY_IC) {
        c->constant = a->values[n - 1];
        return MBS_BIND_CONSTANT;
    }
    /* X: the state equation's states; U of a user subroutine (ARYSUB): its component's; Y: outputs */
    mbs_measure m = new_measure(a->type == MBS_ARRAY_Y ? MBS_MEAS_SIGNAL : MBS_MEAS_STATE);
    m.comp = a->comp;
    m.which = (int)n - 1;
    if (a->type == MBS_ARRAY_Y) {
        /* an output reads the states and the inputs (the variables the element depends on): the reader
         * is coupled with all of them */
        const mbs_component *owner = &mbs_builder_model(x->b)->comps[a->comp];
        m.comps = malloc(((size_t)owner->n_depends + 1) * sizeof *m.comps);
        if (!m.comps)
            return refuse(c, "out of memory");
        m.comps[0] = a->comp;
        if (owner->n_depends > 0)
            memcpy(m.comps + 1, owner->depends, (size_t)owner->n_depends * sizeof *m.comps);
        m.n_comps = owner->n_depends + 1;
    }
    r = add_slot(x, c, &m);
    if (r != MBS_BIND_SLOT)
        free(m.comps);
    return r;
}

static mbs_bind_result bind_spline(env_ctx *x, mbs_bind_call *c, mbs_spline_method method)
{
    long id, order = 0;
    if (c->nargs < 3 || c->nargs > 4)
        return refuse(c, "%s takes (x, z, id[, order])", c->name);
    if (constant_int(c, 2, "a Reference_Spline id", &id) || (c->nargs == 4 && constant_int(c, 3, "0, 1 or 2", &order)))
        return MBS_BIND_ERROR;
    if (order < 0 || order > 2)
        return refuse(c, "%s: the derivative order is 0, 1 or 2 (is %ld)", c->name, order);
    int k;
    mbs_bind_result r = element_arg(x, c, MBS_SELECT_FAMILY(MBS_FAMILY_SPLINE), id, &k);
    if (r != MBS_BIND_SLOT)
        return r;
    mbs_measure m = new_measure(MBS_MEAS_SPLINE);
    m.spline = k;
    m.method = method;
    m.order = (int)order;
    return add_slot(x, c, &m);
}

/* MotionSolve's run-time functions mbsim does not have: named in the error. */
static const char *const UNSUPPORTED[] = {"FRICTION", "FIELD", "SENVAL", "STRVAL", "QUISPL", "INTERP", "CURVE", "SWEEP",
                                          "DELAY", "INVPSD", "PINVAL", "POUVAL", "PTCV", "CVCV", "NFORCE",
                                          "CONTACT"};

/* Adams' ORIENT(system, component, I[, J]): the orientation of I relative to
 * J in one of Adams' systems. mbsim has 1 (body-fixed 1-2-3), 11 (body-fixed
 * 3-1-3: psi, theta, phi) and 27 (Euler parameters e0..e3, e0 >= 0). */
static mbs_bind_result bind_orient(env_ctx *x, mbs_bind_call *c)
{
    long system, comp;
    if (c->nargs < 3 || c->nargs > 4)
        return refuse(c, "ORIENT takes (system, component, I[, J])");
    if (constant_int(c, 0, "the orientation system", &system) != 0 ||
        constant_int(c, 1, "the component", &comp) != 0)
        return MBS_BIND_ERROR;
    mbs_measure_kind kind;
    if (system == 11 && comp >= 1 && comp <= 3)
        kind = (mbs_measure_kind)(MBS_MEAS_PSI + comp - 1);
    else if (system == 1 && comp >= 1 && comp <= 3)
        kind = (mbs_measure_kind)(MBS_MEAS_B1 + comp - 1);
    else if (system == 27 && comp >= 1 && comp <= 4)
        kind = (mbs_measure_kind)(MBS_MEAS_E0 + comp - 1);
    else if (system == 1 || system == 11 || system == 27)
        return refuse(c, "ORIENT: system %ld has no component %ld", system, comp);
    else
        return refuse(c, "ORIENT: orientation system %ld is not supported (mbsim has 1 and 11, the body-fixed 1-2-3 "
                         "and 3-1-3 angles, and 27, the Euler parameters)", system);
    mbs_measure m = new_measure(kind);
    for (int k = 2; k < c->nargs; k++) {
        int i = marker_arg(x, c, k);
        if (i == -2)
            return MBS_BIND_ERROR;
        if (i == -3)
            return MBS_BIND_FAILED;
        m.marker[k - 2] = i;
    }
    if (m.marker[0] < 0)
        return refuse(c, "ORIENT: the marker I must be given (it is 0)");
    m.to_model = 1.0;
    return add_slot(x, c, &m);
}

static mbs_bind_result bind(void *ctx, mbs_bind_call *c)
{
    env_ctx *x = ctx;
    if (c->nargs < 0) {
        if (strcmp(c->name, "MODE") != 0)
            return MBS_BIND_UNKNOWN;
        mbs_measure m = new_measure(MBS_MEAS_MODE);
        return add_slot(x, c, &m);
    }
    for (size_t i = 0; i < sizeof MARKER_FNS / sizeof MARKER_FNS[0]; i++)
        if (strcmp(c->name, MARKER_FNS[i].name) == 0)
            return bind_marker_fn(x, c, &MARKER_FNS[i]);
    for (size_t i = 0; i < sizeof LOAD_FNS / sizeof LOAD_FNS[0]; i++)
        if (strcmp(c->name, LOAD_FNS[i].name) == 0)
            return bind_load_fn(x, c, LOAD_FNS[i].type);
    if (strcmp(c->name, "ORIENT") == 0)
        return bind_orient(x, c);
    if (strcmp(c->name, "VARVAL") == 0)
        return bind_state_fn(x, c, MBS_FAMILY_VARIABLE, MBS_MEAS_VARVAL);
    if (strcmp(c->name, "DIF") == 0)
        return bind_state_fn(x, c, MBS_FAMILY_DIFF, MBS_MEAS_DIF);
    if (strcmp(c->name, "DIF1") == 0)
        return bind_state_fn(x, c, MBS_FAMILY_DIFF, MBS_MEAS_DIF1);
    if (strcmp(c->name, "ARYVAL") == 0)
        return bind_aryval(x, c);
    if (strcmp(c->name, "AKISPL") == 0)
        return bind_spline(x, c, MBS_SPLINE_AKIMA);
    if (strcmp(c->name, "CUBSPL") == 0)
        return bind_spline(x, c, MBS_SPLINE_CUBIC);
    if (strcmp(c->name, "LINSPL") == 0)
        return bind_spline(x, c, MBS_SPLINE_LINEAR);
    for (size_t i = 0; i < sizeof UNSUPPORTED / sizeof UNSUPPORTED[0]; i++)
        if (strcmp(c->name, UNSUPPORTED[i]) == 0)
            return refuse(c, "MotionSolve's %s is not supported by mbsim (docs/expressions.md lists the run-time "
                             "functions it has)",
                          c->name);
    return MBS_BIND_UNKNOWN;
}

/* A spline's derivative by x (argument 0) or z (argument 1) is the same
 * spline one order up in that argument; nothing else that takes run-time
 * arguments is differentiable here. */
static int partial(void *ctx, int slot, int k)
{
    env_ctx *x = ctx;
    mbs_measure m = x->f->measures[slot];
    if (m.kind != MBS_MEAS_SPLINE || k > 1 || (k == 0 && m.order >= 3) || (k == 1 && m.z_order >= 3))
        return -1;
    if (k == 0)
        m.order++;
    else
        m.z_order++;
    return mbs_tfunc_add_measure(x->f, &m);
}

mbs_expr_env *mbs_expr_env_create(mbs_builder *b, const mbs_spec_elem *e, mbs_tfunc *f)
{
    env_ctx *x = calloc(1, sizeof *x);
    mbs_expr_env *env = calloc(1, sizeof *env);
    if (!x || !env) {
        free(x);
        free(env);
        return NULL;
    }
    *x = (env_ctx){b, e, f};
    *env = (mbs_expr_env){x, bind, partial};
    return env;
}

void mbs_expr_env_free(mbs_expr_env *env)
{
    if (!env)
        return;
    free(env->ctx);
    free(env);
}
