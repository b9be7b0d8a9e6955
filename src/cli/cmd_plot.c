/* mbsim plot RESULTS.h5... [SENSOR[:COLUMN]]... -o FILE.png|svg|pdf
 *            [--x SENSOR:COLUMN] [--size WIDTHxHEIGHT]
 * One panel per sensor (default: every sensor of the first file), its
 * columns against time (or against --x), the files overlaid (one dash
 * pattern each), the events of each file as dotted verticals. Axis labels
 * carry the units written in the files. Drawing: output/plot.c. */
#include "cli.h"
#include "../core/strutil.h"
#include "../output/plot.h"
#include "../output/results_reader.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#define MAX_PANEL_LINES 64

typedef struct plot_options {
    const char *output, *x_axis;
    int width, height;
    const char **files, **specs;
    int n_files, n_specs;
} plot_options;

/* A results file is an operand that ends in .h5 or names an existing file. */
static int is_results_file(const char *s)
{
    size_t n = strlen(s);
    struct stat st;
    return (n > 3 && strcasecmp(s + n - 3, ".h5") == 0) || (stat(s, &st) == 0 && S_ISREG(st.st_mode));
}

static int parse(int argc, char **argv, plot_options *o)
{
    enum { OPT_X = 256, OPT_SIZE };
    static const struct option options[] = {
        {"output", required_argument, NULL, 'o'},
        {"x", required_argument, NULL, OPT_X},
        {"size", required_argument, NULL, OPT_SIZE},
        {NULL, 0, NULL, 0},
    };
    memset(o, 0, sizeof *o);
    o->files = calloc((size_t)argc + 1, sizeof *o->files);
    o->specs = calloc((size_t)argc + 1, sizeof *o->specs);
    if (!o->files || !o->specs)
        return EXIT_BAD_INPUT;
    mbs_cli_getopt_begin();
    int code;
    while ((code = mbs_cli_getopt(argc, argv, "plot", "o:", options)) != -1) {
        switch (code) {
        case 'o': o->output = optarg; break;
        case OPT_X: o->x_axis = optarg; break;
        case OPT_SIZE: {
            char tail;
            if (sscanf(optarg, "%dx%d%c", &o->width, &o->height, &tail) != 2 || o->width < 100 ||
                o->height < 100 || o->width > 10000 || o->height > 10000)
                return mbs_cli_usage_error("plot", "--size needs WIDTHxHEIGHT (100 to 10000 each), got '%s'",
                                           optarg);
            break;
        }
        default: return EXIT_BAD_INPUT;
        }
    }
    for (const char *a; (a = mbs_cli_operand(argc, argv));) {
        if (is_results_file(a))
            o->files[o->n_files++] = a;
        else
            o->specs[o->n_specs++] = a;
    }
    if (o->n_files == 0)
        return mbs_cli_usage_error("plot", "no results file given");
    if (!o->output)
        return mbs_cli_usage_error("plot", "-o FILE.png|svg|pdf is needed");
    if (mbs_plot_format_of(o->output) < 0)
        return mbs_cli_usage_error("plot", "-o %s: the name must end in .png, .svg or .pdf", o->output);
    return 0;
}

static int column_of(const mbs_rsensor *s, const char *name)
{
    for (int k = 0; k < s->ncols; k++)
        if (strcmp(s->columns[k], name) == 0)
            return k;
    return -1;
}

/* "SENSOR[:COLUMN]" in file r: the sensor's index and the column (-1: all).
 * The part after the last ':' is a column only if the sensor has it, so a
 * sensor whose name holds a ':' can be named whole. -1 after reporting. */
static int resolve(const mbs_results *r, const char *spec, int *sensor, int *col)
{
    *col = -1;
    *sensor = mbs_results_find(r, spec);
    if (*sensor >= 0)
        return 0;
    const char *colon = strrchr(spec, ':');
    if (colon) {
        char *name = mbs_strndup(spec, (size_t)(colon - spec));
        *sensor = name ? mbs_results_find(r, name) : -1;
        free(name);
        if (*sensor >= 0) {
            *col = column_of(&r->sensors[*sensor], colon + 1);
            if (*col >= 0)
                return 0;
            mbs_buf cols;
            mbs_buf_init(&cols);
            for (int k = 0; k < r->sensors[*sensor].ncols; k++)
                mbs_buf_appendf(&cols, "%s%s", k ? ", " : "", r->sensors[*sensor].columns[k]);
            fprintf(stderr, "mbsim plot: error: %s: sensor '%s' has no column '%s' (it has: %s)\n", r->path,
                    r->sensors[*sensor].name, colon + 1, cols.data ? cols.data : "none");
            mbs_buf_free(&cols);
            return -1;
        }
    }
    mbs_buf names;
    mbs_buf_init(&names);
    for (int j = 0; j < r->n_sensors; j++)
        mbs_buf_appendf(&names, "%s%s", j ? ", " : "", r->sensors[j].name);
    fprintf(stderr, "mbsim plot: error: %s has no sensor '%s' (it has: %s)\n", r->path, spec,
            names.data ? names.data : "none");
    mbs_buf_free(&names);
    return -1;
}

