/* The DAE residual F(t, y, y') = 0 of the whole model (docs/theory.md):
 *
 *   kinematics   dq/dt - T(q) u + g_q^T mu = 0          (q rows)
 *   dynamics     M du/dt + gyroscopic - f - fc = 0       (u rows), fc = -G^T lambda
 *   states       element state equations                 (z rows)
 *   rates        G u + g_t = 0                           (lambda rows)
 *   positions    g(q, t) = 0, |p|^2 - 1 = 0              (mu rows)
 *
 * Rows a redundancy analysis dropped become lambda = 0 (and mu = 0). */
#ifndef MBS_RESIDUAL_H
#define MBS_RESIDUAL_H

#include "eval.h"

/* Body states from (y, y') only: positions, rotations, velocities,
 * accelerations; loads cleared. */
void mbs_update_bodies(const mbs_model *m, mbs_data *d, const double *y, const double *yp);

/* Full residual into res (length m->ny). Leaves rows, body loads and states
 * in d for the caller (sensors, reaction forces). A residual that is not
 * finite sets d->eval_failed with a message naming its cause (nonfinite.h). */
void mbs_residual(const mbs_model *m, mbs_data *d, double t, const double *y, const double *yp, double *res);

#endif
