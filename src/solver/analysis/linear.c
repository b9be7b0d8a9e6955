/* Linear analysis: the linearised equations of motion at the current state
 * (docs/linear-analysis.md has the method and its conventions). Besides
 * the dense LU (core/dense.h), the only file that calls LAPACK (QR with
 * column pivoting, eigenvalues).
 *
 * What it needs of the formulation: the residual F(t, y, y') (residual.c)
 * and a way to perturb each body's position, velocity and acceleration and
 * the multipliers, element states and input variables in y, y'. Nothing of
 * the elements' internals.
 *
 * Perturbation coordinates, per body (nu of each, in the order of the
 * velocity coordinates):
 *   s    displacement of the centre of mass and small rotation, global axes
 *        (a rigid body's orientation is exp(theta~) A0),
 *   w    velocity and angular velocity, global axes (inertial),
 *   w'   their rates,
 * and the multipliers lambda of the active rows, the element states z and
 * their rates z', the algebraic element states za (Reference_Variables), the
 * inputs u (offsets of what VARVAL reads). The residual is
 * differentiated by central differences with one Richardson step (error
 * O(h^4)) into the blocks
 *   force rows (in global axes)   K ds + C dw + M dw' + L dlambda + Z dz + Z' dz' + Bu du = 0
 *   state rows                    the same for the element states
 *   algebraic rows                the same for the algebraic states
 *   row rates                     G dw + H ds + Hu du = 0       (every active row)
 *   positions                     Gh ds + Gu du = 0            (active holonomic rows)
 *   outputs                       y = za of the output variables
 *
 * Independent states by coordinate partitioning: a QR with column pivoting
 * of Gh picks the dependent position coordinates, the others are the
 * position states xi; a second QR of G, with the dependent position
 * coordinates forced first, picks the velocity states eta among the rest
 * (the nonholonomic rows make some of xi's rates dependent). Then
 *   ds = Ns xi + Ps u,   dw = Nw eta + Rx xi + Ru u,
 *   dxi/dt  = [dw + W0 ds] at the coordinates of xi   (W0: omega0 x dtheta),
 *   dw'     = Nw deta/dt + Rx dxi/dt,
 * and the force, state and algebraic rows, with the multipliers of
 * independent rows and the algebraic states as unknowns, give deta/dt,
 * dz/dt (and dlambda, dza) as linear functions of (xi, eta, z, u): the rows
 * of A and B; the outputs are among the dza. Constraint rows see
 * algebraic states only as constants (a motion may read VARVAL only of a
 * constant variable), so the kinematics need not solve for them. The constraint invariants never
 * become states, so they add no spurious zero eigenvalues. Ns, Nw, Rx are
 * taken as constant along the motion: exact at an equilibrium and on a
 * steady motion whose constraint geometry the motion carries along
 * (a bicycle rolling straight, a rotor spinning about its axis); elsewhere
 * the linearisation is the frozen-time one. */
#include "linear.h"
#include "linear_names.h"
#include "../dae/residual.h"
#include "../../core/dense.h"
#include "../../core/rotation.h"
#include "../../core/vec3.h"

#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* LAPACK (Fortran, column-major; character arguments' lengths at the end) */
extern void dgeqp3_(const int *m, const int *n, double *a, const int *lda, int *jpvt, double *tau, double *work,
                    const int *lwork, int *info);
extern void dormqr_(const char *side, const char *trans, const int *m, const int *n, const int *k, const double *a,
                    const int *lda, const double *tau, double *c, const int *ldc, double *work, const int *lwork,
                    int *info, size_t side_len, size_t trans_len);
extern void dgeev_(const char *jobvl, const char *jobvr, const int *n, double *a, const int *lda, double *wr,
                   double *wi, double *vl, const int *ldvl, double *vr, const int *ldvr, double *work,
                   const int *lwork, int *info, size_t jobvl_len, size_t jobvr_len);

/* ---- column-major matrices ---- */

typedef struct mat {
    int r, c;
    double *v; /* v[i + j r] */
} mat;

#define AT(M, i, j) ((M).v[(size_t)(i) + (size_t)(j) * (size_t)(M).r])

static mat mat_new(int r, int c)
{
    mat M = {r, c, calloc((size_t)r * (size_t)c + 1, sizeof(double))};
    return M;
}

static void mat_free(mat *M)
{
    free(M->v);
    M->v = NULL;
}

/* A B (A: r x k, B: k x c) */
static mat mat_mul(mat A, mat B)
{
    mat C = mat_new(A.r, B.c);
    if (!C.v)
        return C;
    for (int j = 0; j < B.c; j++)
        for (int k = 0; k < A.c; k++) {
            double b = AT(B, k, j);
            if (b != 0.0)
                for (int i = 0; i < A.r; i++)
                    AT(C, i, j) += AT(A, i, k) * b;
        }
    return C;
}

/* C += A B */
static void mat_add_mul(mat C, mat A, mat B)
{
    for (int j = 0; j < B.c; j++)
        for (int k = 0; k < A.c; k++) {
            double b = AT(B, k, j);
            if (b != 0.0)
                for (int i = 0; i < A.r; i++)
                    AT(C, i, j) += AT(A, i, k) * b;
        }
}

/* Rows rows[0..nr) (or r0.. r0+nr when rows is NULL) and columns c0 .. c0+nc of J. */
static mat mat_block(mat J, const int *rows, int r0, int nr, int c0, int nc)
{
    mat B = mat_new(nr, nc);
    if (!B.v)
        return B;
    for (int j = 0; j < nc; j++)
        for (int i = 0; i < nr; i++)
            AT(B, i, j) = AT(J, rows ? rows[i] : r0 + i, c0 + j);
    return B;
}

/* ---- the linearisation's context ---- */

/* Perturbation blocks (columns of the Jacobian) and response blocks (rows). */
enum { P_S, P_W, P_WD, P_L, P_Z, P_ZD, P_ZA, P_U, P_COUNT };
enum { R_F, R_Z, R_ZA, R_RATE, R_G, R_OUT, R_COUNT };

