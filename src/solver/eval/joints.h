/* A joint (model/joints.h) at an evaluation: its reaction, from its rows'
 * multipliers or, where the formulation has none for it, from the wrench
 * the formulation supplies (mbs_data.joint_wrench); the loads its rows
 * not in use would carry; the reference its turning angle's turns are
 * counted from. What the joint element's outputs, joint friction and the
 * solver ask of any joint. */
#ifndef MBS_EVAL_JOINTS_H
#define MBS_EVAL_JOINTS_H

#include "eval.h"

/* Reaction force and torque on the I body at the I origin, in J axes
 * (MotionSolve's FX(I,J,J) .. TZ), of the joint that is component c. */
void mbs_joint_reaction(const mbs_component *c, const mbs_eval *ev, double F[3], double T[3]);
/* The same, with the I origin pI and the J axes RJ the caller has already
 * (joint friction, on every residual). */
void mbs_joint_reaction_at(const mbs_component *c, const mbs_eval *ev, const double pI[3], const double RJ[9],
                           double F[3], double T[3]);

/* The components of the joint's reaction (as above: 0..2 F_x F_y F_z,
 * 3..5 T_x T_y T_z, J's axes) that its rows not in use (in_use[row] == 0,
 * indexed by the model's rows) would carry, at the rows' Jacobians of the
 * last evaluation: bit k set where they carry component k. */
unsigned mbs_joint_unused_loads(const mbs_component *c, const mbs_eval *ev, const char *in_use);

/* Places the joint's continuous turning angle on the turn closest to
 * `angle` (prescribed motions whose expression starts at a multiple turn;
 * the joint formulation, from a tree joint's coordinate after a step);
 * nothing for a joint that has no turning angle. */
void mbs_joint_set_angle_reference(const mbs_component *c, mbs_eval *ev, double angle);

#endif
