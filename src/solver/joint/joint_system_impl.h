/* The joint formulation's system (joint_system.h) as its files see it:
 * tree_settle.c (the tree and the Newton matrix it settles on),
 * joint_system.c (layout, residual), joint_newton.c (the Newton matrix),
 * joint_rows.c (output rows), joint_dae.c (the DAE interface). Not for the
 * rest of the program. */
#ifndef MBS_JOINT_SYSTEM_IMPL_H
#define MBS_JOINT_SYSTEM_IMPL_H

#include "joint_system.h"
#include "tree.h"

struct mbs_joint_system {
    const mbs_model *m;
    mbs_data *d;
    mbs_tree tree;
    int n;             /* tree rates (degrees of freedom) */
    int np;            /* tree positions: n, plus one per quaternion */
    int nj;            /* np + n + kept */
    int n_kept;
    int *kept;         /* [n_kept] the absolute index of yj[np + n + k] */
    int *coord_body;   /* [n] the body rate k moves */
    int *pos_body;     /* [np] the body position k places */
    int *row_of;       /* [n_kept] the constraint row a kept lambda or mu is of, else -1 */
    char *replaced;    /* [ny] the absolute variables the tree replaces (mark_replaced) */
    char *is_tree_body;/* [n_bodies] */
    char *angle;       /* [np] the position is an angle */
    char *row_on;      /* [n_rows] rows outside the tree in use and independent in yj (choose_rows) */
    int *body_col;     /* [n_bodies] a body outside the tree: its first column in choose_rows' space, else -1 */
    int n_cols;        /* that space: n + 6 per body outside the tree */
    double *basis;     /* [max_rows x n_cols] choose_rows' orthonormal rows */
    int max_rows;
    int energy_kept;   /* the dissipated energy's index among the kept variables */
    int *state_joint;  /* [n_kept] the tree joint a kept bristle state's friction rubs in, else -1 */
    int *state_comp;   /* [n_kept] that friction element */
    int *state_colour; /* [n_kept] its group of columns differenced together (state_columns) */
    int n_state_joints;/* how many kept states have one */
    int n_colours;
    /* The bristles of joint friction on revolute tree joints with MASS are
     * the first n_local kept variables, in groups of one element's states
     * (fold_local_groups): they belong to the tree's block of the Newton
     * matrix, folded into it as an armature, not to the Schur complement. */
    int n_local, n_groups;
    int *grp_first, *grp_size, *grp_coord; /* [n_groups] kept index, states, the joint's rate index */
    double *loc_b;    /* [n_local] the column's entry on its joint's rate row */
    double *loc_c;    /* [n_local] the row's entry on its joint's rate column */
    double *loc_z;    /* [n_local] the entry on its own row: each bristle's rate reads its
                         own deflection only, the group's block is diagonal */
    double *armature; /* [n] what the groups, the friction's damping and the springs add to
                         c_j M, over c_j */
    /* torsion spring-dampers about revolute tree joints' axes (MASS:
     * find_axial_springs): each adds c/c_j + k/c_j^2 to its joint's
     * armature and -k r1/c_j to its rate's right side */
    int n_springs;
    struct js_spring {
        int comp, coord, pos; /* the element, its joint's rate and position */
        double k, c;
    } *springs;               /* [n_springs] */
    int record_friction;       /* the residual records the friction's part of the rate rows, */
    int hold_reactions;        /* and reads the reactions of the Newton matrix's state (reactions_base) */
    double *reactions_base;    /* [n_comps x 6] */
    double *fric_part, *fric_base; /* [n] that part, at the last residual and at the Newton matrix's */
    double *fric_damping;      /* [n] its derivative by its own joint's rates (state_rows_on_tree) */
    char *joint_rubbed;        /* [n_joints] a tree joint that the friction of some kept state
                                  that is not local rubs in (its damping by differences) */
    double *loc_r;    /* [n] scratch of the tree block's solve */
    /* the point of the last residual that computed its own reactions
     * (with local groups or a fresh block): IDA asks for a Newton matrix
     * where it has just evaluated the residual, and the slopes that
     * residual recorded (axial_slopes) serve the fold, the tree it left
     * in place the factors (last_residual_at) */
    int last_valid;
    double last_t, *last_yj, *last_ypj; /* [nj] */
    mbs_joint_newton newton;
    double *y, *yp, *res;          /* [ny] the absolute vectors */
    double *rj, *rj0, *yjw, *ypjw; /* [nj] work */
    double *dyn, *stab, *grow; /* [n]; grow: a row's Jacobian on the tree, or the rates less
                                  the stabilisation (residual) */
    int n_quaternions;
    int *quaternion;   /* [n_quaternions] the tree joints with one (spherical, free) */
    double *q_jac;     /* [np] the positions at the last Newton matrix (the quaternions' L(p)) */
    double *pos_cols;  /* [np x nj] the Newton matrix's position columns (rate_rows_on_positions) */
    double *acc_floor; /* [n] DIFFERENCE: each rate's least acceleration increment (acceleration_floors) */
    double *mass_diag; /* [n] DIFFERENCE: the tree's mass matrix's diagonal there */
    long residual_evals;
    double cj;         /* of the last Newton matrix (MASS) */
    int articulated;   /* 0: its tree block is factored (MASS) */
    /* joint-local laws reading the reactions of tree joints (joint
     * friction): evaluated after the others, from the reactions of a first
     * backward pass (find_reaction_readers) */
    int n_reaction_readers;
    char *reaction_reader; /* [n_comps] those laws */
    char *skip_first;      /* [n_comps] the tree's joints and those: not in the first pass */
    char *reaction_wanted; /* [n_comps] the tree joints they rub in */
    double *reactions;     /* [n_comps x 6] (data.h joint_wrench) */
    /* output rows (mbs_joint_system_row) */
    int rows_here;               /* nothing kept but element states: rows are made consistent here */
    /* the mass matrix's factors at another state than the Newton matrix's:
     * at an output row, or at a Newton iterate (fresh_block) */
    mbs_tree_factors other_factors;
    int fresh_block;   /* the tree's block is articulated again at each Newton step attempt:
                          nothing but the dissipated energy outside it (tree_block_solve) */
    int fresh_on;      /* 1 unless a test turned it off (mbs_joint_system_allow_fresh_block) */
    int fresh_made;    /* that block was made at fresh_t after matrix fresh_matrix, */
    int fresh_ok;      /* and other_factors hold it (else the matrix's block serves) */
    double *matrix_fold; /* [n_local x 3] the matrix's loc_b, loc_c, loc_z (restored where the
                            fresh block fails) */
    double fresh_t, residual_t; /* residual_t: the time of the last residual */
    long fresh_matrix, n_matrices; /* n_matrices: MASS Newton matrices made */
    long matrix_residual; /* residual_evals when the last MASS matrix was made at the last
                             residual's point (its block is that point's), else -1 */
    mbs_axial_slopes *axial_slopes; /* [n_comps] with local groups: the local
                          friction's slopes at the last residual (data.h) */
};

