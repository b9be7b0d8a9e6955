/* IDA on the stabilised index-2 DAE (docs/theory.md). Positions,
 * velocities and element states are differential (IDASetId 1); the
 * multipliers lambda and mu are algebraic and left out of the error test
 * (IDASetSuppressAlg). The error weights are our own (IDAWFtolerances):
 *
 *   quaternion p,        w_i = 1 / (rtol |x_i| + atol + 0.01 rtol |x|)
 *   body-axis omega      (x = p or omega, |x| its norm: 1 for p)
 *   other differential   w_i = 1 / (rtol |y_i| + atol_i)
 *   lambda, |p| = 1's mu w_i = 1 / (rtol |x_i| + 1e4 atol / min(1, h/1 s))
 *   constraints' mu      w_i = 1 / (rtol |mu_i| + 1e12 atol)
 *
 * Why: a rotation's relative accuracy must not depend on how the body is
 * turned. A quaternion component passing through zero, or the x and y
 * components of the body-axis angular velocity (0, 0, w) of a body spinning
 * about its z axis, were held to atol alone, while rounding in the rotation
 * and the velocity constraints' own tolerance put errors of order rtol |w|
 * there: with atol << rtol the error test and Newton's test failed on that
 * noise and the steps collapsed (a wheel spun on a driven hub, the Andrews
 * squeezer at 1e-13). So each component keeps its own relative tolerance,
 * but not below 1 % of rtol times the vector's norm (measured: 10 % lets a
 * heavy top's precession drift and loosens the constraints, 1e-11 |w|
 * leaves the wheel at 14 000 steps).
 * The multipliers are index-2 variables: their Newton corrections carry the
 * velocities' errors amplified by 1/h (h lambda is what the motion sees),
 * so their tolerance grows like 1/h, else Newton fails on that noise at
 * small steps (geared discs at atol 1e-12). mu is 0 in the exact solution;
 * its corrections are rounding in g amplified by 1/h, and what a
 * constraint's mu does to the positions is tested in theirs: it is left out
 * of Newton's test (at 1e4 atol / h instead, Andrews' mechanism at atol
 * 1e-13 stalled in joint coordinates and the anti-roll bar took 100 times
 * the steps). A quaternion's normalisation mu must not be: left out, IDA's
 * order-5 predictor extrapolated its noise from step to step, it grew to
 * 1e2 and more, and a free block on a bushing at rtol 1e-10 picked up a
 * rotation of 3e-8 rad about an axis nothing turns it about. */
#include "integrator.h"
#include "../dae/friction_refresh.h"
#include "../dae/jacobian.h"
#include "../joint/joint_system.h"
#include "nvector_fast.h"
#include "../dae/residual.h"
#include "solver_failures.h"
#include "sundials_compat.h"
#include "../joint/tree_solver.h"
#include "../../core/vec3.h"
#include "../../model/layout.h"

#include <float.h>
#include <ida/ida.h>
#include <math.h>
#include <nvector/nvector_serial.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunlinsol/sunlinsol_klu.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>

struct mbs_integrator {
    const mbs_model *m;
    mbs_data *d;
    const mbs_pattern *p;
    SUNContext ctx;
    void *mem;
    N_Vector y, yp, id, atol, ewt, tmp_y, tmp_yp;
    SUNMatrix A;
    SUNLinearSolver LS;
    mbs_jacobian jac;
    mbs_friction_refresh *refresh; /* absolute coordinates with joint friction: LS keeps its entries fresh */
    /* joint coordinates (joint_system.h): IDA's vectors are yj; y_abs,
     * yp_abs the absolute state they stand for, as the rest of the run
     * sees it. NULL: absolute coordinates. */
    mbs_joint_system *js;
    double *y_abs, *yp_abs;
    int abs_stale; /* a step has moved yj since y_abs was computed */
    double *atol_abs, *id_abs; /* the absolute formulation's, gathered into IDA's */
    long joint_jacobians, joint_jacobian_residuals;
    int n; /* IDA's vector length */
    int *var_of_abs; /* [ny] joint formulation: where an absolute variable is in yj, or -1 */
    mbs_linear_solver linear_solver;
    int joint_without_tree; /* JOINT asked for, but no joint carries a body */
    int initialised;
    double *y_start, *yp_start;  /* the state of the last start (retry_start) */
    double t_start, t_stop;
    long steps_since_start;
    long error_test_failures_seen; /* IDA's count after the last step (limit_growth_after_failure) */
    long failed_in_a_row, calm_in_a_row;
    int growth_limited;
    int start_retries;
    mbs_integrator_stats done; /* from previous starts */
    mbs_sun_error_hook errors; /* IDA's errors: heard, not shown (error_fn) */
    int errors_hooked;
};

