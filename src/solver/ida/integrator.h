/* The SUNDIALS IDA driver (the only file that talks to IDA): the model's
 * residual, the coloured finite-difference Jacobian, root functions for
 * events, one step at a time. */
#ifndef MBS_INTEGRATOR_H
#define MBS_INTEGRATOR_H

#include "../eval/data.h"
#include "../dae/sparsity.h"

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

/* joint: integrate in joint coordinates (joint_system.h); the state
 * handed in and out stays absolute. */
mbs_integrator *mbs_integrator_create(const mbs_model *m, mbs_data *d, const mbs_pattern *p, SUNContext ctx,
                                      int sparse, int joint, char *err, size_t errsize);
void mbs_integrator_free(mbs_integrator *it);

/* (Re)starts at t0 from a consistent (y0, yp0), integrating towards t_stop. */
/* Takes the settings in the data again (a command changed them); for the
 * next start. 0, or -1 when IDA refused one. */
int mbs_integrator_apply_settings(mbs_integrator *it);

int mbs_integrator_start(mbs_integrator *it, double t0, const double *y0, const double *yp0, double t_stop,
                         char *err, size_t errsize);

mbs_step_result mbs_integrator_step(mbs_integrator *it, double *t, char *err, size_t errsize);

/* Moves the stop time (the integrator lands exactly on it). */
int mbs_integrator_set_stop(mbs_integrator *it, double t_stop);

/* Solution and its derivative at t within the last step (interpolated). */
int mbs_integrator_at(mbs_integrator *it, double t, double *y, double *yp);
/* An output row at t (the current state with `current`, else interpolated)
 * made consistent in joint coordinates (mbs_joint_system_row) into y, yp
 * (absolute): 0; 1 in absolute coordinates or where the joint system
 * leaves rows to the absolute path; -1 when it fails there (the caller
 * takes mbs_integrator_at or the current state and the absolute path). */
int mbs_integrator_row(mbs_integrator *it, double t, int current, double *y, double *yp);
/* The state at the end of the last step. */
const double *mbs_integrator_y(mbs_integrator *it);
const double *mbs_integrator_yp(mbs_integrator *it);
/* Both; in joint coordinates the absolute state is computed from the
 * coordinates at the first call after a step, and that leaves every body's
 * state current (d->bodies): returns 1 then, else 0. */
int mbs_integrator_state(mbs_integrator *it, const double **y, const double **yp);
/* After a step in joint coordinates: the turn counts of the tree's joints
 * follow from their coordinates (no absolute state needed); returns the
 * mask of the components so done, or NULL (absolute coordinates). */
const char *mbs_integrator_accept_tree(mbs_integrator *it, double t);

/* The size of the last step taken (0 before the first). */
double mbs_integrator_last_step(const mbs_integrator *it);
/* The differential variable that limits the step most: the largest rate
 * |y'_i| in IDA's error weights, with its rate; -1 if none. */
int mbs_integrator_fastest(const mbs_integrator *it, double *rate);
/* What that variable is ("the velocity of Body_Rigid 2 (label 'rod')"; in
 * joint coordinates "the angle of Constraint_Joint 1 (label 'pivot')"). */
void mbs_integrator_describe_fastest(const mbs_integrator *it, char *out, size_t size);

/* After MBS_STEP_ROOT: per root function +1 / -1 (direction) or 0. */
void mbs_integrator_roots(mbs_integrator *it, int *fired);

/* The number of joint coordinates it integrates, or -1 in absolute coordinates. */
int mbs_integrator_joint_coords(const mbs_integrator *it);
/* The linear solver it uses: DENSE, KLU or TREE. */
mbs_linear_solver mbs_integrator_linear_solver(const mbs_integrator *it);

/* Statistics accumulated over every start. */
void mbs_integrator_stats_get(const mbs_integrator *it, mbs_integrator_stats *s);

#endif
