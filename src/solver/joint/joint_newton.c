/* The joint formulation's Newton matrix (joint_system.h, docs/theory.md
 * "Newton matrix"): DIFFERENCE, every column by differences; MASS, the
 * tree's block by its structure (c_j M by articulated bodies, with revolute
 * joint friction's bristles and damping folded in as an armature) and the
 * other variables' columns and rows for the TREE solver's Schur complement
 * (tree_solver.c). */
#include "joint_system_impl.h"
#include "../dae/jacobian.h"
#include "tree_solver.h"
#include "../../core/rotation.h"

#include <float.h>
#include <math.h>
#include <string.h>

/* Columns [from, to) of the Newton matrix by differences from the residual
 * rj0 at (yj, ypj), with jacobian.c's increments (IDA's): max(sqrt(eps)
 * max(|y_i|, |h y'_i|), 1 / w_i) signed like h y'_i, y' moved by cj times
 * it; column c into cols + (c - from) nj. A tree rate's column is two
 * differences, dF/dy with that increment over c_j (at least 4 rounding
 * errors of y) and c_j dF/dy' with the increment itself: its rate is an
 * acceleration, which the residual reads through every load that depends on
 * accelerations (inertia, the reactions joint friction reads), and moved by
 * c_j times the increment (40 rad/s^2 at c_j = 4e7) it carried a joint's
 * bending moment across zero, where its friction's normal force has a kink,
 * and the column's sign came out wrong (a friction chain's Newton then
 * failed for good), or, on the anti-roll bar's beams, far enough to double
 * its steps; and a joint at rest moved by the whole increment crossed its
 * friction's kink in the slip speed (a 32-link friction chain: 10 600
 * convergence failures, against 460 with the smaller one). One more
 * residual per rate. Neither increment goes below the rate's acceleration
 * floor (acceleration_floors; the velocity's, that over c_j): the
 * variables' own increments can be lost in the rounding of the row's
 * terms. */
static void difference_columns(mbs_joint_system *s, double t, double cj, double h, const double *yj,
                               const double *ypj, const double *ewt, int from, int to, double *cols)
{
    int nj = s->nj;
    double srur = sqrt(DBL_EPSILON);
    memcpy(s->yjw, yj, (size_t)nj * sizeof *yj);
    memcpy(s->ypjw, ypj, (size_t)nj * sizeof *ypj);
    for (int c = from; c < to; c++) {
        double inc = mbs_difference_increment(yj[c], ypj[c], h, ewt[c]);
        if (h * ypj[c] < 0)
            inc = -inc;
        int rate = c >= s->np && c < s->np + s->n;
        double acc = inc, floor = rate ? s->acc_floor[c - s->np] : 0.0;
        if (rate && cj > 1.0)
            inc = copysign(fmax(fabs(inc) / cj, 4.0 * srur * fabs(yj[c])), inc);
        if (rate)
            inc = copysign(fmax(fabs(inc), floor / fmax(cj, 1.0)), inc);
        inc = (yj[c] + inc) - yj[c];
        double *col = cols + (size_t)(c - from) * nj;
        s->yjw[c] += inc;
        if (!rate)
            s->ypjw[c] += cj * inc;
        mbs_joint_system_residual(s, t, s->yjw, s->ypjw, s->rj);
        for (int i = 0; i < nj; i++)
            col[i] = (s->rj[i] - s->rj0[i]) / inc;
        s->yjw[c] = yj[c];
        if (rate) {
            acc = copysign(fmax(fmax(fabs(acc), floor), srur * fabs(ypj[c])), acc);
            acc = (ypj[c] + acc) - ypj[c];
            s->ypjw[c] += acc;
            mbs_joint_system_residual(s, t, s->yjw, s->ypjw, s->rj);
            for (int i = 0; i < nj; i++)
                col[i] += cj * (s->rj[i] - s->rj0[i]) / acc;
        }
        s->ypjw[c] = ypj[c];
    }
}

/* The solver's matrix (tree_solver.h) without the local states, which are
 * of the tree's block: the column of kept variable k >= n_local, and the
 * entry of its row on column col of that block. */
