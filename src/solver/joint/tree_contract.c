/* The contraction of the absolute state onto the tree's joint coordinates
 * (tree.h, mbs_tree_start), at each start of the joint formulation, and
 * after each accepted step the joints' turning angles placed on the turn
 * of their coordinates (mbs_tree_accept), so that a later contraction,
 * which reads those angles, continues the coordinates rather than wrapping
 * them. The passes on the coordinates are tree_passes.c's; the kinds of
 * joints and the spatial vectors, twists V = (w, v_O) and their rates
 * about the global origin O, are as there.
 *
 * At a start each tree joint's frames are taken where the state has them:
 * F_C at the child's marker with J's axes, F_P = F_C moved back along and
 * about J's z axis e by the joint's own coordinates (its coordinate op,
 * signed by which marker the child holds), both stored in their bodies'
 * axes (sP, CP, sC, CC). The rates come from the bodies' twists:
 *   V_rel = V_C - V_P,  dV_rel/dt = dV_C/dt - dV_P/dt - V_C x V_rel
 * (the derivative of V_rel as the child sees its axes turn), and on the
 * joint's axes
 *   rotation     qd = e . w_rel,               qdd = e . dw_rel/dt
 *   translation  qd = e . v_rel,O - qd_rot e . (o x e)   (o = F_C's origin)
 * A spherical joint starts at the unit quaternion (F_P = F_C), its rates
 * the relative angular velocity on J's axes; a universal joint at zero
 * angles, its rates on its two axes with the first axis's (S1 qd1) x
 * (S2 qd2) taken out of the acceleration; a free root at its body's own
 * absolute variables. */
#include "tree_spatial.h"
#include "../eval/joints.h"
#include "../../core/rotation.h"

#include <math.h>
#include <string.h>

/* A body's position and axes. */
static void body_pose(const mbs_data *d, int b, const double **r, const double **A)
{
    *r = d->bodies[b].r;
    *A = d->bodies[b].A;
}

/* K[0..2] and eP of a joint from its frames: Rz(phi) = cos(phi) P +
 * sin(phi) Q + R with P = diag(1, 1, 0), Q = e_y e_x^T - e_x e_y^T, R = e_z e_z^T. */
static void relative_rotation_parts(mbs_tree_joint *j)
{
    static const double PQR[3][9] = {
        {1, 0, 0, 0, 1, 0, 0, 0, 0},
        {0, -1, 0, 1, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 1},
    };
    for (int k = 0; k < 3; k++) {
        double tmp[9];
        m3_mul(tmp, j->CP, PQR[k]);
        m3_mul_t(j->K[k], tmp, j->CC);
    }
    m3_col(j->eP, j->CP, 2);
}

/* Velocity v_O and rate of a body from its state (global origin). */
static void twist_of_state(const mbs_body_state *s, double V[6], double Ad[6])
{
    double t[3];
    v3_copy(V, s->w);
    v3_cross(t, s->w, s->r);
    v3_sub(V + 3, s->v, t); /* v_O = v - w x r */
    v3_copy(Ad, s->alpha);
    v3_cross(t, s->alpha, s->r);
    v3_sub(Ad + 3, s->a, t);
    v3_cross(t, s->w, s->v);
    v3_sub(Ad + 3, Ad + 3, t); /* dv_O/dt = a - alpha x r - w x v */
}

/* A free root's coordinates: its body's absolute variables (the quaternion
 * as the absolute state has it, normalised), and their rates. */
static void start_free(const mbs_tree_joint *j, const mbs_model *m, const mbs_eval *ev, double *q, double *qd,
                       double *qdd)
{
    const mbs_body_state *s = &ev->d->bodies[j->child];
    v3_copy(q + j->pos, s->r);
    memcpy(q + j->pos + 3, ev->y + m->bodies[j->child].q_ofs + 3, 4 * sizeof *q);
    mbs_quat_normalise(q + j->pos + 3);
    v3_copy(qd + j->coord, s->v);
    v3_copy(qd + j->coord + 3, s->wb);
    v3_copy(qdd + j->coord, s->a);
    m3_tmul_v(qdd + j->coord + 3, s->A, s->alpha); /* A dw_b/dt = alpha: w x w = 0 */
}

