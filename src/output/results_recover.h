/* Recovering a results file left by a killed run (`mbsim recover`).
 *
 * A run killed with SIGKILL (an out-of-memory kill, a batch system's last
 * word, a power cut of the process) leaves its file with every row flushed
 * before, status "running", and HDF5's mark of a file open for writing in
 * SWMR mode: h5py, MATLAB and the HDF5 tools refuse such a file until the
 * mark is cleared. Recovering makes the compact copy the run would have made
 * at its end (results_finish.h): an ordinary file with the rows of /time
 * (sensor rows beyond them, written just before the kill, are dropped; so are
 * events not in all three event datasets), status "killed", a message
 * saying when, and t_end_reached the last row's time. */
#ifndef MBS_RESULTS_RECOVER_H
#define MBS_RESULTS_RECOVER_H

#include <stddef.h>

/* What the file holds, from mbs_results_open (the file closed again). */
typedef struct mbs_recovery {
    long rows;    /* rows of /time */
    long events;  /* complete events */
    double t_last; /* the last row's time (model units), NAN without rows */
    const char *time_unit;
    int killed;   /* the run did not end (status "running"): mark it killed; else only compact */
} mbs_recovery;

/* Rewrites `path` as described above. Returns 0, or -1 with a reason (the
 * file is then left as it was). */
int mbs_results_recover(const char *path, const mbs_recovery *what, char *err, size_t errsize);

#endif
