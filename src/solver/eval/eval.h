/* The evaluation context handed to element code, and the functions elements
 * use to read kinematics and to write forces, constraint rows and state
 * equations. One evaluation = one call of mbs_residual (solver/dae/residual.h):
 * body states are computed from (t, y, y') before any element runs. */
#ifndef MBS_EVAL_H
#define MBS_EVAL_H

#include "data.h"

typedef struct mbs_eval {
    const mbs_model *m;
    mbs_data *d;
    double t;
    const double *y;
    const double *yp;
    double *res;     /* residual being assembled */
} mbs_eval;

/* ---- kinematics of frame markers (global axes) ---- */
void mbs_marker_position(const mbs_eval *ev, int marker, double p[3]);
void mbs_marker_axes(const mbs_eval *ev, int marker, double R[9]);
void mbs_marker_axis(const mbs_eval *ev, int marker, int k, double a[3]); /* k = 0,1,2: x,y,z */
void mbs_marker_velocity(const mbs_eval *ev, int marker, double v[3]);
void mbs_marker_angular_velocity(const mbs_eval *ev, int marker, double w[3]);
void mbs_marker_acceleration(const mbs_eval *ev, int marker, double a[3]);
void mbs_marker_angular_acceleration(const mbs_eval *ev, int marker, double al[3]);
/* Velocity of the material point of `body` that is at `point` (global). */
void mbs_body_point_velocity(const mbs_eval *ev, int body, const double point[3], double v[3]);
/* Offset of the marker origin from its body's centre of mass, global axes. */
void mbs_marker_offset(const mbs_eval *ev, int marker, double s[3]);
int mbs_marker_body(const mbs_eval *ev, int marker);

/* Everything of a frame marker at once; k = -1 is the ground frame. */
void mbs_frame_kinematics(const mbs_eval *ev, int k, double p[3], double R[9], double v[3], double w[3], double a[3],
                          double al[3]);

/* ---- coordinates (Marker_Coordinate) ---- */
void mbs_coordinate(const mbs_eval *ev, int marker, mbs_coord *c);
/* Generalised force F on the coordinate: adds F times its Jacobian. */
void mbs_apply_coordinate_force(mbs_eval *ev, const mbs_coord *c, double F);

/* ---- applied loads ---- */
void mbs_apply_force(mbs_eval *ev, int marker, const double f[3]);   /* at the marker origin */
void mbs_apply_force_at(mbs_eval *ev, int body, const double point[3], const double f[3]);
void mbs_apply_torque(mbs_eval *ev, int body, const double tq[3]);
void mbs_apply_jterm(mbs_eval *ev, const mbs_jterm *term, double scale); /* force = scale * term */

/* ---- constraint rows ---- */
/* Row k of component c, cleared; the element sets g (holonomic rows), gt and
 * adds terms. */
mbs_row *mbs_eval_row(mbs_eval *ev, const mbs_component *c, int k);

/* ---- Jacobians (of rows and coordinates) ---- */
/* Adds sign * (dir . d(marker origin)) with dir fixed in space. */
void mbs_jac_add_point(mbs_jac *j, const mbs_eval *ev, int marker, const double dir[3], double sign);
/* The same for the material point of `body` that is at `point` (global). */
void mbs_jac_add_body_point(mbs_jac *j, const mbs_eval *ev, int body, const double point[3], const double dir[3],
                            double sign);
/* Adds ang . dtheta of a body. */
void mbs_jac_add_rotation(mbs_jac *j, const mbs_eval *ev, int body, const double ang[3]);
/* Adds factor * another Jacobian. */
void mbs_jac_add(mbs_jac *j, const mbs_jac *other, double factor);
/* The rate sum over terms (lin . v + ang . w) at the current velocities. */
double mbs_jac_rate(const mbs_eval *ev, const mbs_jac *j);
/* The multiplier of row k (force of the constraint, sign as in docs/theory.md). */
double mbs_row_lambda(const mbs_eval *ev, const mbs_component *c, int k);

/* ---- run-time expressions (model/tfunc.h, solver/eval/measure.c) ---- */
/* The value (SI) of an element's expression at this evaluation's state,
 * and its time derivative (functions of t; the state counts as fixed);
 * a modify command's replacement, if one is in force, instead. With
 * run-time variables of its own (SI, in the expression's order; t is
 * taken from the evaluation): mbs_eval_tfunc_vars. */
struct mbs_tfunc;
double mbs_eval_tfunc(const mbs_eval *ev, const struct mbs_tfunc *f);
double mbs_eval_tfunc_rate(const mbs_eval *ev, const struct mbs_tfunc *f);
double mbs_eval_tfunc_vars(const mbs_eval *ev, const struct mbs_tfunc *f, const double *vars_si);
/* A function of time alone (one that reads no state) at another time t. */
double mbs_eval_tfunc_at(const mbs_eval *ev, const struct mbs_tfunc *f, double t);
/* Several values at this state (SI), out[k] of fs[k] (0 where fs[k] is
 * NULL); the outputs of one user subroutine come from one call of it. */
void mbs_eval_tfuncs(const mbs_eval *ev, struct mbs_tfunc *const *fs, int n, double *out);
/* One function of the state (a measure of model/measure.h) at this
 * state, in the model's units; args are a spline's (x, z). What run-time
 * expressions and user subroutines' c_sysfnc read. */
double mbs_measure_value(const mbs_eval *ev, const mbs_measure *ms, const double *args, int nargs);
/* The loads component c applies on `body` through its forces and its
 * constraint rows: force and torque about the body's centre of mass (the
 * global origin for the ground), global axes. */
void mbs_component_load(const mbs_eval *ev, int c, int body, double f[3], double tq[3]);

/* ---- failure ---- */
/* The model cannot be evaluated at this state (e.g. a spring of zero
 * length). The residual then fails recoverably, so the integrator retries
 * with a smaller step; if it cannot get past, the run fails with this
 * message (prefixed with the element and the time). */
void mbs_eval_fail(const mbs_eval *ev, const mbs_component *c, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The same when retrying cannot help (the true solution has reached a state
 * the element cannot handle): the integrator stops at once. */
void mbs_eval_fatal(const mbs_eval *ev, const mbs_component *c, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- states and discrete data of a component ---- */
double mbs_state(const mbs_eval *ev, const mbs_component *c, int k);
/* The value of the Reference_Variable that is component `comp` (VARVAL):
 * its state plus the input perturbation of a linear analysis (0 otherwise). */
double mbs_variable_value(const mbs_eval *ev, int comp);
/* Value k (from 0) of the type U Reference_Array at index `array`: its
 * k-th Reference_Variable's, or, for an array of a user subroutine
 * (ARYSUB), state k of the array's component. */
double mbs_array_value(const mbs_eval *ev, int array, int k);
double mbs_state_rate(const mbs_eval *ev, const mbs_component *c, int k);
void mbs_set_state_residual(mbs_eval *ev, const mbs_component *c, int k, double r);
/* An element whose ops say power_in_eval: its power_nc at this state, from eval. */
void mbs_report_power(mbs_eval *ev, const mbs_component *c, double power);
double *mbs_disc(const mbs_eval *ev, const mbs_component *c);

#endif
