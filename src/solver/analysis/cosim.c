/* The co-simulation session (cosim.h) on the run of simulate.c: the same
 * setup, analyses, transient start and step loop as mbsim run, the
 * transient's goal moved to each communication point in turn. */
#include "cosim.h"
#include "run.h"
#include "plan.h"
#include "sense.h"
#include "../../model/kind.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct mbs_cosim {
    mbs_run r;
    mbs_run_result res;
    int transient;      /* index of the model's first Transient */
    int n_linear;       /* Linear analyses before it */
    int started;        /* the transient has begun */
    int ended;          /* a Sensor_Event or a failure ended the run */
    int inputs_changed; /* an input changed since the last step */
    long first_row;     /* the transient's first row */
};

static int is_variable(const mbs_model *m, int comp)
{
    return comp >= 0 && comp < m->n_comps && m->comps[comp].kind->family == MBS_FAMILY_VARIABLE;
}

mbs_cosim *mbs_cosim_open(const mbs_model *m, const mbs_sink *sink, mbs_diags *diag, char *err, size_t errsize)
{
    int transient = -1;
    for (int i = 0; i < m->n_analyses && transient < 0; i++)
        if (m->analyses[i].type == MBS_ANALYSIS_TRANSIENT)
            transient = i;
    if (transient < 0) {
        snprintf(err, errsize, "the model has no Transient analysis (its settings and print interval are the "
                               "co-simulation's)");
        return NULL;
    }
    mbs_cosim *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    s->transient = transient;
    s->res.status = MBS_OK;
    s->res.formulation = "ABSOLUTE";
    mbs_run *r = &s->r;
    r->m = m;
    r->sink = sink;
    r->diag = diag;
    r->res = &s->res;
    r->last_row_t = -INFINITY;
    r->log = (mbs_event_log){m, sink, 0};
    r->span.open_ended = 1;
    if (mbs_run_setup(r) != 0) {
        snprintf(err, errsize, "%s", s->res.message);
        mbs_cosim_free(s);
        return NULL;
    }
    /* the plant inputs are the master's from the start */
    for (int p = 0; p < m->n_plant_inputs; p++)
        for (int k = 0; k < m->plant_inputs[p].n_variables; k++)
            r->d->var_held[m->plant_inputs[p].variables[k]] = 1;
    return s;
}

void mbs_cosim_free(mbs_cosim *s)
{
    if (!s)
        return;
    mbs_run_teardown(&s->r);
    free(s);
}

/* An analysis' record for the sink (as mbs_simulate hands it). */
static int record(mbs_cosim *s, int i, double t_start, long rows_before)
{
    mbs_run *r = &s->r;
    mbs_analysis_record rec = {r->m->analyses[i].type, t_start, r->t, -1, -1, s->res.status};
    if (s->res.rows > rows_before) {
        rec.first_row = rows_before;
        rec.last_row = s->res.rows - 1;
    }
    if (r->sink && r->sink->analysis && r->sink->analysis(r->sink->ctx, &rec) != 0)
        return mbs_run_fail(r, MBS_E_RUN, "cannot write the results file");
    return 0;
}

int mbs_cosim_initialise(mbs_cosim *s, double t_start, double t_stop)
{
    mbs_run *r = &s->r;
    const mbs_model *m = r->m;
    r->t = t_start;
    mbs_run_initial_state(r);
    int dropped = mbs_find_redundant(r->assembler, r->t, r->y, 0, r->diag);
    r->rank_checked = dropped != MBS_RANK_SKIPPED;
    s->res.redundant_rows = dropped > 0 ? dropped : 0;
    for (int i = 0; i < s->transient; i++) {
        int rc = mbs_run_commands(r, i);
        if (rc > 0) {
            s->ended = 1;
            return mbs_run_fail(r, MBS_E_RUN, "a Stop command ends the run before its first Transient");
        }
        double t0 = r->t;
        long rows = s->res.rows;
        if (rc < 0 || mbs_run_analysis(r, i, s->n_linear) != 0 || record(s, i, t0, rows) != 0) {
            s->ended = 1;
            return -1;
        }
        s->n_linear += m->analyses[i].type == MBS_ANALYSIS_LINEAR;
    }
    int rc = mbs_run_commands(r, s->transient);
    if (rc != 0) {
        s->ended = 1;
        return rc < 0 ? -1 : mbs_run_fail(r, MBS_E_RUN, "a Stop command ends the run before its first Transient");
    }
    s->first_row = s->res.rows;
    /* the goal for now is the start itself: the first step moves it */
    const mbs_analysis *a = &m->analyses[s->transient];
    if (mbs_transient_begin(r, t_stop, a->print_interval, r->t, s->transient == 0) != 0) {
        s->ended = 1;
        return -1;
    }
    s->started = 1;
    s->inputs_changed = 0;
    return 0;
}

