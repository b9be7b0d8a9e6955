/* The rows of DIR/sweep.csv as the sweep wrote them: index, the values,
 * status, exit_code, wall_time_s, file, message, then the summary columns.
 * Without the table, sweep_rebuild.c makes the rows from the files. */
#include "sweep_points.h"
#include "sweep_rebuild.h"
#include "textout.h"
#include "../core/strutil.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *mbs_sweep_base_name(const char *model)
{
    const char *base = strrchr(model, '/');
    base = base ? base + 1 : model;
    const char *dot = strrchr(base, '.');
    size_t len = dot && dot != base ? (size_t)(dot - base) : strlen(base);
    return mbs_strndup(base, len);
}

static void free_texts(char **texts, int n)
{
    for (int k = 0; texts && k < n; k++)
        free(texts[k]);
    free(texts);
}

void mbs_sweep_points_free(mbs_sweep_points *p)
{
    for (long i = 0; i < p->n; i++) {
        mbs_sweep_row *r = &p->rows[i];
        free(r->index);
        free_texts(r->values, p->n_axes);
        free(r->file);
        free(r->status);
        free(r->exit_code);
        free(r->wall_time);
        free(r->message);
    }
    free(p->rows);
    free_texts(p->axes, p->n_axes);
    free_texts(p->summaries, p->n_summaries);
    memset(p, 0, sizeof *p);
}

static int column(char **header, int n, const char *name)
{
    for (int k = 0; k < n; k++)
        if (strcmp(header[k], name) == 0)
            return k;
    return -1;
}

/* The columns from `first` to `last` (inclusive) of a record, copied. */
static char **copy_fields(char **fields, int first, int last)
{
    int n = last - first + 1;
    char **out = calloc((size_t)(n > 0 ? n : 1), sizeof *out);
    for (int k = 0; out && k < n; k++)
        if (!(out[k] = mbs_strdup(fields[first + k]))) {
            free_texts(out, k);
            return NULL;
        }
    return out;
}

/* The layout of a sweep's table: index, the values, then these in this order. */
static const char *const FIXED[] = {"status", "exit_code", "wall_time_s", "file", "message"};
enum { N_FIXED = 5 };

static int add_row(mbs_sweep_points *p, char **fields, int n, int status_col)
{
    mbs_sweep_row *rows = realloc(p->rows, (size_t)(p->n + 1) * sizeof *rows);
    if (!rows)
        return -1;
    p->rows = rows;
    mbs_sweep_row *r = &rows[p->n];
    memset(r, 0, sizeof *r);
    p->n++;
    const char *at[N_FIXED];
    for (int k = 0; k < N_FIXED; k++)
        at[k] = status_col + k < n ? fields[status_col + k] : "";
    r->index = mbs_strdup(fields[0]);
    r->values = copy_fields(fields, 1, p->n_axes);
    r->status = mbs_strdup(at[0]);
    r->exit_code = mbs_strdup(at[1]);
    r->wall_time = mbs_strdup(at[2]);
    r->file = mbs_strdup(at[3]);
    r->message = mbs_strdup(at[4]);
    return r->index && r->values && r->status && r->exit_code && r->wall_time && r->file && r->message ? 0 : -1;
}

/* 0; 1 when there is no table (ENOENT); -1 after saying what is wrong with it. */
static int read_table(const char *path, mbs_sweep_points *p)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        if (errno == ENOENT)
            return 1;
        fprintf(stderr, "mbsim sweep: error: cannot read %s: %s\n", path, strerror(errno));
        return -1;
    }
    char **header = NULL;
    int n_header = 0;
    int rc = mbs_csv_read(f, &header, &n_header) == 1 ? 0 : -1;
    int status_col = rc == 0 ? column(header, n_header, "status") : -1;
    for (int k = 0; rc == 0 && k < N_FIXED; k++)
        if (status_col < 1 || status_col + k >= n_header || strcmp(header[status_col + k], FIXED[k]) != 0)
            rc = -1;
    if (rc != 0 || strcmp(header[0], "index") != 0) {
        fprintf(stderr,
                "mbsim sweep: error: %s is not a sweep table (index, the values, status, exit_code, wall_time_s, file, "
                "message)\n",
                path);
        mbs_csv_free(header, n_header);
        fclose(f);
        return -1;
    }
    p->n_axes = status_col - 1;
    p->axes = copy_fields(header, 1, p->n_axes);
    p->n_summaries = n_header - status_col - N_FIXED;
    p->summaries = copy_fields(header, status_col + N_FIXED, n_header - 1);
    mbs_csv_free(header, n_header);
    char **fields;
    int n, got = p->axes && p->summaries ? 1 : -1;
    while (got == 1 && (got = mbs_csv_read(f, &fields, &n)) == 1) {
        int empty_line = n == 1 && fields[0][0] == '\0';
        if (!empty_line && (n < status_col || add_row(p, fields, n, status_col) != 0))
            got = -1;
        mbs_csv_free(fields, n);
    }
    fclose(f);
    if (got < 0) {
        fprintf(stderr, "mbsim sweep: error: %s: row %ld is malformed\n", path, p->n + 1);
        return -1;
    }
    return 0;
}

int mbs_sweep_points_read(const char *dir, mbs_sweep_points *p, int quiet)
{
    memset(p, 0, sizeof *p);
    char *path = mbs_sprintf_alloc("%s/sweep.csv", dir);
    int rc = path ? read_table(path, p) : -1;
    if (rc == 1) {
        mbs_sweep_points_free(p);
        rc = mbs_sweep_rebuild(dir, p, quiet);
    }
    if (rc != 0)
        mbs_sweep_points_free(p);
    free(path);
    return rc;
}
