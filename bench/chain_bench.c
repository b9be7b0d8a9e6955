/* Runs one model with each linear solver and prints wall and CPU time and
 * solver statistics: the measurement behind bench/chain.sh. (CPU time is
 * the steadier figure on a shared machine.)
 * usage: chain_bench MODEL.xml [dense|klu|auto ...] */
#include "../src/core/diag.h"
#include "../src/io/reader.h"
#include "../src/model/compile.h"
#include "../src/solver/analysis/simulate.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

static double clock_seconds(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int run(const char *path, const char *solver)
{
    mbs_diags d;
    mbs_diags_init(&d);
    mbs_spec spec;
    mbs_model *m = NULL;
    if (mbs_read_model(path, NULL, 0, &d, &spec) != MBS_OK || mbs_compile(&spec, &d, &m) != MBS_OK) {
        fprintf(stderr, "%s: cannot load\n", path);
        mbs_spec_free(&spec);
        mbs_diags_free(&d);
        return 2;
    }
    mbs_spec_free(&spec);
    /* dense, klu, auto: absolute coordinates with that linear solver; joint: joint coordinates */
    int joint = strcmp(solver, "joint") == 0;
    m->settings.formulation = joint ? MBS_FORM_JOINT : MBS_FORM_ABSOLUTE;
    m->settings.linear_solver = strcmp(solver, "dense") == 0 ? MBS_LS_DENSE
                                : strcmp(solver, "klu") == 0 ? MBS_LS_KLU
                                                               : MBS_LS_AUTO;
    mbs_run_result r;
    double w0 = clock_seconds(CLOCK_MONOTONIC), c0 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
    mbs_status st = mbs_simulate(m, NULL, NULL, &d, &r);
    double wall = clock_seconds(CLOCK_MONOTONIC) - w0, cpu = clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - c0;
    printf("%-6s %-5s %10.3f %10.3f %8ld %10ld %8ld %6d %7ld %7ld %s\n", solver,
           mbs_linear_solver_name(r.linear_solver), wall, cpu, r.stats.steps, r.stats.residual_evals,
           r.stats.jacobian_evals, m->ny, r.stats.nonlinear_convergence_failures, r.stats.error_test_failures,
           st == MBS_OK ? "ok" : r.message);
    fflush(stdout);
    mbs_model_free(m);
    mbs_diags_free(&d);
    return st == MBS_OK ? 0 : 1;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: chain_bench MODEL.xml [dense|klu|auto|joint ...]\n");
        return 2;
    }
    int rc = 0;
    for (int i = 2; i < argc; i++)
        rc |= run(argv[1], argv[i]);
    if (argc == 2)
        rc |= run(argv[1], "auto");
    return rc;
}
