/* The joint-coordinate formulation behind the DAE interface
 * (solver/dae/formulation.h; joint_dae.c). */
#ifndef MBS_JOINT_DAE_H
#define MBS_JOINT_DAE_H

#include "../dae/formulation.h"

/* The formulation in joint coordinates for the bodies the model's tree
 * carries (joint_system.h), its tree built at the state of d; *coords the
 * tree's coordinates (0: no joint carries a body). self NULL when out of
 * memory. */
mbs_dae mbs_dae_joint(const mbs_model *m, mbs_data *d, int *coords);

#endif