/* ---- callbacks ---- */

static int residual_fn(double t, N_Vector y, N_Vector yp, N_Vector rr, void *user)
{
    mbs_integrator *it = user;
    it->d->eval_failed = 0;
    it->d->eval_fatal = 0;
    if (it->d->stop && *it->d->stop)
        return -1; /* IDA stops; the run reports the interruption */
    if (it->js)
        mbs_joint_system_residual(it->js, t, N_VGetArrayPointer(y), N_VGetArrayPointer(yp), N_VGetArrayPointer(rr));
    else
        mbs_residual(it->m, it->d, t, N_VGetArrayPointer(y), N_VGetArrayPointer(yp), N_VGetArrayPointer(rr));
    if (it->d->eval_fatal)
        return -1; /* IDA stops */
    return it->d->eval_failed ? 1 : 0; /* recoverable: IDA retries with a smaller step */
}

/* Where absolute variable a is in IDA's vector, or -1 (the joint
 * formulation replaced it). */
static int var_index(const mbs_integrator *it, int a)
{
    return it->js ? it->var_of_abs[a] : a;
}

/* The joint formulation's Newton matrix, w the difference increments'
 * weights (see jacobian_fn). */
static int joint_jacobian(mbs_integrator *it, double t, double cj, double h, N_Vector y, N_Vector yp,
                          const double *w, SUNMatrix J)
{
    long before = mbs_joint_system_residual_evals(it->js);
    if (it->linear_solver == MBS_LS_TREE)
        mbs_joint_system_jacobian_mass(it->js, t, cj, h, N_VGetArrayPointer(y), N_VGetArrayPointer(yp), w,
                                       mbs_tree_matrix_kept(J), mbs_tree_matrix_rows(J));
    else
        mbs_joint_system_jacobian(it->js, t, cj, h, N_VGetArrayPointer(y), N_VGetArrayPointer(yp), w,
                                  SUNDenseMatrix_Data(J));
    it->joint_jacobians++;
    it->joint_jacobian_residuals += mbs_joint_system_residual_evals(it->js) - before;
    return it->d->eval_fatal ? -1 : it->d->eval_failed ? 1 : 0;
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
    /* the difference increments of the multipliers come from their fixed
     * absolute tolerance, not from the step-scaled Newton weights (which
     * would make them huge at small steps, where friction's dependence on a
     * reaction needs a local derivative) */
    const double *atol = N_VGetArrayPointer(it->atol);
    double *w = N_VGetArrayPointer(it->ewt);
    for (int r = 0; r < it->m->n_rows; r++) {
        int i = var_index(it, it->m->ofs_lambda + r);
        if (i >= 0)
            w[i] = 1.0 / atol[i];
    }
    it->d->differencing = 1;
    int rc;
    if (it->js) {
        rc = joint_jacobian(it, t, cj, h, y, yp, w, J);
    } else {
        if (it->refresh)
            mbs_friction_refresh_matrix_begin(it->refresh, cj);
        rc = mbs_jacobian_eval(&it->jac, t, cj, N_VGetArrayPointer(y), N_VGetArrayPointer(yp),
                               N_VGetArrayPointer(rr), h, w, J);
        if (it->refresh)
            mbs_friction_refresh_matrix_end(it->refresh);
    }
    it->d->differencing = 0;
    return rc;
}

