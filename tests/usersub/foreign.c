/* A routine that calls a utility mbsim does not provide (Adams' c_gtunts):
 * its library does not load, and the message names the symbol. */
#include "usersub.h"

void c_gtunts(int *exists, double *scales, char *units);

void STDCALL SFOSUB(int *id, double *time, double *par, int *npar, int *dflag, int *iflag, double *result)
{
    (void)id;
    (void)time;
    (void)par;
    (void)npar;
    (void)dflag;
    (void)iflag;
    int exists;
    double scales[4];
    char units[16];
    c_gtunts(&exists, scales, units);
    *result = scales[0];
}
