/* The joint formulation's mass-matrix Newton matrix (joint_newton.c,
 * MBS_NEWTON_MASS) against the one differenced column by column
 * (mbs_joint_system_jacobian), on a rotor whose centre of mass is on its
 * revolute joint: there the mass-matrix Newton leaves nothing out (no
 * gravity torque, no normal force that depends on the accelerations, no
 * Coriolis terms), so the tree block it solves with (the articulated-body
 * factors with the friction's damping and its two bristles folded in as an
 * armature, fold_local_groups) must be the inverse of the differenced
 * block. A light rotor on a large pin: the friction's terms outweigh c_j J.
 * Checked sliding (slip 15 times the Stribeck speed) and sticking. */
#include "../support/harness.h"
#include "model_text.h"
#include "../../src/solver/eval/data.h"
#include "../../src/solver/joint/joint_system.h"
#include "../../src/solver/dae/residual.h"
#include "../../src/solver/joint/tree_solver.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The rotor on its joint, with the joint's markers (the rotor's 20, the
 * ground's 10); then its friction or spring. */
#define ROTOR                                                                                                        \
    "<Mbsim><Model>\n"                                                                                              \
    "<Body_Rigid id=\"1\" isground=\"TRUE\"/>\n"                                                                  \
    "<Reference_Marker id=\"10\" body_id=\"1\"/>\n"                                                               \
    "<Body_Rigid id=\"2\" cg_id=\"20\" mass=\"2\" inertia_xx=\"0.01\" inertia_yy=\"0.01\" inertia_zz=\"2e-5\"/>\n"    \
    "<Reference_Marker id=\"20\" body_id=\"2\"/>\n"                                                               \
    "<Constraint_Joint id=\"1\" type=\"REVOLUTE\" i_marker_id=\"%d\" j_marker_id=\"%d\"/>\n"                      \
    "<Force_Gravity grav_y=\"-9.81\"/>\n"

static const char MODEL[] = ROTOR
    "<Force_JointFriction id=\"2\" joint_id=\"1\" mu_static=\"0.5\" mu_dynamic=\"0.3\" bristle_stiffness=\"1e5\"\n"
    "  damping_effects=\"316\" viscous_effects=\"0.4\" stiction_trans_vel=\"0.01\" pin_radius=\"0.05\"/>\n"
    "</Model></Mbsim>\n";

/* The same rotor held by a torsion spring-damper about the joint's axis
 * between the joint's own markers (a joint-local law of constant slopes,
 * model/joints.h): its stiffness and
 * damping folded into the tree's block, the stiffness also on the rate's
 * right side (joint_newton.c). */
static const char SPRING_MODEL[] = ROTOR
    "<Force_SpringDamper id=\"2\" type=\"ROTATIONAL\" i_marker_id=\"%d\" j_marker_id=\"%d\" stiffness=\"30\"\n"
    "  damping=\"0.2\"/>\n"
    "</Model></Mbsim>\n";

/* The largest |T x - e_i| over the unit vectors e_i of the tree block (nt
 * variables: the angle, the rate and any bristles; the energy outside), T
 * the differenced Newton matrix's block, x its solve; the joint's and any
 * spring's markers i_marker, j_marker, any spring switched off with
 * spring_off (as Deactivate does); with fresh, the solve after a residual
 * at the same state or, where later is not NULL, at the rate later[0] and
 * both bristles at later[1]. */
