/* The crash guard of user subroutines (crash_guard.h). The handler is
 * installed at the first guarded call and stays; it acts only while a
 * routine runs (`running` is set). It may only use what is safe in a
 * signal handler: write(2), and a formatting of its own. A fault outside
 * user code restores the handler that was there before and returns, so
 * that the faulting instruction faults again into it (a sanitizer then
 * reports it as if mbsim had never been here). */
#define _XOPEN_SOURCE 700 /* sigaltstack */
#include "crash_guard.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const struct {
    int signo;
    const char *name;
} CRASHES[] = {{SIGSEGV, "SIGSEGV"}, {SIGBUS, "SIGBUS"}, {SIGFPE, "SIGFPE"}, {SIGILL, "SIGILL"}, {SIGABRT, "SIGABRT"}};
#define N_CRASHES (sizeof CRASHES / sizeof CRASHES[0])

static const char *volatile running;
static volatile double running_time;
static char afterword[640];
static struct sigaction before[N_CRASHES];
static int installed;
/* a stack for the handler, in case the routine's own overflowed */
static char handler_stack[64 * 1024];

static void say(const char *s)
{
    size_t n = strlen(s);
    while (n > 0) {
        ssize_t w = write(STDERR_FILENO, s, n);
        if (w <= 0)
            return;
        s += w;
        n -= (size_t)w;
    }
}

/* t with six decimals, trailing zeros dropped (snprintf is not safe here). */
static void say_time(double t)
{
    char buf[48];
    int n = 0;
    if (!(t >= 0 && t < 1e12)) {
        say(t < 0 ? "(negative)" : "(huge)");
        return;
    }
    unsigned long long micro = (unsigned long long)(t * 1e6 + 0.5), whole = micro / 1000000;
    unsigned frac = (unsigned)(micro % 1000000);
    char digits[24];
    int k = 0;
    do {
        digits[k++] = (char)('0' + whole % 10);
        whole /= 10;
    } while (whole);
    while (k)
        buf[n++] = digits[--k];
    if (frac) {
        buf[n++] = '.';
        for (unsigned d = 100000; d && frac; d /= 10) {
            buf[n++] = (char)('0' + frac / d);
            frac %= d;
        }
    }
    buf[n] = '\0';
    say(buf);
}

static void on_crash(int sig, siginfo_t *info, void *uc)
{
    (void)uc;
    size_t i = 0;
    while (i < N_CRASHES && CRASHES[i].signo != sig)
        i++;
    const char *what = running;
    if (!what) {
        sigaction(sig, &before[i], NULL);
        if (info && info->si_code <= 0)
            raise(sig); /* sent, not a fault: deliver it to the handler before */
        return;
    }
    say("mbsim: error: ");
    say(what);
    say(" crashed (");
    say(CRASHES[i].name);
    say(") at t = ");
    say_time(running_time);
    say(": the run stops here.");
    if (afterword[0]) {
        say(" ");
        say(afterword);
    }
    say("\n");
    signal(sig, SIG_DFL);
    raise(sig);
}

static void install(void)
{
    installed = 1;
    stack_t old;
    if (sigaltstack(NULL, &old) == 0 && (old.ss_flags & SS_DISABLE)) {
        stack_t ss = {.ss_sp = handler_stack, .ss_size = sizeof handler_stack, .ss_flags = 0};
        sigaltstack(&ss, NULL);
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_crash;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < N_CRASHES; i++)
        sigaction(CRASHES[i].signo, &sa, &before[i]);
}

void mbs_crash_guard_enter(const char *what, double time, mbs_crash_guard *saved)
{
    if (!installed)
        install();
    saved->what = running;
    saved->time = running_time;
    running_time = time;
    running = what;
}

void mbs_crash_guard_leave(const mbs_crash_guard *saved)
{
    running = saved->what;
    running_time = saved->time;
}

void mbs_crash_guard_afterword(const char *text)
{
    snprintf(afterword, sizeof afterword, "%s", text ? text : "");
}
