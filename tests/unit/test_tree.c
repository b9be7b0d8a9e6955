/* The kinematic tree of the joint formulation (src/solver/tree.c) against
 * independent truths: forward kinematics at the start's coordinates gives
 * the bodies' poses back; velocities and accelerations are the time
 * derivatives of positions and velocities (central differences along a
 * path q(t) = q + qd t + qdd t^2 / 2); the mass matrix gives the bodies'
 * kinetic energy (qd^T M qd / 2 = sum m v^2 / 2 + w . I w / 2); the
 * backward pass of the bodies' inertial wrenches at rest is M qdd; and the
 * articulated-body solve gives qdd back from it. The tree:
 * a REVOLUTE about a tilted axis from the ground, a TRANSLATIONAL on it
 * whose child holds the J marker, a CYLINDRICAL on that, a FIXED on that. */
#include "../support/harness.h"
#include "model_text.h"
#include "../../src/core/rotation.h"
#include "../../src/core/vec3.h"
#include "../../src/solver/data.h"
#include "../../src/solver/residual.h"
#include "../../src/solver/tree.h"

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

typedef struct fixture {
    text_model t;
    mbs_data *d;
    mbs_tree tree;
    double *y, *yp, *res;
} fixture;

static void teardown(fixture *f)
{
    mbs_tree_free(&f->tree);
    mbs_data_free(f->d);
    free(f->y);
    free(f->yp);
    free(f->res);
    text_model_free(&f->t);
}

/* The model at its initial state, the tree built and started there (on
 * failure: checks failed, everything freed). */
static int setup(fixture *f, double *q, double *qd, double *qdd)
{
    memset(f, 0, sizeof *f);
    char buf[512];
    text_model_load(&f->t, MODEL, NULL, 1);
    CHECK_MSG(f->t.status == MBS_OK && f->t.model, "does not load: %s", text_model_error(&f->t, 0, buf, sizeof buf));
    if (!f->t.model) {
        teardown(f);
        return -1;
    }
    const mbs_model *m = f->t.model;
    f->d = mbs_data_create(m);
    f->y = calloc((size_t)m->ny + 1, sizeof *f->y);
    f->yp = calloc((size_t)m->ny + 1, sizeof *f->yp);
    f->res = calloc((size_t)m->ny + 1, sizeof *f->res);
    for (int b = 0; b < m->n_bodies; b++)
        if (m->bodies[b].type == MBS_BODY_RIGID) {
            v3_copy(f->y + m->bodies[b].q_ofs, m->bodies[b].r0);
            memcpy(f->y + m->bodies[b].q_ofs + 3, m->bodies[b].p0, 4 * sizeof(double));
        }
    mbs_update_bodies(m, f->d, f->y, f->yp);
    CHECK(mbs_tree_build(&f->tree, m, f->d) == 0);
    CHECK(f->tree.n_joints == 4 && f->tree.n_coords == 4);
    if (f->tree.n_coords != 4) {
        teardown(f);
        return -1;
    }
    mbs_eval ev = {m, f->d, 0.0, f->y, f->yp, f->res};
    mbs_tree_start(&f->tree, m, &ev, q, qd, qdd);
    return 0;
}

TEST(forward_kinematics_at_the_start_gives_the_initial_poses)
{
    fixture f;
    double q[4], qd[4], qdd[4];
    if (setup(&f, q, qd, qdd) != 0)
        return;
    const mbs_model *m = f.t.model;
    CHECK(f.tree.joints[1].child_is_i == 0); /* the translational joint's child holds J */
    mbs_tree_forward(&f.tree, m, f.d, q, qd, qdd, f.y, f.yp);
    double worst = 0;
    for (int b = 0; b < m->n_bodies; b++) {
        if (m->bodies[b].type != MBS_BODY_RIGID)
            continue;
        double A0[9];
        mbs_quat_to_matrix(m->bodies[b].p0, A0);
        for (int i = 0; i < 3; i++)
            worst = fmax(worst, fabs(f.d->bodies[b].r[i] - m->bodies[b].r0[i]));
        for (int i = 0; i < 9; i++)
            worst = fmax(worst, fabs(f.d->bodies[b].A[i] - A0[i]));
    }
    CHECK_MSG(worst < 1e-14, "poses off by %.3g", worst);
    teardown(&f);
}

