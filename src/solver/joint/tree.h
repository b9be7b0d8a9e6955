/* The kinematic tree of the joint-coordinate formulation (docs/theory.md,
 * "Joint coordinates"): which joints carry their bodies by joint
 * coordinates (tree_topology.c), the coordinates of an absolute state
 * (tree_contract.c), forward kinematics from those coordinates to the
 * bodies' states and the projections of body loads onto the coordinates
 * (the backward pass of inverse dynamics, the mass matrix, the constraint
 * rows' Jacobians: tree_passes.c), and the articulated-body solves of the
 * mass matrix (tree_articulated.c). */
#ifndef MBS_TREE_H
#define MBS_TREE_H

#include "../eval/eval.h"

/* SPHERICAL: positions the unit quaternion p of F_C in F_P (4), rates the
 * relative angular velocity w in F_C's axes (3): dp/dt = L(p)^T w / 2
 * (rotation.h's mbs_quat_L). UNIVERSAL: two angles, about the parent's
 * marker's z (fixed in the parent) and then the child's marker's z (fixed
 * in the child), zero at each start. FREE: a body no eligible joint
 * reaches from the ground starts a tree of its own (the heaviest such body
 * first): positions its centre of mass (3, global) and the unit quaternion of
 * its axes (4), rates the velocity of its centre of mass (3, global axes) and
 * its angular velocity in its own axes (3), the absolute formulation's own
 * variables for that body; it has no component (comp -1) and no parent
 * (parent -1). Every other kind has as many positions as rates (its
 * coordinates) at the same offsets of the two blocks. */
typedef enum mbs_tree_kind {
    MBS_TREE_FIXED,
    MBS_TREE_REVOLUTE,
    MBS_TREE_TRANSLATIONAL,
    MBS_TREE_CYLINDRICAL,
    MBS_TREE_SPHERICAL,
    MBS_TREE_UNIVERSAL,
    MBS_TREE_FREE
} mbs_tree_kind;

typedef struct mbs_tree_joint {
    int comp;            /* the Constraint_Joint, or -1 (FREE) */
    int parent, child;   /* body indices; the parent is the ground, an earlier joint's child or -1 (FREE) */
    int parent_joint;    /* tree joint whose child the parent is, or -1 (ground) */
    mbs_tree_kind kind;
    int child_is_i;      /* the child holds the I marker */
    int n_coords, coord; /* its rates: coord .. coord + n_coords - 1 (translation first) */
    int n_pos, pos;      /* its positions: pos .. pos + n_pos - 1 (a quaternion: 4) */
    int dinv;            /* its D^-1 (n_coords x n_coords) in the tree's art_Dinv */
    int quat;            /* SPHERICAL, FREE: its quaternion's offset among its positions,
                            which is its angular velocity's among its rates (after a free
                            root's translation); -1 without a quaternion */
    /* joint frames, set at each start: F_P fixed on the parent, F_C on the
     * child, F_C = F_P moved by the coordinates (translation along and
     * rotation about F_P's z axis); origin and axes in body axes */
    double sP[3], CP[9], sC[3], CC[9];
    /* the child's axes in the parent's, CP Rz(phi) CC^T = cos(phi) K[0] +
     * sin(phi) K[1] + K[2] (set with the frames), and F_P's z in the parent */
    double K[3][9], eP[3];
    double C0[9];        /* UNIVERSAL: the child's marker axes in the parent's at zero angles */
} mbs_tree_joint;

typedef struct mbs_tree {
    int n_joints;
    mbs_tree_joint *joints; /* parents before children */
    int *body_joint;        /* [n_bodies] the tree joint carrying the body, or -1 */
    int n_coords;           /* rates (degrees of freedom) */
    int n_pos;              /* positions (a spherical joint's quaternion: 4) */
    char *comp_in_tree;     /* [n_comps] 1 for the tree's joints (their rows are not equations) */
    char *row_in_tree;      /* [n_rows] 1 for those joints' rows */
    /* work space */
    double *twist, *accel;  /* [n_bodies x 6] (w, v at the origin), its rate */
    double *wrench;         /* [n_bodies x 6] (moment about the origin, force), accumulated over subtrees */
    double *stab;           /* [n_bodies x 6] the stabilising terms the same way */
    double *motion;         /* [n_coords x 6] S of each coordinate (w, v at the origin) */
    double *inertia;        /* [n_bodies x 36] composite, or articulated, inertias about the origin */
    /* articulated-body factors of each joint (mbs_tree_articulate), packed:
     * U = I^A S [6 per coordinate, at 6 coord], D^-1 = (S^T U)^-1
     * [n_coords^2 per joint, at dinv] */
    int n_dinv;
    double *art_U, *art_Dinv;
    double *art_S;          /* [n_coords x 6] the motion subspaces they were made with (the
                               residuals in between move `motion` on) */
    double *force;          /* [n_bodies x 6] scratch of the solves (bias forces, accelerations)
                               and of mbs_tree_term_sizes */
} mbs_tree;

/* Chooses the tree: joints of the supported types (FIXED, REVOLUTE,
 * TRANSLATIONAL, CYLINDRICAL, SPHERICAL, UNIVERSAL/HOOKE) reaching rigid bodies from the ground, each
 * joint active with all its rows in use, read by no other element than
 * its own joint friction (expressions of its reaction read multipliers;
 * joint friction reads the backward pass's reaction, mbs_tree_reactions)
 * and switched by no command; with
 * free_roots, where none reaches a rigid body any more, the heaviest of those
 * left becomes a FREE root and the joints grow from it too, until every
 * rigid body is in the tree (without, they stay outside). The other joints
 * stay constraint rows. 0, or -1 out of memory. */
