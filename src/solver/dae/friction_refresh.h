/* Joint friction's bristle rows of the absolute formulation's Newton
 * matrix, fresh at every Newton iterate from the slopes the residual
 * records (see friction_refresh.c): a SUNLinearSolver around the dense or
 * KLU one. */
#ifndef MBS_FRICTION_REFRESH_H
#define MBS_FRICTION_REFRESH_H

#include "../eval/data.h"
#include "sparsity.h"

#include <sundials/sundials_linearsolver.h>
#include <sundials/sundials_matrix.h>

typedef struct mbs_friction_refresh mbs_friction_refresh;

/* Whether the model has joint friction whose slip slopes the residual
 * records (model/joints.h: slip_types). */
int mbs_friction_refresh_wanted(const mbs_model *m);

/* [n_comps] 1 for the components whose bristles the refresh eliminates
 * (for mbs_pattern_build), or NULL out of memory. */
char *mbs_friction_refresh_eliminated(const mbs_model *m);

/* A linear solver that solves with inner's factors (it owns inner) and the
 * bristles' rows at the slopes of the last residual; NULL out of memory
 * (inner freed). p is the matrix's pattern: where it holds a friction's
 * bristles eliminated (analytic), the matrix is given their elimination
 * (mbs_friction_refresh_matrix_end). While it lives, d->slip_slopes is its
 * record. *refresh is its state, for mbs_friction_refresh_matrix_begin and
 * _end. */
SUNLinearSolver mbs_friction_refresh_solver(SUNLinearSolver inner, const mbs_model *m, mbs_data *d,
                                            const mbs_pattern *p, mbs_friction_refresh **refresh);

/* Around the differencing of a new matrix J, at c_j, at the state of the
 * last residual: begin keeps the slopes recorded there, end puts them back
 * as the record (the differences recorded theirs) and gives J the
 * eliminated bristles (their diagonal, their term on the bodies' block). */
void mbs_friction_refresh_matrix_begin(mbs_friction_refresh *f, double cj);
void mbs_friction_refresh_matrix_end(mbs_friction_refresh *f, SUNMatrix J);

#endif
