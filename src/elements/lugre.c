/* The LuGre law (lugre.h).
 *
 * |v| enters the bristle equation as s = |v|^2 / sqrt(|v|^2 + eps^2): smooth
 * (continuous derivative, which Newton's iterations like at a velocity
 * reversal), exactly 0 at rest (so a bristle at rest does not relax: no
 * creep under a constant load), and |v| (1 - eps^2 / (2 |v|^2)) above eps.
 * eps = 1e-8 v_s is far below any slip speed the integrator resolves. g uses
 * |v|^2 directly, which is smooth already. */
#include "lugre.h"

#include <math.h>

#define SPEED_EPS_FACTOR 1e-8

double mbs_lugre_g(const mbs_lugre *l, double speed2)
{
    switch (l->effect) {
    case MBS_LUGRE_STICTION: return l->mu_s;
    case MBS_LUGRE_SLIDING: return l->mu_d;
    case MBS_LUGRE_ALL: break;
    }
    return l->mu_d + (l->mu_s - l->mu_d) * exp(-speed2 / (l->v_s * l->v_s));
}

double mbs_lugre_stiction(const mbs_lugre *l)
{
    return mbs_lugre_g(l, 0.0);
}

double mbs_lugre_deflection_scale(const mbs_lugre *l)
{
    return mbs_lugre_stiction(l) / l->sigma0;
}

/* g and dg/dv at slip velocity v */
static double g_and_slope(const mbs_lugre *l, double v, double *dg)
{
    *dg = 0.0;
    if (l->effect != MBS_LUGRE_ALL)
        return mbs_lugre_g(l, v * v);
    double decay = exp(-v * v / (l->v_s * l->v_s));
    *dg = -2.0 * v / (l->v_s * l->v_s) * (l->mu_s - l->mu_d) * decay;
    return l->mu_d + (l->mu_s - l->mu_d) * decay;
}

void mbs_lugre_channel(const mbs_lugre *l, double v, double z, double *zdot, double *mu, mbs_lugre_slopes *slopes)
{
    double eps = SPEED_EPS_FACTOR * l->v_s, r2 = v * v + eps * eps, root = sqrt(r2);
    double s = v * v / root, dg, g = g_and_slope(l, v, &dg), relax = l->sigma0 * s / g;
    *zdot = v - relax * z;
    *mu = -(l->sigma0 * z + l->sigma1 * *zdot + l->sigma2 * v);
    if (!slopes)
        return;
    double ds = v * (v * v + 2.0 * eps * eps) / (r2 * root);
    double drelax = l->sigma0 * (ds * g - s * dg) / (g * g);
    slopes->dzdot_dz = -relax;
    slopes->dzdot_dv = 1.0 - drelax * z;
    slopes->dmu_dz = -(l->sigma0 + l->sigma1 * slopes->dzdot_dz);
    slopes->dmu_dv = -(l->sigma1 * slopes->dzdot_dv + l->sigma2);
}

mbs_lugre_slopes mbs_lugre_slopes_at(const mbs_lugre *l, double v, double z)
{
    double zdot, mu;
    mbs_lugre_slopes out;
    mbs_lugre_channel(l, v, z, &zdot, &mu, &out);
    return out;
}

/* As mbs_lugre_channel's slopes, on |v|^2 = S: s = S / sqrt(S + eps^2),
 * ds/dS = (S + 2 eps^2) / (2 (S + eps^2)^(3/2)), and drho/dv_j =
 * 2 v_j drho/dS. */
void mbs_lugre_vector_slopes_at(const mbs_lugre *l, int n, const double *v, const double *z,
                                mbs_lugre_vector_slopes *out)
{
    double speed2 = 0.0;
    for (int k = 0; k < n; k++)
        speed2 += v[k] * v[k];
    double eps = SPEED_EPS_FACTOR * l->v_s, r2 = speed2 + eps * eps, root = sqrt(r2);
    double s = speed2 / root, ds = (speed2 + 2.0 * eps * eps) / (2.0 * r2 * root);
    double g = mbs_lugre_g(l, speed2), dg = 0.0;
    if (l->effect == MBS_LUGRE_ALL)
        dg = -(l->mu_s - l->mu_d) / (l->v_s * l->v_s) * exp(-speed2 / (l->v_s * l->v_s));
    double relax = l->sigma0 * s / g, drelax = l->sigma0 * (ds * g - s * dg) / (g * g);
    out->dzdot_dz = -relax;
    out->dmu_dz = -(l->sigma0 - l->sigma1 * relax);
    for (int k = 0; k < 3; k++)
        for (int j = 0; j < 3; j++)
            out->dzdot_dv[k][j] = k < n && j < n ? (k == j) - z[k] * drelax * 2.0 * v[j] : 0.0;
}

void mbs_lugre_steady(const mbs_lugre *l, int n, const double *v, double *z)
{
    double speed2 = 0.0;
    for (int k = 0; k < n; k++)
        speed2 += v[k] * v[k];
    double eps = SPEED_EPS_FACTOR * l->v_s, s = speed2 / sqrt(speed2 + eps * eps);
    for (int k = 0; k < n; k++)
        z[k] = speed2 > 1e-10 * l->v_s * l->v_s ? v[k] * mbs_lugre_g(l, speed2) / (l->sigma0 * s) : 0.0;
}

void mbs_lugre_eval(const mbs_lugre *l, int n, const double *v, const double *z, double *zdot, double *mu)
{
    double speed2 = 0.0;
    for (int k = 0; k < n; k++)
        speed2 += v[k] * v[k];
    double eps = SPEED_EPS_FACTOR * l->v_s;
    double s = speed2 / sqrt(speed2 + eps * eps);
    double relax = l->sigma0 * s / mbs_lugre_g(l, speed2);
    for (int k = 0; k < n; k++) {
        zdot[k] = v[k] - relax * z[k];
        mu[k] = -(l->sigma0 * z[k] + l->sigma1 * zdot[k] + l->sigma2 * v[k]);
    }
}
