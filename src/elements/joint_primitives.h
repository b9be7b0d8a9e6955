/* The constraint equations joints are made of (Adams/MotionSolve joint
 * primitives), written as rows of the component being evaluated. I and J
 * are frame markers; a_I(k), a_J(k) their axes (k = 0, 1, 2 for x, y, z);
 * d = p_I - p_J the vector between their origins. */
#ifndef MBS_JOINT_PRIMITIVES_H
#define MBS_JOINT_PRIMITIVES_H

#include "../solver/eval.h"

/* p_I - p_J = 0: three rows (global x, y, z components) starting at `row`. */
void mbs_prim_atpoint(mbs_eval *ev, const mbs_component *c, int row, int I, int J);

/* d . a_J(k) = 0: one row. */
void mbs_prim_dot2(mbs_eval *ev, const mbs_component *c, int row, int I, int J, int k);

/* a_I(ki) . a_J(kj) = 0: one row. */
void mbs_prim_dot1(mbs_eval *ev, const mbs_component *c, int row, int I, int ki, int J, int kj);

/* Rotation angle of I about J's z axis in (-pi, pi]: atan2(x_I . y_J, x_I . x_J). */
double mbs_prim_angle(const mbs_eval *ev, int I, int J);

/* The same angle plus the multiple of 2 pi that brings it closest to `ref`
 * (an angle continuous over turns when ref follows the motion). */
double mbs_prim_angle_near(const mbs_eval *ev, int I, int J, double ref);

#endif