static double *kept_column(const mbs_joint_system *s, double *kept, int k)
{
    return kept + (size_t)(k - s->n_local) * s->nj;
}

static double *row_entry(const mbs_joint_system *s, double *rows, int col, int k)
{
    return rows + (size_t)col * (s->n_kept - s->n_local) + (k - s->n_local);
}

/* The tree's columns from its structure: its own block, c_j I - I on the
 * positions and c_j M on the velocities, stays with the tree (its
 * articulated-body factors: fold_local_groups; mbs_joint_system_tree_block
 * solves with them); into rows (column major, zeroed: row_entry) go each
 * kept constraint row's G on the tree (rate rows on the velocities,
 * position rows on the positions). */
static void mass_columns(mbs_joint_system *s, double cj, double *rows)
{
    const mbs_model *m = s->m;
    int np = s->np;
    s->cj = cj;
    for (int k = s->n_local; k < s->n_kept; k++) {
        int r = s->row_of[k], position = s->kept[k] >= m->ofs_mu;
        if (r < 0 || !s->row_on[r])
            continue;
        mbs_tree_row_jacobian(&s->tree, m, s->d, &s->d->rows[r].jac, s->grow);
        if (!position) {
            for (int l = 0; l < s->n; l++)
                *row_entry(s, rows, np + l, k) = s->grow[l];
            continue;
        }
        /* on the positions: a quaternion's turn is 2 L(p) dp (body axes) */
        for (int j = 0; j < s->tree.n_joints; j++) {
            const mbs_tree_joint *jt = &s->tree.joints[j];
            int plain = jt->quat >= 0 ? jt->quat : jt->n_coords; /* as in position_rates */
            for (int c = 0; c < plain; c++)
                *row_entry(s, rows, jt->pos + c, k) = s->grow[jt->coord + c];
            if (jt->quat < 0)
                continue;
            double L[12];
            const double *g = s->grow + jt->coord + jt->quat;
            mbs_quat_L(s->q_jac + jt->pos + jt->quat, L);
            for (int i = 0; i < 4; i++)
                *row_entry(s, rows, jt->pos + jt->quat + i, k) = 2.0 * (L[i] * g[0] + L[4 + i] * g[1] + L[8 + i] * g[2]);
        }
    }
}

/* The rate rows' (G(q) u) dependence on the tree's positions, which
 * mass_columns leaves out, by differences over the positions: where a
 * body spins fast relative to its tree parent (a wheel on its frame),
 * turning the parent turns the spin and moves the row by |w| per radian.
 * Left out, that term sent the Whipple bicycle's multipliers' Newton
 * updates c_j-fold astray (24 000 convergence failures in 6 s, against none
 * with it); np residuals per matrix, a few per cent of the models' time. */
static void rate_rows_on_positions(mbs_joint_system *s, double t, double cj, double h, const double *yj,
                                   const double *ypj, const double *ewt, double *rows)
{
    const mbs_model *m = s->m;
    int np = s->np, nk = s->n_kept, nj = s->nj, n2 = mbs_joint_system_tree_size(s), rate_rows = 0;
    for (int k = 0; k < nk; k++)
        rate_rows += s->row_of[k] >= 0 && s->kept[k] < m->ofs_mu;
    if (rate_rows == 0)
        return; /* (kept element states only: state_rows_on_tree) */
    difference_columns(s, t, cj, h, yj, ypj, ewt, 0, np, s->pos_cols);
    for (int k = 0; k < nk; k++)
        if (s->row_of[k] >= 0 && s->kept[k] < m->ofs_mu)
            for (int c = 0; c < np; c++)
                *row_entry(s, rows, c, k) = s->pos_cols[(size_t)c * nj + n2 + k];
}

