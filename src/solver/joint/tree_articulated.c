/* The articulated-body factors of the tree's mass matrix and the solves
 * of M x = b with them (tree.h: mbs_tree_articulate, mbs_tree_solve_mass,
 * mbs_tree_swap_factors), O(bodies) each, on the tree tree_topology.c
 * builds, at the bodies' state its forward kinematics (tree_passes.c) left.
 * With every quantity in global axes about the origin no transforms are
 * needed (Featherstone's articulated-body algorithm, the velocity terms
 * left out: they are in the residual). Backward, leaves first:
 *   U = I^A S,  D = S^T U,  I^A_parent += I^A - U D^-1 U^T
 * and for a solve M x = b, the bias forces
 *   u = b - S^T p^A,  p^A_parent += p^A + U D^-1 u;
 * forward, root first: x = D^-1 (u - U^T a_parent), a = a_parent + S x. */
#include "tree_spatial.h"

#include <math.h>
#include <string.h>

/* The inverse of a symmetric positive definite D of order 4 to 6 by its
 * Cholesky factor D = L L^T: columns of L^-T L^-1. 0, or -1 when D is not
 * positive definite. */
static int invert_cholesky(const double *D, int n, double *Dinv)
{
    double L[36] = {0};
    for (int i = 0; i < n; i++)
        for (int k = 0; k <= i; k++) {
            double s = D[n * i + k];
            for (int l = 0; l < k; l++)
                s -= L[n * i + l] * L[n * k + l];
            if (i == k) {
                if (!(s > 0.0))
                    return -1;
                L[n * i + i] = sqrt(s);
            } else {
                L[n * i + k] = s / L[n * k + k];
            }
        }
    for (int c = 0; c < n; c++) {
        double x[6];
        for (int i = 0; i < n; i++) { /* L z = e_c */
            double s = i == c ? 1.0 : 0.0;
            for (int l = 0; l < i; l++)
                s -= L[n * i + l] * x[l];
            x[i] = s / L[n * i + i];
        }
        for (int i = n - 1; i >= 0; i--) { /* L^T x = z */
            double s = x[i];
            for (int l = i + 1; l < n; l++)
                s -= L[n * l + i] * x[l];
            x[i] = s / L[n * i + i];
        }
        for (int i = 0; i < n; i++)
            Dinv[n * i + c] = x[i];
    }
    return 0;
}

/* The inverse of a symmetric positive definite D of order 1 to 6 (row
 * major, order n in an n x n block): 0, or -1 when it is not. */
static int invert_small(const double *D, int n, double *Dinv)
{
    if (n > 3)
        return invert_cholesky(D, n, Dinv);
    if (n == 1) {
        if (!(D[0] > 0.0))
            return -1;
        Dinv[0] = 1.0 / D[0];
        return 0;
    }
    if (n == 2) {
        double det = D[0] * D[3] - D[1] * D[2];
        if (!(D[0] > 0.0 && det > 0.0))
            return -1;
        Dinv[0] = D[3] / det, Dinv[1] = -D[1] / det, Dinv[2] = -D[2] / det, Dinv[3] = D[0] / det;
        return 0;
    }
    double det = D[0] * (D[4] * D[8] - D[5] * D[7]) - D[1] * (D[3] * D[8] - D[5] * D[6]) +
                 D[2] * (D[3] * D[7] - D[4] * D[6]);
    if (!(D[0] > 0.0 && det > 0.0))
        return -1;
    /* the adjugate over the determinant */
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++) {
            int r0 = (k + 1) % 3, r1 = (k + 2) % 3, c0 = (i + 1) % 3, c1 = (i + 2) % 3;
            Dinv[3 * i + k] = (D[3 * r0 + c0] * D[3 * r1 + c1] - D[3 * r0 + c1] * D[3 * r1 + c0]) / det;
        }
    return 0;
}

