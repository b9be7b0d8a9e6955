/* A results file opened and read, its objects checked (results_reader.h). */
#include "results_reader.h"
#include "h5util.h"
#include "../core/strutil.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A results file may come from anywhere (a reference in a CI job, a file
 * from a colleague, a damaged disk): every object and attribute read here
 * is checked for its kind, type and shape first, and the first one that is
 * not what the format says ends the reading with one error naming it. */

typedef struct reader {
    mbs_results *r;
    char *err;
    size_t errsize;
    int failed;
    /* the most values a dataset may declare: a file cannot hold much more
     * than deflate's best ratio (about 1000:1) times its size, and sizes
     * beyond that would only make us allocate for a lie */
    double max_values;
} reader;

static int damaged(reader *rd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int damaged(reader *rd, const char *fmt, ...)
{
    if (!rd->failed) {
        int n = snprintf(rd->err, rd->errsize, "%s: ", rd->r->path);
        va_list ap;
        va_start(ap, fmt);
        if (n >= 0 && (size_t)n < rd->errsize)
            vsnprintf(rd->err + n, rd->errsize - (size_t)n, fmt, ap);
        va_end(ap);
        rd->failed = 1;
    }
    return -1;
}

/* ---- attributes ---- */

/* A text attribute: "" when absent. */
static char *text_attr(reader *rd, hid_t loc, const char *where, const char *name)
{
    char *s = NULL, why[256];
    int rc = mbs_h5_get_text(loc, name, &s, why, sizeof why);
    if (rc < 0) {
        damaged(rd, "attribute '%s' of %s: %s", name, where, why);
        return mbs_strdup("");
    }
    return rc == 0 ? s : mbs_strdup("");
}

/* A number attribute: 0 with its value, 1 when absent, -1 when damaged. */
static int number_attr(reader *rd, hid_t loc, const char *where, const char *name, double *v)
{
    char why[256];
    int rc = mbs_h5_get_number(loc, name, v, why, sizeof why);
    if (rc < 0)
        damaged(rd, "attribute '%s' of %s: %s", name, where, why);
    return rc;
}

/* A whole number in [lo, hi], or `absent` when the attribute is absent. */
static long whole_attr(reader *rd, hid_t loc, const char *where, const char *name, long lo, long hi, long absent)
{
    double v = 0.0;
    int rc = number_attr(rd, loc, where, name, &v);
    if (rc != 0)
        return absent;
    if (!(v >= (double)lo && v <= (double)hi && v == floor(v))) {
        damaged(rd, "attribute '%s' of %s: expected a whole number from %ld to %ld, found %g", name, where, lo, hi,
                v);
        return absent;
    }
    return (long)v;
}

/* ---- objects ---- */

/* The object at `path` if it is of `kind` (H5O_TYPE_GROUP or _DATASET):
 * its id; 0 when absent and not required; -1 (reported) otherwise. Every
 * component of the path must be a group. */
static hid_t open_object(reader *rd, const char *path, H5O_type_t kind, int required)
{
    const char *what = kind == H5O_TYPE_GROUP ? "a group" : "a dataset";
    /* parents first: H5Lexists needs them to be groups */
    char *parent = mbs_strdup(path);
    for (char *slash = parent ? strchr(parent, '/') : NULL; slash; slash = strchr(slash + 1, '/')) {
        *slash = '\0';
        H5O_info_t info;
        htri_t exists = H5Lexists(rd->r->file, parent, H5P_DEFAULT);
        if (exists > 0 && (H5Oget_info_by_name2(rd->r->file, parent, &info, H5O_INFO_BASIC, H5P_DEFAULT) < 0 ||
                           info.type != H5O_TYPE_GROUP)) {
            damaged(rd, "/%s is not a group", parent);
            free(parent);
            return -1;
        }
        if (exists <= 0) {
            free(parent);
            return required ? damaged(rd, "no /%s (expected %s)", path, what) : 0;
        }
        *slash = '/';
    }
    free(parent);
    htri_t exists = H5Lexists(rd->r->file, path, H5P_DEFAULT);
    if (exists <= 0)
        return required || exists < 0 ? damaged(rd, "no /%s (expected %s)", path, what) : 0;
    H5O_info_t info;
    if (H5Oget_info_by_name2(rd->r->file, path, &info, H5O_INFO_BASIC, H5P_DEFAULT) < 0)
        return damaged(rd, "/%s cannot be opened", path);
    if (info.type != kind)
        return damaged(rd, "/%s is %s, expected %s", path,
                       info.type == H5O_TYPE_GROUP     ? "a group"
                       : info.type == H5O_TYPE_DATASET ? "a dataset"
                                                       : "a named type",
                       what);
    hid_t id = kind == H5O_TYPE_GROUP ? H5Gopen2(rd->r->file, path, H5P_DEFAULT)
                                      : H5Dopen2(rd->r->file, path, H5P_DEFAULT);
    return id < 0 ? damaged(rd, "/%s cannot be opened", path) : id;
}

/* The shape of a dataset of numbers (rank 1: one column) or texts (rank 1):
 * 0 with rows and columns, -1 (reported) when it is something else. */
static int dataset_shape(reader *rd, hid_t ds, const char *where, int texts, int max_rank, long *rows, int *cols)
{
    hid_t type = H5Dget_type(ds), space = H5Dget_space(ds);
    int rc = -1;
    if (type >= 0 && space >= 0) {
        H5T_class_t cls = H5Tget_class(type);
        int rank = H5Sget_simple_extent_type(space) == H5S_SIMPLE ? H5Sget_simple_extent_ndims(space) : 0;
        hsize_t dims[2] = {0, 1};
        int right_type = texts ? cls == H5T_STRING : cls == H5T_INTEGER || cls == H5T_FLOAT;
        if (right_type && rank >= 1 && rank <= max_rank && H5Sget_simple_extent_dims(space, dims, NULL) >= 0) {
            /* a text takes its fixed length, or a pointer and more */
            double bytes = texts ? (double)(H5Tis_variable_str(type) > 0 ? 64 : H5Tget_size(type)) : 8.0;
            if ((double)dims[0] * (double)dims[1] * bytes > 8.0 * rd->max_values || dims[1] < 1 ||
                dims[1] > MBS_RESULTS_MAX_COLS)
                damaged(rd, "%s declares %llu x %llu values, more than the file can hold", where,
                        (unsigned long long)dims[0], (unsigned long long)dims[1]);
            else
                rc = 0;
            *rows = (long)dims[0];
            *cols = (int)dims[1];
        } else {
            char found[128];
            mbs_h5_describe(type, space, found, sizeof found);
            const char *expected = texts ? "a 1-D array of texts"
                                   : max_rank == 2 ? "a 1-D or 2-D array of numbers"
                                                   : "a 1-D array of numbers";
            damaged(rd, "%s: expected %s, found %s", where, expected, found);
        }
    } else {
        damaged(rd, "%s cannot be read", where);
    }
    if (space >= 0)
        H5Sclose(space);
    if (type >= 0)
        H5Tclose(type);
    return rc;
}

/* The first `rows` rows of a 1-D or 2-D dataset of numbers, as doubles. */
static int read_rows(hid_t ds, long rows, int cols, double *out)
{
    if (rows == 0)
        return 0;
    hid_t fspace = H5Dget_space(ds);
    int rank = fspace >= 0 ? H5Sget_simple_extent_ndims(fspace) : -1;
    hsize_t dims[2] = {0, 1};
    int rc = -1;
    /* the shape checked at opening, checked again: the file may have changed */
    if (rank >= 1 && rank <= 2 && H5Sget_simple_extent_dims(fspace, dims, NULL) >= 0 && dims[0] >= (hsize_t)rows &&
        dims[1] == (hsize_t)cols) {
        hsize_t off[2] = {0, 0}, cnt[2] = {(hsize_t)rows, dims[1]};
        hid_t mspace = H5Screate_simple(rank, cnt, NULL);
        if (H5Sselect_hyperslab(fspace, H5S_SELECT_SET, off, NULL, cnt, NULL) >= 0 &&
            H5Dread(ds, H5T_NATIVE_DOUBLE, mspace, fspace, H5P_DEFAULT, out) >= 0)
            rc = 0;
        H5Sclose(mspace);
    }
    if (fspace >= 0)
        H5Sclose(fspace);
    return rc;
}

/* ---- attribute lists (/parameters, /solver) ---- */

typedef struct attr_list {
    reader *rd;
    const char *where;
    mbs_rattr *items;
    int n;
} attr_list;

static herr_t collect_attr(hid_t loc, const char *name, const H5A_info_t *info, void *data)
{
    (void)info;
    attr_list *l = data;
    mbs_rattr *grown = realloc(l->items, (size_t)(l->n + 1) * sizeof *grown);
    if (!grown)
        return damaged(l->rd, "out of memory");
    l->items = grown;
    mbs_rattr *a = &l->items[l->n++];
    memset(a, 0, sizeof *a);
    a->name = mbs_strdup(name);
    char why_text[256], why_number[256];
    int rc = mbs_h5_get_number(loc, name, &a->number, why_number, sizeof why_number);
    if (rc != 0 && mbs_h5_get_text(loc, name, &a->text, why_text, sizeof why_text) == 0)
        a->is_text = 1, rc = 0;
    if (rc != 0 || !a->name)
        return damaged(l->rd, "attribute '%s' of %s: expected a number or a text, found %s", name, l->where,
                       strstr(why_number, "found ") ? strstr(why_number, "found ") + 6 : "something unreadable");
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
static int read_attr_group(reader *rd, const char *group, mbs_rattr **items, int *n)
{
    char where[64];
    snprintf(where, sizeof where, "/%s", group);
    attr_list l = {rd, where, NULL, 0};
    hid_t g = open_object(rd, group, H5O_TYPE_GROUP, 0);
    if (g > 0) {
        hsize_t idx = 0;
        H5_index_t order = H5_INDEX_CRT_ORDER;
        H5O_info_t info;
        /* creation order is only there if the file tracks it */
        hid_t gcpl = H5Gget_create_plist(g);
        unsigned flags = 0;
        if (gcpl < 0 || H5Pget_attr_creation_order(gcpl, &flags) < 0 || !(flags & H5P_CRT_ORDER_INDEXED))
            order = H5_INDEX_NAME;
        if (gcpl >= 0)
            H5Pclose(gcpl);
        if (H5Oget_info2(g, &info, H5O_INFO_NUM_ATTRS) < 0 || info.num_attrs > MBS_H5_MAX_TEXTS)
            damaged(rd, "%s: cannot list its attributes", where);
        else if (H5Aiterate2(g, order, H5_ITER_INC, &idx, collect_attr, &l) < 0)
            damaged(rd, "%s: cannot list its attributes", where);
        H5Gclose(g);
    }
    *items = l.items;
    *n = l.n;
    return g < 0 || rd->failed ? -1 : 0;
}

/* ---- sensors ---- */

typedef struct name_list {
    char **names;
    long n;
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
    l->names[l->n] = mbs_strdup(name);
    return l->names[l->n++] ? 0 : -1;
}

static void free_names(name_list *l)
{
    for (long i = 0; i < l->n; i++)
        free(l->names[i]);
    free(l->names);
    l->names = NULL;
    l->n = 0;
}

/* Names in the group, in creation order (the model's) where tracked, else
 * alphabetical. */
static int list_names(hid_t g, name_list *l)
{
    hsize_t idx = 0;
    if (H5Literate(g, H5_INDEX_CRT_ORDER, H5_ITER_INC, &idx, collect_name, l) >= 0)
        return 0;
    free_names(l);
    idx = 0;
    return H5Literate(g, H5_INDEX_NAME, H5_ITER_INC, &idx, collect_name, l) < 0 ? -1 : 0;
}

/* A names attribute (columns, units) with one text per column, or made-up
 * names when absent. */
static char **column_texts(reader *rd, hid_t ds, const char *where, const char *name, int cols, int numbered)
{
    char **texts = NULL, why[256];
    int n = 0;
    int rc = mbs_h5_get_texts(ds, name, &texts, &n, why, sizeof why);
    if (rc < 0) {
        damaged(rd, "attribute '%s' of %s: %s", name, where, why);
        return NULL;
    }
    if (rc == 0 && n != cols) {
        damaged(rd, "attribute '%s' of %s: %d names for %d columns", name, where, n, cols);
        mbs_h5_free_strings(texts, n);
        return NULL;
    }
    if (rc == 0)
        return texts;
    texts = calloc((size_t)cols + 1, sizeof *texts);
    for (int k = 0; texts && k < cols; k++)
        texts[k] = numbered ? mbs_sprintf_alloc("%d", k) : mbs_strdup("");
    return texts;
}

/* One table of the group (/sensors, or /geometry/bodies: then no type or
 * output attributes, its id is body_id). */
static int read_sensor(reader *rd, const char *group, const char *name, mbs_rsensor *s)
{
    memset(s, 0, sizeof *s);
    s->name = mbs_strdup(name);
    char *path = mbs_sprintf_alloc("%s/%s", group, name);
    char *where = mbs_sprintf_alloc("/%s/%s", group, name);
    hid_t ds = path && where && s->name ? open_object(rd, path, H5O_TYPE_DATASET, 1) : -1;
    long rows = 0;
    int cols = 0;
    if (ds > 0 && dataset_shape(rd, ds, where, 0, 2, &rows, &cols) == 0) {
        /* A file being written (or left so) may show a sensor a flush behind
         * /time: SWMR orders no flushes between datasets. Its rows are those
         * every sensor has. A finished file holds as many in each. */
        if (rows < rd->r->n_rows && rd->r->swmr)
            rd->r->n_rows = rows;
        else if (rows < rd->r->n_rows)
            damaged(rd, "sensor '%s' has %ld rows, /time %ld", name, rows, rd->r->n_rows);
        s->ncols = cols;
        s->type = text_attr(rd, ds, where, "type");
        s->output = text_attr(rd, ds, where, "output");
        s->element_id = whole_attr(rd, ds, where, strcmp(group, "sensors") == 0 ? "element_id" : "body_id", 0,
                                   INT32_MAX, 0);
        s->columns = rd->failed ? NULL : column_texts(rd, ds, where, "columns", cols, 1);
        s->units = rd->failed ? NULL : column_texts(rd, ds, where, "units", cols, 0);
    } else if (ds >= 0 && !rd->failed) {
        damaged(rd, "cannot read sensor '%s'", name);
    }
    if (ds > 0)
        H5Dclose(ds);
    free(path);
    free(where);
    if (!rd->failed && (!s->columns || !s->units || !s->type || !s->output))
        damaged(rd, "out of memory reading sensor '%s'", name);
    return rd->failed ? -1 : 0;
}

static int read_sensors(reader *rd, const char *group)
{
    mbs_results *r = rd->r;
    hid_t g = open_object(rd, group, H5O_TYPE_GROUP, 1);
    if (g < 0)
        return -1;
    r->table_group = group;
    name_list l = {NULL, 0};
    if (list_names(g, &l) != 0 || l.n > MBS_H5_MAX_TEXTS)
        damaged(rd, "/%s: cannot list its tables", group);
    H5Gclose(g);
    r->sensors = rd->failed ? NULL : calloc((size_t)l.n + 1, sizeof *r->sensors);
    if (!rd->failed && !r->sensors)
        damaged(rd, "out of memory");
    for (long i = 0; i < l.n && !rd->failed; i++) {
        r->n_sensors = (int)i + 1;
        read_sensor(rd, group, l.names[i], &r->sensors[i]);
    }
    free_names(&l);
    return rd->failed ? -1 : 0;
}

/* ---- time and events ---- */

static int read_time(reader *rd)
{
    mbs_results *r = rd->r;
    hid_t ds = open_object(rd, "time", H5O_TYPE_DATASET, 1);
    if (ds < 0)
        return -1;
    int cols = 0;
    if (dataset_shape(rd, ds, "/time", 0, 1, &r->n_rows, &cols) == 0) {
        r->time_unit = text_attr(rd, ds, "/time", "units");
        r->time = malloc(((size_t)r->n_rows + 1) * sizeof *r->time);
        if (!r->time)
            damaged(rd, "out of memory for %ld rows", r->n_rows);
        else if (read_rows(ds, r->n_rows, 1, r->time) != 0)
            damaged(rd, "cannot read /time");
    }
    H5Dclose(ds);
    return rd->failed ? -1 : 0;
}

/* The events complete in all three datasets (a writer appends them in turn;
 * a killed run may leave one a row ahead). */
static int check_events(reader *rd)
{
    mbs_results *r = rd->r;
    hid_t g = open_object(rd, "events", H5O_TYPE_GROUP, 0);
    if (g <= 0)
        return g < 0 ? -1 : 0;
    H5Gclose(g);
    const char *parts[] = {"events/time", "events/element", "events/kind"};
    long n = -1;
    for (int i = 0; i < 3 && !rd->failed; i++) {
        hid_t ds = open_object(rd, parts[i], H5O_TYPE_DATASET, 1);
        if (ds < 0)
            break;
        char where[32];
        snprintf(where, sizeof where, "/%s", parts[i]);
        long rows = 0;
        int cols = 0;
        if (dataset_shape(rd, ds, where, i > 0, 1, &rows, &cols) == 0 && (n < 0 || rows < n))
            n = rows;
        if (i == 0 && !rd->failed)
            free(text_attr(rd, ds, where, "units"));
        H5Dclose(ds);
    }
    r->n_events = n > 0 ? n : 0;
    return rd->failed ? -1 : 0;
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
    hid_t fapl = mbs_h5_swmr_read_fapl();
    f = H5Fopen(path, H5F_ACC_RDONLY | H5F_ACC_SWMR_READ, fapl);
    H5Pclose(fapl);
    return f;
}

static int read_root(reader *rd)
{
    mbs_results *r = rd->r;
    char why[256];
    int rc = mbs_h5_get_text(r->file, "format", &r->format, why, sizeof why);
    if (rc < 0)
        return damaged(rd, "not an mbsim results file (attribute 'format' of /: %s)", why);
    if (rc > 0 || strcmp(r->format, "mbsim-results") != 0)
        return damaged(rd, "not an mbsim results file (no format=\"mbsim-results\")");
    double version = 1.0;
    if (number_attr(rd, r->file, "/", "format_version", &version) < 0)
        return -1;
    if (!(version >= 1.0 && version <= MBS_RESULTS_FORMAT_VERSION))
        return damaged(rd, "format_version %g, but this mbsim reads format_version %d", version,
                       MBS_RESULTS_FORMAT_VERSION);
    r->status = text_attr(rd, r->file, "/", "status");
    r->message = text_attr(rd, r->file, "/", "message");
    r->model_file = text_attr(rd, r->file, "/", "model_file");
    r->model_sha256 = text_attr(rd, r->file, "/", "model_sha256");
    r->created = text_attr(rd, r->file, "/", "created");
    r->mbsim_version = text_attr(rd, r->file, "/", "mbsim_version");
    r->units = text_attr(rd, r->file, "/", "units");
    r->writer_host = text_attr(rd, r->file, "/", "writer_host");
    r->writer_pid = whole_attr(rd, r->file, "/", "writer_pid", 1, INT32_MAX, 0);
    double t = NAN;
    r->t_end_reached = number_attr(rd, r->file, "/", "t_end_reached", &t) == 0 ? t : NAN;
    char *texts[] = {r->status, r->message, r->model_file, r->model_sha256, r->created, r->mbsim_version, r->units,
                     r->writer_host};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0] && !rd->failed; i++)
        if (!texts[i])
            damaged(rd, "out of memory");
    return rd->failed ? -1 : 0;
}

