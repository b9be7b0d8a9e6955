/* The bookkeeping of a linear analysis' results (linear.h): allocation, the
 * names and units of states, inputs, outputs and mode coordinates, and the
 * factors from SI to the model's units. Kept apart from linear.c, which
 * computes the numbers. */
#ifndef MBS_LINEAR_NAMES_H
#define MBS_LINEAR_NAMES_H

#include "linear.h"

/* Which variables the states are: position states on body coordinates
 * (index among the velocity coordinates, 0 .. nu), velocity states on body
 * coordinates, element states (index in the z block). */
typedef struct mbs_linear_layout {
    int n_pos, n_vel, n_z;
    const int *pos_coord, *vel_coord, *z_state;
    int n_inputs, n_outputs;
} mbs_linear_layout;

/* Allocates out's arrays for the layout (eigenvalues and modes only when
 * m->linear.eigen) and fills in the names and units. state_scale[n] and
 * motion_scale[nu] (allocated here, the caller frees them) get each state's
 * and each body coordinate's factor from SI to the model's units. */
int mbs_linear_result_alloc(const mbs_model *m, const mbs_linear_layout *lay, mbs_linear_result *out,
                            double **state_scale, double **motion_scale);

#endif
