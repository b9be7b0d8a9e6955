/* Assigns every variable its place in y = [q | u | z | lambda | mu] and
 * every component its rows, states, roots and discrete data. */
#ifndef MBS_LAYOUT_H
#define MBS_LAYOUT_H

#include "model.h"
#include "../core/diag.h"

int mbs_layout(mbs_model *m, mbs_diags *d);

#endif
