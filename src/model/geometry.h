/* What the compiler adds to the geometry the file gives (Post_Graphic):
 * the model's size, a shape for every body without one, glyphs for joints
 * and force elements, and colours. */
#ifndef MBS_GEOMETRY_H
#define MBS_GEOMETRY_H

#include "model.h"
#include "spec.h"

/* Completes m->graphics and sets m->size; 0 or -1 (out of memory). */
int mbs_geometry_complete(const mbs_spec *spec, mbs_model *m);

#endif
