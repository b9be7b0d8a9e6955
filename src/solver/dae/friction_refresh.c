/* Joint friction's bristle rows of the absolute formulation's Newton
 * matrix, fresh at every Newton iterate from the slopes the residual
 * records.
 *
 * The Newton matrix of absolute coordinates is differenced (jacobian.c) and
 * kept for many steps. Joint friction's LuGre bristles make part of it
 * change fast: a bristle z of slip velocity v (elements/lugre.h) has the
 * rate z' = v - sigma0 s z / g(s), s ~ |v|, so its row of the matrix holds
 *   D = c_j + sigma0 s / g              (up to 1e7 |v| for lubricated steel)
 *   c = -dz'/dv = -(1 - z d(sigma0 s/g)/dv)   (0 sliding, -1 sticking)
 * and both turn over when the joint's rate reverses, which every joint of a
 * swinging chain does many times: the matrix of a few steps ago is then
 * off by orders of magnitude there, Newton fails to converge, and IDA makes
 * a new matrix (one residual per column colour, and a factorisation) and
 * cuts the step (the 32-link chain with lubricated joints: 1972
 * convergence failures, 2228 matrices; bench/README.md). Refactoring the
 * matrix with fresh entries would cost as much: KLU's numeric factorisation
 * of that chain's matrix takes as long as 80 residuals.
 *
 * Joint friction records, at every residual, the slopes of its bristles'
 * rates and of its load, and the directions of its joint's slips (a law
 * of recorded slip slopes, model/joints.h: mbs_slip_slopes). Slip k is
 * s_k = G_k.x, x the bodies' velocity variables: with the variables of a
 * rigid body X, its centre of mass's velocity v_X and its body-axis
 * angular velocity wb_X (A_X: body axes -> global, r_X its centre of
 * mass), and sign_I = 1, sign_J = -1,
 *   G_k on v_X   sign_X lin_k
 *   G_k on wb_X  sign_X A_X^T ((p - r_X) x lin_k + ang_k)
 * and the load conjugate to the slips, f_k, enters the rows of those
 * variables as -sum_k f_k G_k (residual.c: M u' - Q). So bristle k's row
 * and the bristles' columns of the matrix are
 *   row:     D_k z_k - sum_j c_kj G_j.x        D_k = c_j - dz_k'/dz_k,
 *                                              c_kj = dz_k'/ds_j
 *   columns: -sum_k G_k sum_j F_kj z_j         F_kj = df_k/dz_j
 * (the dissipated energy's row reads them too, but its pattern keeps only
 * its diagonal: sparsity.c). The bristles eliminate exactly:
 * z_k = (r_k + sum_j c_kj G_j.x) / D_k, and
 *   S x = r_x + sum_k G_k sum_j F_kj r_j / D_j,
 *   S = (the rest of the matrix) - sum_k G_k sum_j F_kj / D_j sum_i c_ji G_i^T.
 * The matrix IDA factored, M, differs from the fresh one only in its
 * bristles' entries; solving M (x, z) = (q, 0) gives x = S_M^-1 q with the
 * S of M's bristles. So each solve here takes the slopes the last residual
 * recorded (Newton's current iterate): it forms q with the fresh D, F,
 * solves with M's factors, and puts the fresh bristles back from x. What
 * stays of M's bristles is their term in S: for a revolute joint a torsion
 * spring of at most k_b / c_j (k_b = r^2 sigma0 N, the bristles' presliding
 * stiffness) against c_j times the inertia about the axis, small where the
 * steps resolve the presliding oscillation (h sqrt(k_b / J) < 1); alike for
 * the other joints' slips. No residual, no factorisation: a solve costs
 * what it did.
 *
 * And M holds the bristles eliminated already: the pattern keeps only their
 * diagonal (sparsity.c), the differences leave their columns out, and the
 * matrix's bristle term of S, -sum_kl G_k W_kl G_l^T with
 * W_kl = sum_j F_kj c_jl / D_j at the matrix's state, is added to the
 * bodies' block, which the joint couples already (mbs_friction_refresh_
 * matrix_end); each bristle's row is its D_k alone. So M's factors are
 * those of S and D: friction's couplings add no nonzeros to them (KLU's
 * factors of the 32-link chain held 43 % more with the bristles in the
 * pattern; bench/README.md). */
#include "friction_refresh.h"
#include "../../core/vec3.h"

#include <stdlib.h>
#include <string.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>

