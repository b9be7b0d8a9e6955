/* The kinematic tree of the joint formulation (src/solver/joint/tree.c) against
 * independent truths: forward kinematics at the start's coordinates gives
 * the bodies' poses back; velocities and accelerations are the time
 * derivatives of positions and velocities (central differences along a
 * path q(t) = q + qd t + qdd t^2 / 2); the mass matrix gives the bodies'
 * kinetic energy (qd^T M qd / 2 = sum m v^2 / 2 + w . I w / 2); the
 * backward pass of the bodies' inertial wrenches at rest is M qdd; and the
 * articulated-body solve gives qdd back from it; the size of each row's
 * terms is that of a lone force and its moment about the origin, and
 * bounds the rows. The tree:
 * a REVOLUTE about a tilted axis from the ground, a TRANSLATIONAL on it
 * whose child holds the J marker, a CYLINDRICAL on that, a FIXED on that. */
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

static const char MODEL[] =
    "<Mbsim><Model>\n"
    "<Body_Rigid id=\"1\" isground=\"TRUE\"/>\n"
    "<Reference_Marker id=\"10\" body_id=\"1\" pos_x=\"0.1\" pos_y=\"0.2\" pos_z=\"0.3\" "
    "  psi=\"0.3\" theta=\"0.5\" phi=\"0.2\"/>\n"
    "<Body_Rigid id=\"2\" cg_id=\"20\" mass=\"2\" inertia_xx=\"0.1\" inertia_yy=\"0.2\" inertia_zz=\"0.3\"/>\n"
    "<Reference_Marker id=\"20\" body_id=\"2\" pos_x=\"0.5\" pos_y=\"0.3\" pos_z=\"0.1\"/>\n"
    "<Reference_Marker id=\"21\" body_id=\"2\" pos_x=\"0.1\" pos_y=\"0.2\" pos_z=\"0.3\" "
    "  psi=\"0.3\" theta=\"0.5\" phi=\"0.2\"/>\n"
    "<Reference_Marker id=\"22\" body_id=\"2\" pos_x=\"1\" pos_y=\"0.3\" pos_z=\"0.1\" psi=\"1\" theta=\"1.2\" phi=\"0\"/>\n"
    "<Body_Rigid id=\"3\" cg_id=\"30\" mass=\"1.5\" inertia_xx=\"0.05\" inertia_yy=\"0.04\" inertia_zz=\"0.03\"/>\n"
    "<Reference_Marker id=\"30\" body_id=\"3\" pos_x=\"1.2\" pos_y=\"0.5\" pos_z=\"0.2\"/>\n"
    "<Reference_Marker id=\"31\" body_id=\"3\" pos_x=\"1\" pos_y=\"0.3\" pos_z=\"0.1\" psi=\"1\" theta=\"1.2\" phi=\"0\"/>\n"
    "<Reference_Marker id=\"32\" body_id=\"3\" pos_x=\"1.3\" pos_y=\"0.6\" pos_z=\"0.2\" psi=\"-0.4\" theta=\"0.7\" phi=\"0.1\"/>\n"
    "<Body_Rigid id=\"4\" cg_id=\"40\" mass=\"0.7\" inertia_xx=\"0.02\" inertia_yy=\"0.03\" inertia_zz=\"0.01\"/>\n"
    "<Reference_Marker id=\"40\" body_id=\"4\" pos_x=\"1.4\" pos_y=\"0.8\" pos_z=\"0.5\"/>\n"
    "<Reference_Marker id=\"41\" body_id=\"4\" pos_x=\"1.3\" pos_y=\"0.6\" pos_z=\"0.2\" psi=\"-0.4\" theta=\"0.7\" phi=\"0.1\"/>\n"
    "<Reference_Marker id=\"42\" body_id=\"4\" pos_x=\"1.5\" pos_y=\"0.9\" pos_z=\"0.4\"/>\n"
    "<Body_Rigid id=\"5\" cg_id=\"50\" mass=\"0.4\" inertia_xx=\"0.01\" inertia_yy=\"0.01\" inertia_zz=\"0.02\"/>\n"
    "<Reference_Marker id=\"50\" body_id=\"5\" pos_x=\"1.7\" pos_y=\"1\" pos_z=\"0.4\"/>\n"
    "<Reference_Marker id=\"51\" body_id=\"5\" pos_x=\"1.5\" pos_y=\"0.9\" pos_z=\"0.4\"/>\n"
    "<Constraint_Joint id=\"1\" type=\"REVOLUTE\" i_marker_id=\"21\" j_marker_id=\"10\"/>\n"
    "<Constraint_Joint id=\"2\" type=\"TRANSLATIONAL\" i_marker_id=\"22\" j_marker_id=\"31\"/>\n"
    "<Constraint_Joint id=\"3\" type=\"CYLINDRICAL\" i_marker_id=\"41\" j_marker_id=\"32\"/>\n"
    "<Constraint_Joint id=\"4\" type=\"FIXED\" i_marker_id=\"51\" j_marker_id=\"42\"/>\n"
    "</Model></Mbsim>\n";