/* The kept bristle states' rows on the tree's variables, which
 * mass_columns leaves at zero, for the states that are not local (those
 * are groups_from_recorded_slopes'). A tree joint's friction reads only its own
 * joint's relative motion, and its bristles' rates do not depend on the
 * normal force (docs/joint-friction.md, "The LuGre law"), so one residual
 * moves the c-th position (or rate) of every joint at once and each bristle row takes its own
 * joint's difference: at most 7 + 6 residuals for any number of joints.
 * (The rows read neither the positions' nor the rates' derivatives.) */
static void state_rows_on_tree(mbs_joint_system *s, double t, const double *yj, const double *ypj,
                               const double *ewt, double h, double *rows)
{
    if (s->n_local == s->n_state_joints)
        return;
    int nk = s->n_kept, np = s->np, n2 = mbs_joint_system_tree_size(s), most[2] = {0, 0};
    for (int j = 0; j < s->tree.n_joints; j++) {
        most[0] = s->tree.joints[j].n_pos > most[0] ? s->tree.joints[j].n_pos : most[0];
        most[1] = s->tree.joints[j].n_coords > most[1] ? s->tree.joints[j].n_coords : most[1];
    }
    for (int rates = 0; rates < 2; rates++)
        for (int c = 0; c < most[rates]; c++) {
            memcpy(s->yjw, yj, (size_t)s->nj * sizeof *yj);
            for (int j = 0; j < s->tree.n_joints; j++) {
                const mbs_tree_joint *jt = &s->tree.joints[j];
                if (c >= (rates ? jt->n_coords : jt->n_pos))
                    continue;
                int col = rates ? np + jt->coord + c : jt->pos + c;
                s->yjw[col] = yj[col] + mbs_difference_increment(yj[col], ypj[col], h, ewt[col]);
            }
            s->record_friction = s->hold_reactions = rates;
            mbs_joint_system_residual(s, t, s->yjw, ypj, s->rj);
            s->record_friction = s->hold_reactions = 0;
            /* the friction's own damping: its part of its joint's rate rows
             * against that joint's rate, at the reactions of the Newton
             * matrix's state: every joint's rate moved at once moves each
             * joint's slip by its own increment only (a slip is a relative
             * motion), but the reactions by the others' too (centripetal
             * loads: on a chain +150 where the own damping was -0.9) */
            for (int j = 0; rates && j < s->tree.n_joints; j++) {
                int l = s->tree.joints[j].coord + c;
                if (s->joint_rubbed[j] && c < s->tree.joints[j].n_coords)
                    s->fric_damping[l] = (s->fric_part[l] - s->fric_base[l]) / (s->yjw[np + l] - yj[np + l]);
            }
            for (int k = 0; k < nk; k++) {
                int j = s->state_joint[k];
                if (j < 0 || k < s->n_local)
                    continue;
                const mbs_tree_joint *jt = &s->tree.joints[j];
                if (c >= (rates ? jt->n_coords : jt->n_pos))
                    continue;
                int col = rates ? np + jt->coord + c : jt->pos + c;
                *row_entry(s, rows, col, k) = (s->rj[n2 + k] - s->rj0[n2 + k]) / (s->yjw[col] - yj[col]);
            }
        }
}

/* The kept bristle states' columns that are not local (those are
 * groups_from_recorded_slopes'), a
 * colour at a time (find_state_joints): one residual moves every state of
 * the colour by its increment (and its rate by c_j times it, as
 * difference_columns), and each column takes the rows its state moves: its
 * element's states' and its joint's rates'. The dissipated energy's row is
 * left at zero (it drives nothing). */
