/* IDA on a formulation of the DAE (solver/dae/formulation.h): the
 * stabilised index-2 DAE of docs/theory.md in the variables x the
 * formulation chose, which it hands back as the absolute state y; its
 * residual, Newton matrix and linear solver, tolerances and error weights
 * are the formulation's (the absolute variables' rules: dae/weights.c).
 * Here: IDA's set-up and settings, algebraic variables, roots of the
 * elements' event functions, one step at a time with the step controls IDA
 * lacks (a first step retried larger, growth limited where IDA cycles), the
 * state after a step or interpolated within it, and the statistics. */
#include "integrator.h"
#include "nvector_fast.h"
#include "solver_failures.h"
#include "../dae/residual.h"
#include "../dae/sundials_compat.h"
#include "../dae/weights.h"
#include "../../model/layout.h"

#include <float.h>
#include <ida/ida.h>
#include <math.h>
#include <nvector/nvector_serial.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct mbs_integrator {
    const mbs_model *m;
    mbs_data *d;
    SUNContext ctx;
    void *mem;
    /* the formulation: IDA's vectors are its x; y_abs, yp_abs where it
     * writes the absolute state they stand for, y_cur, yp_cur where that
     * state is (y_abs, or x itself), current unless a step has moved x
     * since (stale) */
    const mbs_dae_ops *ops;
    void *dae;
    N_Vector y, yp, id, atol, ewt, tmp_y, tmp_yp;
    N_Vector newton_res; /* the residual at Newton's last iterate (mbs_integrator_unsettled) */
    int newton_failed;   /* the last step failed in Newton's iteration */
    SUNMatrix A;
    SUNLinearSolver LS;
    double *y_abs, *yp_abs;
    const double *y_cur, *yp_cur;
    int stale;
    int n; /* IDA's vector length */
    mbs_linear_solver linear_solver;
    int initialised;
    double *y_start, *yp_start;  /* the state of the last start (retry_start) */
    double t_start, t_stop;
    double t_limit;              /* the latest end of the next step the elements allow (INFINITY: none) */
    long steps_since_start;
    long error_test_failures_seen; /* IDA's count after the last step (limit_growth_after_failure) */
    long failed_in_a_row, calm_in_a_row;
    int growth_limited;
    int start_retries;
    int first_step_set; /* the last start (mbs_integrator_resume) set IDA's first step */
    mbs_integrator_stats done; /* from previous starts */
    mbs_sun_error_hook errors; /* IDA's errors: heard, not shown (error_fn) */
    int errors_hooked;
    int energy_var;              /* the dissipated energy's index in IDA's vector, or -1 */
    mbs_energy_flow energy_flow; /* its history over the accepted steps (its error weight) */
};

/* ---- callbacks ---- */

static int residual_fn(double t, N_Vector y, N_Vector yp, N_Vector rr, void *user)
{
    mbs_integrator *it = user;
    it->d->eval_failed = 0;
    it->d->eval_fatal = 0;
    if (it->d->stop && *it->d->stop)
        return -1; /* IDA stops; the run reports the interruption */
    it->ops->residual(it->dae, t, N_VGetArrayPointer(y), N_VGetArrayPointer(yp), N_VGetArrayPointer(rr));
    if (!it->d->differencing)
        N_VScale(1.0, rr, it->newton_res); /* a Newton iterate's (or the step's first) */
    if (it->d->eval_fatal)
        return -1; /* IDA stops */
    return it->d->eval_failed ? 1 : 0; /* recoverable: IDA retries with a smaller step */
}

static int jacobian_fn(double t, double cj, N_Vector y, N_Vector yp, N_Vector rr, SUNMatrix J, void *user,
                       N_Vector t1, N_Vector t2, N_Vector t3)
{
    (void)t1;
    (void)t2;
    (void)t3;
    mbs_integrator *it = user;
    double h = 0.0;
    IDAGetCurrentStep(it->mem, &h);
    IDAGetErrWeights(it->mem, it->ewt);
    it->d->differencing = 1;
    int rc = it->ops->newton_matrix(it->dae, t, cj, h, N_VGetArrayPointer(y), N_VGetArrayPointer(yp),
                                    N_VGetArrayPointer(rr), N_VGetArrayPointer(it->ewt), N_VGetArrayPointer(it->atol),
                                    J);
    it->d->differencing = 0;
    return rc;
}

