/* Wall-clock time for progress, flush intervals and statistics. */
#ifndef MBS_CLOCK_H
#define MBS_CLOCK_H

/* Seconds on a monotonic clock (an arbitrary origin: use differences). */
double mbs_wall_seconds(void);

#endif
