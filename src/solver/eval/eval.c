/* Kinematics and load helpers for element code (see eval.h).
 *
 * A frame marker k on body b has origin p = r_b + A_b s_k and axes
 * A_b R_k, with s_k, R_k fixed in body axes (the model's, or what a
 * Reference_Marker command made them: data's marker_frames). Its velocity is
 * v_b + w_b x (A_b s_k), its acceleration a_b + alpha_b x s + w_b x (w_b x s).
 * A force f at p adds f to the body and (A_b s_k) x f to its torque about
 * the centre of mass. */
#include "eval.h"
#include "../../core/vec3.h"
#include "../../model/tfunc.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const mbs_body_state *state_of(const mbs_eval *ev, int marker)
{
    return &ev->d->bodies[ev->m->markers[marker].body];
}

int mbs_marker_body(const mbs_eval *ev, int marker)
{
    return ev->m->markers[marker].body;
}

void mbs_marker_offset(const mbs_eval *ev, int marker, double s[3])
{
    m3_mul_v(s, state_of(ev, marker)->A, ev->d->marker_frames + 12 * marker);
}

void mbs_marker_position(const mbs_eval *ev, int marker, double p[3])
{
    double s[3];
    mbs_marker_offset(ev, marker, s);
    v3_add(p, state_of(ev, marker)->r, s);
}

void mbs_marker_axes(const mbs_eval *ev, int marker, double R[9])
{
    m3_mul(R, state_of(ev, marker)->A, ev->d->marker_frames + 12 * marker + 3);
}

void mbs_marker_axis(const mbs_eval *ev, int marker, int k, double a[3])
{
    double local[3];
    m3_col(local, ev->d->marker_frames + 12 * marker + 3, k);
    m3_mul_v(a, state_of(ev, marker)->A, local);
}

void mbs_marker_velocity(const mbs_eval *ev, int marker, double v[3])
{
    const mbs_body_state *b = state_of(ev, marker);
    double s[3], ws[3];
    mbs_marker_offset(ev, marker, s);
    v3_cross(ws, b->w, s);
    v3_add(v, b->v, ws);
}

void mbs_marker_angular_velocity(const mbs_eval *ev, int marker, double w[3])
{
    v3_copy(w, state_of(ev, marker)->w);
}

void mbs_marker_acceleration(const mbs_eval *ev, int marker, double a[3])
{
    const mbs_body_state *b = state_of(ev, marker);
    double s[3], as[3], ws[3], wws[3];
    mbs_marker_offset(ev, marker, s);
    v3_cross(as, b->alpha, s);
    v3_cross(ws, b->w, s);
    v3_cross(wws, b->w, ws);
    for (int i = 0; i < 3; i++)
        a[i] = b->a[i] + as[i] + wws[i];
}

void mbs_marker_angular_acceleration(const mbs_eval *ev, int marker, double al[3])
{
    v3_copy(al, state_of(ev, marker)->alpha);
}

void mbs_body_point_velocity(const mbs_eval *ev, int body, const double point[3], double v[3])
{
    const mbs_body_state *b = &ev->d->bodies[body];
    double s[3], ws[3];
    v3_sub(s, point, b->r);
    v3_cross(ws, b->w, s);
    v3_add(v, b->v, ws);
}

void mbs_frame_kinematics(const mbs_eval *ev, int k, double p[3], double R[9], double v[3], double w[3], double a[3],
                          double al[3])
{
    if (k < 0) {
        v3_zero(p);
        m3_identity(R);
        v3_zero(v);
        v3_zero(w);
        v3_zero(a);
        v3_zero(al);
        return;
    }
    mbs_marker_position(ev, k, p);
    mbs_marker_axes(ev, k, R);
    mbs_marker_velocity(ev, k, v);
    mbs_marker_angular_velocity(ev, k, w);
    mbs_marker_acceleration(ev, k, a);
    mbs_marker_angular_acceleration(ev, k, al);
}

/* ---- loads ---- */

void mbs_apply_force_at(mbs_eval *ev, int body, const double point[3], const double f[3])
{
    mbs_body_state *b = &ev->d->bodies[body];
    double s[3], t[3];
    v3_sub(s, point, b->r);
    v3_cross(t, s, f);
    v3_add(b->f, b->f, f);
    v3_add(b->tq, b->tq, t);
}

