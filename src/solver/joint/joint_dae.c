/* The joint formulation behind the DAE interface (joint_dae.h,
 * ../dae/formulation.h): IDA integrates the joint system's yj
 * (joint_system.h), the rest of the run sees the absolute state it stands
 * for. What is the joint formulation's own: the tolerances and error
 * weights of the tree's coordinates (an angle's relative tolerance applies
 * to half a turn at most; a spherical joint's or free root's quaternion and
 * angular velocity weigh as a body's), its linear solver (TREE, the
 * articulated-body solve with the Schur complement of the other variables,
 * with the MASS Newton matrix; dense LU of the differenced one), and the
 * tree joints' turns counted from their angles. The absolute variables it
 * keeps take the absolute formulation's rules (../dae/weights.h). */
#include "joint_dae.h"
#include "joint_system.h"
#include "tree_solver.h"
#include "../dae/weights.h"
#include "../../core/vec3.h"
#include "../../model/layout.h"

#include <math.h>
#include <stdlib.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>

typedef struct joint_dae {
    const mbs_model *m;
    mbs_data *d;
    mbs_joint_system *js;
    int n;                     /* yj's variables */
    double *atol_abs, *id_abs; /* [ny] the absolute variables', gathered into yj's */
    int *var_of_abs;           /* [ny] where an absolute variable is in yj, or -1 (the tree replaced it) */
    mbs_linear_solver solver;
    long matrices, matrix_residuals;
} joint_dae;

static int size(const void *self)
{
    return ((const joint_dae *)self)->n;
}

static int contract(void *self, double t, const double *y, const double *yp, double *x, double *xp, char *msg,
                    size_t msgsize)
{
    return mbs_joint_system_contract(((joint_dae *)self)->js, t, y, yp, x, xp, msg, msgsize);
}

static int expand(void *self, const double *x, const double *xp, double *y, double *yp, const double **yo,
                  const double **ypo)
{
    mbs_joint_system_expand(((joint_dae *)self)->js, x, xp, y, yp);
    *yo = y;
    *ypo = yp;
    return 1; /* the tree's bodies by forward kinematics, the others from y */
}

static void residual(void *self, double t, const double *x, const double *xp, double *res)
{
    mbs_joint_system_residual(((joint_dae *)self)->js, t, x, xp, res);
}

/* The tree's coordinates and their rates: differential, atol (radians or
 * metres); the kept variables as in absolute coordinates. */
static void tolerances(void *self, const mbs_solver_settings *s, double *atol, double *id)
{
    joint_dae *j = self;
    mbs_abs_tolerances(j->m, s, j->atol_abs, j->id_abs);
    int coords = mbs_joint_system_tree_size(j->js);
    for (int i = 0; i < j->n; i++) {
        int a = mbs_joint_system_abs_index(j->js, i);
        atol[i] = i < coords ? s->atol : j->atol_abs[a];
        id[i] = i < coords ? 1.0 : j->id_abs[a];
    }
}

static void weights(void *self, const double *x, const double *atol, double rtol, double h, double energy_returned,
                    double *w)
{
    const joint_dae *j = self;
    mbs_abs_weights(j->m, j->var_of_abs, j->n, x, atol, rtol, h, energy_returned, w);
    /* a joint angle's relative tolerance applies to at most half a turn:
     * the turns it has made do not make it less accurate (an angle of 15
     * rad held to 1e-11 of itself lets a mechanism drift further than its
     * positions may in absolute coordinates: the Andrews squeezer) */
    for (int i = 0; i < mbs_joint_system_positions(j->js); i++)
        if (mbs_joint_system_is_angle(j->js, i))
            w[i] = 1.0 / (rtol * fmin(fabs(x[i]), MBS_PI) + atol[i]);
    /* a spherical joint's or free root's quaternion and angular velocity: as a body's */
    for (int q = 0; q < mbs_joint_system_n_quaternions(j->js); q++) {
        int pos, rate;
        mbs_joint_system_quaternion(j->js, q, &pos, &rate);
        mbs_rotating_weights(x, atol, pos, 4, rtol, w);
        mbs_rotating_weights(x, atol, rate, 3, rtol, w);
    }
}

static mbs_linear_solver linear_solver(void *self, SUNContext ctx, N_Vector tmpl, SUNMatrix *A, SUNLinearSolver *LS)
{
    joint_dae *j = self;
    int n = j->n;
    if (mbs_joint_system_newton(j->js) == MBS_NEWTON_MASS) {
        int nt = mbs_joint_system_block_size(j->js);
        *A = mbs_tree_matrix_create(nt, n - nt, ctx);
        mbs_tree_block tree;
        mbs_joint_system_tree_block(j->js, &tree);
        *LS = *A ? mbs_tree_solver_create(nt, n - nt, &tree, ctx) : NULL;
        return j->solver = MBS_LS_TREE;
    }
    /* the tree couples its coordinates densely */
    *A = SUNDenseMatrix(n, n, ctx);
    *LS = *A ? SUNLinSol_Dense(tmpl, *A, ctx) : NULL;
    return j->solver = MBS_LS_DENSE;
}

