/* Drawing time-series panels into a PNG, SVG or PDF file (PLplot with its
 * cairo drivers; the only file that knows PLplot). What to draw is decided
 * by the caller (`mbsim plot`): panels of lines with axis labels, a legend
 * and vertical marks (events). */
#ifndef MBS_PLOT_H
#define MBS_PLOT_H

#include <stddef.h>

typedef struct mbs_plot_line {
    const double *x, *y; /* [n] */
    long n;
    int color;           /* 0.. (a fixed palette) */
    int dashed;          /* 0 solid, 1.. dash patterns (one per overlaid file) */
    const char *legend;  /* NULL: none */
} mbs_plot_line;

typedef struct mbs_plot_panel {
    const char *title, *xlabel, *ylabel;
    const mbs_plot_line *lines;
    int n_lines;
    const double *marks; /* x positions of vertical marks (events) */
    int n_marks;
} mbs_plot_panel;

typedef enum mbs_plot_format { MBS_PLOT_PNG, MBS_PLOT_SVG, MBS_PLOT_PDF } mbs_plot_format;

/* The format named by a file's extension (.png .svg .pdf, any case), or -1. */
int mbs_plot_format_of(const char *path);

/* Draws the panels one above the other on a page of width x height pixels
 * (PNG; points for SVG and PDF) and writes it to path. 0, or -1 with the
 * reason in err (the file is then not left behind). */
int mbs_plot_write(const char *path, mbs_plot_format format, int width, int height, const mbs_plot_panel *panels,
                   int n_panels, char *err, size_t errsize);

/* The PLplot version built against. */
const char *mbs_plot_library_version(void);

#endif
