/* mbsim sweep MODEL.xml --vary NAME=V1,V2,... | NAME=START:STOP:COUNT [...]
 *             [-j JOBS] [-o DIR] [--emit-commands] [--set NAME=VALUE]...
 *             [run options] [--quiet]
 * Runs every point of the Cartesian product of the --vary axes as its own
 * `mbsim run` process (this very binary), up to JOBS at once, one results
 * file per point in DIR, and keeps DIR/sweep.csv up to date: one row per
 * point with its values, status, exit code, wall time, file and message.
 * A failed point does not stop the others. */
#define _GNU_SOURCE /* sched_getaffinity: the cores this process may use */
#include "cli.h"
#include "progress.h"
#include "sweep_plan.h"
#include "sweep_collect.h"
#include "sweep_points.h"
#include "textout.h"
#include "../core/strutil.h"
#include "../model/model.h"
#include "../solver/analysis/simulate.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
    stop_signal = sig;
}

typedef struct sweep_options {
    const char *model, *dir;
    mbs_sweep_plan plan;
    long jobs;
    int emit, quiet;
    const char *collect;  /* --collect DIR */
    mbs_summaries summaries;
    mbs_overrides sets;   /* fixed --set, for checking the model */
    const char **pass;    /* arguments handed on to every `mbsim run` */
    int n_pass;
} sweep_options;

typedef enum point_state { POINT_PENDING, POINT_RUNNING, POINT_DONE } point_state;

typedef struct point {
    point_state state;
    pid_t pid;
    double started, wall;
    int exit_code; /* -1: killed by a signal (signo) */
    int signo;
    char *file, *log, *message;
    double *summary; /* [summaries.n] once done with a file, else NULL */
} point;

typedef struct sweep {
    const sweep_options *o;
    char *base;  /* the model's base name */
    int width;   /* digits of the point index in file names */
    point *points;
    long n, done, failed, running;
    double started, csv_written;
    mbs_progress progress;
    long *window_rows; /* [summaries.n]: the rows each summary's window held, over every file read */
    long files_read;
} sweep;

/* ---- options ---- */

static long default_jobs(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return CPU_COUNT(&set);
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? n : 1;
}

enum { OPT_VARY = 256, OPT_EMIT, OPT_COLLECT, OPT_SUMMARY, OPT_SET, OPT_END_TIME, OPT_PRINT_INTERVAL, OPT_RTOL, OPT_ATOL, OPT_LINEAR_SOLVER,
       OPT_USERSUB_PATH };

static const struct option SWEEP_OPTIONS[] = {
    {"vary", required_argument, NULL, OPT_VARY},
    {"jobs", required_argument, NULL, 'j'},
    {"output", required_argument, NULL, 'o'},
    {"emit-commands", no_argument, NULL, OPT_EMIT},
    {"collect", required_argument, NULL, OPT_COLLECT},
    {"summary", required_argument, NULL, OPT_SUMMARY},
    {"quiet", no_argument, NULL, 'q'},
    {"set", required_argument, NULL, OPT_SET},
    /* options of `mbsim run` that every point gets */
    {"end-time", required_argument, NULL, OPT_END_TIME},
    {"print-interval", required_argument, NULL, OPT_PRINT_INTERVAL},
    {"rtol", required_argument, NULL, OPT_RTOL},
    {"atol", required_argument, NULL, OPT_ATOL},
    {"linear-solver", required_argument, NULL, OPT_LINEAR_SOLVER},
    {"usersub-path", required_argument, NULL, OPT_USERSUB_PATH},
    {NULL, 0, NULL, 0},
};

/* How the options handed on are spelled for `mbsim run`, from OPT_END_TIME on. */
static const char *const RUN_OPTION_NAMES[] = {"--end-time", "--print-interval", "--rtol", "--atol",
                                               "--linear-solver", "--usersub-path"};

