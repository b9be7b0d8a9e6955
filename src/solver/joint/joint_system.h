/* The DAE in joint coordinates (docs/theory.md, "Joint coordinates"): the
 * bodies a kinematic tree carries (tree.h) are described by the tree's
 * coordinates instead of their absolute positions and velocities, and the
 * tree's joints are no constraint rows; everything else keeps its variable:
 *
 *   yj = [ q (np) | u (n) | the absolute y's other variables, in their order ]
 *
 *   q rows    q' - K(q) (u - G_u^T mu) = 0   (K = I, a spherical joint's or
 *             free root's quaternion L(p)^T / 2: np = n + 1 per quaternion)
 *   u rows    S^T (body residual wrenches, summed over subtrees) = 0
 *   others    as in the absolute residual (residual.c)
 *
 * The integrator runs IDA on yj through the DAE interface (joint_dae.c) and
 * hands the rest of the program the absolute y it stands for
 * (mbs_joint_system_expand): starts,
 * events, outputs and sensors stay in absolute coordinates. */
#ifndef MBS_JOINT_SYSTEM_H
#define MBS_JOINT_SYSTEM_H

#include "../eval/data.h"

typedef struct mbs_joint_system mbs_joint_system;

/* How the Newton matrix is made (docs/theory.md):
 *   MASS        c_j M on the tree's velocities, c_j I - I on its positions,
 *               the constraint rows' G from the tree, differences for the
 *               other variables' columns; when no element adds stiffness
 *   DIFFERENCE  every column by a difference of the residual */
typedef enum mbs_joint_newton { MBS_NEWTON_MASS, MBS_NEWTON_DIFFERENCE } mbs_joint_newton;

/* NULL when out of memory. */
mbs_joint_system *mbs_joint_system_create(const mbs_model *m, mbs_data *d);
void mbs_joint_system_free(mbs_joint_system *s);

int mbs_joint_system_size(const mbs_joint_system *s);
int mbs_joint_system_coords(const mbs_joint_system *s);
/* The tree's positions (its coordinates, and a quaternion per spherical
 * joint or free root: 4 where its rates are 3); yj = [positions | rates |
 * kept]. */
int mbs_joint_system_positions(const mbs_joint_system *s);
/* The tree's variables in yj: its positions and its rates. */
int mbs_joint_system_tree_size(const mbs_joint_system *s);
mbs_joint_newton mbs_joint_system_newton(const mbs_joint_system *s);

/* The Newton matrix a model needs in joint coordinates (see above). */
mbs_joint_newton mbs_joint_newton_for(const mbs_model *m);

/* Whether rigid bodies no joint reaches from the ground become free roots
 * of the tree (tree.h) with this Newton matrix: with MASS, where they took
 * 0.36 of the absolute time on the two-wheel cart and the Whipple bicycle;
 * not with DIFFERENCE, where they stay in absolute coordinates (as free
 * roots they took 1.1 to 1.2 times as long, and the engine mount's energy
 * balance closed to 6e-7 J against 2.5e-7 J: bench/README.md). */
int mbs_joint_free_roots(mbs_joint_newton newton);

/* What the joint formulation would integrate for the model at the data's
 * state (the tree and Newton matrix it settles on, tree_settle.c), for the
 * choice of formulation (solver/analysis/choose_formulation.c). */
typedef struct mbs_joint_outline {
    mbs_joint_newton newton;
    int coords;           /* the tree's rates */
    int joint_coords;     /* of which joints' (a free root's six are its body's absolute variables) */
    int kept;             /* the variables outside the tree: the absolute ones it does not replace */
    int local_states;     /* of those, with MASS, states of joint-local laws the matrix takes
                             (joint friction's bristles: sparse rows of its Schur complement) */
    int bodies_outside;   /* moving bodies it leaves in absolute coordinates */
    int reaction_readers; /* joint-local laws reading a tree joint's reaction (joint friction) */
} mbs_joint_outline;

/* 0, or -1 out of memory. */
int mbs_joint_outline_of(const mbs_model *m, const mbs_data *d, mbs_joint_outline *out);

/* At a start: the joint frames and yj, yj' from a consistent absolute state.
 * 0, or -1 with the reason (the tree's joints are no longer in use). */
int mbs_joint_system_contract(mbs_joint_system *s, double t, const double *y, const double *yp, double *yj,
                              double *ypj, char *msg, size_t size);

/* The tree's quaternions (spherical joints, free roots), and where one (4)
 * and its angular velocity (3) are in yj (kept from the tree's building:
 * the error weights ask at every step). */