int mbs_cosim_set_input(mbs_cosim *s, int comp, double value)
{
    mbs_data *d = s->r.d;
    if (!is_variable(s->r.m, comp) || !isfinite(value))
        return -1;
    if (d->var_input[comp] != value || !d->var_held[comp])
        s->inputs_changed = 1;
    d->var_held[comp] = 1;
    d->var_input[comp] = value;
    return 0;
}

/* Inputs changed at the session's time: the state there made consistent
 * with them (algebraic variables, accelerations, multipliers) and the
 * integrator restarted from it, as after an event. */
static int take_inputs(mbs_cosim *s)
{
    mbs_run *r = &s->r;
    char msg[512];
    if (mbs_consistent_rates(r->assembler, r->t, r->y, r->yp, msg, sizeof msg) != 0)
        return mbs_run_fail(r, MBS_E_RUN, msg);
    if (mbs_integrator_start(r->integrator, r->t, r->y, r->yp, mbs_transient_stop_time(r), msg, sizeof msg) != 0)
        return mbs_run_fail(r, MBS_E_RUN, msg);
    s->inputs_changed = 0;
    return 0;
}

mbs_cosim_step_result mbs_cosim_step(mbs_cosim *s, double t)
{
    mbs_run *r = &s->r;
    if (!s->started || s->ended) {
        if (!s->ended)
            mbs_run_fail(r, MBS_E_RUN, "the session is not initialised");
        return s->res.status == MBS_OK ? MBS_COSIM_ENDED : MBS_COSIM_FAILED;
    }
    if (!(t > r->t)) {
        /* the master's mistake: the run itself goes on */
        snprintf(s->res.message, sizeof s->res.message,
                 "a step must end after the session's time %.17g s, not at %.17g s", r->t, t);
        return MBS_COSIM_FAILED;
    }
    r->span.t_goal = t;
    if (s->inputs_changed) {
        if (take_inputs(s) != 0) {
            s->ended = 1;
            return MBS_COSIM_FAILED;
        }
    } else if (mbs_integrator_set_stop(r->integrator, mbs_transient_stop_time(r)) != 0) {
        s->ended = 1;
        mbs_run_fail(r, MBS_E_RUN, "cannot set the integrator's stop time");
        return MBS_COSIM_FAILED;
    }
    if (mbs_transient_advance(r) != 0) {
        s->ended = 1;
        return MBS_COSIM_FAILED;
    }
    if (r->d->sensor_stop) {
        s->ended = 1;
        return MBS_COSIM_ENDED;
    }
    return MBS_COSIM_STEPPED;
}

double mbs_cosim_time(const mbs_cosim *s)
{
    return s->r.t;
}

double mbs_cosim_value(const mbs_cosim *s, int comp)
{
    const mbs_model *m = s->r.m;
    return s->r.y[m->ofs_z + m->comps[comp].state_ofs];
}

const double *mbs_cosim_row(mbs_cosim *s)
{
    mbs_run *r = &s->r;
    mbs_sense(r->m, r->d, r->t, r->y, r->yp, r->row);
    return r->row;
}

const mbs_run_result *mbs_cosim_finish(mbs_cosim *s)
{
    mbs_run *r = &s->r;
    if (s->started) {
        mbs_status st = s->res.status;
        /* a row where the run stands, unless the last one is there (to
         * rounding: a master's communication point that sums its steps) */
        if (!(fabs(r->t - r->last_row_t) <= 1e-9 * r->span.dt) && st == MBS_OK)
            mbs_run_write_row(r, r->t, r->y, r->yp);
        s->res.t_reached = r->t;
        record(s, s->transient, r->span.t0, s->first_row);
        s->started = 0;
        s->ended = 1;
    }
    if (r->integrator)
        mbs_integrator_stats_get(r->integrator, &s->res.stats);
    s->res.events = r->log.count;
    return &s->res;
}

const char *mbs_cosim_message(const mbs_cosim *s)
{
    return s->res.message;
}
