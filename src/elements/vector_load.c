/* Force and torque components in a marker's axes, and the one force
 * element of both Force_Vector kinds (vector_load.h):
 *
 * f = R_ref (fx, fy, fz), t = R_ref (tx, ty, tz) (vector_load.h), and the
 * component both Force_Vector elements make of it:
 *   on I's body:  f at the origin p_I of marker I, torque t
 *   on J's body (two bodies):  -f at the same point p_I, torque -t
 * Power: f . (v_I - v_J(p_I)) + t . (w_I - w_J), v_J(p_I) the velocity of
 * J's body at p_I (action only: f . v_I + t . w_I). */
#include "vector_load.h"
#include "usersub.h"
#include "../core/vec3.h"
#include "../model/tfunc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const COMPONENTS[6] = {"fx", "fy", "fz", "tx", "ty", "tz"};

enum { TYPE_FORCE, TYPE_TORQUE, TYPE_BOTH, TYPE_USERSUB };

/* The components from a user subroutine: VFOSUB (type ForceOnly: fx fy
 * fz), VTOSUB (TorqueOnly: tx ty tz) or GFOSUB (ForceAndTorque or
 * USERSUB: all six); no expression may be given beside it. */
static int user_load(mbs_builder *b, const mbs_spec_elem *e, int type, mbs_vector_load *vl)
{
    for (int i = 0; i < 6; i++) {
        char long_name[32];
        snprintf(long_name, sizeof long_name, "%s_expression", COMPONENTS[i]);
        if (mbs_spec_has(e, COMPONENTS[i]) || mbs_spec_has(e, long_name))
            return mbs_build_error(b, e, "%s is given beside a user subroutine (usrsub_*): give one or the other",
                                   mbs_spec_has(e, long_name) ? long_name : COMPONENTS[i]);
    }
    static const mbs_dim DIMS[6] = {DIM_FORCE, DIM_FORCE, DIM_FORCE, DIM_TORQUE, DIM_TORQUE, DIM_TORQUE};
    int first = type == TYPE_TORQUE ? 3 : 0, n = type == TYPE_FORCE || type == TYPE_TORQUE ? 3 : 6;
    const char *routine = type == TYPE_FORCE ? "VFOSUB" : type == TYPE_TORQUE ? "VTOSUB" : "GFOSUB";
    return mbs_usersub_build(b, e, routine, MBS_USER_FORCE, n, DIMS + first, vl->comp + first);
}

int mbs_vector_load_build(mbs_builder *b, const mbs_spec_elem *e, mbs_vector_load *vl)
{
    memset(vl, 0, sizeof *vl);
    vl->ref = -1;
    if (mbs_spec_has(e, "ref_marker_id") && (vl->ref = mbs_ref_frame_marker(b, e, "ref_marker_id")) < 0)
        return -1;
    int type = mbs_spec_keyword(e, "type");
    int user = mbs_usersub_asked(b, e);
    if (user != 0)
        return user < 0 ? -1 : user_load(b, e, type, vl);
    if (type == TYPE_USERSUB)
        return mbs_build_error(b, e, "type USERSUB needs a user subroutine (usrsub_dll_name, usrsub_param_string)");
    int bad = 0;
    for (int i = 0; i < 6; i++) {
        char long_name[32];
        snprintf(long_name, sizeof long_name, "%s_expression", COMPONENTS[i]);
        int plain = mbs_spec_has(e, COMPONENTS[i]), ms = mbs_spec_has(e, long_name);
        if (!plain && !ms)
            continue;
        if (plain && ms) {
            bad = mbs_build_error(b, e, "give %s or %s, not both", COMPONENTS[i], long_name);
            continue;
        }
        int is_torque = i >= 3;
        if ((type == TYPE_FORCE && is_torque) || (type == TYPE_TORQUE && !is_torque)) {
            bad = mbs_build_error(b, e, "%s is given but type is %s", plain ? COMPONENTS[i] : long_name,
                                  mbs_spec_text(e, "type"));
            continue;
        }
        vl->comp[i] = mbs_build_tfunc(b, e, plain ? COMPONENTS[i] : long_name);
        if (!vl->comp[i])
            bad = -1;
    }
    if (bad)
        mbs_vector_load_free(vl);
    return bad ? -1 : 0;
}

