/* When the residual is not finite: the element (or the variable) that made
 * it so, found by evaluating again element by element (nonfinite.h). */
#include "nonfinite.h"
#include "residual.h"
#include "../../model/layout.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

int mbs_all_finite(const double *v, int n)
{
    /* 0 * x is 0 for every finite x and NaN otherwise: one pass, no branch */
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += 0.0 * v[i];
    return s == 0.0;
}

static int first_nonfinite(const double *v, int n)
{
    for (int i = 0; i < n; i++)
        if (!isfinite(v[i]))
            return i;
    return -1;
}

/* After component c evaluated: what it wrote that is not finite, if any. */
static int nonfinite_contribution(const mbs_model *m, const mbs_data *d, const mbs_component *c, const double *res,
                                  char *out, size_t size)
{
    for (int b = 0; b < m->n_bodies; b++) {
        const mbs_body *bd = &m->bodies[b];
        const mbs_body_state *s = &d->bodies[b];
        /* the components a body of its type has */
        int n = bd->type == MBS_BODY_MASS1D ? 1 : bd->type == MBS_BODY_GROUND ? 0 : 3;
        int torque = bd->type == MBS_BODY_RIGID;
        const double *v = !mbs_all_finite(s->f, n) ? s->f : torque && !mbs_all_finite(s->tq, 3) ? s->tq : NULL;
        if (v) {
            char who[300];
            mbs_body_describe(bd, who, sizeof who);
            if (n == 1)
                snprintf(out, size, "its force on %s is %g", who, v[0]);
            else
                snprintf(out, size, "its %s on %s is (%g, %g, %g)", v == s->f ? "force" : "torque", who, v[0], v[1],
                         v[2]);
            return 1;
        }
    }
    for (int r = c->row_ofs; r < c->row_ofs + c->n_hrows + c->n_vrows; r++) {
        const mbs_row *row = &d->rows[r];
        int finite = isfinite(row->g) && isfinite(row->gt);
        for (int k = 0; k < row->jac.n && finite; k++)
            finite = mbs_all_finite(row->jac.terms[k].lin, 3) && mbs_all_finite(row->jac.terms[k].ang, 3);
        if (!finite) {
            snprintf(out, size, "its constraint equation %d is not finite (g = %g, dg/dt term = %g)",
                     r - c->row_ofs, row->g, row->gt);
            return 1;
        }
    }
    int i = first_nonfinite(res, m->ny);
    if (i >= 0) {
        char what[300];
        mbs_layout_describe(m, i, 1, what, sizeof what);
        snprintf(out, size, "its contribution to %s is %g", what, res[i]);
        return 1;
    }
    return 0;
}

static void fail_at(mbs_data *d, double t, const char *fmt, const char *what)
{
    d->eval_failed = 1;
    snprintf(d->eval_message, sizeof d->eval_message, fmt, t, what);
}

/* Kept beyond the evaluation: IDA's last evaluation before it gives up may
 * be a finite one, at a smaller step. */
static void remember(mbs_data *d)
{
    d->nonfinite_count++;
    memcpy(d->nonfinite_message, d->eval_message, sizeof d->nonfinite_message);
}

