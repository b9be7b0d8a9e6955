/* A SUNDIALS linear solver for the joint formulation's Newton matrix when
 * it is the mass-matrix one (tree_solver.c): nt variables of the tree
 * (positions and rates) first, nk other variables after them. The tree's own
 * block is solved by its owner (joint_newton.c: articulated bodies). */
#ifndef MBS_TREE_SOLVER_H
#define MBS_TREE_SOLVER_H

#include <sundials/sundials_context.h>
#include <sundials/sundials_linearsolver.h>
#include <sundials/sundials_matrix.h>

typedef struct mbs_tree_block {
    /* 0 when the tree block of the last Newton matrix could be factored */
    int (*factored)(void *user);
    /* x = T^-1 r on the tree's nt variables (x and r may be the same) */
    void (*solve)(void *user, const double *r, double *x);
    void *user;
} mbs_tree_block;

SUNLinearSolver mbs_tree_solver_create(int nt, int nk, const mbs_tree_block *tree, SUNContext ctx);

/* The matrix it solves with: of the Newton matrix only the kept columns
 * (nj = nt + nk rows each, column major) and the kept rows on the tree's
 * nt columns (nk x nt, column major); the tree's block is the tree's. */
SUNMatrix mbs_tree_matrix_create(int nt, int nk, SUNContext ctx);
double *mbs_tree_matrix_kept(SUNMatrix A);
double *mbs_tree_matrix_rows(SUNMatrix A);

#endif