int mbs_tree_articulate(mbs_tree *t, const mbs_model *m, const mbs_data *d, const double *armature)
{
    memcpy(t->art_S, t->motion, (size_t)t->n_coords * 6 * sizeof *t->art_S);
    for (int k = 0; k < t->n_joints; k++)
        tree_body_inertia(&m->bodies[t->joints[k].child], &d->bodies[t->joints[k].child],
                     t->inertia + 36 * t->joints[k].child);
    for (int k = t->n_joints - 1; k >= 0; k--) {
        const mbs_tree_joint *j = &t->joints[k];
        double *IA = t->inertia + 36 * j->child, *U = t->art_U + 6 * j->coord, *Dinv = t->art_Dinv + j->dinv;
        int nc = j->n_coords;
        double D[36];
        for (int c = 0; c < nc; c++) {
            const double *S = t->art_S + 6 * (j->coord + c);
            for (int i = 0; i < 6; i++) {
                double s = 0.0;
                for (int l = 0; l < 6; l++)
                    s += IA[6 * i + l] * S[l];
                U[6 * c + i] = s;
            }
        }
        for (int a = 0; a < nc; a++)
            for (int c = 0; c < nc; c++)
                D[nc * a + c] = tree_power(U + 6 * c, t->art_S + 6 * (j->coord + a));
        for (int a = 0; armature && a < nc; a++)
            D[nc * a + a] += armature[j->coord + a];
        if (nc > 0 && invert_small(D, nc, Dinv) != 0)
            return -1;
        if (j->parent_joint < 0)
            continue;
        /* I^A_parent += I^A - U D^-1 U^T, symmetric: the upper triangle,
         * mirrored (with one coordinate, the usual case, D^-1 a number) */
        double *IP = t->inertia + 36 * j->parent;
        for (int i = 0; i < 6; i++)
            for (int l = i; l < 6; l++) {
                double s = IA[6 * i + l];
                if (nc == 1)
                    s -= U[i] * Dinv[0] * U[l];
                else
                    for (int a = 0; a < nc; a++)
                        for (int c = 0; c < nc; c++)
                            s -= U[6 * a + i] * Dinv[nc * a + c] * U[6 * c + l];
                IP[6 * i + l] += s;
                if (l != i)
                    IP[6 * l + i] += s;
            }
    }
    return 0;
}

void mbs_tree_solve_mass(mbs_tree *t, const double *b, double *x)
{
    double u[6]; /* of one joint: at most 6 coordinates (a free root) */
    for (int k = 0; k < t->n_joints; k++)
        memset(t->force + 6 * t->joints[k].child, 0, 6 * sizeof *t->force);
    /* backward: the bias forces; u_k kept in x until the forward pass */
    for (int k = t->n_joints - 1; k >= 0; k--) {
        const mbs_tree_joint *j = &t->joints[k];
        const double *U = t->art_U + 6 * j->coord, *Dinv = t->art_Dinv + j->dinv, *p = t->force + 6 * j->child;
        int nc = j->n_coords;
        for (int c = 0; c < nc; c++)
            u[c] = b[j->coord + c] - tree_power(p, t->art_S + 6 * (j->coord + c));
        for (int c = 0; c < nc; c++)
            x[j->coord + c] = u[c];
        if (j->parent_joint < 0)
            continue;
        double *pp = t->force + 6 * j->parent;
        tree_axpy6(pp, 1.0, p);
        for (int a = 0; a < nc; a++) {
            double w = 0.0;
            for (int c = 0; c < nc; c++)
                w += Dinv[nc * a + c] * u[c];
            tree_axpy6(pp, w, U + 6 * a);
        }
    }
    /* forward: accelerations (in t->force, now free) */
    for (int k = 0; k < t->n_joints; k++) {
        const mbs_tree_joint *j = &t->joints[k];
        const double *U = t->art_U + 6 * j->coord, *Dinv = t->art_Dinv + j->dinv;
        double ap[6] = {0, 0, 0, 0, 0, 0}, *a = t->force + 6 * j->child;
        if (j->parent_joint >= 0)
            memcpy(ap, t->force + 6 * j->parent, sizeof ap);
        int nc = j->n_coords;
        for (int c = 0; c < nc; c++)
            u[c] = x[j->coord + c] - tree_power(U + 6 * c, ap);
        memcpy(a, ap, sizeof ap);
        for (int c = 0; c < nc; c++) {
            double xc = 0.0;
            for (int l = 0; l < nc; l++)
                xc += Dinv[nc * c + l] * u[l];
            x[j->coord + c] = xc;
            tree_axpy6(a, xc, t->art_S + 6 * (j->coord + c));
        }
    }
}

void mbs_tree_swap_factors(mbs_tree *t, mbs_tree_factors *f)
{
    double *U = t->art_U, *Dinv = t->art_Dinv, *S = t->art_S;
    t->art_U = f->U;
    t->art_Dinv = f->Dinv;
    t->art_S = f->S;
    f->U = U;
    f->Dinv = Dinv;
    f->S = S;
}