static int roots_fn(double t, N_Vector y, N_Vector yp, double *g, void *user)
{
    mbs_integrator *it = user;
    const mbs_model *m = it->m;
    const double *ya, *ypa;
    it->ops->expand(it->dae, N_VGetArrayPointer(y), N_VGetArrayPointer(yp), it->y_abs, it->yp_abs, &ya, &ypa);
    mbs_residual(m, it->d, t, ya, ypa, it->d->res_scratch);
    mbs_eval ev = {m, it->d, t, ya, ypa, it->d->res_scratch};
    for (int c = 0; c < m->n_comps; c++)
        if (m->comps[c].n_roots && mbs_component_active(m, it->d, c))
            m->comps[c].ops->roots(&m->comps[c], &ev, g + m->comps[c].root_ofs);
        else
            for (int k = 0; k < m->comps[c].n_roots; k++)
                g[m->comps[c].root_ofs + k] = 1.0; /* deactivated: no crossing */
    return 0;
}

/* IDA's error messages name its internals (tstop, hmin): they are taken
 * here so that nothing prints them, and a failure is told from IDA's flag
 * in mbsim's words (solver_failures.h) */
static void error_fn(const char *msg, void *user)
{
    (void)msg;
    (void)user;
}

/* Newton's convergence test, |correction| < this in the error norm (IDA's
 * default is 0.33). The local error estimate is the corrected solution's
 * difference from the predictor, so what Newton leaves unconverged is noise
 * in it; with 0.33 that noise made the step controller cycle on the
 * anti-roll bar's ball joints, every step failing its error test once (612
 * failures and 1193 Newton matrices in 1428 steps, against 190, 387 and 906
 * with 0.1), and at 0.1 most examples take fewer steps for about as many
 * residuals (bench/README.md); 0.01 took a third more residuals on the
 * chains. */
#define MBS_NEWTON_CONVERGENCE 0.1

/* IDA can cycle: the anti-roll bar in absolute coordinates, from t = 0.69 s
 * on, raised its order and doubled its step after every success, failed
 * its error test, and fell back to order 1 and 9e-6 s (43 824 steps, an
 * error-test failure each, 29 s). When MBS_CYCLE_STEPS steps in a row have
 * each failed an error test, the next steps grow by MBS_GROWTH_AFTER_FAILURE
 * at most (IDA's eta_max; Hairer and Wanner, Solving ODEs II, IV.8, allow
 * no growth right after a rejection), until MBS_CALM_STEPS steps in a row
 * pass without one; then IDA's own 2 again. The anti-roll bar: 983 steps
 * in absolute coordinates, 964 in joint ones (1079 before). Applying the
 * limit after every failed step helped most examples too, but Andrews at
 * rtol 1e-11, atol 1e-13 then failed at t = 0.0209 s (as it does with some
 * other step sequences): so only where IDA cycles, which no other example
 * does. */
#define MBS_GROWTH_AFTER_FAILURE 1.2
#define MBS_IDA_GROWTH 2.0
#define MBS_CYCLE_STEPS 20
#define MBS_CALM_STEPS 50

/* Error weights: the formulation's (weights.h has the absolute variables'
 * rules). */
static int weights_fn(N_Vector yv, N_Vector wv, void *user)
{
    mbs_integrator *it = user;
    double h = 0.0;
    IDAGetCurrentStep(it->mem, &h);
    it->ops->weights(it->dae, N_VGetArrayPointer(yv), N_VGetArrayPointer(it->atol), it->m->settings.rtol, h,
                     mbs_energy_flow_returned(&it->energy_flow), N_VGetArrayPointer(wv));
    return 0;
}

/* After an accepted step or a start: the dissipated energy's history. */
static void follow_energy(mbs_integrator *it)
{
    if (it->energy_var >= 0)
        mbs_energy_flow_add(&it->energy_flow, N_VGetArrayPointer(it->y)[it->energy_var]);
}

/* ---- set-up ---- */

static void set_tolerances(mbs_integrator *it)
{
    /* the settings as commands leave them */
    it->ops->tolerances(it->dae, &it->d->settings, N_VGetArrayPointer(it->atol), N_VGetArrayPointer(it->id));
}

