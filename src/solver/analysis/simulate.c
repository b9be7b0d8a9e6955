/* The run: initial state, then each analysis in turn.
 *
 * Transient: consistent start (assemble.c), then IDA one step at a time;
 * after each accepted step the elements update what follows the motion
 * (turn counts), output rows are interpolated at every print time passed,
 * and at an event the elements switch modes and the integrator restarts
 * from a freshly made consistent state. Output times are t0 + k dt exactly,
 * and the analysis' end time. */
#include "run.h"
#include "../start/assemble.h"
#include "../start/assembly_report.h"
#include "choose_formulation.h"
#include "plan.h"
#include "../dae/residual.h"
#include "sense.h"
#include "../dae/nonfinite.h"
#include "../dae/friction_refresh.h"
#include "../dae/sparsity.h"
#include "../ida/stall.h"
#include "statics.h"
#include "../dae/sundials_compat.h"
#include "../../model/layout.h"
#include "../../core/rotation.h"
#include "../../core/strutil.h"
#include "../../core/vec3.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void mbs_event_record(mbs_event_log *log, double t, const mbs_component *c, const char *kind)
{
    char what[256];
    mbs_component_describe(c, what, sizeof what);
    log->count++;
    if (log->sink && log->sink->event)
        log->sink->event(log->sink->ctx, t, what, kind);
}


int mbs_run_fail(mbs_run *r, mbs_status st, const char *msg)
{
    r->res->status = st;
    snprintf(r->res->message, sizeof r->res->message, "%s", msg);
    return -1;
}

/* ---- initial state ---- */

void mbs_run_initial_state(mbs_run *r)
{
    const mbs_model *m = r->m;
    memset(r->y, 0, (size_t)m->ny * sizeof *r->y);
    memset(r->yp, 0, (size_t)m->ny * sizeof *r->yp);
    for (int i = 0; i < m->n_bodies; i++) {
        const mbs_body *b = &m->bodies[i];
        double *q = r->y + b->q_ofs, *u = r->y + b->u_ofs;
        switch (b->type) {
        case MBS_BODY_RIGID: {
            double A[9];
            v3_copy(q, b->r0);
            memcpy(q + 3, b->p0, 4 * sizeof *q);
            v3_copy(u, b->v0);
            mbs_quat_to_matrix(b->p0, A);
            m3_tmul_v(u + 3, A, b->w0); /* angular velocity in body axes */
            break;
        }
        case MBS_BODY_POINT:
            v3_copy(q, b->r0);
            v3_copy(u, b->v0);
            break;
        case MBS_BODY_MASS1D:
            q[0] = b->r0[0];
            u[0] = b->v0[0];
            break;
        case MBS_BODY_GROUND:
            break;
        }
    }
    for (int c = 0; c < m->n_comps; c++) {
        if (m->comps[c].ops->initial_states)
            m->comps[c].ops->initial_states(&m->comps[c], r->y + m->ofs_z + m->comps[c].state_ofs);
        if (m->comps[c].ops->initial_rates)
            m->comps[c].ops->initial_rates(&m->comps[c], r->yp + m->ofs_z + m->comps[c].state_ofs);
    }
    mbs_residual(m, r->d, r->t, r->y, r->yp, r->d->res_scratch);
    mbs_eval ev = {m, r->d, r->t, r->y, r->yp, r->d->res_scratch};
    for (int c = 0; c < m->n_comps; c++)
        if (m->comps[c].ops->init)
            m->comps[c].ops->init(&m->comps[c], &ev);
}

/* The elements' states that follow the initial motion (joint friction's
 * bristles at their steady deflection, where asked) and their warnings
 * about that motion (to diag, if not NULL), at the consistent state y.
 * Returns 1 where a state changed. */
static int start_motion(mbs_run *r, mbs_diags *diag)
{
    const mbs_model *m = r->m;
    int changed = 0;
    mbs_residual(m, r->d, r->t, r->y, r->yp, r->d->res_scratch);
    mbs_eval ev = {m, r->d, r->t, r->y, r->yp, r->d->res_scratch};
    for (int c = 0; c < m->n_comps; c++) {
        const mbs_component *comp = &m->comps[c];
        if (!comp->ops->start_motion || !mbs_component_active(m, r->d, c))
            continue;
        char msg[600] = "";
        changed |= comp->ops->start_motion(comp, &ev, r->y + m->ofs_z + comp->state_ofs, msg, sizeof msg);
        if (diag && msg[0]) {
            char what[256];
            mbs_component_describe(comp, what, sizeof what);
            mbs_diag_add(diag, MBS_SEV_WARNING, m->path, comp->line, "%s: %s", what, msg);
        }
    }
    return changed;
}

