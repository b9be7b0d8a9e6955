#include "results_reader.h"
#include "h5util.h"
#include "../core/strutil.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- small readers ---- */

/* Rows of a dataset (its first dimension), or -1. */
static long dataset_rows(hid_t ds, int *cols)
{
    hid_t space = H5Dget_space(ds);
    if (space < 0)
        return -1;
    hsize_t dims[2] = {0, 0};
    int rank = H5Sget_simple_extent_ndims(space);
    if (rank >= 1 && rank <= 2)
        H5Sget_simple_extent_dims(space, dims, NULL);
    H5Sclose(space);
    if (cols)
        *cols = rank == 2 ? (int)dims[1] : 1;
    return rank >= 1 && rank <= 2 ? (long)dims[0] : -1;
}

/* The first `rows` rows of a 1-D or 2-D dataset as `type`, into out. */
static int read_rows(hid_t ds, hid_t type, long rows, void *out)
{
    if (rows == 0)
        return 0;
    hid_t fspace = H5Dget_space(ds);
    int rank = H5Sget_simple_extent_ndims(fspace);
    hsize_t dims[2] = {0, 0};
    H5Sget_simple_extent_dims(fspace, dims, NULL);
    hsize_t off[2] = {0, 0}, cnt[2] = {(hsize_t)rows, dims[1]};
    H5Sselect_hyperslab(fspace, H5S_SELECT_SET, off, NULL, cnt, NULL);
    hid_t mspace = H5Screate_simple(rank, cnt, NULL);
    herr_t rc = H5Dread(ds, type, mspace, fspace, H5P_DEFAULT, out);
    H5Sclose(mspace);
    H5Sclose(fspace);
    return rc < 0 ? -1 : 0;
}

static char *attr_text(hid_t loc, const char *name)
{
    char *s = mbs_h5_read_attr_string(loc, name);
    return s ? s : mbs_strdup("");
}

/* ---- attribute lists (/parameters, /solver) ---- */

typedef struct attr_list {
    mbs_rattr *items;
    int n;
} attr_list;

static herr_t collect_attr(hid_t loc, const char *name, const H5A_info_t *info, void *data)
{
    (void)info;
    attr_list *l = data;
    mbs_rattr *grown = realloc(l->items, (size_t)(l->n + 1) * sizeof *grown);
    if (!grown)
        return -1;
    l->items = grown;
    mbs_rattr *a = &l->items[l->n++];
    memset(a, 0, sizeof *a);
    a->name = mbs_strdup(name);
    hid_t attr = H5Aopen(loc, name, H5P_DEFAULT);
    hid_t type = H5Aget_type(attr);
    if (H5Tget_class(type) == H5T_STRING) {
        a->is_text = 1;
        a->text = attr_text(loc, name);
    } else if (H5Aread(attr, H5T_NATIVE_DOUBLE, &a->number) < 0) {
        a->number = NAN;
    }
    H5Tclose(type);
    H5Aclose(attr);
    return 0;
}

static void free_attrs(mbs_rattr *items, int n)
{
    for (int i = 0; i < n; i++) {
        free(items[i].name);
        free(items[i].text);
    }
    free(items);
}

/* Attributes in creation order where the file tracks it, else by name. */
static void read_attr_group(hid_t file, const char *group, mbs_rattr **items, int *n)
{
    attr_list l = {NULL, 0};
    if (H5Lexists(file, group, H5P_DEFAULT) > 0) {
        hid_t g = H5Gopen2(file, group, H5P_DEFAULT);
        if (g >= 0) {
            hsize_t idx = 0;
            if (H5Aiterate2(g, H5_INDEX_CRT_ORDER, H5_ITER_INC, &idx, collect_attr, &l) < 0) {
                free_attrs(l.items, l.n);
                l = (attr_list){NULL, 0};
                idx = 0;
                H5Aiterate2(g, H5_INDEX_NAME, H5_ITER_INC, &idx, collect_attr, &l);
            }
            H5Gclose(g);
        }
    }
    *items = l.items;
    *n = l.n;
}

/* ---- sensors ---- */

typedef struct name_list {
    char **names;
    int n;
} name_list;

