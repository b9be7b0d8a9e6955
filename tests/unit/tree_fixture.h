/* A model written inline, at its initial state, with its kinematic tree
 * built and started there: shared by the tree's unit tests (test_tree.c,
 * test_tree_spherical.c). */
#ifndef MBS_TEST_TREE_FIXTURE_H
#define MBS_TEST_TREE_FIXTURE_H

#include "model_text.h"
#include "../../src/solver/eval/data.h"
#include "../../src/solver/joint/tree.h"

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

/* A path of the tree's positions and rates: (qh, uh) at time h from (q, u)
 * with rates' rates ud. */
typedef void tree_fixture_path(const double *q, const double *u, const double *ud, double h, double *qh,
                               double *uh);

/* Forward kinematics at -h and +h along `path` (NULL: every position's rate
 * is its rate, q + u h + ud h^2 / 2) and at the middle (q, u, ud): each
 * tree body's velocity, acceleration and angular acceleration against the
 * central differences of positions and velocities, to 1e-8 (h = 1e-5);
 * the tree's state is left at the middle. */
void tree_fixture_check_path(tree_fixture *f, tree_fixture_path *path, const double *q, const double *u,
                             const double *ud);

/* A unit quaternion's path with angular velocity w + wd t (body axes): p at
 * time h to second order, p + pd h + pdd h^2 / 2 with pd = L(p)^T w / 2 and
 * pdd = (L(p)^T wd + L(pd)^T w) / 2. */
void tree_fixture_quaternion_path(const double p[4], const double w[3], const double wd[3], double h,
                                  double out[4]);

/* At positions q with rates u (n of them): the mass matrix gives the bodies'
 * kinetic energy (u^T M u / 2), and at rest with accelerations ud and no
 * load the backward pass is M ud and the articulated-body solve gives ud
 * back (each to 1e-12). q, u, ud are not changed. */
void tree_fixture_check_mass_matrix(tree_fixture *f, const double *q, const double *u, const double *ud, int n);

#endif
