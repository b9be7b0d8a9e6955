/* The utilities other than c_sysfnc and c_sysary, as a REQSUB: USER(S, A)
 * with S a Reference_Spline's id and A an IC Reference_Array's:
 *   1  c_akispl(time) of spline S        2  c_cubspl's first derivative
 *   3  c_linspl(time)                     4  c_timget's time of the last step
 *   5  c_getmod's mode (4 transient)      6  the sum of c_gtaray's numbers of A
 *   7  the largest error of turning 3-1-3 angles through COSINES, YPR,
 *      EULPAR and RODPAR back to EULER with c_rcnvrt
 *   8  1 if c_getver says "mbsim ...", else 0 */
#include "usersub.h"

#include <math.h>
#include <string.h>

void STDCALL REQSUB(int *id, double *time, double *par, int *npar, int *iflag, double *results)
{
    (void)id;
    (void)npar;
    (void)iflag;
    int spline = (int)par[0], array = (int)par[1], errflg, mode, n, istat;
    double value[3], numbers[16], sum = 0.0;
    c_akispl(*time, 0.0, spline, 0, value, &errflg);
    results[0] = value[0];
    c_cubspl(*time, 0.0, spline, 1, value, &errflg);
    results[1] = value[0];
    c_linspl(*time, 0.0, spline, 0, value, &errflg);
    results[2] = value[0];
    c_timget(&results[3]);
    c_getmod(&mode);
    results[4] = mode;
    c_gtaray(array, numbers, &n, &istat);
    for (int k = 0; k < n && istat == 0; k++)
        sum += numbers[k];
    results[5] = sum;
    double euler[3] = {0.3 + *time, 0.7, -1.1}, m[9], ypr[3], q[4], rod[3], back[3];
    c_rcnvrt("EULER", euler, "COSINES", m, &istat);
    c_rcnvrt("COSINES", m, "YPR", ypr, &istat);
    c_rcnvrt("YPR", ypr, "EULPAR", q, &istat);
    c_rcnvrt("EULPAR", q, "RODPAR", rod, &istat);
    c_rcnvrt("RODPAR", rod, "EULER", back, &istat);
    results[6] = 0.0;
    for (int k = 0; k < 3; k++)
        results[6] = fmax(results[6], fabs(remainder(back[k] - euler[k], 8.0 * atan(1.0))));
    char version[32];
    c_getver(version);
    results[7] = strncmp(version, "mbsim ", 6) == 0;
}
