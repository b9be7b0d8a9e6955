/* A spring-damper between two markers written as MotionSolve's SFOSUB:
 *
 *     F = k (L0 - l) - c dl/dt,    l = DM(I, J),  dl/dt = VR(I, J)
 *
 * a force along the line from J to I, positive pushing them apart (the
 * law of Force_SpringDamper TRANSLATIONAL with stiffness k, damping c and
 * free length L0). Its parameters: USER(I, J, k, c, L0).
 *
 * Build: cc -shared -fPIC $(pkg-config --cflags mbsim) -o libspring.so spring.c */
#include "msolvsub_c_include.h"

DLLFUNC void STDCALL SFOSUB(int *id, double *time, double *par, int *npar, int *dflag, int *iflag, double *result)
{
    (void)time;
    (void)dflag;
    (void)iflag; /* the calls below are the same in the iflag call: they declare what it reads */
    if (*npar != 5) {
        c_errmes(1, "spring: USER(I, J, k, c, L0) takes 5 parameters", *id, "STOP");
        return;
    }
    int markers[2] = {(int)par[0], (int)par[1]};
    double k = par[2], c = par[3], free_length = par[4];
    double length, rate;
    int errflg;
    c_sysfnc("DM", markers, 2, &length, &errflg);
    c_errmes(errflg, "spring: cannot read DM", *id, "STOP");
    c_sysfnc("VR", markers, 2, &rate, &errflg);
    c_errmes(errflg, "spring: cannot read VR", *id, "STOP");
    *result = k * (free_length - length) - c * rate;
}