int mbs_tree_build(mbs_tree *t, const mbs_model *m, const mbs_data *d, int free_roots);
void mbs_tree_free(mbs_tree *t);

/* The joints the tree's FREE roots are: their number. */
int mbs_tree_free_roots(const mbs_tree *t);

/* Whether the data still allow the tree (a command may have switched a
 * joint off since): 0, or -1 with the reason. */
int mbs_tree_check(const mbs_tree *t, const mbs_model *m, const mbs_data *d, char *msg, size_t size);

/* At a start: the joint frames from the bodies' current states (d->bodies,
 * from an absolute y), and the coordinates q, their rates qd and second
 * rates qdd (each of n_coords). */
void mbs_tree_start(mbs_tree *t, const mbs_model *m, mbs_eval *ev, double *q, double *qd, double *qdd);


/* After a step: each revolute or cylindrical tree joint's turn count
 * (Constraint_Joint's angle reference) set from its coordinate, which is
 * continuous, instead of from the absolute state. */
void mbs_tree_accept(const mbs_tree *t, const mbs_model *m, mbs_eval *ev, const double *q);

/* Forward kinematics: the tree bodies' states in d->bodies (loads cleared)
 * from the positions q [n_pos] and the rates qd, qdd [n_coords], and with y, yp not NULL their absolute variables there
 * (positions, unit quaternions, velocities and rates). */
void mbs_tree_forward(mbs_tree *t, const mbs_model *m, mbs_data *d, const double *q, const double *qd,
                      const double *qdd, double *y, double *yp);

/* The wrenches the tree joints marked in `wanted` [n_comps] exert on their
 * I bodies, once the elements have loaded the bodies (moment about the
 * global origin, force: out[6 comp ..]); the same backward pass as
 * mbs_tree_project, which a joint's reaction is the rest of. */
void mbs_tree_reactions(mbs_tree *t, const mbs_model *m, const mbs_data *d, const char *wanted, double *out);

/* Backward pass, after the elements have loaded the bodies: the generalised
 * residual of each coordinate (the body equations' residual wrenches
 * projected) into res_dyn[k], and the stabilising term g_q^T mu of each
 * coordinate into stab[k]. */
void mbs_tree_project(mbs_tree *t, const mbs_model *m, const mbs_data *d, double *res_dyn, double *stab);

/* Both from one pass: mbs_tree_reactions and mbs_tree_project at the
 * loads so far (res_dyn and stab NULL: the reactions only). */
void mbs_tree_reactions_and_project(mbs_tree *t, const mbs_model *m, const mbs_data *d, const char *wanted,
                                    double *out, double *res_dyn, double *stab);

/* The size of the terms each coordinate's residual (mbs_tree_project)
 * sums, whose rounding is about eps times it, into out[n_coords]; after
 * the elements have loaded the bodies (tree_passes.c). */
void mbs_tree_term_sizes(mbs_tree *t, const mbs_model *m, const mbs_data *d, double *out);

/* The mass matrix of the tree coordinates, M (n_coords x n_coords, column
 * major, leading dimension ld), by composite rigid bodies; after
 * mbs_tree_forward. */
void mbs_tree_mass_matrix(mbs_tree *t, const mbs_model *m, const mbs_data *d, double *M, int ld);

/* Its diagonal alone, diag[n_coords]: the same numbers, without the
 * couplings (O(n) where the matrix is O(n depth)); after mbs_tree_forward. */
void mbs_tree_mass_diagonal(mbs_tree *t, const mbs_model *m, const mbs_data *d, double *diag);

/* Articulated-body inertias of the tree at the current state (after
 * mbs_tree_forward), for mbs_tree_solve_mass: O(bodies); with `armature`
 * [n_coords] (or NULL) of M + diag(armature), each coordinate's term added
 * to its joint's D (an armature, as a motor's rotor inertia is one). 0, or
 * -1 when a joint's D = S^T I^A S is singular. */
int mbs_tree_articulate(mbs_tree *t, const mbs_model *m, const mbs_data *d, const double *armature);

/* x = M^-1 b (b, x of n_coords; may be the same) by the articulated-body
 * recursions, O(bodies), after mbs_tree_articulate. */
void mbs_tree_solve_mass(mbs_tree *t, const double *b, double *x);

/* A second set of articulated-body factors (allocated by the caller:
 * n_coords x 6 for U and S, n_dinv for Dinv): swapping it in lets a solve
 * at another state leave the factors of the integrator's Newton matrix
 * alone; swapping again restores them. */
typedef struct mbs_tree_factors {
    double *U, *Dinv, *S;
} mbs_tree_factors;
void mbs_tree_swap_factors(mbs_tree *t, mbs_tree_factors *f);

/* The Jacobian of a row (its terms on bodies) with respect to the tree
 * coordinates into out[n_coords]; terms on bodies outside the tree are
 * left out (they are columns of their own). */
void mbs_tree_row_jacobian(mbs_tree *t, const mbs_model *m, const mbs_data *d, const mbs_jac *jac, double *out);

#endif
