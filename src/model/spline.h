/* Reference_Spline interpolation: Akima, natural cubic and linear
 * (spline.c states the formulas). */
#ifndef MBS_SPLINE_H
#define MBS_SPLINE_H

#include "model.h"

/* Computes the node slopes of every curve of s (x, y, n set, x strictly
 * increasing, n >= 2; a surface also nz >= 2 and z strictly increasing;
 * nz 0 is taken as 1, a curve); -1 when out of memory. */
int mbs_spline_prepare(mbs_spline *s);
/* The (first) curve's value (order 0) or derivative by x (order 1 .. 3). */
double mbs_spline_value(const mbs_spline *s, mbs_spline_method method, double x, int order);
/* The surface's value at (x, z) or its derivative, `order` times by x and
 * `z_order` times by z (linear in z between curves: 0 from z_order 2 on; a
 * curve does not depend on z). */
double mbs_spline_value_xz(const mbs_spline *s, mbs_spline_method method, double x, double z, int order, int z_order);
/* Frees what s holds (not s). */
void mbs_spline_free(mbs_spline *s);

#endif