void mbs_tree_start(mbs_tree *t, const mbs_model *m, mbs_eval *ev, double *q, double *qd, double *qdd)
{
    const mbs_data *d = ev->d;
    for (int k = 0; k < t->n_joints; k++) {
        mbs_tree_joint *j = &t->joints[k];
        if (j->kind == MBS_TREE_FREE) {
            start_free(j, m, ev, q, qd, qdd);
            continue;
        }
        const mbs_component *c = &m->comps[j->comp];
        int I = c->joint->I, J = c->joint->J;
        double pI[3], pJ[3], RJ[9], e[3];
        mbs_marker_position(ev, I, pI);
        mbs_marker_position(ev, J, pJ);
        mbs_marker_axes(ev, J, RJ);
        m3_col(e, RJ, 2);
        double sign = j->child_is_i ? 1.0 : -1.0, slide = 0.0, turn = 0.0;
        mbs_coord coord;
        if (j->kind == MBS_TREE_REVOLUTE && c->ops->coordinate(c, ev, 0, &coord) == 0)
            turn = sign * coord.q;
        if ((j->kind == MBS_TREE_TRANSLATIONAL || j->kind == MBS_TREE_CYLINDRICAL) &&
            c->ops->coordinate(c, ev, 0, &coord) == 0)
            slide = sign * coord.q;
        if (j->kind == MBS_TREE_CYLINDRICAL && c->ops->coordinate(c, ev, 1, &coord) == 0)
            turn = sign * coord.q;
        /* F_C = J's frame at the child's marker; F_P = F_C moved back by the coordinates */
        double pC[3], pP[3], RP[9], Rz[9];
        v3_copy(pC, j->child_is_i ? pI : pJ);
        v3_copy(pP, pC);
        v3_axpy(pP, -slide, e);
        tree_rot_z(-turn, Rz);
        m3_mul(RP, RJ, Rz);
        const double *r, *A;
        double tmp[3];
        body_pose(d, j->child, &r, &A);
        v3_sub(tmp, pC, r);
        m3_tmul_v(j->sC, A, tmp);
        m3_tmul(j->CC, A, RJ);
        body_pose(d, j->parent, &r, &A);
        v3_sub(tmp, pP, r);
        m3_tmul_v(j->sP, A, tmp);
        m3_tmul(j->CP, A, RP);
        /* a universal joint's axes: each marker's z, the parent's and the child's */
        double e1[3], e2[3];
        if (j->kind == MBS_TREE_UNIVERSAL) {
            double RI[9];
            mbs_marker_axes(ev, I, RI);
            const double *RMP = j->child_is_i ? RJ : RI, *RMC = j->child_is_i ? RI : RJ;
            m3_tmul(j->CP, A, RMP);
            body_pose(d, j->child, &r, &A);
            m3_tmul(j->CC, A, RMC);
            m3_tmul(j->C0, RMP, RMC);
            m3_col(e1, RMP, 2);
            m3_col(e2, RMC, 2);
        }
        relative_rotation_parts(j);
        /* rates: the relative twist and its rate on the joint's axes */
        double Vc[6], Ac[6], Vp[6], Ap[6], Vrel[6], Arel[6], cross[6];
        twist_of_state(&d->bodies[j->child], Vc, Ac);
        twist_of_state(&d->bodies[j->parent], Vp, Ap);
        for (int i = 0; i < 6; i++)
            Vrel[i] = Vc[i] - Vp[i];
        tree_motion_cross(cross, Vc, Vrel);
        for (int i = 0; i < 6; i++)
            Arel[i] = Ac[i] - Ap[i] - cross[i];
        /* rotation about e: e . w_rel; translation: e . v_rel,O minus what the rotation gives there */
        double rot_rate = v3_dot(e, Vrel), rot_acc = v3_dot(e, Arel);
        double oxe[3];
        v3_cross(oxe, pC, e);
        double slide_rate = v3_dot(e, Vrel + 3) - rot_rate * v3_dot(e, oxe);
        double slide_acc = v3_dot(e, Arel + 3) - rot_acc * v3_dot(e, oxe);
        switch (j->kind) {
        case MBS_TREE_FIXED: break;
        case MBS_TREE_REVOLUTE:
            q[j->pos] = turn, qd[j->coord] = rot_rate, qdd[j->coord] = rot_acc;
            break;
        case MBS_TREE_TRANSLATIONAL:
            q[j->pos] = slide, qd[j->coord] = slide_rate, qdd[j->coord] = slide_acc;
            break;
        case MBS_TREE_CYLINDRICAL:
            q[j->pos] = slide, qd[j->coord] = slide_rate, qdd[j->coord] = slide_acc;
            q[j->pos + 1] = turn, qd[j->coord + 1] = rot_rate, qdd[j->coord + 1] = rot_acc;
            break;
        case MBS_TREE_UNIVERSAL: { /* zero angles; rates on the two (perpendicular) axes */
            double S1[6], S2[6], X[6], Atrue[6];
            v3_copy(S1, e1);
            v3_cross(S1 + 3, pC, e1);
            v3_copy(S2, e2);
            v3_cross(S2 + 3, pC, e2);
            double w1 = v3_dot(e1, Vrel), w2 = v3_dot(e2, Vrel);
            for (int i = 0; i < 6; i++)
                S1[i] *= w1, S2[i] *= w2;
            /* the first axis is fixed in the parent: its rate adds V_P x S1, not V_C x S1 */
            tree_motion_cross(X, S1, S2);
            for (int i = 0; i < 6; i++)
                Atrue[i] = Arel[i] - X[i];
            q[j->pos] = q[j->pos + 1] = 0.0;
            qd[j->coord] = w1, qd[j->coord + 1] = w2;
            qdd[j->coord] = v3_dot(e1, Atrue), qdd[j->coord + 1] = v3_dot(e2, Atrue);
            break;
        }
        case MBS_TREE_FREE: break; /* start_free */
        case MBS_TREE_SPHERICAL: /* p = 1: F_P = F_C; rates on F_C's (= J's) axes */
            q[j->pos] = 1.0, q[j->pos + 1] = q[j->pos + 2] = q[j->pos + 3] = 0.0;
            for (int a = 0; a < 3; a++) {
                double ea[3];
                m3_col(ea, RJ, a);
                qd[j->coord + a] = v3_dot(ea, Vrel);
                qdd[j->coord + a] = v3_dot(ea, Arel);
            }
            break;
        }
    }
}

/* ---- after a step ---- */

void mbs_tree_accept(const mbs_tree *t, const mbs_model *m, mbs_eval *ev, const double *q)
{
    for (int k = 0; k < t->n_joints; k++) {
        const mbs_tree_joint *j = &t->joints[k];
        double slide, turn;
        if (j->kind != MBS_TREE_REVOLUTE && j->kind != MBS_TREE_CYLINDRICAL)
            continue;
        tree_split_coords(j, q, &slide, &turn);
        /* mbs_tree_start took the angle as sign * the joint's turning angle */
        mbs_joint_set_angle_reference(&m->comps[j->comp], ev, j->child_is_i ? turn : -turn);
    }
}
