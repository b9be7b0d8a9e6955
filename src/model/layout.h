/* Assigns every variable its place in y = [q | u | z | lambda | mu] and
 * every component its rows, states, roots and discrete data. */
#ifndef MBS_LAYOUT_H
#define MBS_LAYOUT_H

#include "model.h"
#include "../core/diag.h"

int mbs_layout(mbs_model *m, mbs_diags *d);

/* What variable i of y is ("the velocity of Body_Point 2 (label 'ball')"),
 * or with `equation` set, what equation i of the residual is ("the force
 * balance of Body_Point 2 (label 'ball')"), for messages. */
void mbs_layout_describe(const mbs_model *m, int i, int equation, char *out, size_t size);

#endif
