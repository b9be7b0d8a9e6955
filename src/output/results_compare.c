/* Two results files compared column by column (results_compare.h). */
#include "results_compare.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- one value ---- */

int mbs_values_agree(double a, double ref, double rtol, double atol)
{
    if (isnan(a) || isnan(ref))
        return isnan(a) && isnan(ref);
    if (a == ref) /* also equal infinities */
        return 1;
    return fabs(a - ref) <= atol + rtol * fabs(ref);
}

/* How far beyond the tolerance a value is: <= 1 agrees. */
static double violation(double a, double ref, double rtol, double atol)
{
    if (mbs_values_agree(a, ref, rtol, atol))
        return a == ref || isnan(a) ? 0.0 : fabs(a - ref) / (atol + rtol * fabs(ref));
    if (isnan(a) || isnan(ref))
        return INFINITY;
    double bound = atol + rtol * fabs(ref);
    return bound > 0 ? fabs(a - ref) / bound : INFINITY;
}

/* ---- row map: which NEW value belongs to each compared REF row ---- */

typedef struct row_map {
    long n;      /* compared rows */
    long *ref;   /* REF row index */
    long *lo;    /* NEW rows lo, lo+1 and the weight of lo+1 */
    double *w;
} row_map;

static void free_map(row_map *m)
{
    free(m->ref);
    free(m->lo);
    free(m->w);
}

static int alloc_map(row_map *m, long n)
{
    m->n = 0;
    m->ref = malloc(((size_t)n + 1) * sizeof *m->ref);
    m->lo = malloc(((size_t)n + 1) * sizeof *m->lo);
    m->w = malloc(((size_t)n + 1) * sizeof *m->w);
    return m->ref && m->lo && m->w ? 0 : -1;
}

