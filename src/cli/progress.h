/* A one-line progress display on stderr (only when it is a terminal). */
#ifndef MBS_PROGRESS_H
#define MBS_PROGRESS_H

#include "../core/clock.h"
#include "../core/units.h"

typedef struct mbs_progress {
    int enabled;
    mbs_units units;
    double started, last_shown;
    int shown;
} mbs_progress;

void mbs_progress_init(mbs_progress *p, int enabled, mbs_units units);
/* Shows simulated time, percent, steps, rate and ETA at most 5 times a second. */
void mbs_progress_update(mbs_progress *p, double t, double t_end, long steps);
/* Clears the line. */
void mbs_progress_finish(mbs_progress *p);
/* A free-form status line (sweeps). */
void mbs_progress_text(mbs_progress *p, const char *text);


#endif