static herr_t collect_name(hid_t g, const char *name, const H5L_info_t *info, void *data)
{
    (void)g;
    (void)info;
    name_list *l = data;
    char **grown = realloc(l->names, (size_t)(l->n + 1) * sizeof *grown);
    if (!grown)
        return -1;
    l->names = grown;
    l->names[l->n++] = mbs_strdup(name);
    return 0;
}

static int read_sensor(hid_t group, const char *name, mbs_rsensor *s, long *rows)
{
    memset(s, 0, sizeof *s);
    s->name = mbs_strdup(name);
    hid_t ds = H5Dopen2(group, name, H5P_DEFAULT);
    if (ds < 0)
        return -1;
    int cols = 0;
    *rows = dataset_rows(ds, &cols);
    s->ncols = cols;
    s->type = attr_text(ds, "type");
    s->output = attr_text(ds, "output");
    double id = 0;
    s->element_id = mbs_h5_read_attr_double(ds, "element_id", &id) == 0 ? (long)id : 0;
    int nc = 0, nu = 0;
    char **columns = mbs_h5_read_attr_strings(ds, "columns", &nc);
    char **units = mbs_h5_read_attr_strings(ds, "units", &nu);
    /* The dataset's shape is the truth; names are made up if the attributes disagree. */
    s->columns = calloc((size_t)cols + 1, sizeof *s->columns);
    s->units = calloc((size_t)cols + 1, sizeof *s->units);
    for (int k = 0; k < cols && s->columns && s->units; k++) {
        s->columns[k] = nc == cols ? mbs_strdup(columns[k]) : mbs_sprintf_alloc("%d", k);
        s->units[k] = mbs_strdup(nu == cols ? units[k] : "");
    }
    mbs_h5_free_strings(columns, nc);
    mbs_h5_free_strings(units, nu);
    H5Dclose(ds);
    return *rows < 0 || !s->columns || !s->units ? -1 : 0;
}

static int read_sensors(mbs_results *r, char *err, size_t errsize)
{
    if (H5Lexists(r->file, "sensors", H5P_DEFAULT) <= 0)
        return 0;
    hid_t g = H5Gopen2(r->file, "sensors", H5P_DEFAULT);
    if (g < 0)
        return -1;
    name_list l = {NULL, 0};
    hsize_t idx = 0;
    /* creation order (the model's order) where tracked, else alphabetical */
    if (H5Literate(g, H5_INDEX_CRT_ORDER, H5_ITER_INC, &idx, collect_name, &l) < 0) {
        for (int i = 0; i < l.n; i++)
            free(l.names[i]);
        l.n = 0;
        idx = 0;
        H5Literate(g, H5_INDEX_NAME, H5_ITER_INC, &idx, collect_name, &l);
    }
    r->sensors = calloc((size_t)l.n + 1, sizeof *r->sensors);
    int rc = r->sensors ? 0 : -1;
    for (int i = 0; i < l.n && rc == 0; i++) {
        long rows = 0;
        r->n_sensors = i + 1;
        if (read_sensor(g, l.names[i], &r->sensors[i], &rows) != 0) {
            snprintf(err, errsize, "%s: cannot read sensor '%s'", r->path, l.names[i]);
            rc = -1;
        } else if (rows < r->n_rows) {
            r->n_rows = rows; /* damaged: keep what every sensor has */
        }
    }
    for (int i = 0; i < l.n; i++)
        free(l.names[i]);
    free(l.names);
    H5Gclose(g);
    return rc;
}

/* ---- opening ---- */

static hid_t open_file(const char *path, int *swmr)
{
    *swmr = 0;
    hid_t f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    if (f >= 0)
        return f;
    /* Open for writing by a SWMR writer, or left so by a killed one. */
    *swmr = 1;
    return H5Fopen(path, H5F_ACC_RDONLY | H5F_ACC_SWMR_READ, H5P_DEFAULT);
}

static int read_time(mbs_results *r)
{
    if (H5Lexists(r->file, "time", H5P_DEFAULT) <= 0)
        return -1;
    hid_t ds = H5Dopen2(r->file, "time", H5P_DEFAULT);
    if (ds < 0)
        return -1;
    r->n_rows = dataset_rows(ds, NULL);
    r->time_unit = attr_text(ds, "units");
    r->time = r->n_rows >= 0 ? malloc(((size_t)r->n_rows + 1) * sizeof *r->time) : NULL;
    int rc = r->time ? read_rows(ds, H5T_NATIVE_DOUBLE, r->n_rows, r->time) : -1;
    H5Dclose(ds);
    return rc;
}

