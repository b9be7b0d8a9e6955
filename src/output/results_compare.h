/* Comparing two results files (SPEC 3, `mbsim compare`).
 *
 * Two values agree when |a - b| <= atol + rtol |ref| (ref: the value in the
 * reference file); with scaled_atol > 0, each column's atol grows by
 * scaled_atol times the column's largest |ref|, so that a force swinging
 * through zero is judged against its amplitude, not its value near zero. NaN never agrees with a number; two NaNs at the same place
 * agree, as do equal infinities. Files compare equal when they have the same
 * status, the same time grid (or the user asked to interpolate), the same
 * sensors with the same columns and units, and every value agrees. */
#ifndef MBS_RESULTS_COMPARE_H
#define MBS_RESULTS_COMPARE_H

#include "results_reader.h"

#include <stddef.h>

typedef struct mbs_compare_options {
    double rtol, atol;
    double scaled_atol;         /* 0, or a fraction of each column's largest |REF| added to atol */
    double time_tol;            /* < 0: 1e-9 of the reference's largest |t| */
    int interpolate;            /* compare at REF's times within NEW's range, NEW linearly interpolated */
    const char *const *sensors; /* compare only these (n_sensors > 0) */
    int n_sensors;
} mbs_compare_options;

/* 1 if a (new) agrees with ref within the tolerance. */
int mbs_values_agree(double a, double ref, double rtol, double atol);

typedef struct mbs_column_stats {
    double max_abs;  /* largest |a - b| (NaN mismatches excluded) */
    double max_rel;  /* largest |a - b| / |ref| (inf where ref = 0 and a != 0) */
    double worst;    /* largest |a - b| / (atol + rtol |ref|): beyond tolerance when > 1; inf for NaN */
    double t_worst;  /* REF time of that row */
    long beyond;     /* rows beyond tolerance, NaN mismatches included */
    long nan_mismatch;
} mbs_column_stats;

typedef enum mbs_sensor_verdict {
    MBS_CMP_EQUAL,
    MBS_CMP_DIFFERENT,   /* values beyond tolerance */
    MBS_CMP_MISSING,     /* in REF, not in NEW */
    MBS_CMP_EXTRA,       /* in NEW, not in REF */
    MBS_CMP_COLUMNS,     /* other columns or units */
    MBS_CMP_NOT_COMPARED /* the time grids differ: values not compared */
} mbs_sensor_verdict;

typedef struct mbs_sensor_comparison {
    const char *name; /* points into the results */
    mbs_sensor_verdict verdict;
    char detail[256];
    int worst_col;    /* -1: no values compared */
    const char *worst_col_name;
    mbs_column_stats worst;
    long rows_beyond; /* rows with any column beyond tolerance */
} mbs_sensor_comparison;

typedef struct mbs_comparison {
    double rtol, atol, scaled_atol, time_tol;
    int status_differs;
    char events_note[256]; /* how the events differ (count, kinds), "" if not: a note only */
    int grid_equal;
    char grid_detail[256]; /* how the grids differ */
    long rows_compared;    /* REF rows whose values were compared */
    double t_first, t_last; /* their time range */
    int n;
    mbs_sensor_comparison *sensors;
    int n_equal, n_different, n_missing, n_extra, n_columns, n_not_compared;
    int differences; /* nonzero: the files differ */
} mbs_comparison;

/* Compares `cur` against `ref`. Returns 0 (the verdict is in out), or -1
 * with a reason in err: a sensor asked for is in neither file, or values
 * cannot be read. */
int mbs_compare(const mbs_results *ref, const mbs_results *cur, const mbs_compare_options *o, mbs_comparison *out,
                char *err, size_t errsize);
void mbs_comparison_free(mbs_comparison *c);

#endif
