/* Friction and limit stops on a relative coordinate q with rate v
 * (docs/connectors.md, "Force_CoordinateSpringDamperExt"). Forces are positive
 * when they act against positive q, like the spring force k q.
 *
 * Stribeck law, F_max = f_d + f_so:
 *   |v| <= v_reg (v_reg > 0):  S(v) = F_max v / v_reg
 *   otherwise, w = |v| - v_reg: S(v) = sign(v) (f_d + f_so exp(-w / v_exp) + f_v w)
 *
 * Regularised model (v_reg > 0): f_friction = S(v), no modes.
 * Bristle model (v_reg = 0, F_max > 0): mode stick or slip(sigma), sigma = +-1,
 * and the last sticking position x_lsp:
 *   stick:       f_friction = F_b = k_mu (q - x_lsp) + d_mu v
 *   slip(sigma): f_friction = sigma M(v),  M(v) = f_d + f_so exp(-|v| / v_exp) + f_v |v|
 *   stick -> slip(sigma) when sigma F_b rises to F_max;
 *   slip(sigma) -> stick when sigma v falls to 0; x_lsp is then chosen so that
 *   F_b = sigma M(v) (1 - 1e-9) at that instant: the force is continuous to
 *   1e-9 of itself, just inside the sticking range. (Exactly on its edge the
 *   breakaway root started at zero, and IDA's error test failed without end
 *   on the robot axis at rtol 1e-10.)
 * With v_reg = 0 and F_max = 0 there is no friction at all (as in Exudyn).
 *
 * Limit stops: contact free, upper or lower;
 *   upper: f_contact = k_lim (q - s_upper) + d_lim v,  lower: k_lim (q - s_lower) + d_lim v
 *   free -> upper when q rises to s_upper, upper -> free when it falls back
 *   (lower alike, mirrored). The stop's spring is conservative, with
 *   potential 1/2 k_lim (q - s)^2 in contact.
 *
 * Root functions: each is positive while its mode holds and falls through
 * zero at the switch; an unused one is the constant 1.
 *   friction  stick:  [F_max - F_b, F_max + F_b]      slip(sigma): [sigma v, 1]
 *   stops     free:   [s_upper - q, q - s_lower]      upper: [q - s_upper, 1]
 *                                                     lower: [s_lower - q, 1] */
#include "coordinate_friction.h"

#include <math.h>

static double f_max(const mbs_cfric *f)
{
    return f->f_d + f->f_so;
}

void mbs_cfric_setup(mbs_cfric *f)
{
    if (f->v_reg > 0)
        f->model = MBS_CFRIC_REGULARISED;
    else if (f_max(f) > 0)
        f->model = MBS_CFRIC_BRISTLE;
    else
        f->model = MBS_CFRIC_NONE;
    f->n_roots = 0;
    f->root_friction = f->root_stops = -1;
    if (f->model == MBS_CFRIC_BRISTLE) {
        f->root_friction = f->n_roots;
        f->n_roots += 2;
    }
    if (f->stops) {
        f->root_stops = f->n_roots;
        f->n_roots += 2;
    }
}

/* Slip force magnitude of the bristle model (the law with v_reg = 0). */
static double slip_magnitude(const mbs_cfric *f, double v)
{
    double w = fabs(v);
    return f->f_d + f->f_so * exp(-w / f->v_exp) + f->f_v * w;
}

double mbs_cfric_stribeck(const mbs_cfric *f, double v)
{
    if (f->v_reg > 0 && fabs(v) <= f->v_reg)
        return f_max(f) * v / f->v_reg;
    double w = fabs(v) - f->v_reg;
    double s = v > 0 ? 1.0 : v < 0 ? -1.0 : 0.0;
    return s * (f->f_d + f->f_so * exp(-w / f->v_exp) + f->f_v * w);
}

static double bristle_force(const mbs_cfric *f, const double *disc, double q, double v)
{
    return f->k_mu * (q - disc[MBS_CFRIC_XLSP]) + f->d_mu * v;
}

static double friction_force(const mbs_cfric *f, const double *disc, double q, double v)
{
    switch (f->model) {
    case MBS_CFRIC_REGULARISED:
        return mbs_cfric_stribeck(f, v);
    case MBS_CFRIC_BRISTLE: {
        double sigma = disc[MBS_CFRIC_MODE];
        return sigma == 0 ? bristle_force(f, disc, q, v) : sigma * slip_magnitude(f, v);
    }
    case MBS_CFRIC_NONE:
        break;
    }
    return 0.0;
}

/* The stop position touched in the current contact mode, or NAN when free. */
static double stop_position(const mbs_cfric *f, const double *disc)
{
    if (!f->stops || disc[MBS_CFRIC_CONTACT] == 0)
        return NAN;
    return disc[MBS_CFRIC_CONTACT] > 0 ? f->s_upper : f->s_lower;
}

double mbs_cfric_force(const mbs_cfric *f, const double *disc, double q, double v, double *conservative)
{
    double force = friction_force(f, disc, q, v);
    double s = stop_position(f, disc);
    *conservative = 0.0;
    if (!isnan(s)) {
        *conservative = f->k_lim * (q - s);
        force += *conservative + f->d_lim * v;
    }
    return force;
}

double mbs_cfric_potential(const mbs_cfric *f, const double *disc, double q)
{
    double s = stop_position(f, disc);
    return isnan(s) ? 0.0 : 0.5 * f->k_lim * (q - s) * (q - s);
}