typedef struct lin {
    const mbs_model *m;
    mbs_data *d;
    double t;
    const double *y0, *yp0;
    double *y, *yp;          /* work copies */
    int nu, nz, nza, na, nh, ni, no;
    int *coord_body;         /* [nu] body of each coordinate ... */
    int *coord_k;            /* ... and which of its coordinates */
    int *zmap;               /* [nz] differential element states (the dissipated energy left out) */
    int *amap;               /* [nza] algebraic element states */
    int *arow;               /* [na] active rows */
    int *hrow;               /* [nh] active holonomic rows */
    const mbs_plant *pin, *pout;
    double *w0, *wd0;        /* [nu] inertial velocities and their rates at the operating point */
    double *step;            /* [np] difference steps */
    int block_ofs[P_COUNT + 1], resp_ofs[R_COUNT + 1];
    char *msg;
    size_t msgsize;
} lin;

static int fail(lin *l, const char *text)
{
    snprintf(l->msg, l->msgsize, "linear analysis at t = %g: %s", l->t, text);
    return -1;
}

static int is_rotation(const mbs_model *m, int b, int k)
{
    const mbs_body *body = &m->bodies[b];
    return (body->type == MBS_BODY_RIGID && k >= 3) || (body->type == MBS_BODY_MASS1D && body->rotational);
}

/* ---- perturbed states ---- */

/* Quaternion product p = a b (the rotation b, then a). */
static void quat_mul(const double a[4], const double b[4], double p[4])
{
    p[0] = a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3];
    p[1] = a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2];
    p[2] = a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1];
    p[3] = a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0];
}

/* Sets body b's entries of y, y' to the operating point moved by ds, dw,
 * dwd (body coordinates, inertial). */
static void set_body(lin *l, int b, const double ds[6], const double dw[6], const double dwd[6])
{
    const mbs_body *body = &l->m->bodies[b];
    int q = body->q_ofs, u = body->u_ofs, k0 = u - l->m->ofs_u;
    const double *w0 = l->w0 + k0, *wd0 = l->wd0 + k0;
    switch (body->type) {
    case MBS_BODY_RIGID: {
        double angle = v3_norm(ds + 3), rot[4] = {1, 0, 0, 0}, A[9], w[3], a[3];
        if (angle > 0) {
            rot[0] = cos(0.5 * angle);
            for (int i = 0; i < 3; i++)
                rot[1 + i] = sin(0.5 * angle) * ds[3 + i] / angle;
        }
        quat_mul(rot, l->y0 + q + 3, l->y + q + 3);
        mbs_quat_to_matrix(l->y + q + 3, A);
        for (int i = 0; i < 3; i++) {
            l->y[q + i] = l->y0[q + i] + ds[i];
            l->y[u + i] = w0[i] + dw[i];
            l->yp[u + i] = wd0[i] + dwd[i];
            w[i] = w0[3 + i] + dw[3 + i];
            a[i] = wd0[3 + i] + dwd[3 + i];
        }
        m3_tmul_v(l->y + u + 3, A, w);
        m3_tmul_v(l->yp + u + 3, A, a);
        break;
    }
    case MBS_BODY_POINT:
    case MBS_BODY_MASS1D:
        for (int i = 0; i < body->nu; i++) {
            l->y[q + i] = l->y0[q + i] + ds[i];
            l->y[u + i] = w0[i] + dw[i];
            l->yp[u + i] = wd0[i] + dwd[i];
        }
        break;
    case MBS_BODY_GROUND:
        break;
    }
}

static void restore_body(lin *l, int b)
{
    const mbs_body *body = &l->m->bodies[b];
    memcpy(l->y + body->q_ofs, l->y0 + body->q_ofs, (size_t)body->nq * sizeof *l->y);
    memcpy(l->y + body->u_ofs, l->y0 + body->u_ofs, (size_t)body->nu * sizeof *l->y);
    memcpy(l->yp + body->u_ofs, l->yp0 + body->u_ofs, (size_t)body->nu * sizeof *l->yp);
}

/* Which block perturbation column c belongs to, and its index there. */
static int block_of(const lin *l, int c, int *j)
{
    int b = 0;
    while (c >= l->block_ofs[b + 1])
        b++;
    *j = c - l->block_ofs[b];
    return b;
}

/* Where Reference_Variable component c keeps its value in y. */
static int variable_state(const mbs_model *m, int c)
{
    return m->ofs_z + m->comps[c].state_ofs;
}

/* Moves variable c of the perturbation coordinates by h (or back, undo). */
static void perturb(lin *l, int c, double h, int undo)
{
    const mbs_model *m = l->m;
    int j, block = block_of(l, c, &j);
    switch (block) {
    case P_S:
    case P_W:
    case P_WD: {
        int b = l->coord_body[j];
        if (undo) {
            restore_body(l, b);
            return;
        }
        double d3[3][6] = {{0}};
        d3[block - P_S][l->coord_k[j]] = h;
        set_body(l, b, d3[0], d3[1], d3[2]);
        return;
    }
    case P_L:
        l->y[m->ofs_lambda + l->arow[j]] = l->y0[m->ofs_lambda + l->arow[j]] + (undo ? 0.0 : h);
        return;
    case P_Z:
        l->y[m->ofs_z + l->zmap[j]] = l->y0[m->ofs_z + l->zmap[j]] + (undo ? 0.0 : h);
        return;
    case P_ZD:
        l->yp[m->ofs_z + l->zmap[j]] = l->yp0[m->ofs_z + l->zmap[j]] + (undo ? 0.0 : h);
        return;
    case P_ZA:
        l->y[m->ofs_z + l->amap[j]] = l->y0[m->ofs_z + l->amap[j]] + (undo ? 0.0 : h);
        return;
    default:
        l->d->var_offset[l->pin->variables[j]] = undo ? 0.0 : h;
        return;
    }
}

