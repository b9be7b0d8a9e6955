/* A step that parses an untrusted file, run in a child process
 * (isolate.h). */
#include "isolate.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* Under AddressSanitizer a fault is the sanitizer's report and an exit,
 * not a signal; the child then exits with this status instead. */
#if defined(__SANITIZE_ADDRESS__)
#define MBS_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MBS_SANITIZED 1
#endif
#endif
#ifdef MBS_SANITIZED
#include <sanitizer/common_interface_defs.h>
#define SANITIZER_DIED 126
static void sanitizer_died(void)
{
    _exit(SANITIZER_DIED);
}
#endif

/* The child's status; -1 when it cannot be had. */
static int wait_child(pid_t pid, int *status)
{
    while (waitpid(pid, status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return 0;
}

/* not 1: a sanitizer's report ends the child with 1 */
#define STEP_FAILED 3

mbs_isolated_result mbs_run_isolated(int (*step)(const void *ctx), const void *ctx)
{
    fflush(NULL); /* nothing buffered is written twice */
    pid_t pid = fork();
    if (pid < 0)
        return MBS_ISOLATED_CRASHED;
    if (pid == 0) {
        /* a library's or a sanitizer's report of the crash is not ours to print */
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0)
            dup2(null, 2);
        /* _exit: no atexit handler of the parent's libraries runs twice */
        _exit(step(ctx) == 0 ? 0 : STEP_FAILED);
    }
    int status = 0;
    if (wait_child(pid, &status) != 0)
        return MBS_ISOLATED_CRASHED;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return MBS_ISOLATED_OK;
    if (WIFEXITED(status) && WEXITSTATUS(status) == STEP_FAILED)
        return MBS_ISOLATED_FAILED;
    return MBS_ISOLATED_CRASHED;
}

int mbs_run_guarded(int (*run)(int argc, char **argv), int argc, char **argv, int *fault)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        return run(argc, argv); /* no child to be had: unguarded rather than not at all */
    if (pid == 0) {
#ifdef MBS_SANITIZED
        __sanitizer_set_death_callback(sanitizer_died);
#endif
        exit(run(argc, argv));
    }
    /* the terminal's interrupt reaches both; the child decides what it means */
    struct sigaction ignore = {0}, old_int, old_term;
    ignore.sa_handler = SIG_IGN;
    sigaction(SIGINT, &ignore, &old_int);
    sigaction(SIGTERM, &ignore, &old_term);
    int status = 0;
    int got = wait_child(pid, &status);
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    if (got != 0)
        return 1;
#ifdef MBS_SANITIZED
    if (WIFEXITED(status) && WEXITSTATUS(status) == SANITIZER_DIED) {
        *fault = 0;
        return -1;
    }
#endif
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    int sig = WTERMSIG(status);
    if (sig == SIGSEGV || sig == SIGBUS || sig == SIGFPE || sig == SIGILL || sig == SIGABRT) {
        *fault = sig;
        return -1;
    }
    raise(sig); /* an interrupt, a pipe closed: end as the child did */
    return 128 + sig;
}
