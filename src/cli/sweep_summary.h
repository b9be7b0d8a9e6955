/* `--summary SENSOR:COLUMN:STAT[@T0:T1]`: one number per results file, a
 * column of sweep.csv, so that a sweep ends in one table. */
#ifndef MBS_SWEEP_SUMMARY_H
#define MBS_SWEEP_SUMMARY_H

#include "../output/results_reader.h"

#include <stddef.h>

typedef enum mbs_stat { MBS_STAT_MAX, MBS_STAT_MIN, MBS_STAT_LAST, MBS_STAT_MEAN, MBS_STAT_ABSMAX } mbs_stat;

typedef struct mbs_summary {
    char *text;   /* as given: the column's name in sweep.csv */
    char *sensor; /* dataset name */
    char *column;
    mbs_stat stat;
    int windowed;  /* @T0:T1 given */
    double t0, t1; /* the rows with t0 <= t <= t1 (model time units; -inf, inf: open) */
} mbs_summary;

typedef struct mbs_summaries {
    mbs_summary *items;
    int n;
} mbs_summaries;

/* Adds "SENSOR:COLUMN:STAT" or "SENSOR:COLUMN:STAT@T0:T1" (split at the
 * last two colons before the window, so a sensor name may hold one; T0 or
 * T1 may be left out). 0, or -1 with the reason in err. */
int mbs_summary_add(mbs_summaries *s, const char *arg, char *err, size_t errsize);
/* The index of the summary spelled `text`, or -1. */
int mbs_summary_find(const mbs_summaries *s, const char *text);
void mbs_summaries_free(mbs_summaries *s);

/* A sensor a summary may name: as the model declares it (before a run) or
 * as a results file holds it (--collect), so that both are checked alike. */
typedef struct mbs_summary_sensor {
    const char *name;
    char *const *columns;
    int ncols;
} mbs_summary_sensor;

/* 0 if the summary names one of the sensors and one of its columns, else
 * -1 with the message in err, listing what there is: "--summary TEXT:
 * SOURCE has no sensor 'S' (it has: ...)" or "--summary TEXT: sensor 'S'
 * has no column 'C' (it has: ...)". SOURCE: the model or results file. */
int mbs_summary_check(const mbs_summary *s, const char *source, const mbs_summary_sensor *sensors, int n,
                      char *err, size_t errsize);

/* mbs_summary_check of every summary: 0, or -1 with the first one's message. */
int mbs_summaries_check(const mbs_summaries *s, const char *source, const mbs_summary_sensor *sensors, int n,
                        char *err, size_t errsize);

/* The value of every summary over the rows of r (NaN where the file has
 * none: no rows or none in the window; the sensor or column missing, then
 * described in err). rows (optional, [s->n]): gets the number of rows each
 * value is made of. Returns the number of summaries that could not be
 * computed. */
int mbs_summaries_compute(const mbs_summaries *s, const mbs_results *r, double *values, long *rows, char *err,
                          size_t errsize);

/* Warns (on stderr, as `mbsim sweep`) of every windowed summary whose
 * window held no row of any file read: rows_total[k], summed over the files
 * by mbs_summaries_compute, is 0 while files_read > 0. Such a column is nan
 * throughout: a window beyond the runs, or a typo in it. */
void mbs_summaries_warn_empty(const mbs_summaries *s, const long *rows_total, long files_read);

#endif
