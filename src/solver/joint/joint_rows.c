/* Output rows made consistent in joint coordinates (joint_system.h,
 * mbs_joint_system_row; docs/theory.md, "Output rows"). */
#include "joint_system_impl.h"
#include "../dae/residual.h"
#include "../../core/dense.h"
#include "../../core/vec3.h"

#include <math.h>
#include <string.h>

/* The multipliers of tree joint jt's rows, into y (absolute), from the
 * wrench W it exerts on its I body (mbs_tree_reactions: moment about the
 * origin, force). Its rows' terms on the loaded body B (the I body; the J
 * body, which gets -W, when I is on the ground, as mbs_joint_reaction has
 * it) satisfy -sum_r lambda_r (lin_r, ang_r) = (force, moment about B's
 * centre of mass). At a consistent state W is a constraint wrench (the
 * joint's rates' residuals S^T W vanish), in the span of the rows, so the
 * least-squares solution is exact. 0, or -1 (more rows than a wrench has
 * components, or rows that do not span their wrenches). */
static int tree_joint_multipliers(mbs_joint_system *s, mbs_eval *ev, const mbs_tree_joint *jt, const double *W,
                                  double *y)
{
    const mbs_model *m = s->m;
    const mbs_component *c = &m->comps[jt->comp];
    int nr = c->n_hrows + c->n_vrows;
    if (nr > 6)
        return -1;
    int body = mbs_marker_body(ev, c->joint->I);
    double sign = 1.0;
    if (m->bodies[body].type == MBS_BODY_GROUND) {
        body = mbs_marker_body(ev, c->joint->J);
        sign = -1.0;
    }
    double load[6], rxf[3];
    for (int i = 0; i < 3; i++) {
        load[i] = sign * W[3 + i];
        load[3 + i] = sign * W[i];
    }
    v3_cross(rxf, s->d->bodies[body].r, load);
    v3_sub(load + 3, load + 3, rxf);
    double A[6][6] = {{0}}, N[36], b[6];
    int piv[6];
    for (int k = 0; k < nr; k++) {
        const mbs_jac *jac = &s->d->rows[c->row_ofs + k].jac;
        for (int l = 0; l < jac->n; l++)
            if (jac->terms[l].body == body)
                for (int i = 0; i < 3; i++) {
                    A[k][i] += jac->terms[l].lin[i];
                    A[k][3 + i] += jac->terms[l].ang[i];
                }
    }
    for (int k = 0; k < nr; k++) {
        b[k] = 0.0;
        for (int i = 0; i < 6; i++)
            b[k] -= A[k][i] * load[i];
        for (int l = 0; l < nr; l++) {
            N[nr * k + l] = 0.0;
            for (int i = 0; i < 6; i++)
                N[nr * k + l] += A[k][i] * A[l][i];
        }
    }
    if (mbs_lu_factor(N, nr, piv) != 0)
        return -1;
    mbs_lu_solve(N, nr, piv, b);
    for (int k = 0; k < nr; k++)
        y[m->ofs_lambda + c->row_ofs + k] = b[k];
    return 0;
}

/* the floor of the rates' relative change (mbs_relative_change): rad/s^2, m/s^2 */
#define ROW_ACCEL_FLOOR 1e-3
#define ROW_ITERATIONS 20

int mbs_joint_system_row(mbs_joint_system *s, double t, double *yj, double *ypj, double *y, double *yp)
{
    const mbs_model *m = s->m;
    int n = s->n, np = s->np, nk = s->n_kept;
    long evals = s->residual_evals;
    double *acc = ypj + np, *rates = ypj + np + n, *du = s->yjw, *dz = s->rj + np + n;
    for (int q = 0; q < s->n_quaternions; q++) {
        const mbs_tree_joint *jt = &s->tree.joints[s->quaternion[q]];
        double *p = yj + jt->pos + jt->quat, norm = sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2] + p[3] * p[3]);
        for (int i = 0; i < 4; i++)
            p[i] /= norm;
    }
    mbs_js_position_rates(s, yj, yj + np, ypj);
    /* Newton on the rates' derivatives with the matrix [M 0; 0 I]: exact
     * where nothing but inertia reads the accelerations; the forces that do
     * (joint friction through its joint's reaction, an element's damping
     * through its state's rate) converge linearly and, where they are too
     * strong, not at all: the caller then takes the absolute path */
    mbs_tree_swap_factors(&s->tree, &s->other_factors);
    int done = 0;
    double previous = INFINITY;
    s->d->eval_failed = 0;
    for (int iter = 0; iter < ROW_ITERATIONS && !done; iter++) {
        mbs_joint_system_residual(s, t, yj, ypj, s->rj);
        if (s->d->eval_failed || (iter == 0 && mbs_tree_articulate(&s->tree, m, s->d, NULL) != 0))
            break;
        mbs_tree_solve_mass(&s->tree, s->rj + np, du);
        for (int i = 0; i < n; i++)
            acc[i] -= du[i];
        for (int k = 0; k < nk; k++)
            rates[k] -= dz[k];
        double change = fmax(mbs_relative_change(du, acc, n, ROW_ACCEL_FLOOR), mbs_relative_change(dz, rates, nk, 0.0));
        done = change <= 1e-10 || (change <= 1e-8 && change >= previous);
        previous = change;
    }
    mbs_tree_swap_factors(&s->tree, &s->other_factors);
    int failed = !done;
    if (done) {
        /* the loads at the solution give the joints' reactions; the rows'
         * Jacobians (the tree's joints are no rows in the residual) their
         * multipliers */
        mbs_joint_system_residual(s, t, yj, ypj, s->rj);
        mbs_tree_reactions(&s->tree, m, s->d, s->tree.comp_in_tree, s->reactions);
        mbs_js_expand(s, yj, ypj, 1);
        memcpy(y, s->y, (size_t)m->ny * sizeof *y);
        memcpy(yp, s->yp, (size_t)m->ny * sizeof *yp);
        mbs_eval ev = {m, s->d, t, s->y, s->yp, s->res};
        mbs_residual_components(&ev, s->tree.comp_in_tree);
        for (int j = 0; j < s->tree.n_joints && !failed; j++)
            if (s->tree.joints[j].comp >= 0)
                failed = tree_joint_multipliers(s, &ev, &s->tree.joints[j], s->reactions + 6 * s->tree.joints[j].comp, y) != 0;
        failed |= s->d->eval_failed;
    }
    s->residual_evals = evals; /* the integrator's count */
    s->last_valid = 0;         /* s->reactions now has every tree joint's, from this row's state */
    s->fresh_made = 0;         /* other_factors are this row's */
    return failed ? -1 : 0;
}

