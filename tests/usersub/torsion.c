/* A torsion spring-damper about J's z axis as a VTOSUB, in J's axes:
 *     tz = -k AZ(I, J) - c WZ(I, J, J),   USER(I, J, k, c). */
#include "usersub.h"

void STDCALL VTOSUB(int *id, double *time, double *par, int *npar, int *dflag, int *iflag, double *results)
{
    (void)id;
    (void)time;
    (void)npar;
    (void)dflag;
    (void)iflag;
    int ijk[3] = {(int)par[0], (int)par[1], (int)par[1]}, errflg;
    double angle, rate;
    c_sysfnc("AZ", ijk, 2, &angle, &errflg);
    c_sysfnc("WZ", ijk, 3, &rate, &errflg);
    results[0] = 0.0;
    results[1] = 0.0;
    results[2] = -par[2] * angle - par[3] * rate;
}
