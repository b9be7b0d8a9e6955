/* Run-time expressions at a state: the measures of model/measure.h.
 *
 * With p, R, v, w, a, al the position, axes, velocity, angular velocity,
 * acceleration and angular acceleration of markers I, J (the ground frame
 * when omitted), K (axes the result is in) and L (the frame time
 * derivatives are taken in), d = p_I - p_J, all global:
 *   D*   R_K^T d                              DM  |d|
 *   V*   R_K^T (dd/dt)_L,  (dd/dt)_L = (v_I - v_J) - w_L x d
 *   VM   |(dd/dt)_L|                          VR  (dd/dt)_L . d / |d|   (separation rate)
 *   W*   R_K^T (w_I - w_J)                    WM  |w_I - w_J|
 *   ACC* R_K^T (d2d/dt2)_L = (a_I - a_J) - al_L x d - 2 w_L x (v_I - v_J) + w_L x (w_L x d)
 *   WDT* R_K^T ((w_I - w_J)' - w_L x (w_I - w_J))
 *   with Q = R_J^T R_I (I's axes in J's):
 *   AX = atan2(Q21, Q11), AY = atan2(Q02, Q22), AZ = atan2(Q10, Q00)   (one-axis angles)
 *   PSI THETA PHI: Q = Rz(psi) Rx(theta) Rz(phi);  YAW PITCH ROLL: Q = Rz(yaw) Ry(-pitch) Rx(roll)
 *   E0 E1 E2 E3 (ORIENT 27): the Euler parameters of Q, e0 >= 0
 *   B1 B2 B3 (ORIENT 1): body-fixed 1-2-3 angles, Q = Rx(b1) Ry(b2) Rz(b3): b2 = asin Q02,
 *                        b1 = atan2(-Q12, Q22), b3 = atan2(-Q01, Q00)
 *   INCANG (I, J, K): the angle between d = p_I - p_J and p_K - p_J, atan2(|d x b|, d . b), in 0..pi
 *   F*, T*  the force and the torque about I's origin that the elements between I and J
 *           apply on I's body, in K's axes (their applied loads and their constraint forces)
 * Results are converted to the model's units (the expression is written in
 * them). An element's load is found by running its own residual
 * contribution against a scratch copy of the bodies (mbs_component_load),
 * so every element kind answers without code of its own. */
#include "eval.h"
#include "../../core/rotation.h"
#include "../../core/vec3.h"
#include "../../model/spline.h"
#include "../../model/tfunc.h"

#include <math.h>
#include <string.h>

void mbs_component_load(const mbs_eval *ev, int c, int body, double f[3], double tq[3])
{
    const mbs_model *m = ev->m;
    mbs_data *d = ev->d;
    const mbs_component *comp = &m->comps[c];
    v3_zero(f);
    v3_zero(tq);
    if (!mbs_component_active(m, d, c))
        return; /* switched off: it applies nothing */
    if (d->load_depth > 0) {
        /* an element whose expression reads element loads, read by another one's */
        mbs_eval_fail(ev, comp, "element loads (FX, JOINT, ...) cannot be read inside another element load");
        return;
    }
    d->load_depth++;
    memcpy(d->load_bodies, d->bodies, (size_t)m->n_bodies * sizeof *d->load_bodies);
    for (int i = 0; i < m->n_bodies; i++) {
        v3_zero(d->load_bodies[i].f);
        v3_zero(d->load_bodies[i].tq);
    }
    mbs_data scratch = *d;
    scratch.bodies = d->load_bodies;
    scratch.eval_failed = 0;
    mbs_eval sev = *ev;
    sev.d = &scratch;
    sev.res = d->load_res;
    comp->ops->eval(comp, &sev);
    if (scratch.eval_failed && !d->eval_failed) {
        d->eval_failed = 1;
        d->eval_fatal |= scratch.eval_fatal;
        memcpy(d->eval_message, scratch.eval_message, sizeof d->eval_message);
    }
    v3_copy(f, d->load_bodies[body].f);
    v3_copy(tq, d->load_bodies[body].tq);
    /* constraint forces -lambda * (row's Jacobian) on the body; the ground
     * has no terms: it gets the opposite of what the others get, about the
     * global origin */
    int ground = m->bodies[body].type == MBS_BODY_GROUND;
    for (int r = comp->row_ofs; r < comp->row_ofs + comp->n_hrows + comp->n_vrows; r++) {
        if (!d->row_active[r])
            continue;
        double lambda = ev->y[m->ofs_lambda + r];
        const mbs_jac *j = &d->rows[r].jac;
        for (int k = 0; k < j->n; k++) {
            const mbs_jterm *t = &j->terms[k];
            if (!ground && t->body == body) {
                v3_axpy(f, -lambda, t->lin);
                v3_axpy(tq, -lambda, t->ang);
            } else if (ground) {
                double fo[3], to[3], arm[3];
                v3_scale(fo, t->lin, -lambda);
                v3_scale(to, t->ang, -lambda);
                v3_cross(arm, d->bodies[t->body].r, fo);
                v3_sub(f, f, fo);
                v3_sub(tq, tq, to);
                v3_sub(tq, tq, arm);
            }
        }
    }
    d->load_depth--;
}