typedef struct fr_friction {
    int comp;
    int z0;      /* the first of its bristles' variables */
    int body[2]; /* I's and J's body, -1 where it has no velocity variables */
    int v[2];    /* the first of their velocity variables (centre of mass), or -1 */
    int wb[2];   /* the first of their angular velocity variables (body axes), or -1 */
    /* at the matrix's state (mbs_friction_refresh_matrix_begin): each slip's
     * G_k, each bristle's D_k, the bristles' term W of S; fold: M holds them */
    double g[MBS_SLIP_STATES][2][6], D[MBS_SLIP_STATES], W[MBS_SLIP_STATES][MBS_SLIP_STATES];
    int n, active, fold;
} fr_friction;

struct mbs_friction_refresh {
    const mbs_model *m;
    mbs_data *d;
    SUNLinearSolver inner;
    fr_friction *fr;
    int n_fr;
    double cj;           /* the matrix's c_j */
    double *rhs;         /* [ny] the right side as IDA gave it */
    mbs_slip_slopes *recorded;      /* [n_comps] d->slip_slopes */
    mbs_slip_slopes *matrix_slopes; /* [n_comps] at the matrix's state */
    int last_flag;
};

/* Whether component c records its slip slopes (model/joints.h): a
 * joint-local law in a joint of one of its slip_types (joint friction); its
 * description into l. */
static int records_slopes(const mbs_model *m, const mbs_component *c, mbs_joint_local *l)
{
    if (!c->ops->joint_local || !c->ops->joint_local(c, l) || l->joint < 0)
        return 0;
    return (MBS_JOINT_BIT(m->comps[l->joint].joint->type) & l->slip_types) != 0;
}

int mbs_friction_refresh_wanted(const mbs_model *m)
{
    mbs_joint_local l;
    for (int c = 0; c < m->n_comps; c++)
        if (records_slopes(m, &m->comps[c], &l))
            return 1;
    return 0;
}

char *mbs_friction_refresh_eliminated(const mbs_model *m)
{
    char *out = calloc((size_t)m->n_comps + 1, 1);
    mbs_joint_local l;
    for (int c = 0; out && c < m->n_comps; c++)
        out[c] = (char)records_slopes(m, &m->comps[c], &l);
    return out;
}

/* ---- the linear solver ---- */

#define CONTENT(ls) ((mbs_friction_refresh *)(ls)->content)

static SUNLinearSolver_Type get_type(SUNLinearSolver ls)
{
    return SUNLinSolGetType(CONTENT(ls)->inner);
}

static SUNLinearSolver_ID get_id(SUNLinearSolver ls)
{
    (void)ls;
    return SUNLINEARSOLVER_CUSTOM;
}

static int initialize(SUNLinearSolver ls)
{
    return SUNLinSolInitialize(CONTENT(ls)->inner);
}

static int setup(SUNLinearSolver ls, SUNMatrix A)
{
    return CONTENT(ls)->last_flag = SUNLinSolSetup(CONTENT(ls)->inner, A);
}

/* G_k of friction fr at the bodies' state in d and the recorded slip
 * directions: g[x][0..2] on body x's velocity, g[x][3..5] on its body-axis
 * angular velocity (see the top). */
static void slip_gradient(const fr_friction *fr, const mbs_slip_slopes *s, int k, const mbs_data *d, double g[2][6])
{
    for (int x = 0; x < 2; x++) {
        memset(g[x], 0, sizeof g[x]);
        if (fr->body[x] < 0)
            continue;
        const mbs_body_state *b = &d->bodies[fr->body[x]];
        double sign = x == 0 ? 1.0 : -1.0, arm[3], w[3];
        v3_scale(g[x], s->lin[k], sign);
        v3_sub(arm, s->point, b->r);
        v3_cross(w, arm, s->lin[k]);
        v3_add(w, w, s->ang[k]);
        m3_tmul_v(g[x] + 3, b->A, w);
        v3_scale(g[x] + 3, g[x] + 3, sign);
    }
}

/* sum over body x's variables of a += scale g[x] (into) or of g[x].a (out of) */
static void add_along(const fr_friction *fr, double g[2][6], double scale, double *a)
{
    for (int x = 0; x < 2; x++)
        for (int j = 0; j < 6; j++) {
            int var = j < 3 ? fr->v[x] : fr->wb[x];
            if (var >= 0)
                a[var + j % 3] += scale * g[x][j];
        }
}

static double dot_along(const fr_friction *fr, double g[2][6], const double *a)
{
    double sum = 0.0;
    for (int x = 0; x < 2; x++)
        for (int j = 0; j < 6; j++) {
            int var = j < 3 ? fr->v[x] : fr->wb[x];
            if (var >= 0)
                sum += g[x][j] * a[var + j % 3];
        }
    return sum;
}

/* M (x, z) = (q, 0) with q = r_x + sum_k G_k sum_j F_kj r_j / D_j, then
 * z_k = (r_k + sum_j c_kj G_j.x) / D_k (see the top). A friction a command
 * has switched off keeps the matrix's bristles (it is not evaluated: its
 * record is stale). */