/* ---- output ---- */

int mbs_run_write_row(mbs_run *r, double t, const double *y, const double *yp)
{
    mbs_sense(r->m, r->d, t, y, yp, r->row);
    if (r->d->eval_fatal) /* e.g. a request's user subroutine stopped the run */
        return mbs_run_fail(r, MBS_E_RUN, r->d->eval_message);
    r->last_row_t = t;
    r->res->rows++;
    if (r->sink && r->sink->row && r->sink->row(r->sink->ctx, t, r->row) != 0)
        return mbs_run_fail(r, MBS_E_RUN, "cannot write the results file");
    return 0;
}

/* Whether component c has work to do after a step that `done` (the
 * integrator's, or NULL) has not done. An element switched off follows
 * too: its geometry still describes the bodies (its outputs, and its
 * equations once a command switches it on again, see the turns and
 * directions of the time it was off). */
static int follows_step(const mbs_run *r, int c, const char *done)
{
    return r->m->comps[c].ops->accept_step && !(done && done[c]);
}

/* What elements follow step by step (turns of angles, directions) is
 * kinematics: the bodies' states suffice, no residual. */
static void accept_step(mbs_run *r, double t)
{
    const mbs_model *m = r->m;
    r->d->t_last_step = t;
    /* what the formulation follows from its own variables (the joint
     * formulation's tree joints); the absolute state is computed only for
     * the rest */
    const char *done = mbs_integrator_accept(r->integrator, t);
    int c = 0;
    while (c < m->n_comps && !follows_step(r, c, done))
        c++;
    if (c == m->n_comps)
        return;
    const double *y, *yp;
    if (!mbs_integrator_state(r->integrator, &y, &yp))
        mbs_update_bodies(m, r->d, y, yp);
    mbs_eval ev = {m, r->d, t, y, yp, r->d->res_scratch};
    for (; c < m->n_comps; c++)
        if (follows_step(r, c, done))
            m->comps[c].ops->accept_step(&m->comps[c], &ev);
}

/* The next step no longer than the elements allow (ops->max_step: a
 * contact's shapes must not pass through each other unseen), from the
 * state at t (after a step or a start). Models without such elements pay
 * nothing. */
static int limit_next_step(mbs_run *r, double t)
{
    const mbs_model *m = r->m;
    int c = 0;
    while (c < m->n_comps && !m->comps[c].ops->max_step)
        c++;
    if (c == m->n_comps)
        return 0;
    const double *y, *yp;
    if (!mbs_integrator_state(r->integrator, &y, &yp))
        mbs_update_bodies(m, r->d, y, yp);
    mbs_eval ev = {m, r->d, t, y, yp, r->d->res_scratch};
    double h = INFINITY;
    for (; c < m->n_comps; c++)
        if (m->comps[c].ops->max_step && mbs_component_active(m, r->d, c))
            h = fmin(h, m->comps[c].ops->max_step(&m->comps[c], &ev));
    return mbs_integrator_limit_step(r->integrator, t, h);
}

/* ---- events ---- */

/* The events at a root at t: each element whose root fired is told
 * (on_root). *restart: whether the integrator must start anew there (set
 * on entry where the caller needs it anyway, or an element switched its
 * equations); where every fired root is one of continuous equations
 * (ops->roots_continuous, on_root returning 0) IDA steps on, its history
 * and Newton matrix kept: a heap of contacts makes and breaks thousands
 * of them in a second. *resume: the equations go on smooth, but IDA's
 * root bookkeeping needs a start (below). */
