/* FREE roots of the kinematic tree (src/solver/joint/tree_topology.c, tree_contract.c, tree_passes.c): a rigid body that
 * no eligible joint reaches from the ground starts a tree of its own, the
 * heaviest such body first. Its positions are its centre of mass (global)
 * and the unit quaternion of its axes, its rates the velocity of its centre
 * of mass (global axes) and its angular velocity in its own axes, with
 * dp/dt = L(p)^T w / 2 (rotation.h). Against independent truths, on a free
 * body carrying a lighter one on a REVOLUTE: the root is the heavier body;
 * the start gives back a moving state's coordinates (start after forward
 * kinematics is the identity); along a path of the positions whose rates
 * are those kinematics, velocities and accelerations are the central
 * differences of positions and velocities (a translation fixed in the
 * ground, not in the body: its rates add no V x S); the mass matrix gives
 * the kinetic energy and is m I on the translation; the backward pass at
 * rest is M qdd and the articulated-body solve (a 6x6 joint block)
 * inverts it. */
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

/* Body 2 (2 kg, its axes turned against the global ones) free, holding
 * body 3 (1.5 kg) on a REVOLUTE; nothing joins either to the ground. */
static const char MODEL[] =
    "<Mbsim><Model>\n"
    "<Body_Rigid id=\"1\" isground=\"TRUE\"/>\n"
    "<Body_Rigid id=\"3\" cg_id=\"30\" mass=\"1.5\" inertia_xx=\"0.05\" inertia_yy=\"0.04\" inertia_zz=\"0.01\"/>\n"
    "<Reference_Marker id=\"30\" body_id=\"3\" pos_x=\"1.4\" pos_y=\"0.5\" pos_z=\"-0.2\" psi=\"0.2\" theta=\"0.3\"/>\n"
    "<Reference_Marker id=\"31\" body_id=\"3\" pos_x=\"1\" pos_y=\"0.3\" pos_z=\"0.1\" psi=\"1\" theta=\"1.2\"/>\n"
    "<Body_Rigid id=\"2\" cg_id=\"20\" mass=\"2\" inertia_xx=\"0.1\" inertia_yy=\"0.2\" inertia_zz=\"0.3\"/>\n"
    "<Reference_Marker id=\"20\" body_id=\"2\" pos_x=\"0.5\" pos_y=\"0.3\" pos_z=\"0.1\" psi=\"0.4\" theta=\"0.2\" "
    "phi=\"-0.3\"/>\n"
    "<Reference_Marker id=\"22\" body_id=\"2\" pos_x=\"1\" pos_y=\"0.3\" pos_z=\"0.1\" psi=\"1\" theta=\"1.2\"/>\n"
    "<Constraint_Joint id=\"2\" type=\"REVOLUTE\" i_marker_id=\"31\" j_marker_id=\"22\"/>\n"
    "</Model></Mbsim>\n";

enum { NP = 8, NU = 7 }; /* positions: r, p, the angle; rates: v, w_b, the angle's */

static int setup(tree_fixture *f, double *q, double *qd, double *qdd)
{
    return tree_fixture_setup(f, MODEL, 2, NU, NP, q, qd, qdd);
}

/* A turned, moving state: positions, rates and their rates. */
static void moving_state(double *q, double *u, double *ud)
{
    double p[4] = {0.9, 0.3, -0.2, 0.25};
    mbs_quat_normalise(p);
    const double Q[NP] = {0.2, -0.4, 1.1, p[0], p[1], p[2], p[3], 0.4};
    const double U[NU] = {0.3, -0.8, 0.6, 0.7, -1.2, 0.5, 2.0}, UD[NU] = {-0.5, 0.8, 1.3, -0.6, 0.4, 0.9, -1.1};
    memcpy(q, Q, sizeof Q);
    memcpy(u, U, sizeof U);
    memcpy(ud, UD, sizeof UD);
}

