/* A linear bushing between markers I and J as a GFOSUB, in J's axes
 * (the element's ref_marker_id is J):
 *     f = -k (DX, DY, DZ)(I, J, J) - c (VX, VY, VZ)(I, J, J, J)
 *     t = -kt (AX, AY, AZ)(I, J) - ct (WX, WY, WZ)(I, J, J)
 * the displacements and velocities read with c_sysary (TDISP, TVEL, RVEL),
 * the angles with c_sysfnc. USER(I, J, k, c, kt, ct). */
#include "usersub.h"

void STDCALL GFOSUB(int *id, double *time, double *par, int *npar, int *dflag, int *iflag, double *result)
{
    (void)time;
    (void)dflag;
    (void)iflag;
    if (*npar != 6) {
        c_errmes(1, "bushing: USER(I, J, k, c, kt, ct)", *id, "STOP");
        return;
    }
    int ijkl[4] = {(int)par[0], (int)par[1], (int)par[1], (int)par[1]}, n, errflg;
    double d[3], v[3], w[3], a[3];
    c_sysary("TDISP", ijkl, 3, d, &n, &errflg);
    c_sysary("TVEL", ijkl, 4, v, &n, &errflg);
    c_sysary("RVEL", ijkl, 3, w, &n, &errflg);
    c_sysfnc("AX", ijkl, 2, &a[0], &errflg);
    c_sysfnc("AY", ijkl, 2, &a[1], &errflg);
    c_sysfnc("AZ", ijkl, 2, &a[2], &errflg);
    for (int k = 0; k < 3; k++) {
        result[k] = -par[2] * d[k] - par[3] * v[k];
        result[3 + k] = -par[4] * a[k] - par[5] * w[k];
    }
}