/* The responses at the current y, y' (see the blocks above). */
static int respond(lin *l, double *out)
{
    const mbs_model *m = l->m;
    mbs_data *d = l->d;
    d->eval_failed = 0;
    mbs_residual(m, d, l->t, l->y, l->yp, d->res_scratch);
    if (d->eval_failed)
        return fail(l, d->eval_message);
    const double *res = d->res_scratch;
    double *f = out + l->resp_ofs[R_F];
    for (int b = 0; b < m->n_bodies; b++) {
        const mbs_body *body = &m->bodies[b];
        double *fb = f + body->u_ofs - m->ofs_u;
        memcpy(fb, res + body->u_ofs, (size_t)body->nu * sizeof *fb);
        if (body->type == MBS_BODY_RIGID) /* Euler's equations in global axes */
            m3_mul_v(fb + 3, d->bodies[b].A, res + body->u_ofs + 3);
    }
    for (int k = 0; k < l->nz; k++)
        out[l->resp_ofs[R_Z] + k] = res[m->ofs_z + l->zmap[k]];
    for (int k = 0; k < l->nza; k++)
        out[l->resp_ofs[R_ZA] + k] = res[m->ofs_z + l->amap[k]];
    for (int k = 0; k < l->na; k++)
        out[l->resp_ofs[R_RATE] + k] = res[m->ofs_lambda + l->arow[k]];
    for (int k = 0; k < l->nh; k++)
        out[l->resp_ofs[R_G] + k] = res[m->ofs_mu + m->row_mu[l->hrow[k]]];
    for (int k = 0; k < l->no; k++)
        out[l->resp_ofs[R_OUT] + k] = l->y[variable_state(m, l->pout->variables[k])];
    return 0;
}

/* The Jacobian of the responses: central differences at h and h/2 combined
 * by Richardson's rule, (4 D(h/2) - D(h)) / 3, error O(h^4). */
static int jacobian(lin *l, mat J)
{
    int nr = J.r;
    double *f = malloc(4 * ((size_t)nr + 1) * sizeof *f);
    if (!f)
        return fail(l, "out of memory");
    double *fp = f, *fm = f + nr + 1, *fp2 = f + 2 * (nr + 1), *fm2 = f + 3 * (nr + 1);
    int rc = 0;
    for (int c = 0; c < J.c && rc == 0; c++) {
        double h = l->step[c];
        double hs[4] = {h, -h, 0.5 * h, -0.5 * h};
        double *outs[4] = {fp, fm, fp2, fm2};
        for (int k = 0; k < 4 && rc == 0; k++) {
            perturb(l, c, hs[k], 0);
            rc = respond(l, outs[k]);
            perturb(l, c, 0.0, 1);
        }
        for (int i = 0; i < nr && rc == 0; i++) {
            double d1 = (fp[i] - fm[i]) / (2.0 * h), d2 = (fp2[i] - fm2[i]) / h;
            AT(J, i, c) = (4.0 * d2 - d1) / 3.0;
        }
    }
    free(f);
    return rc;
}

/* ---- set-up ---- */

static double model_length(const mbs_model *m)
{
    return m->size > 0 ? m->size : 1.0;
}

/* Difference steps: a thousandth of each variable's scale. */
static void choose_steps(lin *l)
{
    const mbs_model *m = l->m;
    double L = model_length(m), vmax = L, wmax = 1.0, amax = L, almax = 1.0;
    for (int j = 0; j < l->nu; j++) {
        int rot = is_rotation(m, l->coord_body[j], l->coord_k[j]);
        *(rot ? &wmax : &vmax) = fmax(*(rot ? &wmax : &vmax), fabs(l->w0[j]));
        *(rot ? &almax : &amax) = fmax(*(rot ? &almax : &amax), fabs(l->wd0[j]));
    }
    for (int c = 0; c < l->block_ofs[P_COUNT]; c++) {
        int j, block = block_of(l, c, &j), rot = 0;
        if (block <= P_WD)
            rot = is_rotation(m, l->coord_body[j], l->coord_k[j]);
        double scale = 1.0;
        switch (block) {
        case P_S: scale = rot ? 1.0 : L; break;
        case P_W: scale = rot ? wmax : vmax; break;
        case P_WD: scale = rot ? almax : amax; break;
        case P_L: scale = fmax(1.0, fabs(l->y0[m->ofs_lambda + l->arow[j]])); break;
        case P_Z: {
            const mbs_component *comp = &m->comps[0];
            for (int c2 = 0; c2 < m->n_comps; c2++)
                if (l->zmap[j] >= m->comps[c2].state_ofs && l->zmap[j] < m->comps[c2].state_ofs + m->comps[c2].n_states)
                    comp = &m->comps[c2];
            scale = comp->state_scale > 0 ? comp->state_scale : fmax(1.0, fabs(l->y0[m->ofs_z + l->zmap[j]]));
            break;
        }
        case P_ZD: scale = fmax(1.0, fabs(l->yp0[m->ofs_z + l->zmap[j]])); break;
        case P_ZA: scale = fmax(1.0, fabs(l->y0[m->ofs_z + l->amap[j]])); break;
        default: scale = fmax(1.0, fabs(l->y0[variable_state(m, l->pin->variables[j])])); break;
        }
        l->step[c] = 1e-3 * scale;
    }
}

