/* mbsim compare REF.h5 NEW.h5 [--rtol R] [--atol A] [--sensor NAME]...
 *               [--bodies] [--interpolate] [--time-tol T] [--quiet]
 * Prints what differs and a table of the worst column per sensor; the exit
 * status is the verdict (0 equal, 1 different, 2 bad input), for CI scripts. */
#include "cli.h"
#include "textout.h"
#include "../core/strutil.h"
#include "../output/results_compare.h"
#include "../output/results_reader.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_RTOL 1e-6
#define DEFAULT_ATOL 1e-9

typedef struct compare_options {
    const char *ref, *cur;
    mbs_compare_options cmp;
    const char **sensors;
    int bodies; /* compare /geometry/bodies, not /sensors */
    int quiet;
} compare_options;

static int tolerance_arg(const char *opt, const char *value, double *out)
{
    if (mbs_parse_double(value, out) != 0 || !(*out >= 0) || isinf(*out))
        return mbs_cli_usage_error("compare", "%s needs a number >= 0, got '%s'", opt, value);
    return 0;
}

static int parse(int argc, char **argv, compare_options *o)
{
    memset(o, 0, sizeof *o);
    o->cmp.rtol = DEFAULT_RTOL;
    o->cmp.atol = DEFAULT_ATOL;
    o->cmp.time_tol = -1.0;
    o->sensors = calloc((size_t)argc + 1, sizeof *o->sensors);
    if (!o->sensors)
        return EXIT_BAD_INPUT;
    enum { OPT_RTOL = 256, OPT_ATOL, OPT_SCALED_ATOL, OPT_TIME_TOL, OPT_SENSOR, OPT_BODIES, OPT_INTERPOLATE };
    static const struct option options[] = {
        {"rtol", required_argument, NULL, OPT_RTOL},
        {"atol", required_argument, NULL, OPT_ATOL},
        {"scaled-atol", required_argument, NULL, OPT_SCALED_ATOL},
        {"time-tol", required_argument, NULL, OPT_TIME_TOL},
        {"sensor", required_argument, NULL, OPT_SENSOR},
        {"bodies", no_argument, NULL, OPT_BODIES},
        {"interpolate", no_argument, NULL, OPT_INTERPOLATE},
        {"quiet", no_argument, NULL, 'q'},
        {NULL, 0, NULL, 0},
    };
    mbs_cli_getopt_begin();
    int code;
    while ((code = mbs_cli_getopt(argc, argv, "compare", "q", options)) != -1) {
        int rc = 0;
        switch (code) {
        case OPT_RTOL: rc = tolerance_arg("--rtol", optarg, &o->cmp.rtol); break;
        case OPT_ATOL: rc = tolerance_arg("--atol", optarg, &o->cmp.atol); break;
        case OPT_SCALED_ATOL: rc = tolerance_arg("--scaled-atol", optarg, &o->cmp.scaled_atol); break;
        case OPT_TIME_TOL: rc = tolerance_arg("--time-tol", optarg, &o->cmp.time_tol); break;
        case OPT_SENSOR: o->sensors[o->cmp.n_sensors++] = optarg; break;
        case OPT_BODIES: o->bodies = 1; break;
        case OPT_INTERPOLATE: o->cmp.interpolate = 1; break;
        case 'q': o->quiet += o->quiet < MBS_QUIET_MAX; break;
        default: return EXIT_BAD_INPUT;
        }
        if (rc != 0)
            return rc;
    }
    o->ref = mbs_cli_operand(argc, argv);
    o->cur = mbs_cli_operand(argc, argv);
    if (o->cur && optind < argc)
        return mbs_cli_usage_error("compare", "two results files, please (REF.h5 NEW.h5)");
    if (!o->cur)
        return mbs_cli_usage_error("compare", "needs two results files: REF.h5 NEW.h5");
    o->cmp.sensors = o->sensors;
    return 0;
}

static void describe(const char *role, const mbs_results *r)
{
    printf("%s: %s (%s", role, r->path, r->status);
    if (r->n_rows > 0)
        printf(", %ld rows, t = %.6g .. %.6g %s", r->n_rows, r->time[0], r->time[r->n_rows - 1], r->time_unit);
    else
        printf(", no rows");
    printf(")\n");
}

static void number(char *out, size_t size, double v)
{
    if (isinf(v))
        snprintf(out, size, "inf");
    else
        snprintf(out, size, "%.3g", v);
}