static void state_columns(mbs_joint_system *s, double t, double cj, double h, const double *yj,
                          const double *ypj, const double *ewt, double *cols)
{
    int nk = s->n_kept, nj = s->nj, np = s->np, n2 = mbs_joint_system_tree_size(s);
    for (int colour = 0; colour < s->n_colours; colour++) {
        int any = 0;
        for (int k = s->n_local; k < nk && !any; k++)
            any = s->state_colour[k] == colour;
        if (!any)
            continue;
        memcpy(s->yjw, yj, (size_t)nj * sizeof *yj);
        memcpy(s->ypjw, ypj, (size_t)nj * sizeof *ypj);
        for (int k = s->n_local; k < nk; k++) {
            if (s->state_colour[k] != colour)
                continue;
            int c = n2 + k;
            double inc = mbs_difference_increment(yj[c], ypj[c], h, ewt[c]);
            inc = ((h * ypj[c] < 0 ? -inc : inc) + yj[c]) - yj[c];
            s->yjw[c] += inc;
            s->ypjw[c] += cj * inc;
        }
        mbs_joint_system_residual(s, t, s->yjw, s->ypjw, s->rj);
        for (int k = s->n_local; k < nk; k++) {
            if (s->state_colour[k] != colour)
                continue;
            double inc = s->yjw[n2 + k] - yj[n2 + k];
            const mbs_tree_joint *jt = &s->tree.joints[s->state_joint[k]];
            double *col = kept_column(s, cols, k);
            memset(col, 0, (size_t)nj * sizeof *col);
            for (int i = np + jt->coord; i < np + jt->coord + jt->n_coords; i++)
                col[i] = (s->rj[i] - s->rj0[i]) / inc;
            for (int l = 0; l < nk; l++)
                if (s->state_comp[l] == s->state_comp[k])
                    col[n2 + l] = (s->rj[n2 + l] - s->rj0[n2 + l]) / inc;
        }
    }
}

/* Group g's entries, and its friction's damping of its joint's rate, from
 * its element's recorded slopes (mbs_js_group_slopes). A revolute tree joint's rate is the rate w of I
 * relative to J about the friction's axis, and the friction's generalised
 * force on it is its torque T, each times the sign s (+1 when the child
 * holds I, else -1: the joint then turns J relative to I), and the rate
 * row is M u' - Q. So, state k of the group (its residual dz_k/dt -
 * zdot_k): Z_kk = c_j - d zdot_k/dz_k, its column's entry on the rate row
 * b_k = -s dT/dz_k, its row's entry on the rate column c_k = -s d zdot_k/dw;
 * the damping, -dT/dw. (By differences these took three residuals more per
 * matrix.) Switched off by a command: zero slopes (its states frozen, their
 * residuals their rates). */
static void group_from_slopes(mbs_joint_system *s, int g, double cj)
{
    const mbs_axial_slopes *sl = mbs_js_group_slopes(s, g);
    int first = s->grp_first[g];
    double sign = mbs_js_group_sign(s, g);
    for (int i = 0; i < sl->n; i++) {
        int k = first + i;
        s->loc_z[k] = cj - sl->dzdot_dz[i];
        s->loc_b[k] = -sign * sl->dT_dz[i];
        s->loc_c[k] = -sign * sl->dzdot_dw[i];
    }
    s->fric_damping[s->grp_coord[g]] -= sl->dT_dw;
}

/* Every local group's entries (group_from_slopes) from the slopes the
 * last residual recorded (axial_slopes), its friction's damping reset
 * first. */
static void groups_from_recorded_slopes(mbs_joint_system *s, double cj)
{
    memset(s->fric_damping, 0, (size_t)s->n * sizeof *s->fric_damping);
    for (int g = 0; g < s->n_groups; g++)
        group_from_slopes(s, g, cj);
}

/* Whether the last residual, with its own reactions, was at (t, yj, ypj):
 * it is when IDA asks for a Newton matrix, and then its recorded slopes
 * serve the matrix. */
static int last_residual_at(const mbs_joint_system *s, double t, const double *yj, const double *ypj)
{
    size_t size = (size_t)s->nj * sizeof *yj;
    return s->last_valid && s->last_t == t && memcmp(s->last_yj, yj, size) == 0 &&
           memcmp(s->last_ypj, ypj, size) == 0;
}

/* What eliminating each local group adds to c_j M on its joint's rate:
 * -b_g . Z_g^-1 c_g (b_g its columns' entries on that rate's row, c_g its
 * rows' entries on that rate's column, Z_g its block, diagonal: loc_z),
 * kept over c_j as the armature of
 * M + A / c_j; and the friction's damping of its joint's rates (the
 * dependence of its torque on the slip speed: sigma_1 through the
 * bristles' rate and sigma_2, r^2 N times them; on a light rotor with a
 * large pin it is many times c_j M, and without it Newton failed at
 * every other step). 0, or -1 when a block is singular. */
