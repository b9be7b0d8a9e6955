/* Reference_Spline interpolation: Akima, natural cubic and linear
 * (spline.c states the formulas). */
#ifndef MBS_SPLINE_H
#define MBS_SPLINE_H

#include "model.h"

/* Computes the node slopes of s (x, y, n set, x strictly increasing,
 * n >= 2); -1 when out of memory. */
int mbs_spline_prepare(mbs_spline *s);
/* The interpolant's value (order 0) or derivative by x (order 1 .. 3). */
double mbs_spline_value(const mbs_spline *s, mbs_spline_method method, double x, int order);
/* Frees what s holds (not s). */
void mbs_spline_free(mbs_spline *s);

#endif
