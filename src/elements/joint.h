/* What other elements may ask of a Constraint_Joint. */
#ifndef MBS_JOINT_H
#define MBS_JOINT_H

#include "../model/builder.h"
#include "../solver/eval/eval.h"

extern const mbs_kind mbs_kind_constraint_joint, mbs_kind_constraint_jprim;

/* Whether component c is a Constraint_Joint (or a Constraint_Jprim: the
 * same element under MotionSolve's other name). */
int mbs_is_joint(const mbs_component *c);

/* The joint's type as the file names it (e.g. "REVOLUTE"; "UNIVERSAL" for
 * HOOKE too), and its I and J markers. */
const char *mbs_joint_type(const mbs_component *joint);
void mbs_joint_markers(const mbs_component *joint, int *I, int *J);

/* How far the joint is from closed, at its rows of the last evaluation:
 * the length by which I's origin misses where the joint puts it (SI), and
 * the largest angle by which the axes its rows align miss (rad). */
void mbs_joint_gap(const mbs_component *joint, const mbs_eval *ev, double *length, double *angle);

/* Reaction force and torque on the I body at the I origin, in J axes. */
void mbs_joint_reaction(const mbs_component *joint, const mbs_eval *ev, double F[3], double T[3]);
/* The same, with the I origin pI and the J axes RJ the caller has already
 * (joint friction, on every residual). */
void mbs_joint_reaction_at(const mbs_component *joint, const mbs_eval *ev, const double pI[3], const double RJ[9],
                           double F[3], double T[3]);

/* The components of the joint's reaction (as above: 0..2 F_x F_y F_z,
 * 3..5 T_x T_y T_z, J's axes) that its rows not in use (in_use[row] == 0,
 * indexed by the model's rows) would carry, at the rows' Jacobians of the
 * last evaluation: bit k set where they carry component k. */
unsigned mbs_joint_unused_loads(const mbs_component *joint, const mbs_eval *ev, const char *in_use);

/* Whether component c is a Force_JointFriction, and the joint it rubs in
 * (its component index). It reads only the joint's reaction, which a tree
 * joint in joint coordinates has from the backward pass (data.h). */
int mbs_is_joint_friction(const mbs_component *c);
int mbs_joint_friction_joint(const mbs_component *c);

/* Joint friction in a REVOLUTE or UNIVERSAL joint is a torque T a on I
 * about one axis a (-T a on J), read from its two bristles z_k (pin, end
 * caps) and the rate w of I relative to J about a. Each evaluation writes,
 * where the data's friction_slopes is set (data.h), T itself (the joint
 * formulation adds it to its joint's generalised force without projecting
 * the loads again: joint_system.c), and the slopes of T and of
 * the bristles' rates at that state, the normal forces held at the current
 * reaction (a Newton matrix's view; the bristles' rates do not read the
 * normal forces): each bristle's rate reads its own deflection only; and
 * the axis a in global axes (w = a.(omega_I - omega_J)). A friction
 * switched off (a command, or inactive="STATIC" in a Static analysis) is
 * not evaluated, and the reader sees to that (joint_system.c,
 * mbs_js_group_slopes: zero torque and slopes; friction_refresh.c). */
typedef struct mbs_axial_friction_slopes {
    int n; /* states: 2 */
    double torque; /* T */
    double dzdot_dz[2], dzdot_dw[2], dT_dz[2], dT_dw;
    double axis[3]; /* a in global axes (zero where switched off) */
} mbs_axial_friction_slopes;

/* The dimension of a Motion_Joint's expression: an angle or a length, or
 * their rates (motion_joint.c). */
mbs_dim mbs_motion_dim(int angle, int val_type); /* val_type 0 D, 1 V, 2 A */
/* The constant a Motion_Joint element (or a command for one) gives for
 * type CONSTANT: val, or q as MotionView 2022 writes it; NULL for neither. */
const char *mbs_motion_constant(const mbs_spec_elem *e);
/* 0, or -1 after reporting that e gives both val and q. */
int mbs_motion_check_constant(mbs_builder *b, const mbs_spec_elem *e);

/* Places the joint's continuous angle on the turn closest to `angle` (used
 * by prescribed motions whose expression starts at a multiple turn). */
void mbs_joint_set_angle_reference(const mbs_component *joint, mbs_eval *ev, double angle);

#endif
