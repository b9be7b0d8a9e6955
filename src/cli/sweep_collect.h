/* `mbsim sweep --collect DIR`: rebuilds DIR/sweep.csv from the results files
 * that the points left, when they ran elsewhere (`--emit-commands` under GNU
 * parallel, a Slurm job array), or when the table is gone: status, exit
 * code, wall time and message from each file, and the --summary columns. */
#ifndef MBS_SWEEP_COLLECT_H
#define MBS_SWEEP_COLLECT_H

#include "sweep_summary.h"

#include <stddef.h>

/* The summaries are the table's own columns, then those given it lacks.
 * Exit status: 0 every point completed, 1 some did not, 2 (nothing
 * written) neither a table nor results files of a sweep in DIR, or a
 * summary naming a sensor or column the files do not have. */
int mbs_sweep_collect(const char *dir, const mbs_summaries *summaries, int quiet);

/* The line of a point's log that says what went wrong: its first error,
 * else its last line that is no warning or note (a run's --quiet keeps its
 * warnings); NULL without a log or such a line. */
char *mbs_sweep_log_message(const char *log);

/* 1 (the reason in err) if libhdf5 crashes reading the file as --collect
 * does, with these summaries (NULL: none), else 0: tried in a child. */
int mbs_sweep_file_crashes(const char *path, const mbs_summaries *summaries, char *err, size_t errsize);

#endif
