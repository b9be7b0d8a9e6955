/* A PID controller written as MotionSolve's GSESUB (a Control_StateEqn
 * of type USERSUB): one state, the integral of the error, and one output,
 *
 *     dx/dt = e,     y = Kp e + Ki x + Kd de/dt
 *
 * with the inputs u = (e, de/dt) (the U array's Reference_Variables). A
 * state equation's routine is given its states and inputs; it may not read
 * the state of the model itself. Its parameters: USER(Kp, Ki, Kd).
 *
 * Build: cc -shared -fPIC $(pkg-config --cflags mbsim) -o libcontroller.so controller.c */
#include "msolvsub_c_include.h"

DLLFUNC void STDCALL GSESUB(int *id, double *time, double *par, int *npar, int *dflag, int *iflag, int *nstate,
                            double *states, int *ninput, double *input, int *noutpt, double *stated,
                            double *output)
{
    (void)time;
    (void)dflag;
    (void)iflag;
    if (*npar != 3 || *nstate != 1 || *ninput != 2 || *noutpt != 1) {
        c_errmes(1, "controller: USER(Kp, Ki, Kd), one state, two inputs (e, de/dt), one output", *id, "STOP");
        return;
    }
    double e = input[0], rate = input[1];
    stated[0] = e;
    output[0] = par[0] * e + par[1] * states[0] + par[2] * rate;
}