mbs_integrator *mbs_integrator_create(const mbs_model *m, mbs_data *d, SUNContext ctx, mbs_dae dae, char *err,
                                      size_t errsize)
{
    mbs_integrator *it = calloc(1, sizeof *it);
    if (!it) {
        mbs_dae_free(&dae);
        return NULL;
    }
    it->m = m;
    it->t_limit = INFINITY;
    it->d = d;
    it->ctx = ctx;
    it->ops = dae.ops;
    it->dae = dae.self;
    int n = it->n = it->ops->size(it->dae);
    it->y = N_VNew_Serial(n, ctx);
    it->yp = N_VNew_Serial(n, ctx);
    it->id = N_VNew_Serial(n, ctx);
    it->atol = N_VNew_Serial(n, ctx);
    it->ewt = N_VNew_Serial(n, ctx);
    it->tmp_y = N_VNew_Serial(n, ctx);
    it->tmp_yp = N_VNew_Serial(n, ctx);
    it->newton_res = N_VNew_Serial(n, ctx);
    N_Vector vectors[] = {it->y, it->yp, it->id, it->atol, it->ewt, it->tmp_y, it->tmp_yp, it->newton_res};
    for (size_t k = 0; k < sizeof vectors / sizeof *vectors; k++)
        mbs_nvector_fast(vectors[k]); /* IDA clones y for its own */
    it->y_start = malloc(((size_t)n + 1) * sizeof *it->y_start);
    it->yp_start = malloc(((size_t)n + 1) * sizeof *it->yp_start);
    it->y_abs = calloc((size_t)m->ny + 1, sizeof *it->y_abs);
    it->yp_abs = calloc((size_t)m->ny + 1, sizeof *it->yp_abs);
    it->mem = IDACreate(ctx);
    if (!it->y || !it->yp || !it->id || !it->atol || !it->ewt || !it->tmp_y || !it->tmp_yp || !it->newton_res || !it->mem ||
        !it->y_start || !it->yp_start || !it->y_abs || !it->yp_abs) {
        snprintf(err, errsize, "out of memory setting up the integrator");
        mbs_integrator_free(it);
        return NULL;
    }
    it->y_cur = N_VGetArrayPointer(it->y);
    it->yp_cur = N_VGetArrayPointer(it->yp);
    it->linear_solver = it->ops->linear_solver(it->dae, ctx, it->y, &it->A, &it->LS);
    if (!it->A || !it->LS) {
        snprintf(err, errsize, "cannot create the %s linear solver (%d equations)",
                 mbs_linear_solver_name(it->linear_solver), n);
        mbs_integrator_free(it);
        return NULL;
    }
    set_tolerances(it);
    it->energy_var = -1;
    for (int i = 0; i < n; i++)
        if (it->ops->abs_index(it->dae, i) == m->ofs_z + m->energy_state)
            it->energy_var = i;
    return it;
}

void mbs_integrator_free(mbs_integrator *it)
{
    if (!it)
        return;
    if (it->errors_hooked)
        mbs_sun_errors_end(it->ctx);
    if (it->mem)
        IDAFree(&it->mem);
    if (it->LS)
        SUNLinSolFree(it->LS);
    if (it->A)
        SUNMatDestroy(it->A);
    N_Vector vs[] = {it->y, it->yp, it->id, it->atol, it->ewt, it->tmp_y, it->tmp_yp, it->newton_res};
    for (size_t i = 0; i < sizeof vs / sizeof vs[0]; i++)
        if (vs[i])
            N_VDestroy(vs[i]);
    if (it->dae)
        it->ops->free(it->dae);
    free(it->y_abs);
    free(it->yp_abs);
    free(it->y_start);
    free(it->yp_start);
    free(it);
}

/* IDA's own counters since the last (re)start. */
static void ida_counters(const mbs_integrator *it, mbs_integrator_stats *s)
{
    memset(s, 0, sizeof *s);
    if (!it->initialised)
        return;
    IDAGetNumSteps(it->mem, &s->steps);
    IDAGetNumResEvals(it->mem, &s->residual_evals);
    IDAGetNumNonlinSolvIters(it->mem, &s->nonlinear_iterations);
    IDAGetNumErrTestFails(it->mem, &s->error_test_failures);
    IDAGetNumNonlinSolvConvFails(it->mem, &s->nonlinear_convergence_failures);
}

/* IDAReInit resets IDA's counters: keep what they counted so far. */
static void accumulate_stats(mbs_integrator *it)
{
    mbs_integrator_stats s;
    ida_counters(it, &s);
    it->done.steps += s.steps;
    it->done.residual_evals += s.residual_evals;
    it->done.nonlinear_iterations += s.nonlinear_iterations;
    it->done.error_test_failures += s.error_test_failures;
    it->done.nonlinear_convergence_failures += s.nonlinear_convergence_failures;
}

