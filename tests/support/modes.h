/* The modes of a sampled signal: fits x(t) = sum_k c_k exp(lambda_k t) to a
 * sensor column and returns the rates lambda_k, for comparing a simulated
 * motion with the eigenvalues of a linearised model. */
#ifndef MBS_TEST_MODES_H
#define MBS_TEST_MODES_H

#include "run_model.h"

#include <complex.h>

#define MODES_MAX_ORDER 6

/* Prony's method: the samples of column `col` of `sensor` at every
 * `stride`-th output row with t0 <= t <= t1 (evenly spaced) satisfy a linear
 * recurrence of the given order, found by least squares; the roots z_k of
 * its characteristic polynomial give lambda_k = ln(z_k) / dt. The rates go
 * to rates[0..order-1], sorted by real part, then by imaginary part.
 * Returns 0, or -1 (too few samples, order out of range, singular fit). */
int series_modes(const test_results *r, const char *sensor, int col, double t0, double t1, int stride, int order,
                 double complex *rates);

#endif
