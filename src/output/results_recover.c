/* A results file left by a killed run made whole (results_recover.h). */
#include "results_recover.h"
#include "h5util.h"
#include "results_finish.h"
#include "../core/isolate.h"

#include <hdf5.h>
#include <math.h>
#include <stdio.h>

/* Cuts a 1-D or 2-D dataset to its first `rows` rows. */
static int trim(hid_t file, const char *path, long rows)
{
    hid_t ds = H5Dopen2(file, path, H5P_DEFAULT);
    if (ds < 0)
        return -1;
    hid_t space = H5Dget_space(ds);
    hsize_t dims[2] = {0, 0};
    int rank = space >= 0 ? H5Sget_simple_extent_ndims(space) : -1;
    int rc = rank >= 1 && rank <= 2 && H5Sget_simple_extent_dims(space, dims, NULL) >= 0 ? 0 : -1;
    if (rc == 0 && dims[0] > (hsize_t)rows) {
        dims[0] = (hsize_t)rows;
        rc = H5Dset_extent(ds, dims) < 0 ? -1 : 0;
    }
    if (space >= 0)
        H5Sclose(space);
    H5Dclose(ds);
    return rc;
}

static herr_t trim_sensor(hid_t group, const char *name, const H5L_info_t *info, void *data)
{
    (void)info;
    return trim(group, name, *(const long *)data) < 0 ? -1 : 0;
}

/* In the copy: the status and the rows every dataset agrees on. */
static int mark_killed(hid_t to, const void *ctx)
{
    const mbs_recovery *w = ctx;
    char message[256];
    if (w->rows > 0)
        snprintf(message, sizeof message,
                 "the run was killed after t = %.10g %s (its last row written); made an ordinary file by "
                 "mbsim recover",
                 w->t_last, w->time_unit);
    else
        /* rows reach the file at least once a second (mbs_results_poll): a
         * run killed sooner may have computed rows that never got there */
        snprintf(message, sizeof message,
                 "the run was killed before any row reached the file (rows are written at least once a "
                 "second); made an ordinary file by mbsim recover");
    int rc = 0;
    if (w->killed) {
        rc |= mbs_h5_attr_string(to, "status", "killed");
        rc |= mbs_h5_attr_string(to, "message", message);
        rc |= mbs_h5_attr_double(to, "t_end_reached", w->rows > 0 ? w->t_last : 0.0);
    }
    rc |= trim(to, "time", w->rows);
    hid_t sensors = H5Gopen2(to, "sensors", H5P_DEFAULT);
    hsize_t idx = 0;
    rc |= sensors < 0 || H5Literate(sensors, H5_INDEX_NAME, H5_ITER_INC, &idx, trim_sensor, (void *)&w->rows) < 0;
    if (sensors >= 0)
        H5Gclose(sensors);
    if (H5Lexists(to, "events", H5P_DEFAULT) > 0) {
        const char *parts[] = {"events/time", "events/element", "events/kind"};
        for (int i = 0; i < 3; i++)
            rc |= trim(to, parts[i], w->events);
    }
    return rc ? -1 : 0;
}

typedef struct recovery_job {
    const char *path;
    const mbs_recovery *what;
} recovery_job;

static int compact_killed(const void *ctx)
{
    const recovery_job *job = ctx;
    return mbs_results_compact(job->path, mark_killed, job->what);
}

int mbs_results_recover(const char *path, const mbs_recovery *what, char *err, size_t errsize)
{
    mbs_h5_quiet();
    /* the copy parses every object of a damaged file: in a child, so that
     * libhdf5's crash on a corrupt structure is only a refusal */
    recovery_job job = {path, what};
    mbs_isolated_result how = mbs_run_isolated(compact_killed, &job);
    if (how == MBS_ISOLATED_CRASHED) {
        char part[4096];
        snprintf(part, sizeof part, "%s.part", path);
        remove(part);
        snprintf(err, errsize, "%s: its HDF5 structures are damaged beyond what libhdf5 can copy (the copy "
                               "crashed); the file is left as it was",
                 path);
        return -1;
    }
    if (how != MBS_ISOLATED_OK) {
        snprintf(err, errsize, "%s: cannot write its recovered copy %s.part (disk full, or no write access to the "
                               "directory?); the file is left as it was",
                 path, path);
        return -1;
    }
    return 0;
}