/* Elements may watch some of their roots in one direction only. */
static int set_root_directions(const mbs_integrator *it)
{
    const mbs_model *m = it->m;
    int *dir = calloc((size_t)m->n_roots, sizeof *dir), any = 0;
    if (!dir)
        return -1;
    for (int c = 0; c < m->n_comps; c++) {
        const mbs_component *comp = &m->comps[c];
        for (int k = 0; comp->root_direction && k < comp->n_roots; k++) {
            dir[comp->root_ofs + k] = comp->root_direction[k];
            any = 1;
        }
    }
    int rc = any ? IDASetRootDirection(it->mem, dir) : IDA_SUCCESS;
    free(dir);
    return rc == IDA_SUCCESS ? 0 : -1;
}

static int configure(mbs_integrator *it, char *err, size_t errsize)
{
    const mbs_model *m = it->m;
    const mbs_solver_settings *s = &it->d->settings; /* as commands leave them */
    void *mem = it->mem;
    int rc = 0;
    rc |= IDASetUserData(mem, it);
    it->errors = (mbs_sun_error_hook){error_fn, it};
    it->errors_hooked = mbs_sun_ida_errors(mem, it->ctx, &it->errors) == 0;
    rc |= !it->errors_hooked;
    rc |= IDAWFtolerances(mem, weights_fn);
    rc |= IDASetId(mem, it->id);
    /* without algebraic variables (a tree in joint coordinates) IDA's
     * unmasked norms are the same and cheaper */
    rc |= IDASetSuppressAlg(mem, N_VMin(it->id) < 0.5 ? SUNTRUE : SUNFALSE);
    rc |= IDASetLinearSolver(mem, it->LS, it->A);
    rc |= IDASetJacFn(mem, jacobian_fn);
    /* Where the formulation asks for it (the joint formulation's tree whose
     * Newton matrix is its block, made again at each step, joint_system.h):
     * that block is made with the matrix's c_j, and
     * where c_j has changed since, IDA scales the solution by
     * 2 / (1 + c_j / c_j,matrix), and Newton converged slowly or not at all
     * (the 32-link friction chain: 55 convergence failures, 18 104
     * residuals). A new matrix whenever c_j changes (dcj = 0: IDA's bounds
     * on c_j / c_j,matrix both 1) costs about what the block costs anyway
     * (at the step's first iterate: no residual) and makes each solve
     * exact: none, 15 683; the plain chain 5635 residuals and 4037 steps ->
     * 4095 and 3691 (bench/README.md). */
    if (it->ops->matrix_every_cj(it->dae))
        rc |= IDASetDeltaCjLSetup(mem, 0.0);
    rc |= IDASetMaxOrd(mem, s->max_order);
    rc |= IDASetMaxNumSteps(mem, 1000000);
    rc |= IDASetNonlinConvCoef(mem, MBS_NEWTON_CONVERGENCE);
    if (s->h_max > 0)
        rc |= IDASetMaxStep(mem, s->h_max);
    if (s->h_min > 0)
        rc |= IDASetMinStep(mem, s->h_min);
    if (s->h0 > 0)
        rc |= IDASetInitStep(mem, s->h0);
    if (m->n_roots > 0) {
        rc |= IDARootInit(mem, m->n_roots, roots_fn);
        rc |= IDASetNoInactiveRootWarn(mem);
        rc |= set_root_directions(it);
    }
    if (rc != 0)
        snprintf(err, errsize, "cannot configure the integrator (an internal error)");
    return rc != 0 ? -1 : 0;
}

int mbs_integrator_apply_settings(mbs_integrator *it)
{
    if (!it->initialised)
        return 0; /* configure() reads them when the integrator starts */
    const mbs_solver_settings *s = &it->d->settings;
    set_tolerances(it);
    int rc = IDASVtolerances(it->mem, s->rtol, it->atol);
    /* IDA cannot raise the order beyond what it was set up with: the lower of the two */
    rc |= IDASetMaxOrd(it->mem, s->max_order);
    rc |= IDASetMaxStep(it->mem, s->h_max > 0 ? s->h_max : 0.0); /* 0: no limit */
    if (s->h_min > 0)
        rc |= IDASetMinStep(it->mem, s->h_min);
    rc |= IDASetInitStep(it->mem, s->h0 > 0 ? s->h0 : 0.0);       /* 0: IDA's estimate */
    return rc == 0 ? 0 : -1;
}

