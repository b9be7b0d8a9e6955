/* The DAE variables' layout (layout.h): every body, component row, state
 * and root its index. */
#include "layout.h"

#include <stdio.h>
#include <stdlib.h>

int mbs_layout(mbs_model *m, mbs_diags *d)
{
    (void)d;
    /* positions and velocities */
    m->nq = m->nu = 0;
    for (int i = 0; i < m->n_bodies; i++) {
        m->nq += m->bodies[i].nq;
        m->nu += m->bodies[i].nu;
    }
    m->ofs_q = 0;
    m->ofs_u = m->nq;
    int q = m->ofs_q, u = m->ofs_u;
    m->n_quat = 0;
    for (int i = 0; i < m->n_bodies; i++) {
        mbs_body *b = &m->bodies[i];
        b->q_ofs = q;
        b->u_ofs = u;
        q += b->nq;
        u += b->nu;
    }

    /* component rows (holonomic first within each component), states, roots */
    int rows = 0, hol = 0, states = 0, roots = 0, disc = 0;
    for (int c = 0; c < m->n_comps; c++) {
        mbs_component *k = &m->comps[c];
        k->row_ofs = rows;
        k->state_ofs = states;
        k->root_ofs = roots;
        k->disc_ofs = disc;
        rows += k->n_hrows + k->n_vrows;
        hol += k->n_hrows;
        states += k->n_states;
        roots += k->n_roots;
        disc += k->n_disc;
    }
    m->n_rows = rows;
    m->n_hol = hol;
    m->n_roots = roots;
    m->n_disc = disc;
    m->energy_state = states; /* the dissipated energy comes after the elements' states */
    m->nz = states + 1;

    free(m->row_comp);
    free(m->row_mu);
    m->row_comp = malloc(((size_t)rows + 1) * sizeof *m->row_comp);
    m->row_mu = malloc(((size_t)rows + 1) * sizeof *m->row_mu);
    if (!m->row_comp || !m->row_mu)
        return -1;
    int mu = 0;
    for (int c = 0; c < m->n_comps; c++) {
        const mbs_component *k = &m->comps[c];
        for (int r = 0; r < k->n_hrows + k->n_vrows; r++) {
            m->row_comp[k->row_ofs + r] = c;
            m->row_mu[k->row_ofs + r] = r < k->n_hrows ? mu++ : -1;
        }
    }
    for (int i = 0; i < m->n_bodies; i++)
        if (m->bodies[i].type == MBS_BODY_RIGID) {
            m->bodies[i].quat_mu = mu++;
            m->n_quat++;
        }
    m->n_mu = mu;

    m->ofs_z = m->nq + m->nu;
    m->ofs_lambda = m->ofs_z + m->nz;
    m->ofs_mu = m->ofs_lambda + m->n_rows;
    m->ny = m->ofs_mu + m->n_mu;
    return 0;
}

static const mbs_component *state_owner(const mbs_model *m, int k)
{
    for (int c = 0; c < m->n_comps; c++)
        if (k >= m->comps[c].state_ofs && k < m->comps[c].state_ofs + m->comps[c].n_states)
            return &m->comps[c];
    return NULL;
}

void mbs_layout_describe(const mbs_model *m, int i, int equation, char *out, size_t size)
{
    char who[300] = "";
    if (i < m->ofs_z) {
        int velocity = i >= m->ofs_u;
        for (int b = 0; b < m->n_bodies; b++) {
            const mbs_body *bd = &m->bodies[b];
            int ofs = velocity ? bd->u_ofs : bd->q_ofs, n = velocity ? bd->nu : bd->nq;
            if (i >= ofs && i < ofs + n) {
                mbs_body_describe(bd, who, sizeof who);
                snprintf(out, size, "the %s of %s",
                         equation ? (velocity ? "force balance" : "kinematics") : (velocity ? "velocity" : "position"),
                         who);
                return;
            }
        }
    } else if (i < m->ofs_lambda) {
        int k = i - m->ofs_z;
        const mbs_component *c = state_owner(m, k);
        if (k == m->energy_state) {
            snprintf(out, size, "the dissipated energy");
            return;
        }
        if (c) {
            mbs_component_describe(c, who, sizeof who);
            snprintf(out, size, "%s %d of %s", equation ? "the state equation" : "state", k - c->state_ofs, who);
            return;
        }
    } else if (i < m->ofs_mu) {
        int r = i - m->ofs_lambda;
        mbs_component_describe(&m->comps[m->row_comp[r]], who, sizeof who);
        snprintf(out, size, "the %s of %s", equation ? "velocity constraint" : "constraint force", who);
        return;
    } else {
        int j = i - m->ofs_mu;
        for (int b = 0; b < m->n_bodies; b++)
            if (m->bodies[b].quat_mu == j) {
                mbs_body_describe(&m->bodies[b], who, sizeof who);
                snprintf(out, size, "the %s of %s", equation ? "unit quaternion" : "orientation multiplier", who);
                return;
            }
        for (int r = 0; r < m->n_rows; r++)
            if (m->row_mu[r] == j) {
                mbs_component_describe(&m->comps[m->row_comp[r]], who, sizeof who);
                snprintf(out, size, "the %s of %s", equation ? "position constraint" : "stabilising multiplier", who);
                return;
            }
    }
    snprintf(out, size, "%s %d", equation ? "equation" : "variable", i);
}
