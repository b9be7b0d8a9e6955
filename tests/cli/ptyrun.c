/* Test helper: runs a command with its standard error on a pseudo-terminal
 * (so that mbsim shows its progress line) and copies what it writes there
 * to OUTFILE as it comes (a test reads it while the command runs, to wait
 * for what it shows). Standard output goes to /dev/null. SIGINT and SIGTERM
 * are handed on to the command. Exits with the command's exit status.
 *
 *   ptyrun OUTFILE COMMAND [ARGS...]
 */
#define _XOPEN_SOURCE 700 /* posix_openpt, grantpt, unlockpt, ptsname */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile pid_t child;

static void hand_on(int sig)
{
    if (child > 0)
        kill(child, sig);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: ptyrun OUTFILE COMMAND [ARGS...]\n");
        return 2;
    }
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0) {
        perror("ptyrun: pseudo-terminal");
        return 2;
    }
    const char *slave_name = ptsname(master);
    FILE *out = fopen(argv[1], "wb");
    if (!slave_name || !out) {
        perror("ptyrun");
        return 2;
    }
    struct sigaction sa;
    sa.sa_handler = hand_on;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    pid_t pid = fork();
    if (pid == 0) {
        setsid();
        int slave = open(slave_name, O_RDWR);
        int null_fd = open("/dev/null", O_RDWR);
        if (slave < 0 || null_fd < 0)
            _exit(126);
        dup2(null_fd, STDIN_FILENO);
        dup2(null_fd, STDOUT_FILENO);
        dup2(slave, STDERR_FILENO);
        close(master);
        execvp(argv[2], argv + 2);
        _exit(127);
    }
    child = pid;
    /* Read until the child has closed the terminal (EIO on Linux). */
    char buf[4096];
    for (;;) {
        ssize_t n = read(master, buf, sizeof buf);
        if (n > 0) {
            fwrite(buf, 1, (size_t)n, out);
            fflush(out);
        }
        else if (n < 0 && errno == EINTR)
            continue;
        else
            break;
    }
    fclose(out);
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
