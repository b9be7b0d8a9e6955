/* mbsim info RESULTS.h5 [--events]
 * What a results file holds: status, model, parameters, sensors with their
 * columns and units, events, the analyses run, the eigenvalues of linear
 * analyses, solver statistics. Works on a file still being written and on
 * one whose run was killed. */
#include "cli.h"
#include "textout.h"
#include "../core/strutil.h"
#include "../output/results_analyses.h"
#include "../output/results_reader.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* "running" means the writer has not finished: say whether it still runs,
 * and what to do with a file whose run was killed. */
static void print_running(const mbs_results *r)
{
    printf("status:     running");
    switch (mbs_results_writer_state(r)) {
    case MBS_WRITER_ALIVE: printf(" (being written by process %ld)\n", r->writer_pid); break;
    case MBS_WRITER_GONE:
        printf(" (but its writer, process %ld, is gone: the run was killed or crashed;\n"
               "            the rows up to its last flush are kept; 'mbsim recover %s'\n"
               "            makes it an ordinary file that any HDF5 reader opens)\n",
               r->writer_pid, r->path);
        break;
    default:
        if (r->writer_pid > 0)
            printf(" (written by process %ld on %s: still going, or killed;\n"
                   "            if killed, 'mbsim recover --force %s' makes it an ordinary file)\n",
                   r->writer_pid, r->writer_host[0] ? r->writer_host : "another host", r->path);
        else
            printf(" (still being written, or its run was killed)\n");
    }
}

static void print_sensors(const mbs_results *r)
{
    printf("sensors:    %d\n", r->n_sensors);
    mbs_table t;
    mbs_table_init(&t, 4);
    for (int i = 0; i < r->n_sensors; i++) {
        const mbs_rsensor *s = &r->sensors[i];
        char element[64];
        if (s->element_id > 0)
            snprintf(element, sizeof element, "%s %ld", s->type, s->element_id);
        else
            snprintf(element, sizeof element, "%s", s->type);
        mbs_buf cols;
        mbs_buf_init(&cols);
        for (int k = 0; k < s->ncols; k++) {
            mbs_buf_appendf(&cols, "%s%s", k ? ", " : "", s->columns[k]);
            if (s->units[k][0])
                mbs_buf_appendf(&cols, " [%s]", s->units[k]);
        }
        mbs_table_add(&t, (const char *[]){s->name, element, s->output, cols.data ? cols.data : ""});
        mbs_buf_free(&cols);
    }
    mbs_table_print(&t, stdout, "  ");
    mbs_table_free(&t);
}

/* Count per kind, in order of first appearance. */
static void print_event_summary(const mbs_revents *ev)
{
    printf("events:     %ld", ev->n);
    const char *sep = " (";
    for (long i = 0; i < ev->n; i++) {
        int seen = 0;
        for (long j = 0; j < i && !seen; j++)
            seen = strcmp(ev->kind[j], ev->kind[i]) == 0;
        if (seen)
            continue;
        long count = 0;
        for (long j = i; j < ev->n; j++)
            count += strcmp(ev->kind[j], ev->kind[i]) == 0;
        printf("%s%s %ld", sep, ev->kind[i], count);
        sep = ", ";
    }
    printf("%s\n", ev->n > 0 ? ")" : "");
}

static void print_events(const mbs_results *r, const mbs_revents *ev)
{
    mbs_table t;
    mbs_table_init(&t, 3);
    char head[64];
    snprintf(head, sizeof head, "t [%s]", r->time_unit);
    mbs_table_add(&t, (const char *[]){head, "element", "kind"});
    for (long i = 0; i < ev->n; i++) {
        char time[32];
        snprintf(time, sizeof time, "%.10g", ev->time[i]);
        mbs_table_add(&t, (const char *[]){time, ev->element[i], ev->kind[i]});
    }
    mbs_table_print(&t, stdout, "  ");
    mbs_table_free(&t);
}

static void print_attrs(const char *title, const mbs_rattr *a, int n, const char *none)
{
    if (n == 0) {
        printf("%-11s %s\n", title, none);
        return;
    }
    printf("%s\n", title);
    mbs_table t;
    mbs_table_init(&t, 2);
    for (int i = 0; i < n; i++) {
        char value[64];
        if (!a[i].is_text)
            snprintf(value, sizeof value, "%.10g", a[i].number);
        mbs_table_add(&t, (const char *[]){a[i].name, a[i].is_text ? a[i].text : value});
    }
    mbs_table_print(&t, stdout, "  ");
    mbs_table_free(&t);
}

static void print_analyses(const mbs_ranalysis *a, long n, const char *time_unit)
{
    printf("analyses:   %ld\n", n);
    if (n == 0)
        return;
    mbs_table t;
    mbs_table_init(&t, 4);
    char head[64];
    snprintf(head, sizeof head, "t [%s]", time_unit);
    mbs_table_add(&t, (const char *[]){"kind", head, "rows", "status"});
    for (long i = 0; i < n; i++) {
        char time[64], rows[64];
        if (a[i].t_end != a[i].t_start)
            snprintf(time, sizeof time, "%.10g .. %.10g", a[i].t_start, a[i].t_end);
        else
            snprintf(time, sizeof time, "%.10g", a[i].t_start);
        if (a[i].first_row < 0)
            snprintf(rows, sizeof rows, "-");
        else if (a[i].first_row == a[i].last_row)
            snprintf(rows, sizeof rows, "%ld", a[i].first_row);
        else
            snprintf(rows, sizeof rows, "%ld .. %ld", a[i].first_row, a[i].last_row);
        mbs_table_add(&t, (const char *[]){a[i].kind, time, rows, a[i].status});
    }
    mbs_table_print(&t, stdout, "  ");
    mbs_table_free(&t);
}

