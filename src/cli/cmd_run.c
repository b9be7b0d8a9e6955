/* mbsim run MODEL.xml [-o OUT.h5] [--set NAME=VALUE]... [--end-time T]
 *           [--print-interval DT] [--rtol R] [--atol A]
 *           [--linear-solver auto|dense|klu] [--formulation auto|absolute|joint]
 *           [--dae-interpolation true|false] [--quiet]
 * Runs the model's analyses and writes the results file as it goes. */
#include "cli.h"
#include "progress.h"
#include "../core/strutil.h"
#include "../model/model.h"
#include "../output/results_sink.h"
#include "../solver/analysis/simulate.h"
#include "../usersub/crash_guard.h"
#include "../usersub/library.h"

#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---- signals ----
 * SIGINT, SIGTERM, SIGHUP and the warnings batch systems send before a kill
 * (SIGUSR1, SIGUSR2, SIGXCPU) all ask the run to stop: it ends within one
 * residual evaluation and the results file is finished as usual, status
 * "interrupted". timeout(1), Slurm and a kill of the process group deliver
 * SIGTERM twice within microseconds: a repeat within SAME_REQUEST_S of the
 * first signal is the same request, and so is any signal once the run has
 * stopped computing and is finishing its file. Only a repeat later than
 * that, while the run still computes (it is stuck), ends the process at
 * once; its file is then as a kill -9 leaves it (`mbsim recover`). */
#define SAME_REQUEST_S 2.0

static const struct {
    int signo;
    const char *name;
} STOP_SIGNALS[] = {{SIGINT, "SIGINT"},   {SIGTERM, "SIGTERM"}, {SIGHUP, "SIGHUP"},
                    {SIGUSR1, "SIGUSR1"}, {SIGUSR2, "SIGUSR2"}, {SIGXCPU, "SIGXCPU"}};

static volatile sig_atomic_t stop_signal, finishing;
static struct timespec first_signal_at;

static void on_signal(int sig)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (!stop_signal) {
        first_signal_at = now;
        stop_signal = sig;
        return;
    }
    double since = (double)(now.tv_sec - first_signal_at.tv_sec) +
                   1e-9 * (double)(now.tv_nsec - first_signal_at.tv_nsec);
    if (finishing || since < SAME_REQUEST_S)
        return;
    static const char msg[] = "mbsim run: stopped at once by a second signal; "
                              "'mbsim recover' makes its results file an ordinary file\n";
    ssize_t written = write(STDERR_FILENO, msg, sizeof msg - 1);
    (void)written;
    signal(sig, SIG_DFL);
    raise(sig);
}

static void catch_stop_signals(void)
{
    /* a file-size limit (ulimit -f, a batch system's) is a full disk: the
     * write fails and the run says so, instead of SIGXFSZ ending it */
    signal(SIGXFSZ, SIG_IGN);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof STOP_SIGNALS / sizeof STOP_SIGNALS[0]; i++)
        sigaddset(&sa.sa_mask, STOP_SIGNALS[i].signo); /* one handler at a time */
    for (size_t i = 0; i < sizeof STOP_SIGNALS / sizeof STOP_SIGNALS[0]; i++)
        sigaction(STOP_SIGNALS[i].signo, &sa, NULL);
}

static const char *signal_name(int signo)
{
    for (size_t i = 0; i < sizeof STOP_SIGNALS / sizeof STOP_SIGNALS[0]; i++)
        if (STOP_SIGNALS[i].signo == signo)
            return STOP_SIGNALS[i].name;
    return "a signal";
}

typedef struct run_options {
    const char *model, *output, *commands;
    mbs_overrides sets;
    double end_time, print_interval, rtol, atol; /* < 0: from the model */
    int linear_solver;                           /* -1: from the model */
    int formulation;                             /* -1: from the model */
    int interpolate;                             /* -1: from the model */
    int quiet, strict;
} run_options;

static int number_arg(const char *opt, const char *value, double *out)
{
    if (!value)
        return mbs_cli_usage_error("run", "%s needs a value", opt);
    if (mbs_parse_double(value, out) != 0 || !(*out > 0))
        return mbs_cli_usage_error("run", "%s needs a positive number, got '%s'", opt, value);
    return 0;
}

enum { OPT_SET = 256, OPT_END_TIME, OPT_PRINT_INTERVAL, OPT_RTOL, OPT_ATOL, OPT_LINEAR_SOLVER, OPT_FORMULATION, OPT_INTERPOLATION,
       OPT_STRICT, OPT_COMMANDS, OPT_USERSUB_PATH };

