/* The motion of /geometry as a glTF 2.0 binary file (.glb): every body a
 * node carrying its shapes, with translation and rotation keyframes at the
 * output times (linear interpolation); force-element lines as nodes of
 * their own, stretched between their ends. Metres and seconds; the model
 * stood up: its up (against gravity) turned onto glTF's +y. */
#ifndef MBS_GLTF_H
#define MBS_GLTF_H

#include "results_geometry.h"

#include <stddef.h>

typedef struct mbs_gltf_options {
    double rest_time; /* the pose the nodes have without the animation (model time units) */
    int markers;      /* draw the Marker shapes (axes) */
    int glyphs;       /* draw the joint and force glyphs */
} mbs_gltf_options;

/* time: [g->n_rows] in model time units. 0, or -1 with the reason in err. */
int mbs_gltf_write(const char *path, const mbs_rgeometry *g, const double *time, const mbs_gltf_options *o,
                   char *err, size_t errsize);

#endif