static int parse(int argc, char **argv, sweep_options *o)
{
    memset(o, 0, sizeof *o);
    o->pass = calloc((size_t)argc * 2 + 1, sizeof *o->pass);
    if (!o->pass)
        return EXIT_BAD_INPUT;
    char err[512];
    mbs_cli_getopt_begin();
    int code;
    while ((code = mbs_cli_getopt(argc, argv, "sweep", "j:o:q", SWEEP_OPTIONS)) != -1) {
        switch (code) {
        case OPT_VARY:
            if (mbs_sweep_add_axis(&o->plan, optarg, err, sizeof err) != 0)
                return mbs_cli_usage_error("sweep", "%s", err);
            break;
        case 'j':
            if (mbs_parse_long(optarg, &o->jobs) != 0 || o->jobs < 1)
                return mbs_cli_usage_error("sweep", "--jobs needs a number of jobs >= 1");
            break;
        case 'o': o->dir = optarg; break;
        case OPT_EMIT: o->emit = 1; break;
        case OPT_COLLECT: o->collect = optarg; break;
        case OPT_SUMMARY:
            if (mbs_summary_add(&o->summaries, optarg, err, sizeof err) != 0)
                return mbs_cli_usage_error("sweep", "%s", err);
            break;
        case 'q': o->quiet += o->quiet < MBS_QUIET_MAX; break;
        case OPT_SET:
            if (mbs_cli_add_override(&o->sets, "sweep", optarg) != 0)
                return EXIT_BAD_INPUT;
            o->pass[o->n_pass++] = "--set";
            o->pass[o->n_pass++] = optarg;
            break;
        case OPT_USERSUB_PATH: /* the model is loaded here too */
            if (mbs_cli_usersub_path("sweep", optarg) != 0)
                return EXIT_BAD_INPUT;
            /* fall through */
        case OPT_END_TIME:
        case OPT_PRINT_INTERVAL:
        case OPT_RTOL:
        case OPT_ATOL:
        case OPT_LINEAR_SOLVER:
            o->pass[o->n_pass++] = RUN_OPTION_NAMES[code - OPT_END_TIME];
            o->pass[o->n_pass++] = optarg;
            break;
        default: return EXIT_BAD_INPUT;
        }
    }
    o->model = mbs_cli_operand(argc, argv);
    if (o->model && optind < argc)
        return mbs_cli_usage_error("sweep", "only one model file, please");
    if (o->collect) {
        if (o->model || o->plan.n_axes > 0 || o->emit || o->n_pass > 0 || o->dir)
            return mbs_cli_usage_error("sweep", "--collect DIR takes only --summary and --quiet");
        return 0;
    }
    if (!o->model)
        return mbs_cli_usage_error("sweep", "no model file given");
    if (o->plan.n_axes == 0)
        return mbs_cli_usage_error("sweep", "nothing to vary: give at least one --vary NAME=VALUES");
    for (int i = 0; i < o->plan.n_axes; i++)
        for (int k = 0; k < o->sets.count; k++)
            if (strcmp(o->sets.items[k].name, o->plan.axes[i].name) == 0)
                return mbs_cli_usage_error("sweep", "'%s' is both set (--set) and varied (--vary)",
                                           o->plan.axes[i].name);
    if (o->jobs == 0)
        o->jobs = default_jobs();
    return 0;
}

/* Every --summary must name a sensor of the model and one of its columns. */
static int check_summaries(const mbs_model *m, const sweep_options *o)
{
    mbs_summary_sensor *sensors = calloc((size_t)m->n_sensors + 1, sizeof *sensors);
    if (!sensors)
        return EXIT_BAD_INPUT;
    for (int k = 0; k < m->n_sensors; k++)
        sensors[k] = (mbs_summary_sensor){m->sensors[k].name, m->sensors[k].columns, m->sensors[k].ncols};
    char err[1024];
    int rc = mbs_summaries_check(&o->summaries, o->model, sensors, m->n_sensors, err, sizeof err) == 0
                 ? 0
                 : mbs_cli_usage_error("sweep", "%s", err);
    free(sensors);
    return rc;
}

/* The model must load as given (with the fixed --set values) and declare
 * every varied parameter; otherwise nothing is run or written. A value that
 * makes one point invalid fails that point only. */