/* Force and torque (about marker k's origin) of the listed components on
 * marker k's body. */
static void loads_at(const mbs_eval *ev, const int *comps, int n, int k, double F[3], double T[3])
{
    int body = mbs_marker_body(ev, k);
    double p[3], arm[3], cg[3], moment[3];
    mbs_marker_position(ev, k, p);
    v3_copy(cg, ev->d->bodies[body].r);
    v3_zero(F);
    v3_zero(T);
    for (int i = 0; i < n; i++) {
        double f[3], tq[3];
        mbs_component_load(ev, comps[i], body, f, tq);
        v3_add(F, F, f);
        v3_add(T, T, tq);
    }
    /* about the marker: T_p = T_cg - (p - cg) x F */
    v3_sub(arm, p, cg);
    v3_cross(moment, arm, F);
    v3_sub(T, T, moment);
}

/* v in the axes of marker k (global for -1). */
static void resolve_in(const mbs_eval *ev, int k, const double v[3], double out[3])
{
    if (k < 0) {
        v3_copy(out, v);
        return;
    }
    double R[9];
    mbs_marker_axes(ev, k, R);
    m3_tmul_v(out, R, v);
}

static double component(const mbs_eval *ev, int k, const double v[3], int axis)
{
    double r[3];
    resolve_in(ev, k, v, r);
    return r[axis];
}

typedef struct frame {
    double p[3], R[9], v[3], w[3], a[3], al[3];
} frame;

static void frame_of(const mbs_eval *ev, int k, frame *f)
{
    mbs_frame_kinematics(ev, k, f->p, f->R, f->v, f->w, f->a, f->al);
}