int mbs_integrator_start(mbs_integrator *it, double t0, const double *y0, const double *yp0, double t_stop,
                         char *err, size_t errsize)
{
    int n = it->n;
    if (it->ops->contract(it->dae, t0, y0, yp0, N_VGetArrayPointer(it->y), N_VGetArrayPointer(it->yp), err,
                          errsize) != 0)
        return -1;
    it->ops->expand(it->dae, N_VGetArrayPointer(it->y), N_VGetArrayPointer(it->yp), it->y_abs, it->yp_abs,
                    &it->y_cur, &it->yp_cur);
    it->stale = 0;
    follow_energy(it);
    /* kept for retry_start */
    memcpy(it->y_start, N_VGetArrayPointer(it->y), (size_t)n * sizeof *y0);
    memcpy(it->yp_start, N_VGetArrayPointer(it->yp), (size_t)n * sizeof *yp0);
    it->t_start = t0;
    it->t_stop = t_stop;
    it->t_limit = INFINITY; /* until the run asks again (mbs_integrator_limit_step) */
    it->steps_since_start = 0;
    it->start_retries = 0;
    int rc;
    if (!it->initialised) {
        rc = IDAInit(it->mem, residual_fn, t0, it->y, it->yp);
        if (rc == IDA_SUCCESS && configure(it, err, errsize) != 0)
            return -1;
        it->initialised = 1;
    } else {
        accumulate_stats(it);
        rc = IDAReInit(it->mem, t0, it->y, it->yp);
    }
    if (rc == IDA_SUCCESS && it->first_step_set) { /* the settings' first step again */
        rc = IDASetInitStep(it->mem, it->d->settings.h0 > 0 ? it->d->settings.h0 : 0.0);
        it->first_step_set = 0;
    }
    if (rc == IDA_SUCCESS)
        rc = IDASetStopTime(it->mem, t_stop);
    /* a start's first steps grow as IDA has them; its counts begin anew */
    if (rc == IDA_SUCCESS)
        rc = IDASetEtaMax(it->mem, MBS_IDA_GROWTH);
    it->error_test_failures_seen = it->failed_in_a_row = it->calm_in_a_row = 0;
    it->growth_limited = 0;
    if (rc != IDA_SUCCESS) {
        snprintf(err, errsize, "cannot start the integrator at t = %g: %s", t0, mbs_ida_failure(rc));
        return -1;
    }
    return 0;
}

int mbs_integrator_resume(mbs_integrator *it, double t0, const double *y0, const double *yp0, double t_stop,
                          char *err, size_t errsize)
{
    double h = 0.0;
    if (IDAGetLastStep(it->mem, &h) != IDA_SUCCESS)
        h = 0.0;
    if (mbs_integrator_start(it, t0, y0, yp0, t_stop, err, errsize) != 0)
        return -1;
    if (it->d->settings.h0 > 0 || !(fabs(h) > 0))
        return 0; /* the user's first step, or IDA's estimate */
    if (IDASetInitStep(it->mem, fabs(h)) != IDA_SUCCESS) {
        snprintf(err, errsize, "cannot start the integrator at t = %g: %s", t0, mbs_ida_failure(IDA_ILL_INPUT));
        return -1;
    }
    it->first_step_set = 1;
    return 0;
}

/* IDA's first step comes from |y'| in the weighted norm; with tight
 * absolute tolerances on a fast model it can be so small that Newton's
 * iteration drowns in rounding (the multipliers' corrections grow like 1/h)
 * and the start fails. Then the start is repeated with a first step 100
 * times larger, a few times, unless the user fixed the first step. */
static int retry_start(mbs_integrator *it)
{
    if (it->d->settings.h0 > 0 || it->start_retries >= 4)
        return -1;
    double h = 0.0;
    IDAGetActualInitStep(it->mem, &h);
    if (!(fabs(h) > 0))
        return -1;
    if (it->first_step_set) { /* a resume's first step failed: IDA's estimate, as a start has it */
        h = 0.0;
        it->first_step_set = 0;
    }
    it->start_retries++;
    int n = it->n;
    memcpy(N_VGetArrayPointer(it->y), it->y_start, (size_t)n * sizeof(double));
    memcpy(N_VGetArrayPointer(it->yp), it->yp_start, (size_t)n * sizeof(double));
    accumulate_stats(it);
    return IDAReInit(it->mem, it->t_start, it->y, it->yp) == IDA_SUCCESS &&
                   IDASetStopTime(it->mem, fmin(it->t_stop, it->t_limit)) == IDA_SUCCESS &&
                   IDASetInitStep(it->mem, 100.0 * fabs(h)) == IDA_SUCCESS
               ? 0
               : -1;
}