static int check_model(const sweep_options *o)
{
    /* the model's warnings once, here, with those of its redundant joint
     * equations, as a run finds them (every point's log has them too); its
     * notes only in the logs */
    int quiet = o->quiet > 1 ? o->quiet : 1;
    struct mbs_model *m = mbs_cli_load_model(o->model, &o->sets, quiet);
    if (!m)
        return EXIT_BAD_INPUT;
    mbs_diags redundant;
    mbs_diags_init(&redundant);
    mbs_redundant_rows(m, &redundant);
    mbs_cli_print_diags(&redundant, quiet);
    mbs_diags_free(&redundant);
    int rc = 0;
    for (int i = 0; i < o->plan.n_axes && rc == 0; i++) {
        int found = 0;
        for (int k = 0; k < m->n_params && !found; k++)
            found = strcmp(m->params[k].name, o->plan.axes[i].name) == 0;
        if (!found) {
            mbs_buf names;
            mbs_buf_init(&names);
            for (int k = 0; k < m->n_params; k++)
                mbs_buf_appendf(&names, "%s%s", k ? ", " : "", m->params[k].name);
            rc = mbs_cli_usage_error("sweep", "--vary %s: %s declares no parameter '%s' (declared: %s)",
                                     o->plan.axes[i].name, o->model, o->plan.axes[i].name,
                                     names.data ? names.data : "none");
            mbs_buf_free(&names);
        }
    }
    if (rc == 0)
        rc = check_summaries(m, o);
    mbs_model_free(m);
    return rc;
}

/* ---- files ---- */

/* mkdir -p */
static int make_dir(const char *dir)
{
    char *path = mbs_strdup(dir);
    int rc = path ? 0 : -1;
    for (char *p = path ? path + 1 : NULL; p && *p && rc == 0; p++)
        if (*p == '/') {
            *p = '\0';
            if (mkdir(path, 0777) != 0 && errno != EEXIST)
                rc = -1;
            *p = '/';
        }
    if (rc == 0 && mkdir(path, 0777) != 0 && errno != EEXIST)
        rc = -1;
    struct stat st;
    if (rc == 0 && (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))) {
        errno = ENOTDIR;
        rc = -1;
    }
    free(path);
    return rc;
}

static char *point_path(const sweep *s, long i, const char *ext)
{
    return mbs_sprintf_alloc("%s/%s_%0*ld.%s", s->o->dir, s->base, s->width, i, ext);
}

