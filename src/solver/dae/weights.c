/* The absolute variables' tolerances and error weights (weights.h).
 * Positions, velocities and element states are differential (IDA's id 1);
 * the multipliers lambda and mu are algebraic and left out of the error
 * test (IDASetSuppressAlg). The error weights are our own
 * (IDAWFtolerances):
 *
 *   quaternion p,        w_i = 1 / (rtol |x_i| + atol + 0.01 rtol |x|)
 *   body-axis omega      (x = p or omega, |x| its norm: 1 for p)
 *   other differential   w_i = 1 / (rtol |y_i| + atol_i)
 *   dissipated energy    w = 1 / (rtol (|E_d| + R) + atol),  R the energy
 *                        E_d has given back (mbs_energy_flow_returned)
 *   lambda, |p| = 1's mu w_i = 1 / (rtol |x_i| + 1e4 atol / min(1, h/1 s))
 *   constraints' mu      w_i = 1 / (rtol |mu_i| + 1e12 atol)
 *
 * Why: a rotation's relative accuracy must not depend on how the body is
 * turned. A quaternion component passing through zero, or the x and y
 * components of the body-axis angular velocity (0, 0, w) of a body spinning
 * about its z axis, were held to atol alone, while rounding in the rotation
 * and the velocity constraints' own tolerance put errors of order rtol |w|
 * there: with atol << rtol the error test and Newton's test failed on that
 * noise and the steps collapsed (a wheel spun on a driven hub, the Andrews
 * squeezer at 1e-13). So each component keeps its own relative tolerance,
 * but not below 1 % of rtol times the vector's norm (measured: 10 % lets a
 * heavy top's precession drift and loosens the constraints, 1e-11 |w|
 * leaves the wheel at 14 000 steps).
 * The multipliers are index-2 variables: their Newton corrections carry the
 * velocities' errors amplified by 1/h (h lambda is what the motion sees),
 * so their tolerance grows like 1/h, else Newton fails on that noise at
 * small steps (geared discs at atol 1e-12). mu is 0 in the exact solution;
 * its corrections are rounding in g amplified by 1/h, and what a
 * constraint's mu does to the positions is tested in theirs: it is left out
 * of Newton's test (at 1e4 atol / h instead, Andrews' mechanism at atol
 * 1e-13 stalled in joint coordinates and the anti-roll bar took 100 times
 * the steps). A quaternion's normalisation mu must not be: left out, IDA's
 * order-5 predictor extrapolated its noise from step to step, it grew to
 * 1e2 and more, and a free block on a bushing at rtol 1e-10 picked up a
 * rotation of 3e-8 rad about an axis nothing turns it about.
 * E_d = -integral of the non-conservative power, a quadrature whose error
 * is judged, as a sum's, against the magnitudes summed: its total
 * variation, |E_d| + R. Where the power keeps its sign (dampers, friction
 * without bristles), R is 0 and E_d's weight is the plain rule's, bit for
 * bit. An element that cannot tell its conservative part (an expression
 * or SFOSUB spring) puts the energy it exchanges, 1/2 k x^2 each half
 * period, into E_d, which swings by that much and through 0, where the
 * plain rule left it atol alone and E_d set the step: 1.7 to 2.1 times
 * the steps of Force_SpringDamper, which keeps that energy as potential
 * energy (docs/theory.md, Energy; measured on examples/usersub/spring.xml
 * at k = 1e5 to 1e7); with R, 1.00 to 1.05 times. Its energy balance then
 * closes to 6e-6 and 2e-5 of the total energy at k = 1e5 and 1e6, the
 * built-in spring's to 2e-5 and 7e-5 (the motion's own error). */
#include "weights.h"

#include <float.h>
#include <math.h>

/* Step size below which the multipliers' tolerance grows like 1/h (the
 * scale of their absolute tolerance, 1e4 atol). */
#define MBS_LAMBDA_TIME_SCALE 1.0

/* The share of rtol |w| that bounds the tolerance of each component of a
 * body's angular velocity from below (see top). */
#define MBS_ROTATING_COMPONENT_FLOOR 0.01

/* Where absolute variable a is in x, or -1. */
static int var_index(const int *var_of_abs, int a)
{
    return var_of_abs ? var_of_abs[a] : a;
}