void mbs_vector_load_eval(const mbs_eval *ev, const mbs_vector_load *vl, double f[3], double t[3])
{
    double local[6];
    mbs_eval_tfuncs(ev, vl->comp, 6, local);
    if (vl->ref < 0) {
        v3_copy(f, local);
        v3_copy(t, local + 3);
        return;
    }
    double R[9];
    mbs_marker_axes(ev, vl->ref, R);
    m3_mul_v(f, R, local);
    m3_mul_v(t, R, local + 3);
}

void mbs_vector_load_free(mbs_vector_load *vl)
{
    for (int i = 0; i < 6; i++) {
        mbs_tfunc_free(vl->comp[i]);
        vl->comp[i] = NULL;
    }
}

/* ---- the component ---- */

static void force_eval(const mbs_component *c, mbs_eval *ev)
{
    const mbs_vector_force *p = c->params;
    double f[3], t[3];
    mbs_vector_load_eval(ev, &p->load, f, t);
    mbs_apply_force(ev, p->I, f);
    mbs_apply_torque(ev, mbs_marker_body(ev, p->I), t);
    if (p->J < 0)
        return;
    double minus_f[3], minus_t[3], at[3];
    mbs_marker_position(ev, p->I, at);
    v3_scale(minus_f, f, -1.0);
    v3_scale(minus_t, t, -1.0);
    mbs_apply_force_at(ev, mbs_marker_body(ev, p->J), at, minus_f);
    mbs_apply_torque(ev, mbs_marker_body(ev, p->J), minus_t);
}

static double force_power(const mbs_component *c, const mbs_eval *ev)
{
    const mbs_vector_force *p = c->params;
    double f[3], t[3], v[3], w[3];
    mbs_vector_load_eval(ev, &p->load, f, t);
    mbs_marker_velocity(ev, p->I, v);
    mbs_marker_angular_velocity(ev, p->I, w);
    if (p->J >= 0) {
        double at[3], vJ[3], wJ[3];
        mbs_marker_position(ev, p->I, at);
        mbs_body_point_velocity(ev, mbs_marker_body(ev, p->J), at, vJ);
        mbs_marker_angular_velocity(ev, p->J, wJ);
        v3_sub(v, v, vJ);
        v3_sub(w, w, wJ);
    }
    return v3_dot(f, v) + v3_dot(t, w);
}

enum { OUT_FORCE, OUT_TORQUE, OUT_POWER };

static void force_output(const mbs_component *c, const mbs_eval *ev, int which, double *out)
{
    const mbs_vector_force *p = c->params;
    double f[3], t[3];
    mbs_vector_load_eval(ev, &p->load, f, t);
    switch (c->outputs[which].code) {
    case OUT_FORCE: v3_copy(out, f); break;
    case OUT_TORQUE: v3_copy(out, t); break;
    case OUT_POWER: out[0] = force_power(c, ev); break;
    }
}

static void force_free(void *params)
{
    mbs_vector_force *p = params;
    if (!p)
        return;
    mbs_vector_load_free(&p->load);
    free(p);
}

static const mbs_output_desc OUTPUTS[] = {
    {"Force", "x y z", DIM_FORCE, NULL, 0, OUT_FORCE},
    {"Torque", "x y z", DIM_TORQUE, NULL, 0, OUT_TORQUE},
    {"Power", "value", DIM_POWER, NULL, 0, OUT_POWER},
};

static const mbs_component_ops OPS = {
    .eval = force_eval,
    .power_nc = force_power,
    .output = force_output,
    .free_params = force_free,
};

int mbs_vector_force_build(mbs_builder *b, const mbs_spec_elem *e, int I, int J)
{
    mbs_vector_force *p = calloc(1, sizeof *p);
    if (!p)
        return -1;
    p->I = I;
    p->J = J;
    if (mbs_vector_load_build(b, e, &p->load) != 0) {
        free(p);
        return -1;
    }
    return mbs_add_marker_component(b, e, &OPS, p, (const int[]){I, J, p->load.ref}, 3, OUTPUTS,
                                    MBS_COUNT_OF(OUTPUTS)) ? 0 : -1;
}
