/* `mbsim sweep --collect DIR`: sweep.csv made again from the points'
 * results files (sweep_collect.h).
 *
 * The points and their values come from DIR/sweep.csv, the table that
 * `--emit-commands` (or an earlier run) wrote, or without it from the
 * results files alone (sweep_rebuild.c). What each point did is read from
 * its results file:
 *   status "completed" -> exit_code 0; "failed" -> 1; "interrupted" -> 130;
 *   "killed" (after `mbsim recover`), or "running" with its writer gone
 *   from this host -> "killed", no exit code;
 *   "running" (its writer still going, or on another host: killed or not,
 *   it cannot tell) -> no exit code;
 *   an unreadable file -> "error".
 * A point without a file: "invalid" (exit code 2) when its log, which the
 * sweep keeps beside the file it would have written, holds the error that
 * rejected it; what the table said when that was an outcome no file could
 * tell (invalid, killed, error, not run); else "missing" (the file column
 * keeps the name the file is to have, for a later --collect after the
 * point is run again).
 * The table is written to a temporary file and renamed over sweep.csv. */
#include "sweep_collect.h"
#include "cli.h"
#include "sweep_points.h"
#include "textout.h"
#include "../core/isolate.h"
#include "../core/strutil.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char *mbs_sweep_log_message(const char *log)
{
    FILE *f = fopen(log, "r");
    if (!f)
        return NULL;
    char line[1024], last[1024] = "";
    char *found = NULL;
    while (!found && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (strstr(line, "error:"))
            found = mbs_strdup(line);
        else if (line[0] && !strstr(line, ": warning: ") && !strstr(line, ": note: "))
            snprintf(last, sizeof last, "%s", line);
    }
    fclose(f);
    return found ? found : last[0] ? mbs_strdup(last) : NULL;
}

/* Reads what --collect reads of a file: run in a child first, since
 * libhdf5 crashes on some corrupt files (src/core/isolate.h). */
typedef struct probe {
    const char *path;
    const mbs_summaries *sum;
} probe;

static int read_as_collect_does(const void *ctx)
{
    const probe *p = ctx;
    mbs_results r;
    char err[1024];
    if (mbs_results_open(p->path, &r, err, sizeof err) != 0)
        return 1;
    for (int i = 0; p->sum && i < p->sum->n; i++) {
        int k = mbs_results_find(&r, p->sum->items[i].sensor);
        if (k >= 0)
            free(mbs_results_sensor_values(&r, k));
    }
    mbs_results_free(&r);
    return 0;
}

int mbs_sweep_file_crashes(const char *path, const mbs_summaries *sum, char *err, size_t errsize)
{
    probe p = {path, sum};
    if (mbs_run_isolated(read_as_collect_does, &p) != MBS_ISOLATED_CRASHED)
        return 0;
    snprintf(err, errsize, "%s: corrupt at the level of its HDF5 structures (libhdf5 crashed reading it)", path);
    return 1;
}

typedef struct outcome {
    const char *status;
    char exit_code[8];
    char wall[32];
    char *message;
    int no_file; /* the file column is left empty, as the sweep writes it for a point without one */
    double *summary;
    int read; /* the summaries were computed from the file */
} outcome;

static void set(outcome *o, const char *status, const char *exit_code, const char *wall, char *message)
{
    o->status = status;
    snprintf(o->exit_code, sizeof o->exit_code, "%s", exit_code);
    snprintf(o->wall, sizeof o->wall, "%s", wall);
    if (o->message != message)
        free(o->message);
    o->message = message;
}

/* The outcomes only the sweep that ran the point knew: no file tells them. */
static const char *const KEPT_FROM_TABLE[] = {"invalid", "killed", "error", "not run"};

