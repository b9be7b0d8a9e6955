/* A formulation of the DAE: the variables x that IDA integrates, and
 * everything that depends on what they are, behind one table of
 * operations (after GSL's odeiv2 split of the system from the stepper,
 * and SUNDIALS' ops tables). The integrator (solver/ida/integrator.c)
 * holds one and never asks which it has; the rest of the run sees only the
 * absolute state y = [q | u | z | lambda | mu] the formulation says x
 * stands for (docs/architecture.md, "The DAE interface"). Absolute
 * coordinates, x = y, are absolute.c's; joint coordinates are
 * solver/joint/'s (joint_dae.c). Which one a run takes is decided in one
 * place, solver/analysis/choose_formulation.c. */
#ifndef MBS_FORMULATION_H
#define MBS_FORMULATION_H

#include "sparsity.h"
#include "../eval/data.h"

#include <stddef.h>
#include <sundials/sundials_context.h>
#include <sundials/sundials_linearsolver.h>
#include <sundials/sundials_matrix.h>
#include <sundials/sundials_nvector.h>

typedef struct mbs_dae_ops {
    /* The number of variables in x. */
    int (*size)(const void *self);
    /* At a start: x, x' from a consistent absolute state (y, y') at t.
     * 0, or -1 with the reason in msg (the formulation no longer fits the
     * model: a command has switched off a joint its coordinates move). */
    int (*contract)(void *self, double t, const double *y, const double *yp, double *x, double *xp, char *msg,
                    size_t size);
    /* The absolute state (x, x') stands for, written into y, yp (ny each),
     * or, where x is that state itself, left where it is: either way *yo
     * and *ypo point to it. Returns 1 where it has left every body's state
     * in the data current (d->bodies), else 0. */
    int (*expand)(void *self, const double *x, const double *xp, double *y, double *yp, const double **yo,
                  const double **ypo);
    /* The residual F(t, x, x') into res (an element that cannot be
     * evaluated there says so in the data: eval_failed, eval_fatal). */
    void (*residual)(void *self, double t, const double *x, const double *xp, double *res);

    /* Each variable's absolute tolerance and IDA's id (1 differential, 0
     * algebraic) at the settings s (as commands leave them). */
    void (*tolerances)(void *self, const mbs_solver_settings *s, double *atol, double *id);
    /* IDA's error weights w of x at the step h, atol as tolerances set
     * them, the dissipated energy having given back energy_returned
     * (weights.h has the absolute variables' rules). */
    void (*weights)(void *self, const double *x, const double *atol, double rtol, double h, double energy_returned,
                    double *w);

    /* Creates the Newton matrix *A and the linear solver *LS that factors
     * and solves it (tmpl: a vector of x's size); returns which it is
     * (DENSE, KLU, TREE), with *A or *LS NULL where it could not be made. */
    mbs_linear_solver (*linear_solver)(void *self, SUNContext ctx, N_Vector tmpl, SUNMatrix *A,
                                       SUNLinearSolver *LS);
    /* The Newton matrix dF/dx + cj dF/dx' at (t, x, x') into J, where IDA
     * has just evaluated the residual r; h the step, w IDA's error weights
     * (the difference increments' scale, which the formulation may change)
     * and atol as tolerances set them. 0, 1 where an element could not be
     * evaluated (IDA retries with a smaller step), -1 to stop. */
    int (*newton_matrix)(void *self, double t, double cj, double h, const double *x, const double *xp,
                         const double *r, double *w, const double *atol, SUNMatrix J);
    /* The Newton matrices made so far, and the residuals they took. */
    void (*newton_counts)(const void *self, long *matrices, long *residuals);
    /* Whether IDA is to make a new Newton matrix at every change of c_j
     * (where one costs about what a solve's own set-up costs anyway). */
    int (*matrix_every_cj)(const void *self);

    /* After a step to t, or at a row interpolated at t: what the
     * formulation follows of the motion from x itself, as the elements'
     * accept_step would from the absolute state (the tree joints' turns
     * from their angles); the mask [n_comps] of the components whose
     * accept_step it has done, or NULL for none. */
    const char *(*accept)(void *self, double t, const double *x);
    /* Whether it makes output rows consistent itself (row), and the row
     * at t: x (the integrator's state at t) stays but for normalising, x'
     * is solved for, and y, yp get the absolute state with every
     * multiplier. 0, or -1 (the run then takes the absolute path). */
    int (*makes_rows)(const void *self);
    int (*row)(void *self, double t, double *x, double *xp, double *y, double *yp);
    /* Whether the absolute state expand gives holds every multiplier (0:
     * some are left 0, the joints its coordinates satisfy; whoever needs
     * them makes the state consistent first). */
    int (*full_multipliers)(const void *self);

    /* The absolute variable x[i] stands for, and what x[i] is for messages
     * ("the velocity of Body_Rigid 2 (label 'rod')"). */
    int (*abs_index)(const void *self, int i);
    void (*describe)(const void *self, int i, char *out, size_t size);

    void (*free)(void *self);
} mbs_dae_ops;

/* A formulation: its operations and its state. */
typedef struct mbs_dae {
    const mbs_dae_ops *ops;
    void *self;
} mbs_dae;

/* Absolute coordinates (absolute.c): x = y; the Newton matrix by coloured
 * differences on pattern p, factored by KLU (sparse) or dense LU; with
 * joint friction whose slopes are recorded, its bristle rows kept fresh
 * (friction_refresh.c). self is NULL when out of memory. */
mbs_dae mbs_dae_absolute(const mbs_model *m, mbs_data *d, const mbs_pattern *p, int sparse);

/* Frees the formulation's state (nothing for self NULL) and clears it. */
static inline void mbs_dae_free(mbs_dae *dae)
{
    if (dae->self)
        dae->ops->free(dae->self);
    dae->self = NULL;
}

#endif