void mbs_apply_force(mbs_eval *ev, int marker, const double f[3])
{
    mbs_body_state *b = &ev->d->bodies[ev->m->markers[marker].body];
    double s[3], t[3];
    mbs_marker_offset(ev, marker, s);
    v3_cross(t, s, f);
    v3_add(b->f, b->f, f);
    v3_add(b->tq, b->tq, t);
}

void mbs_apply_torque(mbs_eval *ev, int body, const double tq[3])
{
    mbs_body_state *b = &ev->d->bodies[body];
    v3_add(b->tq, b->tq, tq);
}

void mbs_apply_jterm(mbs_eval *ev, const mbs_jterm *term, double scale)
{
    mbs_body_state *b = &ev->d->bodies[term->body];
    v3_axpy(b->f, scale, term->lin);
    v3_axpy(b->tq, scale, term->ang);
}

/* ---- coordinates ---- */

void mbs_coordinate(const mbs_eval *ev, int marker, mbs_coord *c)
{
    const mbs_marker *mk = &ev->m->markers[marker];
    memset(c, 0, sizeof *c);
    if (mk->type == MBS_MARKER_JOINT_COORD) {
        const mbs_component *joint = &ev->m->comps[mk->joint];
        joint->ops->coordinate(joint, ev, mk->coordinate, c);
        return;
    }
    const mbs_body *body = &ev->m->bodies[mk->body];
    const mbs_body_state *b = &ev->d->bodies[mk->body];
    if (body->type == MBS_BODY_GROUND)
        return; /* the constant 0 */
    int k = mk->coordinate;
    /* displacement from the initial position, as Exudyn's coordinates exclude
     * reference values; a Mass1D coordinate is its own value */
    c->q = body->type == MBS_BODY_MASS1D ? b->r[0] : b->r[k] - body->r0[k];
    c->v = b->v[body->type == MBS_BODY_MASS1D ? 0 : k];
    c->jac.n = 1;
    c->jac.terms[0].body = mk->body;
    c->jac.terms[0].lin[body->type == MBS_BODY_MASS1D ? 0 : k] = 1.0;
}

void mbs_apply_coordinate_force(mbs_eval *ev, const mbs_coord *c, double F)
{
    for (int i = 0; i < c->jac.n; i++)
        mbs_apply_jterm(ev, &c->jac.terms[i], F);
}

/* ---- rows ---- */

mbs_row *mbs_eval_row(mbs_eval *ev, const mbs_component *c, int k)
{
    mbs_row *row = &ev->d->rows[c->row_ofs + k];
    row->g = 0.0;
    row->gt = 0.0;
    row->jac.n = 0;
    return row;
}

/* ---- Jacobians ---- */

static mbs_jterm *term_for(mbs_jac *j, int body)
{
    for (int i = 0; i < j->n; i++)
        if (j->terms[i].body == body)
            return &j->terms[i];
    if (j->n == MBS_MAX_TERMS)
        return NULL; /* cannot happen: no element couples more bodies than that */
    mbs_jterm *t = &j->terms[j->n++];
    memset(t, 0, sizeof *t);
    t->body = body;
    return t;
}

/* Adds sign * (dir . d(point)) for a point fixed on `body` at offset s
 * (global axes) from its centre of mass: d(point) = dr + dtheta x s, so
 * lin = dir and ang = s x dir. */
static void add_material_point(mbs_jac *j, const mbs_eval *ev, int body, const double s[3], const double dir[3],
                               double sign)
{
    if (ev->m->bodies[body].type == MBS_BODY_GROUND)
        return;
    mbs_jterm *t = term_for(j, body);
    if (!t)
        return;
    double sxd[3];
    v3_cross(sxd, s, dir);
    v3_axpy(t->lin, sign, dir);
    v3_axpy(t->ang, sign, sxd);
}

void mbs_jac_add_point(mbs_jac *j, const mbs_eval *ev, int marker, const double dir[3], double sign)
{
    double s[3];
    mbs_marker_offset(ev, marker, s);
    add_material_point(j, ev, ev->m->markers[marker].body, s, dir, sign);
}