static int roots_fn(double t, N_Vector y, N_Vector yp, double *g, void *user)
{
    mbs_integrator *it = user;
    const mbs_model *m = it->m;
    const double *ya = N_VGetArrayPointer(y), *ypa = N_VGetArrayPointer(yp);
    if (it->js) {
        mbs_joint_system_expand(it->js, ya, ypa, it->y_abs, it->yp_abs);
        ya = it->y_abs;
        ypa = it->yp_abs;
    }
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

/* Step size below which the multipliers' tolerance grows like 1/h (the
 * scale of their absolute tolerance, 1e4 atol). */
#define MBS_LAMBDA_TIME_SCALE 1.0

/* The share of rtol |w| that bounds the tolerance of each component of a
 * body's angular velocity from below (see top). */
#define MBS_ROTATING_COMPONENT_FLOOR 0.01

/* Weights of the n components of a vector that turns with its body, from
 * index i of y: no component's tolerance below a share of rtol |x|. */
static void rotating_weights(const double *y, const double *atol, int i, int n, double rtol, double *w)
{
    double norm = 0.0;
    for (int k = 0; k < n; k++)
        norm += y[i + k] * y[i + k];
    double floor = MBS_ROTATING_COMPONENT_FLOOR * rtol * sqrt(norm);
    for (int k = 0; k < n; k++)
        w[i + k] = 1.0 / (rtol * fabs(y[i + k]) + atol[i + k] + floor);
}

/* Error weights (see top). */
static int weights_fn(N_Vector yv, N_Vector wv, void *user)
{
    mbs_integrator *it = user;
    const mbs_model *m = it->m;
    const double *y = N_VGetArrayPointer(yv), *atol = N_VGetArrayPointer(it->atol);
    double *w = N_VGetArrayPointer(wv), rtol = m->settings.rtol, h = 0.0;
    for (int i = 0; i < it->n; i++)
        w[i] = 1.0 / (rtol * fabs(y[i]) + atol[i]);
    /* a joint angle's relative tolerance applies to at most half a turn:
     * the turns it has made do not make it less accurate (an angle of 15
     * rad held to 1e-11 of itself lets a mechanism drift further than its
     * positions may in absolute coordinates: the Andrews squeezer) */
    for (int i = 0; it->js && i < mbs_joint_system_positions(it->js); i++)
        if (mbs_joint_system_is_angle(it->js, i))
            w[i] = 1.0 / (rtol * fmin(fabs(y[i]), MBS_PI) + atol[i]);
    /* a spherical joint's or free root's quaternion and angular velocity: as a body's */
    for (int j = 0; it->js && j < mbs_joint_system_n_quaternions(it->js); j++) {
        int pos, rate;
        mbs_joint_system_quaternion(it->js, j, &pos, &rate);
        rotating_weights(y, atol, pos, 4, rtol, w);
        rotating_weights(y, atol, rate, 3, rtol, w);
    }
    /* lambda and a quaternion's mu: index-2, their corrections scale like 1/h */
    IDAGetCurrentStep(it->mem, &h);
    double h_rel = fmax(fmin(1.0, fabs(h) / MBS_LAMBDA_TIME_SCALE), DBL_EPSILON);
    for (int r = 0; r < m->n_rows; r++) {
        int i = var_index(it, m->ofs_lambda + r);
        if (i >= 0)
            w[i] = 1.0 / (rtol * fabs(y[i]) + atol[i] / h_rel);
    }
    /* absolute variables: where they are in IDA's vector (the joint
     * formulation keeps the bodies outside its tree, in their order) */
    for (int b = 0; b < m->n_bodies; b++) {
        const mbs_body *body = &m->bodies[b];
        int q = var_index(it, body->q_ofs + 3), u = var_index(it, body->u_ofs + 3);
        if (body->type != MBS_BODY_RIGID || q < 0)
            continue;
        rotating_weights(y, atol, q, 4, rtol, w); /* quaternion */
        rotating_weights(y, atol, u, 3, rtol, w); /* angular velocity, body axes */
        int mu = body->quat_mu >= 0 ? var_index(it, m->ofs_mu + body->quat_mu) : -1;
        if (mu >= 0)
            w[mu] = 1.0 / (rtol * fabs(y[mu]) + atol[mu] / h_rel);
    }
    return 0;
}

/* ---- set-up ---- */

/* KLU reports a singular matrix as an unrecoverable failure, the dense
 * solver as a recoverable one: IDA then retries with a fresh Jacobian and a
 * smaller step. Both should behave alike, so KLU's is made recoverable. */
static int klu_setup_recoverable(SUNLinearSolver S, SUNMatrix A)
{
    int rc = SUNLinSolSetup_KLU(S, A);
    return rc == MBS_SUNLS_PACKAGE_FAIL ? SUNLS_LUFACT_FAIL : rc;
}

static void set_tolerances(mbs_integrator *it)
{
    const mbs_model *m = it->m;
    const mbs_solver_settings *s = &it->d->settings; /* as commands leave them */
    /* in absolute coordinates; the joint formulation takes them over */
    double *atol = it->js ? it->atol_abs : N_VGetArrayPointer(it->atol);
    double *id = it->js ? it->id_abs : N_VGetArrayPointer(it->id);
    for (int i = 0; i < m->ny; i++) {
        int algebraic = i >= m->ofs_lambda;
        id[i] = algebraic ? 0.0 : 1.0;
        /* multipliers: lambda and a quaternion's mu a loose absolute
         * tolerance, which weights_fn widens like 1/h at small steps; the
         * constraints' mu left out of Newton's test (see top) */
        atol[i] = i >= m->ofs_mu ? 1e12 * s->atol : algebraic ? 1e4 * s->atol : s->atol;
    }
    for (int b = 0; b < m->n_bodies; b++)
        if (m->bodies[b].quat_mu >= 0)
            atol[m->ofs_mu + m->bodies[b].quat_mu] = 1e4 * s->atol;
    /* element states measured in other units than the coordinates (a
     * bristle deflection r_p theta at a pin of radius r_p); algebraic ones
     * (variables) have no derivative */
    for (int c = 0; c < m->n_comps; c++) {
        const mbs_component *comp = &m->comps[c];
        for (int k = 0; comp->state_atol && k < comp->n_states; k++)
            atol[m->ofs_z + comp->state_ofs + k] = s->atol * comp->state_atol[k];
        for (int k = 0; comp->state_form && k < comp->n_states; k++)
            if (comp->state_form[k] == MBS_STATE_ALGEBRAIC)
                id[m->ofs_z + comp->state_ofs + k] = 0.0;
    }
    if (it->js) {
        /* tree coordinates and their rates: differential, atol (radians or metres) */
        double *atol_j = N_VGetArrayPointer(it->atol), *id_j = N_VGetArrayPointer(it->id);
        int coords = mbs_joint_system_tree_size(it->js);
        for (int i = 0; i < it->n; i++) {
            int a = mbs_joint_system_abs_index(it->js, i);
            atol_j[i] = i < coords ? s->atol : atol[a];
            id_j[i] = i < coords ? 1.0 : id[a];
        }
    }
}

/* The joint formulation's system, its absolute buffers and index map. */
static int create_joint_system(mbs_integrator *it)
{
    const mbs_model *m = it->m;
    it->js = mbs_joint_system_create(m, it->d);
    it->y_abs = calloc((size_t)m->ny + 1, sizeof *it->y_abs);
    it->yp_abs = calloc((size_t)m->ny + 1, sizeof *it->yp_abs);
    it->atol_abs = calloc((size_t)m->ny + 1, sizeof *it->atol_abs);
    it->id_abs = calloc((size_t)m->ny + 1, sizeof *it->id_abs);
    it->var_of_abs = malloc(((size_t)m->ny + 1) * sizeof *it->var_of_abs);
    if (!it->js || !it->y_abs || !it->yp_abs || !it->atol_abs || !it->id_abs || !it->var_of_abs)
        return -1;
    it->n = mbs_joint_system_size(it->js);
    for (int a = 0; a < m->ny; a++)
        it->var_of_abs[a] = -1;
    for (int i = mbs_joint_system_tree_size(it->js); i < it->n; i++)
        it->var_of_abs[mbs_joint_system_abs_index(it->js, i)] = i;
    return 0;
}

mbs_integrator *mbs_integrator_create(const mbs_model *m, mbs_data *d, const mbs_pattern *p, SUNContext ctx,
                                      int sparse, int joint, char *err, size_t errsize)
{
    mbs_integrator *it = calloc(1, sizeof *it);
    if (!it)
        return NULL;
    it->m = m;
    it->d = d;
    it->p = p;
    it->ctx = ctx;
    it->n = m->ny;
    if (joint && create_joint_system(it) != 0) {
        snprintf(err, errsize, "out of memory setting up the joint coordinates");
        mbs_integrator_free(it);
        return NULL;
    }
    if (it->js && mbs_joint_system_coords(it->js) == 0) {
        /* no tree: the joint formulation is the absolute one */
        mbs_joint_system_free(it->js);
        it->js = NULL;
        it->n = m->ny;
        it->joint_without_tree = 1;
    }
    if (it->js)
        sparse = 0; /* the tree couples its coordinates densely */
    int n = it->n;
    it->y = N_VNew_Serial(n, ctx);
    it->yp = N_VNew_Serial(n, ctx);
    it->id = N_VNew_Serial(n, ctx);
    it->atol = N_VNew_Serial(n, ctx);
    it->ewt = N_VNew_Serial(n, ctx);
    it->tmp_y = N_VNew_Serial(n, ctx);
    it->tmp_yp = N_VNew_Serial(n, ctx);
    N_Vector vectors[] = {it->y, it->yp, it->id, it->atol, it->ewt, it->tmp_y, it->tmp_yp};
    for (size_t k = 0; k < sizeof vectors / sizeof *vectors; k++)
        mbs_nvector_fast(vectors[k]); /* IDA clones y for its own */
    it->y_start = malloc(((size_t)n + 1) * sizeof *it->y_start);
    it->yp_start = malloc(((size_t)n + 1) * sizeof *it->yp_start);
    it->mem = IDACreate(ctx);
    if (!it->y || !it->yp || !it->id || !it->atol || !it->ewt || !it->tmp_y || !it->tmp_yp || !it->mem ||
        !it->y_start || !it->yp_start ||
        mbs_jacobian_init(&it->jac, m, d, p) != 0) {
        snprintf(err, errsize, "out of memory setting up the integrator");
        mbs_integrator_free(it);
        return NULL;
    }
    if (sparse) {
        it->A = SUNSparseMatrix(n, n, p->nnz, CSC_MAT, ctx);
        it->LS = it->A ? SUNLinSol_KLU(it->y, it->A, ctx) : NULL;
        if (it->LS)
            it->LS->ops->setup = klu_setup_recoverable;
        it->linear_solver = MBS_LS_KLU;
    } else if (it->js && mbs_joint_system_newton(it->js) == MBS_NEWTON_MASS) {
        int nt = mbs_joint_system_block_size(it->js);
        it->A = mbs_tree_matrix_create(nt, n - nt, ctx);
        mbs_tree_block tree;
        mbs_joint_system_tree_block(it->js, &tree);
        it->LS = it->A ? mbs_tree_solver_create(nt, n - nt, &tree, ctx) : NULL;
        it->linear_solver = MBS_LS_TREE;
    } else {
        it->A = SUNDenseMatrix(n, n, ctx);
        it->LS = it->A ? SUNLinSol_Dense(it->y, it->A, ctx) : NULL;
        it->linear_solver = MBS_LS_DENSE;
    }
    if (it->LS && !it->js && mbs_friction_refresh_wanted(m))
        it->LS = mbs_friction_refresh_solver(it->LS, m, d, &it->refresh);
    if (!it->A || !it->LS) {
        snprintf(err, errsize, "cannot create the %s linear solver (%d equations)",
                 mbs_linear_solver_name(it->linear_solver), n);
        mbs_integrator_free(it);
        return NULL;
    }
    set_tolerances(it);
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
    N_Vector vs[] = {it->y, it->yp, it->id, it->atol, it->ewt, it->tmp_y, it->tmp_yp};
    for (size_t i = 0; i < sizeof vs / sizeof vs[0]; i++)
        if (vs[i])
            N_VDestroy(vs[i]);
    mbs_jacobian_free(&it->jac);
    mbs_joint_system_free(it->js);
    free(it->y_abs);
    free(it->yp_abs);
    free(it->atol_abs);
    free(it->id_abs);
    free(it->var_of_abs);
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
    /* A tree whose Newton matrix is its block, made again at each step
     * (joint_system.h): that block is made with the matrix's c_j, and
     * where c_j has changed since, IDA scales the solution by
     * 2 / (1 + c_j / c_j,matrix), and Newton converged slowly or not at all
     * (the 32-link friction chain: 55 convergence failures, 18 104
     * residuals). A new matrix whenever c_j changes (dcj = 0: IDA's bounds
     * on c_j / c_j,matrix both 1) costs about what the block costs anyway
     * (at the step's first iterate: no residual) and makes each solve
     * exact: none, 15 683; the plain chain 5635 residuals and 4037 steps ->
     * 4095 and 3691 (bench/README.md). */
    if (it->js && mbs_joint_system_fresh_block(it->js))
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
    if (it->js) {
        if (mbs_joint_system_contract(it->js, t0, y0, yp0, N_VGetArrayPointer(it->y), N_VGetArrayPointer(it->yp),
                                      err, errsize) != 0)
            return -1;
        mbs_joint_system_expand(it->js, N_VGetArrayPointer(it->y), N_VGetArrayPointer(it->yp), it->y_abs,
                                it->yp_abs);
        it->abs_stale = 0;
    } else {
        memcpy(N_VGetArrayPointer(it->y), y0, (size_t)n * sizeof *y0);
        memcpy(N_VGetArrayPointer(it->yp), yp0, (size_t)n * sizeof *yp0);
    }
    /* kept for retry_start */
    memcpy(it->y_start, N_VGetArrayPointer(it->y), (size_t)n * sizeof *y0);
    memcpy(it->yp_start, N_VGetArrayPointer(it->yp), (size_t)n * sizeof *yp0);
    it->t_start = t0;
    it->t_stop = t_stop;
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
    it->start_retries++;
    int n = it->n;
    memcpy(N_VGetArrayPointer(it->y), it->y_start, (size_t)n * sizeof(double));
    memcpy(N_VGetArrayPointer(it->yp), it->yp_start, (size_t)n * sizeof(double));
    accumulate_stats(it);
    return IDAReInit(it->mem, it->t_start, it->y, it->yp) == IDA_SUCCESS &&
                   IDASetStopTime(it->mem, it->t_stop) == IDA_SUCCESS &&
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
    int energy = it->m->ofs_z + it->m->energy_state; /* bookkeeping, drives nothing */
    for (int i = 0; i < it->n; i++) {
        double weighted = fabs(yp[i]) * w[i];
        int a = it->js ? mbs_joint_system_abs_index(it->js, i) : i;
        if (id[i] != 0.0 && a != energy && (weighted > best_weighted || !isfinite(weighted))) {
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
        it->steps_since_start++;
        limit_growth_after_failure(it);
    }
    /* the absolute state is computed when asked for (mbs_integrator_state):
     * a chain without events or outputs due needs none after most steps
     * (IDA returns its last state on failures too) */
    if (it->js)
        it->abs_stale = 1;
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

int mbs_integrator_fastest(const mbs_integrator *it, double *rate)
{
    double weighted = 0.0;
    int i = fastest_var(it, rate, &weighted);
    return i >= 0 && it->js ? mbs_joint_system_abs_index(it->js, i) : i;
}

void mbs_integrator_describe_fastest(const mbs_integrator *it, char *out, size_t size)
{
    double rate = 0.0, weighted = 0.0;
    int i = fastest_var(it, &rate, &weighted);
    if (i >= 0 && it->js && mbs_joint_system_describe(it->js, i, out, size) == 0)
        return;
    mbs_layout_describe(it->m, i >= 0 && it->js ? mbs_joint_system_abs_index(it->js, i) : i, 0, out, size);
}

int mbs_integrator_set_stop(mbs_integrator *it, double t_stop)
{
    it->t_stop = t_stop;
    return IDASetStopTime(it->mem, t_stop) == IDA_SUCCESS ? 0 : -1;
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
    if (it->js) {
        mbs_joint_system_expand(it->js, N_VGetArrayPointer(it->tmp_y), N_VGetArrayPointer(it->tmp_yp), y, yp);
        /* the tree joints' turn counts at t, from their interpolated angles:
         * a step may turn a joint by more than half a turn (a driven hub at
         * 35 rad/s: 3.5 rad), and the row's angles measured against the
         * count at the step's end came out whole turns off; the next step's
         * accept sets them from its own angles again */
        mbs_joint_system_accept(it->js, t, N_VGetArrayPointer(it->tmp_y));
        return 0;
    }
    memcpy(y, N_VGetArrayPointer(it->tmp_y), (size_t)it->m->ny * sizeof *y);
    memcpy(yp, N_VGetArrayPointer(it->tmp_yp), (size_t)it->m->ny * sizeof *yp);
    return 0;
}

int mbs_integrator_row(mbs_integrator *it, double t, int current, double *y, double *yp)
{
    if (!it->js || !mbs_joint_system_makes_rows(it->js))
        return 1;
    if (current) {
        N_VScale(1.0, it->y, it->tmp_y);
        N_VScale(1.0, it->yp, it->tmp_yp);
    } else if (interpolate(it, t) != 0) {
        return -1;
    }
    int status = mbs_joint_system_row(it->js, t, N_VGetArrayPointer(it->tmp_y), N_VGetArrayPointer(it->tmp_yp), y, yp);
    /* the turn counts at t, as mbs_integrator_at sets them */
    if (status == 0 && !current)
        mbs_joint_system_accept(it->js, t, N_VGetArrayPointer(it->tmp_y));
    return status;
}

int mbs_integrator_state(mbs_integrator *it, const double **y, const double **yp)
{
    int computed = 0;
    if (it->js && it->abs_stale) {
        mbs_joint_system_expand(it->js, N_VGetArrayPointer(it->y), N_VGetArrayPointer(it->yp), it->y_abs,
                                it->yp_abs);
        it->abs_stale = 0;
        computed = 1;
    }
    if (y)
        *y = it->js ? it->y_abs : N_VGetArrayPointer(it->y);
    if (yp)
        *yp = it->js ? it->yp_abs : N_VGetArrayPointer(it->yp);
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

const char *mbs_integrator_accept_tree(mbs_integrator *it, double t)
{
    return it->js ? mbs_joint_system_accept(it->js, t, N_VGetArrayPointer(it->y)) : NULL;
}

mbs_linear_solver mbs_integrator_linear_solver(const mbs_integrator *it)
{
    return it->linear_solver;
}

int mbs_integrator_joint_coords(const mbs_integrator *it)
{
    return it->js ? mbs_joint_system_coords(it->js) : it->joint_without_tree ? 0 : -1;
}

void mbs_integrator_roots(mbs_integrator *it, int *fired)
{
    IDAGetRootInfo(it->mem, fired);
}

void mbs_integrator_stats_get(const mbs_integrator *it, mbs_integrator_stats *s)
{
    mbs_integrator_stats now;
    ida_counters(it, &now);
    *s = it->done;
    s->steps += now.steps;
    /* IDA's plus the Jacobians' */
    s->residual_evals += now.residual_evals + it->jac.residual_evals + it->joint_jacobian_residuals;
    s->nonlinear_iterations += now.nonlinear_iterations;
    s->error_test_failures += now.error_test_failures;
    s->nonlinear_convergence_failures += now.nonlinear_convergence_failures;
    s->jacobian_evals = it->jac.evaluations + it->joint_jacobians;
}