/* Body states at q(h) = q + qd h + qdd h^2 / 2, qd(h) = qd + qdd h. */
static void state_at(fixture *f, const double *q, const double *qd, const double *qdd, double h, double *r,
                     double *v, double *w)
{
    const mbs_model *m = f->t.model;
    double qh[4], qdh[4];
    for (int k = 0; k < 4; k++) {
        qh[k] = q[k] + qd[k] * h + 0.5 * qdd[k] * h * h;
        qdh[k] = qd[k] + qdd[k] * h;
    }
    mbs_tree_forward(&f->tree, m, f->d, qh, qdh, qdd, NULL, NULL);
    for (int b = 0; b < m->n_bodies; b++) {
        v3_copy(r + 3 * b, f->d->bodies[b].r);
        v3_copy(v + 3 * b, f->d->bodies[b].v);
        v3_copy(w + 3 * b, f->d->bodies[b].w);
    }
}

TEST(velocities_and_accelerations_are_the_rates_of_positions_and_velocities)
{
    fixture f;
    double q[4], qd[4], qdd[4];
    if (setup(&f, q, qd, qdd) != 0)
        return;
    const mbs_model *m = f.t.model;
    const double h = 1e-5;
    for (int k = 0; k < 4; k++)
        q[k] += 0.3 * (k + 1), qd[k] = QD[k], qdd[k] = QDD[k];
    size_t n = (size_t)m->n_bodies * 3;
    double *r[2], *v[2], *w[2];
    for (int s = 0; s < 2; s++) {
        r[s] = calloc(n, sizeof(double));
        v[s] = calloc(n, sizeof(double));
        w[s] = calloc(n, sizeof(double));
        state_at(&f, q, qd, qdd, s ? h : -h, r[s], v[s], w[s]);
    }
    mbs_tree_forward(&f.tree, m, f.d, q, qd, qdd, NULL, NULL);
    double worst_v = 0, worst_a = 0, worst_al = 0;
    for (int b = 0; b < m->n_bodies; b++) {
        if (f.tree.body_joint[b] < 0)
            continue;
        for (int i = 0; i < 3; i++) {
            worst_v = fmax(worst_v, fabs((r[1][3 * b + i] - r[0][3 * b + i]) / (2 * h) - f.d->bodies[b].v[i]));
            worst_a = fmax(worst_a, fabs((v[1][3 * b + i] - v[0][3 * b + i]) / (2 * h) - f.d->bodies[b].a[i]));
            worst_al = fmax(worst_al, fabs((w[1][3 * b + i] - w[0][3 * b + i]) / (2 * h) - f.d->bodies[b].alpha[i]));
        }
    }
    CHECK_MSG(worst_v < 1e-8, "velocities off by %.3g", worst_v);
    CHECK_MSG(worst_a < 1e-8, "accelerations off by %.3g", worst_a);
    CHECK_MSG(worst_al < 1e-8, "angular accelerations off by %.3g", worst_al);
    for (int s = 0; s < 2; s++) {
        free(r[s]);
        free(v[s]);
        free(w[s]);
    }
    teardown(&f);
}

TEST(mass_matrix_gives_the_kinetic_energy_and_inverse_dynamics_at_rest)
{
    fixture f;
    double q[4], qd[4], qdd[4];
    if (setup(&f, q, qd, qdd) != 0)
        return;
    const mbs_model *m = f.t.model;
    for (int k = 0; k < 4; k++)
        q[k] -= 0.2 * (k + 1), qd[k] = QD[k], qdd[k] = 0.0;
    mbs_tree_forward(&f.tree, m, f.d, q, qd, qdd, NULL, NULL);
    double M[16], energy = 0, quad = 0;
    mbs_tree_mass_matrix(&f.tree, m, f.d, M, 4);
    for (int b = 0; b < m->n_bodies; b++) {
        const mbs_body *body = &m->bodies[b];
        const mbs_body_state *s = &f.d->bodies[b];
        if (body->type != MBS_BODY_RIGID)
            continue;
        double Jw[3];
        m3_mul_v(Jw, body->inertia, s->wb);
        energy += 0.5 * body->mass * v3_dot(s->v, s->v) + 0.5 * v3_dot(s->wb, Jw);
    }
    for (int k = 0; k < 4; k++)
        for (int l = 0; l < 4; l++) {
            quad += 0.5 * qd[k] * M[4 * l + k] * qd[l];
            CHECK_NEAR(M[4 * l + k], M[4 * k + l], 1e-14);
        }
    CHECK_NEAR(quad, energy, 1e-12 * energy);
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
    CHECK(mbs_tree_articulate(&f.tree, m, f.d) == 0);
    double x[4];
    mbs_tree_solve_mass(&f.tree, res, x);
    for (int k = 0; k < 4; k++)
        CHECK_NEAR(x[k], qdd[k], 1e-12);
    teardown(&f);
}

TEST_SUITE(tree, T(forward_kinematics_at_the_start_gives_the_initial_poses),
           T(velocities_and_accelerations_are_the_rates_of_positions_and_velocities),
           T(mass_matrix_gives_the_kinetic_energy_and_inverse_dynamics_at_rest));
