/* The points of a sweep as the rows of DIR/sweep.csv name them: index, the
 * values of the varied parameters, the results file. Read from the table,
 * or, where there is none (never copied back from a cluster, deleted),
 * rebuilt from the results files alone: each records its parameters. */
#ifndef MBS_SWEEP_POINTS_H
#define MBS_SWEEP_POINTS_H

typedef struct mbs_sweep_row {
    char *index;
    char **values; /* [n_axes]; "" where nothing tells the value */
    char *file;    /* relative to DIR; "" for none */
    /* what the table said of the point (NULL when rebuilt from the files):
     * kept for a point that left no file, whose outcome no file can tell */
    char *status, *exit_code, *wall_time, *message;
} mbs_sweep_row;

typedef struct mbs_sweep_points {
    int n_axes;
    char **axes;       /* the varied parameters, as their columns stand */
    int n_summaries;
    char **summaries;  /* the table's summary columns (after message) */
    long n;
    mbs_sweep_row *rows;
} mbs_sweep_points;

/* Reads DIR/sweep.csv, or without one rebuilds its rows from DIR's results
 * files (the notes saying so, and naming .h5 files that are not the sweep's,
 * unless quiet). 0, or -1 after printing why: a table that is not a sweep's,
 * neither a table nor results files of a sweep, results of several models. */
int mbs_sweep_points_read(const char *dir, mbs_sweep_points *p, int quiet);
void mbs_sweep_points_free(mbs_sweep_points *p);

/* "models/brake.xml" -> "brake": the name a sweep's files begin with. */
char *mbs_sweep_base_name(const char *model);

#endif
