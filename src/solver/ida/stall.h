/* Stall detection: a run that makes no progress ends as failed.
 *
 * IDA never gives up when its steps shrink towards nothing while each one
 * still passes its error test: at a pole of a force 1/(t - t1) or of a
 * prescribed motion tan(pi t) it takes steps of 1e-17 s, below what t can
 * even resolve, for ever (5.6 million steps in 13 minutes, reported in
 * issue 14). A step is "too small" when it is below
 *     h_min = MBS_STALL_RELATIVE * max(|t|, t_end - t0),
 * that is, when the analysis would need more than 1e12 such steps. A run
 * stalls when MBS_STALL_STEPS steps in a row are too small (after a restart
 * at an event IDA's first step may be tiny, but it doubles the step at each
 * step after), or when MBS_STALL_WINDOW steps together advance t by less
 * than as many minimum steps (steps that only sometimes grow). */
#ifndef MBS_STALL_H
#define MBS_STALL_H

#include <stddef.h>

#define MBS_STALL_RELATIVE 1e-12
#define MBS_STALL_STEPS 100
#define MBS_STALL_WINDOW 10000

typedef struct mbs_stall {
    double t0, span;
    int below;         /* steps in a row below the minimum */
    long window_steps; /* steps in the current window */
    double window_t;   /* t at the start of the window */
} mbs_stall;

void mbs_stall_start(mbs_stall *s, double t0, double t_end);

/* The minimum step at t. */
double mbs_stall_min_step(const mbs_stall *s, double t);

/* After each step, to t with size h: 0, or 1 with what happened in msg
 * ("no progress at t = ...: 100 steps in a row shorter than ..."). */
int mbs_stall_step(mbs_stall *s, double t, double h, char *msg, size_t size);

#endif
