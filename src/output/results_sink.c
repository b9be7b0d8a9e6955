/* The results file as a run's sink (results_sink.h). */
#include "results_sink.h"

static int sink_row(void *ctx, double t, const double *values)
{
    mbs_results_sink *c = ctx;
    return c->write_failed ? -1 : mbs_results_append(c->writer, t, values);
}

static int sink_event(void *ctx, double t, const char *element, const char *kind)
{
    return mbs_results_event(((mbs_results_sink *)ctx)->writer, t, element, kind);
}

/* After every step: rows written between sparse output times reach the
 * file within a second, whatever the print interval. */
static void sink_progress(void *ctx, double t, double t_end, long steps)
{
    mbs_results_sink *c = ctx;
    if (mbs_results_poll(c->writer) != 0)
        c->write_failed = 1;
    if (c->progress)
        c->progress(c->progress_ctx, t, t_end, steps);
}

const char *mbs_results_status_name(mbs_status st)
{
    return st == MBS_OK ? "completed" : st == MBS_E_INTERRUPTED ? "interrupted" : "failed";
}

static int sink_analysis(void *ctx, const mbs_analysis_record *a)
{
    static const char *const KINDS[] = {"Transient", "Static", "Assembly", "Linear"};
    return mbs_results_analysis(((mbs_results_sink *)ctx)->writer, KINDS[a->type], a->t_start, a->t_end,
                                a->first_row, a->last_row, mbs_results_status_name(a->status));
}

static int sink_linear(void *ctx, int k, const mbs_linear_result *lin)
{
    return mbs_results_linear(((mbs_results_sink *)ctx)->writer, k, lin);
}

mbs_sink mbs_results_sink_make(mbs_results_sink *rs, mbs_results_writer *w)
{
    rs->writer = w;
    rs->write_failed = 0;
    return (mbs_sink){rs, sink_row, sink_event, sink_progress, sink_analysis, sink_linear};
}

mbs_results_summary mbs_results_summary_of(const mbs_model *m, const mbs_run_result *res, const char *message,
                                           double wall_time_s)
{
    double ts = mbs_units_to_si(&m->units, DIM_TIME);
    return (mbs_results_summary){
        mbs_results_status_name(res->status), message, res->t_reached / ts,
        "SUNDIALS IDA (variable-order BDF, stabilised index-2 DAE)", m->settings.rtol,
        m->settings.atol / mbs_units_to_si(&m->units, DIM_LENGTH),
        mbs_linear_solver_name(res->linear_solver), res->formulation, res->joint_coords,
        res->stats.steps, res->stats.residual_evals,
        res->stats.jacobian_evals, res->stats.nonlinear_iterations, res->stats.error_test_failures,
        res->stats.nonlinear_convergence_failures, res->events, wall_time_s};
}
