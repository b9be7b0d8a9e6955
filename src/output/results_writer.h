/* Writing the results file (HDF5, SPEC 3) as the run goes.
 *
 * Scheme: the file is created with every group and dataset it will hold,
 * then switched to HDF5's single-writer/multiple-reader mode (SWMR). Rows
 * are buffered and appended to the chunked, compressed datasets at least
 * once per second of wall time (mbs_results_poll, called after every
 * integrator step, sees to that even when rows are sparse; events go with
 * them) and at the end; each append is flushed, so readers (mbsim info, h5py with
 * swmr=True) see a consistent file while the run goes on, and a killed run
 * leaves a readable file with the rows up to the last flush and status
 * "running". Time is appended after the sensors, so a reader that takes
 * the length of /time never sees a time without its values. At the end the
 * status, message and solver statistics go into a compact copy that
 * replaces the file (results_finish.h; SWMR cannot add attributes). */
#ifndef MBS_RESULTS_WRITER_H
#define MBS_RESULTS_WRITER_H

#include "../model/model.h"
#include "../solver/analysis/linear.h"

#include <stddef.h>

typedef struct mbs_results_summary {
    const char *status;        /* "completed", "failed", "interrupted" */
    const char *message;
    double t_end_reached;      /* model time units */
    const char *integrator;
    double rtol, atol;
    const char *linear_solver;
    const char *formulation;   /* "ABSOLUTE" or "JOINT" (what AUTO chose), NULL: not written */
    long joint_coordinates;    /* JOINT: the tree's coordinates (written when >= 0) */
    long steps, residual_evals, jacobian_evals, nonlinear_iterations;
    long error_test_failures, nonlinear_convergence_failures, events;
    double wall_time_s;
} mbs_results_summary;

typedef struct mbs_results_writer mbs_results_writer;

/* Creates (truncates) `path` for model m. NULL with a reason on failure. */
mbs_results_writer *mbs_results_create(const char *path, const mbs_model *m, char *err, size_t errsize);

/* One output row: t in seconds (converted here) and mbs_row_width values. */
int mbs_results_append(mbs_results_writer *w, double t, const double *values);
/* One event (t in seconds); reaches the file with the next flush. */
int mbs_results_event(mbs_results_writer *w, double t, const char *element, const char *kind);
/* A row of /analyses (times in seconds; rows -1 when the analysis wrote
 * none), and the results of the k-th Linear analysis (k = 0, 1, ...);
 * both flush. */
int mbs_results_analysis(mbs_results_writer *w, const char *kind, double t_start, double t_end, long first_row,
                         long last_row, const char *status);
int mbs_results_linear(mbs_results_writer *w, int k, const mbs_linear_result *lin);
/* Writes buffered rows and flushes the file. */
int mbs_results_flush(mbs_results_writer *w);
/* The rows in the file so far, and the time of the last (model units). */
long mbs_results_rows_in_file(const mbs_results_writer *w, double *last_t);
/* Flushes when rows have waited a second or more; cheap, call it often. */
int mbs_results_poll(mbs_results_writer *w);
/* Why the file takes no more rows (the disk nearly full: mbs_results_room
 * left less than a flush and MBS_RESULTS_MARGIN), or "". */
const char *mbs_results_error(const mbs_results_writer *w);
/* Flushes, writes the summary (if s) and closes; frees w. */
int mbs_results_close(mbs_results_writer *w, const mbs_results_summary *s, char *err, size_t errsize);
/* Closes and deletes the file (nothing worth keeping); frees w. */
void mbs_results_discard(mbs_results_writer *w);

/* The HDF5 version mbsim was built with, e.g. "1.10.8". */
const char *mbs_hdf5_version(void);

#endif