/* After a step: while IDA cycles (MBS_CYCLE_STEPS steps in a row each
 * failed an error test before it succeeded), the next step may grow by
 * MBS_GROWTH_AFTER_FAILURE at most; IDA's own growth again after
 * MBS_CALM_STEPS steps without a failure. */
static void limit_growth_after_failure(mbs_integrator *it)
{
    long failures = 0;
    if (IDAGetNumErrTestFails(it->mem, &failures) != IDA_SUCCESS)
        return;
    int failed = failures > it->error_test_failures_seen;
    it->error_test_failures_seen = failures;
    it->failed_in_a_row = failed ? it->failed_in_a_row + 1 : 0;
    it->calm_in_a_row = failed ? 0 : it->calm_in_a_row + 1;
    int limit = it->growth_limited ? it->calm_in_a_row < MBS_CALM_STEPS : it->failed_in_a_row >= MBS_CYCLE_STEPS;
    if (limit != it->growth_limited &&
        IDASetEtaMax(it->mem, limit ? MBS_GROWTH_AFTER_FAILURE : MBS_IDA_GROWTH) == IDA_SUCCESS)
        it->growth_limited = limit;
}

/* The fastest variable's index in IDA's vector, or -1; its rate, and in
 * *weighted its rate in units of its tolerance (IDA's error weight). */
static int fastest_var(const mbs_integrator *it, double *rate, double *weighted_rate)
{
    const double *yp = N_VGetArrayPointer(it->yp), *id = N_VGetArrayPointer(it->id);
    const double *w = N_VGetArrayPointer(it->ewt);
    int best = -1;
    double best_weighted = -1.0;
    if (!it->initialised || IDAGetErrWeights(it->mem, it->ewt) != IDA_SUCCESS)
        return -1;
    for (int i = 0; i < it->n; i++) {
        double weighted = fabs(yp[i]) * w[i];
        /* (the dissipated energy is bookkeeping, drives nothing) */
        if (id[i] != 0.0 && i != it->energy_var && (weighted > best_weighted || !isfinite(weighted))) {
            best = i;
            best_weighted = weighted;
            *rate = yp[i];
            *weighted_rate = weighted;
            if (!isfinite(weighted))
                break;
        }
    }
    return best;
}

/* Whether a rate in units of its tolerance is beyond what the error norm
 * (a root mean square) can square: sqrt(DBL_MAX) is 1.3e154. IDA then
 * finds no step size (its first step came out 0: "tstop is behind t"). */
static int rates_overflow(const mbs_integrator *it)
{
    double rate = 0.0, weighted = 0.0;
    return fastest_var(it, &rate, &weighted) >= 0 && !(weighted < 1e150);
}

/* The step IDA was trying (0 if it cannot say). */
static double current_step(const mbs_integrator *it)
{
    double h = 0.0;
    return IDAGetCurrentStep(it->mem, &h) == IDA_SUCCESS ? fabs(h) : 0.0;
}

mbs_step_result mbs_integrator_step(mbs_integrator *it, double *t, char *err, size_t errsize)
{
    double tout = *t; /* ignored in one-step mode apart from the direction */
    long nonfinite_before = it->d->nonfinite_count;
    int rc = IDASolve(it->mem, tout + 1.0, t, it->y, it->yp, IDA_ONE_STEP);
    while (rc == IDA_CONV_FAIL && it->steps_since_start == 0 && !it->d->eval_failed && retry_start(it) == 0)
        rc = IDASolve(it->mem, it->t_start + 1.0, t, it->y, it->yp, IDA_ONE_STEP);
    if (rc >= 0) {
        follow_energy(it);
        it->steps_since_start++;
        limit_growth_after_failure(it);
    }
    /* the absolute state is computed when asked for (mbs_integrator_state):
     * a chain without events or outputs due needs none after most steps
     * (IDA returns its last state on failures too) */
    it->stale = 1;
    it->newton_failed = rc == IDA_CONV_FAIL || rc == IDA_NLS_FAIL;
    switch (rc) {
    case IDA_SUCCESS: return MBS_STEP_OK;
    case IDA_ROOT_RETURN: return MBS_STEP_ROOT;
    case IDA_TSTOP_RETURN: return MBS_STEP_TSTOP;
    default:
        if (it->d->eval_failed)
            snprintf(err, errsize, "%s", it->d->eval_message);
        else if (it->d->nonfinite_count != nonfinite_before)
            snprintf(err, errsize, "%s", it->d->nonfinite_message);
        else if (rates_overflow(it))
            snprintf(err, errsize, "the integration overflows at t = %.9g: a rate is too large for the integrator's "
                                   "error norm (its square in tolerance units is not finite)", *t);
        else
            snprintf(err, errsize, "the integrator failed at t = %.9g (step %.3g): %s", *t, current_step(it),
                     mbs_ida_failure(rc));
        return MBS_STEP_FAILED;
    }
}