/* The eigenvalue table of each linear analysis: one line per eigenvalue. */
static void print_linear(const mbs_rlinear *l, int n, const char *time_unit)
{
    for (int i = 0; i < n; i++) {
        if (isnan(l[i].t)) {
            printf("%s:   not run\n", l[i].name);
            continue;
        }
        printf("%s:   t = %.10g %s, %d states, %d inputs, %d outputs%s\n", l[i].name, l[i].t, time_unit, l[i].n,
               l[i].n_inputs, l[i].n_outputs, l[i].n_eigen || l[i].n == 0 ? "" : ", no eigenvalues");
        if (l[i].n_eigen == 0)
            continue;
        mbs_table t;
        mbs_table_init(&t, 5);
        char re[64], im[64], f[64];
        snprintf(re, sizeof re, "real [1/%s]", time_unit);
        snprintf(im, sizeof im, "imag [1/%s]", time_unit);
        snprintf(f, sizeof f, "frequency [1/%s]", time_unit);
        mbs_table_add(&t, (const char *[]){"mode", re, im, f, "damping ratio"});
        for (int k = 0; k < l[i].n_eigen; k++) {
            char c0[16], c1[32], c2[32], c3[32], c4[32];
            snprintf(c0, sizeof c0, "%d", k + 1);
            snprintf(c1, sizeof c1, "%.10g", l[i].eig_re[k]);
            snprintf(c2, sizeof c2, "%.10g", l[i].eig_im[k]);
            snprintf(c3, sizeof c3, "%.6g", l[i].frequency[k]);
            if (isnan(l[i].damping[k]))
                snprintf(c4, sizeof c4, "-");
            else
                snprintf(c4, sizeof c4, "%.6g", l[i].damping[k]);
            mbs_table_add(&t, (const char *[]){c0, c1, c2, c3, c4});
        }
        mbs_table_print(&t, stdout, "  ");
        mbs_table_free(&t);
    }
}

static void print_info(const mbs_results *r, const mbs_revents *ev, int list_events)
{
    printf("file:       %s\n", r->path);
    if (strcmp(r->status, "running") == 0)
        print_running(r);
    else
        printf("status:     %s\n", r->status);
    if (r->message[0])
        printf("message:    %s\n", r->message);
    printf("model:      %s\n", r->model_file);
    printf("sha256:     %s\n", r->model_sha256);
    printf("created:    %s by mbsim %s\n", r->created, r->mbsim_version);
    if (r->units[0])
        printf("units:      %s (force mass length time)\n", r->units);
    if (r->n_rows > 0)
        printf("rows:       %ld, t = %.10g .. %.10g %s\n", r->n_rows, r->time[0], r->time[r->n_rows - 1],
               r->time_unit);
    else
        printf("rows:       0\n");
    print_attrs("parameters:", r->params, r->n_params, "none");
    print_sensors(r);
    print_event_summary(ev);
    if (list_events && ev->n > 0)
        print_events(r, ev);
    mbs_ranalysis *analyses = NULL;
    long n_analyses = 0;
    if (mbs_results_read_analyses(r->file, &analyses, &n_analyses) == 0)
        print_analyses(analyses, n_analyses, r->time_unit);
    free(analyses);
    mbs_rlinear *linear = NULL;
    int n_linear = 0;
    if (mbs_results_read_linear(r->file, &linear, &n_linear) == 0)
        print_linear(linear, n_linear, r->time_unit);
    mbs_results_free_linear(linear, n_linear);
    print_attrs("solver:", r->solver, r->n_solver, "no statistics (the run has not finished)");
}

int mbs_cmd_info(int argc, char **argv)
{
    const char *path = NULL;
    int list_events = 0;
    static const struct option options[] = {{"events", no_argument, NULL, 'e'}, {NULL, 0, NULL, 0}};
    mbs_cli_getopt_begin();
    int code;
    while ((code = mbs_cli_getopt(argc, argv, "info", "", options)) != -1) {
        if (code != 'e')
            return EXIT_BAD_INPUT;
        list_events = 1;
    }
    path = mbs_cli_operand(argc, argv);
    if (path && optind < argc)
        return mbs_cli_usage_error("info", "one results file, please");
    if (!path)
        return mbs_cli_usage_error("info", "no results file given");
    mbs_results r;
    char err[1024];
    if (mbs_results_open(path, &r, err, sizeof err) != 0) {
        fprintf(stderr, "mbsim info: error: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    mbs_revents ev;
    int rc = EXIT_OK;
    if (mbs_results_events(&r, &ev) != 0) {
        fprintf(stderr, "mbsim info: error: %s: cannot read /events\n", path);
        rc = EXIT_BAD_INPUT;
    } else {
        print_info(&r, &ev, list_events);
    }
    mbs_results_free_events(&ev);
    mbs_results_free(&r);
    return rc;
}
