/* The constraint equations joints are made of (Adams/MotionSolve joint
 * primitives), written as rows of the component being evaluated. I and J
 * are frame markers; a_I(k), a_J(k) their axes (k = 0, 1, 2 for x, y, z);
 * d = p_I - p_J the vector between their origins. */
#ifndef MBS_JOINT_PRIMITIVES_H
#define MBS_JOINT_PRIMITIVES_H

#include "../solver/eval/eval.h"

/* p_I - p_J = 0: three rows (global x, y, z components) starting at `row`. */
void mbs_prim_atpoint(mbs_eval *ev, const mbs_component *c, int row, int I, int J);

/* d . a_J(k) = 0: one row. */
void mbs_prim_dot2(mbs_eval *ev, const mbs_component *c, int row, int I, int J, int k);

/* a_I(ki) . a_J(kj) = 0: one row. */
void mbs_prim_dot1(mbs_eval *ev, const mbs_component *c, int row, int I, int ki, int J, int kj);

/* ---- angles between two frames ---- */

/* An angle measured from two axis products,
 *   angle = atan2(sign (a_I(ks) . a_J(js)), a_I(kc) . a_J(jc)),
 * in (-pi, pi]. Its variation is grad . (dtheta_I - dtheta_J), since
 * d(a_I . b_J) = (a_I x b_J) . (dtheta_I - dtheta_J). */
typedef struct mbs_dot_angle {
    int ks, js;
    double sign;
    int kc, jc;
} mbs_dot_angle;

/* Adams' projected angles of I about J's axes (AX, AY, AZ), and the
 * rotation of a pinion I about its own z axis from the rack's z_J. */
extern const mbs_dot_angle MBS_ANGLE_AX;     /* atan2(-z_I.y_J, z_I.z_J) */
extern const mbs_dot_angle MBS_ANGLE_AY;     /* atan2( z_I.x_J, z_I.z_J) */
extern const mbs_dot_angle MBS_ANGLE_AZ;     /* atan2( x_I.y_J, x_I.x_J) */
extern const mbs_dot_angle MBS_ANGLE_PINION; /* atan2(-y_I.z_J, x_I.z_J) */

/* The angle's value; its gradient when grad is not NULL. */
double mbs_prim_dot_angle(const mbs_eval *ev, int I, int J, const mbs_dot_angle *a, double grad[3]);

/* a plus the multiple of 2 pi that brings it closest to ref (an angle
 * continuous over turns when ref follows the motion). */
double mbs_angle_near(double a, double ref);

/* Rotation angle of I about J's z axis in (-pi, pi]: atan2(x_I . y_J, x_I . x_J). */
double mbs_prim_angle(const mbs_eval *ev, int I, int J);

/* The same angle continuous over turns (closest to `ref`). */
double mbs_prim_angle_near(const mbs_eval *ev, int I, int J, double ref);

/* Adds factor * (v . (dtheta_I - dtheta_J)) to a Jacobian. */
void mbs_jac_add_relative_rotation(mbs_jac *j, const mbs_eval *ev, int I, int J, const double v[3], double factor);

/* ---- rows of the coupling joints ---- */

/* Constant velocity (homokinetic): x_I . y_J + sign (y_I . x_J) = 0, one
 * row. With sign = +1 (z axes pointing away from each other along straight
 * shafts) the frames are mirror images across the plane bisecting the
 * shafts; sign = -1 is the same with J's frame turned about its x axis
 * (z axes parallel along straight shafts). */
void mbs_prim_constant_velocity(mbs_eval *ev, const mbs_component *c, int row, int I, int J, double sign);

/* Travel along J's z coupled to an angle (screw, rack and pinion):
 *   g = (d . z_J - s0) - ratio (angle - angle0) = 0,   one row,
 * angle continuous (the caller's value) with gradient `grad`. */
void mbs_prim_travel(mbs_eval *ev, const mbs_component *c, int row, int I, int J, double ratio, double angle,
                     const double grad[3], double s0, double angle0);

#endif
