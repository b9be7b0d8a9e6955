/* What other elements may ask of a Constraint_Joint beyond its description
 * (mbs_component.joint, model/joints.h) and its reaction
 * (solver/eval/joints.h). */
#ifndef MBS_JOINT_H
#define MBS_JOINT_H

#include "../model/builder.h"
#include "../solver/eval/joints.h"

extern const mbs_kind mbs_kind_constraint_joint, mbs_kind_constraint_jprim;

/* The joint's type as the file names it (e.g. "REVOLUTE"; "UNIVERSAL" for
 * HOOKE too), for messages. */
const char *mbs_joint_type_name(const mbs_component *joint);

#endif
