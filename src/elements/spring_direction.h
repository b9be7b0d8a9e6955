/* The line of action of a spring between two points, d = (one point) -
 * (the other), l = |d|, r = d / l.
 *
 * r does not exist at l = 0. A spring whose force does not vanish there (a
 * free length, a preload, damping) cannot be carried through it: the run
 * stops with an error naming the spring and t (not retried) when
 *     l < MBS_SPRING_MIN_FRACTION * scale
 * (scale: the free length, or a length typical of the spring), and a trial
 * state in which the points have passed through each other (d against the
 * direction at the last accepted step) is refused as a recoverable failure,
 * so that the integrator closes in on the crossing instead of stepping over
 * it: a fast body cannot fall through its anchor unnoticed. The direction
 * at the last accepted step is kept in MBS_SPRING_DISC discrete doubles of
 * the element (mbs_spring_remember at init and after every step). */
#ifndef MBS_SPRING_DIRECTION_H
#define MBS_SPRING_DIRECTION_H

#include "../solver/eval/eval.h"

#define MBS_SPRING_MIN_FRACTION 1e-6
#define MBS_SPRING_DISC 3

/* d = p_to - p_from, the vector between two frame markers' origins. */
void mbs_spring_vector(const mbs_eval *ev, int from, int to, double d[3]);

/* 0 with l and r, or -1 after reporting (c and ev name the element). */
int mbs_spring_direction(const mbs_component *c, const mbs_eval *ev, const double d[3], const double *last,
                         double scale, double r[3], double *l);

/* Keeps d's direction in last[0..2] (nothing at l = 0). */
void mbs_spring_remember(double *last, const double d[3]);

#endif
