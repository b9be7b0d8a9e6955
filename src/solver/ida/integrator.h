/* The SUNDIALS IDA driver (the only file that talks to IDA): a formulation
 * of the DAE (../dae/formulation.h) stepped one step at a time, root
 * functions for events, the absolute state after a step or within it. It
 * never asks which formulation it has. */
#ifndef MBS_INTEGRATOR_H
#define MBS_INTEGRATOR_H

#include "../dae/formulation.h"
#include "../eval/data.h"

#include <stddef.h>
#include <sundials/sundials_context.h>

typedef struct mbs_integrator_stats {
    long steps, residual_evals, jacobian_evals, nonlinear_iterations;
    long error_test_failures, nonlinear_convergence_failures;
} mbs_integrator_stats;

typedef enum mbs_step_result {
    MBS_STEP_OK,     /* a step was taken */
    MBS_STEP_ROOT,   /* a step ended at an event */
    MBS_STEP_TSTOP,  /* the stop time was reached */
    MBS_STEP_FAILED  /* IDA gave up; see the message */
} mbs_step_result;

typedef struct mbs_integrator mbs_integrator;

/* Integrates in the formulation dae, which it takes over (freed with the
 * integrator, or here on failure); the state handed in and out stays
 * absolute. NULL with the reason in err. */
mbs_integrator *mbs_integrator_create(const mbs_model *m, mbs_data *d, SUNContext ctx, mbs_dae dae, char *err,
                                      size_t errsize);
void mbs_integrator_free(mbs_integrator *it);

/* (Re)starts at t0 from a consistent (y0, yp0), integrating towards t_stop. */
/* Takes the settings in the data again (a command changed them); for the
 * next start. 0, or -1 when IDA refused one. */
int mbs_integrator_apply_settings(mbs_integrator *it);

int mbs_integrator_start(mbs_integrator *it, double t0, const double *y0, const double *yp0, double t_stop,
                         char *err, size_t errsize);

/* A start where the equations go on smooth and only IDA's root
 * bookkeeping needs one (a root function left exactly 0): its first step
 * the last step taken, not IDA's estimate for a start from rest (1e-9 s
 * in a heap of balls, then some fifteen steps to grow back). */
int mbs_integrator_resume(mbs_integrator *it, double t0, const double *y0, const double *yp0, double t_stop,
                          char *err, size_t errsize);

mbs_step_result mbs_integrator_step(mbs_integrator *it, double *t, char *err, size_t errsize);

/* Moves the stop time (the integrator lands exactly on it). */
int mbs_integrator_set_stop(mbs_integrator *it, double t_stop);
/* The next step, from the current time t, is at most h long (INFINITY or
 * 0: no limit; a start clears it). IDA_TSTOP_RETURN where it binds. */
int mbs_integrator_limit_step(mbs_integrator *it, double t, double h);

/* Solution and its derivative at t within the last step (interpolated). */
int mbs_integrator_at(mbs_integrator *it, double t, double *y, double *yp);
/* An output row at t (the current state with `current`, else interpolated)
 * made consistent by the formulation (its row op: the joint formulation's
 * mbs_joint_system_row) into y, yp (absolute): 0; 1 where it leaves rows
 * to the absolute path; -1 when it fails there (the caller takes
 * mbs_integrator_at or the current state and the absolute path). */
int mbs_integrator_row(mbs_integrator *it, double t, int current, double *y, double *yp);
/* The state at the end of the last step. */
const double *mbs_integrator_y(mbs_integrator *it);
const double *mbs_integrator_yp(mbs_integrator *it);
/* Both; the formulation computes the absolute state (where it is not its
 * own variables) at the first call after a step, and where that leaves
 * every body's state current (d->bodies) returns 1, else 0. */
int mbs_integrator_state(mbs_integrator *it, const double **y, const double **yp);
/* After a step: what the formulation follows of the motion from its own
 * variables (the joint formulation: its tree joints' turn counts, no
 * absolute state needed); returns the mask of the components so done, or
 * NULL. */
const char *mbs_integrator_accept(mbs_integrator *it, double t);
/* Whether the absolute state handed out holds every multiplier (0: some
 * are left 0, the joint formulation's tree joints'; make the state
 * consistent before reading them). */
int mbs_integrator_full_multipliers(const mbs_integrator *it);

/* The size of the last step taken (0 before the first). */
double mbs_integrator_last_step(const mbs_integrator *it);
/* The size of the step IDA was trying when it stopped (0 if it cannot say):
 * after a failure "down to the smallest step", that smallest step. */
double mbs_integrator_tried_step(const mbs_integrator *it);
/* The differential variable that limits the step most: the largest rate
 * |y'_i| in IDA's error weights, with its rate; -1 if none. */
int mbs_integrator_fastest(const mbs_integrator *it, double *rate);
/* What that variable is ("the velocity of Body_Rigid 2 (label 'rod')"; in
 * joint coordinates "the angle of Constraint_Joint 1 (label 'pivot')"). */
void mbs_integrator_describe_fastest(const mbs_integrator *it, char *out, size_t size);
/* After a step that failed in Newton's iteration: the variable whose
 * correction at the last iterate is largest in units of its tolerance (the
 * one Newton could not settle), its absolute index, that size in
 * *weighted and what it is in out; -1 if the failure was another or the
 * correction cannot be had. */
int mbs_integrator_unsettled(mbs_integrator *it, double *weighted, char *out, size_t size);
/* Whether the last step failed in Newton's iteration. */
int mbs_integrator_newton_failed(const mbs_integrator *it);

/* After MBS_STEP_ROOT: per root function +1 / -1 (direction) or 0. */
void mbs_integrator_roots(mbs_integrator *it, int *fired);
/* After MBS_STEP_ROOT at t: whether a root function is exactly 0 there.
 * IDA stepping on from such a root (without a start) finds it again at
 * once, or stops ("roots too close") where it stays 0 a moment later; a
 * start leaves such a function out until it moves off 0. 1 also when out
 * of memory. */
int mbs_integrator_root_at_zero(mbs_integrator *it, double t);

/* The linear solver it uses: DENSE, KLU or TREE. */
mbs_linear_solver mbs_integrator_linear_solver(const mbs_integrator *it);

/* Statistics accumulated over every start. */
void mbs_integrator_stats_get(const mbs_integrator *it, mbs_integrator_stats *s);

#endif