static const char *file_part(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

static const char *point_status(const point *p)
{
    if (p->state == POINT_PENDING)
        return stop_signal ? "not run" : "pending";
    if (p->state == POINT_RUNNING)
        return "running";
    if (p->exit_code < 0)
        return "killed";
    switch (p->exit_code) {
    case EXIT_OK: return "completed";
    case EXIT_FAILED: return "failed";
    case EXIT_BAD_INPUT: return "invalid";
    case EXIT_SIGINT:
    case EXIT_SIGTERM: return "interrupted";
    default: return "error";
    }
}

/* Written to a temporary file and renamed: a reader never sees half a table. */
/* Refuses a sweep whose table, results or logs would overwrite the model. */
static int overwrites_model(const sweep *s)
{
    char *csv = mbs_sprintf_alloc("%s/sweep.csv", s->o->dir);
    const char *hit = csv && mbs_cli_same_file(csv, s->o->model) ? csv : NULL;
    for (long i = 0; i < s->n && !hit; i++)
        if (mbs_cli_same_file(s->points[i].file, s->o->model))
            hit = s->points[i].file;
        else if (mbs_cli_same_file(s->points[i].log, s->o->model))
            hit = s->points[i].log;
    if (hit)
        fprintf(stderr, "mbsim sweep: error: %s would overwrite the model file %s; choose another directory with -o\n",
                hit, s->o->model);
    free(csv);
    return hit || !csv ? -1 : 0;
}

static int write_csv(sweep *s)
{
    const mbs_sweep_plan *plan = &s->o->plan;
    char *path = mbs_sprintf_alloc("%s/sweep.csv", s->o->dir);
    char *tmp = mbs_sprintf_alloc("%s/.sweep.csv.tmp", s->o->dir);
    FILE *f = path && tmp ? fopen(tmp, "w") : NULL;
    int rc = f ? 0 : -1;
    int *which = calloc((size_t)plan->n_axes + 1, sizeof *which);
    if (f && which) {
        fputs("index", f);
        for (int a = 0; a < plan->n_axes; a++) {
            fputc(',', f);
            mbs_csv_field(f, plan->axes[a].name);
        }
        fputs(",status,exit_code,wall_time_s,file,message", f);
        for (int k = 0; k < s->o->summaries.n; k++) {
            fputc(',', f);
            mbs_csv_field(f, s->o->summaries.items[k].text);
        }
        fputc('\n', f);
        for (long i = 0; i < s->n; i++) {
            const point *p = &s->points[i];
            mbs_sweep_point(plan, i, which);
            fprintf(f, "%ld", i);
            for (int a = 0; a < plan->n_axes; a++) {
                fputc(',', f);
                mbs_csv_field(f, plan->axes[a].values[which[a]]);
            }
            fprintf(f, ",%s,", point_status(p));
            if (p->state == POINT_DONE)
                fprintf(f, "%d,%.3f", p->exit_code < 0 ? 128 + p->signo : p->exit_code, p->wall);
            else
                fputc(',', f);
            fputc(',', f);
            /* done: the file if there is one; pending or running: the file to come */
            int has_file = p->state == POINT_DONE ? access(p->file, F_OK) == 0
                                                  : !(p->state == POINT_PENDING && stop_signal);
            if (has_file)
                mbs_csv_field(f, file_part(p->file));
            fputc(',', f);
            mbs_csv_field(f, p->message ? p->message : "");
            for (int k = 0; k < s->o->summaries.n; k++) {
                char text[40] = "";
                if (p->summary)
                    mbs_format_exact(text, sizeof text, p->summary[k]);
                fprintf(f, ",%s", text);
            }
            fputc('\n', f);
        }
    }
    if (f)
        rc |= fclose(f) != 0;
    if (rc == 0)
        rc = rename(tmp, path);
    else if (tmp)
        remove(tmp);
    if (rc != 0)
        fprintf(stderr, "mbsim sweep: error: cannot write %s/sweep.csv: %s\n", s->o->dir, strerror(errno));
    s->csv_written = mbs_wall_seconds();
    free(which);
    free(path);
    free(tmp);
    return rc;
}

/* ---- one point ---- */

/* The `mbsim run` arguments of point i (program name first), NULL-terminated. */
static char **run_args(const sweep *s, long i, const char *program)
{
    const mbs_sweep_plan *plan = &s->o->plan;
    int n = 0, cap = 8 + 2 * plan->n_axes + s->o->n_pass;
    char **args = calloc((size_t)cap, sizeof *args);
    int *which = calloc((size_t)plan->n_axes + 1, sizeof *which);
    if (!args || !which) {
        free(args);
        free(which);
        return NULL;
    }
    mbs_sweep_point(plan, i, which);
    args[n++] = mbs_strdup(program);
    args[n++] = mbs_strdup("run");
    args[n++] = mbs_strdup(s->o->model);
    args[n++] = mbs_strdup("-o");
    args[n++] = mbs_strdup(s->points[i].file);
    args[n++] = mbs_strdup("--quiet");
    for (int a = 0; a < plan->n_axes; a++) {
        args[n++] = mbs_strdup("--set");
        args[n++] = mbs_sprintf_alloc("%s=%s", plan->axes[a].name, plan->axes[a].values[which[a]]);
    }
    for (int k = 0; k < s->o->n_pass; k++)
        args[n++] = mbs_strdup(s->o->pass[k]);
    free(which);
    return args;
}

static void free_args(char **args)
{
    for (int k = 0; args && args[k]; k++)
        free(args[k]);
    free(args);
}

/* "k=100, mu=0.1" */
static char *point_label(const sweep *s, long i)
{
    const mbs_sweep_plan *plan = &s->o->plan;
    int which[64];
    int *w = plan->n_axes <= 64 ? which : calloc((size_t)plan->n_axes, sizeof *w);
    if (!w)
        return NULL;
    mbs_sweep_point(plan, i, w);
    mbs_buf b;
    mbs_buf_init(&b);
    for (int a = 0; a < plan->n_axes; a++)
        mbs_buf_appendf(&b, "%s%s=%s", a ? ", " : "", plan->axes[a].name, plan->axes[a].values[w[a]]);
    if (w != which)
        free(w);
    return b.data;
}

static int start_point(sweep *s, long i)
{
    point *p = &s->points[i];
    char **args = run_args(s, i, "mbsim");
    int log_fd = args ? open(p->log, O_WRONLY | O_CREAT | O_TRUNC, 0666) : -1;
    if (log_fd < 0) {
        free_args(args);
        return -1;
    }
    p->started = mbs_wall_seconds();
    pid_t pid = fork();
    if (pid == 0) {
        /* Its own process group: a Ctrl-C on the terminal reaches the sweep
         * only, which hands it on once (twice would kill the run at once). */
        setpgid(0, 0);
        int null_fd = open("/dev/null", O_RDONLY);
        if (null_fd >= 0)
            dup2(null_fd, STDIN_FILENO);
        dup2(log_fd, STDOUT_FILENO);
        dup2(log_fd, STDERR_FILENO);
        execv("/proc/self/exe", args);
        execvp(mbs_cli_program, args);
        fprintf(stderr, "mbsim sweep: error: cannot run %s: %s\n", mbs_cli_program, strerror(errno));
        _exit(127);
    }
    close(log_fd);
    free_args(args);
    if (pid < 0)
        return -1;
    p->pid = pid;
    p->state = POINT_RUNNING;
    s->running++;
    return 0;
}

/* The --summary values of a point that left a results file. */
static void point_summary(sweep *s, point *p)
{
    const mbs_summaries *sum = &s->o->summaries;
    mbs_results r;
    char err[512];
    if (sum->n == 0 || access(p->file, F_OK) != 0 || mbs_results_open(p->file, &r, err, sizeof err) != 0)
        return;
    p->summary = calloc((size_t)sum->n, sizeof *p->summary);
    long *rows = calloc((size_t)sum->n, sizeof *rows);
    if (p->summary && rows) {
        mbs_summaries_compute(sum, &r, p->summary, rows, err, sizeof err);
        for (int k = 0; s->window_rows && k < sum->n; k++)
            s->window_rows[k] += rows[k];
        s->files_read++;
    }
    free(rows);
    mbs_results_free(&r);
}

static void finish_point(sweep *s, long i, int status)
{
    point *p = &s->points[i];
    p->state = POINT_DONE;
    p->wall = mbs_wall_seconds() - p->started;
    if (WIFEXITED(status)) {
        p->exit_code = WEXITSTATUS(status);
    } else {
        p->exit_code = -1;
        p->signo = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    }
    s->running--;
    s->done++;
    point_summary(s, p);
    struct stat st;
    int empty_log = stat(p->log, &st) == 0 && st.st_size == 0;
    if (p->exit_code == EXIT_OK) {
        if (empty_log)
            remove(p->log);
        return;
    }
    s->failed++;
    p->message = mbs_sweep_log_message(p->log);
    if (!p->message && p->exit_code < 0)
        p->message = mbs_sprintf_alloc("killed by signal %d", p->signo);
    if (empty_log)
        remove(p->log);
    /* reported as a warning is (-q keeps it), but for the points the sweep's
     * own interruption ended */
    if (s->o->quiet == 0 || (s->o->quiet == 1 && !stop_signal)) {
        char *label = point_label(s, i);
        mbs_progress_finish(&s->progress);
        fprintf(stderr, "mbsim sweep: point %ld (%s): %s", i, label ? label : "", point_status(p));
        if (p->exit_code >= 0)
            fprintf(stderr, " (exit status %d)", p->exit_code);
        fprintf(stderr, "%s%s\n", p->message ? ": " : "", p->message ? p->message : "");
        free(label);
    }
}

/* fork or the log file failed: the point fails, the others go on. */
static void fail_to_start(sweep *s, long i, int err)
{
    point *p = &s->points[i];
    p->state = POINT_DONE;
    p->exit_code = 127;
    p->message = mbs_sprintf_alloc("cannot start the run: %s", strerror(err));
    s->done++;
    s->failed++;
    mbs_progress_finish(&s->progress);
    fprintf(stderr, "mbsim sweep: error: point %ld: %s\n", i, p->message ? p->message : "cannot start the run");
}

/* ---- the sweep ---- */

static void show_progress(sweep *s)
{
    double elapsed = mbs_wall_seconds() - s->started;
    char line[200], eta[40] = "";
    if (s->done > 0 && s->done < s->n)
        snprintf(eta, sizeof eta, "  ETA %.0f s", elapsed / (double)s->done * (double)(s->n - s->done));
    snprintf(line, sizeof line, "sweep: %ld of %ld done, %ld failed, %ld running  %.0f s%s", s->done, s->n, s->failed,
             s->running, elapsed, eta);
    mbs_progress_text(&s->progress, line);
}

/* Reaps finished points; returns how many. */
static int reap(sweep *s)
{
    int reaped = 0, status;
    pid_t pid;
    while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
        for (long i = 0; i < s->n; i++)
            if (s->points[i].state == POINT_RUNNING && s->points[i].pid == pid) {
                finish_point(s, i, status);
                reaped++;
                break;
            }
    }
    return reaped;
}

