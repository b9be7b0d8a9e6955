/* The points and their values come from the sweep.csv that `--emit-commands`
 * (or an earlier run) wrote: the plan is not in the files. What each point
 * did is read from its results file:
 *   status "completed" -> exit_code 0; "failed" -> 1; "interrupted" -> 130;
 *   "running" (its writer still going, or killed) -> no exit code;
 *   no file -> status "missing" (the file column keeps the name it is to
 *   have, for a later --collect after the point is run again);
 *   an unreadable file -> "error".
 * The table is written to a temporary file and renamed over sweep.csv. */
#include "sweep_collect.h"
#include "cli.h"
#include "textout.h"
#include "../core/strutil.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct table {
    char **header;
    int n_header;
    int n_axes;  /* columns between index and status */
    int file_col;
    char ***rows;
    int *row_len;
    long n_rows;
} table;

static void table_free(table *t)
{
    mbs_csv_free(t->header, t->n_header);
    for (long i = 0; i < t->n_rows; i++)
        mbs_csv_free(t->rows[i], t->row_len[i]);
    free(t->rows);
    free(t->row_len);
}

static int column(const table *t, const char *name)
{
    for (int k = 0; k < t->n_header; k++)
        if (strcmp(t->header[k], name) == 0)
            return k;
    return -1;
}

/* Reads DIR/sweep.csv; 0, or -1 after saying why. */
static int read_table(const char *path, table *t)
{
    memset(t, 0, sizeof *t);
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "mbsim sweep: error: cannot read %s: %s (--collect rebuilds the table that "
                        "--emit-commands wrote)\n", path, strerror(errno));
        return -1;
    }
    int rc = mbs_csv_read(f, &t->header, &t->n_header) == 1 ? 0 : -1;
    int status_col = column(t, "status");
    t->file_col = column(t, "file");
    if (rc != 0 || t->n_header < 1 || strcmp(t->header[0], "index") != 0 || status_col < 1 || t->file_col < 0) {
        fprintf(stderr, "mbsim sweep: error: %s is not a sweep table (no index, status and file columns)\n", path);
        fclose(f);
        return -1;
    }
    t->n_axes = status_col - 1;
    char **fields;
    int n, got;
    while ((got = mbs_csv_read(f, &fields, &n)) == 1) {
        if (n == 1 && fields[0][0] == '\0') { /* an empty line */
            mbs_csv_free(fields, n);
            continue;
        }
        char ***rows = realloc(t->rows, (size_t)(t->n_rows + 1) * sizeof *rows);
        int *lens = realloc(t->row_len, (size_t)(t->n_rows + 1) * sizeof *lens);
        if (rows)
            t->rows = rows;
        if (lens)
            t->row_len = lens;
        if (!rows || !lens || n <= t->file_col) {
            mbs_csv_free(fields, n);
            got = -1;
            break;
        }
        t->rows[t->n_rows] = fields;
        t->row_len[t->n_rows++] = n;
    }
    fclose(f);
    if (got < 0) {
        fprintf(stderr, "mbsim sweep: error: %s: row %ld is malformed\n", path, t->n_rows + 1);
        return -1;
    }
    return 0;
}

typedef struct outcome {
    const char *status;
    char exit_code[8];
    char wall[32];
    char *message;
    double *summary;
} outcome;

static void examine(const char *dir, const char *file, const mbs_summaries *sum, outcome *o)
{
    memset(o, 0, sizeof *o);
    o->status = "missing";
    if (!file[0])
        return;
    char *path = mbs_sprintf_alloc("%s/%s", dir, file);
    if (!path || access(path, F_OK) != 0) {
        free(path);
        o->message = mbs_strdup("no results file");
        return;
    }
    mbs_results r;
    char err[1024];
    if (mbs_results_open(path, &r, err, sizeof err) != 0) {
        o->status = "error";
        o->message = mbs_strdup(err);
        free(path);
        return;
    }
    static const struct {
        const char *file_status, *status, *exit_code;
    } MAP[] = {{"completed", "completed", "0"}, {"failed", "failed", "1"}, {"interrupted", "interrupted", "130"},
               {"running", "running", ""}};
    o->status = "error";
    for (size_t k = 0; k < sizeof MAP / sizeof MAP[0]; k++)
        if (strcmp(r.status, MAP[k].file_status) == 0) {
            o->status = MAP[k].status;
            snprintf(o->exit_code, sizeof o->exit_code, "%s", MAP[k].exit_code);
        }
    double wall = mbs_results_solver_number(&r, "wall_time_s");
    if (!isnan(wall))
        snprintf(o->wall, sizeof o->wall, "%.3f", wall);
    o->message = mbs_strdup(r.message);
    o->summary = calloc((size_t)sum->n + 1, sizeof *o->summary);
    if (o->summary)
        mbs_summaries_compute(sum, &r, o->summary, err, sizeof err);
    mbs_results_free(&r);
    free(path);
}

static void write_row(FILE *f, const table *t, char **row, const outcome *o, const mbs_summaries *sum)
{
    for (int k = 0; k <= t->n_axes; k++) {
        if (k)
            fputc(',', f);
        mbs_csv_field(f, row[k]);
    }
    fprintf(f, ",%s,%s,%s,", o->status, o->exit_code, o->wall);
    mbs_csv_field(f, row[t->file_col]);
    fputc(',', f);
    mbs_csv_field(f, o->message ? o->message : "");
    for (int k = 0; k < sum->n; k++) {
        char text[40] = "";
        if (o->summary)
            mbs_format_exact(text, sizeof text, o->summary[k]);
        fprintf(f, ",%s", text);
    }
    fputc('\n', f);
}

int mbs_sweep_collect(const char *dir, const mbs_summaries *sum, int quiet)
{
    char *path = mbs_sprintf_alloc("%s/sweep.csv", dir);
    char *tmp = mbs_sprintf_alloc("%s/.sweep.csv.tmp", dir);
    table t;
    int rc = EXIT_BAD_INPUT;
    if (!path || !tmp || read_table(path, &t) != 0) {
        free(path);
        free(tmp);
        return rc;
    }
    FILE *f = fopen(tmp, "w");
    long completed = 0;
    if (f) {
        for (int k = 0; k <= t.n_axes; k++) {
            if (k)
                fputc(',', f);
            mbs_csv_field(f, t.header[k]);
        }
        fputs(",status,exit_code,wall_time_s,file,message", f);
        for (int k = 0; k < sum->n; k++) {
            fputc(',', f);
            mbs_csv_field(f, sum->items[k].text);
        }
        fputc('\n', f);
        for (long i = 0; i < t.n_rows; i++) {
            outcome o;
            examine(dir, t.rows[i][t.file_col], sum, &o);
            completed += strcmp(o.status, "completed") == 0;
            write_row(f, &t, t.rows[i], &o, sum);
            free(o.message);
            free(o.summary);
        }
    }
    int write_rc = f ? fclose(f) : -1;
    if (write_rc == 0 && rename(tmp, path) == 0) {
        rc = completed == t.n_rows ? EXIT_OK : EXIT_FAILED;
        if (!quiet)
            fprintf(stderr, "mbsim sweep: %ld points: %ld completed, %ld not completed -> %s\n", t.n_rows, completed,
                    t.n_rows - completed, path);
    } else {
        fprintf(stderr, "mbsim sweep: error: cannot write %s: %s\n", path, strerror(errno));
        remove(tmp);
        rc = EXIT_FAILED;
    }
    table_free(&t);
    free(path);
    free(tmp);
    return rc;
}
