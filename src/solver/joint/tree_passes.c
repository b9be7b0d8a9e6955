/* The passes on the kinematic tree (tree.h) that tree_topology.c builds:
 * forward kinematics from the joint coordinates to the bodies' states, the
 * backward pass of the bodies' residual wrenches onto the coordinates (and
 * the tree joints' reactions), the mass matrix by composite rigid bodies,
 * a constraint row's Jacobian on the coordinates. The contraction of an
 * absolute state onto the coordinates is tree_contract.c's, the
 * articulated-body solves tree_articulated.c's.
 *
 * Spatial vectors in global axes, referred to the global origin O:
 *   twist   V = (w, v_O)   v_O the velocity of the body point at O
 *   wrench  W = (n_O, f)   n_O the moment about O
 * so that power = W . V, a twist is the same for every point of a body and
 * wrenches add over bodies without transport.
 *
 * A tree joint moves its child's frame F_C relative to the parent's F_P
 * along and about F_P's z axis e (global), through the point o = origin of F_C:
 *   translation  S = (0, e)            rotation  S = (e, o x e)
 * or, SPHERICAL, turns it about o by a unit quaternion p (A_C = A_FP A(p)
 * CC^T), its three rates the angular velocity in F_C's axes e_k:
 * S_k = (e_k, o x e_k), dp/dt = L(p)^T w / 2 (positions and rates then
 * differ in number: pos and coord index them); or, UNIVERSAL, turns it
 * about the parent's marker's z (fixed in the parent) and then the child's
 * (fixed in the child), which adds (S_1 qd_1) x (S_2 qd_2) to dV_C/dt.
 * Forward kinematics (parents first):
 *   A_C = A_FP Rz(phi) CC^T,  r_C = p_FC - A_C sC,  p_FC = p_FP + s e
 *   V_C = V_P + sum S_k qd_k
 *   dV_C/dt = dV_P/dt + sum S_k qdd_k + V_C x (sum S_k qd_k)
 * with the motion cross product (w, v) x (w2, v2) = (w x w2, w x v2 + v x w2)
 * (each S is fixed in the child, so dS/dt = V_C x S). A body's centre of
 * mass moves with v = v_O + w x r and a = dv_O/dt + alpha x r + w x v.
 *
 * Backward pass: each body's residual wrench
 *   W_b = (A (J dw_b/dt + w_b x J w_b) - tq - tqc + r x f_b,  f_b = m a - f - fc)
 * (its Newton-Euler equations as the absolute formulation writes them) is
 * summed over the subtree of each joint; the coordinate's equation is
 * S_k . W_subtree = 0: inverse dynamics, O(bodies). The stabilising terms
 * g_q^T mu go the same way with (gth + r x gr, gr). A constraint row's
 * Jacobian on the coordinates is S_k . sum over the subtree of its terms as
 * wrenches (ang + r x lin, lin).
 * Mass matrix (composite rigid bodies): I_O of a body about O,
 *   I_O (w, v_O) = (I_g w + m r x (v_O + w x r),  m (v_O + w x r)),
 * summed over subtrees: M_kl = S_k . I_subtree(l) S_l for k on the path from
 * l to the root. */
#include "tree_spatial.h"
#include "../eval/joints.h"
#include "../../core/rotation.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- forward kinematics ---- */

static void clear_loads(mbs_body_state *s)
{
    v3_zero(s->f);
    v3_zero(s->tq);
    v3_zero(s->fc);
    v3_zero(s->tqc);
    v3_zero(s->gr);
    v3_zero(s->gth);
}

