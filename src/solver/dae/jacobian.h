/* The iteration matrix J = dF/dy + cj dF/dy' by column-coloured finite
 * differences: one residual evaluation per colour, so the cost grows with
 * the model size only through the residual itself. Elements differenced
 * alone (a contact near enough to touch, the pattern's
 * MBS_COUPLING_ALONE) are left out of the coloured residuals and add their
 * own differences; those apart (NONE) are left out altogether. */
#ifndef MBS_JACOBIAN_H
#define MBS_JACOBIAN_H

#include "../eval/data.h"
#include "sparsity.h"

#include <sundials/sundials_matrix.h>
#include <sundials/sundials_nvector.h>

typedef struct mbs_jacobian {
    const mbs_model *m;
    mbs_data *d;
    const mbs_pattern *p;
    double *y, *yp, *res, *inc; /* work vectors, ny each */
    double *base;               /* ny: the residual without the elements the colours leave out */
    double *rows0, *rows;       /* ny: an element's load rows, before and after a difference */
    char *skip;                 /* [n_comps] the elements the coloured residuals leave out */
    int n_skipped;
    long evaluations;           /* Jacobians formed */
    long residual_evals;        /* residual evaluations they cost */
} mbs_jacobian;

int mbs_jacobian_init(mbs_jacobian *J, const mbs_model *m, mbs_data *d, const mbs_pattern *p);
void mbs_jacobian_free(mbs_jacobian *J);
/* Differences on the pattern p from now on (the absolute formulation's,
 * as contacts come near and go apart). */
void mbs_jacobian_use_pattern(mbs_jacobian *J, const mbs_pattern *p);

/* Fills A (dense or CSC sparse, pattern p) at (t, y, yp) with residual r0
 * already evaluated there. h is the current step (for increment signs),
 * ewt the error weights (NULL: unit weights). Returns 0, or 1 if a
 * perturbed residual could not be evaluated. */
int mbs_jacobian_eval(mbs_jacobian *J, double t, double cj, const double *y, const double *yp, const double *r0,
                      double h, const double *ewt, SUNMatrix A);

/* The size of IDA's difference increment of a variable y with rate yp at
 * step h and error weight w (see jacobian.c): max(sqrt(uround) max(|y|,
 * |h yp|), 1/w); its sign (that of h yp) and rounding are the caller's. */
double mbs_difference_increment(double y, double yp, double h, double w);

#endif
