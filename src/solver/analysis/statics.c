/* Static equilibrium (Simulate analysis_type="STATIC") with SUNDIALS KINSOL.
 *
 * Velocities and accelerations are zero. The unknowns are the positions q,
 * the multipliers lambda of the holonomic rows and the element states z;
 * the equations are the residual's own rows at u = 0, du/dt = 0:
 *   force balance   -f(q, z) + G(q)^T lambda = 0    (the velocity rows)
 *   constraints     g(q, t) = 0,  |p|^2 - 1 = 0      (the position rows)
 *   states          the element's static equations (static_residual, e.g.
 *                   joint friction's presliding law), or z = z_start (frozen)
 * which are as many as the unknowns (nq = nu + number of quaternions).
 * Rows dropped as redundant, and velocity-level rows, get lambda = 0.
 * KINSOL runs Newton with a line search and a dense difference-quotient
 * Jacobian until every equation is within its tolerance (below). After a
 * solution every element may check it (static_check): it stands, or an
 * element changed its equations (a friction channel saturated) and the
 * equilibrium is solved again, or there is none (a joint slips). Elements
 * see d->static_mode (friction with inactive="STATIC" switches itself off).
 *
 * Tolerances. Each equation i is solved to
 *   tol_i = max(base_i, ROUNDINGS eps noise_i),
 *   noise_i = |F_i(x0)| + sum_j |dF_i/dx_j| (|x_j| + typ_j)
 * with eps the double rounding. base_i is the force left unbalanced
 * (Param_Static max_imbalance, default 1e-10 of the heaviest weight W) on a
 * force row, that divided by W on a constraint row (metres, radians), and
 * times the element's state scale on a state row. noise_i is what the row
 * sums, at the start x0: the forces applied there and, for each unknown, its
 * stiffness (or lever arm) times its magnitude, whose rounding (eps of it)
 * each term carries; typ_j is the unknown's typical size (1 m for positions,
 * W for multipliers, the scale of a state). A steel bar 1 m long has
 * EA/L = 2e9 N/m: one rounding of its 1 m end is 4.4e-7 N, far above 1e-10 W,
 * and no iterate could ever get closer. On ordinary models noise_i is some
 * 1e-15 W and base_i decides.
 * An iteration can still stall in rounding (KINSOL's line search finds no
 * iterate that lowers the imbalance): then the Newton step at the last
 * iterate, in every position and state, below ROUNDINGS eps (|x_j| + typ_j),
 * means it has converged; otherwise there is no equilibrium near it. */
#include "statics.h"
#include "../dae/residual.h"
#include "../ida/solver_failures.h"
#include "../dae/sundials_compat.h"
#include "../../core/dense.h"
#include "../../model/layout.h"

#include <float.h>
#include <kinsol/kinsol.h>
#include <math.h>
#include <nvector/nvector_serial.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>

typedef struct statics {
    const mbs_model *m;
    mbs_data *d;
    double t;
    double *y, *yp, *res;
    double *z_start; /* [nz] states when the analysis began (frozen ones stay there) */
    int n; /* unknowns: nq + n_hol + nz */
    double *typical; /* [n] each unknown's typical size: 1 m, W, a state's scale */
    double *jac;     /* [n x n] row-major, dF_i/dx_j by differences (tolerances, stall check) */
    int *piv;        /* [n] */
    N_Vector f, f_step; /* work: the equations at x and at a step from x */
} statics;

/* How many roundings of its largest term an equation may be off (the
 * equations are sums of a handful of terms, each rounded on the way). */
#define ROUNDINGS 4.0

/* x = [q | lambda of holonomic rows | z] <-> y (velocities 0) */
static void unpack(statics *s, const double *x)
{
    const mbs_model *m = s->m;
    memcpy(s->y + m->ofs_q, x, (size_t)m->nq * sizeof *x);
    memcpy(s->y + m->ofs_z, x + m->nq + m->n_hol, (size_t)m->nz * sizeof *x);
    memset(s->y + m->ofs_u, 0, (size_t)m->nu * sizeof *x);
    memset(s->y + m->ofs_lambda, 0, (size_t)(m->ny - m->ofs_lambda) * sizeof *x);
    for (int r = 0; r < m->n_rows; r++)
        if (m->row_mu[r] >= 0)
            s->y[m->ofs_lambda + r] = x[m->nq + m->row_mu[r]];
}

