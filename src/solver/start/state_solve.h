/* Consistent values of the algebraic and implicit element states
 * (Reference_Variable, implicit Control_Diff): state_solve.c. */
#ifndef MBS_STATE_SOLVE_H
#define MBS_STATE_SOLVE_H

#include "../eval/data.h"

#include <stddef.h>

typedef struct mbs_state_solver mbs_state_solver;

mbs_state_solver *mbs_state_solver_create(const mbs_model *m, mbs_data *d);
void mbs_state_solver_free(mbs_state_solver *s);
/* How many unknowns it solves for (0: every state has an explicit rate). */
int mbs_state_solver_count(const mbs_state_solver *s);
/* Whether state z (index in the z block) has an explicit rate. */
int mbs_state_is_explicit(const mbs_state_solver *s, int z);

/* Solves their equations at (t, y, yp), changing those unknowns in y (the
 * algebraic states) and yp (the rates of the implicit ones); *change is the
 * largest relative change. 0, or -1 with the reason in msg. */
int mbs_solve_states(mbs_state_solver *s, double t, double *y, double *yp, double *change, char *msg, size_t size);

#endif
