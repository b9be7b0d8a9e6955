/* A contact's laws written as MotionSolve's CNFSUB and CFFSUB
 * (Force_Contact cnf_type="USERCNF", cff_type="USERCFF"):
 *
 * CNFSUB, Adams' IMPACT law on the penetration p = -gap entering at
 * dp = -gapdot, its damping ramped in over the depth dmax:
 *     F_n = max(0, k p^e + STEP(p, 0, 0, dmax, cmax) dp)
 * parameters USER(k, e, cmax, dmax).
 *
 * CFFSUB, Adams' velocity-based Coulomb friction on the slip speed s:
 *     s <= v_s:        mu = STEP(s, -v_s, -mu_s, v_s, mu_s)
 *     v_s < s < v_d:   mu = STEP(s, v_s, mu_s, v_d, mu_d)
 *     s >= v_d:        mu = mu_d
 * against the slip: F_f = -mu F_n xdot / s in the contact's axes (x along
 * the slip), parameters USER(mu_s, mu_d, v_s, v_d).
 *
 * Build: cc -shared -fPIC $(pkg-config --cflags mbsim) -o libcontact.so contact.c -lm */
#include "msolvsub_c_include.h"

#include <math.h>

/* Adams' STEP: h0 before x0, h1 after x1, a cubic between. */
static double step(double x, double x0, double h0, double x1, double h1)
{
    if (x <= x0)
        return h0;
    if (x >= x1)
        return h1;
    double z = (x - x0) / (x1 - x0);
    return h0 + (h1 - h0) * z * z * (3.0 - 2.0 * z);
}

DLLFUNC void STDCALL CNFSUB(int *id, double *time, double *par, int *npar, double *loci, double *ni, double *locj,
                            double *nj, double *gap, double *gapdot, double *gapdotdot, int *dflag, int *iflag,
                            double *result)
{
    (void)time, (void)loci, (void)ni, (void)locj, (void)nj, (void)gapdotdot, (void)dflag;
    if (*npar != 4) {
        c_errmes(1, "contact: CNFSUB's USER(k, e, cmax, dmax) takes 4 parameters", *id, "STOP");
        return;
    }
    if (*iflag) /* it reads nothing but its arguments */
        return;
    double k = par[0], e = par[1], cmax = par[2], dmax = par[3];
    double p = -*gap, dp = -*gapdot;
    double force = (p > 0.0 ? k * pow(p, e) : 0.0) + step(p, 0.0, 0.0, dmax, cmax) * dp;
    result[0] = force > 0.0 ? force : 0.0;
}

DLLFUNC void STDCALL CFFSUB(int *id, double *time, double *par, int *npar, double *loci, double *locj, double *x,
                            double *xdot, double *nforce, int *dflag, int *iflag, double *result)
{
    (void)time, (void)loci, (void)locj, (void)x, (void)dflag;
    if (*npar != 4) {
        c_errmes(1, "contact: CFFSUB's USER(mu_s, mu_d, v_s, v_d) takes 4 parameters", *id, "STOP");
        return;
    }
    if (*iflag)
        return;
    double mu_s = par[0], mu_d = par[1], v_s = par[2], v_d = par[3];
    double s = hypot(xdot[0], xdot[1]);
    if (s <= 0.0)
        return;
    double mu = s <= v_s ? step(s, -v_s, -mu_s, v_s, mu_s) : step(s, v_s, mu_s, v_d, mu_d);
    result[0] = -mu * *nforce * xdot[0] / s;
    result[1] = -mu * *nforce * xdot[1] / s;
}