/* Sizes, index maps, the inertial velocities at the operating point. */
static int setup(lin *l)
{
    const mbs_model *m = l->m;
    mbs_data *d = l->d;
    l->nu = m->nu;
    l->coord_body = malloc(((size_t)m->nu + 1) * sizeof *l->coord_body);
    l->coord_k = malloc(((size_t)m->nu + 1) * sizeof *l->coord_k);
    l->zmap = malloc(((size_t)m->nz + 1) * sizeof *l->zmap);
    l->amap = malloc(((size_t)m->nz + 1) * sizeof *l->amap);
    l->arow = malloc(((size_t)m->n_rows + 1) * sizeof *l->arow);
    l->hrow = malloc(((size_t)m->n_rows + 1) * sizeof *l->hrow);
    l->w0 = calloc((size_t)m->nu + 1, sizeof *l->w0);
    l->wd0 = calloc((size_t)m->nu + 1, sizeof *l->wd0);
    l->y = malloc(((size_t)m->ny + 1) * sizeof *l->y);
    l->yp = malloc(((size_t)m->ny + 1) * sizeof *l->yp);
    if (!l->coord_body || !l->coord_k || !l->zmap || !l->amap || !l->arow || !l->hrow || !l->w0 || !l->wd0 || !l->y ||
        !l->yp)
        return fail(l, "out of memory");
    memcpy(l->y, l->y0, (size_t)m->ny * sizeof *l->y);
    memcpy(l->yp, l->yp0, (size_t)m->ny * sizeof *l->yp);
    for (int b = 0; b < m->n_bodies; b++)
        for (int k = 0; k < m->bodies[b].nu; k++) {
            l->coord_body[m->bodies[b].u_ofs - m->ofs_u + k] = b;
            l->coord_k[m->bodies[b].u_ofs - m->ofs_u + k] = k;
        }
    for (int c = 0; c < m->n_comps; c++) {
        const mbs_component *comp = &m->comps[c];
        for (int k = 0; k < comp->n_states; k++) {
            int z = comp->state_ofs + k;
            if (comp->state_form && comp->state_form[k] == MBS_STATE_ALGEBRAIC)
                l->amap[l->nza++] = z;
            else
                l->zmap[l->nz++] = z;
        }
    } /* (the dissipated energy, the model's own state after these, is left out) */
    for (int r = 0; r < m->n_rows; r++)
        if (d->row_active[r]) {
            l->arow[l->na++] = r;
            if (m->row_mu[r] >= 0)
                l->hrow[l->nh++] = r;
        }
    l->pin = m->linear.input >= 0 ? &m->plant_inputs[m->linear.input] : NULL;
    l->pout = m->linear.output >= 0 ? &m->plant_outputs[m->linear.output] : NULL;
    l->ni = l->pin ? l->pin->n_variables : 0;
    l->no = l->pout ? l->pout->n_variables : 0;
    int sizes[P_COUNT] = {l->nu, l->nu, l->nu, l->na, l->nz, l->nz, l->nza, l->ni};
    int rsizes[R_COUNT] = {l->nu, l->nz, l->nza, l->na, l->nh, l->no};
    l->block_ofs[0] = l->resp_ofs[0] = 0;
    for (int b = 0; b < P_COUNT; b++)
        l->block_ofs[b + 1] = l->block_ofs[b] + sizes[b];
    for (int b = 0; b < R_COUNT; b++)
        l->resp_ofs[b + 1] = l->resp_ofs[b] + rsizes[b];
    /* the inertial velocities and accelerations of the operating point */
    mbs_update_bodies(m, d, l->y0, l->yp0);
    for (int b = 0; b < m->n_bodies; b++) {
        const mbs_body_state *s = &d->bodies[b];
        double *w0 = l->w0 + m->bodies[b].u_ofs - m->ofs_u, *wd0 = l->wd0 + m->bodies[b].u_ofs - m->ofs_u;
        for (int k = 0; k < m->bodies[b].nu; k++) {
            w0[k] = k < 3 ? s->v[k] : s->w[k - 3];
            wd0[k] = k < 3 ? s->a[k] : s->alpha[k - 3];
        }
    }
    l->step = malloc(((size_t)l->block_ofs[P_COUNT] + 1) * sizeof *l->step);
    if (!l->step)
        return fail(l, "out of memory");
    choose_steps(l);
    return 0;
}

static void teardown(lin *l)
{
    free(l->coord_body);
    free(l->coord_k);
    free(l->zmap);
    free(l->amap);
    free(l->arow);
    free(l->hrow);
    free(l->w0);
    free(l->wd0);
    free(l->y);
    free(l->yp);
    free(l->step);
}

/* ---- coordinate partitioning ---- */

/* A QR factorisation with column pivoting of G S (m x n; S = diag(scale))
 * that splits the columns into `rank` dependent ones (the pivots) and the
 * independent rest: G[:, dep] x_dep = b has the least-squares solution
 * x_dep = S_dep R11^-1 Q1^T b. Columns marked in `lead` are taken first. */
typedef struct partition {
    int m, n, rank;
    double *qr, *tau, *scale;
    int *dep, *indep; /* [rank], [n - rank] (indep in increasing order) */
} partition;

static void partition_free(partition *p)
{
    free(p->qr);
    free(p->tau);
    free(p->scale);
    free(p->dep);
    free(p->indep);
}

#define RANK_TOLERANCE 1e-9

static int partition_columns(partition *p, mat G, const double *scale, const char *lead)
{
    memset(p, 0, sizeof *p);
    int m = G.r, n = G.c, k = m < n ? m : n;
    p->m = m;
    p->n = n;
    p->qr = malloc(((size_t)m * n + 1) * sizeof *p->qr);
    p->tau = malloc(((size_t)k + 1) * sizeof *p->tau);
    p->scale = malloc(((size_t)n + 1) * sizeof *p->scale);
    p->dep = malloc(((size_t)n + 1) * sizeof *p->dep);
    p->indep = malloc(((size_t)n + 1) * sizeof *p->indep);
    int *jpvt = calloc((size_t)n + 1, sizeof *jpvt);
    if (!p->qr || !p->tau || !p->scale || !p->dep || !p->indep || !jpvt) {
        free(jpvt);
        return -1;
    }
    memcpy(p->scale, scale, (size_t)n * sizeof *scale);
    for (int j = 0; j < n; j++) {
        for (int i = 0; i < m; i++)
            p->qr[i + (size_t)j * m] = AT(G, i, j) * scale[j];
        jpvt[j] = lead && lead[j] ? 1 : 0;
    }
    int info = 0;
    if (m > 0 && n > 0) {
        int lwork = -1, lda = m;
        double query;
        dgeqp3_(&m, &n, p->qr, &lda, jpvt, p->tau, &query, &lwork, &info);
        lwork = (int)query;
        double *work = malloc(((size_t)lwork + 1) * sizeof *work);
        if (!work) {
            free(jpvt);
            return -1;
        }
        dgeqp3_(&m, &n, p->qr, &lda, jpvt, p->tau, work, &lwork, &info);
        free(work);
    } else {
        for (int j = 0; j < n; j++)
            jpvt[j] = j + 1;
    }
    double rmax = 0.0;
    for (int i = 0; i < k; i++)
        rmax = fmax(rmax, fabs(p->qr[i + (size_t)i * m]));
    while (p->rank < k && fabs(p->qr[p->rank + (size_t)p->rank * m]) > RANK_TOLERANCE * rmax)
        p->rank++;
    char *is_dep = calloc((size_t)n + 1, 1);
    if (!is_dep) {
        free(jpvt);
        return -1;
    }
    for (int i = 0; i < p->rank; i++) {
        p->dep[i] = jpvt[i] - 1;
        is_dep[jpvt[i] - 1] = 1;
    }
    int n_indep = 0;
    for (int j = 0; j < n; j++)
        if (!is_dep[j])
            p->indep[n_indep++] = j;
    free(is_dep);
    free(jpvt);
    return info == 0 ? 0 : -1;
}

