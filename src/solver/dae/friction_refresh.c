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
 * Joint friction on a REVOLUTE or UNIVERSAL joint records, at every
 * residual, its torque T about its axis a (global) and the slopes of its
 * two bristles' rates and of T (a joint-local law whose slopes are
 * recorded, model/joints.h). With the joint's rate
 * w = G.x (G: g_I = A_I^T a on I's body-axis angular velocity wb_I, g_J =
 * -A_J^T a on J's, A body axes -> global) and its torques -T g_X in the
 * rows of wb_X (residual.c), bristle k's row and column of the matrix are
 *   row:     D_k z_k + c_k G.x                 D_k = c_j - dz_k'/dz_k,
 *                                              c_k = -dz_k'/dw
 *   column:  b_k G                             b_k = -dT/dz_k
 * (the dissipated energy's row reads them too, but its pattern keeps only
 * its diagonal: sparsity.c). The bristles eliminate exactly:
 * z_k = (r_k - c_k G.x) / D_k, and
 *   S x = r_x - sum_k b_k G r_k / D_k,
 *   S = (the rest of the matrix) - sum_k b_k (c_k / D_k) G G^T.
 * The matrix IDA factored, M, differs from the fresh one only in its
 * bristles' entries; solving M (x, z) = (q, 0) gives x = S_M^-1 q with the
 * S of M's bristles. So each solve here takes the slopes the last residual
 * recorded (Newton's current iterate): it forms q with the fresh D, b,
 * solves with M's factors, and puts the fresh bristles back from x. What
 * stays of M's bristles is their term b c / D G G^T in S: a torsion spring
 * of at most k_b / c_j (k_b = r^2 sigma0 N, the bristles' presliding
 * stiffness) against c_j times the inertia about the axis, small where the
 * steps resolve the presliding oscillation (h sqrt(k_b / J) < 1). No
 * residual, no factorisation: a solve costs what it did. */
#include "friction_refresh.h"
#include "../../core/vec3.h"

#include <stdlib.h>
#include <string.h>

typedef struct fr_friction {
    int comp;
    int z[2];    /* the bristles' variables */
    int body[2]; /* I's and J's body, -1 where it has no angular velocity variables */
    int wb[2];   /* the first of their angular velocity variables */
} fr_friction;

struct mbs_friction_refresh {
    const mbs_model *m;
    mbs_data *d;
    SUNLinearSolver inner;
    fr_friction *fr;
    int n_fr;
    double cj;           /* the matrix's c_j */
    double *rhs;         /* [ny] the right side as IDA gave it */
    mbs_axial_slopes *recorded;      /* [n_comps] d->axial_slopes */
    mbs_axial_slopes *matrix_slopes; /* [n_comps] at the matrix's state */
    int last_flag;
};

/* Whether component c records its slopes (model/joints.h): a joint-local
 * law of RECORDED slopes in a joint of one of its types (joint friction on
 * a REVOLUTE or UNIVERSAL joint); its description into l. */
static int records_slopes(const mbs_model *m, const mbs_component *c, mbs_joint_local *l)
{
    if (!c->ops->joint_local || !c->ops->joint_local(c, l) || l->slopes != MBS_SLOPES_RECORDED || l->joint < 0)
        return 0;
    return (MBS_JOINT_BIT(m->comps[l->joint].joint->type) & l->types) != 0;
}

int mbs_friction_refresh_wanted(const mbs_model *m)
{
    mbs_joint_local l;
    for (int c = 0; c < m->n_comps; c++)
        if (records_slopes(m, &m->comps[c], &l))
            return 1;
    return 0;
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

/* G of friction fr at the bodies' orientations in d and the recorded axis:
 * g[x] on body x's angular velocity. */
static void rate_gradient(const fr_friction *fr, const mbs_axial_slopes *s, const mbs_data *d,
                          double g[2][3])
{
    for (int x = 0; x < 2; x++) {
        v3_set(g[x], 0, 0, 0);
        if (fr->body[x] >= 0)
            m3_tmul_v(g[x], d->bodies[fr->body[x]].A, s->axis);
    }
    v3_scale(g[1], g[1], -1.0);
}

/* M (x, z) = (q, 0) with q = r_x - sum_k b_k G r_k / D_k, then
 * z_k = (r_k - c_k G.x) / D_k (see the top). A friction a command has
 * switched off keeps the matrix's bristles (it is not evaluated: its
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
        const mbs_axial_slopes *s = &f->recorded[fr->comp];
        double g[2][3];
        rate_gradient(fr, s, d, g);
        for (int k = 0; k < 2; k++) {
            double rz = f->rhs[fr->z[k]] / (f->cj - s->dzdot_dz[k]);
            for (int x = 0; x < 2; x++)
                for (int j = 0; fr->body[x] >= 0 && j < 3; j++)
                    b[fr->wb[x] + j] += s->dT_dz[k] * g[x][j] * rz;
            b[fr->z[k]] = 0.0;
        }
    }
    int rc = SUNLinSolSolve(f->inner, A, xv, bv, tol);
    double *sol = N_VGetArrayPointer(xv);
    for (int i = 0; rc == 0 && i < f->n_fr; i++) {
        const fr_friction *fr = &f->fr[i];
        if (!mbs_component_active(f->m, d, fr->comp))
            continue;
        const mbs_axial_slopes *s = &f->recorded[fr->comp];
        double g[2][3], w = 0.0;
        rate_gradient(fr, s, d, g);
        for (int x = 0; x < 2; x++)
            for (int j = 0; fr->body[x] >= 0 && j < 3; j++)
                w += g[x][j] * sol[fr->wb[x] + j];
        for (int k = 0; k < 2; k++)
            sol[fr->z[k]] = (f->rhs[fr->z[k]] + s->dzdot_dw[k] * w) / (f->cj - s->dzdot_dz[k]);
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
    if (f->d && f->d->axial_slopes == f->recorded)
        f->d->axial_slopes = NULL;
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
        int markers[2] = {l.I, l.J};
        for (int k = 0; k < 2; k++) {
            fr->z[k] = m->ofs_z + comp->state_ofs + k;
            const mbs_marker *mk = &m->markers[markers[k]];
            const mbs_body *b = mk->type == MBS_MARKER_FRAME ? &m->bodies[mk->body] : NULL;
            fr->body[k] = b && b->type == MBS_BODY_RIGID ? mk->body : -1;
            fr->wb[k] = fr->body[k] >= 0 ? b->u_ofs + 3 : -1;
        }
    }
    return 0;
}

SUNLinearSolver mbs_friction_refresh_solver(SUNLinearSolver inner, const mbs_model *m, mbs_data *d,
                                            mbs_friction_refresh **refresh_out)
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
    d->axial_slopes = f->recorded;
    *refresh_out = f;
    return ls;
}

void mbs_friction_refresh_matrix_begin(mbs_friction_refresh *f, double cj)
{
    f->cj = cj;
    memcpy(f->matrix_slopes, f->recorded, (size_t)f->m->n_comps * sizeof *f->recorded);
}

void mbs_friction_refresh_matrix_end(mbs_friction_refresh *f)
{
    memcpy(f->recorded, f->matrix_slopes, (size_t)f->m->n_comps * sizeof *f->recorded);
}