/* Contact mode for a coordinate q moving at v: beyond a stop, or exactly on
 * it and moving into it, is contact. */
static double contact_for(const mbs_cfric *f, double q, double v)
{
    if (q > f->s_upper || (q == f->s_upper && v > 0))
        return 1.0;
    if (q < f->s_lower || (q == f->s_lower && v < 0))
        return -1.0;
    return 0.0;
}

void mbs_cfric_init(const mbs_cfric *f, double *disc, int mode, double x_lsp, double q, double v)
{
    disc[MBS_CFRIC_MODE] = 0.0;
    disc[MBS_CFRIC_XLSP] = 0.0;
    disc[MBS_CFRIC_CONTACT] = f->stops ? contact_for(f, q, v) : 0.0;
    if (f->model != MBS_CFRIC_BRISTLE)
        return;
    disc[MBS_CFRIC_XLSP] = x_lsp;
    if (mode != 0) {
        /* sliding: its direction is that of the motion, if there is one */
        disc[MBS_CFRIC_MODE] = v > 0 ? 1.0 : v < 0 ? -1.0 : (mode > 0 ? 1.0 : -1.0);
        return;
    }
    /* sticking with a bristle force beyond the limit breaks away at once */
    double Fb = bristle_force(f, disc, q, v);
    if (fabs(Fb) >= f_max(f))
        disc[MBS_CFRIC_MODE] = Fb > 0 ? 1.0 : -1.0;
}

void mbs_cfric_roots(const mbs_cfric *f, const double *disc, double q, double v, double *g)
{
    if (f->root_friction >= 0) {
        double *gf = g + f->root_friction;
        double sigma = disc[MBS_CFRIC_MODE];
        if (sigma == 0) {
            double Fb = bristle_force(f, disc, q, v);
            gf[0] = f_max(f) - Fb;
            gf[1] = f_max(f) + Fb;
        } else {
            gf[0] = sigma * v;
            gf[1] = 1.0;
        }
    }
    if (f->root_stops >= 0) {
        double *gs = g + f->root_stops;
        double contact = disc[MBS_CFRIC_CONTACT];
        if (contact == 0) {
            gs[0] = f->s_upper - q;
            gs[1] = q - f->s_lower;
        } else {
            gs[0] = contact > 0 ? q - f->s_upper : f->s_lower - q;
            gs[1] = 1.0;
        }
    }
}

/* how far inside the sticking range a new stick starts (see the top) */
#define STICK_MARGIN 1e-9

static int switch_friction(const mbs_cfric *f, double *disc, double q, double v, const int *fired, const char **kinds)
{
    double sigma = disc[MBS_CFRIC_MODE];
    if (sigma == 0) {
        if (fired[0] >= 0 && fired[1] >= 0)
            return 0;
        disc[MBS_CFRIC_MODE] = fired[0] < 0 ? 1.0 : -1.0;
        kinds[0] = "slip";
        return 1;
    }
    if (fired[0] >= 0)
        return 0;
    /* the bristle takes over the slip force where it stands */
    disc[MBS_CFRIC_XLSP] = q - (sigma * slip_magnitude(f, v) * (1.0 - STICK_MARGIN) - f->d_mu * v) / f->k_mu;
    disc[MBS_CFRIC_MODE] = 0.0;
    kinds[0] = "stick";
    return 1;
}

static int switch_stops(const mbs_cfric *f, double *disc, double q, double v, const int *fired, const char **kinds)
{
    double contact = disc[MBS_CFRIC_CONTACT];
    int n = 0;
    if (contact == 0) {
        if (fired[0] >= 0 && fired[1] >= 0)
            return 0;
        int upper = fired[0] < 0 && (fired[1] >= 0 || v > 0);
        disc[MBS_CFRIC_CONTACT] = upper ? 1.0 : -1.0;
        kinds[n++] = upper ? "limit_upper_on" : "limit_lower_on";
        return n;
    }
    if (fired[0] >= 0)
        return 0;
    kinds[n++] = contact > 0 ? "limit_upper_off" : "limit_lower_off";
    /* stops that (nearly) meet: leaving one may mean touching the other */
    disc[MBS_CFRIC_CONTACT] = contact_for(f, q, v) == -contact ? -contact : 0.0;
    if (disc[MBS_CFRIC_CONTACT] != 0)
        kinds[n++] = contact > 0 ? "limit_lower_on" : "limit_upper_on";
    return n;
}

int mbs_cfric_switch(const mbs_cfric *f, double *disc, double q, double v, const int *fired, const char **kinds)
{
    int n = 0;
    if (f->root_friction >= 0)
        n += switch_friction(f, disc, q, v, fired + f->root_friction, kinds + n);
    if (f->root_stops >= 0)
        n += switch_stops(f, disc, q, v, fired + f->root_stops, kinds + n);
    return n;
}

void mbs_cfric_state(const mbs_cfric *f, const double *disc, double q, double v, double out[3])
{
    out[0] = out[1] = out[2] = 0.0;
    if (f->model == MBS_CFRIC_BRISTLE) {
        double sigma = disc[MBS_CFRIC_MODE];
        out[0] = sigma == 0 ? 0.0 : sigma * slip_magnitude(f, v);
        out[1] = disc[MBS_CFRIC_XLSP];
    }
    double s = stop_position(f, disc);
    if (!isnan(s))
        out[2] = q - s;
}
