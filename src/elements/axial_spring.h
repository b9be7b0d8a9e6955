/* What the joint formulation may ask of a torsion spring-damper: a
 * Force_SpringDamper of type ROTATIONAL is a torque about its J marker's z
 * axis, T = -k (theta - length) - c dtheta/dt + preload on I (-T on J),
 * theta the rotation of I about that axis. Across a revolute joint whose
 * axis that z is, theta is the joint's angle (or its negative) plus a
 * constant, and the torque acts on that angle alone: the joint
 * formulation folds k and c into its Newton matrix's tree block
 * (joint_system.c, find_axial_springs) instead of differencing it. */
#ifndef MBS_AXIAL_SPRING_H
#define MBS_AXIAL_SPRING_H

#include "../model/model.h"

typedef struct mbs_axial_spring {
    int I, J;    /* markers */
    double k, c; /* stiffness and damping, SI (N m/rad, N m s/rad) */
} mbs_axial_spring;

/* 1, with its markers and coefficients in out (where not NULL), where
 * component c is such a spring-damper; else 0. */
int mbs_axial_spring_of(const mbs_component *c, mbs_axial_spring *out);

#endif
