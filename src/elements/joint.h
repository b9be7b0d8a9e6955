/* What other elements may ask of a Constraint_Joint beyond its description
 * (mbs_component.joint, model/joints.h) and its reaction
 * (solver/eval/joints.h); and what Motion_Joint shares with the commands
 * that modify it. */
#ifndef MBS_JOINT_H
#define MBS_JOINT_H

#include "../model/builder.h"
#include "../solver/eval/joints.h"

extern const mbs_kind mbs_kind_constraint_joint, mbs_kind_constraint_jprim;

/* The joint's type as the file names it (e.g. "REVOLUTE"; "UNIVERSAL" for
 * HOOKE too), for messages. */
const char *mbs_joint_type_name(const mbs_component *joint);

/* The dimension of a Motion_Joint's expression: an angle or a length, or
 * their rates (motion_joint.c). */
mbs_dim mbs_motion_dim(int angle, int val_type); /* val_type 0 D, 1 V, 2 A */
/* The constant a Motion_Joint element (or a command for one) gives for
 * type CONSTANT: val, or q as MotionView 2022 writes it; NULL for neither. */
const char *mbs_motion_constant(const mbs_spec_elem *e);
/* 0, or -1 after reporting that e gives both val and q. */
int mbs_motion_check_constant(mbs_builder *b, const mbs_spec_elem *e);

#endif