static int newton_matrix(void *self, double t, double cj, double h, const double *x, const double *xp,
                         const double *r, double *w, const double *atol, SUNMatrix J)
{
    (void)r; /* the joint system evaluates its own, keeping what it needs of it */
    joint_dae *j = self;
    mbs_abs_increment_weights(j->m, j->var_of_abs, atol, w);
    long before = mbs_joint_system_residual_evals(j->js);
    if (j->solver == MBS_LS_TREE)
        mbs_joint_system_jacobian_mass(j->js, t, cj, h, x, xp, w, mbs_tree_matrix_kept(J), mbs_tree_matrix_rows(J));
    else
        mbs_joint_system_jacobian(j->js, t, cj, h, x, xp, w, SUNDenseMatrix_Data(J));
    j->matrices++;
    j->matrix_residuals += mbs_joint_system_residual_evals(j->js) - before;
    return j->d->eval_fatal ? -1 : j->d->eval_failed ? 1 : 0;
}

static void newton_counts(const void *self, long *matrices, long *residuals)
{
    const joint_dae *j = self;
    *matrices = j->matrices;
    *residuals = j->matrix_residuals;
}

static int matrix_every_cj(const void *self)
{
    return mbs_joint_system_fresh_block(((const joint_dae *)self)->js);
}

static const char *accept(void *self, double t, const double *x)
{
    return mbs_joint_system_accept(((joint_dae *)self)->js, t, x);
}

static int makes_rows(const void *self)
{
    return mbs_joint_system_makes_rows(((const joint_dae *)self)->js);
}

static int row(void *self, double t, double *x, double *xp, double *y, double *yp)
{
    return mbs_joint_system_row(((joint_dae *)self)->js, t, x, xp, y, yp);
}

static int full_multipliers(const void *self)
{
    (void)self;
    return 0; /* the tree joints': their reactions are the backward pass's */
}

static int abs_index(const void *self, int i)
{
    return mbs_joint_system_abs_index(((const joint_dae *)self)->js, i);
}

static void describe(const void *self, int i, char *out, size_t size)
{
    const joint_dae *j = self;
    if (mbs_joint_system_describe(j->js, i, out, size) != 0)
        mbs_layout_describe(j->m, mbs_joint_system_abs_index(j->js, i), 0, out, size);
}

static void free_joint(void *self)
{
    joint_dae *j = self;
    mbs_joint_system_free(j->js);
    free(j->atol_abs);
    free(j->id_abs);
    free(j->var_of_abs);
    free(j);
}

static const mbs_dae_ops OPS = {
    .size = size,
    .contract = contract,
    .expand = expand,
    .residual = residual,
    .tolerances = tolerances,
    .weights = weights,
    .linear_solver = linear_solver,
    .newton_matrix = newton_matrix,
    .newton_counts = newton_counts,
    .matrix_every_cj = matrix_every_cj,
    .accept = accept,
    .makes_rows = makes_rows,
    .row = row,
    .full_multipliers = full_multipliers,
    .abs_index = abs_index,
    .describe = describe,
    .free = free_joint,
};

mbs_dae mbs_dae_joint(const mbs_model *m, mbs_data *d, int *coords)
{
    joint_dae *j = calloc(1, sizeof *j);
    mbs_dae dae = {&OPS, j};
    if (!j)
        return dae;
    j->m = m;
    j->d = d;
    j->js = mbs_joint_system_create(m, d);
    size_t ny = (size_t)m->ny + 1;
    j->atol_abs = calloc(ny, sizeof *j->atol_abs);
    j->id_abs = calloc(ny, sizeof *j->id_abs);
    j->var_of_abs = malloc(ny * sizeof *j->var_of_abs);
    if (!j->js || !j->atol_abs || !j->id_abs || !j->var_of_abs) {
        mbs_dae_free(&dae);
        return dae;
    }
    j->n = mbs_joint_system_size(j->js);
    for (int a = 0; a < m->ny; a++)
        j->var_of_abs[a] = -1;
    for (int i = mbs_joint_system_tree_size(j->js); i < j->n; i++)
        j->var_of_abs[mbs_joint_system_abs_index(j->js, i)] = i;
    *coords = mbs_joint_system_coords(j->js);
    return dae;
}
