/* The results file written as the run goes (results_writer.h). */
#include "results_writer.h"
#include "h5util.h"
#include "results_analyses.h"
#include "results_finish.h"
#include "results_geometry.h"
#include "../solver/analysis/sense.h"
#include "../core/clock.h"
#include "../core/sha256.h"
#include "../core/version.h"
#include "../core/strutil.h"

#include <errno.h>
#include <hdf5.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define EVENT_ELEMENT_LEN 160
#define EVENT_KIND_LEN 32
/* rows waiting in memory, bytes, before they are written whatever the time */
#define MBS_RESULTS_BUFFER (4.0 * 1024 * 1024)

struct mbs_results_writer {
    char *path;
    hid_t file;
    hid_t time_ds;
    hid_t *sensor_ds; /* [n_sensors]: the sensors', then the bodies' poses */
    int n_sensors;
    int *ncols;
    int width;
    hid_t ev_time, ev_element, ev_kind;
    mbs_analyses_out *analyses; /* /analyses, /linear */
    double time_scale; /* s -> model time unit */
    /* rows not yet in the file */
    double *buf_t, *buf_v;
    long buf_rows, buf_cap;
    long rows_written, events_written, events_flushed;
    double last_written_t; /* the time of the last row in the file (model units) */
    double last_flush;
    char error[256]; /* why the file cannot take more (the disk full), or "" */
};

/* ---- creation ---- */

/* Every dataset is chunked and compressed; the shuffle filter groups the
 * bytes of the doubles by significance first, which deflate packs better. */
static hid_t chunked_dataset(hid_t loc, const char *name, hid_t type, int cols, hsize_t chunk_rows)
{
    return mbs_h5_growing_dataset(loc, name, type, cols > 0 ? 2 : 1, cols, chunk_rows, (hsize_t)(cols > 0 ? cols : 1));
}

static hid_t pose_dataset(hid_t loc, const char *name, int cols)
{
    return chunked_dataset(loc, name, H5T_NATIVE_DOUBLE, cols, 512);
}