static int run_points(sweep *s)
{
    long next = 0;
    int forwarded = 0;
    while (next < s->n || s->running > 0) {
        while (!stop_signal && next < s->n && s->running < s->o->jobs) {
            if (start_point(s, next) != 0)
                fail_to_start(s, next, errno);
            next++;
        }
        if (stop_signal && !forwarded) {
            for (long i = 0; i < s->n; i++)
                if (s->points[i].state == POINT_RUNNING)
                    kill(s->points[i].pid, stop_signal);
            forwarded = 1;
        }
        if (stop_signal && s->running == 0)
            break;
        int reaped = reap(s);
        if (reaped > 0 && mbs_wall_seconds() - s->csv_written >= 1.0)
            write_csv(s);
        show_progress(s);
        if (!reaped)
            nanosleep(&(struct timespec){0, 50 * 1000 * 1000}, NULL);
    }
    mbs_progress_finish(&s->progress);
    return write_csv(s);
}

/* The file a command name runs, found on PATH as a shell would; NULL if none. */
static char *on_path(const char *name)
{
    const char *path = getenv("PATH");
    char *found = NULL;
    while (path && *path && !found) {
        size_t len = strcspn(path, ":");
        char *candidate = len ? mbs_sprintf_alloc("%.*s/%s", (int)len, path, name) : mbs_sprintf_alloc("./%s", name);
        if (candidate && access(candidate, X_OK) == 0)
            found = realpath(candidate, NULL);
        free(candidate);
        path += len + (path[len] == ':');
    }
    return found;
}