static double block_inverse_error(const char *model, int nt_expected, double w, double z, int i_marker, int j_marker,
                                  int spring_off, int fresh, const double *later)
{
    text_model t;
    char buf[512], text[1024];
    snprintf(text, sizeof text, model, i_marker, j_marker, i_marker, j_marker);
    text_model_load(&t, text, NULL, 1);
    CHECK_MSG(t.model, "does not load: %s", text_model_error(&t, 0, buf, sizeof buf));
    if (!t.model)
        return INFINITY;
    const mbs_model *m = t.model;
    mbs_data *d = mbs_data_create(m);
    for (int c = 0; c < m->n_comps; c++)
        if (spring_off && strcmp(m->comps[c].kind->name, "Force_SpringDamper") == 0)
            d->comp_active[c] = 0;
    double *y = calloc((size_t)m->ny + 1, sizeof *y), *yp = calloc((size_t)m->ny + 1, sizeof *yp);
    const mbs_body *rotor = &m->bodies[1];
    memcpy(y + rotor->q_ofs + 3, rotor->p0, 4 * sizeof *y);
    y[rotor->u_ofs + 5] = w; /* about the joint's axis, global and body z */
    for (int c = 0; c < m->n_comps; c++)
        if (m->comps[c].n_states == 2)
            y[m->ofs_z + m->comps[c].state_ofs] = y[m->ofs_z + m->comps[c].state_ofs + 1] = z;
    mbs_update_bodies(m, d, y, yp);
    mbs_joint_system *s = mbs_joint_system_create(m, d);
    if (s)
        mbs_joint_system_allow_fresh_block(s, fresh);
    double worst = INFINITY;
    CHECK(s && mbs_joint_system_newton(s) == MBS_NEWTON_MASS);
    int nj = s ? mbs_joint_system_size(s) : 0, nt = s ? mbs_joint_system_block_size(s) : 0;
    CHECK(nt == nt_expected && nj == nt_expected + 1);
    double *yj = calloc((size_t)nj + 1, sizeof *yj), *ypj = calloc((size_t)nj + 1, sizeof *ypj);
    double *ewt = calloc((size_t)nj + 1, sizeof *ewt), *J = calloc((size_t)nj * nj + 1, sizeof *J);
    double *kept = calloc((size_t)nj * nj + 1, sizeof *kept), *rows = calloc((size_t)nj * nj + 1, sizeof *rows);
    double *x = calloc((size_t)nj + 1, sizeof *x), *e = calloc((size_t)nj + 1, sizeof *e);
    if (s && nt == nt_expected && nj == nt + 1 && mbs_joint_system_contract(s, 0.0, y, yp, yj, ypj, buf, sizeof buf) == 0) {
        for (int i = 0; i < nj; i++)
            ewt[i] = 1.0 / (1e-8 * fabs(yj[i]) + 1e-10);
        const double cj = 2e3, h = 1e-3;
        mbs_joint_system_jacobian(s, 0.0, cj, h, yj, ypj, ewt, J);
        mbs_joint_system_jacobian_mass(s, 0.0, cj, h, yj, ypj, ewt, kept, rows);
        /* a residual after the matrix, as at a step's later iterates: the
         * fresh block is then made at its state (right after the matrix it
         * would be the matrix's own) */
        if (fresh && later) {
            double *moved = calloc((size_t)nj + 1, sizeof *moved);
            if (moved) {
                memcpy(moved, yj, (size_t)nj * sizeof *moved);
                moved[1] = later[0]; /* the angle, the rate, the two bristles, the energy */
                moved[2] = moved[3] = later[1];
                mbs_joint_system_residual(s, 0.0, moved, ypj, x);
            }
            free(moved);
        } else if (fresh) {
            mbs_joint_system_residual(s, 0.0, yj, ypj, x);
        }
        mbs_tree_block tree;
        mbs_joint_system_tree_block(s, &tree);
        CHECK(tree.factored(tree.user) == 0);
        worst = 0.0;
        for (int i = 0; i < nt; i++) {
            memset(e, 0, (size_t)nj * sizeof *e);
            e[i] = 1.0;
            tree.solve(tree.user, e, x);
            for (int r = 0; r < nt; r++) {
                double Tx = 0.0, size = 0.0;
                for (int c = 0; c < nt; c++) {
                    Tx += J[(size_t)c * nj + r] * x[c];
                    size = fmax(size, fabs(J[(size_t)c * nj + r] * x[c]));
                }
                worst = fmax(worst, fabs(Tx - e[r]) / fmax(size, 1.0));
            }
        }
    }
    free(yj);
    free(ypj);
    free(ewt);
    free(J);
    free(kept);
    free(rows);
    free(x);
    free(e);
    mbs_joint_system_free(s);
    mbs_data_free(d);
    free(y);
    free(yp);
    text_model_free(&t);
    return worst;
}

