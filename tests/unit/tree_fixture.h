/* A model written inline, at its initial state, with its kinematic tree
 * built and started there: shared by the tree's unit tests (test_tree.c,
 * test_tree_spherical.c). */
#ifndef MBS_TEST_TREE_FIXTURE_H
#define MBS_TEST_TREE_FIXTURE_H

#include "model_text.h"
#include "../../src/solver/data.h"
#include "../../src/solver/tree.h"

typedef struct tree_fixture {
    text_model t;
    mbs_data *d;
    mbs_tree tree;
    double *y, *yp, *res;
} tree_fixture;

/* Loads MODEL, builds its tree (checked to have n_joints joints, n_coords
 * rates and n_pos positions) and starts it: q [n_pos], qd, qdd [n_coords].
 * 0, or -1 with the checks failed and everything freed. */
int tree_fixture_setup(tree_fixture *f, const char *model, int n_joints, int n_coords, int n_pos, double *q,
                       double *qd, double *qdd);
void tree_fixture_teardown(tree_fixture *f);

/* After forward kinematics: the largest difference of a rigid body's
 * position or rotation matrix from its initial one. */
double tree_fixture_pose_error(const tree_fixture *f);

/* The bodies' kinetic energy from their states: sum m v^2 / 2 + w_b . J w_b / 2. */
double tree_fixture_kinetic_energy(const tree_fixture *f);

/* Every body's position, velocity and angular velocity [3 n_bodies each]
 * from its state (after forward kinematics). */
void tree_fixture_record(const tree_fixture *f, double *r, double *v, double *w);

/* After forward kinematics at the middle of a path: each tree body's
 * velocity, acceleration and angular acceleration against the central
 * differences of what tree_fixture_record gave at -h (index 0) and +h
 * (index 1); checked to 1e-8. */
void tree_fixture_check_differences(const tree_fixture *f, double *const r[2], double *const v[2],
                                    double *const w[2], double h);

#endif
