/* mbsim's user subroutine interface: MotionSolve's C calling syntax.
 *
 * A user subroutine is a C function in a shared library that an element
 * of the model names (usrsub_dll_name, usrsub_fnc_name and
 * usrsub_param_string="USER(p1, p2, ...)"). mbsim calls it where it
 * would evaluate the element's expression, with the parameters in par,
 * and the routine reads the state of the model through c_sysfnc and
 * c_sysary. The prototypes are those of MotionSolve's reference ("The
 * Subroutine Interface", each routine's page); where it names only the
 * arguments, the C types are those of the Adams/Solver C utility header,
 * which MotionSolve's C interface follows. A routine written for
 * MotionSolve compiles unchanged against this header:
 *
 *     cc -shared -fPIC $(pkg-config --cflags mbsim) -o libmine.so mine.c
 *
 * Values are in the model's units; angles in radians. Logical arguments
 * (dflag, iflag, errflg) are ints: 0 false, anything else true. What each
 * routine receives, which of MotionSolve's routines mbsim provides and
 * which it does not: docs/user-subroutines.md. */
#ifndef MBSIM_USERSUB_H
#define MBSIM_USERSUB_H

#ifdef __cplusplus
extern "C" {
#endif

/* Windows' calling convention and export marker in MotionSolve's sources:
 * nothing to do on Linux (a routine is found by its name in the library). */
#ifndef STDCALL
#define STDCALL
#endif
#ifndef DLLFUNC
#if defined(__GNUC__)
#define DLLFUNC __attribute__((visibility("default")))
#else
#define DLLFUNC
#endif
#endif

/* ---- the routines mbsim calls (written by the user) ----
 * id: the element's id; time: the simulation time; par[0 .. *npar): the
 * USER(...) parameters; dflag: nonzero while the solver differences the
 * equations for its Newton matrix; iflag: nonzero in the one call at
 * set-up, in which the routine makes every c_sysfnc / c_sysary call it
 * will make (they declare what it reads; their values are 0 then).
 * A routine may be given another name (usrsub_fnc_name); it keeps the
 * arguments of the routine it stands for. */

/* Force_Scalar_TwoBody: the force along J -> I (positive pushes I and J
 * apart), or the torque about J's z axis. */
void STDCALL SFOSUB(int *id, double *time, double *par, int *npar, int *dflag, int *iflag, double *result);
/* Force_Vector_OneBody / _TwoBody type ForceOnly: fx fy fz in ref_marker_id's axes. */
void STDCALL VFOSUB(int *id, double *time, double *par, int *npar, int *dflag, int *iflag, double *results);
/* ... type TorqueOnly: tx ty tz. */
void STDCALL VTOSUB(int *id, double *time, double *par, int *npar, int *dflag, int *iflag, double *results);
/* ... type ForceAndTorque (or USERSUB): fx fy fz tx ty tz. */
void STDCALL GFOSUB(int *id, double *time, double *par, int *npar, int *dflag, int *iflag, double *result);
/* Reference_Variable: its value. */
void STDCALL VARSUB(int *id, double *time, double *par, int *npar, int *dflag, int *iflag, double *value);
/* Control_Diff: dz/dt (explicit), or the residual (is_implicit). */
void STDCALL DIFSUB(int *id, double *time, double *par, int *npar, int *dflag, int *iflag, double *value);
/* Motion_Joint: the prescribed value (*iord 0) or its time derivative of
 * order *iord. It may not call c_sysfnc or c_sysary. */
void STDCALL MOTSUB(int *id, double *time, double *par, int *npar, int *iord, int *iflag, double *value);
/* Post_Request: its eight columns. */
void STDCALL REQSUB(int *id, double *time, double *par, int *npar, int *iflag, double *results);
/* Sensor_Event: the value compared with the sensor's value. */
void STDCALL SENSUB(int *id, double *time, double *par, int *npar, int *iflag, double *value);
/* Reference_Array type U: its *nvalue values. */
void STDCALL ARYSUB(int *id, double *time, double *par, int *npar, int *dflag, int *iflag, int *nvalue,
                    double *value);
/* Control_StateEqn: the rates of its states and its outputs; the four
 * others, optional, their partial derivatives (column-major matrices:
 * d(stated)/d(states) nstate x nstate, d(stated)/d(input) nstate x ninput,
 * d(output)/d(states) noutpt x nstate, d(output)/d(input) noutpt x ninput). */
void STDCALL GSESUB(int *id, double *time, double *par, int *npar, int *dflag, int *iflag, int *nstate,
                    double *states, int *ninput, double *input, int *noutpt, double *stated, double *output);
void STDCALL GSEXX(int *id, double *time, double *par, int *npar, int *iflag, int *nstate, double *states,
                   int *ninput, double *input, int *noutpt, double *pxxmat);
void STDCALL GSEXU(int *id, double *time, double *par, int *npar, int *iflag, int *nstate, double *states,
                   int *ninput, double *input, int *noutpt, double *pxumat);
void STDCALL GSEYX(int *id, double *time, double *par, int *npar, int *iflag, int *nstate, double *states,
                   int *ninput, double *input, int *noutpt, double *pyxmat);
void STDCALL GSEYU(int *id, double *time, double *par, int *npar, int *iflag, int *nstate, double *states,
                   int *ninput, double *input, int *noutpt, double *pyumat);

/* Force_Contact cnf_type USERCNF: the normal force at one contact point.
 * loci, locj: the contact point on the I and J graphic, from the origin of
 * the graphic's frame, in its axes; ni, nj: the outward normal of the I
 * and J graphic's surface there, in the same axes; gap: the signed
 * distance (< 0: penetrating, -gap is the depth), gapdot its rate of
 * change, gapdotdot 0 (mbsim does not give it). result[0]: the normal
 * force, positive pushing the bodies apart (result[1], result[2] unused).
 * MotionSolve's C prototype (the Fortran one has AREA before DFLAG). */
void STDCALL CNFSUB(int *id, double *time, double *par, int *npar, double *loci, double *ni, double *locj, double *nj,
                    double *gap, double *gapdot, double *gapdotdot, int *dflag, int *iflag, double *result);
/* Force_Contact cff_type USERCFF: the friction force at one contact point,
 * in the contact's axes: x along the slip velocity of I relative to J
 * (any tangent when there is none), z along the normal the I body is
 * pushed along, y = z x x. loci, locj: as CNFSUB's; x: 0 (mbsim keeps no
 * deformation since the contact began); xdot: the slip velocity in those
 * axes (slip speed, 0, 0); nforce: the normal force (CNFSUB's or the
 * built-in law's). result[0 .. 2]: the force on I (J takes its opposite).
 * MotionSolve's C prototype (the Fortran one has AREA before DFLAG). */
void STDCALL CFFSUB(int *id, double *time, double *par, int *npar, double *loci, double *locj, double *x, double *xdot,
                    double *nforce, int *dflag, int *iflag, double *result);

/* ---- the utilities a routine calls (provided by mbsim) ---- */

/* One value of the state: fncnam is a function of MotionSolve's expression
 * language (DX, VZ, ACCX, WZ, PSI, FX, JOINT, SFORCE, VARVAL, ARYVAL, DIF,
 * DIF1, ...), ipar[0 .. nsize) its arguments (marker and element ids, ...).
 * *errflg is nonzero when it cannot be answered (the reason is reported). */
void c_sysfnc(const char *fncnam, const int *ipar, int nsize, double *states, int *errflg);
/* Several values: DISP (DX DY DZ PSI THETA PHI), TDISP, RDISP, VEL (VX VY VZ
 * WX WY WZ), TVEL, RVEL, ACC (ACCX ACCY ACCZ WDTX WDTY WDTZ), TACC, RACC,
 * FORCE (FX FY FZ TX TY TZ), TFORCE, RFORCE, ARRAY (a Reference_Array's
 * values), PINPUT, POUTPUT (a plant's variables); *nstates values. */
void c_sysary(const char *fncnam, const int *ipar, int nsize, double *states, int *nstates, int *errflg);
/* When errflg is nonzero: reports mesage for element id; endflg "STOP"
 * ends the run (status failed, with the message), anything else goes on. */
void c_errmes(int errflg, const char *mesage, int id, const char *endflg);
/* When msgflg is nonzero: reports mesage (msgtyp INFO, WARN, ERROR, FAULT). */
void c_usrmes(int msgflg, const char *mesage, int id, const char *msgtyp);
/* Reference_Spline id at xval (zval must be 0: curves only): array[0] the
 * value (iord 0), dy/dx (iord 1) or d2y/dx2 (iord 2); array[1], array[2]
 * the derivatives by z, 0 for a curve. Akima's, the natural cubic and the
 * piecewise linear interpolant. */
void c_akispl(double xval, double zval, int id, int iord, double *array, int *errflg);
void c_cubspl(double xval, double zval, int id, int iord, double *array, int *errflg);
void c_linspl(double xval, double zval, int id, int iord, double *array, int *errflg);
/* The time of the last step the integrator accepted. */
void c_timget(double *time);
/* Converts a rotation between EULER (body 3-1-3 psi theta phi), B313,
 * YPR (yaw pitch roll), EULPAR (e0 e1 e2 e3), RODPAR (Rodrigues
 * parameters) and COSINES (the 3x3 matrix, column by column); *istat 0,
 * or nonzero for a name mbsim does not know. */
void c_rcnvrt(const char *sys1, const double *coord1, const char *sys2, double *coord2, int *istat);
/* mbsim's version, as "mbsim X.Y.Z" (at most 32 characters with the NUL). */
void c_getver(char *value);
/* The analysis: 4 transient, 5 static (Adams' numbers). */
void c_getmod(int *mode);
/* The numbers of IC Reference_Array id: *number of them into array
 * (which holds them all); *istat 0, -1 for another type, -2 no such array. */
void c_gtaray(int id, double *array, int *number, int *istat);

#ifdef __cplusplus
}
#endif

#endif