double mbs_integrator_last_step(const mbs_integrator *it)
{
    double h = 0.0;
    if (it->initialised && IDAGetLastStep(it->mem, &h) != IDA_SUCCESS)
        h = 0.0;
    return fabs(h);
}

double mbs_integrator_tried_step(const mbs_integrator *it)
{
    return it->initialised ? current_step(it) : 0.0;
}

/* Newton's correction at its last iterate, dx = -J^-1 F (J the iteration
 * matrix the linear solver holds factored), in units of the variables'
 * tolerances: the largest is the variable Newton could not settle. IDA
 * stops when these corrections do not shrink (its convergence test is
 * their root mean square). */
int mbs_integrator_unsettled(mbs_integrator *it, double *weighted, char *out, size_t size)
{
    if (!it->initialised || !it->newton_failed || IDAGetErrWeights(it->mem, it->ewt) != IDA_SUCCESS)
        return -1;
    N_VScale(-1.0, it->newton_res, it->tmp_yp);
    if (SUNLinSolSolve(it->LS, it->A, it->tmp_y, it->tmp_yp, 0.0) != SUNLS_SUCCESS)
        return -1;
    const double *dx = N_VGetArrayPointer(it->tmp_y), *w = N_VGetArrayPointer(it->ewt);
    int best = -1;
    double largest = 0.0;
    for (int i = 0; i < it->n; i++)
        if (i != it->energy_var && isfinite(dx[i] * w[i]) && fabs(dx[i] * w[i]) > largest) {
            best = i;
            largest = fabs(dx[i] * w[i]);
        }
    if (best < 0)
        return -1;
    *weighted = largest;
    it->ops->describe(it->dae, best, out, size);
    return it->ops->abs_index(it->dae, best);
}

int mbs_integrator_newton_failed(const mbs_integrator *it)
{
    return it->newton_failed;
}

int mbs_integrator_fastest(const mbs_integrator *it, double *rate)
{
    double weighted = 0.0;
    int i = fastest_var(it, rate, &weighted);
    return i >= 0 ? it->ops->abs_index(it->dae, i) : i;
}

void mbs_integrator_describe_fastest(const mbs_integrator *it, char *out, size_t size)
{
    double rate = 0.0, weighted = 0.0;
    int i = fastest_var(it, &rate, &weighted);
    if (i >= 0)
        it->ops->describe(it->dae, i, out, size);
    else
        mbs_layout_describe(it->m, -1, 0, out, size);
}

/* IDA's stop time: the run's, or the elements' limit where it comes first */
static int set_stop_time(mbs_integrator *it)
{
    return IDASetStopTime(it->mem, fmin(it->t_stop, it->t_limit)) == IDA_SUCCESS ? 0 : -1;
}

int mbs_integrator_set_stop(mbs_integrator *it, double t_stop)
{
    it->t_stop = t_stop;
    return set_stop_time(it);
}

/* A step limit that must hold for the very next step: IDA sizes a step
 * when it completes the one before (so IDASetMaxStep, set now, would bind
 * only the step after next), but cuts any step short at its stop time. */
int mbs_integrator_limit_step(mbs_integrator *it, double t, double h)
{
    double t_limit = h > 0.0 && isfinite(h) ? t + h : INFINITY;
    if (t_limit == it->t_limit)
        return 0;
    it->t_limit = t_limit;
    return set_stop_time(it);
}

/* The interpolated state at t into tmp_y, tmp_yp (IDA's vector). */
static int interpolate(mbs_integrator *it, double t)
{
    return IDAGetDky(it->mem, t, 0, it->tmp_y) == IDA_SUCCESS && IDAGetDky(it->mem, t, 1, it->tmp_yp) == IDA_SUCCESS
               ? 0
               : -1;
}

