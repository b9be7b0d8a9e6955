#include "sweep_summary.h"
#include "../core/strutil.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int mbs_summary_add(mbs_summaries *s, const char *arg, char *err, size_t errsize)
{
    const char *last = strrchr(arg, ':');
    const char *mid = NULL;
    for (const char *p = arg; last && p < last; p++)
        if (*p == ':')
            mid = p;
    if (!last || !mid || mid == arg || mid + 1 == last) {
        snprintf(err, errsize, "--summary needs SENSOR:COLUMN:max|min|last|mean, got '%s'", arg);
        return -1;
    }
    int stat = mbs_choice_index("max|min|last|mean", last + 1);
    if (stat < 0) {
        snprintf(err, errsize, "--summary %s: '%s' is not max, min, last or mean", arg, last + 1);
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
    m->sensor = mbs_strndup(arg, (size_t)(mid - arg));
    m->column = mbs_strndup(mid + 1, (size_t)(last - mid - 1));
    m->stat = (mbs_stat)stat;
    return 0;
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

/* The statistic of column k of a [rows x ncols] table; NaN without rows.
 * A NaN value makes max, min and mean NaN: a point that went wrong shows. */
static double statistic(const double *v, long rows, int ncols, int k, mbs_stat stat)
{
    if (rows <= 0)
        return NAN;
    if (stat == MBS_STAT_LAST)
        return v[(rows - 1) * ncols + k];
    double acc = stat == MBS_STAT_MEAN ? 0.0 : v[k];
    for (long i = 0; i < rows; i++) {
        double x = v[i * ncols + k];
        if (isnan(x))
            return NAN;
        if (stat == MBS_STAT_MAX)
            acc = x > acc ? x : acc;
        else if (stat == MBS_STAT_MIN)
            acc = x < acc ? x : acc;
        else
            acc += x;
    }
    return stat == MBS_STAT_MEAN ? acc / (double)rows : acc;
}

static int column_index(const mbs_rsensor *s, const char *column)
{
    for (int k = 0; k < s->ncols; k++)
        if (strcmp(s->columns[k], column) == 0)
            return k;
    return -1;
}

int mbs_summaries_compute(const mbs_summaries *s, const mbs_results *r, double *values, char *err, size_t errsize)
{
    int missing = 0;
    if (err && errsize)
        err[0] = '\0';
    for (int i = 0; i < s->n; i++) {
        const mbs_summary *m = &s->items[i];
        values[i] = NAN;
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
        values[i] = statistic(v, r->n_rows, r->sensors[k].ncols, col, m->stat);
        free(v);
    }
    return missing;
}
