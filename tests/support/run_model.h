/* Running a model in-process for tests: every output row kept in memory,
 * sensors looked up by name. */
#ifndef MBS_TEST_RUN_MODEL_H
#define MBS_TEST_RUN_MODEL_H

#include "../../src/core/status.h"
#include "../../src/io/reader.h"
#include "../../src/model/model.h"
#include "../../src/solver/analysis/simulate.h"

typedef struct test_event {
    double t;
    char element[160];
    char kind[32];
} test_event;

typedef struct test_results {
    mbs_model *model;
    mbs_status status;       /* of the run */
    mbs_run_result run;
    int n_rows, width;
    double *t;               /* [n_rows] (model time units) */
    double *values;          /* [n_rows x width] (model units) */
    int pose_width;
    double *poses;           /* [n_rows x pose_width]: x y z e0 e1 e2 e3 of every moving body */
    test_event *events;
    int n_events;
    mbs_linear_result *linear; /* the Linear analyses' results, in order */
    int n_linear;
    char errors[4096];       /* diagnostics of reading/compiling, if it failed */
    char *diags;             /* the run's diagnostics as printed, a line each ("" if none) */
} test_results;

/* Reads, compiles and runs `path` with optional overrides ("name=value"
 * strings, NULL-terminated) and an optional hook to change the compiled
 * model before the run (tolerances, end time). Returns 0 if the model
 * loaded (whether or not the run succeeded). */
int test_run_model(const char *path, const char *const *sets, void (*adjust)(mbs_model *m), test_results *r);
void test_results_free(test_results *r);

/* Adjust hooks for test_run_model: the run in joint or in absolute
 * coordinates, whatever the model and MBSIM_TEST_FORMULATION say. */
void test_in_joint_coordinates(mbs_model *m);
void test_in_absolute_coordinates(mbs_model *m);

/* Column `col` of sensor `name` at row i; NAN if absent. */
double test_value(const test_results *r, const char *sensor, int col, int row);
/* Index of the first column of sensor `name` in a row, or -1. */
int test_sensor_offset(const test_results *r, const char *sensor);

/* Loads and compiles only; the first diagnostic line (formatted) goes to
 * first_error. Returns the status. */
mbs_status test_load_model(const char *path, const char *const *sets, mbs_model **out, char *first_error,
                           size_t size);

#endif