static void verdict_text(const mbs_sensor_comparison *s, const mbs_comparison *c, char *out, size_t size)
{
    switch (s->verdict) {
    case MBS_CMP_EQUAL:
        snprintf(out, size, "equal");
        break;
    case MBS_CMP_DIFFERENT:
        if (s->worst.nan_mismatch > 0)
            snprintf(out, size, "DIFFERENT: %ld of %ld rows beyond tolerance (NaN against a number in %s: %ld rows)",
                     s->rows_beyond, c->rows_compared, s->worst_col_name, s->worst.nan_mismatch);
        else
            snprintf(out, size, "DIFFERENT: %ld of %ld rows beyond tolerance", s->rows_beyond, c->rows_compared);
        break;
    case MBS_CMP_MISSING:
        snprintf(out, size, "MISSING in NEW");
        break;
    case MBS_CMP_EXTRA:
        snprintf(out, size, "EXTRA in NEW (not in REF)");
        break;
    case MBS_CMP_COLUMNS:
        snprintf(out, size, "COLUMNS DIFFER: %s", s->detail);
        break;
    case MBS_CMP_NOT_COMPARED:
        snprintf(out, size, "not compared (time grids differ)");
        break;
    }
}

static void print_table(const mbs_comparison *c)
{
    mbs_table t;
    mbs_table_init(&t, 6);
    mbs_table_add(&t, (const char *[]){"sensor", "worst column", "max abs err", "max rel err", "at t", "result"});
    for (int i = 0; i < c->n; i++) {
        const mbs_sensor_comparison *s = &c->sensors[i];
        char abs_err[32] = "-", rel_err[32] = "-", at[32] = "-", verdict[400];
        if (s->worst_col >= 0) {
            number(abs_err, sizeof abs_err, s->worst.max_abs);
            number(rel_err, sizeof rel_err, s->worst.max_rel);
            if (s->worst.worst > 0)
                snprintf(at, sizeof at, "%.6g", s->worst.t_worst);
        }
        verdict_text(s, c, verdict, sizeof verdict);
        mbs_table_add(&t, (const char *[]){s->name, s->worst_col >= 0 ? s->worst_col_name : "-", abs_err, rel_err,
                                           at, verdict});
    }
    mbs_table_print(&t, stdout, "  ");
    mbs_table_free(&t);
}

/* " [a, b, c]": the sensors of one verdict (at most 5 named), so that the
 * result line alone (--quiet) says which sensors differ. */
static void append_names(mbs_buf *b, const mbs_comparison *c, mbs_sensor_verdict verdict)
{
    enum { SHOWN = 5 };
    int n = 0;
    for (int i = 0; i < c->n; i++)
        if (c->sensors[i].verdict == verdict) {
            if (n < SHOWN)
                mbs_buf_appendf(b, "%s%s", n ? ", " : " [", c->sensors[i].name);
            n++;
        }
    if (n > SHOWN)
        mbs_buf_appendf(b, ", and %d more", n - SHOWN);
    if (n)
        mbs_buf_append(b, "]");
}

static void print_summary(const mbs_comparison *c)
{
    if (!c->differences) {
        printf("result: equal (%d sensors, %ld rows)\n", c->n_equal, c->rows_compared);
        return;
    }
    mbs_buf b;
    mbs_buf_init(&b);
    const char *sep = "";
#define PART(cond, verdict, ...)                                                                                       \
    do {                                                                                                               \
        if (cond) {                                                                                                    \
            mbs_buf_append(&b, sep);                                                                                   \
            mbs_buf_appendf(&b, __VA_ARGS__);                                                                          \
            if ((int)(verdict) >= 0)                                                                                   \
                append_names(&b, c, verdict);                                                                          \
            sep = ", ";                                                                                                \
        }                                                                                                              \
    } while (0)
    PART(c->status_differs, -1, "status differs");
    PART(!c->grid_equal && c->rows_compared == 0, -1, "time grids differ");
    PART(c->n_different, MBS_CMP_DIFFERENT, "%d sensor%s beyond tolerance", c->n_different,
         c->n_different == 1 ? "" : "s");
    PART(c->n_missing, MBS_CMP_MISSING, "%d missing in NEW", c->n_missing);
    PART(c->n_extra, MBS_CMP_EXTRA, "%d extra in NEW", c->n_extra);
    PART(c->n_columns, MBS_CMP_COLUMNS, "%d with other columns", c->n_columns);
#undef PART
    printf("result: DIFFERENT (%s)\n", b.data ? b.data : "");
    mbs_buf_free(&b);
}

static void attr_text(const mbs_rattr *a, char *out, size_t size)
{
    if (a->is_text)
        snprintf(out, size, "'%s'", a->text);
    else
        mbs_format_exact(out, size, a->number);
}