/* X = S_dep R11^-1 Q1^T B: the dependent coordinates that give G x = B (B is m x c). */
static mat partition_solve(const partition *p, mat B)
{
    mat X = mat_new(p->rank, B.c);
    if (!X.v || p->rank == 0 || B.c == 0)
        return X;
    mat C = mat_block(B, NULL, 0, B.r, 0, B.c);
    int m = p->m, c = B.c, k = p->m < p->n ? p->m : p->n, lwork = -1, info = 0;
    double query;
    dormqr_("L", "T", &m, &c, &k, p->qr, &m, p->tau, C.v, &m, &query, &lwork, &info, 1, 1);
    lwork = (int)query;
    double *work = malloc(((size_t)lwork + 1) * sizeof *work);
    if (work)
        dormqr_("L", "T", &m, &c, &k, p->qr, &m, p->tau, C.v, &m, work, &lwork, &info, 1, 1);
    free(work);
    for (int j = 0; j < c; j++)
        for (int i = p->rank - 1; i >= 0; i--) {
            double s = AT(C, i, j);
            for (int q = i + 1; q < p->rank; q++)
                s -= p->qr[i + (size_t)q * m] * AT(X, q, j);
            AT(X, i, j) = s / p->qr[i + (size_t)i * m];
        }
    for (int j = 0; j < c; j++)
        for (int i = 0; i < p->rank; i++)
            AT(X, i, j) *= p->scale[p->dep[i]];
    mat_free(&C);
    return X;
}

/* ---- the state-space model ---- */

/* Everything the assembly keeps (column-major; chi = [xi eta z u] are the
 * independent variables, n_chi = n + ni). */
typedef struct lsys {
    int n_pos, n_vel, n, n_chi, r_w;
    partition pos, vel, rows;
    mat DS, DW, XID;   /* ds, dw (nu x n_chi), dxi/dt (n_pos x n_chi) */
    mat V;             /* [deta/dt; dlambda; dz/dt; dza] (n_vel + r_w + nz + nza) x n_chi */
    mat AB, CD;        /* [A B] (n x n_chi), [C D] (no x n_chi), SI */
} lsys;

static void system_free(lsys *s)
{
    partition_free(&s->pos);
    partition_free(&s->vel);
    partition_free(&s->rows);
    mat_free(&s->DS);
    mat_free(&s->DW);
    mat_free(&s->XID);
    mat_free(&s->V);
    mat_free(&s->AB);
    mat_free(&s->CD);
}

/* Picks the position and velocity states, and the rows whose multipliers
 * are unknowns. */
static int partitions(lin *l, mat J, lsys *s)
{
    const mbs_model *m = l->m;
    double *scale = malloc(((size_t)l->nu + 1) * sizeof *scale);
    char *lead = calloc((size_t)l->nu + 1, 1);
    if (!scale || !lead) {
        free(scale);
        free(lead);
        return fail(l, "out of memory");
    }
    /* rotations weigh like displacements of the model's size */
    for (int j = 0; j < l->nu; j++)
        scale[j] = is_rotation(m, l->coord_body[j], l->coord_k[j]) ? model_length(m) : 1.0;
    mat Gh = mat_block(J, NULL, l->resp_ofs[R_G], l->nh, l->block_ofs[P_S], l->nu);
    mat G = mat_block(J, NULL, l->resp_ofs[R_RATE], l->na, l->block_ofs[P_W], l->nu);
    int rc = partition_columns(&s->pos, Gh, scale, NULL);
    for (int i = 0; i < s->pos.rank; i++)
        lead[s->pos.dep[i]] = 1;
    rc |= partition_columns(&s->vel, G, scale, lead);
    /* independent rows of G: the pivot columns of G^T */
    mat Gt = mat_new(G.c, G.r);
    double *ones = malloc(((size_t)G.r + 1) * sizeof *ones);
    if (Gt.v && ones) {
        for (int i = 0; i < G.r; i++) {
            ones[i] = 1.0;
            for (int j = 0; j < G.c; j++)
                AT(Gt, j, i) = AT(G, i, j);
        }
        rc |= partition_columns(&s->rows, Gt, ones, NULL);
    } else {
        rc = -1;
    }
    /* the holonomic rows' velocity Jacobian is their position Jacobian: the
     * dependent positions come first among the dependent velocities */
    int consistent = rc == 0 && s->vel.rank >= s->pos.rank;
    for (int i = 0; consistent && i < s->pos.rank; i++)
        consistent = lead[s->vel.dep[i]];
    free(ones);
    mat_free(&Gt);
    mat_free(&Gh);
    mat_free(&G);
    free(scale);
    free(lead);
    if (rc != 0)
        return fail(l, "out of memory in the constraint analysis");
    if (!consistent)
        return fail(l, "the rates of the position constraints do not match their Jacobian (an element's Jacobian "
                       "is wrong?)");
    if (s->vel.rank != s->rows.rank)
        return fail(l, "the constraint equations are nearly singular at this state");
    s->n_pos = l->nu - s->pos.rank;
    s->n_vel = l->nu - s->vel.rank;
    s->r_w = s->rows.rank;
    s->n = s->n_pos + s->n_vel + l->nz;
    s->n_chi = s->n + l->ni;
    return 0;
}