/* Last index j with t[j] <= x, or -1. */
static long last_not_after(const double *t, long n, double x)
{
    long lo = -1, hi = n; /* t[lo] <= x < t[hi] */
    while (hi - lo > 1) {
        long mid = lo + (hi - lo) / 2;
        if (t[mid] <= x)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* NEW at each REF time within NEW's range: the NEW row itself when one lies
 * within tol, else linear interpolation between its neighbours. */
static int interpolation_map(const mbs_results *ref, const mbs_results *cur, double tol, row_map *m)
{
    if (alloc_map(m, ref->n_rows) != 0)
        return -1;
    const double *tn = cur->time;
    long nn = cur->n_rows;
    for (long i = 0; i < ref->n_rows && nn > 0; i++) {
        double t = ref->time[i];
        long j = last_not_after(tn, nn, t);
        double w;
        if (j >= 0 && fabs(tn[j] - t) <= tol) {
            w = 0.0;
        } else if (j + 1 < nn && fabs(tn[j + 1] - t) <= tol) {
            j++;
            w = 0.0;
        } else if (j >= 0 && j + 1 < nn) {
            w = (t - tn[j]) / (tn[j + 1] - tn[j]);
        } else {
            continue; /* outside NEW's range */
        }
        m->ref[m->n] = i;
        m->lo[m->n] = j;
        m->w[m->n] = w;
        m->n++;
    }
    return 0;
}

static int identity_map(long n, row_map *m)
{
    if (alloc_map(m, n) != 0)
        return -1;
    for (long i = 0; i < n; i++) {
        m->ref[i] = m->lo[i] = i;
        m->w[i] = 0.0;
    }
    m->n = n;
    return 0;
}

static double mapped(const row_map *m, long r, const double *v, int ncols, int k)
{
    const double *a = v + m->lo[r] * ncols + k;
    return m->w[r] == 0.0 ? a[0] : (1.0 - m->w[r]) * a[0] + m->w[r] * a[ncols];
}

/* ---- grid ---- */

static double default_time_tol(const mbs_results *ref)
{
    double big = 0.0;
    for (long i = 0; i < ref->n_rows; i++)
        if (fabs(ref->time[i]) > big)
            big = fabs(ref->time[i]);
    return big > 0 ? 1e-9 * big : 1e-12;
}

static int grids_equal(const mbs_results *ref, const mbs_results *cur, double tol, char *detail, size_t size)
{
    if (strcmp(ref->time_unit, cur->time_unit) != 0) {
        snprintf(detail, size, "time units differ: REF %s, NEW %s", ref->time_unit, cur->time_unit);
        return 0;
    }
    long n = ref->n_rows < cur->n_rows ? ref->n_rows : cur->n_rows;
    for (long i = 0; i < n; i++)
        if (!(fabs(ref->time[i] - cur->time[i]) <= tol)) {
            snprintf(detail, size, "REF %ld rows, NEW %ld rows; first different time at row %ld: %.17g vs %.17g",
                     ref->n_rows, cur->n_rows, i, ref->time[i], cur->time[i]);
            return 0;
        }
    if (ref->n_rows != cur->n_rows) {
        const mbs_results *longer = ref->n_rows > cur->n_rows ? ref : cur;
        snprintf(detail, size, "REF %ld rows, NEW %ld rows; %s goes on to t = %.17g", ref->n_rows, cur->n_rows,
                 longer == ref ? "REF" : "NEW", longer->time[longer->n_rows - 1]);
        return 0;
    }
    snprintf(detail, size, "%ld rows", ref->n_rows);
    return 1;
}

/* ---- one sensor ---- */

static int same_columns(const mbs_rsensor *a, const mbs_rsensor *b, char *detail, size_t size)
{
    if (a->ncols != b->ncols) {
        snprintf(detail, size, "REF has %d columns, NEW %d", a->ncols, b->ncols);
        return 0;
    }
    for (int k = 0; k < a->ncols; k++) {
        if (strcmp(a->columns[k], b->columns[k]) != 0) {
            snprintf(detail, size, "column %d is '%s' in REF, '%s' in NEW", k + 1, a->columns[k], b->columns[k]);
            return 0;
        }
        if (strcmp(a->units[k], b->units[k]) != 0) {
            snprintf(detail, size, "column '%s' is in %s in REF, in %s in NEW", a->columns[k], a->units[k],
                     b->units[k]);
            return 0;
        }
    }
    return 1;
}

/* The absolute tolerance of column k: atol, plus scaled_atol times the
 * column's largest finite |REF| over the compared rows. */
static double column_atol(const double *rv, int ncols, int k, const row_map *m, double atol, double scaled_atol)
{
    if (scaled_atol <= 0)
        return atol;
    double big = 0.0;
    for (long r = 0; r < m->n; r++) {
        double b = fabs(rv[m->ref[r] * ncols + k]);
        if (isfinite(b) && b > big)
            big = b;
    }
    return atol + scaled_atol * big;
}

static int compare_values(const mbs_results *ref, const double *rv, const double *nv, int ncols, const row_map *m,
                          const mbs_compare_options *o, mbs_sensor_comparison *sc)
{
    double *atol = malloc(((size_t)ncols + 1) * sizeof *atol);
    if (!atol)
        return -1;
    double rtol = o->rtol;
    mbs_column_stats best = {0};
    best.worst = -1.0;
    for (int k = 0; k < ncols; k++) {
        atol[k] = column_atol(rv, ncols, k, m, o->atol, o->scaled_atol);
        mbs_column_stats c = {0};
        c.t_worst = m->n > 0 ? ref->time[m->ref[0]] : 0.0;
        for (long r = 0; r < m->n; r++) {
            double b = rv[m->ref[r] * ncols + k], a = mapped(m, r, nv, ncols, k);
            double v = violation(a, b, rtol, atol[k]);
            if (!mbs_values_agree(a, b, rtol, atol[k]))
                c.beyond++;
            if (isnan(a) != isnan(b)) {
                c.nan_mismatch++;
            } else if (!isnan(a) && a != b) {
                double d = fabs(a - b);
                if (d > c.max_abs || isnan(d))
                    c.max_abs = d;
                double rel = b != 0 ? d / fabs(b) : INFINITY;
                if (rel > c.max_rel || isnan(rel))
                    c.max_rel = rel;
            }
            if (v > c.worst) {
                c.worst = v;
                c.t_worst = ref->time[m->ref[r]];
            }
        }
        if (c.worst > best.worst) {
            best = c;
            sc->worst_col = k;
        }
    }
    for (long r = 0; r < m->n; r++)
        for (int k = 0; k < ncols; k++)
            if (!mbs_values_agree(mapped(m, r, nv, ncols, k), rv[m->ref[r] * ncols + k], rtol, atol[k])) {
                sc->rows_beyond++;
                break;
            }
    sc->worst = best;
    free(atol);
    return 0;
}

/* ---- events: compared by count and kind, not time (a note, not a difference:
 * the sensors show what matters, and an event's time is only as exact as root
 * finding) ---- */

static void compare_events(const mbs_results *ref, const mbs_results *cur, char *note, size_t size)
{
    note[0] = '\0';
    if (ref->n_events != cur->n_events) {
        snprintf(note, size, "REF has %ld events, NEW %ld", ref->n_events, cur->n_events);
        return;
    }
    mbs_revents a = {0}, b = {0};
    if (mbs_results_events(ref, &a) == 0 && mbs_results_events(cur, &b) == 0) {
        for (long i = 0; i < a.n; i++)
            if (strcmp(a.kind[i], b.kind[i]) != 0 || strcmp(a.element[i], b.element[i]) != 0) {
                snprintf(note, size, "event %ld is %s of %s in REF, %s of %s in NEW", i + 1, a.kind[i], a.element[i],
                         b.kind[i], b.element[i]);
                break;
            }
    }
    mbs_results_free_events(&a);
    mbs_results_free_events(&b);
}

/* ---- the files ---- */

static int wanted(const mbs_compare_options *o, const char *name)
{
    if (o->n_sensors <= 0)
        return 1;
    for (int i = 0; i < o->n_sensors; i++)
        if (strcmp(o->sensors[i], name) == 0)
            return 1;
    return 0;
}

static mbs_sensor_comparison *add(mbs_comparison *c, const char *name, mbs_sensor_verdict v)
{
    mbs_sensor_comparison *sc = &c->sensors[c->n++];
    memset(sc, 0, sizeof *sc);
    sc->name = name;
    sc->verdict = v;
    sc->worst_col = -1;
    return sc;
}

static int compare_sensor(const mbs_results *ref, const mbs_results *cur, int i, const row_map *m,
                          const mbs_compare_options *o, mbs_comparison *c, char *err, size_t errsize)
{
    const mbs_rsensor *s = &ref->sensors[i];
    int j = mbs_results_find(cur, s->name);
    if (j < 0) {
        add(c, s->name, MBS_CMP_MISSING);
        return 0;
    }
    mbs_sensor_comparison *sc = add(c, s->name, MBS_CMP_EQUAL);
    if (!same_columns(s, &cur->sensors[j], sc->detail, sizeof sc->detail)) {
        sc->verdict = MBS_CMP_COLUMNS;
        return 0;
    }
    if (!m) {
        sc->verdict = MBS_CMP_NOT_COMPARED;
        return 0;
    }
    double *rv = mbs_results_sensor_values(ref, i), *nv = mbs_results_sensor_values(cur, j);
    if (!rv || !nv) {
        snprintf(err, errsize, "%s: cannot read the values of sensor '%s'", rv ? cur->path : ref->path, s->name);
        free(rv);
        free(nv);
        return -1;
    }
    if (compare_values(ref, rv, nv, s->ncols, m, o, sc) != 0) {
        snprintf(err, errsize, "out of memory");
        free(rv);
        free(nv);
        return -1;
    }
    if (sc->worst_col >= 0)
        sc->worst_col_name = s->columns[sc->worst_col];
    if (sc->rows_beyond > 0)
        sc->verdict = MBS_CMP_DIFFERENT;
    free(rv);
    free(nv);
    return 0;
}

static void tally(mbs_comparison *c)
{
    for (int i = 0; i < c->n; i++) {
        switch (c->sensors[i].verdict) {
        case MBS_CMP_EQUAL: c->n_equal++; break;
        case MBS_CMP_DIFFERENT: c->n_different++; break;
        case MBS_CMP_MISSING: c->n_missing++; break;
        case MBS_CMP_EXTRA: c->n_extra++; break;
        case MBS_CMP_COLUMNS: c->n_columns++; break;
        case MBS_CMP_NOT_COMPARED: c->n_not_compared++; break;
        }
    }
    c->differences = c->status_differs + c->n_different + c->n_missing + c->n_extra + c->n_columns;
    if (!c->grid_equal && c->rows_compared == 0)
        c->differences++;
}

int mbs_compare(const mbs_results *ref, const mbs_results *cur, const mbs_compare_options *o, mbs_comparison *c,
                char *err, size_t errsize)
{
    memset(c, 0, sizeof *c);
    for (int i = 0; i < o->n_sensors; i++)
        if (mbs_results_find(ref, o->sensors[i]) < 0 && mbs_results_find(cur, o->sensors[i]) < 0) {
            snprintf(err, errsize, "no sensor '%s' in %s or %s", o->sensors[i], ref->path, cur->path);
            return -1;
        }
    c->rtol = o->rtol;
    c->atol = o->atol;
    c->scaled_atol = o->scaled_atol;
    c->time_tol = o->time_tol >= 0 ? o->time_tol : default_time_tol(ref);
    c->status_differs = strcmp(ref->status, cur->status) != 0;
    compare_events(ref, cur, c->events_note, sizeof c->events_note);
    c->grid_equal = grids_equal(ref, cur, c->time_tol, c->grid_detail, sizeof c->grid_detail);
    c->sensors = calloc((size_t)(ref->n_sensors + cur->n_sensors) + 1, sizeof *c->sensors);
    if (!c->sensors) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    row_map map = {0};
    int have_map = 0;
    if (c->grid_equal)
        have_map = identity_map(ref->n_rows, &map) == 0;
    else if (o->interpolate && strcmp(ref->time_unit, cur->time_unit) == 0)
        have_map = interpolation_map(ref, cur, c->time_tol, &map) == 0;
    if (have_map && map.n > 0) {
        c->rows_compared = map.n;
        c->t_first = ref->time[map.ref[0]];
        c->t_last = ref->time[map.ref[map.n - 1]];
    }
    int rc = 0;
    for (int i = 0; i < ref->n_sensors && rc == 0; i++)
        if (wanted(o, ref->sensors[i].name))
            rc = compare_sensor(ref, cur, i, have_map && (map.n > 0 || c->grid_equal) ? &map : NULL, o, c, err,
                                errsize);
    for (int j = 0; j < cur->n_sensors && rc == 0; j++)
        if (wanted(o, cur->sensors[j].name) && mbs_results_find(ref, cur->sensors[j].name) < 0)
            add(c, cur->sensors[j].name, MBS_CMP_EXTRA);
    free_map(&map);
    if (rc != 0) {
        mbs_comparison_free(c);
        return -1;
    }
    tally(c);
    return 0;
}

void mbs_comparison_free(mbs_comparison *c)
{
    free(c->sensors);
    memset(c, 0, sizeof *c);
}
