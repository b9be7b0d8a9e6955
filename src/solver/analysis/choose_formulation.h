/* The one place that chooses how a transient is integrated: the
 * formulation of the DAE (solver/dae/formulation.h: absolute coordinates,
 * or joint coordinates for the bodies a kinematic tree carries) and the
 * absolute formulation's linear solver. Nothing else in the run asks which
 * formulation it has. */
#ifndef MBS_CHOOSE_FORMULATION_H
#define MBS_CHOOSE_FORMULATION_H

#include "../dae/formulation.h"

/* Models up to this many equations use the dense solver under AUTO. KLU is
 * as fast from a few equations on and faster from one rigid body on (25
 * equations: 0.022 s against 0.027 s for bench/chain.sh's one link, and
 * 0.024 against 0.039 s for models/pendulum.xml); see bench/README.md. */
#define MBS_AUTO_DENSE_MAX 8

/* The linear solver of the absolute formulation: the model's, or under
 * AUTO dense or KLU by size. */
mbs_linear_solver mbs_choose_linear_solver(const mbs_model *m);

/* Formulation AUTO: joint coordinates where they are the faster choice, as
 * measured (bench/formulations.sh, docs/theory.md): a tree of at least
 * MBS_AUTO_JOINT_MIN coordinates of joints, and
 * - with the mass matrix as Newton matrix, at most
 *   MBS_AUTO_JOINT_MAX_OTHERS other variables (the Newton solve's dense
 *   Schur complement grows with their cube: a tree among many free bodies
 *   or loop rows is cheaper in sparse absolute coordinates);
 * - with the difference matrix (springs, dampers, friction, states), every
 *   moving body in the tree and a dense Newton matrix of at most
 *   MBS_AUTO_JOINT_DENSE_MAX rows (each Jacobian differences every column:
 *   a sprung chain of 64 links, 129 rows, took 0.87 of the absolute time,
 *   one of 128 links 1.5 times). */
#define MBS_AUTO_JOINT_MIN 1
/* Joint friction on tree joints (evaluated from the backward pass's
 * reactions) with the difference Newton matrix: chains with friction on
 * every joint took 0.57 of the absolute time at 16 links, 0.95 at 24 and 1.4
 * times at 32 (their stick-slip costs Newton matrices, each differenced):
 * more than this many stay absolute. With the mass matrix (friction on
 * revolute and universal joints: a joint-local law about a tree joint's
 * axis, solver/joint/tree_settle.c) there is no limit: 0.08 to 0.13 of the
 * absolute time from 8 to 64 links; nor do their bristles count towards
 * MBS_AUTO_JOINT_MAX_OTHERS (their rows of the Schur complement are
 * sparse). */
#define MBS_AUTO_JOINT_FRICTION_MAX 20
#define MBS_AUTO_JOINT_MAX_OTHERS 100
#define MBS_AUTO_JOINT_DENSE_MAX 150

/* The formulation a transient integrates in, for the run's data d: the
 * one the model's settings ask for (Param_Transient formulation, run
 * --formulation), or under AUTO the faster by the rules above; the
 * absolute one with KLU (sparse) or dense LU and the iteration matrix's
 * pattern p. *name: its name as the results give it, "ABSOLUTE" or
 * "JOINT"; *joint_coords: the joint coordinates it integrates, or -1 in
 * absolute coordinates (JOINT with 0 where joint coordinates were asked
 * for but no joint carries a body: the absolute formulation then). 0, or -1 with the reason in err (out of memory). */
int mbs_choose_formulation(const mbs_model *m, mbs_data *d, const mbs_pattern *p, int sparse,
                           mbs_dae *out, const char **name, int *joint_coords, char *err, size_t size);

#endif
