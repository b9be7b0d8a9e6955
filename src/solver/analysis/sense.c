/* Sensor values at one instant, in the model's units (sense.h). */
#include "sense.h"
#include "../dae/residual.h"
#include "../../core/rotation.h"
#include "../../core/vec3.h"
#include "../../model/outputs.h"

#include <math.h>
#include <string.h>

int mbs_sensor_width(const mbs_model *m)
{
    int n = 0;
    for (int i = 0; i < m->n_sensors; i++)
        n += m->sensors[i].ncols;
    return n;
}

int mbs_pose_body(const mbs_body *b)
{
    return b->type == MBS_BODY_RIGID || b->type == MBS_BODY_POINT;
}

int mbs_row_width(const mbs_model *m)
{
    int n = mbs_sensor_width(m);
    for (int i = 0; i < m->n_bodies; i++)
        n += mbs_pose_body(&m->bodies[i]) ? MBS_POSE_WIDTH : 0;
    return n;
}

static double body_kinetic_energy(const mbs_body *b, const mbs_body_state *s)
{
    switch (b->type) {
    case MBS_BODY_RIGID: {
        double Jw[3];
        m3_mul_v(Jw, b->inertia, s->wb);
        return 0.5 * b->mass * v3_dot(s->v, s->v) + 0.5 * v3_dot(s->wb, Jw);
    }
    case MBS_BODY_POINT:
        return 0.5 * b->mass * v3_dot(s->v, s->v);
    case MBS_BODY_MASS1D:
        return 0.5 * b->mass * s->v[0] * s->v[0];
    case MBS_BODY_GROUND:
        break;
    }
    return 0.0;
}

double mbs_kinetic_energy(const mbs_model *m, const mbs_data *d)
{
    double T = 0.0;
    for (int i = 0; i < m->n_bodies; i++)
        T += body_kinetic_energy(&m->bodies[i], &d->bodies[i]);
    return T;
}

double mbs_potential_energy(const mbs_model *m, mbs_data *d, double t, const double *y, const double *yp)
{
    mbs_eval ev = {m, d, t, y, yp, d->res_scratch};
    double V = 0.0;
    for (int c = 0; c < m->n_comps; c++)
        if (m->comps[c].ops->potential_energy && mbs_component_active(m, d, c))
            V += m->comps[c].ops->potential_energy(&m->comps[c], &ev);
    return V;
}

double mbs_constraint_violation(const mbs_model *m, const mbs_data *d)
{
    double g = 0.0;
    for (int r = 0; r < m->n_rows; r++)
        if (d->row_active[r] && m->row_mu[r] >= 0)
            g = fmax(g, fabs(d->rows[r].g));
    return g;
}

static void body_output(const mbs_model *m, const mbs_data *d, const double *y, int index, int code, double *out)
{
    const mbs_body *b = &m->bodies[index];
    const mbs_body_state *s = &d->bodies[index];
    switch (code) {
    case MBS_OUT_POSITION: v3_copy(out, s->r); break;
    case MBS_OUT_VELOCITY: v3_copy(out, s->v); break;
    case MBS_OUT_ACCELERATION: v3_copy(out, s->a); break;
    case MBS_OUT_DISPLACEMENT: v3_sub(out, s->r, b->r0); break;
    case MBS_OUT_ROTATION_MATRIX: memcpy(out, s->A, 9 * sizeof *out); break;
    case MBS_OUT_EULER_PARAMETERS: memcpy(out, y + b->q_ofs + 3, 4 * sizeof *out); break;
    case MBS_OUT_ANGULAR_VELOCITY: v3_copy(out, s->w); break;
    case MBS_OUT_ANGULAR_VELOCITY_LOCAL: v3_copy(out, s->wb); break;
    case MBS_OUT_ANGULAR_ACCELERATION: v3_copy(out, s->alpha); break;
    case MBS_OUT_KINETIC_ENERGY: out[0] = body_kinetic_energy(b, s); break;
    case MBS_OUT_COORDINATES: memcpy(out, y + b->q_ofs, (size_t)b->nq * sizeof *out); break;
    }
    /* a Mass1D's scalar outputs sit in component 0 of the vectors above */
}

static void marker_output(const mbs_eval *ev, int index, int code, double *out)
{
    mbs_coord c;
    switch (code) {
    case MBS_OUT_POSITION: mbs_marker_position(ev, index, out); break;
    case MBS_OUT_VELOCITY: mbs_marker_velocity(ev, index, out); break;
    case MBS_OUT_ACCELERATION: mbs_marker_acceleration(ev, index, out); break;
    case MBS_OUT_ROTATION_MATRIX: mbs_marker_axes(ev, index, out); break;
    case MBS_OUT_ANGULAR_VELOCITY: mbs_marker_angular_velocity(ev, index, out); break;
    case MBS_OUT_ANGULAR_ACCELERATION: mbs_marker_angular_acceleration(ev, index, out); break;
    case MBS_OUT_COORDINATE: mbs_coordinate(ev, index, &c); out[0] = c.q; break;
    case MBS_OUT_COORDINATE_VELOCITY: mbs_coordinate(ev, index, &c); out[0] = c.v; break;
    }
}