static int fold_local_groups(mbs_joint_system *s, double cj)
{
    memset(s->armature, 0, (size_t)s->n * sizeof *s->armature);
    for (int g = 0; g < s->n_groups; g++) {
        double a = 0.0;
        for (int k = s->grp_first[g]; k < s->grp_first[g] + s->grp_size[g]; k++) {
            if (s->loc_z[k] == 0.0)
                return -1;
            a -= s->loc_b[k] * s->loc_c[k] / s->loc_z[k];
        }
        s->armature[s->grp_coord[g]] += a / cj;
    }
    for (int l = 0; l < s->n; l++)
        s->armature[l] += s->fric_damping[l] / cj;
    for (const struct js_spring *sp = s->springs; sp < s->springs + s->n_springs; sp++)
        if (mbs_component_active(s->m, s->d, sp->comp))
            s->armature[sp->coord] += (sp->c + sp->k / cj) / cj;
    return 0;
}

/* The armature the tree's block is articulated with, or NULL (none). */
static const double *block_armature(const mbs_joint_system *s)
{
    return s->n_state_joints > 0 || s->n_groups > 0 || s->n_springs > 0 ? s->armature : NULL;
}

static int tree_block_factored(void *user)
{
    return ((mbs_joint_system *)user)->articulated;
}

/* The matrix's fold of the local groups, as the block's solve reads it
 * (b, c, z), kept and put back where the fresh block fails: the matrix's
 * tree factors go with it. */
static void matrix_fold(mbs_joint_system *s, int restore)
{
    size_t size = (size_t)s->n_local * sizeof *s->loc_b;
    double *kept[3] = {s->matrix_fold, s->matrix_fold + s->n_local, s->matrix_fold + 2 * s->n_local};
    double *live[3] = {s->loc_b, s->loc_c, s->loc_z};
    for (int i = 0; i < 3; i++)
        memcpy(restore ? live[i] : kept[i], restore ? kept[i] : live[i], size);
}

/* With fresh_block, M is that of the step's first Newton iterate: IDA
 * solves right after evaluating the residual there, which left the tree's
 * bodies in place, and articulating them costs about a residual. M changes
 * as the tree moves, and a chain swinging through takes it far from the
 * Newton matrix's within a few steps: IDA then failed Newton's convergence
 * test and cut its step by four (the 32-link chain: 1519 failures and 7520
 * steps; 4037 steps with M fresh, bench/README.md). The step's later
 * iterates are its first corrected, close enough that articulating again
 * gained nothing (the same steps and iterations; a fifth more time): so
 * once per step attempt (its time) and Newton matrix. The local friction's
 * slopes likewise, from that residual (axial_slopes: the matrix's went
 * stale as joints passed between sticking and sliding). Only where nothing
 * outside the block reads it (its Schur complement, tree_solver.c, is made
 * with the matrix's M); where the iterate's factors fail (a joint's D
 * not positive there), the matrix's serve, with the matrix's fold. */
static void fresh_factors(mbs_joint_system *s)
{
    if (s->fresh_made && s->fresh_t == s->residual_t && s->fresh_matrix == s->n_matrices)
        return;
    s->fresh_made = 1;
    s->fresh_t = s->residual_t;
    s->fresh_matrix = s->n_matrices;
    if (s->matrix_residual == s->residual_evals) {
        s->fresh_ok = 0; /* the Newton matrix was made at this iterate: its block is this one */
        return;
    }
    if (s->n_groups > 0)
        groups_from_recorded_slopes(s, s->cj);
    fold_local_groups(s, s->cj); /* cannot fail: each z is c_j + sigma_0 s / g > 0 */
    mbs_tree_swap_factors(&s->tree, &s->other_factors);
    s->fresh_ok = mbs_tree_articulate(&s->tree, s->m, s->d, block_armature(s)) == 0;
    mbs_tree_swap_factors(&s->tree, &s->other_factors);
    if (!s->fresh_ok && s->n_groups > 0)
        matrix_fold(s, 1); /* (a negative armature, the Stribeck curve's fall, can make a D <= 0) */
}