static const mbs_rattr *find_param(const mbs_results *r, const char *name)
{
    for (int k = 0; k < r->n_params; k++)
        if (strcmp(r->params[k].name, name) == 0)
            return &r->params[k];
    return NULL;
}

/* "m (REF 1, NEW 2), L (REF 1, not in NEW)": the /parameters the runs
 * differ in, "" if none. */
static void parameter_differences(const mbs_results *ref, const mbs_results *cur, mbs_buf *b)
{
    char x[48], y[48];
    for (int k = 0; k < ref->n_params; k++) {
        const mbs_rattr *p = &ref->params[k], *q = find_param(cur, p->name);
        attr_text(p, x, sizeof x);
        if (!q) {
            mbs_buf_appendf(b, "%s%s (REF %s, not in NEW)", b->len ? ", " : "", p->name, x);
            continue;
        }
        attr_text(q, y, sizeof y);
        if (strcmp(x, y) != 0)
            mbs_buf_appendf(b, "%s%s (REF %s, NEW %s)", b->len ? ", " : "", p->name, x, y);
    }
    for (int k = 0; k < cur->n_params; k++)
        if (!find_param(ref, cur->params[k].name)) {
            attr_text(&cur->params[k], y, sizeof y);
            mbs_buf_appendf(b, "%s%s (NEW %s, not in REF)", b->len ? ", " : "", cur->params[k].name, y);
        }
}

static void report(const mbs_results *ref, const mbs_results *cur, const mbs_comparison *c, int interpolate)
{
    describe("REF", ref);
    describe("NEW", cur);
    if (c->scaled_atol > 0)
        printf("tolerance: |NEW - REF| <= %g + %g |REF| + %g max|REF column|\n", c->atol, c->rtol, c->scaled_atol);
    else
        printf("tolerance: |NEW - REF| <= %g + %g |REF|\n", c->atol, c->rtol);
    if (c->status_differs)
        printf("status: DIFFERS: REF %s, NEW %s%s%s\n", ref->status, cur->status, cur->message[0] ? ": " : "",
               cur->message);
    if (strcmp(ref->model_sha256, cur->model_sha256) != 0)
        printf("note: the model sources differ (model_sha256)\n");
    mbs_buf params;
    mbs_buf_init(&params);
    parameter_differences(ref, cur, &params);
    if (params.len)
        printf("note: the runs' parameters differ: %s\n", params.data);
    mbs_buf_free(&params);
    if (c->events_note[0])
        printf("note: the events differ: %s\n", c->events_note);
    if (c->grid_equal)
        printf("time: same grid (%s)\n", c->grid_detail);
    else if (c->rows_compared > 0)
        printf("time: grids differ (%s); compared at %ld REF times, t = %.6g .. %.6g, NEW interpolated\n",
               c->grid_detail, c->rows_compared, c->t_first, c->t_last);
    else if (interpolate)
        printf("time: DIFFERS (%s); no REF time lies within NEW's time range\n", c->grid_detail);
    else
        printf("time: DIFFERS (%s); values not compared (--interpolate compares on the common time range)\n",
               c->grid_detail);
    if (c->n > 0)
        print_table(c);
    print_summary(c);
}

int mbs_cmd_compare(int argc, char **argv)
{
    compare_options o;
    int rc = parse(argc, argv, &o);
    if (rc != 0) {
        free(o.sensors);
        return rc;
    }
    mbs_results ref, cur;
    char err[1024];
    rc = EXIT_BAD_INPUT;
    if (mbs_results_open(o.ref, &ref, err, sizeof err) != 0) {
        fprintf(stderr, "mbsim compare: error: %s\n", err);
    } else {
        if (mbs_results_open(o.cur, &cur, err, sizeof err) != 0) {
            fprintf(stderr, "mbsim compare: error: %s\n", err);
        } else if (o.bodies && (mbs_results_use_bodies(&ref, err, sizeof err) != 0 ||
                                mbs_results_use_bodies(&cur, err, sizeof err) != 0)) {
            fprintf(stderr, "mbsim compare: error: %s\n", err);
            mbs_results_free(&cur);
        } else {
            mbs_comparison c;
            if (mbs_compare(&ref, &cur, &o.cmp, &c, err, sizeof err) != 0) {
                fprintf(stderr, "mbsim compare: error: %s\n", err);
            } else {
                if (o.quiet == 1)
                    print_summary(&c);
                else if (o.quiet == 0)
                    report(&ref, &cur, &c, o.cmp.interpolate);
                rc = c.differences ? EXIT_FAILED : EXIT_OK;
                mbs_comparison_free(&c);
            }
            mbs_results_free(&cur);
        }
        mbs_results_free(&ref);
    }
    free(o.sensors);
    return rc;
}
