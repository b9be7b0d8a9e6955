/* Reading a results file (SPEC 3) for `mbsim info`, `compare` and `export`.
 *
 * A file is opened normally, and if that fails because a writer still has it
 * open in SWMR mode (a run going on, or one killed with the file open), in
 * SWMR-read mode. The usable rows are the length of /time: the writer appends
 * /time after the sensors, so every time read has its sensor values. */
#ifndef MBS_RESULTS_READER_H
#define MBS_RESULTS_READER_H

#include <hdf5.h>
#include <stddef.h>

#define MBS_RESULTS_FORMAT_VERSION 1 /* the newest format this reader knows */
#define MBS_RESULTS_MAX_COLS 100000   /* columns of one sensor */

typedef struct mbs_rsensor {
    char *name, *type, *output;
    long element_id;
    int ncols;
    char **columns, **units; /* [ncols] */
} mbs_rsensor;

/* One attribute of /parameters or /solver, as a number or a text. */
typedef struct mbs_rattr {
    char *name;
    int is_text;
    double number;
    char *text;
} mbs_rattr;

typedef struct mbs_results {
    char *path;
    hid_t file;
    int swmr; /* opened in SWMR-read mode: still being written, or its writer died */
    char *format, *status, *message, *model_file, *model_sha256, *created, *mbsim_version, *units;
    char *writer_host;
    long writer_pid; /* 0 if absent */
    double t_end_reached;
    char *time_unit;
    long n_rows;
    double *time; /* [n_rows] */
    int n_sensors;
    mbs_rsensor *sensors;     /* the tables of table_group */
    const char *table_group; /* "sensors", or "geometry/bodies" after mbs_results_use_bodies */
    int n_params;
    mbs_rattr *params;
    int n_solver;
    mbs_rattr *solver;
    long n_events;
} mbs_results;

/* Opens and reads everything but the sensor values, checking every object
 * and attribute it reads for its kind, type and shape (files may be damaged
 * or foreign). Returns 0, or -1 with a one-line reason in err, starting with
 * the path (missing file, not HDF5, not a results file, the first object or
 * attribute that is not as the format says). */
int mbs_results_open(const char *path, mbs_results *r, char *err, size_t errsize);
void mbs_results_free(mbs_results *r);

/* Makes the bodies' motion (/geometry/bodies/<body>: x y z e0 e1 e2 e3 of
 * each moving body) the tables that are read and compared, in place of the
 * sensors: two models of one system whose sensors differ (an XML model and
 * its Adams dataset) compare by the motion of their bodies. Returns 0, or -1
 * with a reason in err. */
int mbs_results_use_bodies(mbs_results *r, char *err, size_t errsize);

/* Index of the sensor named `name`, or -1. */
int mbs_results_find(const mbs_results *r, const char *name);

/* The first n_rows rows of sensor i, row-major [n_rows x ncols]; NULL on
 * failure. The caller frees. */
double *mbs_results_sensor_values(const mbs_results *r, int i);

/* The events: times [n], and element and kind texts (caller frees all with
 * mbs_results_free_events). Returns 0 or -1. */
typedef struct mbs_revents {
    long n;
    double *time;
    char **element, **kind;
} mbs_revents;
int mbs_results_events(const mbs_results *r, mbs_revents *ev);
void mbs_results_free_events(mbs_revents *ev);

/* The value of a /solver attribute as a number, or NAN if absent. */
double mbs_results_solver_number(const mbs_results *r, const char *name);

/* Whether the run that writes the file still goes. */
typedef enum mbs_writer_state {
    MBS_WRITER_DONE,   /* the run ended: status is not "running" */
    MBS_WRITER_ALIVE,  /* "running", and its process exists on this host */
    MBS_WRITER_GONE,   /* "running", but its process is gone: killed or crashed */
    MBS_WRITER_UNKNOWN /* "running", written on another host (or no process id): cannot tell */
} mbs_writer_state;
mbs_writer_state mbs_results_writer_state(const mbs_results *r);

#endif