TEST(the_heaviest_free_body_is_the_root_and_starts_at_its_own_pose)
{
    tree_fixture f;
    double q[NP], qd[NU], qdd[NU];
    if (setup(&f, q, qd, qdd) != 0)
        return;
    const mbs_model *m = f.t.model;
    const mbs_tree_joint *root = &f.tree.joints[0];
    CHECK(root->kind == MBS_TREE_FREE && root->comp < 0 && root->parent < 0);
    CHECK(m->bodies[root->child].mass == 2.0);
    CHECK(f.tree.joints[1].kind == MBS_TREE_REVOLUTE && f.tree.joints[1].parent == root->child);
    CHECK(mbs_tree_free_roots(&f.tree) == 1);
    for (int i = 0; i < 3; i++)
        CHECK(q[i] == m->bodies[root->child].r0[i]);
    double p0[4];
    memcpy(p0, m->bodies[root->child].p0, sizeof p0);
    mbs_quat_normalise(p0);
    for (int i = 0; i < 4; i++)
        CHECK_NEAR(q[3 + i], p0[i], 1e-15);
    mbs_tree_forward(&f.tree, m, f.d, q, qd, qdd, f.y, f.yp);
    double worst = tree_fixture_pose_error(&f);
    CHECK_MSG(worst < 1e-14, "poses off by %.3g", worst);
    tree_fixture_teardown(&f);
}

TEST(a_moving_state_gives_its_coordinates_back_at_a_start)
{
    tree_fixture f;
    double q[NP], u[NU], ud[NU];
    if (setup(&f, q, u, ud) != 0)
        return;
    const mbs_model *m = f.t.model;
    moving_state(q, u, ud);
    mbs_tree_forward(&f.tree, m, f.d, q, u, ud, f.y, f.yp);
    mbs_update_bodies(m, f.d, f.y, f.yp);
    double q2[NP], u2[NU], ud2[NU];
    mbs_eval ev = {m, f.d, 0.0, f.y, f.yp, f.res};
    mbs_tree_start(&f.tree, m, &ev, q2, u2, ud2);
    for (int k = 0; k < NP; k++)
        CHECK_MSG(fabs(q2[k] - q[k]) < 1e-12, "position %d: %.17g, expected %.17g", k, q2[k], q[k]);
    for (int k = 0; k < NU; k++) {
        CHECK_MSG(fabs(u2[k] - u[k]) < 1e-12, "rate %d: %.17g, expected %.17g", k, u2[k], u[k]);
        CHECK_MSG(fabs(ud2[k] - ud[k]) < 1e-12, "acceleration %d: %.17g, expected %.17g", k, ud2[k], ud[k]);
    }
    tree_fixture_teardown(&f);
}

/* The positions at time h on the path with rates u(h) = u + ud h: r and the
 * angle to second order, the quaternion along its kinematics. */
static void path(const double *q, const double *u, const double *ud, double h, double *qh, double *uh)
{
    for (int i = 0; i < 3; i++)
        qh[i] = q[i] + u[i] * h + 0.5 * ud[i] * h * h;
    qh[7] = q[7] + u[6] * h + 0.5 * ud[6] * h * h;
    tree_fixture_quaternion_path(q + 3, u + 3, ud + 3, h, qh + 3);
    for (int k = 0; k < NU; k++)
        uh[k] = u[k] + ud[k] * h;
}

TEST(free_root_velocities_and_accelerations_are_the_rates_of_positions_and_velocities)
{
    tree_fixture f;
    double q[NP], u[NU], ud[NU];
    if (setup(&f, q, u, ud) != 0)
        return;
    moving_state(q, u, ud);
    tree_fixture_check_path(&f, path, q, u, ud);
    /* the root's own variables: v and a of its centre of mass, w_b */
    const mbs_body_state *s = &f.d->bodies[f.tree.joints[0].child];
    for (int i = 0; i < 3; i++) {
        CHECK_NEAR(s->v[i], u[i], 1e-15);
        CHECK_NEAR(s->a[i], ud[i], 1e-14);
        CHECK_NEAR(s->wb[i], u[3 + i], 1e-14);
    }
    tree_fixture_teardown(&f);
}

TEST(free_root_mass_matrix_energy_inverse_dynamics_and_articulated_solve)
{
    tree_fixture f;
    double q[NP], u[NU], ud[NU];
    if (setup(&f, q, u, ud) != 0)
        return;
    moving_state(q, u, ud);
    tree_fixture_check_mass_matrix(&f, q, u, ud, NU);
    /* the translation's block: the whole mass, on the diagonal */
    double M[NU * NU];
    mbs_tree_mass_matrix(&f.tree, f.t.model, f.d, M, NU);
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++)
            CHECK_NEAR(M[NU * k + i], i == k ? 3.5 : 0.0, 1e-13);
    tree_fixture_teardown(&f);
}

TEST_SUITE(tree_free, T(the_heaviest_free_body_is_the_root_and_starts_at_its_own_pose),
           T(a_moving_state_gives_its_coordinates_back_at_a_start),
           T(free_root_velocities_and_accelerations_are_the_rates_of_positions_and_velocities),
           T(free_root_mass_matrix_energy_inverse_dynamics_and_articulated_solve));
