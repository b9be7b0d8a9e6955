/* The points and their values come from DIR/sweep.csv, the table that
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
        else if (line[0])
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

static void examine(const char *dir, const mbs_sweep_row *row, const mbs_summaries *sum, outcome *o)
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
        mbs_summaries_compute(sum, &r, o->summary, err, sizeof err);
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

int mbs_sweep_collect(const char *dir, const mbs_summaries *sum, int quiet)
{
    mbs_sweep_points p;
    if (mbs_sweep_points_read(dir, &p, quiet) != 0)
        return EXIT_BAD_INPUT;
    char *path = mbs_sprintf_alloc("%s/sweep.csv", dir);
    char *tmp = mbs_sprintf_alloc("%s/.sweep.csv.tmp", dir);
    FILE *f = path && tmp ? fopen(tmp, "w") : NULL;
    long completed = 0;
    if (f) {
        write_header(f, &p, sum);
        for (long i = 0; i < p.n; i++) {
            outcome o;
            examine(dir, &p.rows[i], sum, &o);
            completed += strcmp(o.status, "completed") == 0;
            write_row(f, &p, &p.rows[i], &o, sum);
            free(o.message);
            free(o.summary);
        }
    }
    int rc;
    if (f && fclose(f) == 0 && rename(tmp, path) == 0) {
        rc = completed == p.n ? EXIT_OK : EXIT_FAILED;
        if (!quiet)
            fprintf(stderr, "mbsim sweep: %ld points: %ld completed, %ld not completed -> %s\n", p.n, completed,
                    p.n - completed, path);
    } else {
        fprintf(stderr, "mbsim sweep: error: cannot write %s/sweep.csv: %s\n", dir, strerror(errno));
        if (tmp)
            remove(tmp);
        rc = EXIT_FAILED;
    }
    mbs_sweep_points_free(&p);
    free(path);
    free(tmp);
    return rc;
}