static int handle_roots(mbs_run *r, double t, int *restart, int *resume)
{
    const mbs_model *m = r->m;
    int *fired = calloc((size_t)m->n_roots + 1, sizeof *fired);
    if (!fired)
        return mbs_run_fail(r, MBS_E_RUN, "out of memory");
    mbs_integrator_roots(r->integrator, fired);
    /* The restart after an event may find the same crossing again some ulps
     * later (its consistent state moves the root function by as much; seen
     * 6e-15 s later in joint coordinates): not a new event. */
    int again = fabs(t - r->last_root_t) <= 1e3 * DBL_EPSILON * fmax(1.0, fabs(t));
    for (int k = 0; k < m->n_roots; k++) {
        int fired_now = fired[k] != 0;
        if (again && r->last_fired[k])
            fired[k] = 0;
        r->last_fired[k] = fired_now;
    }
    r->last_root_t = t;
    /* IDA stepping on from a root function exactly at 0 finds it again at
     * once, or stops where it stays 0 (seen with balls landing alike to the
     * last bit, and in a heap of 50, where contacts touching at a crawl
     * leave their distance exactly 0 at four roots in ten): a start
     * leaves it out until it moves off 0 */
    *resume = mbs_integrator_root_at_zero(r->integrator, t);
    memcpy(r->y, mbs_integrator_y(r->integrator), (size_t)m->ny * sizeof *r->y);
    memcpy(r->yp, mbs_integrator_yp(r->integrator), (size_t)m->ny * sizeof *r->yp);
    mbs_residual(m, r->d, t, r->y, r->yp, r->d->res_scratch);
    mbs_eval ev = {m, r->d, t, r->y, r->yp, r->d->res_scratch};
    for (int c = 0; c < m->n_comps; c++) {
        const mbs_component *comp = &m->comps[c];
        int any = 0;
        for (int k = 0; k < comp->n_roots; k++)
            any |= fired[comp->root_ofs + k] != 0;
        if (!any)
            continue;
        int switched = comp->ops->on_root ? comp->ops->on_root(comp, &ev, fired + comp->root_ofs, &r->log) : 0;
        *restart |= switched || !comp->ops->roots_continuous;
    }
    free(fired);
    if (!*restart && !*resume)
        return 0;
    char msg[512];
    if (mbs_consistent_rates(r->assembler, t, r->y, r->yp, msg, sizeof msg) != 0)
        return mbs_run_fail(r, MBS_E_RUN, msg);
    return 0;
}

/* ---- analyses ---- */

static int make_consistent(mbs_run *r)
{
    char msg[512];
    if (mbs_make_consistent(r->assembler, r->t, r->y, r->yp, msg, sizeof msg) == 0)
        return 0;
    /* large models skip the dense redundancy analysis up front; when their
     * constraints turn out singular, run it now and try once more */
    int dropped = r->rank_checked ? 0 : mbs_find_redundant(r->assembler, r->t, r->y, 1, r->diag);
    r->rank_checked = 1;
    if (dropped > 0) {
        r->res->redundant_rows += dropped;
        if (mbs_make_consistent(r->assembler, r->t, r->y, r->yp, msg, sizeof msg) == 0)
            return 0;
    }
    return mbs_run_fail(r, MBS_E_RUN, msg);
}


static int ensure_integrator(mbs_run *r)
{
    if (r->integrator)
        return 0;
    char err[512];
    mbs_dae dae;
    const char *name;
    int joint_coords;
    if (mbs_choose_formulation(r->m, r->d, r->pattern, r->sparse, &dae, &name, &joint_coords, err, sizeof err) != 0)
        return mbs_run_fail(r, MBS_E_RUN, err);
    r->integrator = mbs_integrator_create(r->m, r->d, r->ctx, dae, err, sizeof err);
    if (!r->integrator)
        return mbs_run_fail(r, MBS_E_RUN, err);
    r->res->formulation = name;
    r->res->joint_coords = joint_coords;
    r->res->linear_solver = mbs_integrator_linear_solver(r->integrator);
    return 0;
}

static double output_time(double t0, double dt, long k, double t_end)
{
    double t = t0 + (double)k * dt;
    return t > t_end - 1e-9 * dt ? t_end : t;
}

/* When stepping onto output times, a step that ends a rounding error short
 * of one (IDA's step sizes do not add up exactly) counts as having reached
 * it: otherwise IDA would take a sliver of a step to get there and restart
 * at order one. */
static int reached(const mbs_run *r, double t, double target, double dt)
{
    if (t >= target)
        return 1;
    return !r->d->settings.interpolate && target - t <= fmax(1e-9 * dt, 1e3 * DBL_EPSILON * fabs(t));
}

/* An output row on the constraints: the integrator's state (interpolated
 * or stepped onto) assembled onto the position constraints, its velocities
 * projected and its accelerations and multipliers made consistent, as at a
 * start (assemble.c), in yo, ypo; the integrator's own state is not
 * touched. The integration holds the constraints to its tolerance, and the
 * multipliers only as far as the motion can tell (integrator.c weighs their
 * Newton corrections by the step size): the row gets the exact ones. Where
 * that fails (a singular configuration) the row is the raw state. */
