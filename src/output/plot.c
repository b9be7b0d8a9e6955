/* Time-series panels drawn into a picture file (plot.h).
 *
 * PLplot draws in a "stream" that is global state: one page, begun and ended
 * here. Its errors end the process (plexit), so everything it could refuse
 * is checked first: the format is one of ours, the file can be created, and
 * every panel has a finite range. Text goes through PLplot's escape
 * character '#', doubled in labels. */
#include "plot.h"
#include "../core/strutil.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <plplot.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Line colours (RGB), distinguishable in print; index 0, 1 of PLplot's map 0
 * are the background and the axes. */
static const int PALETTE[][3] = {
    {31, 119, 180}, {214, 39, 40}, {44, 160, 44}, {255, 127, 14}, {148, 103, 189},
    {140, 86, 75},  {227, 119, 194}, {127, 127, 127}, {188, 189, 34}, {23, 190, 207},
};
#define N_COLORS ((int)(sizeof PALETTE / sizeof PALETTE[0]))
#define FIRST_LINE_COLOR 2
#define MARK_COLOR (FIRST_LINE_COLOR + N_COLORS)
#define GRID_COLOR (MARK_COLOR + 1)

int mbs_plot_format_of(const char *path)
{
    const char *dot = strrchr(path, '.');
    if (!dot || strchr(dot, '/'))
        return -1;
    if (strcasecmp(dot, ".png") == 0)
        return MBS_PLOT_PNG;
    if (strcasecmp(dot, ".svg") == 0)
        return MBS_PLOT_SVG;
    if (strcasecmp(dot, ".pdf") == 0)
        return MBS_PLOT_PDF;
    return -1;
}

const char *mbs_plot_library_version(void)
{
    static char version[32];
    if (!version[0])
        plgver(version);
    return version;
}

/* A label with PLplot's escape character doubled (a new allocation). */
static char *plain_text(const char *s)
{
    mbs_buf b;
    mbs_buf_init(&b);
    for (; s && *s; s++)
        mbs_buf_append(&b, *s == '#' ? "##" : (char[]){*s, '\0'});
    return b.data ? b.data : mbs_strdup("");
}

/* The finite range of the lines' x and y; 0 if there is none. */
static int panel_range(const mbs_plot_panel *p, double *x0, double *x1, double *y0, double *y1)
{
    *x0 = *y0 = DBL_MAX;
    *x1 = *y1 = -DBL_MAX;
    for (int l = 0; l < p->n_lines; l++)
        for (long i = 0; i < p->lines[l].n; i++) {
            double x = p->lines[l].x[i], y = p->lines[l].y[i];
            if (!isfinite(x) || !isfinite(y))
                continue;
            *x0 = fmin(*x0, x);
            *x1 = fmax(*x1, x);
            *y0 = fmin(*y0, y);
            *y1 = fmax(*y1, y);
        }
    if (*x0 > *x1)
        return 0;
    /* a flat line or a single point still gets axes */
    if (*x1 - *x0 <= 1e-12 * fmax(1.0, fabs(*x0)))
        *x0 -= 0.5, *x1 += 0.5;
    double pad = 0.05 * (*y1 - *y0);
    if (pad <= 1e-12 * fmax(1.0, fabs(*y0)))
        pad = fmax(0.5, 0.05 * fabs(*y0));
    *y0 -= pad;
    *y1 += pad;
    return 1;
}

/* Draws a polyline through the finite points, broken at NaN and inf. */
static void draw_line(const mbs_plot_line *l, double *bx, double *by)
{
    long k = 0;
    for (long i = 0; i <= l->n; i++) {
        int ok = i < l->n && isfinite(l->x[i]) && isfinite(l->y[i]);
        if (ok) {
            bx[k] = l->x[i];
            by[k] = l->y[i];
            k++;
        }
        if (!ok || i == l->n) {
            if (k > 1)
                plline((PLINT)k, bx, by);
            else if (k == 1)
                plpoin(1, bx, by, 1);
            k = 0;
        }
    }
}