/* A point that left no results file. */
static void without_file(const char *dir, const mbs_sweep_row *row, outcome *o)
{
    /* the log beside the file it would have written: "x_002.h5" -> "x_002.log" */
    size_t len = strlen(row->file);
    char *log = len > 3 ? mbs_sprintf_alloc("%s/%.*s.log", dir, (int)(len - 3), row->file) : NULL;
    char *error = log ? mbs_sweep_log_message(log) : NULL;
    free(log);
    if (error && strstr(error, "error:")) {
        set(o, "invalid", "2", "", error);
        o->no_file = 1;
        return;
    }
    free(error);
    for (size_t k = 0; row->status && k < sizeof KEPT_FROM_TABLE / sizeof KEPT_FROM_TABLE[0]; k++)
        if (strcmp(row->status, KEPT_FROM_TABLE[k]) == 0) {
            set(o, KEPT_FROM_TABLE[k], row->exit_code, row->wall_time, mbs_strdup(row->message));
            o->no_file = !row->file[0];
            return;
        }
    set(o, "missing", "", "", mbs_strdup(row->file[0] ? "no results file" : ""));
}

static void examine(const char *dir, const mbs_sweep_row *row, const mbs_summaries *sum, outcome *o, long *rows)
{
    memset(o, 0, sizeof *o);
    char *path = row->file[0] ? mbs_sprintf_alloc("%s/%s", dir, row->file) : NULL;
    if (!path || access(path, F_OK) != 0) {
        free(path);
        without_file(dir, row, o);
        return;
    }
    mbs_results r;
    char err[1024];
    if (mbs_sweep_file_crashes(path, sum, err, sizeof err) || mbs_results_open(path, &r, err, sizeof err) != 0) {
        set(o, "error", "", "", mbs_strdup(err));
        free(path);
        return;
    }
    static const struct {
        const char *file_status, *status, *exit_code;
    } MAP[] = {{"completed", "completed", "0"}, {"failed", "failed", "1"}, {"interrupted", "interrupted", "130"},
               {"running", "running", ""},      {"killed", "killed", ""}};
    set(o, "error", "", "", mbs_strdup(r.message));
    for (size_t k = 0; k < sizeof MAP / sizeof MAP[0]; k++)
        if (strcmp(r.status, MAP[k].file_status) == 0)
            set(o, MAP[k].status, MAP[k].exit_code, "", o->message);
    if (mbs_results_writer_state(&r) == MBS_WRITER_GONE)
        set(o, "killed", "", "",
            mbs_strdup("its run was killed: the file says running and its process is gone ('mbsim recover' makes it "
                       "an ordinary file)"));
    double wall = mbs_results_solver_number(&r, "wall_time_s");
    if (!isnan(wall))
        snprintf(o->wall, sizeof o->wall, "%.3f", wall);
    o->summary = calloc((size_t)sum->n + 1, sizeof *o->summary);
    if (o->summary)
        o->read = mbs_summaries_compute(sum, &r, o->summary, rows, err, sizeof err) >= 0;
    mbs_results_free(&r);
    free(path);
}

static void write_header(FILE *f, const mbs_sweep_points *p, const mbs_summaries *sum)
{
    fputs("index", f);
    for (int k = 0; k < p->n_axes; k++) {
        fputc(',', f);
        mbs_csv_field(f, p->axes[k]);
    }
    fputs(",status,exit_code,wall_time_s,file,message", f);
    for (int k = 0; k < sum->n; k++) {
        fputc(',', f);
        mbs_csv_field(f, sum->items[k].text);
    }
    fputc('\n', f);
}