/* ds and dw as functions of chi = [xi eta z u] (see the top of the file). */
static int kinematics(lin *l, mat J, lsys *s)
{
    int nu = l->nu, nc = s->n_chi, n = s->n;
    s->DS = mat_new(nu, nc);
    s->DW = mat_new(nu, nc);
    s->XID = mat_new(s->n_pos, nc);
    if (!s->DS.v || !s->DW.v || !s->XID.v)
        return fail(l, "out of memory");
    /* positions: xi on the independent coordinates, the rest from Gh ds + Gu u = 0 */
    for (int k = 0; k < s->n_pos; k++)
        AT(s->DS, s->pos.indep[k], k) = 1.0;
    mat rhs = mat_new(l->nh, nc);
    for (int k = 0; k < s->n_pos; k++)
        for (int i = 0; i < l->nh; i++)
            AT(rhs, i, k) = -AT(J, l->resp_ofs[R_G] + i, l->block_ofs[P_S] + s->pos.indep[k]);
    for (int k = 0; k < l->ni; k++)
        for (int i = 0; i < l->nh; i++)
            AT(rhs, i, n + k) = -AT(J, l->resp_ofs[R_G] + i, l->block_ofs[P_U] + k);
    mat X = partition_solve(&s->pos, rhs);
    for (int j = 0; j < nc; j++)
        for (int i = 0; i < s->pos.rank; i++)
            AT(s->DS, s->pos.dep[i], j) = AT(X, i, j);
    mat_free(&X);
    mat_free(&rhs);
    /* velocities: eta on the independent ones, the rest from G dw + H ds + Hu u = 0 */
    for (int k = 0; k < s->n_vel; k++)
        AT(s->DW, s->vel.indep[k], s->n_pos + k) = 1.0;
    mat H = mat_block(J, NULL, l->resp_ofs[R_RATE], l->na, l->block_ofs[P_S], nu);
    mat G = mat_block(J, NULL, l->resp_ofs[R_RATE], l->na, l->block_ofs[P_W], nu);
    rhs = mat_mul(H, s->DS);
    mat_add_mul(rhs, G, s->DW);
    for (int k = 0; k < l->ni; k++)
        for (int i = 0; i < l->na; i++)
            AT(rhs, i, n + k) += AT(J, l->resp_ofs[R_RATE] + i, l->block_ofs[P_U] + k);
    for (size_t i = 0; i < (size_t)rhs.r * rhs.c; i++)
        rhs.v[i] = -rhs.v[i];
    X = partition_solve(&s->vel, rhs);
    for (int j = 0; j < nc; j++)
        for (int i = 0; i < s->vel.rank; i++)
            AT(s->DW, s->vel.dep[i], j) = AT(X, i, j);
    mat_free(&X);
    mat_free(&rhs);
    mat_free(&H);
    mat_free(&G);
    /* dxi/dt = dw + omega0 x dtheta at the independent position coordinates */
    for (int k = 0; k < s->n_pos; k++) {
        int j = s->pos.indep[k];
        for (int c = 0; c < nc; c++)
            AT(s->XID, k, c) = AT(s->DW, j, c);
        if (!is_rotation(l->m, l->coord_body[j], l->coord_k[j]) || l->m->bodies[l->coord_body[j]].type != MBS_BODY_RIGID)
            continue;
        /* (omega0 x dtheta)_k = omega0_{k+1} dtheta_{k+2} - omega0_{k+2} dtheta_{k+1} */
        int base = j - l->coord_k[j] + 3, a = l->coord_k[j] - 3, a1 = (a + 1) % 3, a2 = (a + 2) % 3;
        for (int c = 0; c < nc; c++)
            AT(s->XID, k, c) += l->w0[base + a1] * AT(s->DS, base + a2, c) - l->w0[base + a2] * AT(s->DS, base + a1, c);
    }
    return 0;
}

/* The dynamics: the force and state rows solved for deta/dt, dlambda, dz/dt. */
static int dynamics(lin *l, mat J, lsys *s)
{
    int nu = l->nu, nz = l->nz, nza = l->nza, nc = s->n_chi, n = s->n, nv = s->n_vel, nq = nu + nz + nza;
    int *rows = malloc(((size_t)nq + 1) * sizeof *rows);
    if (!rows)
        return fail(l, "out of memory");
    for (int i = 0; i < nu; i++)
        rows[i] = l->resp_ofs[R_F] + i;
    for (int i = 0; i < nz; i++)
        rows[nu + i] = l->resp_ofs[R_Z] + i;
    for (int i = 0; i < nza; i++)
        rows[nu + nz + i] = l->resp_ofs[R_ZA] + i;
    /* dw' = Nw deta/dt + Rx dxi/dt: Nw and Rx are DW's eta and xi columns */
    mat Nw = mat_block(s->DW, NULL, 0, nu, s->n_pos, nv), Rx = mat_block(s->DW, NULL, 0, nu, 0, s->n_pos);
    mat Mf = mat_block(J, rows, 0, nq, l->block_ofs[P_WD], nu);
    mat MNw = mat_mul(Mf, Nw), MRx = mat_mul(Mf, Rx);
    /* L = [M Nw, dF/dlambda (independent rows), dF/dz', dF/dza] */
    int nl = nv + s->r_w + nz + nza;
    mat L = mat_new(nq, nl);
    for (int i = 0; i < nq; i++) {
        for (int k = 0; k < nv; k++)
            AT(L, i, k) = AT(MNw, i, k);
        for (int k = 0; k < s->r_w; k++)
            AT(L, i, nv + k) = AT(J, rows[i], l->block_ofs[P_L] + s->rows.dep[k]);
        for (int k = 0; k < nz; k++)
            AT(L, i, nv + s->r_w + k) = AT(J, rows[i], l->block_ofs[P_ZD] + k);
        for (int k = 0; k < nza; k++)
            AT(L, i, nv + s->r_w + nz + k) = AT(J, rows[i], l->block_ofs[P_ZA] + k);
    }
    /* right side: -(M Rx dxi/dt + K ds + C dw + Z dz + Bu u) */
    mat V = mat_mul(MRx, s->XID);
    mat K = mat_block(J, rows, 0, nq, l->block_ofs[P_S], nu), C = mat_block(J, rows, 0, nq, l->block_ofs[P_W], nu);
    mat_add_mul(V, K, s->DS);
    mat_add_mul(V, C, s->DW);
    for (int i = 0; i < nq; i++) {
        for (int k = 0; k < nz; k++)
            AT(V, i, s->n_pos + nv + k) += AT(J, rows[i], l->block_ofs[P_Z] + k);
        for (int k = 0; k < l->ni; k++)
            AT(V, i, n + k) += AT(J, rows[i], l->block_ofs[P_U] + k);
    }
    for (size_t i = 0; i < (size_t)V.r * V.c; i++)
        V.v[i] = -V.v[i];
    int info = 0;
    if (nq > 0 && nc > 0) {
        int *ipiv = malloc((size_t)nq * sizeof *ipiv);
        info = !ipiv || mbs_lu_factor(L.v, nq, ipiv) != 0;
        if (!info)
            mbs_lu_solve_cols(L.v, nq, ipiv, V.v, nc);
        free(ipiv);
    }
    mat_free(&Nw);
    mat_free(&Rx);
    mat_free(&Mf);
    mat_free(&MNw);
    mat_free(&MRx);
    mat_free(&L);
    mat_free(&K);
    mat_free(&C);
    free(rows);
    s->V = V;
    if (info != 0)
        return fail(l, "the mass matrix on the independent velocities is singular (a body without mass or inertia "
                       "in a direction it can move?)");
    /* [A B]: dxi/dt, deta/dt, dz/dt */
    s->AB = mat_new(n, nc);
    if (!s->AB.v)
        return fail(l, "out of memory");
    for (int c = 0; c < nc; c++) {
        for (int k = 0; k < s->n_pos; k++)
            AT(s->AB, k, c) = AT(s->XID, k, c);
        for (int k = 0; k < nv; k++)
            AT(s->AB, s->n_pos + k, c) = AT(V, k, c);
        for (int k = 0; k < nz; k++)
            AT(s->AB, s->n_pos + nv + k, c) = AT(V, nv + s->r_w + k, c);
    }
    return 0;
}

