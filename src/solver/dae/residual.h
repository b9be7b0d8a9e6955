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

#include "../eval/eval.h"

/* Body states from (y, y') only: positions, rotations, velocities,
 * accelerations; loads cleared. */
void mbs_update_bodies(const mbs_model *m, mbs_data *d, const double *y, const double *yp);
void mbs_update_body(const mbs_model *m, mbs_data *d, int body, const double *y, const double *yp);

/* The parts of the residual, for the joint-coordinate formulation
 * (joint_system.c), which leaves some out:
 *   elements   every element's eval (forces, rows, state equations) but
 *              the components skip_comp marks, then the constraint rows'
 *              equations and forces but the rows skip_row marks (NULL: none)
 *   body       one body's kinematic and Newton-Euler rows (absolute)
 *   energy     the dissipated energy's rate */
void mbs_residual_elements(mbs_eval *ev, const char *skip_comp, const char *skip_row);
/* Only the components `only` marks (joint friction on tree joints, after
 * their reactions are known). */
void mbs_residual_components(mbs_eval *ev, const char *only);
void mbs_residual_body(const mbs_model *m, const mbs_data *d, int body, const double *y, const double *yp,
                       double *res);
void mbs_residual_energy(mbs_eval *ev);

/* Full residual into res (length m->ny). Leaves rows, body loads and states
 * in d for the caller (sensors, reaction forces). A residual that is not
 * finite sets d->eval_failed with a message naming its cause (nonfinite.h). */
void mbs_residual(const mbs_model *m, mbs_data *d, double t, const double *y, const double *yp, double *res);
/* The same without the components skip[c] marks (the Jacobian's coloured
 * differences, jacobian.c). */
void mbs_residual_without(const mbs_model *m, mbs_data *d, double t, const double *y, const double *yp,
                          const char *skip, double *res);

#endif
