/* mbsim export RESULTS.h5 [SENSOR...] [--csv] [-o FILE]
 * The time and the chosen sensors (default: all) as CSV: a header of
 * "time [unit]" and "sensor.column [unit]", then one line per output time.
 * Numbers are written in the shortest form that reads back to the same
 * double; NaN and infinities as nan, inf, -inf. */
#include "cli.h"
#include "textout.h"
#include "../core/strutil.h"
#include "../output/results_reader.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct export_options {
    const char *results, *output;
    const char **sensors;
    int n_sensors;
} export_options;

static int parse(int argc, char **argv, export_options *o)
{
    memset(o, 0, sizeof *o);
    o->sensors = calloc((size_t)argc + 1, sizeof *o->sensors);
    if (!o->sensors)
        return EXIT_BAD_INPUT;
    static const struct option options[] = {
        {"csv", no_argument, NULL, 'C'},
        {"output", required_argument, NULL, 'o'},
        {NULL, 0, NULL, 0},
    };
    mbs_cli_getopt_begin();
    int code;
    while ((code = mbs_cli_getopt(argc, argv, "export", "o:", options)) != -1) {
        if (code == 'o')
            o->output = optarg;
        else if (code != 'C') /* --csv: the only format, for now */
            return EXIT_BAD_INPUT;
    }
    o->results = mbs_cli_operand(argc, argv);
    for (const char *s; (s = mbs_cli_operand(argc, argv));)
        o->sensors[o->n_sensors++] = s;
    if (!o->results)
        return mbs_cli_usage_error("export", "no results file given");
    return 0;
}

static void put_number(FILE *out, double v)
{
    char text[40];
    mbs_format_exact(text, sizeof text, v);
    fputs(text, out);
}

static void put_header(FILE *out, const mbs_results *r, const int *chosen, int n)
{
    char *time = r->time_unit[0] ? mbs_sprintf_alloc("time [%s]", r->time_unit) : mbs_strdup("time");
    mbs_csv_field(out, time ? time : "time");
    free(time);
    for (int c = 0; c < n; c++) {
        const mbs_rsensor *s = &r->sensors[chosen[c]];
        for (int k = 0; k < s->ncols; k++) {
            char *name = s->units[k][0] ? mbs_sprintf_alloc("%s.%s [%s]", s->name, s->columns[k], s->units[k])
                                        : mbs_sprintf_alloc("%s.%s", s->name, s->columns[k]);
            fputc(',', out);
            mbs_csv_field(out, name ? name : "");
            free(name);
        }
    }
    fputc('\n', out);
}

static int write_csv(FILE *out, const mbs_results *r, const int *chosen, int n, double **values)
{
    put_header(out, r, chosen, n);
    for (long row = 0; row < r->n_rows; row++) {
        put_number(out, r->time[row]);
        for (int c = 0; c < n; c++) {
            int k = r->sensors[chosen[c]].ncols;
            for (int j = 0; j < k; j++) {
                fputc(',', out);
                put_number(out, values[c][row * k + j]);
            }
        }
        fputc('\n', out);
    }
    return ferror(out) ? -1 : 0;
}

/* Which sensors, in the order asked (default: the file's order). */
static int choose(const mbs_results *r, const export_options *o, int *chosen, int *n)
{
    *n = 0;
    if (o->n_sensors == 0) {
        for (int i = 0; i < r->n_sensors; i++)
            chosen[(*n)++] = i;
        return 0;
    }
    for (int i = 0; i < o->n_sensors; i++) {
        int k = mbs_results_find(r, o->sensors[i]);
        if (k < 0) {
            mbs_buf names;
            mbs_buf_init(&names);
            for (int j = 0; j < r->n_sensors; j++)
                mbs_buf_appendf(&names, "%s%s", j ? ", " : "", r->sensors[j].name);
            fprintf(stderr, "mbsim export: error: %s has no sensor '%s' (it has: %s)\n", r->path, o->sensors[i],
                    names.data ? names.data : "none");
            mbs_buf_free(&names);
            return -1;
        }
        chosen[(*n)++] = k;
    }
    return 0;
}

static int export_file(const mbs_results *r, const export_options *o)
{
    int *chosen = calloc((size_t)r->n_sensors + (size_t)o->n_sensors + 1, sizeof *chosen);
    double **values = calloc((size_t)r->n_sensors + (size_t)o->n_sensors + 1, sizeof *values);
    int n = 0, rc = EXIT_BAD_INPUT;
    if (!chosen || !values || choose(r, o, chosen, &n) != 0)
        goto done;
    for (int c = 0; c < n; c++)
        if (!(values[c] = mbs_results_sensor_values(r, chosen[c]))) {
            fprintf(stderr, "mbsim export: error: %s: cannot read sensor '%s'\n", r->path,
                    r->sensors[chosen[c]].name);
            goto done;
        }
    /* Everything is read: only now is the output file created. */
    FILE *out = o->output ? fopen(o->output, "w") : stdout;
    if (!out) {
        fprintf(stderr, "mbsim export: error: cannot create %s: %s\n", o->output, strerror(errno));
        goto done;
    }
    int write_rc = write_csv(out, r, chosen, n, values);
    if (o->output)
        write_rc |= fclose(out) != 0;
    else
        write_rc |= fflush(out) != 0;
    if (write_rc != 0) {
        fprintf(stderr, "mbsim export: error: cannot write %s\n", o->output ? o->output : "the output");
        if (o->output)
            remove(o->output);
        rc = EXIT_FAILED;
    } else {
        rc = EXIT_OK;
    }
done:
    for (int c = 0; values && c < n; c++)
        free(values[c]);
    free(values);
    free(chosen);
    return rc;
}

int mbs_cmd_export(int argc, char **argv)
{
    export_options o;
    int rc = parse(argc, argv, &o);
    if (rc == 0 && o.output && mbs_cli_same_file(o.output, o.results))
        rc = mbs_cli_usage_error("export", "the output file %s is the results file %s", o.output, o.results);
    if (rc == 0) {
        mbs_results r;
        char err[1024];
        if (mbs_results_open(o.results, &r, err, sizeof err) != 0) {
            fprintf(stderr, "mbsim export: error: %s\n", err);
            rc = EXIT_BAD_INPUT;
        } else {
            rc = export_file(&r, &o);
            mbs_results_free(&r);
        }
    }
    free(o.sensors);
    return rc;
}