void mbs_jac_add_body_point(mbs_jac *j, const mbs_eval *ev, int body, const double point[3], const double dir[3],
                            double sign)
{
    double s[3];
    v3_sub(s, point, ev->d->bodies[body].r);
    add_material_point(j, ev, body, s, dir, sign);
}

void mbs_jac_add_rotation(mbs_jac *j, const mbs_eval *ev, int body, const double ang[3])
{
    if (ev->m->bodies[body].type == MBS_BODY_GROUND)
        return;
    mbs_jterm *t = term_for(j, body);
    if (t)
        v3_axpy(t->ang, 1.0, ang);
}

void mbs_jac_add(mbs_jac *j, const mbs_jac *other, double factor)
{
    for (int i = 0; i < other->n; i++) {
        mbs_jterm *t = term_for(j, other->terms[i].body);
        if (!t)
            return;
        v3_axpy(t->lin, factor, other->terms[i].lin);
        v3_axpy(t->ang, factor, other->terms[i].ang);
    }
}

double mbs_jac_rate(const mbs_eval *ev, const mbs_jac *j)
{
    double rate = 0.0;
    for (int k = 0; k < j->n; k++) {
        const mbs_jterm *t = &j->terms[k];
        const mbs_body_state *s = &ev->d->bodies[t->body];
        switch (ev->m->bodies[t->body].type) {
        case MBS_BODY_RIGID:
            rate += v3_dot(t->lin, s->v) + v3_dot(t->ang, s->w);
            break;
        case MBS_BODY_POINT:
            rate += v3_dot(t->lin, s->v);
            break;
        case MBS_BODY_MASS1D:
            rate += t->lin[0] * s->v[0];
            break;
        case MBS_BODY_GROUND:
            break;
        }
    }
    return rate;
}

double mbs_row_lambda(const mbs_eval *ev, const mbs_component *c, int k)
{
    return ev->y[ev->m->ofs_lambda + c->row_ofs + k];
}

/* ---- states ---- */

double mbs_state(const mbs_eval *ev, const mbs_component *c, int k)
{
    return ev->y[ev->m->ofs_z + c->state_ofs + k];
}

double mbs_variable_value(const mbs_eval *ev, int comp)
{
    return mbs_state(ev, &ev->m->comps[comp], 0) + ev->d->var_offset[comp];
}

double mbs_array_value(const mbs_eval *ev, int array, int k)
{
    const mbs_array *a = &ev->m->arrays[array];
    return a->comp >= 0 ? mbs_state(ev, &ev->m->comps[a->comp], k) : mbs_variable_value(ev, a->variables[k]);
}

double mbs_state_rate(const mbs_eval *ev, const mbs_component *c, int k)
{
    return ev->yp[ev->m->ofs_z + c->state_ofs + k];
}

void mbs_report_power(mbs_eval *ev, const mbs_component *c, double power)
{
    ev->d->comp_power[c - ev->m->comps] = power;
}

void mbs_set_state_residual(mbs_eval *ev, const mbs_component *c, int k, double r)
{
    ev->res[ev->m->ofs_z + c->state_ofs + k] = r;
}

double *mbs_disc(const mbs_eval *ev, const mbs_component *c)
{
    return ev->d->disc + c->disc_ofs;
}

static void eval_failure(const mbs_eval *ev, const mbs_component *c, const char *fmt, va_list ap)
{
    mbs_data *d = ev->d;
    d->eval_failed = 1;
    mbs_component_describe(c, d->eval_message, sizeof d->eval_message);
    int n = (int)strlen(d->eval_message);
    if ((size_t)n < sizeof d->eval_message)
        n += snprintf(d->eval_message + n, sizeof d->eval_message - (size_t)n, " at t = %.9g: ", ev->t);
    if (n >= 0 && (size_t)n < sizeof d->eval_message)
        vsnprintf(d->eval_message + n, sizeof d->eval_message - (size_t)n, fmt, ap);
}

void mbs_eval_fail(const mbs_eval *ev, const mbs_component *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    eval_failure(ev, c, fmt, ap);
    va_end(ap);
}

void mbs_eval_fatal(const mbs_eval *ev, const mbs_component *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    eval_failure(ev, c, fmt, ap);
    va_end(ap);
    ev->d->eval_fatal = 1;
}
