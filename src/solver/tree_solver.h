/* A SUNDIALS linear solver for the joint formulation's Newton matrix when
 * it is the mass-matrix one (tree_solver.c): n tree coordinates (2n
 * variables q, qd first), nk other variables after them. The tree's own
 * block is solved by its owner (joint_system.c: articulated bodies). */
#ifndef MBS_TREE_SOLVER_H
#define MBS_TREE_SOLVER_H

#include <sundials/sundials_context.h>
#include <sundials/sundials_linearsolver.h>

typedef struct mbs_tree_block {
    /* 0 when the tree block of the last Newton matrix could be factored */
    int (*factored)(void *user);
    /* x = T^-1 r on the tree's 2n variables (x and r may be the same) */
    void (*solve)(void *user, const double *r, double *x);
    void *user;
} mbs_tree_block;

SUNLinearSolver mbs_tree_solver_create(int n, int nk, const mbs_tree_block *tree, SUNContext ctx);

#endif