/* A file HDF5 opened only in SWMR-read mode (a run's, going on or killed)
 * is not checked for being whole: one cut short (copied while it was being
 * written, or from a full disk) reads past its end and can crash HDF5 when
 * recovered. Unless its writer still runs (then the end may be on its way),
 * its contents must fit in its size. */
static int check_whole(reader *rd)
{
    mbs_results *r = rd->r;
    if (!r->swmr || mbs_results_writer_state(r) == MBS_WRITER_ALIVE)
        return 0;
    haddr_t eoa = 0;
    struct stat st;
    if (H5Fget_eoa(r->file, &eoa) < 0 || stat(r->path, &st) != 0)
        return damaged(rd, "cannot tell whether the file is whole");
    if ((double)eoa > (double)st.st_size)
        return damaged(rd, "the file is cut short: it has %lld bytes, its contents reach %.0f (copied while it "
                           "was being written, or a full disk?)",
                       (long long)st.st_size, (double)eoa);
    return 0;
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
    r->file = r->path ? open_file(path, &r->swmr) : -1;
    if (r->file < 0) {
        snprintf(err, errsize, "%s: cannot open the HDF5 file (damaged?)", path);
        mbs_results_free(r);
        return -1;
    }
    hsize_t size = 0;
    H5Fget_filesize(r->file, &size);
    reader rd = {r, err, errsize, 0, 1e6 + 140.0 * (double)size};
    if (read_root(&rd) == 0 && check_whole(&rd) == 0 && read_time(&rd) == 0 && read_sensors(&rd, "sensors") == 0 && check_events(&rd) == 0 &&
        read_attr_group(&rd, "parameters", &r->params, &r->n_params) == 0)
        read_attr_group(&rd, "solver", &r->solver, &r->n_solver);
    if (rd.failed) {
        mbs_results_free(r);
        return -1;
    }
    return 0;
}