int mbs_integrator_at(mbs_integrator *it, double t, double *y, double *yp)
{
    if (interpolate(it, t) != 0)
        return -1;
    const double *ya, *ypa;
    it->ops->expand(it->dae, N_VGetArrayPointer(it->tmp_y), N_VGetArrayPointer(it->tmp_yp), y, yp, &ya, &ypa);
    if (ya != y)
        memcpy(y, ya, (size_t)it->m->ny * sizeof *y);
    if (ypa != yp)
        memcpy(yp, ypa, (size_t)it->m->ny * sizeof *yp);
    /* what the formulation follows of the motion, at t (the joint
     * formulation's turn counts, from the interpolated angles: a step may
     * turn a joint by more than half a turn, a driven hub at 35 rad/s by 3.5
     * rad, and the row's angles measured against the count at the step's
     * end came out whole turns off; the next step's accept sets them from
     * its own angles again) */
    it->ops->accept(it->dae, t, N_VGetArrayPointer(it->tmp_y));
    return 0;
}

int mbs_integrator_row(mbs_integrator *it, double t, int current, double *y, double *yp)
{
    if (!it->ops->makes_rows(it->dae))
        return 1;
    if (current) {
        N_VScale(1.0, it->y, it->tmp_y);
        N_VScale(1.0, it->yp, it->tmp_yp);
    } else if (interpolate(it, t) != 0) {
        return -1;
    }
    int status = it->ops->row(it->dae, t, N_VGetArrayPointer(it->tmp_y), N_VGetArrayPointer(it->tmp_yp), y, yp);
    /* what the formulation follows at t, as mbs_integrator_at */
    if (status == 0 && !current)
        it->ops->accept(it->dae, t, N_VGetArrayPointer(it->tmp_y));
    return status;
}

int mbs_integrator_state(mbs_integrator *it, const double **y, const double **yp)
{
    int computed = 0;
    if (it->stale) {
        computed = it->ops->expand(it->dae, N_VGetArrayPointer(it->y), N_VGetArrayPointer(it->yp), it->y_abs,
                                   it->yp_abs, &it->y_cur, &it->yp_cur);
        it->stale = 0;
    }
    if (y)
        *y = it->y_cur;
    if (yp)
        *yp = it->yp_cur;
    return computed;
}

const double *mbs_integrator_y(mbs_integrator *it)
{
    const double *y;
    mbs_integrator_state(it, &y, NULL);
    return y;
}

const double *mbs_integrator_yp(mbs_integrator *it)
{
    const double *yp;
    mbs_integrator_state(it, NULL, &yp);
    return yp;
}

const char *mbs_integrator_accept(mbs_integrator *it, double t)
{
    return it->ops->accept(it->dae, t, N_VGetArrayPointer(it->y));
}

int mbs_integrator_full_multipliers(const mbs_integrator *it)
{
    return it->ops->full_multipliers(it->dae);
}

mbs_linear_solver mbs_integrator_linear_solver(const mbs_integrator *it)
{
    return it->linear_solver;
}

void mbs_integrator_roots(mbs_integrator *it, int *fired)
{
    IDAGetRootInfo(it->mem, fired);
}

int mbs_integrator_root_at_zero(mbs_integrator *it, double t)
{
    int n = it->m->n_roots, zero = 0;
    double *g = malloc((size_t)n * sizeof *g + 1);
    if (!g)
        return 1;
    roots_fn(t, it->y, it->yp, g, it);
    for (int k = 0; k < n && !zero; k++)
        zero = g[k] == 0.0;
    free(g);
    return zero;
}

void mbs_integrator_stats_get(const mbs_integrator *it, mbs_integrator_stats *s)
{
    mbs_integrator_stats now;
    ida_counters(it, &now);
    long matrices, matrix_residuals;
    it->ops->newton_counts(it->dae, &matrices, &matrix_residuals);
    *s = it->done;
    s->steps += now.steps;
    /* IDA's plus the Newton matrices' */
    s->residual_evals += now.residual_evals + matrix_residuals;
    s->nonlinear_iterations += now.nonlinear_iterations;
    s->error_test_failures += now.error_test_failures;
    s->nonlinear_convergence_failures += now.nonlinear_convergence_failures;
    s->jacobian_evals = matrices;
}
