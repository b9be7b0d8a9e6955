/* Which constraint elements' reactions (their multipliers) something in the
 * model reads. Where the constraints of a closed loop repeat each other,
 * how the loop shares its load among them is indeterminate for rigid
 * bodies: the redundancy analysis (solver/start/assemble.c) and the joint
 * formulation's tree (solver/joint/tree_topology.c) then leave out rows of the elements
 * whose reactions nothing reads, so that what is read keeps its load. */
#ifndef MBS_REACTION_READERS_H
#define MBS_REACTION_READERS_H

#include "model.h"

/* Sets read[c] = 1 (for each of the n_comps components, else 0) where
 * component c has constraint rows and its reaction is read by
 *   - another component's forces (joint friction: mbs_component_depend),
 *   - a sensor of its loads (a JOINT sensor's Force or Torque, a motion's
 *     Force: an output of force or torque dimension),
 *   - a run-time expression of its loads (JOINT(id, ...), MOTION(...);
 *     FX(I, J) .. TM over the elements between I and J, as Post_Request
 *     MARKER_FORCE reads them), of an element or of a sensor.
 * Returns the number marked. */
int mbs_reaction_readers(const mbs_model *m, char *read);

#endif
