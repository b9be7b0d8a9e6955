/* A SUNDIALS linear solver for the joint formulation's Newton matrix when
 * it is the mass-matrix one (tree_solver.c): n tree coordinates (2n
 * variables q, qd first), nk other variables after them. */
#ifndef MBS_TREE_SOLVER_H
#define MBS_TREE_SOLVER_H

#include <sundials/sundials_context.h>
#include <sundials/sundials_linearsolver.h>

SUNLinearSolver mbs_tree_solver_create(int n, int nk, SUNContext ctx);

#endif