static double kinematic(const mbs_eval *ev, const mbs_measure *ms)
{
    frame I, J, L;
    frame_of(ev, ms->marker[0], &I);
    frame_of(ev, ms->marker[1], &J);
    frame_of(ev, ms->marker[3], &L);
    int K = ms->marker[2];
    double d[3], dv[3], v[3], wv[3], tmp[3], tmp2[3], out[3];
    v3_sub(d, I.p, J.p);
    v3_sub(dv, I.v, J.v);
    v3_cross(tmp, L.w, d);
    v3_sub(v, dv, tmp); /* (dd/dt)_L */
    mbs_measure_kind k = ms->kind;
    switch (k) {
    case MBS_MEAS_DX: case MBS_MEAS_DY: case MBS_MEAS_DZ:
        return component(ev, K, d, (int)(k - MBS_MEAS_DX));
    case MBS_MEAS_DM:
        return v3_norm(d);
    case MBS_MEAS_INCANG: {
        /* K is the third point here, not an axes marker */
        frame P;
        frame_of(ev, K, &P);
        double b[3], n[3];
        v3_sub(b, P.p, J.p);
        v3_cross(n, d, b);
        return atan2(v3_norm(n), v3_dot(d, b));
    }
    case MBS_MEAS_VX: case MBS_MEAS_VY: case MBS_MEAS_VZ:
        return component(ev, K, v, (int)(k - MBS_MEAS_VX));
    case MBS_MEAS_VM:
        return v3_norm(v);
    case MBS_MEAS_VR: {
        double len = v3_norm(d);
        return len > 0 ? v3_dot(v, d) / len : 0.0;
    }
    case MBS_MEAS_WX: case MBS_MEAS_WY: case MBS_MEAS_WZ:
    case MBS_MEAS_WM:
        v3_sub(wv, I.w, J.w);
        return k == MBS_MEAS_WM ? v3_norm(wv) : component(ev, K, wv, (int)(k - MBS_MEAS_WX));
    case MBS_MEAS_ACCX: case MBS_MEAS_ACCY: case MBS_MEAS_ACCZ:
    case MBS_MEAS_ACCM:
        v3_sub(out, I.a, J.a);
        v3_cross(tmp, L.al, d);
        v3_sub(out, out, tmp);
        v3_cross(tmp, L.w, dv);
        v3_axpy(out, -2.0, tmp);
        v3_cross(tmp, L.w, d);
        v3_cross(tmp2, L.w, tmp);
        v3_add(out, out, tmp2);
        return k == MBS_MEAS_ACCM ? v3_norm(out) : component(ev, K, out, (int)(k - MBS_MEAS_ACCX));
    case MBS_MEAS_WDTX: case MBS_MEAS_WDTY: case MBS_MEAS_WDTZ:
    case MBS_MEAS_WDTM:
        v3_sub(wv, I.w, J.w);
        v3_sub(out, I.al, J.al);
        v3_cross(tmp, L.w, wv);
        v3_sub(out, out, tmp);
        return k == MBS_MEAS_WDTM ? v3_norm(out) : component(ev, K, out, (int)(k - MBS_MEAS_WDTX));
    default:
        break;
    }
    double Q[9], angles[3];
    m3_tmul(Q, J.R, I.R);
    switch (k) {
    case MBS_MEAS_AX: return atan2(Q[7], Q[4]);
    case MBS_MEAS_AY: return atan2(Q[2], Q[8]);
    case MBS_MEAS_AZ: return atan2(Q[3], Q[0]);
    case MBS_MEAS_PSI: case MBS_MEAS_THETA: case MBS_MEAS_PHI:
        mbs_matrix_to_euler313(Q, angles);
        return angles[k - MBS_MEAS_PSI];
    case MBS_MEAS_YAW: case MBS_MEAS_PITCH: case MBS_MEAS_ROLL:
        mbs_matrix_to_ypr(Q, angles);
        return angles[k - MBS_MEAS_YAW];
    case MBS_MEAS_B1: /* Q = Rx(b1) Ry(b2) Rz(b3) */
        return atan2(-Q[5], Q[8]);
    case MBS_MEAS_B2:
        return asin(fmax(-1.0, fmin(1.0, Q[2])));
    case MBS_MEAS_B3:
        return atan2(-Q[1], Q[0]);
    case MBS_MEAS_E0: case MBS_MEAS_E1: case MBS_MEAS_E2: case MBS_MEAS_E3: {
        double p[4];
        mbs_matrix_to_quat(Q, p);
        double sign = p[0] < 0 ? -1.0 : 1.0; /* the rotation's parameters with e0 >= 0 */
        return sign * p[k - MBS_MEAS_E0];
    }
    default:
        return NAN;
    }
}

static double load(const mbs_eval *ev, const mbs_measure *ms)
{
    double F[3], T[3];
    int single[1] = {ms->comp};
    if (ms->kind == MBS_MEAS_ELEMENT_LOAD) {
        loads_at(ev, single, 1, ms->marker[0], F, T);
        int w = ms->which;
        if (w == 1)
            return v3_norm(F);
        if (w == 5)
            return v3_norm(T);
        return component(ev, ms->marker[2], w < 5 ? F : T, (w - 2) % 4);
    }
    loads_at(ev, ms->comps, ms->n_comps, ms->marker[0], F, T);
    switch (ms->kind) {
    case MBS_MEAS_FM: return v3_norm(F);
    case MBS_MEAS_TM: return v3_norm(T);
    case MBS_MEAS_FX: case MBS_MEAS_FY: case MBS_MEAS_FZ:
        return component(ev, ms->marker[2], F, (int)(ms->kind - MBS_MEAS_FX));
    default:
        return component(ev, ms->marker[2], T, (int)(ms->kind - MBS_MEAS_TX));
    }
}

static double state_of(const mbs_eval *ev, const mbs_measure *ms, int rate)
{
    const mbs_component *c = &ev->m->comps[ms->comp];
    return rate ? mbs_state_rate(ev, c, 0) : mbs_state(ev, c, 0);
}