static void consistent_row(mbs_run *r, double t)
{
    const mbs_model *m = r->m;
    char msg[512];
    memcpy(r->yc, r->yo, (size_t)m->ny * sizeof *r->yc);
    memcpy(r->ypc, r->ypo, (size_t)m->ny * sizeof *r->ypc);
    if (mbs_make_consistent(r->assembler, t, r->yc, r->ypc, msg, sizeof msg) == 0) {
        memcpy(r->yo, r->yc, (size_t)m->ny * sizeof *r->yo);
        memcpy(r->ypo, r->ypc, (size_t)m->ny * sizeof *r->ypo);
    }
}

/* Writes the rows due up to t: interpolated between steps, or, when the
 * integrator stepped onto the output time, from its state; each made
 * consistent first, by the formulation where it can (mbs_integrator_row:
 * the joint formulation's mbs_joint_system_row, a tree with no rows
 * besides; two residuals and an O(N) solve instead of the augmented
 * system's sparse factorisation and, with joint friction, its Newton with
 * difference columns: half the time of a 32-link chain with friction went
 * there), else in absolute coordinates. */
static int write_due_rows(mbs_run *r, double t)
{
    const mbs_model *m = r->m;
    mbs_span *s = &r->span;
    int own_rows = !r->d->settings.absolute_rows && !mbs_assembler_solves_states(r->assembler);
    while (reached(r, t, s->t_next, s->dt)) {
        if (own_rows && mbs_integrator_row(r->integrator, s->t_next, s->t_next >= t, r->yo, r->ypo) == 0) {
            r->res->joint_rows++; /* made consistent by the formulation */
        } else {
            if (s->t_next >= t) {
                memcpy(r->yo, mbs_integrator_y(r->integrator), (size_t)m->ny * sizeof *r->yo);
                memcpy(r->ypo, mbs_integrator_yp(r->integrator), (size_t)m->ny * sizeof *r->ypo);
            } else if (mbs_integrator_at(r->integrator, s->t_next, r->yo, r->ypo) != 0) {
                return mbs_run_fail(r, MBS_E_RUN, "cannot interpolate the solution at an output time");
            }
            consistent_row(r, s->t_next);
        }
        if (mbs_run_write_row(r, s->t_next, r->yo, r->ypo) != 0)
            return -1;
        if (s->t_next >= s->t_end)
            break;
        s->t_next = output_time(s->t0, s->dt, ++s->k, s->t_end);
    }
    return 0;
}

/* A failure the integrator could not explain, or a stall: says which
 * variable Newton's iteration could not settle, if it failed there (an
 * equation that jumps, such as an angle taken where it is not defined),
 * which variable changes fastest (it limits the step: near a pole, the one
 * the singular force or motion drives) and the last value that was not
 * finite since `nonfinite_since`, if any. */
static int fail_without_cause(mbs_run *r, const char *what, long nonfinite_since)
{
    char msg[1024], var[300];
    double rate = 0.0, correction = 0.0;
    int n = snprintf(msg, sizeof msg, "%s", what);
    if (mbs_integrator_unsettled(r->integrator, &correction, var, sizeof var) >= 0 && n >= 0 &&
        (size_t)n < sizeof msg)
        n += snprintf(msg + n, sizeof msg - (size_t)n, "; Newton could not settle %s (its last correction %.3g "
                      "times its tolerance)", var, correction);
    int i = mbs_integrator_fastest(r->integrator, &rate);
    if (i >= 0 && n >= 0 && (size_t)n < sizeof msg) {
        mbs_integrator_describe_fastest(r->integrator, var, sizeof var);
        n += snprintf(msg + n, sizeof msg - (size_t)n, "; fastest changing: %s (rate %.3g)", var, rate);
        mbs_driver driver;
        const double *y = mbs_integrator_y(r->integrator), *yp = mbs_integrator_yp(r->integrator);
        int c = mbs_driving_element(r->m, r->d, r->t, y, yp, r->d->res_scratch, i, &driver);
        if (c >= 0 && n >= 0 && (size_t)n < sizeof msg) {
            mbs_component_describe(&r->m->comps[c], var, sizeof var);
            n += snprintf(msg + n, sizeof msg - (size_t)n, ", driven by %s (%s %.3g)", var,
                          driver.prescribed ? "prescribed rate" : "force", driver.value);
        }
    }
    if (r->d->nonfinite_count != nonfinite_since && n >= 0 && (size_t)n < sizeof msg)
        snprintf(msg + n, sizeof msg - (size_t)n, "; before: %s", r->d->nonfinite_message);
    return mbs_run_fail(r, MBS_E_RUN, msg);
}

