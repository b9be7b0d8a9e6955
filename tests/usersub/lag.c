/* A first-order lag of a marker's height as a Control_Diff (DIFSUB):
 *     dz/dt = (DZ(I) - z) / tau,    z = DIF(id)
 * explicit; for is_implicit the routine gives the residual
 *     DIF1(id) - (DZ(I) - z) / tau
 * (par[2] nonzero). USER(I, tau[, implicit]). */
#include "usersub.h"

void STDCALL DIFSUB(int *id, double *time, double *par, int *npar, int *dflag, int *iflag, double *value)
{
    (void)time;
    (void)dflag;
    (void)iflag;
    int marker = (int)par[0], self = *id, errflg;
    double height, z, rate = 0.0;
    c_sysfnc("DZ", &marker, 1, &height, &errflg);
    c_sysfnc("DIF", &self, 1, &z, &errflg);
    int implicit = *npar > 2 && par[2] != 0.0;
    if (implicit)
        c_sysfnc("DIF1", &self, 1, &rate, &errflg);
    *value = implicit ? rate - (height - z) / par[1] : (height - z) / par[1];
}