static void pack(const statics *s, double *x)
{
    const mbs_model *m = s->m;
    memcpy(x, s->y + m->ofs_q, (size_t)m->nq * sizeof *x);
    memcpy(x + m->nq + m->n_hol, s->y + m->ofs_z, (size_t)m->nz * sizeof *x);
    for (int r = 0; r < m->n_rows; r++)
        if (m->row_mu[r] >= 0)
            x[m->nq + m->row_mu[r]] = s->y[m->ofs_lambda + r];
}

static int equations(N_Vector xv, N_Vector fv, void *user)
{
    statics *s = user;
    const mbs_model *m = s->m;
    const double *x = N_VGetArrayPointer(xv);
    double *f = N_VGetArrayPointer(fv);
    unpack(s, x);
    s->d->eval_failed = 0;
    mbs_residual(m, s->d, s->t, s->y, s->yp, s->res);
    memcpy(f, s->res + m->ofs_u, (size_t)m->nu * sizeof *f);
    for (int r = 0; r < m->n_rows; r++) {
        int k = m->row_mu[r];
        if (k >= 0)
            f[m->nu + k] = s->d->row_active[r] ? s->res[m->ofs_mu + k] : x[m->nq + k];
    }
    for (int k = m->n_hol; k < m->n_mu; k++)
        f[m->nu + k] = s->res[m->ofs_mu + k]; /* quaternion norms */
    double *fz = f + m->nu + m->n_mu;
    const double *z = x + m->nq + m->n_hol;
    for (int i = 0; i < m->nz; i++)
        fz[i] = z[i] - s->z_start[i];
    mbs_eval ev = {m, s->d, s->t, s->y, s->yp, s->res};
    for (int c = 0; c < m->n_comps; c++) {
        const mbs_component *comp = &m->comps[c];
        if (comp->n_states && (!mbs_component_active(s->m, s->d, c) || !comp->ops->static_residual ||
                               comp->ops->static_residual(comp, &ev, fz + comp->state_ofs) != 0))
            for (int k = 0; k < comp->n_states; k++) /* it declined (or is deactivated): frozen */
                fz[comp->state_ofs + k] = z[comp->state_ofs + k] - s->z_start[comp->state_ofs + k];
    }
    return s->d->eval_failed ? 1 : 0;
}

/* Each element records what its static equations refer to. */
static void begin(statics *s)
{
    const mbs_model *m = s->m;
    mbs_residual(m, s->d, s->t, s->y, s->yp, s->res);
    mbs_eval ev = {m, s->d, s->t, s->y, s->yp, s->res};
    for (int c = 0; c < m->n_comps; c++)
        if (m->comps[c].ops->static_begin && mbs_component_active(s->m, s->d, c))
            m->comps[c].ops->static_begin(&m->comps[c], &ev);
}

/* 0: the solution stands; 1: solve again; -1: no equilibrium (msg). */
static int check(statics *s, char *msg, size_t msgsize)
{
    const mbs_model *m = s->m;
    mbs_residual(m, s->d, s->t, s->y, s->yp, s->res);
    mbs_eval ev = {m, s->d, s->t, s->y, s->yp, s->res};
    int again = 0;
    for (int c = 0; c < m->n_comps; c++) {
        const mbs_component *comp = &m->comps[c];
        if (!comp->ops->static_check || !mbs_component_active(s->m, s->d, c))
            continue;
        int rc = comp->ops->static_check(comp, &ev, msg, msgsize);
        if (rc < 0)
            return -1;
        again |= rc > 0;
    }
    return again;
}

