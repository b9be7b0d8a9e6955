/* A Sensor_Event's quantity (SENSUB): marker I's height, DZ(I). USER(I). */
#include "usersub.h"

void STDCALL SENSUB(int *id, double *time, double *par, int *npar, int *iflag, double *value)
{
    (void)id;
    (void)time;
    (void)npar;
    (void)iflag;
    int marker = (int)par[0], errflg;
    c_sysfnc("DZ", &marker, 1, value, &errflg);
}