static void free_sensors(mbs_results *r)
{
    for (int i = 0; r->sensors && i < r->n_sensors; i++) {
        mbs_rsensor *s = &r->sensors[i];
        mbs_h5_free_strings(s->columns, s->ncols);
        mbs_h5_free_strings(s->units, s->ncols);
        free(s->name);
        free(s->type);
        free(s->output);
    }
    free(r->sensors);
    r->sensors = NULL;
    r->n_sensors = 0;
}

int mbs_results_use_bodies(mbs_results *r, char *err, size_t errsize)
{
    free_sensors(r);
    if (H5Lexists(r->file, "geometry", H5P_DEFAULT) <= 0) {
        snprintf(err, errsize, "%s has no /geometry/bodies (written by an mbsim before 0.2?): run the model again",
                 r->path);
        return -1;
    }
    hsize_t size = 0;
    H5Fget_filesize(r->file, &size);
    reader rd = {r, err, errsize, 0, 1e6 + 140.0 * (double)size};
    return read_sensors(&rd, "geometry/bodies");
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
    free_sensors(r);
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
    char *path = mbs_sprintf_alloc("%s/%s", r->table_group, s->name);
    hid_t ds = path ? H5Dopen2(r->file, path, H5P_DEFAULT) : -1;
    double *v = malloc(((size_t)r->n_rows * (size_t)s->ncols + 1) * sizeof *v);
    if (ds < 0 || !v || read_rows(ds, r->n_rows, s->ncols, v) != 0) {
        free(v);
        v = NULL;
    }
    if (ds >= 0)
        H5Dclose(ds);
    free(path);
    return v;
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
    int rc = ds >= 0 ? read_rows(ds, n, 1, ev->time) : -1;
    if (ds >= 0)
        H5Dclose(ds);
    const char *texts[] = {"events/element", "events/kind"};
    char **out[] = {ev->element, ev->kind};
    for (int k = 0; k < 2; k++) {
        ds = H5Dopen2(r->file, texts[k], H5P_DEFAULT);
        rc |= ds >= 0 ? mbs_h5_read_texts(ds, (size_t)n, out[k]) : -1;
        if (ds >= 0)
            H5Dclose(ds);
    }
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

mbs_writer_state mbs_results_writer_state(const mbs_results *r)
{
    if (strcmp(r->status, "running") != 0)
        return MBS_WRITER_DONE;
    char host[256] = "";
    if (gethostname(host, sizeof host - 1) != 0)
        host[0] = '\0';
    if (r->writer_pid <= 0 || !r->writer_host[0] || strcmp(host, r->writer_host) != 0)
        return MBS_WRITER_UNKNOWN;
    /* signal 0 only asks whether the process exists */
    return kill((pid_t)r->writer_pid, 0) == 0 || errno == EPERM ? MBS_WRITER_ALIVE : MBS_WRITER_GONE;
}