/* Everything read, kept until the page is written. */
typedef struct plot_data {
    mbs_results *files;
    int n_files;
    double **owned; /* arrays to free */
    int n_owned, cap_owned;
    char **texts;   /* strings to free */
    int n_texts, cap_texts;
} plot_data;

static double *keep(plot_data *d, double *v)
{
    if (v && d->n_owned == d->cap_owned) {
        d->cap_owned = d->cap_owned ? 2 * d->cap_owned : 16;
        double **grown = realloc(d->owned, (size_t)d->cap_owned * sizeof *grown);
        if (!grown) {
            free(v);
            return NULL;
        }
        d->owned = grown;
    }
    if (v)
        d->owned[d->n_owned++] = v;
    return v;
}

static char *keep_text(plot_data *d, char *s)
{
    if (s && d->n_texts == d->cap_texts) {
        d->cap_texts = d->cap_texts ? 2 * d->cap_texts : 16;
        char **grown = realloc(d->texts, (size_t)d->cap_texts * sizeof *grown);
        if (!grown) {
            free(s);
            return NULL;
        }
        d->texts = grown;
    }
    if (s)
        d->texts[d->n_texts++] = s;
    return s;
}

/* One column of a sensor as a contiguous array. */
static double *column_values(plot_data *d, const mbs_results *r, int sensor, int col)
{
    double *all = mbs_results_sensor_values(r, sensor);
    if (!all)
        return NULL;
    int k = r->sensors[sensor].ncols;
    double *v = malloc((size_t)(r->n_rows > 0 ? r->n_rows : 1) * sizeof *v);
    for (long i = 0; v && i < r->n_rows; i++)
        v[i] = all[i * k + col];
    free(all);
    return keep(d, v);
}

/* The x values of file f: time, or the --x column. NULL after reporting. */
static double *x_values(plot_data *d, int f, const char *x_axis)
{
    const mbs_results *r = &d->files[f];
    if (!x_axis)
        return r->time;
    int sensor, col;
    if (resolve(r, x_axis, &sensor, &col) != 0)
        return NULL;
    if (col < 0) {
        if (r->sensors[sensor].ncols != 1) {
            fprintf(stderr, "mbsim plot: error: --x %s: name one column (SENSOR:COLUMN)\n", x_axis);
            return NULL;
        }
        col = 0;
    }
    double *v = column_values(d, r, sensor, col);
    if (!v)
        fprintf(stderr, "mbsim plot: error: %s: cannot read sensor '%s'\n", r->path, r->sensors[sensor].name);
    return v;
}

static char *axis_label(const char *name, const char *unit)
{
    return unit && unit[0] ? mbs_sprintf_alloc("%s [%s]", name, unit) : mbs_strdup(name);
}

/* The panel of one SENSOR[:COLUMN] over every file. -1 after reporting. */
static int build_panel(plot_data *d, const char *spec, const char *x_axis, double **xs, mbs_plot_panel *p,
                       mbs_plot_line *lines, double **marks, int *n_marks)
{
    int sensor, col;
    const mbs_results *first = &d->files[0];
    if (resolve(first, spec, &sensor, &col) != 0)
        return -1;
    const mbs_rsensor *s = &first->sensors[sensor];
    int c0 = col >= 0 ? col : 0, c1 = col >= 0 ? col + 1 : s->ncols;
    /* the y label: the sensor, with the unit its columns share */
    const char *unit = s->units[c0];
    for (int k = c0; k < c1; k++)
        if (strcmp(s->units[k], unit) != 0)
            unit = "";
    char *ylabel = col >= 0 ? mbs_sprintf_alloc("%s.%s", s->name, s->columns[col]) : mbs_strdup(s->name);
    p->ylabel = keep_text(d, axis_label(ylabel ? ylabel : spec, unit));
    free(ylabel);
    p->title = keep_text(d, s->element_id > 0
                                ? mbs_sprintf_alloc("%s: %s %ld %s", s->name, s->type, s->element_id, s->output)
                                : mbs_sprintf_alloc("%s: %s %s", s->name, s->type, s->output));
    p->lines = lines;
    p->n_lines = 0;
    for (int f = 0; f < d->n_files; f++) {
        const mbs_results *r = &d->files[f];
        int fs = mbs_results_find(r, s->name);
        if (fs < 0) {
            fprintf(stderr, "mbsim plot: warning: %s has no sensor '%s': left out of its panel\n", r->path, s->name);
            continue;
        }
        for (int k = c0; k < c1 && p->n_lines < MAX_PANEL_LINES; k++) {
            int fk = column_of(&r->sensors[fs], s->columns[k]);
            double *y = fk >= 0 ? column_values(d, r, fs, fk) : NULL;
            if (!y)
                continue;
            mbs_plot_line *l = &lines[p->n_lines++];
            l->x = xs[f];
            l->y = y;
            l->n = r->n_rows;
            l->color = k - c0;
            l->dashed = f;
            if (d->n_files > 1 && c1 - c0 > 1)
                l->legend = keep_text(d, mbs_sprintf_alloc("%s: %s", r->path, s->columns[k]));
            else if (d->n_files > 1)
                l->legend = r->path;
            else if (c1 - c0 > 1)
                l->legend = keep_text(d, axis_label(s->columns[k], s->units[k]));
            else
                l->legend = NULL;
        }
    }
    if (!x_axis) {
        p->marks = marks ? *marks : NULL;
        p->n_marks = *n_marks;
    }
    return 0;
}