void mbs_abs_tolerances(const mbs_model *m, const mbs_solver_settings *s, double *atol, double *id)
{
    for (int i = 0; i < m->ny; i++) {
        int algebraic = i >= m->ofs_lambda;
        id[i] = algebraic ? 0.0 : 1.0;
        /* multipliers: lambda and a quaternion's mu a loose absolute
         * tolerance, which mbs_abs_weights widens like 1/h at small steps;
         * the constraints' mu left out of Newton's test (see top) */
        atol[i] = i >= m->ofs_mu ? 1e12 * s->atol : algebraic ? 1e4 * s->atol : s->atol;
    }
    for (int b = 0; b < m->n_bodies; b++)
        if (m->bodies[b].quat_mu >= 0)
            atol[m->ofs_mu + m->bodies[b].quat_mu] = 1e4 * s->atol;
    /* element states measured in other units than the coordinates (a
     * bristle deflection r_p theta at a pin of radius r_p); algebraic ones
     * (variables) have no derivative */
    for (int c = 0; c < m->n_comps; c++) {
        const mbs_component *comp = &m->comps[c];
        for (int k = 0; comp->state_atol && k < comp->n_states; k++)
            atol[m->ofs_z + comp->state_ofs + k] = s->atol * comp->state_atol[k];
        for (int k = 0; comp->state_form && k < comp->n_states; k++)
            if (comp->state_form[k] == MBS_STATE_ALGEBRAIC)
                id[m->ofs_z + comp->state_ofs + k] = 0.0;
    }
}

void mbs_energy_flow_add(mbs_energy_flow *f, double e)
{
    if (f->seen) {
        double change = e - f->last;
        if (change > 0.0)
            f->gained += change;
        else
            f->lost -= change;
    }
    f->last = e;
    f->seen = 1;
}

double mbs_energy_flow_returned(const mbs_energy_flow *f)
{
    return 2.0 * fmin(f->gained, f->lost);
}

void mbs_rotating_weights(const double *x, const double *atol, int i, int n, double rtol, double *w)
{
    double norm = 0.0;
    for (int k = 0; k < n; k++)
        norm += x[i + k] * x[i + k];
    double floor = MBS_ROTATING_COMPONENT_FLOOR * rtol * sqrt(norm);
    for (int k = 0; k < n; k++)
        w[i + k] = 1.0 / (rtol * fabs(x[i + k]) + atol[i + k] + floor);
}

void mbs_abs_weights(const mbs_model *m, const int *var_of_abs, int n, const double *x, const double *atol,
                     double rtol, double h, double energy_returned, double *w)
{
    for (int i = 0; i < n; i++)
        w[i] = 1.0 / (rtol * fabs(x[i]) + atol[i]);
    /* the dissipated energy: relative to its total variation (see top) */
    int e = var_index(var_of_abs, m->ofs_z + m->energy_state);
    if (e >= 0)
        w[e] = 1.0 / (rtol * (fabs(x[e]) + energy_returned) + atol[e]);
    /* lambda and a quaternion's mu: index-2, their corrections scale like 1/h */
    double h_rel = fmax(fmin(1.0, fabs(h) / MBS_LAMBDA_TIME_SCALE), DBL_EPSILON);
    for (int r = 0; r < m->n_rows; r++) {
        int i = var_index(var_of_abs, m->ofs_lambda + r);
        if (i >= 0)
            w[i] = 1.0 / (rtol * fabs(x[i]) + atol[i] / h_rel);
    }
    for (int b = 0; b < m->n_bodies; b++) {
        const mbs_body *body = &m->bodies[b];
        int q = var_index(var_of_abs, body->q_ofs + 3), u = var_index(var_of_abs, body->u_ofs + 3);
        if (body->type != MBS_BODY_RIGID || q < 0)
            continue;
        mbs_rotating_weights(x, atol, q, 4, rtol, w); /* quaternion */
        mbs_rotating_weights(x, atol, u, 3, rtol, w); /* angular velocity, body axes */
        int mu = body->quat_mu >= 0 ? var_index(var_of_abs, m->ofs_mu + body->quat_mu) : -1;
        if (mu >= 0)
            w[mu] = 1.0 / (rtol * fabs(x[mu]) + atol[mu] / h_rel);
    }
}

void mbs_abs_increment_weights(const mbs_model *m, const int *var_of_abs, const double *atol, double *w)
{
    /* the difference increments of the multipliers come from their fixed
     * absolute tolerance, not from the step-scaled Newton weights (which
     * would make them huge at small steps, where friction's dependence on a
     * reaction needs a local derivative) */
    for (int r = 0; r < m->n_rows; r++) {
        int i = var_index(var_of_abs, m->ofs_lambda + r);
        if (i >= 0)
            w[i] = 1.0 / atol[i];
    }
}
