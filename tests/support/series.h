/* Helpers to read time series out of test results. */
#ifndef MBS_TEST_SERIES_H
#define MBS_TEST_SERIES_H

#include "run_model.h"

#define MBS_TEST_PI 3.14159265358979323846

/* Times at which column `col` of `sensor` crosses `level`, located by a
 * cubic through the four samples around each sign change. Returns the
 * number found (at most max). */
int series_crossings(const test_results *r, const char *sensor, int col, double level, double *times, int max);

/* Largest |value - reference| over all rows of a column. */
double series_max_deviation(const test_results *r, const char *sensor, int col, double reference);

/* Linear interpolation of a column at time t. */
double series_at(const test_results *r, const char *sensor, int col, double t);

#endif
