/* The values of a Reference_Array of type U (ARYSUB): a spring's and a
 * damper's force on marker I along J's z axis,
 *     value[0] = -k (DZ(I, J, J) - L0),    value[1] = -c VZ(I, J, J, J)
 * USER(I, J, k, c, L0), num_element 2. */
#include "usersub.h"

void STDCALL ARYSUB(int *id, double *time, double *par, int *npar, int *dflag, int *iflag, int *nvalue,
                    double *value)
{
    (void)time;
    (void)dflag;
    (void)iflag; /* the calls below declare what it reads */
    if (*npar != 5 || *nvalue != 2) {
        c_errmes(1, "arrays: USER(I, J, k, c, L0) and num_element 2", *id, "STOP");
        return;
    }
    int ijkl[4] = {(int)par[0], (int)par[1], (int)par[1], (int)par[1]}, errflg;
    double dz, vz;
    c_sysfnc("DZ", ijkl, 3, &dz, &errflg);
    c_sysfnc("VZ", ijkl, 4, &vz, &errflg);
    value[0] = -par[2] * (dz - par[4]);
    value[1] = -par[3] * vz;
}
