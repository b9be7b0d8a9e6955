/* `mbsim sweep --collect DIR`: rebuilds DIR/sweep.csv from the results files
 * that the points left, when they ran elsewhere (`--emit-commands` under GNU
 * parallel, a Slurm job array): status, exit code, wall time and message
 * from each file, and the --summary columns. */
#ifndef MBS_SWEEP_COLLECT_H
#define MBS_SWEEP_COLLECT_H

#include "sweep_summary.h"

/* Exit status: 0 every point completed, 1 some did not, 2 no sweep.csv to
 * rebuild (nothing written). */
int mbs_sweep_collect(const char *dir, const mbs_summaries *summaries, int quiet);

#endif
