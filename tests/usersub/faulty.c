/* Routines that misbehave, each in its own way, for the tests of what mbsim
 * says then (tests/usersub/run.sh, tests/bad/usersub_*). Each is an SFOSUB
 * (a spring of stiffness par[2] between markers par[0] and par[1]) unless
 * said otherwise; the element names it with usrsub_fnc_name. */
#include "usersub.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

static double spring(double *par, int *errflg)
{
    int markers[2] = {(int)par[0], (int)par[1]};
    double length;
    c_sysfnc("DM", markers, 2, &length, errflg);
    return -par[2] * (length - 0.5);
}

/* Stops the run at t >= par[3] with c_errmes. */
void STDCALL breaks(int *id, double *time, double *par, int *npar, int *dflag, int *iflag, double *result)
{
    (void)npar;
    (void)dflag;
    int errflg;
    *result = spring(par, &errflg);
    c_errmes(!*iflag && *time >= par[3], "the spring broke", *id, "STOP");
}

/* Writes to address 0 at t >= par[3], or once the file MBSIM_TEST_CRASH
 * names exists (a test makes it when the run has written rows). */
void STDCALL crashes(int *id, double *time, double *par, int *npar, int *dflag, int *iflag, double *result)
{
    (void)id;
    (void)npar;
    (void)dflag;
    int errflg;
    *result = spring(par, &errflg);
    const char *trigger = getenv("MBSIM_TEST_CRASH");
    FILE *told = !*iflag && trigger ? fopen(trigger, "r") : NULL;
    if (told)
        fclose(told);
    if (!*iflag && (*time >= par[3] || told)) {
        volatile size_t nowhere = 0; /* an address the compiler cannot see is null */
        *(volatile int *)nowhere = 1;
    }
}

/* Asks c_sysfnc for a function that does not exist (DQ). */
void STDCALL unknown_name(int *id, double *time, double *par, int *npar, int *dflag, int *iflag, double *result)
{
    (void)id;
    (void)time;
    (void)npar;
    (void)dflag;
    (void)iflag;
    int markers[2] = {(int)par[0], (int)par[1]}, errflg;
    c_sysfnc("DQ", markers, 2, result, &errflg);
}

/* Reads a marker that does not exist (99). */
void STDCALL no_marker(int *id, double *time, double *par, int *npar, int *dflag, int *iflag, double *result)
{
    (void)id;
    (void)time;
    (void)par;
    (void)npar;
    (void)dflag;
    (void)iflag;
    int markers[2] = {99, 10}, errflg;
    c_sysfnc("DM", markers, 2, result, &errflg);
}

/* Reads the state only when iflag is not set: undeclared. */
void STDCALL undeclared(int *id, double *time, double *par, int *npar, int *dflag, int *iflag, double *result)
{
    (void)id;
    (void)time;
    (void)npar;
    (void)dflag;
    int errflg;
    *result = *iflag ? 0.0 : spring(par, &errflg);
}

/* Says something at set-up (INFO) and warns at t >= par[3], once. */
void STDCALL talks(int *id, double *time, double *par, int *npar, int *dflag, int *iflag, double *result)
{
    (void)npar;
    (void)dflag;
    static int warned;
    int errflg;
    *result = spring(par, &errflg);
    if (*iflag)
        c_usrmes(1, "a spring of the faulty library", *id, "INFO");
    else if (*time >= par[3] && !warned) {
        warned = 1;
        c_errmes(1, "the spring is getting tired", *id, "WARN");
    }
}

/* A MOTSUB that reads the state (a motion may not). */
void STDCALL reading_motion(int *id, double *time, double *par, int *npar, int *iord, int *iflag, double *value)
{
    (void)id;
    (void)time;
    (void)par;
    (void)npar;
    (void)iord;
    (void)iflag;
    int marker = 20, errflg;
    c_sysfnc("DZ", &marker, 1, value, &errflg);
}

/* A GSESUB that reads the state (a state equation is given its states). */
void STDCALL reading_system(int *id, double *time, double *par, int *npar, int *dflag, int *iflag, int *nstate,
                            double *states, int *ninput, double *input, int *noutpt, double *stated, double *output)
{
    (void)id;
    (void)time;
    (void)par;
    (void)npar;
    (void)dflag;
    (void)iflag;
    (void)nstate;
    (void)states;
    (void)ninput;
    (void)input;
    (void)noutpt;
    (void)output;
    int marker = 20, errflg;
    c_sysfnc("DZ", &marker, 1, stated, &errflg);
}