static const struct option RUN_OPTIONS[] = {
    {"output", required_argument, NULL, 'o'},
    {"set", required_argument, NULL, OPT_SET},
    {"end-time", required_argument, NULL, OPT_END_TIME},
    {"print-interval", required_argument, NULL, OPT_PRINT_INTERVAL},
    {"rtol", required_argument, NULL, OPT_RTOL},
    {"atol", required_argument, NULL, OPT_ATOL},
    {"linear-solver", required_argument, NULL, OPT_LINEAR_SOLVER},
    {"formulation", required_argument, NULL, OPT_FORMULATION},
    {"dae-interpolation", required_argument, NULL, OPT_INTERPOLATION},
    {"quiet", no_argument, NULL, 'q'},
    {"strict", no_argument, NULL, OPT_STRICT},
    {"commands", required_argument, NULL, OPT_COMMANDS},
    {"usersub-path", required_argument, NULL, OPT_USERSUB_PATH},
    {NULL, 0, NULL, 0},
};

static int parse(int argc, char **argv, run_options *o)
{
    memset(o, 0, sizeof *o);
    o->end_time = o->print_interval = o->rtol = o->atol = -1.0;
    o->linear_solver = -1;
    o->formulation = -1;
    o->interpolate = -1;
    mbs_cli_getopt_begin();
    int code;
    while ((code = mbs_cli_getopt(argc, argv, "run", "o:q", RUN_OPTIONS)) != -1) {
        int rc = 0;
        switch (code) {
        case 'o': o->output = optarg; break;
        case 'q': o->quiet += o->quiet < MBS_QUIET_MAX; break;
        case OPT_STRICT: o->strict = 1; break;
        case OPT_COMMANDS: o->commands = optarg; break;
        case OPT_SET: rc = mbs_cli_add_override(&o->sets, "run", optarg); break;
        case OPT_USERSUB_PATH: rc = mbs_cli_usersub_path("run", optarg); break;
        case OPT_END_TIME: rc = number_arg("--end-time", optarg, &o->end_time); break;
        case OPT_PRINT_INTERVAL: rc = number_arg("--print-interval", optarg, &o->print_interval); break;
        case OPT_RTOL: rc = number_arg("--rtol", optarg, &o->rtol); break;
        case OPT_ATOL: rc = number_arg("--atol", optarg, &o->atol); break;
        case OPT_LINEAR_SOLVER:
            o->linear_solver = mbs_choice_index("auto|dense|klu", optarg);
            if (o->linear_solver < 0)
                rc = mbs_cli_usage_error("run", "--linear-solver needs auto, dense or klu");
            break;
        case OPT_FORMULATION:
            o->formulation = mbs_choice_index("auto|absolute|joint", optarg);
            if (o->formulation < 0)
                rc = mbs_cli_usage_error("run", "--formulation needs auto, absolute or joint");
            break;
        case OPT_INTERPOLATION:
            o->interpolate = mbs_choice_index("false|true", optarg);
            if (o->interpolate < 0)
                rc = mbs_cli_usage_error("run", "--dae-interpolation needs true or false");
            break;
        default: return EXIT_BAD_INPUT;
        }
        if (rc != 0)
            return rc;
    }
    return mbs_cli_model_operand(argc, argv, "run", &o->model);
}

/* Command-line settings win over the model's (times and tolerances in the
 * model's units). */
static void apply_options(mbs_model *m, const run_options *o)
{
    double ts = mbs_units_to_si(&m->units, DIM_TIME);
    if (o->end_time > 0) {
        int last = -1;
        for (int i = 0; i < m->n_analyses; i++)
            if (m->analyses[i].type == MBS_ANALYSIS_TRANSIENT)
                last = i;
        if (last < 0) {
            mbs_analysis *grown = realloc(m->analyses, (size_t)(m->n_analyses + 1) * sizeof *grown);
            if (grown) {
                m->analyses = grown;
                last = m->n_analyses++;
                m->analyses[last] = (mbs_analysis){MBS_ANALYSIS_TRANSIENT, 0.0, 0.01 * o->end_time * ts, 0};
            }
        }
        if (last >= 0)
            m->analyses[last].end_time = o->end_time * ts;
    }
    if (o->print_interval > 0)
        for (int i = 0; i < m->n_analyses; i++)
            m->analyses[i].print_interval = o->print_interval * ts;
    if (o->rtol > 0)
        m->settings.rtol = o->rtol;
    if (o->atol > 0)
        m->settings.atol = o->atol * mbs_units_to_si(&m->units, DIM_LENGTH);
    if (o->linear_solver >= 0)
        m->settings.linear_solver = (mbs_linear_solver)o->linear_solver;
    if (o->formulation >= 0)
        m->settings.formulation = (mbs_formulation)o->formulation;
    if (o->interpolate >= 0)
        m->settings.interpolate = o->interpolate;
}

/* After every step, the progress line. */
static void show_progress(void *ctx, double t, double t_end, long steps)
{
    mbs_progress_update(ctx, t, t_end, steps);
}

