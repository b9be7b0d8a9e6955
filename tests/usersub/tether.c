/* A one-body force that pulls marker I towards marker J along z, read
 * from both markers' states (VFOSUB): fz = k (DZ(J, I) - L0) + c VZ(J, I),
 * USER(I, J, k, c, L0). Two of them, each on one body towards the other,
 * make a spring between two bodies out of one-body forces, as tyre and
 * bushing routines are written: the force on one body depends on the
 * other body's state, which only the routine's c_sysfnc calls tell the
 * Jacobian (tests/usersub/run.sh: stiff, it takes the steps of its
 * expression twin). */
#include "usersub.h"

void STDCALL VFOSUB(int *id, double *time, double *par, int *npar, int *dflag, int *iflag, double *results)
{
    (void)time;
    (void)dflag;
    (void)iflag;
    if (*npar != 5) {
        c_errmes(1, "tether: USER(I, J, k, c, L0)", *id, "STOP");
        return;
    }
    int ji[2] = {(int)par[1], (int)par[0]};
    double d, v;
    int errflg;
    c_sysfnc("DZ", ji, 2, &d, &errflg);
    c_sysfnc("VZ", ji, 2, &v, &errflg);
    results[0] = 0.0;
    results[1] = 0.0;
    results[2] = par[2] * (d - par[4]) + par[3] * v;
}