static void system_output(const mbs_model *m, mbs_data *d, const mbs_eval *ev, int code, double *out)
{
    switch (code) {
    case MBS_OUT_KINETIC_ENERGY: out[0] = mbs_kinetic_energy(m, d); break;
    case MBS_OUT_POTENTIAL_ENERGY: out[0] = mbs_potential_energy(m, d, ev->t, ev->y, ev->yp); break;
    case MBS_OUT_DISSIPATED_ENERGY: out[0] = ev->y[m->ofs_z + m->energy_state]; break;
    case MBS_OUT_TOTAL_ENERGY:
        out[0] = mbs_kinetic_energy(m, d) + mbs_potential_energy(m, d, ev->t, ev->y, ev->yp);
        break;
    case MBS_OUT_CONSTRAINT_VIOLATION: out[0] = mbs_constraint_violation(m, d); break;
    }
}

static void pair_output(const mbs_eval *ev, const mbs_sensor *s, double *out)
{
    double pI[3], RI[9], vI[3], wI[3], aI[3], alI[3];
    double pJ[3], RJ[9], vJ[3], wJ[3], aJ[3], alJ[3];
    double pR[3], RR[9], vR[3], wR[3], aR[3], alR[3];
    mbs_frame_kinematics(ev, s->index, pI, RI, vI, wI, aI, alI);
    mbs_frame_kinematics(ev, s->marker_j, pJ, RJ, vJ, wJ, aJ, alJ);
    mbs_frame_kinematics(ev, s->marker_ref, pR, RR, vR, wR, aR, alR);
    double lin[3], ang[3];
    switch (s->output) {
    case 0: {
        double rel[9];
        v3_sub(lin, pI, pJ);
        m3_tmul(rel, RJ, RI);
        if (s->pair_ypr)
            mbs_matrix_to_ypr(rel, out + 3);
        else
            mbs_matrix_to_euler313(rel, out + 3);
        m3_tmul_v(out, RR, lin);
        return;
    }
    case 1:
        v3_sub(lin, vI, vJ);
        v3_sub(ang, wI, wJ);
        break;
    default:
        v3_sub(lin, aI, aJ);
        v3_sub(ang, alI, alJ);
        break;
    }
    m3_tmul_v(out, RR, lin);
    m3_tmul_v(out + 3, RR, ang);
}

/* An element switched off (a Deactivate command, or an element off in
 * Static analyses, in one) applies nothing: its columns of loads and of
 * what loads do (force, torque, energy, power: every dimension with force
 * in it) read 0. Its other columns still describe the geometry and its
 * states (a spring's length, a joint's coordinate, frozen bristles). */
static void component_output(const mbs_model *m, const mbs_data *d, const mbs_eval *ev, const mbs_sensor *s, double *out)
{
    const mbs_component *c = &m->comps[s->index];
    c->ops->output(c, ev, s->output, out);
    if (!mbs_component_active(m, d, s->index))
        for (int k = 0; k < s->ncols; k++)
            if (s->dims[k].force != 0)
                out[k] = 0.0;
}

void mbs_sense(const mbs_model *m, mbs_data *d, double t, const double *y, const double *yp, double *out)
{
    d->eval_failed = 0;
    d->eval_fatal = 0;
    mbs_residual(m, d, t, y, yp, d->res_scratch);
    mbs_eval ev = {m, d, t, y, yp, d->res_scratch};
    double buf[64];
    for (int i = 0; i < m->n_sensors; i++) {
        const mbs_sensor *s = &m->sensors[i];
        const mbs_output_desc *o;
        int n = 0;
        memset(buf, 0, sizeof buf);
        switch (s->source) {
        case MBS_SOURCE_BODY:
            o = &mbs_body_outputs(&m->bodies[s->index], &n)[s->output];
            body_output(m, d, y, s->index, o->code, buf);
            break;
        case MBS_SOURCE_MARKER:
            o = &mbs_marker_outputs(&m->markers[s->index], &n)[s->output];
            marker_output(&ev, s->index, o->code, buf);
            break;
        case MBS_SOURCE_SYSTEM:
            o = &mbs_system_outputs(&n)[s->output];
            system_output(m, d, &ev, o->code, buf);
            break;
        case MBS_SOURCE_MARKER_PAIR:
            pair_output(&ev, s, buf);
            break;
        case MBS_SOURCE_COMPONENT:
            component_output(m, d, &ev, s, buf);
            break;
        case MBS_SOURCE_EXPRESSIONS:
            mbs_eval_tfuncs(&ev, s->exprs, s->ncols < 64 ? s->ncols : 64, buf);
            break;
        }
        for (int k = 0; k < s->ncols && k < 64; k++)
            out[k] = buf[k] * s->to_model[k];
        out += s->ncols;
    }
    double to_length = 1.0 / mbs_units_to_si(&m->units, DIM_LENGTH);
    for (int i = 0; i < m->n_bodies; i++) {
        const mbs_body *b = &m->bodies[i];
        if (!mbs_pose_body(b))
            continue;
        v3_scale(out, d->bodies[i].r, to_length);
        if (b->type == MBS_BODY_RIGID)
            memcpy(out + 3, y + b->q_ofs + 3, 4 * sizeof *out);
        else
            out[3] = 1.0, out[4] = out[5] = out[6] = 0.0;
        out += MBS_POSE_WIDTH;
    }
}