/* Typical magnitude of each state (for scaling), 1 where none is given. */
static double state_scale(const mbs_model *m, int i)
{
    for (int c = 0; c < m->n_comps; c++) {
        const mbs_component *comp = &m->comps[c];
        if (i >= comp->state_ofs && i < comp->state_ofs + comp->n_states && comp->state_scale > 0)
            return comp->state_scale;
    }
    return 1.0;
}

/* KINSOL's error messages name its internals (the line search's iterate):
 * taken here so that nothing prints them; a failure is told from its flag
 * in mbsim's words (solver_failures.h) */
static void kinsol_error(const char *msg, void *user)
{
    (void)msg;
    (void)user;
}

/* s->jac = dF/dx at x by forward differences, s->f = F(x); 0, or the
 * equations' failure. x is restored. */
static int difference_jacobian(statics *s, N_Vector xv)
{
    double *x = N_VGetArrayPointer(xv), *f = N_VGetArrayPointer(s->f), *fs = N_VGetArrayPointer(s->f_step);
    int n = s->n, rc = equations(xv, s->f, s);
    for (int j = 0; j < n && rc == 0; j++) {
        double xj = x[j], h = sqrt(DBL_EPSILON) * (fabs(xj) + s->typical[j]);
        x[j] = xj + h;
        h = x[j] - xj; /* the step as represented */
        rc = equations(xv, s->f_step, s);
        x[j] = xj;
        for (int i = 0; i < n; i++)
            s->jac[(size_t)i * n + j] = (fs[i] - f[i]) / h;
    }
    return rc;
}

/* The base tolerance of each equation (see the head of this file). */
static double base_tolerance(const statics *s, int i, double imbalance, double W)
{
    const mbs_model *m = s->m;
    if (i < m->nu)
        return imbalance;
    if (i < m->nu + m->n_mu)
        return imbalance / W;
    return imbalance / W * s->typical[i];
}

/* fscale = 1 / tol_i from the Jacobian at x (the start of a solve): KINSOL
 * then stops where every |F_i| <= tol_i (its function tolerance is 1).
 * Where the equations cannot be evaluated, -1 with fscale = 1 / base_i. */
static int set_tolerances(statics *s, N_Vector x, double imbalance, double W, N_Vector fscale)
{
    double *sf = N_VGetArrayPointer(fscale);
    for (int i = 0; i < s->n; i++)
        sf[i] = 1.0 / base_tolerance(s, i, imbalance, W);
    if (difference_jacobian(s, x) != 0)
        return -1;
    const double *xd = N_VGetArrayPointer(x), *f = N_VGetArrayPointer(s->f);
    for (int i = 0; i < s->n; i++) {
        double noise = fabs(f[i]);
        for (int j = 0; j < s->n; j++)
            noise += fabs(s->jac[(size_t)i * s->n + j]) * (fabs(xd[j]) + s->typical[j]);
        sf[i] = fmin(sf[i], 1.0 / (ROUNDINGS * DBL_EPSILON * noise));
    }
    return 0;
}

/* 1 if Newton's step from x moves no position and no state by more than
 * ROUNDINGS roundings of it: x is the equilibrium as closely as doubles can
 * hold it (the multipliers' step is left out: it only carries the force
 * rows' rounding). */
static int step_below_rounding(statics *s, N_Vector xv)
{
    const mbs_model *m = s->m;
    if (difference_jacobian(s, xv) != 0 || mbs_lu_factor(s->jac, s->n, s->piv) != 0)
        return 0;
    double *dx = N_VGetArrayPointer(s->f_step);
    const double *x = N_VGetArrayPointer(xv);
    memcpy(dx, N_VGetArrayPointer(s->f), (size_t)s->n * sizeof *dx);
    mbs_lu_solve(s->jac, s->n, s->piv, dx); /* -dx */
    for (int j = 0; j < s->n; j++) {
        int multiplier = j >= m->nq && j < m->nq + m->n_hol;
        if (!multiplier && !(fabs(dx[j]) <= ROUNDINGS * DBL_EPSILON * (fabs(x[j]) + s->typical[j])))
            return 0;
    }
    return 1;
}