/* joint rates and accelerations of the tests */
static const double QD[4] = {0.7, -0.4, 0.9, 1.3}, QDD[4] = {-0.5, 0.8, 0.3, -1.1};

/* The model at its initial state, the tree built and started there (on
 * failure: checks failed, everything freed). */
static int setup(tree_fixture *f, double *q, double *qd, double *qdd)
{
    return tree_fixture_setup(f, MODEL, 4, 4, 4, q, qd, qdd);
}

TEST(forward_kinematics_at_the_start_gives_the_initial_poses)
{
    tree_fixture f;
    double q[4], qd[4], qdd[4];
    if (setup(&f, q, qd, qdd) != 0)
        return;
    const mbs_model *m = f.t.model;
    CHECK(f.tree.joints[1].child_is_i == 0); /* the translational joint's child holds J */
    mbs_tree_forward(&f.tree, m, f.d, q, qd, qdd, f.y, f.yp);
    double worst = tree_fixture_pose_error(&f);
    CHECK_MSG(worst < 1e-14, "poses off by %.3g", worst);
    tree_fixture_teardown(&f);
}

TEST(velocities_and_accelerations_are_the_rates_of_positions_and_velocities)
{
    tree_fixture f;
    double q[4], qd[4], qdd[4];
    if (setup(&f, q, qd, qdd) != 0)
        return;
    for (int k = 0; k < 4; k++)
        q[k] += 0.3 * (k + 1), qd[k] = QD[k], qdd[k] = QDD[k];
    tree_fixture_check_path(&f, NULL, q, qd, qdd);
    tree_fixture_teardown(&f);
}

TEST(mass_matrix_gives_the_kinetic_energy_and_inverse_dynamics_at_rest)
{
    tree_fixture f;
    double q[4], qd[4], qdd[4];
    if (setup(&f, q, qd, qdd) != 0)
        return;
    const mbs_model *m = f.t.model;
    for (int k = 0; k < 4; k++)
        q[k] -= 0.2 * (k + 1), qd[k] = QD[k], qdd[k] = 0.0;
    mbs_tree_forward(&f.tree, m, f.d, q, qd, qdd, NULL, NULL);
    double M[16], energy = 0, quad = 0;
    mbs_tree_mass_matrix(&f.tree, m, f.d, M, 4);
    energy = tree_fixture_kinetic_energy(&f);
    for (int k = 0; k < 4; k++)
        for (int l = 0; l < 4; l++) {
            quad += 0.5 * qd[k] * M[4 * l + k] * qd[l];
            CHECK_NEAR(M[4 * l + k], M[4 * k + l], 1e-14);
        }
    CHECK_NEAR(quad, energy, 1e-12 * energy);
    /* the diagonal alone (acceleration floors): the same numbers */
    double diag[4];
    mbs_tree_mass_diagonal(&f.tree, m, f.d, diag);
    for (int k = 0; k < 4; k++)
        CHECK(diag[k] == M[4 * k + k]);
    /* at rest, with accelerations qdd and no load: the residual is M qdd */
    for (int k = 0; k < 4; k++)
        qd[k] = 0.0, qdd[k] = QDD[k];
    mbs_tree_forward(&f.tree, m, f.d, q, qd, qdd, NULL, NULL);
    double res[4], stab[4];
    mbs_tree_project(&f.tree, m, f.d, res, stab);
    for (int k = 0; k < 4; k++) {
        double Mq = 0;
        for (int l = 0; l < 4; l++)
            Mq += M[4 * l + k] * qdd[l];
        CHECK_NEAR(res[k], Mq, 1e-12 * (1 + fabs(Mq)));
        CHECK_NEAR(stab[k], 0.0, 1e-15);
    }
    /* the articulated-body solve inverts the composite-rigid-body M */
    CHECK(mbs_tree_articulate(&f.tree, m, f.d, NULL) == 0);
    double x[4];
    mbs_tree_solve_mass(&f.tree, res, x);
    for (int k = 0; k < 4; k++)
        CHECK_NEAR(x[k], qdd[k], 1e-12);
    /* and with an armature, M + diag(a) (joint_system.c folds joint
     * friction's bristles into the tree block that way) */
    const double armature[4] = {0.3, 0.0, 2.0, 0.01};
    double b[4];
    for (int k = 0; k < 4; k++) {
        b[k] = armature[k] * qdd[k];
        for (int l = 0; l < 4; l++)
            b[k] += M[4 * l + k] * qdd[l];
    }
    CHECK(mbs_tree_articulate(&f.tree, m, f.d, armature) == 0);
    mbs_tree_solve_mass(&f.tree, b, x);
    for (int k = 0; k < 4; k++)
        CHECK_NEAR(x[k], qdd[k], 1e-12);
    tree_fixture_teardown(&f);
}

