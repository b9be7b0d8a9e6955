/* The points of a parameter sweep: the Cartesian product of the --vary
 * axes, the last axis varying fastest (as nested loops in the order given). */
#ifndef MBS_SWEEP_PLAN_H
#define MBS_SWEEP_PLAN_H

#include <stddef.h>

typedef struct mbs_sweep_axis {
    char *name;
    char **values; /* as passed to --set: numbers or expressions */
    int n;
} mbs_sweep_axis;

typedef struct mbs_sweep_plan {
    mbs_sweep_axis *axes;
    int n_axes;
    long n_points;
} mbs_sweep_plan;

/* At most this many points in one sweep. */
#define MBS_SWEEP_MAX_POINTS 10000000L

/* Adds the axis of "NAME=V1,V2,..." or "NAME=START:STOP:COUNT" (COUNT
 * values from START to STOP inclusive, evenly spaced). Returns 0, or -1
 * with the reason in err. */
int mbs_sweep_add_axis(mbs_sweep_plan *p, const char *arg, char *err, size_t errsize);

/* The value index on every axis of point `index` (0 .. n_points-1). */
void mbs_sweep_point(const mbs_sweep_plan *p, long index, int *which);

void mbs_sweep_plan_free(mbs_sweep_plan *p);

#endif