/* Events complete in all three datasets (a writer appends them in turn). */
static long count_events(hid_t file)
{
    if (H5Lexists(file, "events", H5P_DEFAULT) <= 0)
        return 0;
    const char *parts[] = {"events/time", "events/element", "events/kind"};
    long n = -1;
    for (int i = 0; i < 3; i++) {
        if (H5Lexists(file, parts[i], H5P_DEFAULT) <= 0)
            return 0;
        hid_t ds = H5Dopen2(file, parts[i], H5P_DEFAULT);
        long rows = ds >= 0 ? dataset_rows(ds, NULL) : 0;
        if (ds >= 0)
            H5Dclose(ds);
        if (n < 0 || rows < n)
            n = rows;
    }
    return n > 0 ? n : 0;
}

int mbs_results_open(const char *path, mbs_results *r, char *err, size_t errsize)
{
    memset(r, 0, sizeof *r);
    r->file = -1;
    mbs_h5_quiet();
    FILE *probe = fopen(path, "rb");
    if (!probe) {
        snprintf(err, errsize, "cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    fclose(probe);
    if (H5Fis_hdf5(path) <= 0) {
        snprintf(err, errsize, "%s: not an HDF5 file", path);
        return -1;
    }
    r->path = mbs_strdup(path);
    r->file = open_file(path, &r->swmr);
    if (r->file < 0) {
        snprintf(err, errsize, "%s: cannot open the HDF5 file (damaged?)", path);
        mbs_results_free(r);
        return -1;
    }
    r->format = mbs_h5_read_attr_string(r->file, "format");
    if (!r->format || strcmp(r->format, "mbsim-results") != 0) {
        snprintf(err, errsize, "%s: not an mbsim results file (no format=\"mbsim-results\")", path);
        mbs_results_free(r);
        return -1;
    }
    r->status = attr_text(r->file, "status");
    r->message = attr_text(r->file, "message");
    r->model_file = attr_text(r->file, "model_file");
    r->model_sha256 = attr_text(r->file, "model_sha256");
    r->created = attr_text(r->file, "created");
    r->mbsim_version = attr_text(r->file, "mbsim_version");
    r->units = attr_text(r->file, "units");
    r->writer_host = attr_text(r->file, "writer_host");
    double v = 0;
    r->writer_pid = mbs_h5_read_attr_double(r->file, "writer_pid", &v) == 0 ? (long)v : 0;
    r->t_end_reached = mbs_h5_read_attr_double(r->file, "t_end_reached", &v) == 0 ? v : NAN;
    if (read_time(r) != 0) {
        snprintf(err, errsize, "%s: cannot read /time", path);
        mbs_results_free(r);
        return -1;
    }
    if (read_sensors(r, err, errsize) != 0) {
        mbs_results_free(r);
        return -1;
    }
    read_attr_group(r->file, "parameters", &r->params, &r->n_params);
    read_attr_group(r->file, "solver", &r->solver, &r->n_solver);
    r->n_events = count_events(r->file);
    return 0;
}

void mbs_results_free(mbs_results *r)
{
    if (r->file >= 0)
        H5Fclose(r->file);
    char *texts[] = {r->path,    r->format,  r->status,        r->message,     r->model_file, r->model_sha256,
                     r->created, r->units,   r->mbsim_version, r->writer_host, r->time_unit};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        free(texts[i]);
    free(r->time);
    for (int i = 0; i < r->n_sensors; i++) {
        mbs_rsensor *s = &r->sensors[i];
        mbs_h5_free_strings(s->columns, s->ncols);
        mbs_h5_free_strings(s->units, s->ncols);
        free(s->name);
        free(s->type);
        free(s->output);
    }
    free(r->sensors);
    free_attrs(r->params, r->n_params);
    free_attrs(r->solver, r->n_solver);
    memset(r, 0, sizeof *r);
    r->file = -1;
}

int mbs_results_find(const mbs_results *r, const char *name)
{
    for (int i = 0; i < r->n_sensors; i++)
        if (strcmp(r->sensors[i].name, name) == 0)
            return i;
    return -1;
}

double *mbs_results_sensor_values(const mbs_results *r, int i)
{
    const mbs_rsensor *s = &r->sensors[i];
    hid_t g = H5Gopen2(r->file, "sensors", H5P_DEFAULT);
    hid_t ds = g >= 0 ? H5Dopen2(g, s->name, H5P_DEFAULT) : -1;
    double *v = malloc(((size_t)r->n_rows * (size_t)s->ncols + 1) * sizeof *v);
    if (ds < 0 || !v || read_rows(ds, H5T_NATIVE_DOUBLE, r->n_rows, v) != 0) {
        free(v);
        v = NULL;
    }
    if (ds >= 0)
        H5Dclose(ds);
    if (g >= 0)
        H5Gclose(g);
    return v;
}

/* Fixed-length or variable-length strings, as new NUL-terminated texts. */
static int read_texts(hid_t file, const char *path, long n, char **out)
{
    hid_t ds = H5Dopen2(file, path, H5P_DEFAULT);
    if (ds < 0)
        return -1;
    hid_t ftype = H5Dget_type(ds);
    int rc = -1;
    if (H5Tis_variable_str(ftype) > 0) {
        hid_t type = mbs_h5_vlen_string();
        char **raw = calloc((size_t)n + 1, sizeof *raw);
        if (raw && read_rows(ds, type, n, raw) == 0) {
            for (long i = 0; i < n; i++)
                out[i] = mbs_strdup(raw[i] ? raw[i] : "");
            hid_t space = H5Screate_simple(1, (hsize_t[]){(hsize_t)(n > 0 ? n : 1)}, NULL);
            if (n > 0)
                H5Dvlen_reclaim(type, space, H5P_DEFAULT, raw);
            H5Sclose(space);
            rc = 0;
        }
        free(raw);
        H5Tclose(type);
    } else {
        size_t len = H5Tget_size(ftype);
        hid_t type = mbs_h5_fixed_string((int)len);
        char *raw = calloc((size_t)n * len + 1, 1);
        if (raw && read_rows(ds, type, n, raw) == 0) {
            for (long i = 0; i < n; i++)
                out[i] = mbs_strndup(raw + (size_t)i * len, len);
            rc = 0;
        }
        free(raw);
        H5Tclose(type);
    }
    H5Tclose(ftype);
    H5Dclose(ds);
    return rc;
}

int mbs_results_events(const mbs_results *r, mbs_revents *ev)
{
    memset(ev, 0, sizeof *ev);
    long n = r->n_events;
    ev->time = calloc((size_t)n + 1, sizeof *ev->time);
    ev->element = calloc((size_t)n + 1, sizeof *ev->element);
    ev->kind = calloc((size_t)n + 1, sizeof *ev->kind);
    ev->n = n;
    if (!ev->time || !ev->element || !ev->kind)
        return -1;
    if (n == 0)
        return 0;
    hid_t ds = H5Dopen2(r->file, "events/time", H5P_DEFAULT);
    int rc = ds >= 0 ? read_rows(ds, H5T_NATIVE_DOUBLE, n, ev->time) : -1;
    if (ds >= 0)
        H5Dclose(ds);
    rc |= read_texts(r->file, "events/element", n, ev->element);
    rc |= read_texts(r->file, "events/kind", n, ev->kind);
    for (long i = 0; i < n; i++) {
        if (!ev->element[i])
            ev->element[i] = mbs_strdup("");
        if (!ev->kind[i])
            ev->kind[i] = mbs_strdup("");
    }
    return rc ? -1 : 0;
}

void mbs_results_free_events(mbs_revents *ev)
{
    for (long i = 0; i < ev->n; i++) {
        if (ev->element)
            free(ev->element[i]);
        if (ev->kind)
            free(ev->kind[i]);
    }
    free(ev->time);
    free(ev->element);
    free(ev->kind);
    memset(ev, 0, sizeof *ev);
}

double mbs_results_solver_number(const mbs_results *r, const char *name)
{
    for (int i = 0; i < r->n_solver; i++)
        if (!r->solver[i].is_text && strcmp(r->solver[i].name, name) == 0)
            return r->solver[i].number;
    return NAN;
}
