/* Which constraint elements lie on closed loops of the mechanism. Only rows
 * of such elements can depend on each other (in a tree every joint removes
 * freedoms no other joint touches), so the redundancy analysis looks at
 * them alone and costs nothing for chains and trees. */
#ifndef MBS_LOOPS_H
#define MBS_LOOPS_H

#include "../../model/model.h"

/* Sets on_loop[c] = 1 for every component with constraint rows that lies on
 * a cycle of the graph whose vertices are the bodies (all ground bodies
 * merged into one) and whose edges are the components. Returns the number
 * marked, or -1 when out of memory. */
int mbs_loop_components(const mbs_model *m, char *on_loop);

/* Sets in_loop[c] = 1 for the components on the same cycles as component
 * comp: those joined to it by edges on cycles (the 2-edge-connected part of
 * the graph above around comp; loops that share a body count as one).
 * Returns the number marked (0: comp is on no cycle), or -1 when out of
 * memory. */
int mbs_loop_of(const mbs_model *m, int comp, char *in_loop);

#endif