/* Forward kinematics at (q, qd, qdd), a force on the chain's last body
 * (NULL: none), then each row's term size and residual. */
static void sizes_and_rows(tree_fixture *f, const double *q, const double *qd, const double *qdd,
                           const double force[3], double *size, double *res)
{
    double stab[4];
    mbs_tree_forward(&f->tree, f->t.model, f->d, q, qd, qdd, NULL, NULL);
    if (force)
        v3_copy(f->d->bodies[f->tree.joints[3].child].f, force);
    mbs_tree_term_sizes(&f->tree, f->t.model, f->d, size);
    mbs_tree_project(&f->tree, f->t.model, f->d, res, stab);
}

/* The size of each coordinate's terms (what its rounding scales with, the
 * joint formulation's least acceleration increments): a force f alone on
 * the last body, at rest, is a wrench (-r x f, -f) in every row, whose
 * terms are |r| |f| (moment about the origin) and |f|: the size is
 * |S_w| |r| |f| + |S_v| |f|, at least the row's |S . W|; and at rest with
 * accelerations and no load the rows M qdd stay within their sizes. */
TEST(term_sizes_are_the_loads_and_their_moments_about_the_origin)
{
    tree_fixture f;
    double q[4], qd[4], qdd[4], size[4], res[4];
    if (setup(&f, q, qd, qdd) != 0)
        return;
    for (int k = 0; k < 4; k++)
        q[k] += 0.1 * (k + 1), qd[k] = qdd[k] = 0.0;
    const double force[3] = {3.0, -40.0, 7.0};
    sizes_and_rows(&f, q, qd, qdd, force, size, res);
    double fn = v3_norm(force), rn = v3_norm(f.d->bodies[f.tree.joints[3].child].r);
    for (int k = 0; k < 4; k++) {
        const double *S = f.tree.motion + 6 * k;
        double want = v3_norm(S) * rn * fn + v3_norm(S + 3) * fn;
        CHECK_NEAR(size[k], want, 1e-14 * want);
        CHECK(fabs(res[k]) <= size[k]);
    }
    for (int k = 0; k < 4; k++)
        qdd[k] = QDD[k];
    sizes_and_rows(&f, q, qd, qdd, NULL, size, res);
    for (int k = 0; k < 4; k++)
        CHECK_MSG(fabs(res[k]) > 0.0 && fabs(res[k]) <= size[k], "row %d: %.3g, size %.3g", k, res[k], size[k]);
    tree_fixture_teardown(&f);
}

TEST_SUITE(tree, T(forward_kinematics_at_the_start_gives_the_initial_poses),
           T(velocities_and_accelerations_are_the_rates_of_positions_and_velocities),
           T(mass_matrix_gives_the_kinetic_energy_and_inverse_dynamics_at_rest),
           T(term_sizes_are_the_loads_and_their_moments_about_the_origin));