static void iso8601_now(char *out, size_t size)
{
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(out, size, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static int write_root_attributes(hid_t file, const mbs_model *m)
{
    char sha[65], created[32];
    mbs_sha256_hex(m->source, m->source_len, sha);
    iso8601_now(created, sizeof created);
    int rc = 0;
    rc |= mbs_h5_attr_string(file, "format", "mbsim-results");
    rc |= mbs_h5_attr_long(file, "format_version", 1);
    rc |= mbs_h5_attr_string(file, "mbsim_version", MBS_VERSION_STRING);
    rc |= mbs_h5_attr_string(file, "model_file", m->path);
    rc |= mbs_h5_attr_string(file, "model_sha256", sha);
    rc |= mbs_h5_attr_string(file, "created", created);
    rc |= mbs_h5_attr_string(file, "status", "running");
    rc |= mbs_h5_attr_string(file, "message", "");
    rc |= mbs_h5_attr_double(file, "t_end_reached", 0.0);
    char units[160];
    snprintf(units, sizeof units, "%s %s %s %s", mbs_unit_name(MBS_UNIT_FORCE, m->units.force),
             mbs_unit_name(MBS_UNIT_MASS, m->units.mass), mbs_unit_name(MBS_UNIT_LENGTH, m->units.length),
             mbs_unit_name(MBS_UNIT_TIME, m->units.time));
    rc |= mbs_h5_attr_string(file, "units", units);
    /* Lets `mbsim info` tell a run still going from one that was killed. */
    char host[256] = "";
    if (gethostname(host, sizeof host - 1) != 0)
        host[0] = '\0';
    rc |= mbs_h5_attr_long(file, "writer_pid", (long)getpid());
    rc |= mbs_h5_attr_string(file, "writer_host", host);
    return rc;
}

static int write_sensor_attributes(hid_t ds, const mbs_model *m, const mbs_sensor *s)
{
    char **units = calloc((size_t)s->ncols + 1, sizeof *units);
    if (!units)
        return -1;
    for (int k = 0; k < s->ncols; k++) {
        units[k] = malloc(64);
        if (units[k])
            mbs_units_format(&m->units, s->dims[k], (s->angle_cols >> k) & 1u, units[k], 64);
    }
    int rc = 0;
    rc |= mbs_h5_attr_string(ds, "type", s->type);
    rc |= mbs_h5_attr_long(ds, "element_id", s->element_id);
    rc |= mbs_h5_attr_string(ds, "output", s->output_name);
    if (s->comment)
        rc |= mbs_h5_attr_string(ds, "comment", s->comment);
    rc |= mbs_h5_attr_strings(ds, "columns", (const char *const *)s->columns, s->ncols);
    rc |= mbs_h5_attr_strings(ds, "units", (const char *const *)units, s->ncols);
    for (int k = 0; k < s->ncols; k++)
        free(units[k]);
    free(units);
    return rc;
}

static int create_layout(mbs_results_writer *w, const mbs_model *m)
{
    hid_t file = w->file;
    int rc = write_root_attributes(file, m);
    char time_unit[16];
    mbs_units_format(&m->units, DIM_TIME, 0, time_unit, sizeof time_unit);
    w->time_ds = chunked_dataset(file, "time", H5T_NATIVE_DOUBLE, 0, 1024);
    rc |= w->time_ds < 0 || mbs_h5_attr_string(w->time_ds, "units", time_unit);

    /* Readers list sensors and parameters in the model's order. */
    hid_t gcpl = H5Pcreate(H5P_GROUP_CREATE);
    H5Pset_link_creation_order(gcpl, H5P_CRT_ORDER_TRACKED | H5P_CRT_ORDER_INDEXED);
    H5Pset_attr_creation_order(gcpl, H5P_CRT_ORDER_TRACKED | H5P_CRT_ORDER_INDEXED);
    hid_t sensors = H5Gcreate2(file, "sensors", H5P_DEFAULT, gcpl, H5P_DEFAULT);
    for (int i = 0; i < m->n_sensors && rc == 0; i++) {
        const mbs_sensor *s = &m->sensors[i];
        hsize_t chunk_rows = (hsize_t)(s->ncols < 64 ? 4096 / s->ncols : 64);
        w->sensor_ds[i] = chunked_dataset(sensors, s->name, H5T_NATIVE_DOUBLE, s->ncols, chunk_rows);
        w->ncols[i] = s->ncols;
        rc |= w->sensor_ds[i] < 0 || write_sensor_attributes(w->sensor_ds[i], m, s);
    }
    H5Gclose(sensors);

    hid_t events = H5Gcreate2(file, "events", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    hid_t el_type = mbs_h5_fixed_string(EVENT_ELEMENT_LEN), kind_type = mbs_h5_fixed_string(EVENT_KIND_LEN);
    w->ev_time = chunked_dataset(events, "time", H5T_NATIVE_DOUBLE, 0, 256);
    w->ev_element = chunked_dataset(events, "element", el_type, 0, 256);
    w->ev_kind = chunked_dataset(events, "kind", kind_type, 0, 256);
    rc |= w->ev_time < 0 || w->ev_element < 0 || w->ev_kind < 0;
    rc |= mbs_h5_attr_string(w->ev_time, "units", time_unit);
    H5Tclose(el_type);
    H5Tclose(kind_type);
    H5Gclose(events);

    hid_t params = H5Gcreate2(file, "parameters", H5P_DEFAULT, gcpl, H5P_DEFAULT);
    for (int i = 0; i < m->n_params; i++)
        rc |= mbs_h5_attr_double(params, m->params[i].name, m->params[i].value);
    H5Gclose(params);

    hid_t solver = H5Gcreate2(file, "solver", H5P_DEFAULT, gcpl, H5P_DEFAULT);
    H5Gclose(solver);
    H5Pclose(gcpl);

    /* the bodies' poses follow the sensors in a row, and in the arrays of datasets */
    rc |= mbs_geometry_create(file, m, pose_dataset, w->sensor_ds + m->n_sensors);
    for (int i = m->n_sensors; i < w->n_sensors; i++)
        w->ncols[i] = MBS_POSE_WIDTH;

    w->analyses = mbs_analyses_create(file, m);
    rc |= !w->analyses;

    hid_t model = H5Gcreate2(file, "model", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    rc |= mbs_h5_string_dataset(model, "source", m->source);
    H5Gclose(model);
    return rc ? -1 : 0;
}

mbs_results_writer *mbs_results_create(const char *path, const mbs_model *m, char *err, size_t errsize)
{
    mbs_h5_quiet();
    mbs_results_writer *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->path = mbs_strdup(path);
    int n_poses = 0;
    for (int i = 0; i < m->n_bodies; i++)
        n_poses += mbs_pose_body(&m->bodies[i]);
    w->n_sensors = m->n_sensors + n_poses; /* the datasets a row fills */
    w->sensor_ds = calloc((size_t)w->n_sensors + 1, sizeof *w->sensor_ds);
    w->ncols = calloc((size_t)w->n_sensors + 1, sizeof *w->ncols);
    w->width = mbs_row_width(m);
    w->time_scale = 1.0 / mbs_units_to_si(&m->units, DIM_TIME);
    w->last_flush = mbs_wall_seconds();
    hid_t fapl = mbs_h5_results_fapl();
    errno = 0;
    w->file = H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
    int create_errno = errno;
    H5Pclose(fapl);
    if (!w->path || !w->sensor_ds || !w->ncols || w->file < 0) {
        if (w->file < 0 && create_errno)
            snprintf(err, errsize, "cannot create results file %s: %s", path, strerror(create_errno));
        else
            snprintf(err, errsize, "cannot create results file %s", path);
        if (w->file >= 0) {
            H5Fclose(w->file);
            remove(path);
        }
        free(w->path);
        free(w->sensor_ds);
        free(w->ncols);
        free(w);
        return NULL;
    }
    if (create_layout(w, m) != 0 || H5Fstart_swmr_write(w->file) < 0) {
        snprintf(err, errsize, "cannot write results file %s", path);
        mbs_results_discard(w);
        return NULL;
    }
    return w;
}

/* ---- appending ---- */

static int append_rows(hid_t ds, long start, long count, int cols, const double *data)
{
    hsize_t size[2] = {(hsize_t)(start + count), (hsize_t)cols};
    if (H5Dset_extent(ds, size) < 0)
        return -1;
    hid_t fspace = H5Dget_space(ds);
    hsize_t off[2] = {(hsize_t)start, 0}, cnt[2] = {(hsize_t)count, (hsize_t)cols};
    int rank = cols > 0 ? 2 : 1;
    if (rank == 1)
        cnt[1] = 0;
    H5Sselect_hyperslab(fspace, H5S_SELECT_SET, off, NULL, cnt, NULL);
    hid_t mspace = H5Screate_simple(rank, cnt, NULL);
    herr_t rc = H5Dwrite(ds, H5T_NATIVE_DOUBLE, mspace, fspace, H5P_DEFAULT, data);
    H5Sclose(mspace);
    H5Sclose(fspace);
    return rc < 0 ? -1 : 0;
}

/* A buffered row's bytes in the file (its time and values). */
static double row_bytes(const mbs_results_writer *w)
{
    return (w->width + 1) * 8.0;
}

/* A flush rewrites the last chunk of every dataset and appends the rows:
 * what it may need, generously. */
static double flush_overhead(const mbs_results_writer *w)
{
    return (w->n_sensors + 4) * 65536.0;
}

static double flush_size(const mbs_results_writer *w)
{
    return (double)w->buf_rows * row_bytes(w) + flush_overhead(w);
}

/* The buffered rows appended to the datasets (not yet flushed). */
static int write_buffer(mbs_results_writer *w)
{
    int rc = 0;
    if (w->buf_rows > 0) {
        /* sensor columns are interleaved in the buffer: copy each sensor out */
        double *block = malloc(((size_t)w->buf_rows * (w->width > 0 ? w->width : 1)) * sizeof *block);
        if (!block)
            return -1;
        int offset = 0;
        for (int i = 0; i < w->n_sensors && rc == 0; i++) {
            int k = w->ncols[i];
            for (long r = 0; r < w->buf_rows; r++)
                memcpy(block + r * k, w->buf_v + r * w->width + offset, (size_t)k * sizeof *block);
            rc |= append_rows(w->sensor_ds[i], w->rows_written, w->buf_rows, k, block);
            offset += k;
        }
        free(block);
        /* time last: a reader never sees a time without its values */
        rc |= append_rows(w->time_ds, w->rows_written, w->buf_rows, 0, w->buf_t);
        w->rows_written += w->buf_rows;
        w->last_written_t = w->buf_t[w->buf_rows - 1];
        w->buf_rows = 0;
    }
    return rc;
}

/* How many of the buffered rows fit into `room` bytes with the margin and
 * the flush's overhead (flush_size) left over: all of them, or fewer. */
static long rows_that_fit(const mbs_results_writer *w, double room)
{
    double spare = room - MBS_RESULTS_MARGIN - flush_overhead(w);
    if (spare <= 0.0)
        return 0;
    return spare / row_bytes(w) >= (double)w->buf_rows ? w->buf_rows : (long)(spare / row_bytes(w));
}

int mbs_results_flush(mbs_results_writer *w)
{
    if (w->error[0])
        return -1;
    /* Stop before the disk is full, while the file is whole: a flush that
     * fails half way can leave HDF5's metadata inconsistent and the file
     * unreadable (and HDF5 1.10 crashing when it closes it). The rows that
     * still fit go in first: the run keeps what it computed as far as the
     * disk allows. */
    double room = mbs_results_room(w->path);
    if (room < flush_size(w) + MBS_RESULTS_MARGIN) {
        snprintf(w->error, sizeof w->error,
                 "the disk is nearly full (%.1f MB left for %s, and a run keeps %.0f MB free to finish its file)",
                 room / 1048576.0, w->path, MBS_RESULTS_MARGIN / 1048576.0);
        long fit = rows_that_fit(w, room);
        if (fit > 0 && fit < w->buf_rows) {
            w->buf_rows = fit;
            write_buffer(w);
            H5Fflush(w->file, H5F_SCOPE_GLOBAL);
        }
        return -1;
    }
    int rc = write_buffer(w);
    rc |= H5Fflush(w->file, H5F_SCOPE_GLOBAL) < 0;
    w->events_flushed = w->events_written;
    w->last_flush = mbs_wall_seconds();
    return rc ? -1 : 0;
}

int mbs_results_append(mbs_results_writer *w, double t, const double *values)
{
    if (w->buf_rows == w->buf_cap) {
        long cap = w->buf_cap ? 2 * w->buf_cap : 256;
        double *bt = realloc(w->buf_t, (size_t)cap * sizeof *bt);
        if (bt)
            w->buf_t = bt;
        double *bv = bt ? realloc(w->buf_v, (size_t)cap * (w->width > 0 ? w->width : 1) * sizeof *bv) : NULL;
        if (bv)
            w->buf_v = bv;
        if (!bt || !bv)
            return -1;
        w->buf_cap = cap;
    }
    w->buf_t[w->buf_rows] = t * w->time_scale;
    memcpy(w->buf_v + w->buf_rows * w->width, values, (size_t)w->width * sizeof *values);
    w->buf_rows++;
    return mbs_results_poll(w);
}

int mbs_results_poll(mbs_results_writer *w)
{
    int pending = w->buf_rows > 0 || w->events_written > w->events_flushed;
    /* once a second, or when the rows waiting fill MBS_RESULTS_BUFFER: a
     * fast run (300 000 rows a second of a pendulum in joint coordinates)
     * would otherwise hold many megabytes that a full disk then refuses */
    int full = (double)w->buf_rows * row_bytes(w) >= MBS_RESULTS_BUFFER;
    if (pending && (full || mbs_wall_seconds() - w->last_flush >= 1.0))
        return mbs_results_flush(w);
    return 0;
}

static int append_string(hid_t ds, long index, int len, const char *text)
{
    char buf[EVENT_ELEMENT_LEN];
    memset(buf, 0, sizeof buf);
    snprintf(buf, (size_t)len, "%s", text);
    hsize_t size = (hsize_t)(index + 1), off = (hsize_t)index, one = 1;
    if (H5Dset_extent(ds, &size) < 0)
        return -1;
    hid_t fspace = H5Dget_space(ds);
    H5Sselect_hyperslab(fspace, H5S_SELECT_SET, &off, NULL, &one, NULL);
    hid_t mspace = H5Screate_simple(1, &one, NULL);
    hid_t type = mbs_h5_fixed_string(len);
    herr_t rc = H5Dwrite(ds, type, mspace, fspace, H5P_DEFAULT, buf);
    H5Tclose(type);
    H5Sclose(mspace);
    H5Sclose(fspace);
    return rc < 0 ? -1 : 0;
}

int mbs_results_event(mbs_results_writer *w, double t, const char *element, const char *kind)
{
    double tm = t * w->time_scale;
    long i = w->events_written;
    int rc = append_rows(w->ev_time, i, 1, 0, &tm);
    rc |= append_string(w->ev_element, i, EVENT_ELEMENT_LEN, element);
    rc |= append_string(w->ev_kind, i, EVENT_KIND_LEN, kind);
    w->events_written++;
    /* reaches the file with the rows, at most a second later: a flush per
     * event would leave the rewritten chunks of every dataset behind as dead
     * space (SWMR never reuses it), some 70 kB an event, gigabytes in a
     * long stick-slip run, while readers gain nothing they need sooner */
    return mbs_results_poll(w) | rc;
}

int mbs_results_analysis(mbs_results_writer *w, const char *kind, double t_start, double t_end, long first_row,
                         long last_row, const char *status)
{
    int rc = mbs_results_flush(w);
    /* rows the file could not take (the disk full) are not the analysis' */
    if (last_row >= w->rows_written)
        last_row = w->rows_written - 1;
    rc |= mbs_analyses_append(w->analyses, kind, t_start * w->time_scale, t_end * w->time_scale, first_row, last_row,
                              status);
    return rc | mbs_results_flush(w);
}

long mbs_results_rows_in_file(const mbs_results_writer *w, double *last_t)
{
    *last_t = w->last_written_t;
    return w->rows_written;
}

int mbs_results_linear(mbs_results_writer *w, int k, const mbs_linear_result *lin)
{
    return mbs_analyses_linear(w->analyses, k, lin) | mbs_results_flush(w);
}

/* ---- closing ---- */

static int close_file(mbs_results_writer *w)
{
    int rc = 0;
    for (int i = 0; i < w->n_sensors; i++)
        if (w->sensor_ds[i] > 0)
            H5Dclose(w->sensor_ds[i]);
    mbs_analyses_close(w->analyses);
    w->analyses = NULL;
    hid_t ds[] = {w->time_ds, w->ev_time, w->ev_element, w->ev_kind};
    for (size_t i = 0; i < sizeof ds / sizeof ds[0]; i++)
        if (ds[i] > 0)
            H5Dclose(ds[i]);
    rc |= H5Fclose(w->file) < 0;
    return rc;
}

static void free_writer(mbs_results_writer *w)
{
    free(w->path);
    free(w->sensor_ds);
    free(w->ncols);
    free(w->buf_t);
    free(w->buf_v);
    free(w);
}

const char *mbs_results_error(const mbs_results_writer *w)
{
    return w->error;
}

int mbs_results_close(mbs_results_writer *w, const mbs_results_summary *s, char *err, size_t errsize)
{
    /* with the disk full, the rows not yet written are given up; the file
     * keeps those of the last flush and is closed whole */
    int full = w->error[0] != '\0';
    int rc = full ? 0 : mbs_results_flush(w);
    rc |= close_file(w);
    if (s && rc == 0)
        rc |= mbs_results_finish(w->path, s);
    if (rc && err)
        snprintf(err, errsize, "cannot finish results file %s", w->path);
    free_writer(w);
    return rc ? -1 : 0;
}

void mbs_results_discard(mbs_results_writer *w)
{
    close_file(w);
    remove(w->path);
    free_writer(w);
}

#define TEXT_OF(x) #x
#define VALUE_TEXT(x) TEXT_OF(x)

const char *mbs_hdf5_version(void)
{
    return VALUE_TEXT(H5_VERS_MAJOR) "." VALUE_TEXT(H5_VERS_MINOR) "." VALUE_TEXT(H5_VERS_RELEASE);
}