static int simulate_to_file(mbs_model *m, const run_options *o, const char *out)
{
    char err[512];
    mbs_results_writer *w = mbs_results_create(out, m, err, sizeof err);
    if (!w) {
        fprintf(stderr, "mbsim run: error: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    catch_stop_signals();
    mbs_cli_usersub_messages(o->quiet);
    char *afterword = mbs_sprintf_alloc("The rows flushed up to a second before are in %s; 'mbsim recover %s' "
                                        "makes it an ordinary file.",
                                        out, out);
    mbs_crash_guard_afterword(afterword);
    free(afterword);

    double start = mbs_wall_seconds();
    mbs_results_sink ctx;
    mbs_sink sink = mbs_results_sink_make(&ctx, w);
    mbs_progress progress = {0};
    mbs_progress_init(&progress, !o->quiet && isatty(STDERR_FILENO), m->units);
    ctx.progress = show_progress;
    ctx.progress_ctx = &progress;
    mbs_diags diag;
    mbs_diags_init(&diag);
    mbs_run_result res;
    mbs_status st = mbs_simulate(m, &sink, &stop_signal, &diag, &res);
    finishing = 1;
    if (st == MBS_E_RUN && mbs_results_error(w)[0])
        snprintf(res.message, sizeof res.message, "cannot write the results file: %s", mbs_results_error(w));
    char interrupted[64];
    snprintf(interrupted, sizeof interrupted, "interrupted by %s", signal_name(stop_signal));
    mbs_progress_finish(&progress);
    mbs_cli_print_diags(&diag, o->quiet);
    mbs_diags_free(&diag);

    double ts = mbs_units_to_si(&m->units, DIM_TIME);
    mbs_results_summary s = mbs_results_summary_of(m, &res, st == MBS_OK                ? ""
                                                            : st == MBS_E_INTERRUPTED ? interrupted
                                                                                      : res.message,
                                                   mbs_wall_seconds() - start);
    /* the file may hold less than the run computed: a full disk refused the rest */
    double last_t = res.t_reached / ts, in_file_t;
    if (mbs_results_error(w)[0] && mbs_results_rows_in_file(w, &in_file_t) > 0)
        last_t = in_file_t;
    int close_rc = mbs_results_close(w, &s, err, sizeof err);
    if (close_rc != 0)
        fprintf(stderr, "mbsim run: error: %s\n", err);
    if (st == MBS_E_INTERRUPTED) {
        if (!o->quiet)
            fprintf(stderr, "mbsim run: interrupted at t = %g (%s); results so far in %s\n", res.t_reached / ts,
                    signal_name(stop_signal), out);
        return 128 + stop_signal;
    }
    if (st != MBS_OK) {
        fprintf(stderr, "%s: error: run failed: %s\n", m->path, res.message);
        fprintf(stderr, "mbsim run: results up to t = %g are in %s (status \"failed\")\n", last_t, out);
        return EXIT_FAILED;
    }
    if (!o->quiet)
        fprintf(stderr, "mbsim run: %s: %ld rows, %ld steps, %.2f s -> %s\n", m->path, res.rows, res.stats.steps,
                s.wall_time_s, out);
    return close_rc == 0 ? EXIT_OK : EXIT_FAILED;
}

int mbs_cmd_run(int argc, char **argv)
{
    run_options o;
    int rc = parse(argc, argv, &o);
    if (rc != 0) {
        mbs_cli_free_overrides(&o.sets);
        return rc;
    }
    char *out = o.output ? mbs_strdup(o.output) : mbs_cli_default_output(o.model, ".h5");
    if (out && mbs_cli_same_file(out, o.model)) {
        fprintf(stderr, "mbsim run: error: the output file %s is the model file %s; choose another with -o\n", out,
                o.model);
        free(out);
        mbs_cli_free_overrides(&o.sets);
        return EXIT_BAD_INPUT;
    }
    mbs_model *m = out ? mbs_cli_load_model_with(o.model, o.commands, &o.sets, o.quiet, NULL) : NULL;
    mbs_cli_free_overrides(&o.sets);
    if (!m) {
        free(out);
        return EXIT_BAD_INPUT;
    }
    apply_options(m, &o);
    /* what the start's assembly moves, reported before any file exists: with
     * --strict a misplaced marker is bad input */
    m->settings.strict_assembly = o.strict;
    mbs_diags check;
    mbs_diags_init(&check);
    int check_rc = mbs_assembly_check(m, &check);
    mbs_cli_print_diags(&check, o.quiet);
    mbs_diags_free(&check);
    double rows = mbs_output_rows(m);
    if (check_rc != 0) {
        rc = EXIT_BAD_INPUT;
    } else if (!(rows <= MBS_MAX_OUTPUT_ROWS)) {
        rc = mbs_cli_usage_error("run", "with these --end-time and --print-interval the analyses ask for %.3g output "
                                        "rows, more than %.0f",
                                 rows, MBS_MAX_OUTPUT_ROWS);
    } else {
        rc = simulate_to_file(m, &o, out);
    }
    free(out);
    mbs_model_free(m);
    return rc;
}