/* How the emitted commands call mbsim: "mbsim" where that runs this very
 * binary (it is installed), else this binary's absolute path, so that the
 * commands run as printed (under GNU parallel, in a job script). */
static char *self_command(void)
{
    char *self = realpath("/proc/self/exe", NULL);
    if (!self)
        self = realpath(mbs_cli_program, NULL);
    if (!self)
        return mbs_strdup("mbsim");
    char *installed = on_path("mbsim");
    int same = installed && strcmp(installed, self) == 0;
    free(installed);
    if (same) {
        free(self);
        return mbs_strdup("mbsim");
    }
    return self;
}

static int emit_commands(sweep *s)
{
    char *program = self_command();
    if (!program)
        return EXIT_BAD_INPUT;
    for (long i = 0; i < s->n; i++) {
        char **args = run_args(s, i, program);
        if (!args) {
            free(program);
            return EXIT_BAD_INPUT;
        }
        for (int k = 0; args[k]; k++) {
            char *word = mbs_shell_quote(args[k]);
            printf("%s%s", k ? " " : "", word ? word : "");
            free(word);
        }
        putchar('\n');
        free_args(args);
    }
    free(program);
    return fflush(stdout) == 0 ? EXIT_OK : EXIT_FAILED;
}

static int sweep_exit(const sweep *s)
{
    if (stop_signal)
        return stop_signal == SIGTERM ? EXIT_SIGTERM : EXIT_SIGINT;
    return s->failed ? EXIT_FAILED : EXIT_OK;
}

