/* The rows of a sweep's table rebuilt from its results files alone, for
 * `mbsim sweep --collect DIR` where DIR/sweep.csv is gone.
 *
 * The sweep's files are those named MODEL_NNN.h5 whose results say they ran
 * MODEL's file (its base name is MODEL); NNN is the point's index. Other .h5
 * files are left out with a note; files of two models are an error. The
 * varied parameters are those of /parameters whose values differ between
 * the files, in the order of the --vary options as the indices show it (the
 * last --vary changes fastest: its values change most often from one index
 * to the next). Where the files' values make a whole grid of those values,
 * the points with no file (rejected, never run) get their rows and values
 * from it, as the sweep's table had them; otherwise a gap in the indices is
 * a row without values. */
#ifndef MBS_SWEEP_REBUILD_H
#define MBS_SWEEP_REBUILD_H

#include "sweep_points.h"

/* 0, or -1 after printing why (no results files of a sweep in DIR, files
 * of several models, two files of one index). */
int mbs_sweep_rebuild(const char *dir, mbs_sweep_points *p, int quiet);

#endif
