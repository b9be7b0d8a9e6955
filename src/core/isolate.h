/* Running a step that parses an untrusted file in a child process.
 *
 * Why: libhdf5 (Debian 12's 1.10.8) parses a file's own structures and
 * crashes on some corrupt ones (a NULL dereference in H5T_close_real under
 * H5Ocopy, found by the results fuzzer). mbsim cannot fix the library, but
 * a crash in a child is only a failed step for the parent, which reports it
 * and leaves the file as it was. */
#ifndef MBS_ISOLATE_H
#define MBS_ISOLATE_H

typedef enum {
    MBS_ISOLATED_OK = 0,     /* step returned 0 */
    MBS_ISOLATED_FAILED = 1, /* step returned non-zero */
    MBS_ISOLATED_CRASHED = 2 /* the child died (a signal, a sanitizer's report) or could not be started */
} mbs_isolated_result;

/* Runs step(ctx) in a forked child with its standard error silenced and
 * returns how it ended. What the step changes in memory is lost; its
 * effects must be on files. */
mbs_isolated_result mbs_run_isolated(int (*step)(const void *ctx), const void *ctx);

/* Runs the command run(argc, argv) in a forked child with the parent's
 * standard streams and returns its exit status; when the child died of a
 * fault (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT), returns -1 and the
 * signal in *fault (0: a sanitizer's report, in a sanitized build). An interrupt or termination of the child is passed on
 * to the parent, as if there were no child. */
int mbs_run_guarded(int (*run)(int argc, char **argv), int argc, char **argv, int *fault);

#endif