void mbs_nonfinite_explain(const mbs_model *m, mbs_data *d, double t, const double *y, const double *yp, double *res)
{
    char what[400];
    /* the equation that is not finite, before res is overwritten */
    int eq = first_nonfinite(res, m->ny);
    double eq_value = eq >= 0 ? res[eq] : 0.0;
    /* a state that is not finite: the integrator's, not an element's doing */
    const double *vectors[2] = {y, yp};
    for (int k = 0; k < 2; k++) {
        int i = first_nonfinite(vectors[k], m->ny);
        if (i >= 0) {
            char var[300];
            mbs_layout_describe(m, i, 0, var, sizeof var);
            snprintf(what, sizeof what, "%s%s is %g", k ? "the rate of " : "", var, vectors[k][i]);
            fail_at(d, t, "the solution is not finite at t = %.9g: %s", what);
            remember(d);
            return;
        }
    }
    /* the elements one by one, each checked for what it wrote */
    mbs_update_bodies(m, d, y, yp);
    memset(res, 0, (size_t)m->ny * sizeof *res);
    mbs_eval ev = {m, d, t, y, yp, res};
    for (int c = 0; c < m->n_comps; c++) {
        const mbs_component *comp = &m->comps[c];
        comp->ops->eval(comp, &ev);
        if (nonfinite_contribution(m, d, comp, res, what, sizeof what)) {
            mbs_eval_fail(&ev, comp, "a value is not finite: %s", what);
            remember(d);
            return;
        }
    }
    for (int c = 0; c < m->n_comps; c++) {
        const mbs_component *comp = &m->comps[c];
        double p = comp->ops->power_nc ? comp->ops->power_nc(comp, &ev) : 0.0;
        if (!isfinite(p)) {
            mbs_eval_fail(&ev, comp, "a value is not finite: its dissipated power is %g", p);
            remember(d);
            return;
        }
    }
    /* finite contributions whose sum or product overflowed */
    char var[300] = "";
    if (eq >= 0)
        mbs_layout_describe(m, eq, 1, var, sizeof var);
    snprintf(what, sizeof what, "%s is %g", eq >= 0 ? var : "an equation", eq_value);
    fail_at(d, t, "the residual is not finite at t = %.9g: %s (the elements' values are finite)", what);
    remember(d);
}

/* The body whose coordinates or velocities hold variable i, or -1. */
static int body_of_variable(const mbs_model *m, int i)
{
    for (int b = 0; b < m->n_bodies; b++) {
        const mbs_body *bd = &m->bodies[b];
        if ((i >= bd->q_ofs && i < bd->q_ofs + bd->nq) || (i >= bd->u_ofs && i < bd->u_ofs + bd->nu))
            return b;
    }
    return -1;
}

/* After the elements evaluated: of the rows in use on `body`, the element
 * whose row has the largest explicit time term (a motion's, a moving
 * offset's: scleronomic rows have none), with that term; -1 if none. */
static int prescribing_element(const mbs_model *m, const mbs_data *d, int body, double *gt)
{
    int best = -1;
    double largest = 0.0;
    for (int c = 0; c < m->n_comps; c++) {
        const mbs_component *comp = &m->comps[c];
        for (int r = comp->row_ofs; r < comp->row_ofs + comp->n_hrows + comp->n_vrows; r++) {
            const mbs_row *row = &d->rows[r];
            int on_body = 0;
            for (int k = 0; k < row->jac.n && !on_body; k++)
                on_body = row->jac.terms[k].body == body;
            if (d->row_active[r] && on_body && !(fabs(row->gt) <= largest)) {
                best = c;
                largest = fabs(row->gt);
                *gt = row->gt;
            }
        }
    }
    return best;
}

int mbs_driving_element(const mbs_model *m, mbs_data *d, double t, const double *y, const double *yp, double *res,
                        int i, mbs_driver *out)
{
    int body = body_of_variable(m, i);
    if (body < 0)
        return -1; /* an element's state, a multiplier */
    const mbs_body *b = &m->bodies[body];
    int k = i - b->u_ofs; /* a translational velocity: k in 0..2 */
    double inertia = k >= 0 && k < 3 && k < b->nu ? fabs(b->mass * yp[i]) : 0.0;
    mbs_update_bodies(m, d, y, yp);
    memset(res, 0, (size_t)m->ny * sizeof *res);
    mbs_eval ev = {m, d, t, y, yp, res};
    double before = 0.0;
    for (int c = 0; c < m->n_comps; c++) {
        if (!mbs_component_active(m, d, c))
            continue;
        m->comps[c].ops->eval(&m->comps[c], &ev);
        if (inertia > 0.0) {
            double after = d->bodies[body].f[k], share = after - before;
            before = after;
            if (isfinite(share) && fabs(share) >= 0.5 * inertia) {
                out->prescribed = 0;
                out->value = share;
                return c;
            }
        }
    }
    /* no force drives it: the constraint that moves the body as a function
     * of time (a motion near a pole), its rate -g_t (rows read q - f(t)) */
    double gt = 0.0;
    int c = prescribing_element(m, d, body, &gt);
    if (c < 0 || gt == 0.0)
        return -1;
    out->prescribed = 1;
    out->value = -gt;
    return c;
}