/* The times of every file's events. */
static void collect_events(plot_data *d, double **marks, int *n_marks)
{
    *marks = NULL;
    *n_marks = 0;
    for (int f = 0; f < d->n_files; f++) {
        mbs_revents ev;
        if (mbs_results_events(&d->files[f], &ev) == 0 && ev.n > 0) {
            double *grown = realloc(*marks, (size_t)(*n_marks + ev.n) * sizeof *grown);
            if (grown) {
                *marks = grown;
                memcpy(grown + *n_marks, ev.time, (size_t)ev.n * sizeof *grown);
                *n_marks += (int)ev.n;
            }
        }
        mbs_results_free_events(&ev);
    }
    keep(d, *marks);
}

static int draw(plot_data *d, const plot_options *o)
{
    const mbs_results *first = &d->files[0];
    int n_panels = o->n_specs ? o->n_specs : first->n_sensors;
    if (n_panels == 0) {
        fprintf(stderr, "mbsim plot: error: %s has no sensors to plot\n", first->path);
        return EXIT_BAD_INPUT;
    }
    mbs_plot_panel *panels = calloc((size_t)n_panels, sizeof *panels);
    mbs_plot_line *lines = calloc((size_t)n_panels * MAX_PANEL_LINES, sizeof *lines);
    double **xs = calloc((size_t)d->n_files, sizeof *xs);
    int rc = panels && lines && xs ? EXIT_OK : EXIT_FAILED;
    for (int f = 0; rc == EXIT_OK && f < d->n_files; f++)
        if (!(xs[f] = x_values(d, f, o->x_axis)))
            rc = EXIT_BAD_INPUT;
    double *marks = NULL;
    int n_marks = 0;
    if (rc == EXIT_OK && !o->x_axis)
        collect_events(d, &marks, &n_marks);
    char *xlabel = NULL;
    if (rc == EXIT_OK)
        xlabel = o->x_axis ? mbs_strdup(o->x_axis) : axis_label("time", first->time_unit);
    for (int i = 0; rc == EXIT_OK && i < n_panels; i++) {
        const char *spec = o->n_specs ? o->specs[i] : first->sensors[i].name;
        if (build_panel(d, spec, o->x_axis, xs, &panels[i], lines + (size_t)i * MAX_PANEL_LINES, &marks,
                        &n_marks) != 0)
            rc = EXIT_BAD_INPUT;
        panels[i].xlabel = xlabel;
    }
    if (rc == EXIT_OK) {
        int width = o->width ? o->width : 1000;
        int height = o->height ? o->height : (n_panels == 1 ? 500 : 260 * (n_panels < 12 ? n_panels : 12));
        char err[512];
        if (mbs_plot_write(o->output, mbs_plot_format_of(o->output), width, height, panels, n_panels, err,
                           sizeof err) != 0) {
            fprintf(stderr, "mbsim plot: error: %s\n", err);
            rc = EXIT_FAILED;
        }
    }
    free(xlabel);
    free(xs);
    free(lines);
    free(panels);
    return rc;
}

int mbs_cmd_plot(int argc, char **argv)
{
    plot_options o;
    plot_data d;
    memset(&d, 0, sizeof d);
    int rc = parse(argc, argv, &o);
    if (rc == 0) {
        d.files = calloc((size_t)o.n_files, sizeof *d.files);
        rc = d.files ? EXIT_OK : EXIT_FAILED;
    }
    for (int f = 0; rc == EXIT_OK && f < o.n_files; f++) {
        char err[1024];
        if (mbs_results_open(o.files[f], &d.files[f], err, sizeof err) != 0) {
            fprintf(stderr, "mbsim plot: error: %s\n", err);
            rc = EXIT_BAD_INPUT;
        } else {
            d.n_files++;
        }
    }
    if (rc == EXIT_OK)
        rc = draw(&d, &o);
    for (int f = 0; f < d.n_files; f++)
        mbs_results_free(&d.files[f]);
    for (int i = 0; i < d.n_owned; i++)
        free(d.owned[i]);
    for (int i = 0; i < d.n_texts; i++)
        free(d.texts[i]);
    free(d.owned);
    free(d.texts);
    free(d.files);
    free(o.files);
    free(o.specs);
    return rc;
}
