/* Linear analysis (SPEC 1.8, docs/linear-analysis.md): the equations of
 * motion linearised at the current state onto independent states,
 *     dx/dt = A x + B u,   y = C x + D u,
 * the eigenvalues of A (LAPACK) and the modes as motions of the bodies.
 *
 * States: the independent position coordinates (coordinate partitioning of
 * the holonomic constraints), the independent velocities (of all
 * constraints, nonholonomic ones too) and the elements' own states. Body
 * coordinates are inertial: the centre of mass' displacement and the small
 * rotation of each rigid body in global axes, its velocity and angular
 * velocity in global axes; so a spinning rotor's modes are its whirl as
 * seen from the ground. Everything is in the model's units. */
#ifndef MBS_LINEAR_H
#define MBS_LINEAR_H

#include "../eval/data.h"

#include <stddef.h>

typedef struct mbs_linear_result {
    double t;                            /* where (model time unit) */
    int n, n_inputs, n_outputs;          /* states, inputs, outputs */
    char **state_names, **state_units;   /* [n], e.g. "rod.rz", "rad" */
    char **input_names, **input_units;   /* [n_inputs] */
    char **output_names, **output_units; /* [n_outputs] */
    double *A, *B, *C, *D;               /* row-major: n x n, n x n_inputs, n_outputs x n, n_outputs x n_inputs */
    int has_eigen;
    double *eig_re, *eig_im;             /* [n] per model time unit, by increasing |lambda| */
    double *damping;                     /* [n] -Re(lambda)/|lambda|; NaN for lambda = 0 */
    double *frequency;                   /* [n] |lambda| / 2 pi: undamped natural frequency */
    int n_motions;                       /* body coordinates of the mode shapes */
    char **motion_names, **motion_units; /* [n_motions], e.g. "rod.x", "m" */
    double *mode_re, *mode_im;           /* [n x n_motions] row-major: eigenvalue k's shape */
} mbs_linear_result;

/* Linearises at the consistent state (t, y, yp) (positions and velocities on
 * the constraints, accelerations and multipliers from them: see
 * mbs_consistent_rates) with the model's Param_Linear settings. d is the
 * run's data (its rows switched off as redundant stay off); it is left
 * evaluated at (t, y, yp). Returns 0, or -1 with a reason in msg. */
int mbs_linearize(const mbs_model *m, mbs_data *d, double t, const double *y, const double *yp, mbs_linear_result *out,
                  char *msg, size_t msgsize);

void mbs_linear_result_free(mbs_linear_result *r);
/* A deep copy of src into dst (for sinks that keep results); 0 or -1. */
int mbs_linear_result_copy(mbs_linear_result *dst, const mbs_linear_result *src);

#endif
