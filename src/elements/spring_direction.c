/* The line of action of a spring between two points (spring_direction.h). */
#include "spring_direction.h"
#include "../core/vec3.h"

void mbs_spring_vector(const mbs_eval *ev, int from, int to, double d[3])
{
    double p_from[3], p_to[3];
    mbs_marker_position(ev, from, p_from);
    mbs_marker_position(ev, to, p_to);
    v3_sub(d, p_to, p_from);
}

int mbs_spring_direction(const mbs_component *c, const mbs_eval *ev, const double d[3], const double *last,
                         double scale, double r[3], double *l)
{
    *l = v3_norm(d);
    v3_zero(r);
    if (*l < MBS_SPRING_MIN_FRACTION * scale) {
        mbs_eval_fatal(ev, c, "the spring length %g is nearly zero (free length or scale %g), so the force has no "
                              "direction",
                       *l, scale);
        return -1;
    }
    if (v3_dot(last, d) <= 0.0 && v3_dot(last, last) > 0.0) {
        mbs_eval_fail(ev, c, "its end points passed through each other: the spring length went through zero");
        return -1;
    }
    v3_scale(r, d, 1.0 / *l);
    return 0;
}

void mbs_spring_remember(double *last, const double d[3])
{
    double l = v3_norm(d);
    if (l > 0.0)
        v3_scale(last, d, 1.0 / l);
}