static void write_row(FILE *f, const mbs_sweep_points *p, const mbs_sweep_row *row, const outcome *o,
                      const mbs_summaries *sum)
{
    mbs_csv_field(f, row->index);
    for (int k = 0; k < p->n_axes; k++) {
        fputc(',', f);
        mbs_csv_field(f, row->values[k]);
    }
    fprintf(f, ",%s,%s,%s,", o->status, o->exit_code, o->wall);
    mbs_csv_field(f, o->no_file ? "" : row->file);
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

/* The summaries: the table's own columns first, then those of the command
 * line it lacks. 0, or -1 after saying which column is not a summary. */
static int summaries_of(const char *dir, const mbs_sweep_points *p, const mbs_summaries *given, mbs_summaries *all)
{
    char err[1024];
    for (int k = 0; k < p->n_summaries; k++)
        if (mbs_summary_add(all, p->summaries[k], err, sizeof err) != 0) {
            fprintf(stderr, "mbsim sweep: error: %s/sweep.csv: the column '%s' is not a summary: %s\n", dir,
                    p->summaries[k], err);
            return -1;
        }
    for (int k = 0; k < given->n; k++)
        if (mbs_summary_find(all, given->items[k].text) < 0 &&
            mbs_summary_add(all, given->items[k].text, err, sizeof err) != 0)
            return -1;
    return 0;
}

/* Every summary must name a sensor and a column of the sweep's results: the
 * first readable file's, checked as a sweep checks them against its model. */
static int check_summaries(const char *dir, const mbs_sweep_points *p, const mbs_summaries *sum)
{
    char err[1024];
    for (long i = 0; sum->n > 0 && i < p->n; i++) {
        char *path = p->rows[i].file[0] ? mbs_sprintf_alloc("%s/%s", dir, p->rows[i].file) : NULL;
        mbs_results r;
        if (!path || access(path, F_OK) != 0 || mbs_sweep_file_crashes(path, NULL, err, sizeof err) ||
            mbs_results_open(path, &r, err, sizeof err) != 0) {
            free(path);
            continue;
        }
        mbs_summary_sensor *sensors = calloc((size_t)r.n_sensors + 1, sizeof *sensors);
        for (int k = 0; sensors && k < r.n_sensors; k++)
            sensors[k] = (mbs_summary_sensor){r.sensors[k].name, r.sensors[k].columns, r.sensors[k].ncols};
        int rc = sensors && mbs_summaries_check(sum, path, sensors, r.n_sensors, err, sizeof err) == 0
                     ? 0
                     : mbs_cli_usage_error("sweep", "%s", sensors ? err : "out of memory");
        free(sensors);
        mbs_results_free(&r);
        free(path);
        return rc;
    }
    return 0;
}

static int write_table(const char *dir, const mbs_sweep_points *p, const mbs_summaries *sum, int quiet)
{
    char *path = mbs_sprintf_alloc("%s/sweep.csv", dir);
    char *tmp = mbs_sprintf_alloc("%s/.sweep.csv.tmp", dir);
    FILE *f = path && tmp ? fopen(tmp, "w") : NULL;
    long completed = 0, files_read = 0;
    long *rows = calloc((size_t)sum->n + 1, sizeof *rows), *window_rows = calloc((size_t)sum->n + 1, sizeof *rows);
    if (f && rows && window_rows) {
        write_header(f, p, sum);
        for (long i = 0; i < p->n; i++) {
            outcome o;
            examine(dir, &p->rows[i], sum, &o, rows);
            completed += strcmp(o.status, "completed") == 0;
            for (int k = 0; o.read && k < sum->n; k++)
                window_rows[k] += rows[k];
            files_read += o.read;
            write_row(f, p, &p->rows[i], &o, sum);
            free(o.message);
            free(o.summary);
        }
    }
    int rc;
    if (f && rows && window_rows && fclose(f) == 0 && rename(tmp, path) == 0) {
        rc = completed == p->n ? EXIT_OK : EXIT_FAILED;
        if (quiet < MBS_QUIET_MAX)
            mbs_summaries_warn_empty(sum, window_rows, files_read);
        if (!quiet)
            fprintf(stderr, "mbsim sweep: %ld points: %ld completed, %ld not completed -> %s\n", p->n, completed,
                    p->n - completed, path);
    } else {
        fprintf(stderr, "mbsim sweep: error: cannot write %s/sweep.csv: %s\n", dir, strerror(errno));
        if (tmp)
            remove(tmp);
        rc = EXIT_FAILED;
    }
    free(rows);
    free(window_rows);
    free(path);
    free(tmp);
    return rc;
}

int mbs_sweep_collect(const char *dir, const mbs_summaries *given, int quiet)
{
    mbs_sweep_points p;
    if (mbs_sweep_points_read(dir, &p, quiet) != 0)
        return EXIT_BAD_INPUT;
    mbs_summaries sum = {NULL, 0};
    int rc = summaries_of(dir, &p, given, &sum) == 0 ? check_summaries(dir, &p, &sum) : EXIT_BAD_INPUT;
    if (rc == 0)
        rc = write_table(dir, &p, &sum, quiet);
    mbs_summaries_free(&sum);
    mbs_sweep_points_free(&p);
    return rc;
}