/* x = T^-1 r on the tree's block (x and r distinct): the positions, the
 * rates and the local groups. Each group g on rate l eliminated first,
 * r_l -= b_g . Z_g^-1 r_g, and each axial spring's stiffness on its angle,
 * r_l -= k r1_l / c_j; then x2 = (c_j M + A)^-1 r2 by articulated bodies
 * (A the armature: block_armature), x1 = (r1 + K x2) / c_j (K the
 * positions' rates from the rates, position_rates at the Newton matrix's
 * positions); and each group's x_g = Z_g^-1 (r_g - c_g x2_l). */
static void tree_block_solve(void *user, const double *r, double *x)
{
    mbs_joint_system *s = user;
    int n = s->n, np = s->np, n2 = np + n, fresh = 0;
    if (s->fresh_block && s->fresh_on) {
        fresh_factors(s);
        fresh = s->fresh_ok;
    }
    if (fresh)
        mbs_tree_swap_factors(&s->tree, &s->other_factors);
    const double *r2 = r + np;
    if (s->n_groups > 0 || s->n_springs > 0) {
        memcpy(s->loc_r, r + np, (size_t)n * sizeof *s->loc_r);
        for (int g = 0; g < s->n_groups; g++)
            for (int k = s->grp_first[g]; k < s->grp_first[g] + s->grp_size[g]; k++)
                s->loc_r[s->grp_coord[g]] -= s->loc_b[k] * r[n2 + k] / s->loc_z[k];
        /* a spring's stiffness on its angle, whose correction is (r1 + x2) / c_j */
        for (const struct js_spring *sp = s->springs; sp < s->springs + s->n_springs; sp++)
            if (mbs_component_active(s->m, s->d, sp->comp))
                s->loc_r[sp->coord] -= sp->k * r[sp->pos] / s->cj;
        r2 = s->loc_r;
    }
    mbs_tree_solve_mass(&s->tree, r2, x + np);
    for (int i = 0; i < n; i++)
        x[np + i] /= s->cj;
    mbs_js_position_rates(s, s->q_jac, x + np, x);
    for (int i = 0; i < np; i++)
        x[i] = (r[i] + x[i]) / s->cj;
    for (int g = 0; g < s->n_groups; g++)
        for (int k = s->grp_first[g]; k < s->grp_first[g] + s->grp_size[g]; k++)
            x[n2 + k] = (r[n2 + k] - s->loc_c[k] * x[np + s->grp_coord[g]]) / s->loc_z[k];
    if (fresh)
        mbs_tree_swap_factors(&s->tree, &s->other_factors);
}

void mbs_joint_system_tree_block(mbs_joint_system *s, mbs_tree_block *out)
{
    *out = (mbs_tree_block){tree_block_factored, tree_block_solve, s};
}

/* Each tree rate's least acceleration increment, at the state of the last
 * residual: the one whose inertia M_kk moves the rate's row by sqrt(eps)
 * times the size of the terms it sums (mbs_tree_term_sizes), i.e. a
 * difference above their rounding by 1/sqrt(eps). The rates' own
 * increments (1/w, about atol) can lie below it: on a node of the anti-roll
 * bar with J = 1e-4 kg m^2 held 0.5 m from the origin by 180 N, 1e-10
 * rad/s^2 moved its row by 1e-14 N m, its rounding, and its column lost c_j
 * M (Newton failed at t = 0.0018 s). */
static void acceleration_floors(mbs_joint_system *s)
{
    int n = s->n;
    mbs_tree_term_sizes(&s->tree, s->m, s->d, s->acc_floor);
    mbs_tree_mass_diagonal(&s->tree, s->m, s->d, s->mass_diag);
    for (int l = 0; l < n; l++) {
        double mkk = s->mass_diag[l];
        s->acc_floor[l] = mkk > 0.0 ? sqrt(DBL_EPSILON) * s->acc_floor[l] / mkk : 0.0;
    }
}

