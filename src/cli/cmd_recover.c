/* mbsim recover RESULTS.h5 [--force]
 * Makes a file left by a killed run an ordinary, compact file that any HDF5
 * reader opens, with status "killed" and every row it holds
 * (src/output/results_recover.h). A file whose run still goes is left alone,
 * and one written on another host is recovered only with --force (its run
 * may still go); --force also overrides a process of the writer's number
 * that is alive on this host (the number may have been given again). */
#include "cli.h"
#include "../core/strutil.h"
#include "../output/results_reader.h"
#include "../output/results_recover.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int mbs_cmd_recover(int argc, char **argv)
{
    const char *path = NULL;
    int force = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--force") == 0)
            force = 1;
        else if (argv[i][0] == '-' && argv[i][1])
            return mbs_cli_usage_error("recover", "unknown option '%s'", argv[i]);
        else if (path)
            return mbs_cli_usage_error("recover", "one results file, please");
        else
            path = argv[i];
    }
    if (!path)
        return mbs_cli_usage_error("recover", "no results file given");
    mbs_results r;
    char err[1024];
    if (mbs_results_open(path, &r, err, sizeof err) != 0) {
        fprintf(stderr, "mbsim recover: error: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    mbs_writer_state state = mbs_results_writer_state(&r);
    char *unit = mbs_strdup(r.time_unit);
    mbs_recovery what = {r.n_rows, r.n_events, r.n_rows > 0 ? r.time[r.n_rows - 1] : NAN, unit ? unit : "",
                         state != MBS_WRITER_DONE};
    char *status = mbs_strdup(r.status);
    long pid = r.writer_pid;
    int flagged = r.swmr;
    mbs_results_free(&r); /* closed before it is rewritten */
    int rc = EXIT_OK;
    if (state == MBS_WRITER_ALIVE && !force) {
        fprintf(stderr, "mbsim recover: error: %s is still being written by process %ld; recover it if that run is "
                        "killed (or with --force if process %ld is not that run)\n",
                path, pid, pid);
        rc = EXIT_BAD_INPUT;
    } else if (state == MBS_WRITER_UNKNOWN && !force) {
        fprintf(stderr, "mbsim recover: error: %s was written on another host (or by an unknown process), whose run "
                        "may still go; recover it with --force if that run was killed\n",
                path);
        rc = EXIT_BAD_INPUT;
    } else if (state == MBS_WRITER_DONE && !flagged) {
        printf("%s: nothing to recover: an ordinary file (status %s)\n", path, status ? status : "");
    } else if (mbs_results_recover(path, &what, err, sizeof err) != 0) {
        fprintf(stderr, "mbsim recover: error: %s\n", err);
        rc = EXIT_FAILED;
    } else {
        printf("%s: recovered: status killed, %ld rows", path, what.rows);
        if (what.rows > 0)
            printf(", t up to %.10g %s", what.t_last, what.time_unit);
        printf(", %ld events\n", what.events);
    }
    free(unit);
    free(status);
    return rc;
}
