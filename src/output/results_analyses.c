/* /analyses and /linear of the results file, written and read
 * (results_analyses.h). */
#include "results_analyses.h"
#include "h5util.h"
#include "../core/strutil.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KIND_LEN 16
#define NAME_LEN 96

/* ---- writing ---- */

/* The datasets of one Linear analysis, in this order. */
enum {
    L_TIME, L_STATE_NAMES, L_STATE_UNITS, L_INPUT_NAMES, L_INPUT_UNITS, L_OUTPUT_NAMES, L_OUTPUT_UNITS,
    L_A, L_B, L_C, L_D, L_EIGENVALUES, L_DAMPING, L_FREQUENCY, L_MODE_COORDS, L_MODE_UNITS, L_MODES_RE, L_MODES_IM,
    L_COUNT
};

static const struct {
    const char *name;
    int rank;    /* 1 or 2 */
    int strings; /* names and units */
} LINEAR_DATASETS[L_COUNT] = {
    {"time", 1, 0}, {"state_names", 1, 1}, {"state_units", 1, 1}, {"input_names", 1, 1}, {"input_units", 1, 1},
    {"output_names", 1, 1}, {"output_units", 1, 1}, {"A", 2, 0}, {"B", 2, 0}, {"C", 2, 0}, {"D", 2, 0},
    {"eigenvalues", 2, 0}, {"damping_ratio", 1, 0}, {"frequency", 1, 0}, {"mode_coordinates", 1, 1},
    {"mode_units", 1, 1}, {"modes_real", 2, 0}, {"modes_imag", 2, 0},
};

enum { A_KIND, A_T_START, A_T_END, A_FIRST_ROW, A_LAST_ROW, A_STATUS, A_COUNT };

struct mbs_analyses_out {
    hid_t rows[A_COUNT];   /* /analyses columns */
    long n_rows;
    hid_t (*linear)[L_COUNT]; /* [n_linear] */
    int n_linear;
};

/* A dataset of `rank` growing dimensions (the writer is in SWMR mode when
 * it gets its size). */
static hid_t extendable(hid_t loc, const char *name, hid_t type, int rank)
{
    return mbs_h5_growing_dataset(loc, name, type, rank, -1, 32, 32);
}

/* Sets the dataset's extent to rows x cols and writes all of it. */
static int put(hid_t ds, hid_t type, int rank, long rows, long cols, const void *data)
{
    hsize_t size[2] = {(hsize_t)rows, (hsize_t)cols};
    if (H5Dset_extent(ds, size) < 0)
        return -1;
    if (rows == 0 || (rank == 2 && cols == 0))
        return 0;
    return H5Dwrite(ds, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, data) < 0 ? -1 : 0;
}

/* Writes (or reads) rows off .. off+count of a 1-D dataset. */
static int rows_io(hid_t ds, hid_t type, hsize_t off, hsize_t count, void *buf, int write)
{
    hid_t fspace = H5Dget_space(ds);
    H5Sselect_hyperslab(fspace, H5S_SELECT_SET, &off, NULL, &count, NULL);
    hid_t mspace = H5Screate_simple(1, &count, NULL);
    herr_t rc = write ? H5Dwrite(ds, type, mspace, fspace, H5P_DEFAULT, buf)
                      : H5Dread(ds, type, mspace, fspace, H5P_DEFAULT, buf);
    H5Sclose(mspace);
    H5Sclose(fspace);
    return rc < 0 ? -1 : 0;
}

/* Writes one more row of a 1-D dataset. */
static int append(hid_t ds, hid_t type, long index, const void *value)
{
    hsize_t size = (hsize_t)(index + 1);
    if (H5Dset_extent(ds, &size) < 0)
        return -1;
    return rows_io(ds, type, (hsize_t)index, 1, (void *)value, 1);
}

