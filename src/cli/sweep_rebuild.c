/* A sweep's rows rebuilt from its results files alone (sweep_rebuild.h). */
#include "sweep_rebuild.h"
#include "sweep_collect.h"
#include "sweep_plan.h"
#include "textout.h"
#include "../core/strutil.h"
#include "../output/results_reader.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* A file of DIR named MODEL_NNN.h5, and what it says of itself. */
typedef struct found {
    char *name, *base; /* "brake_012.h5", "brake" */
    long index;        /* 12 */
    int digits;        /* 3 */
    char *model_file;  /* NULL: not a readable results file */
    int n_params;
    char **param_names;
    double *param_values;
} found;

typedef struct scan {
    const char *dir;
    found *files; /* every file named MODEL_NNN.h5, then only the sweep's, by index */
    int n;
    mbs_buf stray; /* the other .h5 files, "a.h5, b.h5" */
    int n_stray;
} scan;

/* A varied parameter: one column of the table. */
typedef struct axis {
    int param;      /* its index in the first readable file's /parameters */
    long changes;   /* how often its value changes from one file to the next */
    int n;          /* its values in the files */
    long stride;    /* index step from one of its values to the next */
    long n_at;      /* the positions of its values: n, or for the first axis as many as the indices reach */
    double *at;     /* [n_at]: the value at each position, NaN where no file tells it */
    int consistent; /* every file's value is at the position its index says */
} axis;

static int same(double a, double b)
{
    return a == b || (isnan(a) && isnan(b));
}

/* "brake_012.h5" -> base "brake", index 12, 3 digits; -1 if not so named. */
static int parse_name(const char *name, found *f)
{
    size_t len = strlen(name);
    if (len < 4 || strcmp(name + len - 3, ".h5") != 0)
        return -1;
    size_t end = len - 3, start = end;
    while (start > 0 && isdigit((unsigned char)name[start - 1]))
        start--;
    if (start == end || end - start > 9 || start < 2 || name[start - 1] != '_')
        return -1;
    f->index = strtol(name + start, NULL, 10);
    f->digits = (int)(end - start);
    f->base = mbs_strndup(name, start - 1);
    f->name = mbs_strdup(name);
    return f->base && f->name ? 0 : -1;
}

static void found_free(found *f)
{
    free(f->name);
    free(f->base);
    free(f->model_file);
    for (int k = 0; k < f->n_params; k++)
        free(f->param_names[k]);
    free(f->param_names);
    free(f->param_values);
}

static void add_stray(scan *s, const char *name)
{
    mbs_buf_appendf(&s->stray, "%s%s", s->n_stray++ ? ", " : "", name);
}

/* What a file says of itself: the model it ran and its parameters. */
static void read_found(const char *dir, found *f)
{
    char *path = mbs_sprintf_alloc("%s/%s", dir, f->name);
    mbs_results r;
    char err[1024];
    if (!path || mbs_sweep_file_crashes(path, NULL, err, sizeof err) ||
        mbs_results_open(path, &r, err, sizeof err) != 0) {
        free(path);
        return;
    }
    f->param_names = calloc((size_t)r.n_params + 1, sizeof *f->param_names);
    f->param_values = calloc((size_t)r.n_params + 1, sizeof *f->param_values);
    if (f->param_names && f->param_values) {
        f->model_file = mbs_strdup(r.model_file);
        for (int k = 0; k < r.n_params; k++) {
            f->param_names[k] = mbs_strdup(r.params[k].name);
            f->param_values[k] = r.params[k].is_text ? NAN : r.params[k].number;
        }
        f->n_params = r.n_params;
    }
    mbs_results_free(&r);
    free(path);
}

static int by_index(const void *a, const void *b)
{
    const found *x = a, *y = b;
    return x->index != y->index ? (x->index < y->index ? -1 : 1) : strcmp(x->name, y->name);
}

