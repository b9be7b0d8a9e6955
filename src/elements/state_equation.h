/* What Control_StateEqn and Control_SISO share: a linear time-invariant
 * system of states x, inputs u and outputs y,
 *     dx/dt = A x + B u,     y = C x + D u,
 * or for Control_StateEqn type USERSUB any system a user subroutine GSESUB
 * gives, dx/dt = f(x, u), y = g(x, u),
 * with MotionSolve's arrays: the inputs are the Reference_Variables of a U
 * array, the initial states the numbers of an IC array (default 0), and
 * expressions read the states and outputs with ARYVAL of its X and Y arrays
 * (state_equation.c). */
#ifndef MBS_STATE_EQUATION_H
#define MBS_STATE_EQUATION_H

#include "../model/builder.h"

/* The arrays, in both spellings MotionSolve files use (an export writes
 * x_solver_array_id ...; 0 is none), and is_static_hold. */
#define MBS_STATE_EQUATION_ATTRS \
    {"x_array_id", MBS_ATTR_INT, NULL, DIM_NONE, 0, NULL, \
     "Reference_Array of type X that holds the states (ARYVAL reads them)", NULL}, \
    {"u_array_id", MBS_ATTR_INT, NULL, DIM_NONE, 0, NULL, \
     "Reference_Array of type U: the Reference_Variables that are the inputs", NULL}, \
    {"y_array_id", MBS_ATTR_INT, NULL, DIM_NONE, 0, NULL, \
     "Reference_Array of type Y that holds the outputs (ARYVAL reads them)", NULL}, \
    {"ic_array_id", MBS_ATTR_INT, NULL, DIM_NONE, 0, NULL, \
     "Reference_Array of type IC: the states at the start (default 0)", NULL}, \
    {"x_solver_array_id", MBS_ATTR_INT, NULL, DIM_NONE, 0, NULL, "the same as x_array_id (0: none)", NULL}, \
    {"u_solver_array_id", MBS_ATTR_INT, NULL, DIM_NONE, 0, NULL, "the same as u_array_id (0: none)", NULL}, \
    {"y_solver_array_id", MBS_ATTR_INT, NULL, DIM_NONE, 0, NULL, "the same as y_array_id (0: none)", NULL}, \
    {"ic_solver_array_id", MBS_ATTR_INT, NULL, DIM_NONE, 0, NULL, "the same as ic_array_id (0: none)", NULL}, \
    {"is_static_hold", MBS_ATTR_BOOL, "FALSE", DIM_NONE, 0, NULL, \
     "TRUE: the states are held in Static analyses (else they come to rest: A x + B u = 0)", NULL}

/* The arrays an element names: indices into the model's arrays, -1 none. */
typedef struct mbs_state_arrays {
    int x, u, y, ic;
} mbs_state_arrays;

/* Resolves e's arrays and checks their types and that no other state
 * equation fills its X or Y array; 0, or -1 after reporting. */
int mbs_state_arrays_read(mbs_builder *b, const mbs_spec_elem *e, mbs_state_arrays *a);
/* How many inputs the U array lists (0 without one). */
int mbs_state_arrays_inputs(mbs_builder *b, const mbs_state_arrays *a);

struct mbs_user_routine;

typedef struct mbs_state_equation {
    int nx, nu, ny;
    double *A, *B, *C, *D;  /* row-major [nx x nx], [nx x nu], [ny x nx], [ny x nu]; NULL: 0 */
    struct mbs_user_routine *user; /* instead of the matrices, a user subroutine GSESUB gives
                                      dx/dt = f(x, u) and y = g(x, u); nx, nu, ny at most
                                      MBS_USER_SYSTEM_MAX */
    int u;                  /* the U array (its index among the model's arrays), -1 none: the inputs */
    double *ic;             /* [nx] the states at the start */
    int hold;               /* is_static_hold */
} mbs_state_equation;

/* Adds e's component with the system se (nx, nu, ny and the matrices or
 * the routine set; it takes them, also on failure): checks the U and IC arrays' sizes, takes
 * the inputs and initial states from them, and makes the X and Y arrays its
 * own for ARYVAL, of its numbers of states and outputs (whatever their
 * num_element says). 0, or -1 after reporting. */
int mbs_state_equation_add(mbs_builder *b, const mbs_spec_elem *e, const mbs_state_arrays *a, mbs_state_equation *se);

#endif
