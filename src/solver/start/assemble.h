/* Consistent initial and restart states (see assemble.c). */
#ifndef MBS_ASSEMBLE_H
#define MBS_ASSEMBLE_H

#include "../eval/data.h"
#include "../../core/diag.h"

#include <stddef.h>

typedef struct mbs_assembler mbs_assembler;

mbs_assembler *mbs_assembler_create(const mbs_model *m, mbs_data *d, int sparse);
void mbs_assembler_free(mbs_assembler *a);

/* Switches off constraint rows that depend on others, with a warning per
 * element. Dense analysis; large models only when `force` is set. Returns
 * the number of rows switched off, MBS_RANK_SKIPPED when the model was too
 * large to analyse without `force`, or -1 when out of memory. */
#define MBS_RANK_SKIPPED (-2)
int mbs_find_redundant(mbs_assembler *a, double t, const double *y, int force, mbs_diags *diag);

/* Each returns 0, or -1 with a one-line reason in msg. */
int mbs_assemble_positions(mbs_assembler *a, double t, double *y, char *msg, size_t msgsize);
/* After mbs_assemble_positions failed: the component its message names
 * first (whose line to report), or -1. */
int mbs_assembler_culprit(const mbs_assembler *a);
int mbs_project_velocities(mbs_assembler *a, double t, double *y, char *msg, size_t msgsize);
int mbs_consistent_rates(mbs_assembler *a, double t, double *y, double *yp, char *msg, size_t msgsize);
/* Whether consistent rates solve for element states given by equations
 * (algebraic states, implicit rates: state_solve.h). */
int mbs_assembler_solves_states(const mbs_assembler *a);
/* All three in order. */
int mbs_make_consistent(mbs_assembler *a, double t, double *y, double *yp, char *msg, size_t msgsize);

#endif
