/* The absolute variables' tolerances and error weights (weights.c), which
 * every formulation applies to the absolute variables it keeps: the
 * absolute formulation to all of them, the joint formulation to those its
 * tree does not replace. var_of_abs maps an absolute variable to its place
 * in the formulation's vector x (-1: not there); NULL: x is y. */
#ifndef MBS_WEIGHTS_H
#define MBS_WEIGHTS_H

#include "../../model/model.h"

/* Each absolute variable's absolute tolerance and IDA's id (1 differential,
 * 0 algebraic) at the settings s (as commands leave them), into atol and
 * id (ny each). */
void mbs_abs_tolerances(const mbs_model *m, const mbs_solver_settings *s, double *atol, double *id);

/* The dissipated energy E_d over the accepted steps: what it gained and
 * what it lost, for its error weight (weights.c). Zero-initialised. */
typedef struct {
    double gained, lost; /* the sums of its increases and of its decreases (both >= 0) */
    double last;         /* its value after the last accepted step */
    int seen;            /* whether last holds one */
} mbs_energy_flow;

/* E_d's value e after an accepted step (or at a start). */
void mbs_energy_flow_add(mbs_energy_flow *f, double e);

/* The energy E_d has given back, 2 min(gained, lost) (its total variation
 * less its net change): 0 while E_d has only grown, or only fallen. */
double mbs_energy_flow_returned(const mbs_energy_flow *f);

/* IDA's error weights w of x (n variables) with the tolerances atol (as
 * the formulation set them) at the step h: the plain rule for every
 * variable, and the rules of the absolute variables (a body's quaternion
 * and angular velocity, the multipliers, the dissipated energy, which has
 * given back energy_returned, mbs_energy_flow_returned) where var_of_abs
 * has them. */
void mbs_abs_weights(const mbs_model *m, const int *var_of_abs, int n, const double *x, const double *atol,
                     double rtol, double h, double energy_returned, double *w);

/* The weights of the n components of a vector that turns with its body
 * (a quaternion, a body-axis angular velocity) from index i of x. */
void mbs_rotating_weights(const double *x, const double *atol, int i, int n, double rtol, double *w);

/* The difference increments' weights of a Newton matrix (jacobian.c), from
 * IDA's error weights w: the multipliers' from their fixed absolute
 * tolerance instead. */
void mbs_abs_increment_weights(const mbs_model *m, const int *var_of_abs, const double *atol, double *w);

#endif
