/* Consistent values of the element states that are not given by an
 * explicit rate: algebraic states (a Reference_Variable: its value z
 * satisfies g(z, ...) = 0) and implicit differential states (an implicit
 * Control_Diff: its rate dz/dt satisfies g(z, dz/dt, ...) = 0).
 *
 * Newton on those unknowns alone (z for the algebraic, dz/dt for the
 * implicit ones) with the residual rows of their states, the Jacobian by
 * forward differences (they are few: one per variable), everything else
 * held. Chains and loops of variables that read each other are solved
 * together. */
#include "state_solve.h"
#include "../dae/residual.h"
#include "../../core/dense.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct mbs_state_solver {
    const mbs_model *m;
    mbs_data *d;
    int n;
    int *index;     /* [n] index into the z block */
    int *implicit;  /* [n] the unknown is dz/dt */
    double *J, *F, *F1, *dx, *res;
    int *piv;
};

mbs_state_solver *mbs_state_solver_create(const mbs_model *m, mbs_data *d)
{
    mbs_state_solver *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->m = m;
    s->d = d;
    int n = 0;
    for (int c = 0; c < m->n_comps; c++)
        for (int k = 0; m->comps[c].state_form && k < m->comps[c].n_states; k++)
            n += m->comps[c].state_form[k] != MBS_STATE_EXPLICIT;
    s->n = n;
    size_t sz = (size_t)n + 1;
    s->index = malloc(sz * sizeof *s->index);
    s->implicit = malloc(sz * sizeof *s->implicit);
    s->J = malloc(sz * sz * sizeof *s->J);
    s->F = malloc(sz * sizeof *s->F);
    s->F1 = malloc(sz * sizeof *s->F1);
    s->dx = malloc(sz * sizeof *s->dx);
    s->piv = malloc(sz * sizeof *s->piv);
    s->res = malloc(((size_t)m->ny + 1) * sizeof *s->res);
    if (!s->index || !s->implicit || !s->J || !s->F || !s->F1 || !s->dx || !s->piv || !s->res) {
        mbs_state_solver_free(s);
        return NULL;
    }
    n = 0;
    for (int c = 0; c < m->n_comps; c++) {
        const mbs_component *comp = &m->comps[c];
        for (int k = 0; comp->state_form && k < comp->n_states; k++)
            if (comp->state_form[k] != MBS_STATE_EXPLICIT) {
                s->index[n] = comp->state_ofs + k;
                s->implicit[n] = comp->state_form[k] == MBS_STATE_IMPLICIT;
                n++;
            }
    }
    return s;
}

void mbs_state_solver_free(mbs_state_solver *s)
{
    if (!s)
        return;
    free(s->index);
    free(s->implicit);
    free(s->J);
    free(s->F);
    free(s->F1);
    free(s->dx);
    free(s->piv);
    free(s->res);
    free(s);
}

int mbs_state_solver_count(const mbs_state_solver *s)
{
    return s ? s->n : 0;
}

int mbs_state_is_explicit(const mbs_state_solver *s, int z)
{
    for (int i = 0; s && i < s->n; i++)
        if (s->index[i] == z)
            return 0;
    return 1;
}

static double *unknown(const mbs_state_solver *s, double *y, double *yp, int i)
{
    int at = s->m->ofs_z + s->index[i];
    return s->implicit[i] ? &yp[at] : &y[at];
}

/* F = the residual rows of the unknowns; -1 when the model cannot be
 * evaluated there. */
static int rows(mbs_state_solver *s, double t, double *y, double *yp, double *F)
{
    s->d->eval_failed = 0;
    mbs_residual(s->m, s->d, t, y, yp, s->res);
    for (int i = 0; i < s->n; i++)
        F[i] = s->res[s->m->ofs_z + s->index[i]];
    return s->d->eval_failed ? -1 : 0;
}

int mbs_solve_states(mbs_state_solver *s, double t, double *y, double *yp, double *change, char *msg, size_t size)
{
    *change = 0.0;
    if (!s || s->n == 0)
        return 0;
    int n = s->n;
    for (int iter = 0; iter < 30; iter++) {
        if (rows(s, t, y, yp, s->F) != 0) {
            snprintf(msg, size, "%s", s->d->eval_message);
            return -1;
        }
        for (int j = 0; j < n; j++) {
            double *x = unknown(s, y, yp, j), saved = *x;
            double h = 1e-7 * fmax(1.0, fabs(saved));
            *x = saved + h;
            int bad = rows(s, t, y, yp, s->F1);
            *x = saved;
            if (bad) {
                snprintf(msg, size, "%s", s->d->eval_message);
                return -1;
            }
            for (int i = 0; i < n; i++)
                s->J[i * n + j] = (s->F1[i] - s->F[i]) / h;
        }
        if (mbs_lu_factor(s->J, n, s->piv) != 0) {
            snprintf(msg, size, "cannot compute consistent values of the variables and implicit differential "
                                "equations at t = %g: their equations do not determine them (singular)", t);
            return -1;
        }
        for (int i = 0; i < n; i++)
            s->dx[i] = -s->F[i];
        mbs_lu_solve(s->J, n, s->piv, s->dx);
        double step = 0.0;
        for (int i = 0; i < n; i++) {
            double *x = unknown(s, y, yp, i);
            *x += s->dx[i];
            step = fmax(step, fabs(s->dx[i]) / fmax(1.0, fabs(*x)));
        }
        *change = fmax(*change, step);
        if (step <= 1e-12)
            return 0;
    }
    snprintf(msg, size, "cannot compute consistent values of the variables and implicit differential equations at "
                        "t = %g: Newton's method does not converge", t);
    return -1;
}
