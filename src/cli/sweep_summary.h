/* `--summary SENSOR:COLUMN:max|min|last|mean`: one number per results file,
 * a column of sweep.csv, so that a sweep ends in one table. */
#ifndef MBS_SWEEP_SUMMARY_H
#define MBS_SWEEP_SUMMARY_H

#include "../output/results_reader.h"

#include <stddef.h>

typedef enum mbs_stat { MBS_STAT_MAX, MBS_STAT_MIN, MBS_STAT_LAST, MBS_STAT_MEAN } mbs_stat;

typedef struct mbs_summary {
    char *text;   /* as given: the column's name in sweep.csv */
    char *sensor; /* dataset name */
    char *column;
    mbs_stat stat;
} mbs_summary;

typedef struct mbs_summaries {
    mbs_summary *items;
    int n;
} mbs_summaries;

/* Adds "SENSOR:COLUMN:STAT" (split at the last two colons, so a sensor name
 * may hold one). 0, or -1 with the reason in err. */
int mbs_summary_add(mbs_summaries *s, const char *arg, char *err, size_t errsize);
void mbs_summaries_free(mbs_summaries *s);

/* The value of every summary over the rows of r (NaN where the file has
 * none: no rows; the sensor or column missing, then described in err).
 * Returns the number of summaries that could not be computed. */
int mbs_summaries_compute(const mbs_summaries *s, const mbs_results *r, double *values, char *err, size_t errsize);

#endif