/* The state at t is the analysis' last: a row there, and the run goes on
 * from it (or, after a halt, stops; mbs_simulate reads sensor_stop). */
static int stopped_by_sensor(mbs_run *r, double t)
{
    r->t = t;
    r->res->t_reached = t;
    if (r->last_row_t != t && mbs_run_write_row(r, t, r->y, r->yp) != 0)
        return -1;
    snprintf(r->res->message, sizeof r->res->message, "%s", r->d->stop_message);
    return 0;
}

double mbs_transient_stop_time(const mbs_run *r)
{
    return r->d->settings.interpolate ? r->span.t_goal : fmin(r->span.t_next, r->span.t_goal);
}

/* The run's first analysis starts the elements' states that follow the
 * initial motion (start_motion). */
int mbs_transient_begin(mbs_run *r, double t_end, double dt, double t_goal, int first)
{
    char err[512];
    if (make_consistent(r) != 0)
        return -1;
    if (first && start_motion(r, NULL) && mbs_consistent_rates(r->assembler, r->t, r->y, r->yp, err, sizeof err) != 0)
        return mbs_run_fail(r, MBS_E_RUN, err);
    if (ensure_integrator(r) != 0)
        return -1;
    mbs_span *s = &r->span;
    *s = (mbs_span){.t0 = r->t, .t_end = t_end, .dt = dt, .k = 1, .t_goal = t_goal, .open_ended = s->open_ended};
    s->t_next = output_time(s->t0, dt, s->k, t_end);
    if (mbs_integrator_start(r->integrator, r->t, r->y, r->yp, mbs_transient_stop_time(r), err, sizeof err) != 0)
        return mbs_run_fail(r, MBS_E_RUN, err);
    if (r->last_row_t != r->t && mbs_run_write_row(r, r->t, r->y, r->yp) != 0)
        return -1;
    /* the stall test measures steps against the analysis' length: a
     * co-simulation without a stop time against its first step's */
    mbs_stall_start(&s->stall, s->t0, isfinite(t_end) ? t_end : t_goal);
    s->nonfinite_since = r->d->nonfinite_count;
    return 0;
}

int mbs_transient_advance(mbs_run *r)
{
    const mbs_model *m = r->m;
    mbs_span *s = &r->span;
    int exact = !r->d->settings.interpolate;
    char err[512];
    double t = r->t;
    for (;;) {
        if (r->stop && *r->stop)
            return mbs_run_fail(r, MBS_E_INTERRUPTED, "interrupted by a signal");
        if (limit_next_step(r, t) != 0)
            return mbs_run_fail(r, MBS_E_RUN, "cannot set the integrator's stop time");
        long nonfinite_before = r->d->nonfinite_count;
        mbs_step_result step = mbs_integrator_step(r->integrator, &t, err, sizeof err);
        r->t = t;
        if (step == MBS_STEP_FAILED) {
            if (r->stop && *r->stop)
                return mbs_run_fail(r, MBS_E_INTERRUPTED, "interrupted by a signal");
            /* the steps shrank to nothing: to the stall's minimum, or IDA
             * gave up at the model's h_min (Adams' HMIN) well above it */
            int explained = r->d->eval_failed || r->d->nonfinite_count != nonfinite_before;
            double stall_min = mbs_stall_min_step(&s->stall, t), floor = fmax(stall_min, r->d->settings.h_min);
            if (!explained && (mbs_integrator_last_step(r->integrator) < stall_min ||
                               mbs_integrator_tried_step(r->integrator) <= floor * (1.0 + 1e-9) ||
                               mbs_integrator_newton_failed(r->integrator)))
                return fail_without_cause(r, err, s->nonfinite_since);
            return mbs_run_fail(r, MBS_E_RUN, err);
        }
        if (mbs_stall_step(&s->stall, t, mbs_integrator_last_step(r->integrator), err, sizeof err))
            return fail_without_cause(r, err, s->nonfinite_since);
        if (s->stall.window_steps == 0 || s->stall.below == 0)
            s->nonfinite_since = r->d->nonfinite_count; /* progress: older values are no cause */
        r->res->t_reached = t;
        accept_step(r, t);
        double due = s->t_next;
        if (write_due_rows(r, t) != 0)
            return -1;
        if (exact && s->t_next != due && t < s->t_goal &&
            mbs_integrator_set_stop(r->integrator, mbs_transient_stop_time(r)) != 0)
            return mbs_run_fail(r, MBS_E_RUN, "cannot set the integrator's stop time");
        if (r->sink && r->sink->progress) {
            mbs_integrator_stats st;
            mbs_integrator_stats_get(r->integrator, &st);
            r->sink->progress(r->sink->ctx, t, m->analyses[m->n_analyses - 1].end_time, st.steps);
        }
        int there = reached(r, t, s->t_goal, s->dt);
        /* the run's analysis ends here, its events with it; a co-simulation
         * goes on from here, past the event */
        if (there && !(s->open_ended && step == MBS_STEP_ROOT))
            break;
        if (step == MBS_STEP_ROOT) {
            int restart = there, resume = 0; /* a co-simulation's step ends here: it goes on from a start */
            if (handle_roots(r, t, &restart, &resume) != 0)
                return -1;
            if (r->d->sensor_stop) /* a Sensor_Event ends the analysis here */
                return stopped_by_sensor(r, t);
            if (restart &&
                mbs_integrator_start(r->integrator, t, r->y, r->yp, mbs_transient_stop_time(r), err, sizeof err) != 0)
                return mbs_run_fail(r, MBS_E_RUN, err);
            if (!restart && resume &&
                mbs_integrator_resume(r->integrator, t, r->y, r->yp, mbs_transient_stop_time(r), err, sizeof err) != 0)
                return mbs_run_fail(r, MBS_E_RUN, err);
            if (there)
                return 0; /* r->y, r->yp: the state after the event */
        }
    }
    memcpy(r->y, mbs_integrator_y(r->integrator), (size_t)m->ny * sizeof *r->y);
    memcpy(r->yp, mbs_integrator_yp(r->integrator), (size_t)m->ny * sizeof *r->yp);
    r->t = s->t_goal;
    return 0;
}

