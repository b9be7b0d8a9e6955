/* A sweep's --summary statistics, one number per results file
 * (sweep_summary.h). */
#include "sweep_summary.h"
#include "../core/strutil.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STATS "max|min|last|mean|absmax"

/* "SENSOR:COLUMN:STAT" in text[0..len): split at the last two colons.
 * Returns the statistic (>= 0), -1 if there are not two colons around a
 * column, -2 if STAT is not one of STATS. */
static int split(const char *text, size_t len, size_t *sensor_len, size_t *column_start, size_t *column_len)
{
    const char *last = NULL, *mid = NULL;
    for (const char *p = text; p < text + len; p++)
        if (*p == ':') {
            mid = last;
            last = p;
        }
    if (!last || !mid || mid == text || mid + 1 == last)
        return -1;
    char *stat = mbs_strndup(last + 1, len - (size_t)(last + 1 - text));
    int k = stat ? mbs_choice_index(STATS, stat) : -1;
    free(stat);
    *sensor_len = (size_t)(mid - text);
    *column_start = (size_t)(mid + 1 - text);
    *column_len = (size_t)(last - mid - 1);
    return k >= 0 ? k : -2;
}

/* "T0:T1", either left out: 0, or -1. */
static int parse_window(const char *w, double *t0, double *t1)
{
    const char *colon = strchr(w, ':');
    if (!colon || strchr(colon + 1, ':') || (colon == w && !colon[1]))
        return -1;
    char *a = mbs_strndup(w, (size_t)(colon - w));
    int rc = a ? 0 : -1;
    *t0 = -INFINITY;
    *t1 = INFINITY;
    if (rc == 0 && a[0])
        rc = mbs_parse_double(a, t0) == 0 && isfinite(*t0) ? 0 : -1;
    if (rc == 0 && colon[1])
        rc = mbs_parse_double(colon + 1, t1) == 0 && isfinite(*t1) ? 0 : -1;
    free(a);
    return rc;
}

int mbs_summary_add(mbs_summaries *s, const char *arg, char *err, size_t errsize)
{
    size_t len = strlen(arg), sensor_len = 0, column_start = 0, column_len = 0;
    double t0 = -INFINITY, t1 = INFINITY;
    int windowed = 0, stat = -1;
    /* a window after the last '@' whose left side is a whole summary (a
     * sensor's name may hold an '@' too) */
    const char *at = strrchr(arg, '@');
    if (at && (stat = split(arg, (size_t)(at - arg), &sensor_len, &column_start, &column_len)) != -1) {
        len = (size_t)(at - arg);
        windowed = 1;
    } else {
        stat = split(arg, len, &sensor_len, &column_start, &column_len);
    }
    if (stat == -1) {
        snprintf(err, errsize, "--summary needs SENSOR:COLUMN:STAT or SENSOR:COLUMN:STAT@T0:T1, got '%s'", arg);
        return -1;
    }
    if (stat < 0) {
        size_t stat_start = column_start + column_len + 1;
        snprintf(err, errsize, "--summary %s: '%.*s' is not max, min, last, mean or absmax", arg,
                 (int)(len - stat_start), arg + stat_start);
        return -1;
    }
    if (windowed && parse_window(at + 1, &t0, &t1) != 0) {
        snprintf(err, errsize,
                 "--summary %s: the window '%s' is not T0:T1 (times in the model's unit; either may be left out, "
                 "e.g. max@0.5:)",
                 arg, at + 1);
        return -1;
    }
    if (t0 > t1) {
        snprintf(err, errsize, "--summary %s: the window ends (%g) before it begins (%g)", arg, t1, t0);
        return -1;
    }
    mbs_summary *grown = realloc(s->items, (size_t)(s->n + 1) * sizeof *grown);
    if (!grown) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    s->items = grown;
    mbs_summary *m = &s->items[s->n++];
    m->text = mbs_strdup(arg);
    m->sensor = mbs_strndup(arg, sensor_len);
    m->column = mbs_strndup(arg + column_start, column_len);
    m->stat = (mbs_stat)stat;
    m->windowed = windowed;
    m->t0 = t0;
    m->t1 = t1;
    return 0;
}

int mbs_summary_find(const mbs_summaries *s, const char *text)
{
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->items[i].text, text) == 0)
            return i;
    return -1;
}

void mbs_summaries_free(mbs_summaries *s)
{
    for (int i = 0; i < s->n; i++) {
        free(s->items[i].text);
        free(s->items[i].sensor);
        free(s->items[i].column);
    }
    free(s->items);
    s->items = NULL;
    s->n = 0;
}

