/* CNFSUB and CFFSUB that check the contact point they are told of
 * (tests/usersub/run.sh, models/contact_probe.xml: a sphere of radius r, the
 * I graphic, resting on the top face of a box of half height hz, the J
 * graphic, both frames at their centres) and stop the run when it is not
 * as include/mbsim/usersub.h says:
 *   loci on the sphere, |loci| = r, its outward normal ni = loci / r;
 *   locj on the box's top face, locj_z = hz, its outward normal nj = (0, 0, 1);
 *   CFFSUB: x = 0, xdot = (slip speed >= 0, 0, 0), nforce > 0.
 * Otherwise they are contact.c's laws: CNFSUB the IMPACT law,
 * USER(k, e, cmax, dmax, r, hz); CFFSUB Coulomb sliding with mu_d,
 * USER(mu_d, v_d, r, hz). */
#include "usersub.h"

#include <math.h>
#include <stddef.h>

/* to 1e-4: within the integrator's Newton iterations a body's axes are
 * orthonormal to its accuracy only (a few 1e-6 seen), and while it
 * differences the equations for its Newton matrix (dflag) not at all: the
 * checks are skipped then. A frame mixed up is off by the sizes, 0.1 m. */
static int near(double a, double b) { return fabs(a - b) <= 1e-4 * (1.0 + fabs(b)); }

/* The points' check: 0, or the message of what is wrong. */
static const char *where_wrong(const double *loci, const double *ni, const double *locj, const double *nj, double r,
                               double hz)
{
    double len = sqrt(loci[0] * loci[0] + loci[1] * loci[1] + loci[2] * loci[2]);
    if (!near(len, r))
        return "|loci| is not the sphere's radius";
    if (ni && !(near(ni[0], loci[0] / r) && near(ni[1], loci[1] / r) && near(ni[2], loci[2] / r)))
        return "ni is not the sphere's outward normal at loci";
    if (!near(locj[2], hz))
        return "locj is not on the box's top face";
    if (nj && !(near(nj[0], 0.0) && near(nj[1], 0.0) && near(nj[2], 1.0)))
        return "nj is not the top face's outward normal";
    return NULL;
}

void STDCALL probe_normal(int *id, double *time, double *par, int *npar, double *loci, double *ni, double *locj,
                          double *nj, double *gap, double *gapdot, double *gapdotdot, int *dflag, int *iflag,
                          double *result)
{
    (void)time, (void)npar, (void)gapdotdot;
    if (*iflag)
        return;
    const char *wrong = *dflag ? NULL : where_wrong(loci, ni, locj, nj, par[4], par[5]);
    if (!wrong && !(*gap < 0.0))
        wrong = "called without penetration";
    c_errmes(wrong != NULL, wrong, *id, "STOP");
    double p = -*gap, dp = -*gapdot, z = p >= par[3] ? 1.0 : p / par[3];
    double force = par[0] * pow(p, par[1]) + par[2] * z * z * (3.0 - 2.0 * z) * dp;
    result[0] = force > 0.0 ? force : 0.0;
}

void STDCALL probe_friction(int *id, double *time, double *par, int *npar, double *loci, double *locj, double *x,
                            double *xdot, double *nforce, int *dflag, int *iflag, double *result)
{
    (void)time, (void)npar;
    if (*iflag)
        return;
    const char *wrong = *dflag ? NULL : where_wrong(loci, NULL, locj, NULL, par[2], par[3]);
    if (!wrong && !(x[0] == 0.0 && x[1] == 0.0 && x[2] == 0.0))
        wrong = "x is not 0";
    if (!wrong && !(xdot[0] >= 0.0 && xdot[1] == 0.0 && xdot[2] == 0.0))
        wrong = "xdot is not (slip speed, 0, 0)";
    if (!wrong && !(*nforce > 0.0))
        wrong = "nforce is not positive";
    c_errmes(wrong != NULL, wrong, *id, "STOP");
    double s = xdot[0], mu = s >= par[1] ? par[0] : par[0] * s / par[1];
    result[0] = -mu * *nforce;
}
