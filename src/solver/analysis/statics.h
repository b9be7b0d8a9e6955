/* Static equilibrium by KINSOL (see statics.c). */
#ifndef MBS_STATICS_H
#define MBS_STATICS_H

#include "../eval/data.h"

#include <stddef.h>
#include <sundials/sundials_context.h>

/* Moves the positions in y to the equilibrium at time t with zero
 * velocities; sets the multipliers of the holonomic rows. Returns 0, or -1
 * with a one-line reason. */
int mbs_static_equilibrium(const mbs_model *m, mbs_data *d, SUNContext ctx, double t, double *y, double *yp,
                           char *msg, size_t msgsize);

#endif