/* [C D]: the outputs through every variable they depend on. */
static int outputs(lin *l, mat J, lsys *s)
{
    int nu = l->nu, nc = s->n_chi, nv = s->n_vel, r0 = l->resp_ofs[R_OUT];
    s->CD = mat_new(l->no, nc);
    if (!s->CD.v)
        return fail(l, "out of memory");
    if (l->no == 0)
        return 0;
    mat Ys = mat_block(J, NULL, r0, l->no, l->block_ofs[P_S], nu), Yw = mat_block(J, NULL, r0, l->no, l->block_ofs[P_W], nu);
    mat Ya = mat_block(J, NULL, r0, l->no, l->block_ofs[P_WD], nu);
    mat_add_mul(s->CD, Ys, s->DS);
    mat_add_mul(s->CD, Yw, s->DW);
    /* dw' = Nw deta/dt + Rx dxi/dt */
    mat Nw = mat_block(s->DW, NULL, 0, nu, s->n_pos, nv), Rx = mat_block(s->DW, NULL, 0, nu, 0, s->n_pos);
    mat etad = mat_block(s->V, NULL, 0, nv, 0, nc);
    mat DWD = mat_mul(Nw, etad);
    mat_add_mul(DWD, Rx, s->XID);
    mat_add_mul(s->CD, Ya, DWD);
    for (int i = 0; i < l->no; i++)
        for (int c = 0; c < nc; c++) {
            double v = 0.0;
            for (int k = 0; k < s->r_w; k++)
                v += AT(J, r0 + i, l->block_ofs[P_L] + s->rows.dep[k]) * AT(s->V, nv + k, c);
            for (int k = 0; k < l->nz; k++)
                v += AT(J, r0 + i, l->block_ofs[P_ZD] + k) * AT(s->V, nv + s->r_w + k, c);
            for (int k = 0; k < l->nza; k++)
                v += AT(J, r0 + i, l->block_ofs[P_ZA] + k) * AT(s->V, nv + s->r_w + l->nz + k, c);
            AT(s->CD, i, c) += v;
        }
    for (int i = 0; i < l->no; i++) {
        for (int k = 0; k < l->nz; k++)
            AT(s->CD, i, s->n_pos + nv + k) += AT(J, r0 + i, l->block_ofs[P_Z] + k);
        for (int k = 0; k < l->ni; k++)
            AT(s->CD, i, s->n + k) += AT(J, r0 + i, l->block_ofs[P_U] + k);
    }
    mat_free(&Ys);
    mat_free(&Yw);
    mat_free(&Ya);
    mat_free(&Nw);
    mat_free(&Rx);
    mat_free(&etad);
    mat_free(&DWD);
    return 0;
}

/* ---- eigenvalues and modes ---- */

typedef struct eigen_entry {
    double complex lambda;
    int index; /* column of LAPACK's eigenvalues */
} eigen_entry;

static int by_magnitude(const void *pa, const void *pb)
{
    const eigen_entry *a = pa, *b = pb;
    double ma = cabs(a->lambda), mb = cabs(b->lambda);
    if (ma != mb)
        return ma < mb ? -1 : 1;
    return cimag(a->lambda) < cimag(b->lambda) ? 1 : cimag(a->lambda) > cimag(b->lambda) ? -1 : 0;
}

/* Eigenvalues of A (SI) into out (model units), sorted by |lambda|; each
 * mode's shape is ds = DS v on every body coordinate, in model units,
 * scaled so that its largest component is 1. `motion_scale` converts each
 * coordinate from SI to model units, `time_scale` rates from SI. */