int mbs_joint_system_n_quaternions(const mbs_joint_system *s);
void mbs_joint_system_quaternion(const mbs_joint_system *s, int which, int *pos, int *rate);

/* After a step: the tree joints' turn counts from their angles in yj (the
 * work their accept_step does from the absolute state); returns the mask
 * of the components it covers (the tree's joints). */
const char *mbs_joint_system_accept(mbs_joint_system *s, double t, const double *yj);

/* The absolute y, y' that yj, yj' stand for (the tree's multipliers 0). */
void mbs_joint_system_expand(mbs_joint_system *s, const double *yj, const double *ypj, double *y, double *yp);

/* An output row at t made consistent in joint coordinates: yj (the
 * integrator's state at t, interpolated or stepped onto; its quaternions
 * normalised here) stays, ypj's derivatives are solved for (the positions'
 * rates from the rates, the accelerations and the element states' rates
 * from the residual), and y, yp get the absolute state with the tree
 * joints' multipliers from the backward pass's reactions. The tree joints
 * hold by construction, so this is the absolute path's result
 * (assemble.c, mbs_make_consistent) at a fraction of its cost. Only where
 * mbs_joint_system_makes_rows. 0, or -1 when it fails (the absolute path
 * may still succeed). Element states given by equations
 * (mbs_state_solver_count) are the caller's to exclude. */
int mbs_joint_system_row(mbs_joint_system *s, double t, double *yj, double *ypj, double *y, double *yp);
/* Whether mbs_joint_system_row can make the model's rows: nothing but
 * element states besides the tree (no rows, no bodies outside it). */
int mbs_joint_system_makes_rows(const mbs_joint_system *s);

void mbs_joint_system_residual(mbs_joint_system *s, double t, const double *yj, const double *ypj, double *res);

/* DIFFERENCE: the Newton matrix dF/dyj + cj dF/dyj' into J (column major,
 * nj x nj); h the step and ewt the error weights (difference increments).
 * Counts residuals. */
void mbs_joint_system_jacobian(mbs_joint_system *s, double t, double cj, double h, const double *yj,
                               const double *ypj, const double *ewt, double *J);
/* MASS: the same as the tree block's factors (mbs_joint_system_tree_block),
 * the columns of the other variables (kept: nj x (nj - nt)) and their rows
 * on the block (rows: (nj - nt) x nt, zeroed), nt the block's size
 * (mbs_joint_system_block_size), as mbs_tree_matrix holds them. */
void mbs_joint_system_jacobian_mass(mbs_joint_system *s, double t, double cj, double h, const double *yj,
                                    const double *ypj, const double *ewt, double *kept, double *rows);
long mbs_joint_system_residual_evals(const mbs_joint_system *s);

/* Whether tree coordinate k (< coords) is an angle. */
int mbs_joint_system_is_angle(const mbs_joint_system *s, int k);

/* MASS: the solver of the Newton matrix's tree block (tree_solver.h),
 * factored with each Newton matrix. */
struct mbs_tree_block;
void mbs_joint_system_tree_block(mbs_joint_system *s, struct mbs_tree_block *out);
/* The variables of that block (tree_solver.h's nt): the tree's positions
 * and rates and, with MASS, the bristles of joint friction on revolute tree
 * joints, which its solve eliminates (folded into c_j M as an armature);
 * they are the first kept variables. */
int mbs_joint_system_block_size(const mbs_joint_system *s);

/* Whether the tree's block may be made again at each step (joint_newton.c,
 * tree_block_solve): on by default; off, every solve takes the Newton
 * matrix's own block, which a test can then hold against differences. */
void mbs_joint_system_allow_fresh_block(mbs_joint_system *s, int on);

/* Whether the tree's block is all of the Newton matrix that counts (the
 * dissipated energy aside) and is made again at each step: then a new
 * Newton matrix costs about as much as that, and the integrator asks for
 * one whenever c_j changes (integrator.c). */
int mbs_joint_system_fresh_block(const mbs_joint_system *s);

/* What yj[i] is when it is a tree coordinate ("the angle of
 * Constraint_Joint 1 (label 'pivot')", "the rate of the travel of ..."):
 * 0, or -1 for the other variables (mbs_layout_describe names them). */
int mbs_joint_system_describe(const mbs_joint_system *s, int i, char *out, size_t size);

/* The absolute variable yj[i] stands for (a tree coordinate: its child's
 * first position or velocity variable), for messages and tolerances. */
int mbs_joint_system_abs_index(const mbs_joint_system *s, int i);

#endif