TEST(mass_newton_block_inverts_the_differenced_block_with_joint_friction)
{
    /* the rotor the child holding I, then J (the joint then turns the
     * other way, and the friction's torque on the rotor is the other sign);
     * the Newton matrix's own block (local_slopes), then the block made
     * again at a later residual's state (fresh_factors: here the same state) */
    for (int fresh = 0; fresh < 2; fresh++)
        for (int reversed = 0; reversed < 2; reversed++) {
            int I = reversed ? 10 : 20, J = reversed ? 20 : 10;
            double sliding = block_inverse_error(MODEL, 4, 3.0, 2e-6, I, J, 0, fresh, NULL);
            double sticking = block_inverse_error(MODEL, 4, 1e-4, 1e-6, I, J, 0, fresh, NULL);
            /* the block's slopes against a differenced matrix (increments
             * of 1e-6 against the slip's smoothing): 1e-5 apart; leaving
             * out the friction's damping puts them 0.7 apart */
            CHECK_MSG(sliding < 1e-4, "fresh %d, reversed %d, sliding: off by %.3g", fresh, reversed, sliding);
            CHECK_MSG(sticking < 1e-4, "fresh %d, reversed %d, sticking: off by %.3g", fresh, reversed, sticking);
        }
}

TEST(mass_newton_block_falls_back_to_the_matrix_where_the_fresh_block_fails)
{
    /* A later iterate where the rotor slides at 1 rad/s with its bristles
     * past their steady deflection (3e-6 there), the same way as the slip:
     * the friction's slopes there outweigh c_j J, a joint's D comes out
     * negative and the fresh block cannot be articulated (fresh_factors).
     * The solve must then be the Newton matrix's own block with its own
     * fold of the groups: the inverse of the differenced block at the
     * matrix's state. (Were the fresh block made there, or the matrix's
     * factors paired with the iterate's fold, this would be far off.) */
    for (int reversed = 0; reversed < 2; reversed++) {
        int I = reversed ? 10 : 20, J = reversed ? 20 : 10;
        const double later[2] = {1.0, reversed ? -4e-6 : 4e-6};
        double sliding = block_inverse_error(MODEL, 4, 3.0, 2e-6, I, J, 0, 1, later);
        double sticking = block_inverse_error(MODEL, 4, 1e-4, 1e-6, I, J, 0, 1, later);
        CHECK_MSG(sliding < 1e-4, "reversed %d, sliding: off by %.3g", reversed, sliding);
        CHECK_MSG(sticking < 1e-4, "reversed %d, sticking: off by %.3g", reversed, sticking);
    }
}

TEST(mass_newton_block_inverts_the_differenced_block_with_a_torsion_spring)
{
    /* both joint orientations (the spring's angle and torque then the
     * joint's negatives), the matrix's own block and the fresh one; a
     * stiffness of 30 N m/rad against c_j^2 J = 80 at c_j = 2e3: left out,
     * or without its term on the right side, the block is far off. A slow
     * rotor at the spring's free angle: a small residual, whose rounding
     * the differenced acceleration column (c_j J = 0.04 from a change of
     * 1e-12) would otherwise show at 1e-4. */
    for (int fresh = 0; fresh < 2; fresh++)
        for (int reversed = 0; reversed < 2; reversed++) {
            int I = reversed ? 10 : 20, J = reversed ? 20 : 10;
            double err = block_inverse_error(SPRING_MODEL, 2, 0.1, 0.0, I, J, 0, fresh, NULL);
            CHECK_MSG(err < 1e-5, "fresh %d, reversed %d: off by %.3g", fresh, reversed, err);
            /* switched off (Deactivate), the spring is in neither */
            err = block_inverse_error(SPRING_MODEL, 2, 0.1, 0.0, I, J, 1, fresh, NULL);
            CHECK_MSG(err < 1e-5, "switched off, fresh %d, reversed %d: off by %.3g", fresh, reversed, err);
        }
}

TEST_SUITE(joint_newton, T(mass_newton_block_inverts_the_differenced_block_with_joint_friction),
           T(mass_newton_block_falls_back_to_the_matrix_where_the_fresh_block_fails),
           T(mass_newton_block_inverts_the_differenced_block_with_a_torsion_spring));