void mbs_joint_system_jacobian(mbs_joint_system *s, double t, double cj, double h, const double *yj,
                               const double *ypj, const double *ewt, double *J)
{
    mbs_joint_system_residual(s, t, yj, ypj, s->rj0);
    acceleration_floors(s);
    difference_columns(s, t, cj, h, yj, ypj, ewt, 0, s->nj, J);
    /* the dissipated energy drives nothing: its row only its diagonal, as
     * in absolute coordinates (sparsity.c); its differenced row crossed the
     * friction power's kinks at joints coming to rest */
    int nj = s->nj, e = mbs_joint_system_tree_size(s) + s->energy_kept;
    for (int c = 0; c < nj; c++)
        J[(size_t)c * nj + e] = c == e ? cj : 0.0;
}

void mbs_joint_system_jacobian_mass(mbs_joint_system *s, double t, double cj, double h, const double *yj,
                                    const double *ypj, const double *ewt, double *kept, double *rows)
{
    /* The dissipated energy drives nothing: its column is c_j on its own
     * row. The other kept columns by differences from the residual here,
     * which also leaves the rows' Jacobians; without any (a tree alone) the
     * tree's kinematics suffice. */
    int nk = s->n_kept, n2 = mbs_joint_system_tree_size(s), energy = s->energy_kept, nc = s->m->n_comps;
    s->n_matrices++;
    memcpy(s->q_jac, yj, (size_t)s->np * sizeof *s->q_jac);
    if (nk - s->n_local > 1) {
        s->record_friction = 1;
        mbs_joint_system_residual(s, t, yj, ypj, s->rj0);
        s->record_friction = 0;
        memcpy(s->fric_base, s->fric_part, (size_t)s->n * sizeof *s->fric_base);
        memcpy(s->reactions_base, s->reactions, (size_t)nc * 6 * sizeof *s->reactions_base);
        /* the local groups from this residual's slopes, before the
         * differences' residuals record theirs (they leave the groups and
         * the local joints' damping alone) */
        groups_from_recorded_slopes(s, cj);
        mass_columns(s, cj, rows);
        rate_rows_on_positions(s, t, cj, h, yj, ypj, ewt, rows);
        if (s->n_state_joints > 0)
            state_rows_on_tree(s, t, yj, ypj, ewt, h, rows);
        for (int k = s->n_local; k < nk; k++)
            if (k != energy && s->state_joint[k] < 0)
                difference_columns(s, t, cj, h, yj, ypj, ewt, n2 + k, n2 + k + 1, kept_column(s, kept, k));
        state_columns(s, t, cj, h, yj, ypj, ewt, kept);
        s->matrix_residual = -1;
    } else {
        int here = last_residual_at(s, t, yj, ypj);
        if (s->n_groups > 0 && !here) {
            mbs_joint_system_residual(s, t, yj, ypj, s->rj0);
            here = 1;
        }
        groups_from_recorded_slopes(s, cj);
        mass_columns(s, cj, rows);
        s->matrix_residual = here ? s->residual_evals : -1;
    }
    /* the factors at (yj): the differences above moved the tree; a
     * residual there left it in place */
    if (s->matrix_residual < 0)
        mbs_js_expand(s, yj, ypj, 0);
    s->articulated = fold_local_groups(s, cj) != 0
                         ? -1
                         : mbs_tree_articulate(&s->tree, s->m, s->d, block_armature(s));
    if (s->fresh_block && s->n_groups > 0)
        matrix_fold(s, 0);
    kept_column(s, kept, energy)[n2 + energy] = cj;
}

void mbs_joint_system_allow_fresh_block(mbs_joint_system *s, int on)
{
    s->fresh_on = on;
    s->fresh_made = 0;
}

int mbs_joint_system_block_size(const mbs_joint_system *s)
{
    return s->np + s->n + s->n_local;
}
