/* The augmented system of the constrained equations of motion,
 *     [ M  G^T ] [ x ]   [ a ]
 *     [ G   0  ] [ z ] = [ b ]
 * with M the mass matrix in velocity coordinates and G the rows' Jacobian
 * on them. It gives the minimum-change position and velocity corrections,
 * and the accelerations and multipliers of a consistent start. Rows marked
 * inactive (redundant) become z_i = 0. Dense LU for small models, KLU for
 * large ones. */
#ifndef MBS_AUGMENTED_H
#define MBS_AUGMENTED_H

#include "../eval/data.h"

typedef struct mbs_augmented mbs_augmented;

mbs_augmented *mbs_augmented_create(const mbs_model *m, int sparse);
void mbs_augmented_free(mbs_augmented *a);

/* Factors the matrix for the rows currently in d (their Jacobians) and the
 * body rotations in d. With holonomic_only, velocity-level rows are left
 * out (position corrections are not bound by them). Returns 0, or -1 if the
 * matrix is singular. */
int mbs_augmented_factor(mbs_augmented *a, const mbs_data *d, int holonomic_only);

/* The same with the upper-right block's columns of rows `rows[k]` replaced
 * by cols[k * nu .. (k + 1) * nu) (the force rows' dependence on those
 * multipliers: G^T plus what forces that read them add, e.g. joint
 * friction). */
int mbs_augmented_factor_coupled(mbs_augmented *a, const mbs_data *d, const int *rows, int n, const double *cols);

/* Solves in place: rhs = [a (nu); b (n_rows)] -> [x; z]. */
int mbs_augmented_solve(mbs_augmented *a, double *rhs);

/* G u for velocity coordinates u (length nu), into out (length n_rows). */
void mbs_rows_times(const mbs_model *m, const mbs_data *d, const double *u, double *out);

/* Adds the coefficients of row `r`'s Jacobian on velocity coordinates:
 * calls add(ctx, column, value) for each (column in 0..nu). */
void mbs_row_coefficients(const mbs_model *m, const mbs_data *d, int r,
                          void (*add)(void *ctx, int col, double value), void *ctx);

#endif