/* What went wrong, in mbsim's words (solver_failures.h): where an element
 * could not be evaluated, its own message; the iteration limit, with its
 * value. */
static const char *failure_cause(const statics *s, int flag, char *buf, size_t size)
{
    int evaluating = flag == KIN_SYSFUNC_FAIL || flag == KIN_FIRST_SYSFUNC_ERR || flag == KIN_REPTD_SYSFUNC_ERR ||
                     flag == KIN_LSETUP_FAIL; /* the Jacobian's evaluations, or the matrix */
    if (evaluating && s->d->eval_failed && s->d->eval_message[0])
        return s->d->eval_message;
    if (flag != KIN_MAXITER_REACHED)
        return mbs_kinsol_failure(flag);
    snprintf(buf, size, "%s, Param_Static max_num_iter = %d", mbs_kinsol_failure(flag),
             s->m->settings.static_max_iter > 0 ? s->m->settings.static_max_iter : 200);
    return buf;
}

/* Why no equilibrium was found: the equation furthest beyond its tolerance
 * at the last iterate, named, and why the iterations stopped. */
static void explain_failure(statics *s, int flag, N_Vector x, N_Vector fscale, char *msg, size_t msgsize)
{
    const mbs_model *m = s->m;
    char why_buf[160], cause[sizeof s->d->eval_message];
    /* the cause first: evaluating the equations again clears it */
    snprintf(cause, sizeof cause, "%s", failure_cause(s, flag, why_buf, sizeof why_buf));
    int worst = -1;
    double worst_value = 0.0, worst_ratio = 0.0;
    if (equations(x, s->f, s) == 0) {
        const double *v = N_VGetArrayPointer(s->f), *sf = N_VGetArrayPointer(fscale);
        int n_rows = m->nu + m->n_mu;
        for (int i = 0; i < n_rows; i++)
            if (fabs(v[i]) * sf[i] > worst_ratio)
                worst = i < m->nu ? m->ofs_u + i : m->ofs_mu + i - m->nu, worst_value = v[i],
                worst_ratio = fabs(v[i]) * sf[i];
    }
    char what[300] = "";
    if (worst >= 0)
        mbs_layout_describe(m, worst, 1, what, sizeof what);
    if (worst >= 0)
        snprintf(msg, msgsize, "no static equilibrium found at t = %g: %s is off by %.3g (%s)", s->t, what,
                 worst_value, cause);
    else
        snprintf(msg, msgsize, "no static equilibrium found at t = %g: %s", s->t, cause);
}

/* Typical force: the weight of the heaviest body (at least 1 N). */
static double force_scale(const mbs_model *m)
{
    double F = 1.0;
    for (int i = 0; i < m->n_bodies; i++)
        F = fmax(F, 9.81 * m->bodies[i].mass);
    return F;
}

