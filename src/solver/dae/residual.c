/* The DAE residual F(t, y, y') of the whole model in absolute coordinates
 * (the equations: residual.h), and its parts the joint formulation reuses. */
#include "residual.h"
#include "nonfinite.h"
#include "../../core/rotation.h"
#include "../../core/vec3.h"

#include <string.h>

void mbs_update_body(const mbs_model *m, mbs_data *d, int i, const double *y, const double *yp)
{
    const mbs_body *b = &m->bodies[i];
    mbs_body_state *s = &d->bodies[i];
    memset(s->f, 0, sizeof s->f);
    memset(s->tq, 0, sizeof s->tq);
    memset(s->fc, 0, sizeof s->fc);
    memset(s->tqc, 0, sizeof s->tqc);
    memset(s->gr, 0, sizeof s->gr);
    memset(s->gth, 0, sizeof s->gth);
    switch (b->type) {
    case MBS_BODY_GROUND:
        break;
    case MBS_BODY_RIGID:
        v3_copy(s->r, y + b->q_ofs);
        mbs_quat_to_matrix(y + b->q_ofs + 3, s->A);
        v3_copy(s->v, y + b->u_ofs);
        v3_copy(s->wb, y + b->u_ofs + 3);
        m3_mul_v(s->w, s->A, s->wb);
        v3_copy(s->a, yp + b->u_ofs);
        m3_mul_v(s->alpha, s->A, yp + b->u_ofs + 3);
        break;
    case MBS_BODY_POINT:
        v3_copy(s->r, y + b->q_ofs);
        v3_copy(s->v, y + b->u_ofs);
        v3_copy(s->a, yp + b->u_ofs);
        break;
    case MBS_BODY_MASS1D:
        s->r[0] = y[b->q_ofs];
        s->v[0] = y[b->u_ofs];
        s->a[0] = yp[b->u_ofs];
        break;
    }
}

void mbs_update_bodies(const mbs_model *m, mbs_data *d, const double *y, const double *yp)
{
    for (int i = 0; i < m->n_bodies; i++)
        mbs_update_body(m, d, i, y, yp);
}

static void constraint_rows(const mbs_eval *ev, double *res, const char *skip_row)
{
    const mbs_model *m = ev->m;
    mbs_data *d = ev->d;
    const double *y = ev->y;
    for (int r = 0; r < m->n_rows; r++) {
        if (skip_row && skip_row[r])
            continue;
        const mbs_row *row = &d->rows[r];
        double lambda = y[m->ofs_lambda + r];
        int mu_index = m->row_mu[r];
        if (!d->row_active[r]) {
            res[m->ofs_lambda + r] = lambda;
            if (mu_index >= 0)
                res[m->ofs_mu + mu_index] = y[m->ofs_mu + mu_index];
            continue;
        }
        res[m->ofs_lambda + r] = mbs_jac_rate(ev, &row->jac) + row->gt;
        double mu = mu_index >= 0 ? y[m->ofs_mu + mu_index] : 0.0;
        if (mu_index >= 0)
            res[m->ofs_mu + mu_index] = row->g;
        for (int k = 0; k < row->jac.n; k++) {
            const mbs_jterm *t = &row->jac.terms[k];
            mbs_body_state *s = &d->bodies[t->body];
            v3_axpy(s->fc, -lambda, t->lin);
            v3_axpy(s->tqc, -lambda, t->ang);
            v3_axpy(s->gr, mu, t->lin);
            v3_axpy(s->gth, mu, t->ang);
        }
    }
}

static void rigid_body_rows(const mbs_body *b, const mbs_body_state *s, const double *y, const double *yp,
                            const double *mu_block, double *res)
{
    const double *p = y + b->q_ofs + 3;
    const double *pd = yp + b->q_ofs + 3;
    double L[12];
    mbs_quat_L(p, L);
    /* kinematics: dr/dt = v - gr;  dp/dt = 1/2 L^T wb - 2 L^T A^T gth - 2 p mu_quat */
    double gth_body[3];
    m3_tmul_v(gth_body, s->A, s->gth);
    double mu_q = mu_block[b->quat_mu];
    for (int i = 0; i < 3; i++)
        res[b->q_ofs + i] = yp[b->q_ofs + i] - s->v[i] + s->gr[i];
    for (int i = 0; i < 4; i++) {
        double Lt_w = L[i] * s->wb[0] + L[4 + i] * s->wb[1] + L[8 + i] * s->wb[2];
        double Lt_g = L[i] * gth_body[0] + L[4 + i] * gth_body[1] + L[8 + i] * gth_body[2];
        res[b->q_ofs + 3 + i] = pd[i] - 0.5 * Lt_w + 2.0 * Lt_g + 2.0 * p[i] * mu_q;
    }
    /* Newton: m a = f + fc */
    for (int i = 0; i < 3; i++)
        res[b->u_ofs + i] = b->mass * s->a[i] - s->f[i] - s->fc[i];
    /* Euler, body axes: J dwb/dt + wb x J wb = A^T (tq + tqc) */
    const double *wbd = yp + b->u_ofs + 3;
    double Jw[3], Jwd[3], gyro[3], tq[3], tq_body[3];
    m3_mul_v(Jw, b->inertia, s->wb);
    m3_mul_v(Jwd, b->inertia, wbd);
    v3_cross(gyro, s->wb, Jw);
    v3_add(tq, s->tq, s->tqc);
    m3_tmul_v(tq_body, s->A, tq);
    for (int i = 0; i < 3; i++)
        res[b->u_ofs + 3 + i] = Jwd[i] + gyro[i] - tq_body[i];
}

