/* A progressive spring's force, a Reference_Variable written as
 * MotionSolve's VARSUB:
 *
 *     value = -k1 d - k3 d^3 - c v,   d = DZ(I, J) - L0,  v = VZ(I, J)
 *
 * (I's height above J, less the free length). A force element reads it
 * with VARVAL(id). Its parameters: USER(I, J, k1, k3, c, L0).
 *
 * Build: cc -shared -fPIC $(pkg-config --cflags mbsim) -o libvariable.so variable.c */
#include "msolvsub_c_include.h"

DLLFUNC void STDCALL VARSUB(int *id, double *time, double *par, int *npar, int *dflag, int *iflag, double *value)
{
    (void)time;
    (void)dflag;
    (void)iflag;
    if (*npar != 6) {
        c_errmes(1, "variable: USER(I, J, k1, k3, c, L0) takes 6 parameters", *id, "STOP");
        return;
    }
    int markers[2] = {(int)par[0], (int)par[1]};
    double dz, vz;
    int errflg;
    c_sysfnc("DZ", markers, 2, &dz, &errflg);
    c_errmes(errflg, "variable: cannot read DZ", *id, "STOP");
    c_sysfnc("VZ", markers, 2, &vz, &errflg);
    c_errmes(errflg, "variable: cannot read VZ", *id, "STOP");
    double d = dz - par[5];
    *value = -par[2] * d - par[3] * d * d * d - par[4] * vz;
}
