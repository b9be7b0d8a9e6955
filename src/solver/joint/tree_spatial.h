/* What the tree's files (tree_contract.c, tree_passes.c,
 * tree_articulated.c) share: spatial algebra in global axes about the
 * global origin (twists V = (w, v_O), wrenches W = (n_O, f):
 * tree_passes.c's opening comment), a body's inertia about the origin, a
 * joint's rotation about its axis and its coordinates split into sliding
 * and turning. Not for the rest of the program. */
#ifndef MBS_TREE_SPATIAL_H
#define MBS_TREE_SPATIAL_H

#include "tree.h"
#include "../../core/vec3.h"

#include <math.h>

/* The motion cross product (w, v) x (w2, v2) = (w x w2, w x v2 + v x w2). */
static inline void tree_motion_cross(double out[6], const double a[6], const double b[6])
{
    double t[3];
    v3_cross(out, a, b);
    v3_cross(out + 3, a, b + 3);
    v3_cross(t, a + 3, b);
    v3_add(out + 3, out + 3, t);
}

/* The power W . V of a wrench on a twist (or a projection S . W). */
static inline double tree_power(const double W[6], const double V[6])
{
    return v3_dot(W, V) + v3_dot(W + 3, V + 3);
}

/* y += s x for spatial vectors. */
static inline void tree_axpy6(double *y, double s, const double *x)
{
    for (int i = 0; i < 6; i++)
        y[i] += s * x[i];
}

/* The wrench (m, f) about O of a force f at point r plus a moment n. */
static inline void tree_wrench_at(double W[6], const double r[3], const double f[3], const double n[3])
{
    double t[3];
    v3_cross(t, r, f);
    v3_add(W, n, t);
    v3_copy(W + 3, f);
}

/* I_O (6x6, row major) of a rigid body about the global origin. */
static inline void tree_body_inertia(const mbs_body *b, const mbs_body_state *s, double I[36])
{
    double Ig[9], tmp[9];
    m3_mul(tmp, s->A, b->inertia);
    m3_mul_t(Ig, tmp, s->A);
    const double *r = s->r, mass = b->mass;
    /* [r~] */
    double X[9] = {0, -r[2], r[1], r[2], 0, -r[0], -r[1], r[0], 0};
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++) {
            /* (r~ r~^T)_ik as a sum of products: |r|^2 - r_i^2 on the
             * diagonal cancelled where one coordinate dominates (a light
             * body far out along an axis), and the Whipple bicycle took a
             * fifth more steps on that rounding */
            double XXt = 0.0;
            for (int l = 0; l < 3; l++)
                XXt += X[3 * i + l] * X[3 * k + l];
            I[6 * i + k] = Ig[3 * i + k] + mass * XXt; /* n from w */
            I[6 * i + 3 + k] = mass * X[3 * i + k];    /* n from v_O */
            I[6 * (3 + i) + k] = -mass * X[3 * i + k]; /* f from w: -m r~ */
            I[6 * (3 + i) + 3 + k] = i == k ? mass : 0.0;
        }
}

/* Rz(angle): the rotation about z. */
static inline void tree_rot_z(double angle, double R[9])
{
    double c = cos(angle), s = sin(angle);
    m3_identity(R);
    R[0] = c;
    R[1] = -s;
    R[3] = s;
    R[4] = c;
}

/* Translation and rotation coordinates of a joint from the positions x (0
 * where it has none). */
static inline void tree_split_coords(const mbs_tree_joint *j, const double *x, double *slide, double *turn)
{
    *slide = *turn = 0.0;
    switch (j->kind) {
    case MBS_TREE_FIXED: break;
    case MBS_TREE_REVOLUTE: *turn = x[j->pos]; break;
    case MBS_TREE_TRANSLATIONAL: *slide = x[j->pos]; break;
    case MBS_TREE_CYLINDRICAL: *slide = x[j->pos]; *turn = x[j->pos + 1]; break;
    case MBS_TREE_SPHERICAL:
    case MBS_TREE_UNIVERSAL:
    case MBS_TREE_FREE: break; /* their rotations: mbs_tree_forward */
    }
}

#endif