/* A transient from the consistent state to its end time. */
static int transient(mbs_run *r, const mbs_analysis *a, int first)
{
    if (mbs_transient_begin(r, a->end_time, a->print_interval, a->end_time, first) != 0)
        return -1;
    return mbs_transient_advance(r);
}

static int assembly(mbs_run *r, int write)
{
    if (make_consistent(r) != 0)
        return -1;
    r->res->t_reached = r->t;
    return write ? mbs_run_write_row(r, r->t, r->y, r->yp) : 0;
}

static int equilibrium(mbs_run *r, int write)
{
    char msg[512];
    /* start Newton from an assembled configuration */
    if (make_consistent(r) != 0)
        return -1;
    if (mbs_static_equilibrium(r->m, r->d, r->ctx, r->t, r->y, r->yp, msg, sizeof msg) != 0)
        return mbs_run_fail(r, MBS_E_RUN, msg);
    /* the equilibrium's row sees the elements as the equilibrium did
     * (those off in Static analyses off: no load, no acceleration from them) */
    r->d->static_mode = 1;
    int rc = assembly(r, write);
    r->d->static_mode = 0;
    return rc;
}

/* The model linearised where the previous analysis left it: consistent
 * (an equilibrium, an assembly, the integrator's state), or the start,
 * assembled first, when it is the first analysis. */
static int linear(mbs_run *r, int k, int first)
{
    /* at the start, or after a transient whose formulation leaves
     * multipliers out of the absolute state (the joint formulation's tree
     * joints: their reactions, which the linearisation's constraint forces
     * need; the Whipple bicycle's capsize mode read 0 without them) */
    int partial = !first && r->integrator && !mbs_integrator_full_multipliers(r->integrator);
    if ((first || partial) && make_consistent(r) != 0)
        return -1;
    r->res->t_reached = r->t;
    if (r->last_row_t != r->t && mbs_run_write_row(r, r->t, r->y, r->yp) != 0)
        return -1;
    mbs_linear_result lin;
    char msg[512];
    if (mbs_linearize(r->m, r->d, r->t, r->y, r->yp, &lin, msg, sizeof msg) != 0)
        return mbs_run_fail(r, MBS_E_RUN, msg);
    int rc = r->sink && r->sink->linear ? r->sink->linear(r->sink->ctx, k, &lin) : 0;
    mbs_linear_result_free(&lin);
    return rc != 0 ? mbs_run_fail(r, MBS_E_RUN, "cannot write the results file") : 0;
}