static int create_rows(mbs_analyses_out *a, hid_t file, const char *time_unit)
{
    static const char *const NAMES[A_COUNT] = {"kind", "t_start", "t_end", "first_row", "last_row", "status"};
    hid_t g = H5Gcreate2(file, "analyses", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    if (g < 0)
        return -1;
    hid_t text = mbs_h5_fixed_string(KIND_LEN);
    int rc = 0;
    for (int k = 0; k < A_COUNT; k++) {
        hid_t type = k == A_KIND || k == A_STATUS ? text : k == A_FIRST_ROW || k == A_LAST_ROW ? H5T_NATIVE_LLONG
                                                                                              : H5T_NATIVE_DOUBLE;
        a->rows[k] = extendable(g, NAMES[k], type, 1);
        rc |= a->rows[k] < 0;
    }
    rc |= mbs_h5_attr_string(a->rows[A_T_START], "units", time_unit);
    rc |= mbs_h5_attr_string(a->rows[A_T_END], "units", time_unit);
    H5Tclose(text);
    H5Gclose(g);
    return rc ? -1 : 0;
}

static int create_linear(hid_t *ds, hid_t parent, int k, int analysis, const mbs_model *m, const char *time_unit)
{
    char name[32];
    snprintf(name, sizeof name, "linear_%d", k + 1);
    hid_t g = H5Gcreate2(parent, name, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    if (g < 0)
        return -1;
    hid_t text = mbs_h5_fixed_string(NAME_LEN);
    int rc = mbs_h5_attr_long(g, "analysis", analysis);
    for (int i = 0; i < L_COUNT; i++) {
        ds[i] = extendable(g, LINEAR_DATASETS[i].name, LINEAR_DATASETS[i].strings ? text : H5T_NATIVE_DOUBLE,
                           LINEAR_DATASETS[i].rank);
        rc |= ds[i] < 0;
    }
    char rate[32];
    mbs_units_format(&m->units, MBS_DIM(0, 0, 0, -1), 0, rate, sizeof rate);
    static const char *const PARTS[] = {"real", "imag"};
    rc |= mbs_h5_attr_string(ds[L_TIME], "units", time_unit);
    rc |= mbs_h5_attr_strings(ds[L_EIGENVALUES], "columns", PARTS, 2);
    rc |= mbs_h5_attr_string(ds[L_EIGENVALUES], "units", rate);
    rc |= mbs_h5_attr_string(ds[L_FREQUENCY], "units", rate);
    rc |= mbs_h5_attr_string(ds[L_DAMPING], "units", "1");
    H5Tclose(text);
    H5Gclose(g);
    return rc ? -1 : 0;
}

mbs_analyses_out *mbs_analyses_create(hid_t file, const mbs_model *m)
{
    mbs_analyses_out *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    for (int i = 0; i < m->n_analyses; i++)
        a->n_linear += m->analyses[i].type == MBS_ANALYSIS_LINEAR;
    a->linear = calloc((size_t)a->n_linear + 1, sizeof *a->linear);
    char time_unit[16];
    mbs_units_format(&m->units, DIM_TIME, 0, time_unit, sizeof time_unit);
    int rc = !a->linear || create_rows(a, file, time_unit) != 0;
    if (rc == 0 && a->n_linear > 0) {
        hid_t g = H5Gcreate2(file, "linear", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
        rc |= g < 0;
        for (int i = 0, k = 0; rc == 0 && i < m->n_analyses; i++)
            if (m->analyses[i].type == MBS_ANALYSIS_LINEAR) {
                rc |= create_linear(a->linear[k], g, k, i, m, time_unit) != 0;
                k++;
            }
        if (g >= 0)
            H5Gclose(g);
    }
    if (rc) {
        mbs_analyses_close(a);
        return NULL;
    }
    return a;
}

int mbs_analyses_append(mbs_analyses_out *a, const char *kind, double t_start, double t_end, long first_row,
                        long last_row, const char *status)
{
    char k[KIND_LEN] = {0}, s[KIND_LEN] = {0};
    snprintf(k, sizeof k, "%s", kind);
    snprintf(s, sizeof s, "%s", status);
    long long first = first_row, last = last_row;
    hid_t text = mbs_h5_fixed_string(KIND_LEN);
    long i = a->n_rows++;
    int rc = append(a->rows[A_KIND], text, i, k);
    rc |= append(a->rows[A_T_START], H5T_NATIVE_DOUBLE, i, &t_start);
    rc |= append(a->rows[A_T_END], H5T_NATIVE_DOUBLE, i, &t_end);
    rc |= append(a->rows[A_FIRST_ROW], H5T_NATIVE_LLONG, i, &first);
    rc |= append(a->rows[A_LAST_ROW], H5T_NATIVE_LLONG, i, &last);
    rc |= append(a->rows[A_STATUS], text, i, s);
    H5Tclose(text);
    return rc;
}

/* n names as NUL-padded fixed-length strings. */
static int put_names(hid_t ds, char *const *names, int n)
{
    char *buf = calloc((size_t)n * NAME_LEN + 1, 1);
    if (!buf)
        return -1;
    for (int i = 0; i < n; i++)
        snprintf(buf + (size_t)i * NAME_LEN, NAME_LEN, "%s", names[i] ? names[i] : "");
    hid_t text = mbs_h5_fixed_string(NAME_LEN);
    int rc = put(ds, text, 1, n, 0, buf);
    H5Tclose(text);
    free(buf);
    return rc;
}

int mbs_analyses_linear(mbs_analyses_out *a, int k, const mbs_linear_result *lin)
{
    if (k < 0 || k >= a->n_linear)
        return -1;
    hid_t *ds = a->linear[k];
    hid_t d = H5T_NATIVE_DOUBLE;
    int n = lin->n, ni = lin->n_inputs, no = lin->n_outputs, ne = lin->has_eigen ? n : 0;
    int rc = put(ds[L_TIME], d, 1, 1, 0, &lin->t);
    rc |= put_names(ds[L_STATE_NAMES], lin->state_names, n);
    rc |= put_names(ds[L_STATE_UNITS], lin->state_units, n);
    rc |= put_names(ds[L_INPUT_NAMES], lin->input_names, ni);
    rc |= put_names(ds[L_INPUT_UNITS], lin->input_units, ni);
    rc |= put_names(ds[L_OUTPUT_NAMES], lin->output_names, no);
    rc |= put_names(ds[L_OUTPUT_UNITS], lin->output_units, no);
    rc |= put(ds[L_A], d, 2, n, n, lin->A);
    rc |= put(ds[L_B], d, 2, n, ni, lin->B);
    rc |= put(ds[L_C], d, 2, no, n, lin->C);
    rc |= put(ds[L_D], d, 2, no, ni, lin->D);
    if (ne > 0) {
        double *eig = malloc((size_t)ne * 2 * sizeof *eig);
        if (!eig)
            return -1;
        for (int i = 0; i < ne; i++) {
            eig[2 * i] = lin->eig_re[i];
            eig[2 * i + 1] = lin->eig_im[i];
        }
        rc |= put(ds[L_EIGENVALUES], d, 2, ne, 2, eig);
        free(eig);
        rc |= put(ds[L_DAMPING], d, 1, ne, 0, lin->damping);
        rc |= put(ds[L_FREQUENCY], d, 1, ne, 0, lin->frequency);
        rc |= put_names(ds[L_MODE_COORDS], lin->motion_names, lin->n_motions);
        rc |= put_names(ds[L_MODE_UNITS], lin->motion_units, lin->n_motions);
        rc |= put(ds[L_MODES_RE], d, 2, ne, lin->n_motions, lin->mode_re);
        rc |= put(ds[L_MODES_IM], d, 2, ne, lin->n_motions, lin->mode_im);
    }
    return rc;
}

void mbs_analyses_close(mbs_analyses_out *a)
{
    if (!a)
        return;
    for (int k = 0; k < A_COUNT; k++)
        if (a->rows[k] > 0)
            H5Dclose(a->rows[k]);
    for (int i = 0; a->linear && i < a->n_linear; i++)
        for (int k = 0; k < L_COUNT; k++)
            if (a->linear[i][k] > 0)
                H5Dclose(a->linear[i][k]);
    free(a->linear);
    free(a);
}

/* ---- reading ---- */

/* Length of a 1-D dataset (or rows of a 2-D one), -1 if it is not there. */
static long length(hid_t loc, const char *name, hid_t *ds)
{
    *ds = H5Lexists(loc, name, H5P_DEFAULT) > 0 ? H5Dopen2(loc, name, H5P_DEFAULT) : -1;
    if (*ds < 0)
        return -1;
    H5Drefresh(*ds);
    hid_t space = H5Dget_space(*ds);
    hsize_t dims[2] = {0, 0};
    int rank = H5Sget_simple_extent_ndims(space);
    if (rank >= 1 && rank <= 2)
        H5Sget_simple_extent_dims(space, dims, NULL);
    H5Sclose(space);
    return rank >= 1 && rank <= 2 ? (long)dims[0] : -1;
}

/* The first n values of a dataset (all of its columns). */
static int read_all(hid_t ds, hid_t type, void *out)
{
    int rc = H5Dread(ds, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, out) < 0 ? -1 : 0;
    H5Dclose(ds);
    return rc;
}

/* A column of /analyses with n rows (at least): doubles, integers or texts. */
static int read_column(hid_t g, const char *name, hid_t type, long n, void *out)
{
    hid_t ds;
    long len = length(g, name, &ds);
    if (len < n) {
        if (ds >= 0)
            H5Dclose(ds);
        return -1;
    }
    int rc = rows_io(ds, type, 0, (hsize_t)n, out, 0);
    H5Dclose(ds);
    return rc;
}

int mbs_results_read_analyses(hid_t file, mbs_ranalysis **out, long *n)
{
    *out = NULL;
    *n = 0;
    if (H5Lexists(file, "analyses", H5P_DEFAULT) <= 0)
        return 0;
    hid_t g = H5Gopen2(file, "analyses", H5P_DEFAULT), ds;
    if (g < 0)
        return -1;
    long rows = length(g, "status", &ds); /* written last: a row with its status is complete */
    if (ds >= 0)
        H5Dclose(ds);
    if (rows <= 0) {
        H5Gclose(g);
        return rows < 0 ? -1 : 0;
    }
    mbs_ranalysis *a = calloc((size_t)rows, sizeof *a);
    char *texts = calloc((size_t)rows * KIND_LEN * 2, 1);
    double *t = calloc((size_t)rows * 2, sizeof *t);
    long long *r = calloc((size_t)rows * 2, sizeof *r);
    hid_t text = mbs_h5_fixed_string(KIND_LEN);
    int rc = !a || !texts || !t || !r ? -1 : 0;
    rc = rc ? rc : read_column(g, "kind", text, rows, texts);
    rc = rc ? rc : read_column(g, "status", text, rows, texts + rows * KIND_LEN);
    rc = rc ? rc : read_column(g, "t_start", H5T_NATIVE_DOUBLE, rows, t);
    rc = rc ? rc : read_column(g, "t_end", H5T_NATIVE_DOUBLE, rows, t + rows);
    rc = rc ? rc : read_column(g, "first_row", H5T_NATIVE_LLONG, rows, r);
    rc = rc ? rc : read_column(g, "last_row", H5T_NATIVE_LLONG, rows, r + rows);
    for (long i = 0; rc == 0 && i < rows; i++) {
        snprintf(a[i].kind, sizeof a[i].kind, "%.*s", KIND_LEN, texts + i * KIND_LEN);
        snprintf(a[i].status, sizeof a[i].status, "%.*s", KIND_LEN, texts + (rows + i) * KIND_LEN);
        a[i].t_start = t[i];
        a[i].t_end = t[rows + i];
        a[i].first_row = (long)r[i];
        a[i].last_row = (long)r[rows + i];
    }
    H5Tclose(text);
    H5Gclose(g);
    free(texts);
    free(t);
    free(r);
    if (rc) {
        free(a);
        return -1;
    }
    *out = a;
    *n = rows;
    return 0;
}

/* A 1-D double dataset of n values into a new array (NULL when absent or short). */
static double *read_doubles(hid_t g, const char *name, long n)
{
    hid_t ds;
    long len = length(g, name, &ds);
    double *v = len >= n && n > 0 ? malloc((size_t)len * 2 * sizeof *v) : NULL;
    if (!v || read_all(ds, H5T_NATIVE_DOUBLE, v) != 0) {
        if (!v && ds >= 0)
            H5Dclose(ds);
        free(v);
        return NULL;
    }
    return v;
}

static int read_group(hid_t parent, const char *name, mbs_rlinear *l)
{
    hid_t g = H5Gopen2(parent, name, H5P_DEFAULT), ds;
    if (g < 0)
        return -1;
    l->name = mbs_strdup(name);
    l->t = NAN;
    long n_time = length(g, "time", &ds);
    if (n_time == 1)
        read_all(ds, H5T_NATIVE_DOUBLE, &l->t);
    else if (ds >= 0)
        H5Dclose(ds);
    static const char *const SIZES[] = {"state_names", "input_names", "output_names", "damping_ratio"};
    long sizes[4];
    for (int k = 0; k < 4; k++) {
        sizes[k] = length(g, SIZES[k], &ds);
        if (ds >= 0)
            H5Dclose(ds);
    }
    l->n = (int)(sizes[0] > 0 ? sizes[0] : 0);
    l->n_inputs = (int)(sizes[1] > 0 ? sizes[1] : 0);
    l->n_outputs = (int)(sizes[2] > 0 ? sizes[2] : 0);
    l->n_eigen = (int)(sizes[3] > 0 ? sizes[3] : 0);
    if (l->n_eigen > 0) {
        double *eig = read_doubles(g, "eigenvalues", l->n_eigen);
        l->damping = read_doubles(g, "damping_ratio", l->n_eigen);
        l->frequency = read_doubles(g, "frequency", l->n_eigen);
        l->eig_re = malloc((size_t)l->n_eigen * sizeof *l->eig_re);
        l->eig_im = malloc((size_t)l->n_eigen * sizeof *l->eig_im);
        if (!eig || !l->damping || !l->frequency || !l->eig_re || !l->eig_im) {
            free(eig);
            H5Gclose(g);
            return -1;
        }
        for (int i = 0; i < l->n_eigen; i++) {
            l->eig_re[i] = eig[2 * i];
            l->eig_im[i] = eig[2 * i + 1];
        }
        free(eig);
    }
    H5Gclose(g);
    return l->name ? 0 : -1;
}

static herr_t collect(hid_t g, const char *name, const H5L_info_t *info, void *data)
{
    (void)g;
    (void)info;
    char ***names = data;
    int n = 0;
    while ((*names)[n])
        n++;
    char **grown = realloc(*names, (size_t)(n + 2) * sizeof *grown);
    if (!grown)
        return -1;
    *names = grown;
    grown[n] = mbs_strdup(name);
    grown[n + 1] = NULL;
    return grown[n] ? 0 : -1;
}

/* "linear_2" before "linear_10". */
static int by_number(const void *pa, const void *pb)
{
    const char *a = *(const char *const *)pa, *b = *(const char *const *)pb;
    size_t la = strlen(a), lb = strlen(b);
    return la != lb ? (la < lb ? -1 : 1) : strcmp(a, b);
}

int mbs_results_read_linear(hid_t file, mbs_rlinear **out, int *n)
{
    *out = NULL;
    *n = 0;
    if (H5Lexists(file, "linear", H5P_DEFAULT) <= 0)
        return 0;
    hid_t g = H5Gopen2(file, "linear", H5P_DEFAULT);
    if (g < 0)
        return -1;
    char **names = calloc(1, sizeof *names);
    hsize_t idx = 0;
    int rc = !names || H5Literate(g, H5_INDEX_NAME, H5_ITER_INC, &idx, collect, &names) < 0 ? -1 : 0;
    int count = 0;
    while (names && names[count])
        count++;
    if (count > 0)
        qsort(names, (size_t)count, sizeof *names, by_number);
    mbs_rlinear *l = calloc((size_t)count + 1, sizeof *l);
    rc |= !l;
    for (int i = 0; rc == 0 && i < count; i++)
        rc |= read_group(g, names[i], &l[i]);
    for (int i = 0; names && i < count; i++)
        free(names[i]);
    free(names);
    H5Gclose(g);
    if (rc) {
        mbs_results_free_linear(l, count);
        return -1;
    }
    *out = l;
    *n = count;
    return 0;
}

void mbs_results_free_linear(mbs_rlinear *l, int n)
{
    if (!l)
        return;
    for (int i = 0; i < n; i++) {
        free(l[i].name);
        free(l[i].eig_re);
        free(l[i].eig_im);
        free(l[i].damping);
        free(l[i].frequency);
    }
    free(l);
}