static int solve(SUNLinearSolver ls, SUNMatrix A, N_Vector xv, N_Vector bv, double tol)
{
    mbs_friction_refresh *f = CONTENT(ls);
    const mbs_data *d = f->d;
    double *b = N_VGetArrayPointer(bv);
    memcpy(f->rhs, b, (size_t)f->m->ny * sizeof *b);
    for (int i = 0; i < f->n_fr; i++) {
        const fr_friction *fr = &f->fr[i];
        if (!mbs_component_active(f->m, d, fr->comp))
            continue;
        const mbs_slip_slopes *s = &f->recorded[fr->comp];
        double rz[MBS_SLIP_STATES];
        for (int j = 0; j < s->n; j++) {
            rz[j] = f->rhs[fr->z0 + j] / (f->cj - s->dzdot_dz[j]);
            b[fr->z0 + j] = 0.0;
        }
        for (int k = 0; k < s->n; k++) {
            double load = 0.0, g[2][6];
            for (int j = 0; j < s->n; j++)
                load += s->df_dz[k][j] * rz[j];
            slip_gradient(fr, s, k, d, g);
            add_along(fr, g, load, b);
        }
    }
    int rc = SUNLinSolSolve(f->inner, A, xv, bv, tol);
    double *sol = N_VGetArrayPointer(xv);
    for (int i = 0; rc == 0 && i < f->n_fr; i++) {
        const fr_friction *fr = &f->fr[i];
        if (!mbs_component_active(f->m, d, fr->comp))
            continue;
        const mbs_slip_slopes *s = &f->recorded[fr->comp];
        double slip[MBS_SLIP_STATES], g[2][6];
        for (int j = 0; j < s->n; j++) {
            slip_gradient(fr, s, j, d, g);
            slip[j] = dot_along(fr, g, sol);
        }
        for (int k = 0; k < s->n; k++) {
            double r = f->rhs[fr->z0 + k];
            for (int j = 0; j < s->n; j++)
                r += s->dzdot_ds[k][j] * slip[j];
            sol[fr->z0 + k] = r / (f->cj - s->dzdot_dz[k]);
        }
    }
    memcpy(b, f->rhs, (size_t)f->m->ny * sizeof *b);
    return f->last_flag = rc;
}

static sunindextype last_flag(SUNLinearSolver ls)
{
    return (sunindextype)CONTENT(ls)->last_flag;
}

static void free_content(mbs_friction_refresh *f)
{
    if (!f)
        return;
    if (f->d && f->d->slip_slopes == f->recorded)
        f->d->slip_slopes = NULL;
    if (f->inner)
        SUNLinSolFree(f->inner);
    free(f->fr);
    free(f->rhs);
    free(f->recorded);
    free(f->matrix_slopes);
    free(f);
}

static int destroy(SUNLinearSolver ls)
{
    if (!ls)
        return 0;
    free_content(CONTENT(ls));
    ls->content = NULL;
    SUNLinSolFreeEmpty(ls);
    return 0;
}

/* The frictions whose slopes are recorded, with their variables; 0, or -1
 * out of memory. */
static int find_frictions(mbs_friction_refresh *f)
{
    const mbs_model *m = f->m;
    f->fr = malloc(((size_t)m->n_comps + 1) * sizeof *f->fr);
    if (!f->fr)
        return -1;
    for (int c = 0; c < m->n_comps; c++) {
        const mbs_component *comp = &m->comps[c];
        mbs_joint_local l;
        if (!records_slopes(m, comp, &l))
            continue;
        fr_friction *fr = &f->fr[f->n_fr++];
        fr->comp = c;
        fr->z0 = m->ofs_z + comp->state_ofs;
        int markers[2] = {l.I, l.J};
        for (int k = 0; k < 2; k++) {
            const mbs_marker *mk = &m->markers[markers[k]];
            const mbs_body *b = mk->type == MBS_MARKER_FRAME ? &m->bodies[mk->body] : NULL;
            int rigid = b && b->type == MBS_BODY_RIGID, point = b && b->type == MBS_BODY_POINT;
            fr->body[k] = rigid || point ? mk->body : -1;
            fr->v[k] = rigid || point ? b->u_ofs : -1;
            fr->wb[k] = rigid ? b->u_ofs + 3 : -1;
        }
    }
    return 0;
}

