/* Edge-to-edge candidates of two boxes for Force_Contact (docs/contact.md,
 * "Edges of two boxes"): where an edge of one box crosses an edge of the
 * other, the contact that the corners of either miss (two bricks laid
 * crosswise, edge on edge; a box's edge across another's face). */
#ifndef MBS_CONTACT_BOX_EDGES_H
#define MBS_CONTACT_BOX_EDGES_H

#include "contact_shapes.h"

/* Every edge-to-edge candidate of box I against box J handed to visit (if
 * not NULL), as mbs_contact_pair hands its corner candidates. Returns the
 * least signed distance of them, DBL_MAX when there are none. */
double mbs_contact_box_edges(const mbs_posed_shape *I, const mbs_posed_shape *J, mbs_contact_visit visit, void *ctx);

#endif
