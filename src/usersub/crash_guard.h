/* What happens when a user subroutine crashes (crash_guard.c): while one
 * runs, a fault (SIGSEGV, SIGBUS, SIGFPE, SIGILL) or an abort prints one
 * line naming the routine, the element it served and the time, and the
 * process then dies of the signal as it would have. The results file is
 * left as a kill -9 leaves it: the rows flushed up to a second before,
 * which `mbsim recover` makes an ordinary file. A fault outside user code
 * goes to whoever handled it before (the default, or a sanitizer). */
#ifndef MBS_CRASH_GUARD_H
#define MBS_CRASH_GUARD_H

typedef struct mbs_crash_guard {
    const char *what;
    double time;
} mbs_crash_guard;

/* User code described by `what` (kept by the caller while it runs) runs
 * from now on, at `time`; *saved gets what ran before (calls nest). */
void mbs_crash_guard_enter(const char *what, double time, mbs_crash_guard *saved);
void mbs_crash_guard_leave(const mbs_crash_guard *saved);

/* Said after the line (e.g. how to recover the results file); copied. */
void mbs_crash_guard_afterword(const char *text);

#endif