/* The states of an element switched off keep their values (an
 * algebraic one, a variable, goes to 0); its rows are not in use. */
static void frozen_states(mbs_eval *ev, const mbs_component *c)
{
    for (int k = 0; k < c->n_states; k++) {
        int algebraic = c->state_form && c->state_form[k] == MBS_STATE_ALGEBRAIC;
        mbs_set_state_residual(ev, c, k, algebraic ? mbs_state(ev, c, k) : mbs_state_rate(ev, c, k));
    }
}

/* One component's loads and state equations, or its frozen states. */
static void eval_component(mbs_eval *ev, int c)
{
    const mbs_component *comp = &ev->m->comps[c];
    if (mbs_component_active(ev->m, ev->d, c))
        comp->ops->eval(comp, ev);
    else
        frozen_states(ev, comp);
}

void mbs_residual_elements(mbs_eval *ev, const char *skip_comp, const char *skip_row)
{
    for (int c = 0; c < ev->m->n_comps; c++)
        if (!(skip_comp && skip_comp[c]))
            eval_component(ev, c);
    constraint_rows(ev, ev->res, skip_row);
}

void mbs_residual_components(mbs_eval *ev, const char *only)
{
    for (int c = 0; c < ev->m->n_comps; c++)
        if (only[c])
            eval_component(ev, c);
}

void mbs_residual_body(const mbs_model *m, const mbs_data *d, int i, const double *y, const double *yp, double *res)
{
    const mbs_body *b = &m->bodies[i];
    const mbs_body_state *s = &d->bodies[i];
    switch (b->type) {
    case MBS_BODY_GROUND:
        break;
    case MBS_BODY_RIGID: {
        rigid_body_rows(b, s, y, yp, y + m->ofs_mu, res);
        const double *p = y + b->q_ofs + 3;
        res[m->ofs_mu + b->quat_mu] = p[0] * p[0] + p[1] * p[1] + p[2] * p[2] + p[3] * p[3] - 1.0;
        break;
    }
    case MBS_BODY_POINT:
        for (int k = 0; k < 3; k++) {
            res[b->q_ofs + k] = yp[b->q_ofs + k] - s->v[k] + s->gr[k];
            res[b->u_ofs + k] = b->mass * s->a[k] - s->f[k] - s->fc[k];
        }
        break;
    case MBS_BODY_MASS1D:
        res[b->q_ofs] = yp[b->q_ofs] - s->v[0] + s->gr[0];
        res[b->u_ofs] = b->mass * s->a[0] - s->f[0] - s->fc[0];
        break;
    }
}

void mbs_residual_energy(mbs_eval *ev)
{
    const mbs_model *m = ev->m;
    mbs_data *d = ev->d;
    /* dE/dt = -(power of non-conservative forces) */
    double power = 0.0;
    for (int c = 0; c < m->n_comps; c++)
        if (m->comps[c].ops->power_nc && mbs_component_active(m, d, c))
            power += m->comps[c].ops->power_in_eval ? d->comp_power[c] /* eval ran at this state */
                                                    : m->comps[c].ops->power_nc(&m->comps[c], ev);
    int e = m->ofs_z + m->energy_state;
    ev->res[e] = ev->yp[e] + power;
}

void mbs_residual(const mbs_model *m, mbs_data *d, double t, const double *y, const double *yp, double *res)
{
    mbs_residual_without(m, d, t, y, yp, NULL, res);
}

void mbs_residual_without(const mbs_model *m, mbs_data *d, double t, const double *y, const double *yp,
                          const char *skip, double *res)
{
    mbs_update_bodies(m, d, y, yp);
    memset(res, 0, (size_t)m->ny * sizeof *res);
    mbs_eval ev = {m, d, t, y, yp, res};
    mbs_residual_elements(&ev, skip, NULL);
    for (int i = 0; i < m->n_bodies; i++)
        mbs_residual_body(m, d, i, y, yp, res);
    mbs_residual_energy(&ev);
    if (!mbs_all_finite(res, m->ny))
        mbs_nonfinite_explain(m, d, t, y, yp, res);
}
