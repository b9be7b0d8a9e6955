/* A request of marker I's motion relative to J (REQSUB), from c_sysfnc
 * and c_sysary: DM, DX DY DZ (TDISP), VM, VX VY VZ (TVEL). USER(I, J). */
#include "usersub.h"

void STDCALL REQSUB(int *id, double *time, double *par, int *npar, int *iflag, double *results)
{
    (void)id;
    (void)time;
    (void)npar;
    (void)iflag;
    int markers[2] = {(int)par[0], (int)par[1]}, n, errflg;
    c_sysfnc("DM", markers, 2, &results[0], &errflg);
    c_sysary("TDISP", markers, 2, &results[1], &n, &errflg);
    c_sysfnc("VM", markers, 2, &results[4], &errflg);
    c_sysary("TVEL", markers, 2, &results[5], &n, &errflg);
}