int mbs_summary_check(const mbs_summary *s, const char *source, const mbs_summary_sensor *sensors, int n,
                      char *err, size_t errsize)
{
    const mbs_summary_sensor *found = NULL;
    for (int k = 0; k < n && !found; k++)
        if (strcmp(sensors[k].name, s->sensor) == 0)
            found = &sensors[k];
    mbs_buf names;
    mbs_buf_init(&names);
    int rc = 0;
    if (!found) {
        for (int k = 0; k < n; k++)
            mbs_buf_appendf(&names, "%s%s", k ? ", " : "", sensors[k].name);
        snprintf(err, errsize, "--summary %s: %s has no sensor '%s' (it has: %s)", s->text, source, s->sensor,
                 names.data ? names.data : "none");
        rc = -1;
    } else {
        int col = 0;
        for (int k = 0; k < found->ncols; k++) {
            col |= strcmp(found->columns[k], s->column) == 0;
            mbs_buf_appendf(&names, "%s%s", k ? ", " : "", found->columns[k]);
        }
        if (!col) {
            snprintf(err, errsize, "--summary %s: sensor '%s' has no column '%s' (it has: %s)", s->text, s->sensor,
                     s->column, names.data ? names.data : "none");
            rc = -1;
        }
    }
    mbs_buf_free(&names);
    return rc;
}

int mbs_summaries_check(const mbs_summaries *s, const char *source, const mbs_summary_sensor *sensors, int n,
                        char *err, size_t errsize)
{
    for (int i = 0; i < s->n; i++)
        if (mbs_summary_check(&s->items[i], source, sensors, n, err, errsize) != 0)
            return -1;
    return 0;
}

/* The statistic of column k of rows first .. end-1 of a [rows x ncols]
 * table; NaN without rows. A NaN value makes max, min, absmax and mean
 * NaN: a point that went wrong shows. */
static double statistic(const double *v, long first, long end, int ncols, int k, mbs_stat stat)
{
    if (end <= first)
        return NAN;
    if (stat == MBS_STAT_LAST)
        return v[(end - 1) * ncols + k];
    double x0 = v[first * ncols + k];
    double acc = stat == MBS_STAT_MEAN ? 0.0 : stat == MBS_STAT_ABSMAX ? fabs(x0) : x0;
    for (long i = first; i < end; i++) {
        double x = v[i * ncols + k];
        if (isnan(x))
            return NAN;
        switch (stat) {
        case MBS_STAT_MAX: acc = fmax(acc, x); break;
        case MBS_STAT_MIN: acc = fmin(acc, x); break;
        case MBS_STAT_ABSMAX: acc = fmax(acc, fabs(x)); break;
        default: acc += x; break;
        }
    }
    return stat == MBS_STAT_MEAN ? acc / (double)(end - first) : acc;
}

/* The rows of the window: first .. end-1 (the times never decrease). A time
 * within 1e-9 of the run's largest |t| of an end counts as on it: output
 * times are sums of the print interval, 0.3 may be 0.30000000000000004. */
static void window_rows(const mbs_summary *m, const mbs_results *r, long *first, long *end)
{
    *first = 0;
    *end = r->n_rows;
    if (!m->windowed || r->n_rows == 0)
        return;
    double tol = 1e-9 * fmax(fabs(r->time[0]), fabs(r->time[r->n_rows - 1]));
    while (*first < r->n_rows && r->time[*first] < m->t0 - tol)
        (*first)++;
    *end = *first;
    while (*end < r->n_rows && r->time[*end] <= m->t1 + tol)
        (*end)++;
}

static int column_index(const mbs_rsensor *s, const char *column)
{
    for (int k = 0; k < s->ncols; k++)
        if (strcmp(s->columns[k], column) == 0)
            return k;
    return -1;
}

int mbs_summaries_compute(const mbs_summaries *s, const mbs_results *r, double *values, long *rows, char *err,
                          size_t errsize)
{
    int missing = 0;
    if (err && errsize)
        err[0] = '\0';
    for (int i = 0; i < s->n; i++) {
        const mbs_summary *m = &s->items[i];
        values[i] = NAN;
        if (rows)
            rows[i] = 0;
        int k = mbs_results_find(r, m->sensor);
        int col = k >= 0 ? column_index(&r->sensors[k], m->column) : -1;
        if (col < 0) {
            if (missing++ == 0 && err)
                snprintf(err, errsize, k < 0 ? "%s has no sensor '%s'" : "%s: sensor '%s' has no column '%s'",
                         r->path, m->sensor, m->column);
            continue;
        }
        double *v = mbs_results_sensor_values(r, k);
        if (!v) {
            if (missing++ == 0 && err)
                snprintf(err, errsize, "%s: cannot read sensor '%s'", r->path, m->sensor);
            continue;
        }
        long first, end;
        window_rows(m, r, &first, &end);
        values[i] = statistic(v, first, end, r->sensors[k].ncols, col, m->stat);
        if (rows)
            rows[i] = end - first;
        free(v);
    }
    return missing;
}

void mbs_summaries_warn_empty(const mbs_summaries *s, const long *rows_total, long files_read)
{
    for (int i = 0; files_read > 0 && i < s->n; i++)
        if (s->items[i].windowed && rows_total[i] == 0)
            fprintf(stderr,
                    "mbsim sweep: warning: --summary %s: no output row of any point lies in the window %g .. %g: "
                    "the column is nan\n",
                    s->items[i].text, s->items[i].t0, s->items[i].t1);
}