static int eigen(lin *l, const lsys *s, const double *motion_scale, double time_scale, mbs_linear_result *out)
{
    int n = s->n, nu = l->nu;
    out->has_eigen = 1;
    if (n == 0)
        return 0;
    double *a = malloc((size_t)n * n * sizeof *a), *wr = malloc((size_t)n * sizeof *wr);
    double *wi = malloc((size_t)n * sizeof *wi), *vr = malloc((size_t)n * n * sizeof *vr);
    eigen_entry *order = malloc((size_t)n * sizeof *order);
    double complex *shape = malloc((size_t)nu * sizeof *shape);
    int info = 0, lwork = -1, one = 1;
    double query, dummy;
    int rc = -1;
    if (!a || !wr || !wi || !vr || !order || !shape)
        goto done;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++)
            a[i + (size_t)j * n] = AT(s->AB, i, j);
    dgeev_("N", "V", &n, a, &n, wr, wi, &dummy, &one, vr, &n, &query, &lwork, &info, 1, 1);
    lwork = (int)query;
    double *work = malloc(((size_t)lwork + 1) * sizeof *work);
    if (!work)
        goto done;
    dgeev_("N", "V", &n, a, &n, wr, wi, &dummy, &one, vr, &n, work, &lwork, &info, 1, 1);
    free(work);
    if (info != 0) {
        rc = fail(l, "LAPACK dgeev did not converge on the state matrix");
        goto done;
    }
    for (int k = 0; k < n; k++)
        order[k] = (eigen_entry){wr[k] + I * wi[k], k};
    qsort(order, (size_t)n, sizeof *order, by_magnitude);
    for (int r = 0; r < n; r++) {
        int k = order[r].index;
        double complex lam = order[r].lambda * time_scale;
        out->eig_re[r] = creal(lam) + 0.0; /* no -0 */
        out->eig_im[r] = cimag(lam) + 0.0;
        out->frequency[r] = cabs(lam) / (2.0 * MBS_PI);
        out->damping[r] = cabs(lam) > 0 ? -creal(lam) / cabs(lam) + 0.0 : NAN;
        /* LAPACK stores a complex pair's vector as (re, im) in columns k, k+1 */
        int first = wi[k] == 0.0 ? k : wi[k] > 0 ? k : k - 1;
        double sign = wi[k] < 0 ? -1.0 : 1.0;
        double complex biggest = 0.0;
        for (int i = 0; i < nu; i++) {
            double complex v = 0.0;
            for (int j = 0; j < n; j++) {
                double re = vr[j + (size_t)first * n], im = wi[k] == 0.0 ? 0.0 : sign * vr[j + (size_t)(first + 1) * n];
                v += AT(s->DS, i, j) * (re + I * im);
            }
            shape[i] = v * motion_scale[i];
            if (cabs(shape[i]) > cabs(biggest) * (1 + 1e-12))
                biggest = shape[i];
        }
        for (int i = 0; i < nu; i++) {
            double complex v = biggest != 0.0 ? shape[i] / biggest : 0.0;
            out->mode_re[(size_t)r * nu + i] = creal(v);
            out->mode_im[(size_t)r * nu + i] = cimag(v);
        }
    }
    rc = 0;
done:
    if (rc != 0 && info == 0)
        fail(l, "out of memory");
    free(a);
    free(wr);
    free(wi);
    free(vr);
    free(order);
    free(shape);
    return rc;
}

/* ---- results in the model's units ---- */

/* A = T F A_si F^-1, B = T F B_si, C = C_si F^-1, D = D_si, with F each
 * state's SI -> model factor and T the time unit in seconds. */
static void to_model_units(const lsys *s, const double *state_scale, double time_scale, int ni, int no,
                           mbs_linear_result *out)
{
    int n = s->n;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++)
            out->A[(size_t)i * n + j] = time_scale * state_scale[i] * AT(s->AB, i, j) / state_scale[j];
        for (int j = 0; j < ni; j++)
            out->B[(size_t)i * ni + j] = time_scale * state_scale[i] * AT(s->AB, i, n + j);
    }
    for (int i = 0; i < no; i++) {
        for (int j = 0; j < n; j++)
            out->C[(size_t)i * n + j] = AT(s->CD, i, j) / state_scale[j];
        for (int j = 0; j < ni; j++)
            out->D[(size_t)i * ni + j] = AT(s->CD, i, n + j);
    }
}

/* The linearisation is dense: its Jacobian (responses x perturbations, about
 * 3 nu x 4 nu) is limited to 512 MB, some 400 rigid bodies. */
#define MAX_JACOBIAN_ENTRIES 64e6

int mbs_linearize(const mbs_model *m, mbs_data *d, double t, const double *y, const double *yp, mbs_linear_result *out,
                  char *msg, size_t msgsize)
{
    memset(out, 0, sizeof *out);
    lin l;
    memset(&l, 0, sizeof l);
    l.m = m;
    l.d = d;
    l.t = t;
    l.y0 = y;
    l.yp0 = yp;
    l.msg = msg;
    l.msgsize = msgsize;
    lsys s;
    memset(&s, 0, sizeof s);
    mat J = {0, 0, NULL};
    int rc = setup(&l);
    if (rc == 0 && (double)l.resp_ofs[R_COUNT] * l.block_ofs[P_COUNT] > MAX_JACOBIAN_ENTRIES) {
        char text[256];
        snprintf(text, sizeof text, "the model is too large for the dense linearisation (%d velocity coordinates, "
                 "%d constraint rows; at most %.0f million Jacobian entries)", l.nu, l.na, MAX_JACOBIAN_ENTRIES / 1e6);
        rc = fail(&l, text);
    }
    if (rc == 0) {
        J = mat_new(l.resp_ofs[R_COUNT], l.block_ofs[P_COUNT]);
        rc = J.v ? jacobian(&l, J) : fail(&l, "out of memory");
    }
    rc = rc ? rc : partitions(&l, J, &s);
    rc = rc ? rc : kinematics(&l, J, &s);
    rc = rc ? rc : dynamics(&l, J, &s);
    rc = rc ? rc : outputs(&l, J, &s);
    if (rc == 0) {
        mbs_linear_layout lay = {s.n_pos, s.n_vel, l.nz, s.pos.indep, s.vel.indep, l.zmap, l.ni, l.no};
        double *state_scale = NULL, *motion_scale = NULL;
        if (mbs_linear_result_alloc(m, &lay, out, &state_scale, &motion_scale) != 0) {
            rc = fail(&l, "out of memory");
        } else {
            double time_scale = mbs_units_to_si(&m->units, DIM_TIME);
            to_model_units(&s, state_scale, time_scale, l.ni, l.no, out);
            out->t = t / time_scale;
            if (m->linear.eigen)
                rc = eigen(&l, &s, motion_scale, time_scale, out);
        }
        free(state_scale);
        free(motion_scale);
    }
    mat_free(&J);
    system_free(&s);
    teardown(&l);
    /* leave the data evaluated at the operating point */
    d->eval_failed = 0;
    mbs_residual(m, d, t, y, yp, d->res_scratch);
    if (rc != 0)
        mbs_linear_result_free(out);
    return rc;
}