double mbs_measure_value(const mbs_eval *ev, const mbs_measure *ms, const double *args, int nargs)
{
    switch (ms->kind) {
    case MBS_MEAS_VARVAL: return mbs_variable_value(ev, ms->comp);
    case MBS_MEAS_DIF: return state_of(ev, ms, 0);
    case MBS_MEAS_DIF1: return state_of(ev, ms, 1);
    case MBS_MEAS_STATE: return mbs_state(ev, &ev->m->comps[ms->comp], ms->which);
    case MBS_MEAS_SIGNAL: return ev->m->comps[ms->comp].ops->signal(&ev->m->comps[ms->comp], ev, ms->which);
    case MBS_MEAS_MODE: return ev->d->static_mode ? 5.0 : 4.0;
    case MBS_MEAS_SPLINE:
        return nargs > 1 ? mbs_spline_value_xz(&ev->m->splines[ms->spline], ms->method, args[0], args[1], ms->order,
                                               ms->z_order)
                         : NAN;
    case MBS_MEAS_FX: case MBS_MEAS_FY: case MBS_MEAS_FZ: case MBS_MEAS_FM:
    case MBS_MEAS_TX: case MBS_MEAS_TY: case MBS_MEAS_TZ: case MBS_MEAS_TM:
    case MBS_MEAS_ELEMENT_LOAD:
        return load(ev, ms) * ms->to_model;
    default:
        return kinematic(ev, ms) * ms->to_model;
    }
}

typedef struct at_state {
    const mbs_eval *ev;
    const mbs_tfunc *f;
} at_state;

static double slot_value(void *ctx, int slot, const double *args, int nargs)
{
    const at_state *x = ctx;
    return mbs_measure_value(x->ev, &x->f->measures[slot], args, nargs);
}

static const mbs_tfunc *in_force(const mbs_eval *ev, const mbs_tfunc *f)
{
    const mbs_tfunc *o = f->slot >= 0 && ev->d->tfunc_override ? ev->d->tfunc_override[f->slot] : NULL;
    return o ? o : f;
}

static double run(const mbs_eval *ev, const mbs_tfunc *f, const mbs_expr *e, const double *vars_si)
{
    double vars[MBS_TFUNC_MAX_VARS] = {0};
    for (int i = 0; vars_si && i < f->n_vars; i++)
        vars[i] = vars_si[i] / f->var_scale[i];
    if (f->t_index >= 0)
        vars[f->t_index] = ev->t / f->var_scale[f->t_index];
    at_state x = {ev, f};
    return mbs_expr_eval_with(e, vars, slot_value, &x);
}

/* A user subroutine's output (iord 0) or its time derivative (iord 1) at
 * time t, SI: the routine works in the model's units. */
static double user_value(const mbs_eval *ev, const mbs_tfunc *f, double t, int iord)
{
    double out[MBS_TFUNC_USER_MAX];
    double time_unit = f->var_scale[f->t_index];
    f->user->values(f->user->routine, ev, t / time_unit, iord, out);
    return f->value_scale * out[f->user->output] / (iord ? time_unit : 1.0);
}

double mbs_eval_tfunc_vars(const mbs_eval *ev, const mbs_tfunc *f, const double *vars_si)
{
    f = in_force(ev, f);
    if (f->user)
        return user_value(ev, f, ev->t, 0);
    return f->value_scale * run(ev, f, f->expr, vars_si);
}

void mbs_eval_tfuncs(const mbs_eval *ev, mbs_tfunc *const *fs, int n, double *out)
{
    const void *called = NULL; /* the routine whose outputs are in raw */
    double raw[MBS_TFUNC_USER_MAX];
    for (int k = 0; k < n; k++) {
        const mbs_tfunc *f = fs[k] ? in_force(ev, fs[k]) : NULL;
        if (!f || !f->user) {
            out[k] = f ? f->value_scale * run(ev, f, f->expr, NULL) : 0.0;
            continue;
        }
        if (f->user->routine != called) {
            f->user->values(f->user->routine, ev, ev->t / f->var_scale[f->t_index], 0, raw);
            called = f->user->routine;
        }
        out[k] = f->value_scale * raw[f->user->output];
    }
}

double mbs_eval_tfunc_at(const mbs_eval *ev, const mbs_tfunc *f, double t)
{
    f = in_force(ev, f);
    if (f->user)
        return user_value(ev, f, t, 0);
    mbs_eval at = *ev;
    at.t = t;
    return f->value_scale * run(&at, f, f->expr, NULL);
}

double mbs_eval_tfunc(const mbs_eval *ev, const mbs_tfunc *f)
{
    return mbs_eval_tfunc_vars(ev, f, NULL);
}

double mbs_eval_tfunc_rate(const mbs_eval *ev, const mbs_tfunc *f)
{
    f = in_force(ev, f);
    if (f->user)
        return user_value(ev, f, ev->t, 1);
    if (!f->dexpr || f->t_index < 0)
        return 0.0;
    return f->value_scale * run(ev, f, f->dexpr, NULL) / f->var_scale[f->t_index];
}
