/* The state of one run of a model's analyses (simulate.c), shared by the
 * two drivers built on it: mbs_simulate, which runs the command procedure
 * to its end, and the co-simulation session (cosim.c), which runs its
 * leading analyses and then integrates one communication step at a time.
 * Internal to solver/analysis. */
#ifndef MBS_RUN_H
#define MBS_RUN_H

#include "simulate.h"
#include "../start/assemble.h"
#include "../dae/sparsity.h"
#include "../ida/stall.h"

struct mbs_event_log {
    const mbs_model *m;
    const mbs_sink *sink;
    long count;
};

/* A transient under way: its output times t0 + k dt (clamped to t_end), and
 * what the step loop carries from one step to the next. */
typedef struct mbs_span {
    double t0, t_end, dt;
    long k;            /* index of the next output time */
    double t_next;     /* the next output time */
    double t_goal;     /* where the integration stops for now: t_end, or a communication point */
    int open_ended;    /* a co-simulation: an event at t_goal is handled before returning */
    mbs_stall stall;
    long nonfinite_since;
} mbs_span;

typedef struct mbs_run {
    const mbs_model *m;
    mbs_data *d;
    const mbs_sink *sink;
    volatile sig_atomic_t *stop;
    mbs_diags *diag;
    mbs_run_result *res;
    SUNContext ctx;
    mbs_pattern *pattern;
    mbs_assembler *assembler;
    mbs_integrator *integrator;
    int sparse;
    int rank_checked; /* the dense redundancy analysis has run */
    double *y, *yp, *yo, *ypo, *row;
    double *yc, *ypc; /* an output row being made consistent */
    double t;
    double last_row_t; /* time of the last output row, -inf if none */
    double last_root_t; /* time of the last event, -inf if none */
    int *last_fired;    /* [n_roots] the roots that fired there */
    mbs_event_log log;
    mbs_span span;
} mbs_run;

/* Prepares r for model m (r zeroed but for m, sink, stop, diag, res):
 * 0, or -1 with the reason in r->res. */
int mbs_run_setup(mbs_run *r);
void mbs_run_teardown(mbs_run *r);
/* The model's initial state in r->y, r->yp, the elements initialised. */
void mbs_run_initial_state(mbs_run *r);
/* Applies the commands standing before analysis k; 1 when one ends the run,
 * -1 on failure. */
int mbs_run_commands(mbs_run *r, int k);
/* Runs analysis i (n_linear: Linear analyses before it): 0 or -1. */
int mbs_run_analysis(mbs_run *r, int i, int n_linear);

/* A transient from the consistent state at r->t: makes it consistent,
 * starts the integrator and writes the first row; output times every dt
 * up to t_end (may be infinite), integration up to t_goal for now (first:
 * the run's first analysis). 0 or -1. */
int mbs_transient_begin(mbs_run *r, double t_end, double dt, double t_goal, int first);
/* Integrates on to r->span.t_goal, writing rows and handling events: 0 when
 * there (r->y, r->yp the state at r->t), or when a Sensor_Event stopped the
 * analysis (r->d->sensor_stop set), -1 on failure. */
int mbs_transient_advance(mbs_run *r);
/* The stop time the integrator is given: the next output time when it
 * steps onto output times, never beyond t_goal. */
double mbs_transient_stop_time(const mbs_run *r);

/* Records a failure in r->res; returns -1. */
int mbs_run_fail(mbs_run *r, mbs_status st, const char *msg);
/* Writes an output row at t from (y, yp): 0 or -1. */
int mbs_run_write_row(mbs_run *r, double t, const double *y, const double *yp);

#endif
