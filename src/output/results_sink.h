/* The results file as a run's sink (solver/analysis/simulate.h): rows,
 * events, analyses and linear results handed to the writer as the run
 * goes, and the summary that closes the file. mbsim run's and the FMU's. */
#ifndef MBS_RESULTS_SINK_H
#define MBS_RESULTS_SINK_H

#include "results_writer.h"
#include "../solver/analysis/simulate.h"

typedef struct mbs_results_sink {
    mbs_results_writer *writer;
    int write_failed; /* a flush between rows failed: the next row reports it */
    /* after every step, besides the writer's poll (may be NULL) */
    void (*progress)(void *ctx, double t, double t_end, long steps);
    void *progress_ctx;
} mbs_results_sink;

/* A sink writing to w through rs (which must outlive the run). */
mbs_sink mbs_results_sink_make(mbs_results_sink *rs, mbs_results_writer *w);

/* "completed", "interrupted" or "failed". */
const char *mbs_results_status_name(mbs_status st);

/* The summary of a run of m that ended with result res: its status,
 * message (what went wrong, "" when it completed), the solver's settings
 * and statistics, the wall time; strings borrowed from the arguments. */
mbs_results_summary mbs_results_summary_of(const mbs_model *m, const mbs_run_result *res, const char *message,
                                           double wall_time_s);

#endif