static void draw_legend(const mbs_plot_panel *p)
{
    int n = 0;
    for (int l = 0; l < p->n_lines; l++)
        n += p->lines[l].legend != NULL;
    if (n == 0)
        return;
    PLINT *opts = calloc((size_t)n, sizeof *opts), *colors = calloc((size_t)n, sizeof *colors);
    PLINT *styles = calloc((size_t)n, sizeof *styles), *zero = calloc((size_t)n, sizeof *zero);
    PLFLT *widths = calloc((size_t)n, sizeof *widths), *scales = calloc((size_t)n, sizeof *scales);
    char **texts = calloc((size_t)n, sizeof *texts);
    int k = 0;
    for (int l = 0; opts && colors && styles && zero && widths && scales && texts && l < p->n_lines; l++) {
        if (!p->lines[l].legend)
            continue;
        opts[k] = PL_LEGEND_LINE;
        colors[k] = FIRST_LINE_COLOR + p->lines[l].color % N_COLORS;
        styles[k] = 1 + p->lines[l].dashed % 8;
        widths[k] = 1.5;
        scales[k] = 1.0;
        texts[k] = plain_text(p->lines[l].legend);
        k++;
    }
    if (k == n) {
        PLFLT w, h;
        plscol0a(0, 255, 255, 255, 0.85); /* the legend's box: white, a little transparent */
        pllegend(&w, &h, PL_LEGEND_BACKGROUND | PL_LEGEND_BOUNDING_BOX, PL_POSITION_RIGHT | PL_POSITION_TOP, 0.01,
                 0.02, 0.08, 0, 1, 1, 0, 0, n, opts, 1.0, 0.8, 1.5, 1.0, colors, (const char *const *)texts,
                 /* boxes */ zero, zero, scales, widths, /* lines */ colors, styles, widths,
                 /* symbols */ zero, scales, zero, NULL);
        plscol0a(0, 255, 255, 255, 1.0);
    }
    for (int i = 0; texts && i < k; i++)
        free(texts[i]);
    free(texts);
    free(opts);
    free(colors);
    free(styles);
    free(zero);
    free(widths);
    free(scales);
}

static void draw_panel(const mbs_plot_panel *p, double *bx, double *by)
{
    double x0, x1, y0, y1;
    pladv(0);
    plvsta();
    if (!panel_range(p, &x0, &x1, &y0, &y1)) {
        x0 = y0 = 0.0;
        x1 = y1 = 1.0;
    }
    plwind(x0, x1, y0, y1);
    plcol0(GRID_COLOR);
    plbox("g", 0.0, 0, "g", 0.0, 0);
    plcol0(1);
    plbox("bcnst", 0.0, 0, "bcnstv", 0.0, 0);
    char *title = plain_text(p->title), *xl = plain_text(p->xlabel), *yl = plain_text(p->ylabel);
    pllab(xl, yl, title);
    free(title);
    free(xl);
    free(yl);
    /* events: thin dotted verticals under the data */
    plcol0(MARK_COLOR);
    pllsty(3);
    plwidth(1.5);
    for (int i = 0; i < p->n_marks; i++)
        if (p->marks[i] >= x0 && p->marks[i] <= x1)
            pljoin(p->marks[i], y0, p->marks[i], y1);
    plwidth(1.5);
    for (int l = 0; l < p->n_lines; l++) {
        plcol0(FIRST_LINE_COLOR + p->lines[l].color % N_COLORS);
        pllsty(1 + p->lines[l].dashed % 8);
        draw_line(&p->lines[l], bx, by);
    }
    pllsty(1);
    plwidth(1.0);
    plcol0(1);
    draw_legend(p);
}

int mbs_plot_write(const char *path, mbs_plot_format format, int width, int height, const mbs_plot_panel *panels,
                   int n_panels, char *err, size_t errsize)
{
    static const char *const DEVICES[] = {"pngcairo", "svg", "pdfcairo"};
    if ((int)format < 0 || (int)format > MBS_PLOT_PDF || n_panels < 1 || width < 16 || height < 16) {
        snprintf(err, errsize, "nothing to plot");
        return -1;
    }
    /* PLplot ends the process when it cannot open the file: find out first */
    FILE *probe = fopen(path, "w");
    if (!probe) {
        snprintf(err, errsize, "cannot create %s: %s", path, strerror(errno));
        return -1;
    }
    fclose(probe);
    long longest = 1;
    for (int i = 0; i < n_panels; i++)
        for (int l = 0; l < panels[i].n_lines; l++)
            longest = panels[i].lines[l].n > longest ? panels[i].lines[l].n : longest;
    double *bx = malloc((size_t)longest * sizeof *bx), *by = malloc((size_t)longest * sizeof *by);
    if (!bx || !by) {
        free(bx);
        free(by);
        remove(path);
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    plsdev(DEVICES[format]);
    plsfnam(path);
    plspage(0.0, 0.0, width, height, 0, 0);
    plscmap0n(GRID_COLOR + 1);
    plscolbg(255, 255, 255);
    plscol0(1, 0, 0, 0);
    for (int c = 0; c < N_COLORS; c++)
        plscol0(FIRST_LINE_COLOR + c, PALETTE[c][0], PALETTE[c][1], PALETTE[c][2]);
    plscol0(MARK_COLOR, 200, 0, 200); /* a hue no line or text has */
    plscol0(GRID_COLOR, 215, 215, 215);
    plstar(1, n_panels);
    plschr(0.0, n_panels > 3 ? 0.8 : 0.9);
    for (int i = 0; i < n_panels; i++)
        draw_panel(&panels[i], bx, by);
    plend1();
    free(bx);
    free(by);
    return 0;
}