SUNLinearSolver mbs_friction_refresh_solver(SUNLinearSolver inner, const mbs_model *m, mbs_data *d,
                                            const mbs_pattern *p, mbs_friction_refresh **refresh_out)
{
    mbs_friction_refresh *f = calloc(1, sizeof *f);
    SUNLinearSolver ls = NULL;
    if (f) {
        f->m = m;
        f->d = d;
        f->inner = inner;
        f->rhs = malloc(((size_t)m->ny + 1) * sizeof *f->rhs);
        f->recorded = calloc((size_t)m->n_comps + 1, sizeof *f->recorded);
        f->matrix_slopes = calloc((size_t)m->n_comps + 1, sizeof *f->matrix_slopes);
        if (f->rhs && f->recorded && f->matrix_slopes && find_frictions(f) == 0)
            ls = SUNLinSolNewEmpty(inner->sunctx);
        for (int i = 0; ls && i < f->n_fr; i++)
            f->fr[i].fold = p->analytic[f->fr[i].z0];
    }
    if (!ls) {
        if (f)
            free_content(f);
        else
            SUNLinSolFree(inner);
        return NULL;
    }
    ls->content = f;
    ls->ops->gettype = get_type;
    ls->ops->getid = get_id;
    ls->ops->initialize = initialize;
    ls->ops->setup = setup;
    ls->ops->solve = solve;
    ls->ops->lastflag = last_flag;
    ls->ops->free = destroy;
    d->slip_slopes = f->recorded;
    *refresh_out = f;
    return ls;
}

/* Entry (row, col) of A, dense or CSC with sorted rows; NULL outside the
 * pattern. */
static double *entry(SUNMatrix A, int row, int col)
{
    if (SUNMatGetID(A) != SUNMATRIX_SPARSE)
        return SUNDenseMatrix_Column(A, col) + row;
    const sunindextype *cp = SUNSparseMatrix_IndexPointers(A), *ri = SUNSparseMatrix_IndexValues(A);
    sunindextype lo = cp[col], hi = cp[col + 1];
    while (lo < hi) {
        sunindextype mid = lo + (hi - lo) / 2;
        if (ri[mid] < row)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < cp[col + 1] && ri[lo] == row ? SUNSparseMatrix_Data(A) + lo : NULL;
}

/* The body velocity variable of G's entry j on body x, or -1. */
static int variable(const fr_friction *fr, int x, int j)
{
    int first = j < 3 ? fr->v[x] : fr->wb[x];
    return first >= 0 ? first + j % 3 : -1;
}

void mbs_friction_refresh_matrix_begin(mbs_friction_refresh *f, double cj)
{
    f->cj = cj;
    memcpy(f->matrix_slopes, f->recorded, (size_t)f->m->n_comps * sizeof *f->recorded);
    for (int i = 0; i < f->n_fr; i++) {
        fr_friction *fr = &f->fr[i];
        const mbs_slip_slopes *s = &f->recorded[fr->comp];
        fr->active = mbs_component_active(f->m, f->d, fr->comp);
        fr->n = fr->active ? s->n : 0;
        for (int k = 0; k < fr->n; k++) {
            slip_gradient(fr, s, k, f->d, fr->g[k]);
            fr->D[k] = cj - s->dzdot_dz[k];
        }
        for (int k = 0; k < fr->n; k++)
            for (int l = 0; l < fr->n; l++) {
                fr->W[k][l] = 0.0;
                for (int j = 0; j < fr->n; j++)
                    fr->W[k][l] += s->df_dz[k][j] * s->dzdot_ds[j][l] / fr->D[j];
            }
    }
}

/* Into J, differenced without the eliminated bristles: their diagonal
 * (D_k; c_j for a friction switched off, whose states are frozen: z' = 0)
 * and their term of S, -sum_kl G_k W_kl G_l^T, on the bodies' block. */
void mbs_friction_refresh_matrix_end(mbs_friction_refresh *f, SUNMatrix J)
{
    memcpy(f->recorded, f->matrix_slopes, (size_t)f->m->n_comps * sizeof *f->recorded);
    for (int i = 0; i < f->n_fr; i++) {
        const fr_friction *fr = &f->fr[i];
        if (!fr->fold)
            continue;
        for (int k = 0; k < f->m->comps[fr->comp].n_states; k++) {
            double *diag = entry(J, fr->z0 + k, fr->z0 + k);
            *diag = fr->active && k < fr->n ? fr->D[k] : f->cj;
        }
        for (int xr = 0; xr < 2; xr++)
            for (int jr = 0; jr < 6; jr++) {
                int row = variable(fr, xr, jr);
                for (int xc = 0; row >= 0 && xc < 2; xc++)
                    for (int jc = 0; jc < 6; jc++) {
                        int col = variable(fr, xc, jc);
                        double term = 0.0, *a;
                        if (col < 0)
                            continue;
                        for (int k = 0; k < fr->n; k++)
                            for (int l = 0; l < fr->n; l++)
                                term += fr->g[k][xr][jr] * fr->W[k][l] * fr->g[l][xc][jc];
                        if (term != 0.0 && (a = entry(J, row, col)) != NULL)
                            *a -= term;
                    }
            }
    }
}
