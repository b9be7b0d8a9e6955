/* How mbsim calls a routine: an SFOSUB spring (USER(I, J, k, L0)) counts
 * its calls with iflag set, with dflag set, and all of them; a REQSUB of
 * the same library reports the counts (columns 2 to 4) and the spring's
 * id and parameter count (columns 6 and 7), so that a test can check them
 * against what MotionSolve documents: one iflag call at set-up, dflag set
 * in some calls (the Newton matrix's differences) and not in others. */
#include "usersub.h"

static long iflag_calls, dflag_calls, calls;
static int spring_id, spring_npar;

void STDCALL SFOSUB(int *id, double *time, double *par, int *npar, int *dflag, int *iflag, double *result)
{
    (void)time;
    iflag_calls += *iflag != 0;
    dflag_calls += *dflag != 0;
    calls++;
    spring_id = *id;
    spring_npar = *npar;
    int markers[2] = {(int)par[0], (int)par[1]}, errflg;
    double length;
    c_sysfnc("DM", markers, 2, &length, &errflg);
    *result = par[2] * (par[3] - length);
}

void STDCALL REQSUB(int *id, double *time, double *par, int *npar, int *iflag, double *results)
{
    (void)id;
    (void)time;
    (void)par;
    (void)npar;
    (void)iflag;
    results[0] = 0.0;
    results[1] = (double)iflag_calls;
    results[2] = (double)dflag_calls;
    results[3] = (double)calls;
    results[4] = 0.0;
    results[5] = spring_id;
    results[6] = spring_npar;
    results[7] = 0.0;
}
