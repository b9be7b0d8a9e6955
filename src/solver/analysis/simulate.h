/* Running a model's analyses in order and handing every output row and
 * event to a results sink (the HDF5 writer, or a test). */
#ifndef MBS_SIMULATE_H
#define MBS_SIMULATE_H

#include "../ida/integrator.h"
#include "linear.h"
#include "../../core/diag.h"
#include "../../core/status.h"
#include "../../model/model.h"

#include <signal.h>

/* What an analysis did (a row of /analyses). */
typedef struct mbs_analysis_record {
    mbs_analysis_type type;
    double t_start, t_end;    /* s */
    long first_row, last_row; /* output rows it wrote (0-based), -1 when none */
    mbs_status status;        /* MBS_OK, MBS_E_RUN, MBS_E_INTERRUPTED */
} mbs_analysis_record;

typedef struct mbs_sink {
    void *ctx;
    /* One output row: time, every sensor's values, the bodies' poses (mbs_row_width). */
    int (*row)(void *ctx, double t, const double *values);
    /* An event: time, the element's description, what happened. */
    int (*event)(void *ctx, double t, const char *element, const char *kind);
    /* After every integrator step (the sink decides how often to show it). */
    void (*progress)(void *ctx, double t, double t_end, long steps);
    /* After each analysis, also one that failed (may be NULL). */
    int (*analysis)(void *ctx, const mbs_analysis_record *a);
    /* The results of the k-th Linear analysis, k = 0, 1, ... (may be NULL). */
    int (*linear)(void *ctx, int k, const mbs_linear_result *lin);
} mbs_sink;

typedef struct mbs_run_result {
    mbs_status status;       /* MBS_OK, MBS_E_RUN, MBS_E_INTERRUPTED */
    char message[1024];
    double t_reached;
    mbs_integrator_stats stats;
    long events;
    long rows;
    mbs_linear_solver linear_solver; /* the one used: DENSE or KLU */
    const char *formulation;         /* the formulation transients integrated in: "ABSOLUTE", "JOINT" */
    int joint_coords;                /* joint coordinates integrated (formulation JOINT), -1: ABSOLUTE */
    int redundant_rows;
    long joint_rows;                 /* of the rows, those the formulation made consistent itself
                                        (the joint formulation's mbs_joint_system_row); the rest
                                        in absolute coordinates */
} mbs_run_result;

/* Runs every analysis of m. `stop` (may be NULL) is polled between steps and
 * in every residual evaluation of the integrator: when it becomes nonzero
 * the run ends with MBS_E_INTERRUPTED within one evaluation. Warnings
 * (e.g. redundant constraints) go to `diag`. */
mbs_status mbs_simulate(const mbs_model *m, const mbs_sink *sink, volatile sig_atomic_t *stop, mbs_diags *diag,
                        mbs_run_result *result);

/* Assembles the model's start as a run would (after the commands before its
 * first analysis) and reports what it moved (solver/start/assembly_report.h) to
 * diag, with the warnings of the elements about the initial motion where
 * the first analysis is a transient (the ops' start_motion: joint friction
 * sliding at t = 0 with relaxed bristles). -1 when that is an error: the start cannot be assembled (the
 * error names the loop that cannot close, assemble.c), or
 * settings.strict_assembly and a move beyond the limit; else 0. */
int mbs_assembly_check(const mbs_model *m, mbs_diags *diag);

/* The constraint rows that repeat others at the initial configuration (the
 * analysis a run starts with), with their warnings: the count, -2 when the
 * model is too large for the dense analysis, -1 when out of memory. */
int mbs_redundant_rows(const mbs_model *m, mbs_diags *diag);

#endif
