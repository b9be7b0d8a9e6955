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
 * Jacobian; force rows are scaled by the model's weight and states by their
 * own scale, so that one tolerance serves forces, lengths and bristle
 * deflections alike. After a solution every element may check it
 * (static_check): it stands, or an element changed its equations (a
 * friction channel saturated) and the equilibrium is solved again, or there
 * is none (a joint slips). Elements see d->static_mode (friction with
 * inactive="STATIC" switches itself off). */
#include "statics.h"
#include "residual.h"
#include "solver_failures.h"
#include "sundials_compat.h"
#include "../model/layout.h"

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
} statics;

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

/* Why no equilibrium was found: the equation furthest from balance at the
 * last iterate, named, and what KINSOL ran into. */
static void explain_failure(statics *s, int flag, N_Vector x, char *msg, size_t msgsize)
{
    const mbs_model *m = s->m;
    N_Vector f = N_VClone(x);
    int worst = -1;
    double worst_value = 0.0;
    if (f && equations(x, f, s) == 0) {
        const double *v = N_VGetArrayPointer(f);
        for (int i = 0; i < m->nu; i++) /* force balance first: in newtons */
            if (fabs(v[i]) > fabs(worst_value))
                worst = m->ofs_u + i, worst_value = v[i];
        for (int k = 0; worst < 0 && k < m->n_mu; k++)
            if (fabs(v[m->nu + k]) > fabs(worst_value))
                worst = m->ofs_mu + k, worst_value = v[m->nu + k];
    }
    if (f)
        N_VDestroy(f);
    char what[300] = "";
    if (worst >= 0)
        mbs_layout_describe(m, worst, 1, what, sizeof what);
    const char *why = mbs_kinsol_failure(flag);
    if (worst >= 0)
        snprintf(msg, msgsize, "no static equilibrium found at t = %g: %s is off by %.3g "
                 "(%s)", s->t, what, worst_value, why);
    else
        snprintf(msg, msgsize, "no static equilibrium found at t = %g: %s", s->t, why);
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
    statics s = {m, d, t, y, yp, NULL, NULL, m->nq + m->n_hol + m->nz};
    mbs_sun_error_hook errors = {kinsol_error, &s};
    int hooked = 0;
    s.res = calloc((size_t)m->ny + 1, sizeof *s.res);
    s.z_start = malloc(((size_t)m->nz + 1) * sizeof *s.z_start);
    N_Vector x = N_VNew_Serial(s.n, ctx), scale_u = N_VNew_Serial(s.n, ctx), scale_f = N_VNew_Serial(s.n, ctx);
    SUNMatrix J = SUNDenseMatrix(s.n, s.n, ctx);
    SUNLinearSolver LS = J ? SUNLinSol_Dense(x, J, ctx) : NULL;
    void *kin = KINCreate(ctx);
    int rc = -1;
    if (!s.res || !s.z_start || !x || !scale_u || !scale_f || !J || !LS || !kin) {
        snprintf(msg, msgsize, "out of memory setting up the static analysis");
        goto done;
    }
    memset(yp, 0, (size_t)m->ny * sizeof *yp);
    memset(y + m->ofs_u, 0, (size_t)m->nu * sizeof *y);
    memcpy(s.z_start, y + m->ofs_z, (size_t)m->nz * sizeof *y);
    d->static_mode = 1;
    begin(&s);
    pack(&s, N_VGetArrayPointer(x));
    double F = force_scale(m), *su = N_VGetArrayPointer(scale_u), *sf = N_VGetArrayPointer(scale_f);
    const mbs_solver_settings *ms = &m->settings; /* Param_Static's */
    int n_rows = m->nu + m->n_mu;
    for (int i = 0; i < s.n; i++) {
        /* positions ~ 1 m, multipliers ~ F, states their own scale; force
         * rows / F, constraint rows as they are, state rows by the scale */
        double zs = i >= m->nq + m->n_hol ? state_scale(m, i - m->nq - m->n_hol) : 1.0;
        su[i] = i < m->nq ? 1.0 : i < m->nq + m->n_hol ? 1.0 / F : 1.0 / zs;
        sf[i] = i < m->nu ? 1.0 / F : i < n_rows ? 1.0 : 1.0 / zs;
    }
    if (KINInit(kin, equations, x) != KIN_SUCCESS || KINSetUserData(kin, &s) != KIN_SUCCESS ||
        !(hooked = mbs_sun_kinsol_errors(kin, ctx, &errors) == 0) || KINSetLinearSolver(kin, LS, J) != KIN_SUCCESS ||
        KINSetMaxSetupCalls(kin, 1) != KIN_SUCCESS ||
        KINSetFuncNormTol(kin, ms->static_imbalance > 0 ? ms->static_imbalance / F : 1e-10) != KIN_SUCCESS ||
        KINSetScaledStepTol(kin, ms->static_step_tol > 0 ? ms->static_step_tol : 1e-13) != KIN_SUCCESS ||
        KINSetNumMaxIters(kin, ms->static_max_iter > 0 ? ms->static_max_iter : 200) != KIN_SUCCESS) {
        snprintf(msg, msgsize, "cannot set up the static equilibrium's solver (an internal error)");
        goto done;
    }
    for (int round = 0;; round++) {
        int flag = KINSol(kin, x, KIN_LINESEARCH, scale_u, scale_f);
        if (flag < 0) {
            explain_failure(&s, flag, x, msg, msgsize);
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
    N_Vector vs[] = {x, scale_u, scale_f};
    for (int i = 0; i < 3; i++)
        if (vs[i])
            N_VDestroy(vs[i]);
    free(s.res);
    free(s.z_start);
    return rc;
}
