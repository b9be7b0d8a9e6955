/* A six-component spring-damper between two markers, measured and applied
 * as Adams' BUSHING, BEAM and FIELD do: the deflection of marker I relative
 * to marker J in J's axes, a load on I in J's axes from a law of the
 * element's own, and the equilibrating load on J. Force_Bushing and
 * Force_Beam are such laws; this file is the rest of them (the component's
 * ops, its outputs, its energy bookkeeping). */
#ifndef MBS_MARKER_SPRING_H
#define MBS_MARKER_SPRING_H

#include "../model/builder.h"
#include "../solver/eval/eval.h"

typedef struct mbs_marker_spring mbs_marker_spring;

/* The law: from the deflection u = (DX - length, DY, DZ, AX, AY, AZ) and its
 * rates v = (VX VY VZ WX WY WZ), the load on I in J's axes (FX FY FZ TX TY
 * TZ) and the gradient of the potential energy; returns the potential
 * energy. The load must be -grad_v plus the non-conservative part. */
typedef double (*mbs_marker_spring_law)(const mbs_marker_spring *s, const double u[6], const double v[6],
                                        double load[6], double grad_v[6]);

/* The first member of such an element's params. */
struct mbs_marker_spring {
    int I, J;               /* frame markers on different bodies */
    double length;          /* free length along J's x (0 for a bushing) */
    mbs_marker_spring_law law;
};

/* The preloads both laws take: the load on I at zero deflection and rate. */
#define MBS_MARKER_SPRING_PRELOAD_ATTRS \
    {"preload_x", MBS_ATTR_REAL, "0", DIM_FORCE, 0, NULL, "force on I along J's x at zero deflection", NULL}, \
    {"preload_y", MBS_ATTR_REAL, "0", DIM_FORCE, 0, NULL, "force on I along J's y at zero deflection", NULL}, \
    {"preload_z", MBS_ATTR_REAL, "0", DIM_FORCE, 0, NULL, "force on I along J's z at zero deflection", NULL}, \
    {"preload_tx", MBS_ATTR_REAL, "0", DIM_TORQUE, 0, NULL, "torque on I about J's x at zero deflection", NULL}, \
    {"preload_ty", MBS_ATTR_REAL, "0", DIM_TORQUE, 0, NULL, "torque on I about J's y at zero deflection", NULL}, \
    {"preload_tz", MBS_ATTR_REAL, "0", DIM_TORQUE, 0, NULL, "torque on I about J's z at zero deflection", NULL}

/* Their values (SI), FX .. TZ. */
void mbs_marker_spring_preloads(const mbs_spec_elem *e, double preload[6]);

/* Resolves i_marker_id and j_marker_id (frame markers on different
 * bodies); reports and returns -1 otherwise. */
int mbs_marker_spring_markers(mbs_builder *b, const mbs_spec_elem *e, int *I, int *J);

/* Adds the component (params start with an mbs_marker_spring, freed with
 * free()), with its ops, coupling and outputs. */
mbs_component *mbs_marker_spring_add(mbs_builder *b, const mbs_spec_elem *e, mbs_marker_spring *params);

#endif
