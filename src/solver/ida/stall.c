/* Stall detection (stall.h): a run whose steps shrink to nothing ends as
 * failed. */
#include "stall.h"

#include <math.h>
#include <stdio.h>

void mbs_stall_start(mbs_stall *s, double t0, double t_end)
{
    s->t0 = t0;
    s->span = fabs(t_end - t0);
    s->below = 0;
    s->window_steps = 0;
    s->window_t = t0;
}

double mbs_stall_min_step(const mbs_stall *s, double t)
{
    return MBS_STALL_RELATIVE * fmax(fabs(t), s->span);
}

int mbs_stall_step(mbs_stall *s, double t, double h, char *msg, size_t size)
{
    double h_min = mbs_stall_min_step(s, t);
    s->below = fabs(h) < h_min ? s->below + 1 : 0;
    if (s->below >= MBS_STALL_STEPS) {
        snprintf(msg, size, "no progress at t = %.17g: %d steps in a row shorter than the minimum step %.3g "
                 "(the last %.3g)", t, MBS_STALL_STEPS, h_min, fabs(h));
        return 1;
    }
    if (++s->window_steps >= MBS_STALL_WINDOW) {
        double advanced = fabs(t - s->window_t);
        if (advanced < MBS_STALL_WINDOW * h_min) {
            snprintf(msg, size, "no progress at t = %.17g: %d steps advanced t by %.3g only (the minimum step is "
                     "%.3g)", t, MBS_STALL_WINDOW, advanced, h_min);
            return 1;
        }
        s->window_steps = 0;
        s->window_t = t;
    }
    return 0;
}
