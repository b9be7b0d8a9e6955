/* Reference_Marker: shared with the body elements, which need a marker's
 * pose before markers are attached to bodies. */
#ifndef MBS_REFERENCE_MARKER_H
#define MBS_REFERENCE_MARKER_H

#include "../model/builder.h"

/* Global pose at t = 0 of the Reference_Marker whose id is in attribute
 * `attr` of `e` (following rm_id chains). Returns -1 after reporting. */
int mbs_marker_spec_pose(mbs_builder *b, const mbs_spec_elem *e, const char *attr, double pos[3], double R[9]);

/* Same, from the marker's own spec element. */
int mbs_reference_marker_pose(mbs_builder *b, const mbs_spec_elem *marker, double pos[3], double R[9]);

/* A frame at p, R (global, t = 0) in the frame of body bd, as a marker
 * holds it: pos from the centre of mass and rot, in body axes. */
void mbs_marker_in_body(const mbs_body *bd, const double p[3], const double R[9], double pos[3], double rot[9]);

#endif
