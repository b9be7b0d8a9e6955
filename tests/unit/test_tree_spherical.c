/* SPHERICAL and UNIVERSAL joints in the kinematic tree (src/solver/joint/tree_topology.c, tree_contract.c, tree_passes.c).
 * A SPHERICAL joint: positions a
 * unit quaternion p of the child's joint frame in the parent's, rates the
 * relative angular velocity w in the child's axes, dp/dt = L(p)^T w / 2
 * (rotation.h). Against independent truths, on a REVOLUTE from the ground
 * carrying a body that holds a second body on a SPHERICAL joint (so the
 * joint's parent moves): forward kinematics at the start gives the poses
 * back; along a path of the positions whose rates are those kinematics,
 * velocities and accelerations are the central differences of positions and
 * velocities; the mass matrix gives the kinetic energy; the backward pass at
 * rest is M qdd and the articulated-body solve (a 3x3 joint block) inverts
 * it. A UNIVERSAL joint the same way, on the same kind of tree: two angles,
 * about the parent's marker's z and then about the child's, the first axis
 * fixed in the parent (its rate's share of the acceleration is not V_C x S). */
#include "../support/harness.h"
#include "tree_fixture.h"
#include "../../src/core/rotation.h"
#include "../../src/core/vec3.h"
#include "../../src/solver/eval/data.h"
#include "../../src/solver/dae/residual.h"
#include "../../src/solver/joint/tree.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A REVOLUTE from the ground carries body 2, which holds body 3 on joint 2
 * of type TYPE (body 3's marker turned by theta = THETA_I, 3-1-3). */
#define TWO_BODY_TREE(THETA_I, TYPE) \
    "<Mbsim><Model>\n" \
    "<Body_Rigid id=\"1\" isground=\"TRUE\"/>\n" \
    "<Reference_Marker id=\"10\" body_id=\"1\" pos_x=\"0.1\" psi=\"0.3\" theta=\"0.5\" phi=\"0.2\"/>\n" \
    "<Body_Rigid id=\"2\" cg_id=\"20\" mass=\"2\" inertia_xx=\"0.1\" inertia_yy=\"0.2\" inertia_zz=\"0.3\"/>\n" \
    "<Reference_Marker id=\"20\" body_id=\"2\" pos_x=\"0.5\" pos_y=\"0.3\" pos_z=\"0.1\"/>\n" \
    "<Reference_Marker id=\"21\" body_id=\"2\" pos_x=\"0.1\" psi=\"0.3\" theta=\"0.5\" phi=\"0.2\"/>\n" \
    "<Reference_Marker id=\"22\" body_id=\"2\" pos_x=\"1\" pos_y=\"0.3\" pos_z=\"0.1\" psi=\"1\" theta=\"1.2\"/>\n" \
    "<Body_Rigid id=\"3\" cg_id=\"30\" mass=\"1.5\" inertia_xx=\"0.05\" inertia_yy=\"0.04\" inertia_zz=\"0.01\"/>\n" \
    "<Reference_Marker id=\"30\" body_id=\"3\" pos_x=\"1.4\" pos_y=\"0.5\" pos_z=\"-0.2\" psi=\"0.2\" theta=\"0.3\"/>\n" \
    "<Reference_Marker id=\"31\" body_id=\"3\" pos_x=\"1\" pos_y=\"0.3\" pos_z=\"0.1\" psi=\"1\" theta=\"" THETA_I "\"/>\n" \
    "<Constraint_Joint id=\"1\" type=\"REVOLUTE\" i_marker_id=\"21\" j_marker_id=\"10\"/>\n" \
    "<Constraint_Joint id=\"2\" type=\"" TYPE "\" i_marker_id=\"31\" j_marker_id=\"22\"/>\n" \
    "</Model></Mbsim>\n"

static const char MODEL[] = TWO_BODY_TREE("1.2", "SPHERICAL");

enum { NP = 5, NU = 4 }; /* positions: the angle, the quaternion; rates: the angle's, w */

/* The model at its initial state, the tree built and started there (on
 * failure: checks failed, everything freed). */
static int setup(tree_fixture *f, double *q, double *qd, double *qdd)
{
    return tree_fixture_setup(f, MODEL, 2, NU, NP, q, qd, qdd);
}

TEST(a_spherical_joint_starts_at_the_unit_quaternion_and_the_poses)
{
    tree_fixture f;
    double q[NP], qd[NU], qdd[NU];
    if (setup(&f, q, qd, qdd) != 0)
        return;
    const mbs_model *m = f.t.model;
    CHECK(q[1] == 1.0 && q[2] == 0.0 && q[3] == 0.0 && q[4] == 0.0);
    mbs_tree_forward(&f.tree, m, f.d, q, qd, qdd, f.y, f.yp);
    double worst = tree_fixture_pose_error(&f);
    CHECK_MSG(worst < 1e-14, "poses off by %.3g", worst);
    tree_fixture_teardown(&f);
}

/* The positions at time h on the path with rates u(h) = u + ud h: the
 * angle to second order, the quaternion along its kinematics. */
static void path(const double *q, const double *u, const double *ud, double h, double *qh, double *uh)
{
    qh[0] = q[0] + u[0] * h + 0.5 * ud[0] * h * h;
    tree_fixture_quaternion_path(q + 1, u + 1, ud + 1, h, qh + 1);
    for (int k = 0; k < NU; k++)
        uh[k] = u[k] + ud[k] * h;
}

TEST(spherical_velocities_and_accelerations_are_the_rates_of_positions_and_velocities)
{
    tree_fixture f;
    double q[NP], u[NU], ud[NU];
    if (setup(&f, q, u, ud) != 0)
        return;
    /* a turned joint: p = (0.9, 0.3, -0.2, 0.25) normalised */
    double p[4] = {0.9, 0.3, -0.2, 0.25};
    mbs_quat_normalise(p);
    q[0] = 0.4;
    memcpy(q + 1, p, sizeof p);
    const double U[NU] = {0.7, -1.2, 0.5, 2.0}, UD[NU] = {-0.5, 0.8, 1.3, -0.6};
    memcpy(u, U, sizeof U);
    memcpy(ud, UD, sizeof UD);
    tree_fixture_check_path(&f, path, q, u, ud);
    /* the child's angular velocity is the parent's plus its rates on the child's joint frame */
    const mbs_tree_joint *js = &f.tree.joints[1];
    double FC[9], wrel[3], expect[3];
    m3_mul(FC, f.d->bodies[js->child].A, js->CC); /* F_C's axes: A_C CC */
    m3_mul_v(wrel, FC, u + 1);
    v3_add(expect, f.d->bodies[js->parent].w, wrel);
    double dw = 0;
    for (int i = 0; i < 3; i++)
        dw = fmax(dw, fabs(f.d->bodies[js->child].w[i] - expect[i]));
    CHECK_MSG(dw < 1e-14, "the child's angular velocity is off by %.3g", dw);
    tree_fixture_teardown(&f);
}

TEST(spherical_mass_matrix_energy_inverse_dynamics_and_articulated_solve)
{
    tree_fixture f;
    double q[NP], u[NU], ud[NU];
    if (setup(&f, q, u, ud) != 0)
        return;
    double p[4] = {0.8, -0.1, 0.4, 0.3};
    mbs_quat_normalise(p);
    q[0] = -0.6;
    memcpy(q + 1, p, sizeof p);
    const double U[NU] = {0.3, 1.1, -0.7, 0.9}, UD[NU] = {0.6, -0.2, 0.9, -1.4};
    tree_fixture_check_mass_matrix(&f, q, U, UD, NU);
    tree_fixture_teardown(&f);
}

/* ---- UNIVERSAL: I's z perpendicular to J's (theta + pi/2) ---- */

static const char MODEL_U[] = TWO_BODY_TREE("1.2 + pi/2", "HOOKE");

TEST(a_universal_joint_starts_at_zero_angles_and_the_poses)
{
    tree_fixture f;
    double q[3], u[3], ud[3];
    if (tree_fixture_setup(&f, MODEL_U, 2, 3, 3, q, u, ud) != 0)
        return;
    CHECK(q[1] == 0.0 && q[2] == 0.0);
    mbs_tree_forward(&f.tree, f.t.model, f.d, q, u, ud, f.y, f.yp);
    double worst = tree_fixture_pose_error(&f);
    CHECK_MSG(worst < 1e-14, "poses off by %.3g", worst);
    tree_fixture_teardown(&f);
}

TEST(universal_velocities_accelerations_energy_and_articulated_solve)
{
    tree_fixture f;
    double q[3], u[3], ud[3];
    if (tree_fixture_setup(&f, MODEL_U, 2, 3, 3, q, u, ud) != 0)
        return;
    const double Q[3] = {0.4, 0.7, -0.5}, U[3] = {0.7, -1.2, 2.0}, UD[3] = {-0.5, 0.8, 1.3};
    tree_fixture_check_path(&f, NULL, Q, U, UD);
    tree_fixture_check_mass_matrix(&f, Q, U, UD, 3);
    tree_fixture_teardown(&f);
}

TEST_SUITE(tree_spherical, T(a_spherical_joint_starts_at_the_unit_quaternion_and_the_poses),
           T(spherical_velocities_and_accelerations_are_the_rates_of_positions_and_velocities),
           T(spherical_mass_matrix_energy_inverse_dynamics_and_articulated_solve),
           T(a_universal_joint_starts_at_zero_angles_and_the_poses),
           T(universal_velocities_accelerations_energy_and_articulated_solve));
