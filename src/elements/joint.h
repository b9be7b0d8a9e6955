/* What other elements may ask of a Constraint_Joint. */
#ifndef MBS_JOINT_H
#define MBS_JOINT_H

#include "../model/builder.h"
#include "../solver/eval.h"

/* Reaction force and torque on the I body at the I origin, in J axes. */
void mbs_joint_reaction(const mbs_component *joint, const mbs_eval *ev, double F[3], double T[3]);

/* Places the joint's continuous angle on the turn closest to `angle` (used
 * by prescribed motions whose expression starts at a multiple turn). */
void mbs_joint_set_angle_reference(const mbs_component *joint, mbs_eval *ev, double angle);

#endif