int mbs_static_equilibrium(const mbs_model *m, mbs_data *d, SUNContext ctx, double t, double *y, double *yp,
                           char *msg, size_t msgsize)
{
    int n = m->nq + m->n_hol + m->nz;
    statics s = {m, d, t, y, yp, NULL, NULL, n, NULL, NULL, NULL, NULL, NULL};
    mbs_sun_error_hook errors = {kinsol_error, &s};
    int hooked = 0;
    s.res = calloc((size_t)m->ny + 1, sizeof *s.res);
    s.z_start = malloc(((size_t)m->nz + 1) * sizeof *s.z_start);
    s.typical = malloc(((size_t)n + 1) * sizeof *s.typical);
    s.jac = malloc(((size_t)n * n + 1) * sizeof *s.jac);
    s.piv = malloc(((size_t)n + 1) * sizeof *s.piv);
    s.f = N_VNew_Serial(n, ctx);
    s.f_step = N_VNew_Serial(n, ctx);
    N_Vector x = N_VNew_Serial(n, ctx), scale_u = N_VNew_Serial(n, ctx), scale_f = N_VNew_Serial(n, ctx);
    SUNMatrix J = SUNDenseMatrix(n, n, ctx);
    SUNLinearSolver LS = J ? SUNLinSol_Dense(x, J, ctx) : NULL;
    void *kin = KINCreate(ctx);
    int rc = -1;
    if (!s.res || !s.z_start || !s.typical || !s.jac || !s.piv || !s.f || !s.f_step || !x || !scale_u ||
        !scale_f || !J || !LS || !kin) {
        snprintf(msg, msgsize, "out of memory setting up the static analysis");
        goto done;
    }
    memset(yp, 0, (size_t)m->ny * sizeof *yp);
    memset(y + m->ofs_u, 0, (size_t)m->nu * sizeof *y);
    memcpy(s.z_start, y + m->ofs_z, (size_t)m->nz * sizeof *y);
    d->static_mode = 1;
    begin(&s);
    pack(&s, N_VGetArrayPointer(x));
    double W = force_scale(m), *su = N_VGetArrayPointer(scale_u);
    const mbs_solver_settings *ms = &m->settings; /* Param_Static's */
    double imbalance = ms->static_imbalance > 0 ? ms->static_imbalance : 1e-10 * W;
    for (int i = 0; i < n; i++) {
        /* positions ~ 1 m, multipliers ~ W, states their own scale */
        s.typical[i] = i < m->nq ? 1.0 : i < m->nq + m->n_hol ? W : state_scale(m, i - m->nq - m->n_hol);
        su[i] = 1.0 / s.typical[i];
    }
    if (KINInit(kin, equations, x) != KIN_SUCCESS || KINSetUserData(kin, &s) != KIN_SUCCESS ||
        !(hooked = mbs_sun_kinsol_errors(kin, ctx, &errors) == 0) || KINSetLinearSolver(kin, LS, J) != KIN_SUCCESS ||
        KINSetMaxSetupCalls(kin, 1) != KIN_SUCCESS || KINSetFuncNormTol(kin, 1.0) != KIN_SUCCESS ||
        KINSetScaledStepTol(kin, ms->static_step_tol > 0 ? ms->static_step_tol : 1e-13) != KIN_SUCCESS ||
        KINSetNumMaxIters(kin, ms->static_max_iter > 0 ? ms->static_max_iter : 200) != KIN_SUCCESS) {
        snprintf(msg, msgsize, "cannot set up the static equilibrium's solver (an internal error)");
        goto done;
    }
    for (int round = 0;; round++) {
        if (set_tolerances(&s, x, imbalance, W, scale_f) != 0) {
            explain_failure(&s, KIN_FIRST_SYSFUNC_ERR, x, scale_f, msg, msgsize);
            goto done;
        }
        int flag = KINSol(kin, x, KIN_LINESEARCH, scale_u, scale_f);
        if (flag < 0 && !(flag == KIN_LINESEARCH_NONCONV && step_below_rounding(&s, x))) {
            explain_failure(&s, flag, x, scale_f, msg, msgsize);
            goto done;
        }
        unpack(&s, N_VGetArrayPointer(x));
        int verdict = check(&s, msg, msgsize);
        if (verdict < 0)
            goto done;
        if (verdict == 0)
            break;
        if (round == 20) {
            snprintf(msg, msgsize, "no static equilibrium found at t = %g: the elements' static equations keep "
                                   "changing", t);
            goto done;
        }
    }
    rc = 0;
done:
    d->static_mode = 0;
    if (hooked)
        mbs_sun_errors_end(ctx);
    if (kin)
        KINFree(&kin);
    if (LS)
        SUNLinSolFree(LS);
    if (J)
        SUNMatDestroy(J);
    N_Vector vs[] = {x, scale_u, scale_f, s.f, s.f_step};
    for (int i = 0; i < 5; i++)
        if (vs[i])
            N_VDestroy(vs[i]);
    free(s.res);
    free(s.z_start);
    free(s.typical);
    free(s.jac);
    free(s.piv);
    return rc;
}