static int run_sweep(const sweep_options *o)
{
    sweep s;
    memset(&s, 0, sizeof s);
    s.o = o;
    s.n = o->plan.n_points;
    s.base = mbs_sweep_base_name(o->model);
    s.width = 3;
    for (long n = s.n - 1; n >= 1000; n /= 10)
        s.width++;
    s.points = calloc((size_t)s.n, sizeof *s.points);
    s.window_rows = calloc((size_t)o->summaries.n + 1, sizeof *s.window_rows);
    int rc = EXIT_BAD_INPUT;
    if (!s.base || !s.points)
        goto done;
    for (long i = 0; i < s.n; i++) {
        s.points[i].file = point_path(&s, i, "h5");
        s.points[i].log = point_path(&s, i, "log");
        if (!s.points[i].file || !s.points[i].log)
            goto done;
    }
    if (overwrites_model(&s) != 0)
        goto done;
    if (make_dir(o->dir) != 0) {
        fprintf(stderr, "mbsim sweep: error: cannot create directory %s: %s\n", o->dir, strerror(errno));
        goto done;
    }
    /* The table first, all pending: with --emit-commands it is the index of the points. */
    if (write_csv(&s) != 0)
        goto done;
    if (o->emit) {
        rc = emit_commands(&s);
        goto done;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    s.started = mbs_wall_seconds();
    mbs_progress_init(&s.progress, !o->quiet && isatty(STDERR_FILENO), (mbs_units){0});
    if (run_points(&s) != 0) {
        rc = EXIT_FAILED;
        goto done;
    }
    rc = sweep_exit(&s);
    if (s.window_rows && o->quiet < MBS_QUIET_MAX)
        mbs_summaries_warn_empty(&o->summaries, s.window_rows, s.files_read);
    if (!o->quiet) {
        fprintf(stderr, "mbsim sweep: %ld points: %ld completed, %ld not completed", s.n, s.done - s.failed,
                s.failed);
        if (s.done < s.n)
            fprintf(stderr, ", %ld not run (interrupted)", s.n - s.done);
        fprintf(stderr, "; %.1f s -> %s/sweep.csv\n", mbs_wall_seconds() - s.started, o->dir);
    }
done:
    for (long i = 0; s.points && i < s.n; i++) {
        free(s.points[i].file);
        free(s.points[i].log);
        free(s.points[i].message);
        free(s.points[i].summary);
    }
    free(s.points);
    free(s.window_rows);
    free(s.base);
    return rc;
}

int mbs_cmd_sweep(int argc, char **argv)
{
    sweep_options o;
    int rc = parse(argc, argv, &o);
    char *dir = NULL;
    if (rc == 0 && o.collect) {
        rc = mbs_sweep_collect(o.collect, &o.summaries, o.quiet);
        goto done;
    }
    if (rc == 0)
        rc = check_model(&o);
    if (rc == 0 && o.dir) {
        /* "out/" -> "out": file names in messages and commands read cleanly */
        dir = mbs_strdup(o.dir);
        for (size_t n = dir ? strlen(dir) : 0; n > 1 && dir[n - 1] == '/'; n--)
            dir[n - 1] = '\0';
        o.dir = dir;
    }
    if (rc == 0) {
        if (!o.dir) {
            char *base = mbs_sweep_base_name(o.model);
            dir = base ? mbs_sprintf_alloc("%s_sweep", base) : NULL;
            free(base);
            o.dir = dir;
        }
        rc = o.dir ? run_sweep(&o) : EXIT_BAD_INPUT;
    }
done:
    free(dir);
    mbs_cli_free_overrides(&o.sets);
    mbs_sweep_plan_free(&o.plan);
    mbs_summaries_free(&o.summaries);
    free(o.pass);
    return rc;
}