/* Every .h5 file of DIR: those named MODEL_NNN.h5 read, the others stray. */
static int list_files(scan *s)
{
    DIR *d = opendir(s->dir);
    if (!d) {
        fprintf(stderr, "mbsim sweep: error: cannot read %s: %s\n", s->dir, strerror(errno));
        return -1;
    }
    struct dirent *e;
    int rc = 0;
    while (rc == 0 && (e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (e->d_name[0] == '.' || len < 4 || strcmp(e->d_name + len - 3, ".h5") != 0)
            continue;
        found *grown = realloc(s->files, (size_t)(s->n + 1) * sizeof *grown);
        if (!grown) {
            rc = -1;
            break;
        }
        s->files = grown;
        found *f = &s->files[s->n];
        memset(f, 0, sizeof *f);
        if (parse_name(e->d_name, f) == 0)
            s->n++;
        else {
            found_free(f);
            add_stray(s, e->d_name);
        }
    }
    closedir(d);
    qsort(s->files, (size_t)s->n, sizeof *s->files, by_index);
    for (int i = 0; i < s->n; i++)
        read_found(s->dir, &s->files[i]);
    return rc;
}

/* A results file belongs to a sweep when its name begins with its model's base name. */
static int is_sweeps(const found *f)
{
    char *base = f->model_file ? mbs_sweep_base_name(f->model_file) : NULL;
    int yes = base && strcmp(base, f->base) == 0;
    free(base);
    return yes;
}

/* Keeps the sweep's files (the readable ones of one model, and the
 * unreadable ones named as they are); the others become stray. */
static int keep_sweeps_files(scan *s)
{
    const found *first = NULL;
    for (int i = 0; i < s->n && !first; i++)
        if (is_sweeps(&s->files[i]))
            first = &s->files[i];
    if (!first) {
        fprintf(stderr,
                "mbsim sweep: error: %s has no sweep.csv, and no results files of a sweep (MODEL_NNN.h5) to rebuild "
                "it from\n",
                s->dir);
        return -1;
    }
    for (int i = 0; i < s->n; i++) {
        const found *f = &s->files[i];
        if (is_sweeps(f) && strcmp(f->model_file, first->model_file) != 0) {
            fprintf(stderr,
                    "mbsim sweep: error: %s holds the results of sweeps of two models, %s (%s) and %s (%s): "
                    "--collect rebuilds the table of one sweep; move one sweep's files to a directory of its own\n",
                    s->dir, first->model_file, first->name, f->model_file, f->name);
            return -1;
        }
    }
    char *base = mbs_strdup(first->base);
    int kept = 0;
    for (int i = 0; i < s->n; i++) {
        found *f = &s->files[i];
        if (base && strcmp(f->base, base) == 0 && (!f->model_file || is_sweeps(f))) {
            s->files[kept++] = *f;
        } else {
            add_stray(s, f->name);
            found_free(f);
        }
    }
    s->n = kept;
    free(base);
    for (int i = 1; i < s->n; i++)
        if (s->files[i].index == s->files[i - 1].index) {
            fprintf(stderr, "mbsim sweep: error: %s: %s and %s are both point %ld\n", s->dir, s->files[i - 1].name,
                    s->files[i].name, s->files[i].index);
            return -1;
        }
    return 0;
}

/* The parameters of the first readable file, valued in every file (NaN where one has none). */
static const found *first_readable(const scan *s)
{
    for (int i = 0; i < s->n; i++)
        if (s->files[i].model_file)
            return &s->files[i];
    return NULL;
}

static double value_of(const found *f, const char *param)
{
    for (int k = 0; k < f->n_params; k++)
        if (strcmp(f->param_names[k], param) == 0)
            return f->param_values[k];
    return NAN;
}

/* The parameters whose values differ between the files, the one that
 * changes least often from index to index first: the --vary order. */
static int find_axes(const scan *s, const found *ref, axis **out, int *n_out)
{
    axis *axes = calloc((size_t)ref->n_params + 1, sizeof *axes);
    if (!axes)
        return -1;
    int n = 0;
    for (int k = 0; k < ref->n_params; k++) {
        long changes = 0;
        int differs = 0;
        const found *prev = NULL;
        for (int i = 0; i < s->n; i++) {
            const found *f = &s->files[i];
            if (!f->model_file)
                continue;
            double v = value_of(f, ref->param_names[k]);
            differs |= !same(v, ref->param_values[k]);
            changes += prev && !same(v, value_of(prev, ref->param_names[k]));
            prev = f;
        }
        if (differs)
            axes[n++] = (axis){.param = k, .changes = changes};
    }
    /* insertion sort: stable, so equal counts keep the model's order */
    for (int i = 1; i < n; i++) {
        axis a = axes[i];
        int j = i;
        while (j > 0 && axes[j - 1].changes > a.changes) {
            axes[j] = axes[j - 1];
            j--;
        }
        axes[j] = a;
    }
    *out = axes;
    *n_out = n;
    return 0;
}

/* The position of point `index` among the axis's values: the last axis
 * changes fastest, the first slowest (the --vary order). */
static long position(const axis *a, int first, long index)
{
    return first ? index / a->stride : (index / a->stride) % a->n;
}

/* The grid the axes make: the number of each one's values in the files,
 * hence the strides, and the value at every position that a file tells.
 * An axis whose values do not sit where the indices put them (a value no
 * file has, e.g. one the model rejected at every point) is not consistent:
 * its values are told only by the files. Returns the number of rows: the
 * whole grid when every axis is consistent, else up to the last file. */
static long make_grid(const scan *s, const found *ref, axis *axes, int n_axes)
{
    long last = s->files[s->n - 1].index, stride = 1;
    int grid = 1;
    for (int a = n_axes - 1; a >= 0; a--) {
        double *seen = calloc((size_t)s->n + 1, sizeof *seen);
        if (!seen)
            return -1;
        for (int i = 0; i < s->n; i++) {
            double v = value_of(&s->files[i], ref->param_names[axes[a].param]);
            int known = 0;
            for (int k = 0; k < axes[a].n && !known; k++)
                known = same(seen[k], v);
            if (s->files[i].model_file && !known)
                seen[axes[a].n++] = v;
        }
        free(seen);
        axes[a].stride = stride;
        axes[a].n_at = a == 0 ? last / stride + 1 : axes[a].n;
        if (stride > MBS_SWEEP_MAX_POINTS / axes[a].n)
            return -1;
        stride *= axes[a].n;
    }
    for (int a = 0; a < n_axes; a++) {
        axis *x = &axes[a];
        x->at = malloc((size_t)x->n_at * sizeof *x->at);
        if (!x->at)
            return -1;
        for (long k = 0; k < x->n_at; k++)
            x->at[k] = NAN;
        x->consistent = 1;
        for (int i = 0; i < s->n; i++) {
            const found *f = &s->files[i];
            if (!f->model_file)
                continue;
            double v = value_of(f, ref->param_names[x->param]);
            long p = position(x, a == 0, f->index);
            if (!isnan(x->at[p]) && !same(x->at[p], v))
                x->consistent = 0;
            x->at[p] = v;
        }
        grid &= x->consistent;
    }
    return grid && n_axes > 0 ? axes[0].stride * axes[0].n_at : last + 1;
}

static char *number_text(double v)
{
    char text[40];
    mbs_format_exact(text, sizeof text, v);
    return mbs_strdup(text);
}

/* The row of point `index`: its file's values, or the grid's, or none. */
static int make_row(const scan *s, const found *ref, const axis *axes, int n_axes, long index, const found *f,
                    mbs_sweep_row *row)
{
    memset(row, 0, sizeof *row);
    row->index = mbs_sprintf_alloc("%ld", index);
    row->file = f ? mbs_strdup(f->name)
                  : mbs_sprintf_alloc("%s_%0*ld.h5", s->files[0].base, s->files[0].digits, index);
    row->values = calloc((size_t)n_axes + 1, sizeof *row->values);
    if (!row->index || !row->file || !row->values)
        return -1;
    for (int a = 0; a < n_axes; a++) {
        const char *param = ref->param_names[axes[a].param];
        if (f && f->model_file)
            row->values[a] = number_text(value_of(f, param));
        else if (axes[a].consistent && position(&axes[a], a == 0, index) < axes[a].n_at &&
                 !isnan(axes[a].at[position(&axes[a], a == 0, index)]))
            row->values[a] = number_text(axes[a].at[position(&axes[a], a == 0, index)]);
        else
            row->values[a] = mbs_strdup("");
        if (!row->values[a])
            return -1;
    }
    return 0;
}

static int make_rows(const scan *s, mbs_sweep_points *p, int quiet)
{
    const found *ref = first_readable(s);
    axis *axes = NULL;
    int n_axes = 0;
    if (!ref || find_axes(s, ref, &axes, &n_axes) != 0)
        return -1;
    long n_rows = make_grid(s, ref, axes, n_axes);
    int rc = n_rows > 0 ? 0 : -1;
    if (rc == 0) {
        p->axes = calloc((size_t)n_axes + 1, sizeof *p->axes);
        p->rows = calloc((size_t)n_rows, sizeof *p->rows);
        rc = p->axes && p->rows ? 0 : -1;
    }
    for (int a = 0; rc == 0 && a < n_axes; a++) {
        p->axes[a] = mbs_strdup(ref->param_names[axes[a].param]);
        p->n_axes++;
        rc = p->axes[a] ? 0 : -1;
    }
    for (long i = 0, next = 0; rc == 0 && i < n_rows; i++) {
        const found *f = next < s->n && s->files[next].index == i ? &s->files[next++] : NULL;
        rc = make_row(s, ref, axes, n_axes, i, f, &p->rows[i]);
        p->n++;
    }
    if (rc == 0 && !quiet) {
        mbs_buf varied;
        mbs_buf_init(&varied);
        for (int a = 0; a < n_axes; a++)
            mbs_buf_appendf(&varied, "%s%s", a ? ", " : "", p->axes[a]);
        fprintf(stderr, "mbsim sweep: note: no %s/sweep.csv: rebuilt from the %d results files of %s (varied: %s)\n",
                s->dir, s->n, ref->model_file, varied.data ? varied.data : "no parameter differs between them");
        mbs_buf_free(&varied);
    }
    for (int a = 0; a < n_axes; a++)
        free(axes[a].at);
    free(axes);
    return rc;
}

int mbs_sweep_rebuild(const char *dir, mbs_sweep_points *p, int quiet)
{
    scan s = {dir, NULL, 0, {0}, 0};
    mbs_buf_init(&s.stray);
    int rc = list_files(&s);
    if (rc == 0)
        rc = keep_sweeps_files(&s);
    if (rc == 0 && !quiet && s.n_stray)
        fprintf(stderr, "mbsim sweep: note: %s: left out, not results files of this sweep (%s_NNN.h5): %s\n", dir,
                s.files[0].base, s.stray.data);
    if (rc == 0)
        rc = make_rows(&s, p, quiet);
    for (int i = 0; i < s.n; i++)
        found_free(&s.files[i]);
    free(s.files);
    mbs_buf_free(&s.stray);
    return rc;
}