int mbs_run_analysis(mbs_run *r, int i, int n_linear)
{
    const mbs_model *m = r->m;
    const mbs_analysis *a = &m->analyses[i];
    /* a Static's result is the next Transient's first row, unless commands change the model between */
    int next_is_transient = i + 1 < m->n_analyses && m->analyses[i + 1].type == MBS_ANALYSIS_TRANSIENT &&
                            !mbs_plan_has_commands(m, i + 1);
    switch (a->type) {
    case MBS_ANALYSIS_TRANSIENT: return transient(r, a, i == 0);
    case MBS_ANALYSIS_STATIC: return equilibrium(r, !next_is_transient);
    case MBS_ANALYSIS_LINEAR: return linear(r, n_linear, i == 0);
    default: return assembly(r, !next_is_transient);
    }
}

/* ---- commands between analyses (plan.c) ---- */

/* Applies the commands standing before analysis k; 1 when one ends the run. */
int mbs_run_commands(mbs_run *r, int k)
{
    unsigned changed = mbs_plan_apply(r->m, r->d, k, r->t, r->y);
    if (changed & MBS_PLAN_STOP)
        return 1;
    if (changed & MBS_PLAN_RAN)
        r->last_row_t = -INFINITY; /* the next analysis writes its start: the model changed */
    if (changed & MBS_PLAN_ROWS) { /* the rows in use changed: which repeat others, again */
        mbs_diags quiet;
        mbs_diags_init(&quiet);
        mbs_find_redundant(r->assembler, r->t, r->y, 0, &quiet);
        mbs_diags_free(&quiet);
    }
    if ((changed & MBS_PLAN_SETTINGS) && r->integrator && mbs_integrator_apply_settings(r->integrator) != 0)
        return mbs_run_fail(r, MBS_E_RUN, "cannot apply the integrator settings of a Param_Transient command");
    return 0;
}

/* ---- the run ---- */

int mbs_run_setup(mbs_run *r)
{
    const mbs_model *m = r->m;
    size_t ny = (size_t)m->ny + 1;
    r->y = calloc(ny, sizeof *r->y);
    r->yp = calloc(ny, sizeof *r->yp);
    r->yo = calloc(ny, sizeof *r->yo);
    r->ypo = calloc(ny, sizeof *r->ypo);
    r->yc = calloc(ny, sizeof *r->yc);
    r->ypc = calloc(ny, sizeof *r->ypc);
    r->row = calloc((size_t)mbs_row_width(m) + 1, sizeof *r->row);
    r->last_fired = calloc((size_t)m->n_roots + 1, sizeof *r->last_fired);
    r->last_root_t = -INFINITY;
    r->d = mbs_data_create(m);
    if (!r->y || !r->yp || !r->yo || !r->ypo || !r->yc || !r->ypc || !r->row || !r->last_fired || !r->d ||
        mbs_sun_context_create(&r->ctx) != 0)
        return mbs_run_fail(r, MBS_E_RUN, "out of memory");
    r->d->stop = r->stop;
    r->res->linear_solver = mbs_choose_linear_solver(m);
    r->res->joint_coords = -1;
    r->sparse = r->res->linear_solver == MBS_LS_KLU;
    char *eliminated = mbs_friction_refresh_eliminated(m);
    /* contacts start apart: the absolute formulation's Newton matrix joins
     * them in as they come near (absolute.c) */
    int failed = 0;
    char *coupling = eliminated ? mbs_pattern_start_coupling(m, eliminated, &failed) : NULL;
    r->pattern = eliminated && !failed ? mbs_pattern_build(m, eliminated, coupling) : NULL;
    free(coupling);
    free(eliminated);
    r->assembler = mbs_assembler_create(m, r->d, r->sparse);
    if (!r->pattern || !r->assembler)
        return mbs_run_fail(r, MBS_E_RUN, "out of memory setting up the solver");
    return 0;
}

void mbs_run_teardown(mbs_run *r)
{
    if (r->integrator) {
        mbs_integrator_stats_get(r->integrator, &r->res->stats);
        mbs_integrator_free(r->integrator);
    }
    mbs_assembler_free(r->assembler);
    mbs_pattern_free(r->pattern);
    mbs_data_free(r->d);
    if (r->ctx)
        SUNContext_Free(&r->ctx);
    free(r->y);
    free(r->yp);
    free(r->yo);
    free(r->ypo);
    free(r->yc);
    free(r->ypc);
    free(r->row);
    free(r->last_fired);
}

