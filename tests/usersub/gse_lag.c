/* A first-order lag as a GSESUB: dx/dt = (u - x) / tau, y = x; USER(tau). */
#include "usersub.h"

void STDCALL GSESUB(int *id, double *time, double *par, int *npar, int *dflag, int *iflag, int *nstate,
                    double *states, int *ninput, double *input, int *noutpt, double *stated, double *output)
{
    (void)id;
    (void)time;
    (void)npar;
    (void)dflag;
    (void)iflag;
    (void)nstate;
    (void)ninput;
    (void)noutpt;
    stated[0] = (input[0] - states[0]) / par[0];
    output[0] = states[0];
}
