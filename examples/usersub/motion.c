/* A prescribed oscillation written as MotionSolve's MOTSUB:
 *
 *     q(t) = A sin(w t),   dq/dt = A w cos(w t),   d2q/dt2 = -A w^2 sin(w t)
 *
 * the value for iord 0, its time derivatives for iord 1 and 2 (mbsim asks
 * for the value and the rate of a displacement motion). A motion is a
 * function of time: it reads no state. Its parameters: USER(A, w).
 *
 * Build: cc -shared -fPIC $(pkg-config --cflags mbsim) -o libmotion.so motion.c -lm */
#include "msolvsub_c_include.h"

#include <math.h>

DLLFUNC void STDCALL MOTSUB(int *id, double *time, double *par, int *npar, int *iord, int *iflag, double *value)
{
    (void)iflag;
    if (*npar != 2) {
        c_errmes(1, "motion: USER(A, w) takes 2 parameters", *id, "STOP");
        return;
    }
    double A = par[0], w = par[1], t = *time;
    switch (*iord) {
    case 0: *value = A * sin(w * t); break;
    case 1: *value = A * w * cos(w * t); break;
    default: *value = -A * w * w * sin(w * t); break;
    }
}