mbs_status mbs_simulate(const mbs_model *m, const mbs_sink *sink, volatile sig_atomic_t *stop, mbs_diags *diag,
                        mbs_run_result *result)
{
    memset(result, 0, sizeof *result);
    result->status = MBS_OK;
    result->formulation = "ABSOLUTE"; /* until a transient's says otherwise (ensure_integrator) */
    mbs_run r;
    memset(&r, 0, sizeof r);
    r.m = m;
    r.sink = sink;
    r.stop = stop;
    r.diag = diag;
    r.res = result;
    r.last_row_t = -INFINITY;
    r.log = (mbs_event_log){m, sink, 0};
    if (mbs_run_setup(&r) == 0) {
        mbs_run_initial_state(&r);
        int dropped = mbs_find_redundant(r.assembler, r.t, r.y, 0, diag);
        r.rank_checked = dropped != MBS_RANK_SKIPPED;
        result->redundant_rows = dropped > 0 ? dropped : 0;
        int n_linear = 0;
        for (int i = 0; i < m->n_analyses; i++) {
            if (mbs_run_commands(&r, i) != 0)
                break;
            mbs_analysis_record rec = {m->analyses[i].type, r.t, r.t, -1, -1, MBS_OK};
            long rows = result->rows;
            int rc = mbs_run_analysis(&r, i, n_linear);
            n_linear += m->analyses[i].type == MBS_ANALYSIS_LINEAR;
            rec.t_end = r.t;
            rec.status = result->status;
            if (result->rows > rows) {
                rec.first_row = rows;
                rec.last_row = result->rows - 1;
            }
            if (sink && sink->analysis && sink->analysis(sink->ctx, &rec) != 0 && rc == 0)
                rc = mbs_run_fail(&r, MBS_E_RUN, "cannot write the results file");
            if (rc != 0 || r.d->sensor_stop == MBS_STOP_HALT)
                break;
            r.d->sensor_stop = MBS_STOP_NONE;
        }
    }
    result->events = r.log.count;
    mbs_run_teardown(&r);
    return result->status;
}

int mbs_assembly_check(const mbs_model *m, mbs_diags *diag)
{
    mbs_run_result result;
    memset(&result, 0, sizeof result);
    mbs_run r;
    memset(&r, 0, sizeof r);
    r.m = m;
    r.res = &result;
    r.last_row_t = -INFINITY;
    int rc = 0;
    if (mbs_run_setup(&r) == 0) {
        mbs_run_initial_state(&r);
        /* the model as its first analysis finds it: the commands before
         * it, and the run's own redundancy analysis, its warnings left to
         * the run */
        unsigned changed = mbs_plan_apply(m, r.d, 0, r.t, r.y);
        mbs_diags quiet;
        mbs_diags_init(&quiet);
        mbs_find_redundant(r.assembler, r.t, r.y, 0, &quiet);
        mbs_diags_free(&quiet);
        memcpy(r.yo, r.y, (size_t)m->ny * sizeof *r.y);
        char msg[2048];
        if (changed & MBS_PLAN_STOP) {
            rc = 0; /* a Stop before the first analysis: nothing is assembled */
        } else if (mbs_assemble_positions(r.assembler, r.t, r.y, msg, sizeof msg) == 0) {
            rc = mbs_assembly_report(m, r.d, r.t, r.yo, r.y, diag);
            /* what the first transient starts from: the initial motion's warnings */
            if (m->n_analyses > 0 && m->analyses[0].type == MBS_ANALYSIS_TRANSIENT &&
                mbs_project_velocities(r.assembler, r.t, r.y, msg, sizeof msg) == 0)
                start_motion(&r, diag);
        } else {
            /* a start that cannot be assembled is bad input: no run, no file */
            int c = mbs_assembler_culprit(r.assembler);
            mbs_diag_add(diag, MBS_SEV_ERROR, m->path, c >= 0 ? m->comps[c].line : 0, "%s", msg);
            rc = -1;
        }
    }
    mbs_run_teardown(&r);
    return rc;
}

int mbs_redundant_rows(const mbs_model *m, mbs_diags *diag)
{
    mbs_run_result result;
    memset(&result, 0, sizeof result);
    mbs_run r;
    memset(&r, 0, sizeof r);
    r.m = m;
    r.diag = diag;
    r.res = &result;
    r.last_row_t = -INFINITY;
    int dropped = -1;
    if (mbs_run_setup(&r) == 0) {
        mbs_run_initial_state(&r);
        dropped = mbs_find_redundant(r.assembler, r.t, r.y, 0, diag);
    }
    mbs_run_teardown(&r);
    return dropped;
}