void mbs_tree_forward(mbs_tree *t, const mbs_model *m, mbs_data *d, const double *q, const double *qd,
                      const double *qdd, double *y, double *yp)
{
    for (int k = 0; k < t->n_joints; k++) {
        const mbs_tree_joint *j = &t->joints[k];
        mbs_body_state *s = &d->bodies[j->child];
        const mbs_body *b = &m->bodies[j->child];
        double slide, turn, pP[3], Y[9], e[3], o[3];
        tree_split_coords(j, q, &slide, &turn);
        static const double ORIGIN[3] = {0, 0, 0}, GLOBAL_AXES[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
        int has_parent = j->parent >= 0, qp = j->quat > 0 ? j->quat : 0; /* a free root's translation first */
        const double *rP = has_parent ? d->bodies[j->parent].r : ORIGIN;
        const double *AP = has_parent ? d->bodies[j->parent].A : GLOBAL_AXES;
        m3_mul_v(pP, AP, j->sP);
        v3_add(pP, pP, rP);
        m3_mul_v(e, AP, j->eP);
        double FC[9], FPu[9]; /* F_C's axes, global (a spherical joint's rate axes); a universal's F_P */
        if (j->kind == MBS_TREE_UNIVERSAL) {
            double R1[9], R2[9], tmp[9], tmp2[9];
            tree_rot_z(q[j->pos], R1);
            tree_rot_z(q[j->pos + 1], R2);
            m3_mul(FPu, AP, j->CP);
            m3_mul(tmp, FPu, R1);
            m3_mul(tmp2, tmp, j->C0);
            m3_mul(FC, tmp2, R2);
            m3_mul_t(s->A, FC, j->CC);
        } else if (j->kind == MBS_TREE_SPHERICAL || j->kind == MBS_TREE_FREE) {
            double R[9], FP[9], p[4];
            memcpy(p, q + j->pos + qp, sizeof p);
            mbs_quat_normalise(p); /* dp/dt keeps |p| = 1 only to the integration's accuracy */
            mbs_quat_to_matrix(p, R);
            m3_mul(FP, AP, j->CP);
            m3_mul(FC, FP, R);
            m3_mul_t(s->A, FC, j->CC);
        } else {
            double cs = cos(turn), sn = sin(turn);
            for (int i = 0; i < 9; i++)
                Y[i] = cs * j->K[0][i] + sn * j->K[1][i] + j->K[2][i];
            m3_mul(s->A, AP, Y);
        }
        v3_copy(o, pP);
        v3_axpy(o, slide, e);
        if (j->kind == MBS_TREE_FREE)
            v3_add(o, o, q + j->pos); /* the centre of mass */
        double tmp[3];
        m3_mul_v(tmp, s->A, j->sC);
        v3_sub(s->r, o, tmp);
        /* motion subspace and twists */
        double *V = t->twist + 6 * j->child, *Ad = t->accel + 6 * j->child, Vrel[6] = {0}, Arel[6] = {0};
        for (int c = 0; c < j->n_coords; c++) {
            double *S = t->motion + 6 * (j->coord + c);
            /* the common kinds first: this runs at every residual */
            if (j->kind == MBS_TREE_REVOLUTE || (j->kind == MBS_TREE_CYLINDRICAL && c == 1)) {
                v3_copy(S, e);
                v3_cross(S + 3, o, e);
            } else if (j->kind == MBS_TREE_TRANSLATIONAL || j->kind == MBS_TREE_CYLINDRICAL) {
                v3_zero(S);
                v3_copy(S + 3, e);
            } else if (j->kind == MBS_TREE_UNIVERSAL) { /* the parent's z, then the child's */
                m3_col(S, c == 0 ? FPu : FC, 2);
                v3_cross(S + 3, o, S);
            } else if (c < qp) { /* a free root's translation: along the global axes */
                v3_zero(S);
                v3_zero(S + 3);
                S[3 + c] = 1.0;
            } else { /* spherical, free: about the child's axes, which turn with it */
                m3_col(S, FC, c - qp);
                v3_cross(S + 3, o, S);
            }
            tree_axpy6(Vrel, qd[j->coord + c], S);
            tree_axpy6(Arel, qdd[j->coord + c], S);
        }
        static const double AT_REST[6] = {0, 0, 0, 0, 0, 0};
        int moving_parent = has_parent && m->bodies[j->parent].type != MBS_BODY_GROUND;
        const double *Vp = moving_parent ? t->twist + 6 * j->parent : AT_REST;
        const double *Ap = moving_parent ? t->accel + 6 * j->parent : AT_REST;
        double cross[6];
        for (int i = 0; i < 6; i++)
            V[i] = Vp[i] + Vrel[i];
        tree_motion_cross(cross, V, Vrel);
        for (int i = 0; i < 6; i++)
            Ad[i] = Ap[i] + Arel[i] + cross[i];
        if (j->kind == MBS_TREE_FREE) {
            /* V x S counts the translations' axes as turning with the body;
             * they are the global axes: V x (0, v) less */
            double Vt[6] = {0, 0, 0, qd[j->coord], qd[j->coord + 1], qd[j->coord + 2]}, X[6];
            tree_motion_cross(X, V, Vt);
            for (int i = 0; i < 6; i++)
                Ad[i] -= X[i];
        }
        if (j->kind == MBS_TREE_UNIVERSAL) {
            /* V_C x S counts both axes as fixed in the child; the first is
             * fixed in the parent: (S1 qd1) x (S2 qd2) more */
            double S1[6], S2[6], X[6];
            for (int i = 0; i < 6; i++) {
                S1[i] = qd[j->coord] * t->motion[6 * j->coord + i];
                S2[i] = qd[j->coord + 1] * t->motion[6 * (j->coord + 1) + i];
            }
            tree_motion_cross(X, S1, S2);
            for (int i = 0; i < 6; i++)
                Ad[i] += X[i];
        }
        /* the centre of mass */
        v3_copy(s->w, V);
        v3_cross(tmp, V, s->r);
        v3_add(s->v, V + 3, tmp);
        m3_tmul_v(s->wb, s->A, s->w);
        v3_copy(s->alpha, Ad);
        v3_cross(tmp, Ad, s->r);
        v3_add(s->a, Ad + 3, tmp);
        v3_cross(tmp, s->w, s->v);
        v3_add(s->a, s->a, tmp);
        clear_loads(s);
        if (!y)
            continue;
        /* the absolute variables, for sensors that read y */
        double *pq = y + b->q_ofs + 3, *pd = yp + b->q_ofs + 3, L[12];
        v3_copy(y + b->q_ofs, s->r);
        mbs_matrix_to_quat(s->A, pq);
        v3_copy(y + b->u_ofs, s->v);
        v3_copy(y + b->u_ofs + 3, s->wb);
        v3_copy(yp + b->q_ofs, s->v);
        mbs_quat_L(pq, L);
        for (int i = 0; i < 4; i++)
            pd[i] = 0.5 * (L[i] * s->wb[0] + L[4 + i] * s->wb[1] + L[8 + i] * s->wb[2]);
        v3_copy(yp + b->u_ofs, s->a);
        m3_tmul_v(yp + b->u_ofs + 3, s->A, s->alpha);
    }
}

/* ---- backward pass ---- */

/* Each tree body's own Newton-Euler residual wrench and stabilising terms
 * about the origin (the backward passes below sum them over subtrees). */
static void body_wrenches(mbs_tree *t, const mbs_model *m, const mbs_data *d)
{
    for (int k = 0; k < t->n_joints; k++) {
        int c = t->joints[k].child;
        const mbs_body *b = &m->bodies[c];
        const mbs_body_state *s = &d->bodies[c];
        double f[3], n_body[3], n[3], Jw[3], Jwd[3], wbd[3], load[3];
        for (int i = 0; i < 3; i++)
            f[i] = b->mass * s->a[i] - s->f[i] - s->fc[i];
        m3_tmul_v(wbd, s->A, s->alpha);
        m3_mul_v(Jw, b->inertia, s->wb);
        m3_mul_v(Jwd, b->inertia, wbd);
        v3_cross(n_body, s->wb, Jw);
        v3_add(n_body, n_body, Jwd);
        m3_mul_v(n, s->A, n_body);
        v3_add(load, s->tq, s->tqc);
        v3_sub(n, n, load);
        tree_wrench_at(t->wrench + 6 * c, s->r, f, n);
        tree_wrench_at(t->stab + 6 * c, s->r, s->gr, s->gth);
    }
}

/* The body wrenches summed over each joint's subtree (into its child's
 * wrench), leaves first: a joint's subtree is complete when it is reached,
 * and then projected on its coordinates where res_dyn is not NULL (the
 * stabilising terms likewise, into stab). */
static void subtree_sums(mbs_tree *t, double *res_dyn, double *stab)
{
    for (int k = t->n_joints - 1; k >= 0; k--) {
        const mbs_tree_joint *j = &t->joints[k];
        const double *W = t->wrench + 6 * j->child, *G = t->stab + 6 * j->child;
        for (int c = 0; res_dyn && c < j->n_coords; c++) {
            const double *S = t->motion + 6 * (j->coord + c);
            res_dyn[j->coord + c] = tree_power(W, S);
            stab[j->coord + c] = tree_power(G, S);
        }
        if (j->parent_joint >= 0) {
            tree_axpy6(t->wrench + 6 * j->parent, 1.0, W);
            if (res_dyn)
                tree_axpy6(t->stab + 6 * j->parent, 1.0, G);
        }
    }
}

/* The wanted joints' reactions from the subtree sums. */
static void reactions_of_subtrees(const mbs_tree *t, const char *wanted, double *out)
{
    for (int k = 0; k < t->n_joints; k++) {
        const mbs_tree_joint *j = &t->joints[k];
        if (j->comp < 0 || !wanted[j->comp])
            continue; /* a free root has no component */
        /* the residual wrench of the subtree is what the joint exerts on the
         * child; the I body is the child, or the parent, which gets the opposite */
        const double *W = t->wrench + 6 * j->child;
        for (int i = 0; i < 6; i++)
            out[6 * j->comp + i] = j->child_is_i ? W[i] : -W[i];
    }
}

void mbs_tree_project(mbs_tree *t, const mbs_model *m, const mbs_data *d, double *res_dyn, double *stab)
{
    body_wrenches(t, m, d);
    subtree_sums(t, res_dyn, stab);
}

void mbs_tree_reactions_and_project(mbs_tree *t, const mbs_model *m, const mbs_data *d, const char *wanted,
                                    double *out, double *res_dyn, double *stab)
{
    body_wrenches(t, m, d);
    subtree_sums(t, res_dyn, stab);
    reactions_of_subtrees(t, wanted, out);
}

void mbs_tree_reactions(mbs_tree *t, const mbs_model *m, const mbs_data *d, const char *wanted, double *out)
{
    mbs_tree_reactions_and_project(t, m, d, wanted, out, NULL, NULL);
}

/* ---- the size of each coordinate's terms ---- */

/* Each body's residual wrench W_b is a sum of terms (m a, the loads, and
 * their moments r x f about the origin, body_wrenches): a coordinate's
 * residual S_k . W_subtree is rounded to about eps times the size of those
 * terms, which can be far larger than the residual itself (a light node
 * 0.5 m from the origin held by 180 N of beam force: terms of 90 N m, a
 * rounding of 1e-14 N m against the 1e-14 N m its inertia of 1e-4 kg m^2
 * gives an acceleration of 1e-10 rad/s^2). Per body, the force's size
 *   s_f = m (|dv_O/dt| + |alpha| |r| + |w| |v|) + |f| + |fc|
 * (the terms of m a - f - fc; a = dv_O/dt + alpha x r + w x v) and the
 * moment's about the origin
 *   s_n = |J dw_b/dt| + |w_b x J w_b| + |tq| + |tqc| + |r| s_f,
 * summed over each joint's subtree and projected with the magnitudes of
 * S = (S_w, S_v): |S_w| s_n + |S_v| s_f. t->force is the scratch. */
void mbs_tree_term_sizes(mbs_tree *t, const mbs_model *m, const mbs_data *d, double *out)
{
    double *size = t->force; /* (s_n, s_f) of each body, then of its subtree */
    for (int k = 0; k < t->n_joints; k++) {
        int c = t->joints[k].child;
        const mbs_body *b = &m->bodies[c];
        const mbs_body_state *s = &d->bodies[c];
        double wbd[3], Jw[3], Jwd[3], gyro[3];
        m3_tmul_v(wbd, s->A, s->alpha);
        m3_mul_v(Jw, b->inertia, s->wb);
        m3_mul_v(Jwd, b->inertia, wbd);
        v3_cross(gyro, s->wb, Jw);
        double rn = v3_norm(s->r), *sz = size + 6 * c;
        sz[1] = b->mass * (v3_norm(t->accel + 6 * c + 3) + v3_norm(s->alpha) * rn + v3_norm(s->w) * v3_norm(s->v)) +
                v3_norm(s->f) + v3_norm(s->fc);
        sz[0] = v3_norm(Jwd) + v3_norm(gyro) + v3_norm(s->tq) + v3_norm(s->tqc) + rn * sz[1];
    }
    for (int k = t->n_joints - 1; k >= 0; k--) {
        const mbs_tree_joint *j = &t->joints[k];
        const double *sz = size + 6 * j->child;
        for (int c = 0; c < j->n_coords; c++) {
            const double *S = t->motion + 6 * (j->coord + c);
            out[j->coord + c] = v3_norm(S) * sz[0] + v3_norm(S + 3) * sz[1];
        }
        if (j->parent_joint >= 0) {
            size[6 * j->parent] += sz[0];
            size[6 * j->parent + 1] += sz[1];
        }
    }
}

/* ---- mass matrix ---- */

/* Composite inertias: each child body's spatial inertia plus its subtree's,
 * left in t->inertia (by child body). */
static void composite_inertias(mbs_tree *t, const mbs_model *m, const mbs_data *d)
{
    for (int k = 0; k < t->n_joints; k++)
        tree_body_inertia(&m->bodies[t->joints[k].child], &d->bodies[t->joints[k].child],
                     t->inertia + 36 * t->joints[k].child);
    for (int k = t->n_joints - 1; k >= 0; k--) {
        const mbs_tree_joint *j = &t->joints[k];
        if (j->parent_joint >= 0)
            for (int i = 0; i < 36; i++)
                t->inertia[36 * j->parent + i] += t->inertia[36 * j->child + i];
    }
}

/* F = Ic S: the wrench that moving along coordinate col with unit rate needs
 * from the composite body Ic. */
static void composite_wrench(const double *Ic, const double *S, double F[6])
{
    for (int i = 0; i < 6; i++) {
        F[i] = 0.0;
        for (int l = 0; l < 6; l++)
            F[i] += Ic[6 * i + l] * S[l];
    }
}

/* M[row, col] = S_row . (Ic S_col), Ic the composite inertia of col's joint,
 * for row along col's joint and its ancestors (zero elsewhere). */
void mbs_tree_mass_matrix(mbs_tree *t, const mbs_model *m, const mbs_data *d, double *M, int ld)
{
    composite_inertias(t, m, d);
    for (int k = 0; k < t->n_joints; k++) {
        const mbs_tree_joint *j = &t->joints[k];
        const double *Ic = t->inertia + 36 * j->child;
        for (int c = 0; c < j->n_coords; c++) {
            int col = j->coord + c;
            double F[6];
            composite_wrench(Ic, t->motion + 6 * col, F);
            /* this joint's coordinates and every ancestor's */
            for (int a = k; a >= 0; a = t->joints[a].parent_joint) {
                const mbs_tree_joint *ja = &t->joints[a];
                for (int ca = 0; ca < ja->n_coords; ca++) {
                    int row = ja->coord + ca;
                    double v = tree_power(F, t->motion + 6 * row);
                    M[(size_t)col * ld + row] = v;
                    M[(size_t)row * ld + col] = v;
                }
            }
        }
    }
}

void mbs_tree_mass_diagonal(mbs_tree *t, const mbs_model *m, const mbs_data *d, double *diag)
{
    composite_inertias(t, m, d);
    for (int k = 0; k < t->n_joints; k++) {
        const mbs_tree_joint *j = &t->joints[k];
        for (int c = 0; c < j->n_coords; c++) {
            int col = j->coord + c;
            double F[6];
            composite_wrench(t->inertia + 36 * j->child, t->motion + 6 * col, F);
            diag[col] = tree_power(F, t->motion + 6 * col);
        }
    }
}

void mbs_tree_row_jacobian(mbs_tree *t, const mbs_model *m, const mbs_data *d, const mbs_jac *jac, double *out)
{
    (void)m;
    for (int i = 0; i < t->n_coords; i++)
        out[i] = 0.0;
    for (int k = 0; k < jac->n; k++) {
        const mbs_jterm *term = &jac->terms[k];
        int jt = term->body >= 0 ? t->body_joint[term->body] : -1;
        if (jt < 0)
            continue;
        double W[6];
        tree_wrench_at(W, d->bodies[term->body].r, term->lin, term->ang);
        for (int a = jt; a >= 0; a = t->joints[a].parent_joint) {
            const mbs_tree_joint *ja = &t->joints[a];
            for (int c = 0; c < ja->n_coords; c++)
                out[ja->coord + c] += tree_power(W, t->motion + 6 * (ja->coord + c));
        }
    }
}
