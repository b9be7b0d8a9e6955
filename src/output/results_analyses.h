/* What each analysis leaves in the results file (SPEC 3):
 *   /analyses           one row per analysis run: kind, t_start, t_end, the
 *                       first and last row of /time it wrote, status
 *   /linear/linear_<k>  the k-th Linear analysis (k = 1, 2, ...): A B C D
 *                       with state, input and output names and units,
 *                       eigenvalues, damping ratios, frequencies, modes
 * (layout in docs/results-format.md). The writer creates every dataset
 * with the file, before it switches to SWMR mode (which cannot create
 * objects or attributes), and fills them as the analyses end; `info`
 * reads them back. */
#ifndef MBS_RESULTS_ANALYSES_H
#define MBS_RESULTS_ANALYSES_H

#include "../model/model.h"
#include "../solver/analysis/linear.h"

#include <hdf5.h>

/* ---- writing ---- */

typedef struct mbs_analyses_out mbs_analyses_out;

/* Creates /analyses and a /linear group per Linear analysis of m in file.
 * NULL on failure. */
mbs_analyses_out *mbs_analyses_create(hid_t file, const mbs_model *m);
/* Appends a row of /analyses (times in the model's unit; rows -1 for none). */
int mbs_analyses_append(mbs_analyses_out *a, const char *kind, double t_start, double t_end, long first_row,
                        long last_row, const char *status);
/* Fills /linear/linear_<k+1>. */
int mbs_analyses_linear(mbs_analyses_out *a, int k, const mbs_linear_result *lin);
void mbs_analyses_close(mbs_analyses_out *a);

/* ---- reading ---- */

typedef struct mbs_ranalysis {
    char kind[17], status[17]; /* as stored: up to 16 characters */
    double t_start, t_end;
    long first_row, last_row;
} mbs_ranalysis;

typedef struct mbs_rlinear {
    char *name;         /* "linear_1" */
    double t;           /* NaN if the analysis has not run */
    int n, n_inputs, n_outputs;
    int n_eigen;        /* n, or 0 without eigenvalues */
    double *eig_re, *eig_im, *damping, *frequency;
} mbs_rlinear;

/* The rows of /analyses (none in a file without it). Returns 0 or -1. */
int mbs_results_read_analyses(hid_t file, mbs_ranalysis **out, long *n);
/* Every group of /linear (none in a file without it). Returns 0 or -1. */
int mbs_results_read_linear(hid_t file, mbs_rlinear **out, int *n);
void mbs_results_free_linear(mbs_rlinear *l, int n);

#endif
