/* The one-line progress display (progress.h). */
#include "progress.h"
#include "../core/clock.h"

#include <stdio.h>

void mbs_progress_init(mbs_progress *p, int enabled, mbs_units units)
{
    p->enabled = enabled;
    p->units = units;
    p->started = mbs_wall_seconds();
    p->last_shown = 0.0;
    p->shown = 0;
}

void mbs_progress_text(mbs_progress *p, const char *text)
{
    if (!p->enabled)
        return;
    fprintf(stderr, "\r%-78.78s", text);
    fflush(stderr);
    p->shown = 1;
}

static void format_eta(char *out, size_t size, double seconds)
{
    if (seconds < 120)
        snprintf(out, size, "ETA %.0f s", seconds);
    else if (seconds < 7200)
        snprintf(out, size, "ETA %.0f min", seconds / 60);
    else if (seconds < 172800)
        snprintf(out, size, "ETA %.1f h", seconds / 3600);
    else
        snprintf(out, size, "ETA %.0f d", seconds / 86400);
}

void mbs_progress_update(mbs_progress *p, double t, double t_end, long steps)
{
    if (!p->enabled)
        return;
    double now = mbs_wall_seconds();
    if (now - p->last_shown < 0.2)
        return;
    p->last_shown = now;
    double elapsed = now - p->started;
    double fraction = t_end > 0 ? t / t_end : 1.0;
    double ts = mbs_units_to_si(&p->units, DIM_TIME);
    char unit[16], line[160], eta[32] = "";
    mbs_units_format(&p->units, DIM_TIME, 0, unit, sizeof unit);
    /* After half a second the rate says something, however small the fraction. */
    if (fraction > 0.0 && fraction < 1.0 && elapsed >= 0.5)
        format_eta(eta, sizeof eta, elapsed * (1.0 - fraction) / fraction);
    snprintf(line, sizeof line, "t = %.6g %s  %5.1f%%  %ld steps  %.0f steps/s  %s", t / ts, unit, 100.0 * fraction,
             steps, elapsed > 0 ? (double)steps / elapsed : 0.0, eta);
    mbs_progress_text(p, line);
}

void mbs_progress_finish(mbs_progress *p)
{
    if (p->enabled && p->shown) {
        fprintf(stderr, "\r%78s\r", "");
        fflush(stderr);
    }
    p->shown = 0;
}