/* ---- the tree and Newton matrix the formulation settles on, and the
 * joint-local laws it takes (tree_settle.c) ---- */

/* Component c's description as a joint-local law (model/joints.h): 1, or
 * 0 where it is none. */
int mbs_js_joint_local(const mbs_model *m, int c, mbs_joint_local *out);

/* The joint of tree t whose reaction component c reads (a joint-local law
 * reading its joint's reaction: joint friction), which the backward pass
 * then gives it (find_reaction_readers); or -1. */
int mbs_js_reads_tree_reaction(const mbs_model *m, const mbs_tree *t, int c);

/* The joint of tree t about whose axis joint-local law c acts, or -1:
 * the joint it names, where that is in the tree; else a tree joint of one
 * of its types between its markers' bodies whose axis is its J marker's z
 * (both fixed in those bodies: checked at the state of d; a torsion
 * spring-damper across a revolute joint). (What it decides is the Newton
 * matrix only: the residual evaluates the law as it is.) */
int mbs_js_local_tree_joint(const mbs_model *m, const mbs_data *d, const mbs_tree *t, int c);

/* The component whose element state absolute variable a is, or -1. */
int mbs_js_state_component(const mbs_model *m, int a);

/* Whether absolute variable a is a state folded into the tree's block
 * with the MASS Newton matrix (fold_local_groups): a state of a joint-local
 * law on a tree joint of its fold_types (joint friction on a REVOLUTE
 * joint), whose slopes it records. Its column acts on that joint's one
 * rate row only and its row reads that rate only (a revolute's slip speed
 * does not depend on its angle; the bristles' rates not on the normal
 * force), so eliminating it changes c_j M by a term on that coordinate's
 * diagonal. */
int mbs_js_local_state(const mbs_model *m, const mbs_data *d, const mbs_tree *t, mbs_joint_newton newton, int a);

/* Builds the tree for the model's Newton matrix: MASS takes joint-local
 * laws only about a tree joint's axis (tree_settle.c); where one does
 * not fit, the tree is built again for DIFFERENCE. The Newton matrix, or
 * -1 (out of memory). */
int mbs_js_settle_tree(mbs_tree *t, const mbs_model *m, const mbs_data *d);

/* ---- what joint_system.c shares with joint_newton.c and joint_rows.c ---- */

/* The positions' rates out [np] from the tree's rates w [n] at the
 * positions q: the same numbers, but a quaternion's, dp/dt = L(p)^T w / 2
 * (w in the child's axes). */
void mbs_js_position_rates(const mbs_joint_system *s, const double *q, const double *w, double *out);

/* yj -> s->y, s->yp and the body states; the tree bodies' absolute
 * variables only with `absolute` (no element reads them: the residual
 * needs none). */
void mbs_js_expand(mbs_joint_system *s, const double *yj, const double *ypj, int absolute);

/* Local friction group g's sign: +1 where the tree's child holds I, else
 * -1 (its joint then turns J relative to I, and the friction's generalised
 * force on it is -T). */
double mbs_js_group_sign(const mbs_joint_system *s, int g);

/* The torque and slopes group g's element recorded at the last residual
 * (axial_slopes), or all zero where a command has switched it off: it
 * is then not evaluated, and what it recorded before is stale. */
const mbs_axial_slopes *mbs_js_group_slopes(const mbs_joint_system *s, int g);

#endif
