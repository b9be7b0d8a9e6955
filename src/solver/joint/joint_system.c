/* The DAE in joint coordinates (joint_system.h): the layout of yj and the
 * residual through the tree's forward kinematics and backward pass; the
 * Newton matrix is joint_newton.c's, the output rows joint_rows.c's. */
#include "joint_system_impl.h"
#include "../dae/nonfinite.h"
#include "../dae/residual.h"
#include "../../core/rotation.h"
#include "../../core/vec3.h"

#include <float.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>


void mbs_joint_system_free(mbs_joint_system *s)
{
    if (!s)
        return;
    mbs_tree_free(&s->tree);
    free(s->kept);
    free(s->state_joint);
    free(s->state_comp);
    free(s->state_colour);
    free(s->grp_first);
    free(s->grp_size);
    free(s->grp_coord);
    free(s->loc_b);
    free(s->loc_c);
    free(s->loc_z);
    free(s->armature);
    free(s->springs);
    free(s->fric_part);
    free(s->fric_base);
    free(s->fric_damping);
    free(s->reactions_base);
    free(s->joint_rubbed);
    free(s->loc_r);
    free(s->axial_slopes);
    free(s->matrix_fold);
    free(s->last_yj);
    free(s->last_ypj);
    free(s->coord_body);
    free(s->row_of);
    free(s->replaced);
    free(s->is_tree_body);
    free(s->reaction_reader);
    free(s->skip_first);
    free(s->reaction_wanted);
    free(s->reactions);
    free(s->other_factors.U);
    free(s->other_factors.Dinv);
    free(s->other_factors.S);
    free(s->row_on);
    free(s->angle);
    free(s->body_col);
    free(s->basis);
    free(s->y);
    free(s->yp);
    free(s->res);
    free(s->rj);
    free(s->rj0);
    free(s->yjw);
    free(s->ypjw);
    free(s->dyn);
    free(s->stab);
    free(s->grow);
    free(s->q_jac);
    free(s->pos_cols);
    free(s->acc_floor);
    free(s->mass_diag);
    free(s->pos_body);
    free(s->quaternion);
    free(s);
}

/* Which absolute variables the tree replaces: its bodies' positions,
 * velocities and quaternion multipliers, its joints' multipliers. */
static void mark_replaced(mbs_joint_system *s)
{
    char *replaced = s->replaced;
    const mbs_model *m = s->m;
    for (int b = 0; b < m->n_bodies; b++) {
        const mbs_body *body = &m->bodies[b];
        if (!s->is_tree_body[b])
            continue;
        for (int i = 0; i < body->nq; i++)
            replaced[body->q_ofs + i] = 1;
        for (int i = 0; i < body->nu; i++)
            replaced[body->u_ofs + i] = 1;
        if (body->quat_mu >= 0)
            replaced[m->ofs_mu + body->quat_mu] = 1;
    }
    for (int r = 0; r < m->n_rows; r++)
        if (s->tree.row_in_tree[r]) {
            replaced[m->ofs_lambda + r] = 1;
            if (m->row_mu[r] >= 0)
                replaced[m->ofs_mu + m->row_mu[r]] = 1;
        }
}

/* The joint-local laws that read the reactions of tree joints (joint
 * friction; tree_topology.c lets such joints in): 0, or -1 out of memory. */
static int find_reaction_readers(mbs_joint_system *s)
{
    const mbs_model *m = s->m;
    size_t nc = (size_t)m->n_comps + 1;
    s->reaction_reader = calloc(nc, 1);
    s->skip_first = calloc(nc, 1);
    s->reaction_wanted = calloc(nc, 1);
    if (!s->reaction_reader || !s->skip_first || !s->reaction_wanted)
        return -1;
    for (int c = 0; c < m->n_comps; c++) {
        s->skip_first[c] = s->tree.comp_in_tree[c];
        int joint = mbs_js_reads_tree_reaction(m, &s->tree, c);
        if (joint >= 0) {
            s->reaction_reader[c] = s->skip_first[c] = 1;
            s->reaction_wanted[joint] = 1;
            s->n_reaction_readers++;
        }
    }
    s->reactions = calloc(6 * nc, sizeof *s->reactions);
    s->reactions_base = calloc(6 * nc, sizeof *s->reactions_base);
    return s->reactions && s->reactions_base ? 0 : -1;
}

/* state_joint: for each kept element state of a joint-local law on a tree
 * joint (joint friction), that joint; 0, or -1 out of memory. */
static int find_state_joints(mbs_joint_system *s)
{
    const mbs_model *m = s->m;
    size_t nk = (size_t)s->n_kept + 1;
    s->state_joint = malloc(nk * sizeof *s->state_joint);
    s->state_comp = malloc(nk * sizeof *s->state_comp);
    s->state_colour = malloc(nk * sizeof *s->state_colour);
    s->joint_rubbed = calloc((size_t)s->tree.n_joints + 1, 1);
    if (!s->state_joint || !s->state_comp || !s->state_colour || !s->joint_rubbed)
        return -1;
    for (int k = 0; k < s->n_kept; k++) {
        s->state_joint[k] = s->state_comp[k] = s->state_colour[k] = -1;
        int c = mbs_js_state_component(m, s->kept[k]);
        if (c >= 0) {
            s->state_joint[k] = mbs_js_local_tree_joint(m, s->d, &s->tree, c);
            s->state_comp[k] = s->state_joint[k] >= 0 ? c : -1;
        }
        s->n_state_joints += s->state_joint[k] >= 0;
        if (s->state_joint[k] >= 0 && k >= s->n_local)
            s->joint_rubbed[s->state_joint[k]] = 1;
    }
    /* colours: a state's column moves its own element's rows and its
     * joint's rates' rows, so two states share a colour when they are of
     * different elements in different joints (greedy, in order) */
    for (int k = 0; k < s->n_kept; k++) {
        if (s->state_joint[k] < 0)
            continue;
        for (int colour = 0; s->state_colour[k] < 0; colour++) {
            int clash = 0;
            for (int l = 0; l < k && !clash; l++)
                clash = s->state_colour[l] == colour &&
                        (s->state_comp[l] == s->state_comp[k] || s->state_joint[l] == s->state_joint[k]);
            if (!clash)
                s->state_colour[k] = colour;
        }
        s->n_colours = s->state_colour[k] + 1 > s->n_colours ? s->state_colour[k] + 1 : s->n_colours;
    }
    return 0;
}

/* The groups of local states (one element's, consecutive among the kept
 * variables) and the storage of their fold into the tree's block, of the
 * friction's damping and of its slopes (joint_newton.c, fold_local_groups,
 * groups_from_recorded_slopes); 0, or -1 out of memory. */
static int find_local_groups(mbs_joint_system *s)
{
    size_t nl = (size_t)s->n_local + 1, n = (size_t)s->n + 1;
    s->grp_first = malloc(nl * sizeof *s->grp_first);
    s->grp_size = malloc(nl * sizeof *s->grp_size);
    s->grp_coord = malloc(nl * sizeof *s->grp_coord);
    s->loc_b = calloc(nl, sizeof *s->loc_b);
    s->loc_c = calloc(nl, sizeof *s->loc_c);
    s->loc_z = calloc(nl, sizeof *s->loc_z);
    s->armature = calloc(n, sizeof *s->armature);
    s->loc_r = calloc(n, sizeof *s->loc_r);
    s->matrix_fold = calloc(nl * 3, sizeof *s->matrix_fold);
    s->last_yj = calloc((size_t)s->nj + 1, sizeof *s->last_yj);
    s->last_ypj = calloc((size_t)s->nj + 1, sizeof *s->last_ypj);
    if (s->n_local > 0 && !(s->axial_slopes = calloc((size_t)s->m->n_comps, sizeof *s->axial_slopes)))
        return -1;
    s->fric_part = calloc(n, sizeof *s->fric_part);
    s->fric_base = calloc(n, sizeof *s->fric_base);
    s->fric_damping = calloc(n, sizeof *s->fric_damping);
    if (!s->grp_first || !s->grp_size || !s->grp_coord || !s->loc_b || !s->loc_c || !s->loc_z ||
        !s->armature || !s->loc_r || !s->matrix_fold || !s->last_yj ||
        !s->last_ypj || !s->fric_part || !s->fric_base || !s->fric_damping)
        return -1;
    for (int k = 0; k < s->n_local; k++) {
        int g = s->n_groups;
        if (g == 0 || s->state_comp[k] != s->state_comp[s->grp_first[g - 1]]) {
            s->grp_first[g] = k;
            s->grp_size[g] = 0;
            s->grp_coord[g] = s->tree.joints[s->state_joint[k]].coord;
            s->n_groups++;
        }
        s->grp_size[s->n_groups - 1]++;
    }
    return 0;
}

/* The joint-local laws of constant slopes the MASS Newton matrix folds
 * in (torsion spring-dampers; settle_tree let only those about a tree
 * joint's axis in): 0, or -1 out of memory. */
static int find_axial_springs(mbs_joint_system *s)
{
    const mbs_model *m = s->m;
    s->springs = malloc(((size_t)m->n_comps + 1) * sizeof *s->springs);
    if (!s->springs)
        return -1;
    for (int c = 0; s->newton == MBS_NEWTON_MASS && c < m->n_comps; c++) {
        mbs_joint_local l;
        int j = mbs_js_joint_local(m, c, &l) && l.slopes == MBS_SLOPES_CONSTANT ? mbs_js_local_tree_joint(m, s->d, &s->tree, c) : -1;
        if (j < 0)
            continue;
        s->springs[s->n_springs++] = (struct js_spring){c, s->tree.joints[j].coord, s->tree.joints[j].pos, l.k, l.c};
    }
    return 0;
}

mbs_joint_system *mbs_joint_system_create(const mbs_model *m, mbs_data *d)
{
    mbs_joint_system *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->m = m;
    s->d = d;
    int settled = mbs_js_settle_tree(&s->tree, m, d);
    if (settled < 0) {
        free(s);
        return NULL;
    }
    s->newton = (mbs_joint_newton)settled;
    s->n = s->tree.n_coords;
    s->np = s->tree.n_pos;
    if (find_reaction_readers(s) != 0 || find_axial_springs(s) != 0) {
        mbs_joint_system_free(s);
        return NULL;
    }
    s->is_tree_body = calloc((size_t)m->n_bodies + 1, 1);
    s->replaced = calloc((size_t)m->ny + 1, 1);
    int *mu_row = malloc(((size_t)m->n_mu + 1) * sizeof *mu_row);
    if (!s->is_tree_body || !s->replaced || !mu_row) {
        free(mu_row);
        mbs_joint_system_free(s);
        return NULL;
    }
    s->row_on = calloc((size_t)m->n_rows + 1, 1);
    s->angle = calloc((size_t)s->np + 1, 1);
    s->coord_body = calloc((size_t)s->n + 1, sizeof *s->coord_body);
    s->pos_body = calloc((size_t)s->np + 1, sizeof *s->pos_body);
    s->quaternion = malloc(((size_t)s->tree.n_joints + 1) * sizeof *s->quaternion);
    s->body_col = malloc(((size_t)m->n_bodies + 1) * sizeof *s->body_col);
    if (!s->row_on || !s->body_col || !s->angle || !s->coord_body || !s->pos_body || !s->quaternion) {
        free(mu_row);
        mbs_joint_system_free(s);
        return NULL;
    }
    for (int j = 0; j < s->tree.n_joints; j++) {
        const mbs_tree_joint *jt = &s->tree.joints[j];
        if (jt->kind == MBS_TREE_REVOLUTE || jt->kind == MBS_TREE_CYLINDRICAL)
            s->angle[jt->pos + jt->n_pos - 1] = 1; /* the rotation is the last */
        if (jt->kind == MBS_TREE_UNIVERSAL)
            s->angle[jt->pos] = s->angle[jt->pos + 1] = 1;
        if (jt->quat >= 0)
            s->quaternion[s->n_quaternions++] = j;
        for (int c = 0; c < jt->n_coords; c++)
            s->coord_body[jt->coord + c] = jt->child;
        for (int c = 0; c < jt->n_pos; c++)
            s->pos_body[jt->pos + c] = jt->child;
    }
    s->n_cols = s->n;
    for (int b = 0; b < m->n_bodies; b++) {
        s->is_tree_body[b] = s->tree.body_joint[b] >= 0;
        int free_body = !s->is_tree_body[b] && m->bodies[b].type != MBS_BODY_GROUND;
        s->body_col[b] = free_body ? s->n_cols : -1;
        s->n_cols += free_body ? 6 : 0;
    }
    mark_replaced(s);
    for (int i = 0; i < m->n_mu; i++)
        mu_row[i] = -1;
    for (int r = 0; r < m->n_rows; r++)
        if (m->row_mu[r] >= 0)
            mu_row[m->row_mu[r]] = r;
    for (int i = 0; i < m->ny; i++)
        s->n_kept += !s->replaced[i];
    s->nj = s->np + s->n + s->n_kept;
    size_t ny = (size_t)m->ny + 1, nj = (size_t)s->nj + 1, n = (size_t)s->n + 1;
    s->kept = malloc((size_t)(s->n_kept + 1) * sizeof *s->kept);
    s->row_of = malloc((size_t)(s->n_kept + 1) * sizeof *s->row_of);
    s->y = calloc(ny, sizeof *s->y);
    s->yp = calloc(ny, sizeof *s->yp);
    s->res = calloc(ny, sizeof *s->res);
    s->rj = calloc(nj, sizeof *s->rj);
    s->rj0 = calloc(nj, sizeof *s->rj0);
    s->yjw = calloc(nj, sizeof *s->yjw);
    s->ypjw = calloc(nj, sizeof *s->ypjw);
    s->dyn = calloc(n, sizeof *s->dyn);
    s->stab = calloc(n, sizeof *s->stab);
    s->grow = calloc(n, sizeof *s->grow);
    s->q_jac = calloc((size_t)s->np + 1, sizeof *s->q_jac);
    s->pos_cols = calloc((size_t)s->np * (size_t)s->nj + 1, sizeof *s->pos_cols);
    s->acc_floor = calloc(n, sizeof *s->acc_floor);
    s->mass_diag = calloc(n, sizeof *s->mass_diag);
    /* choose_rows keeps at most min(rows outside the tree, n_cols) of them */
    int loop_rows = 0;
    for (int r = 0; r < m->n_rows; r++)
        loop_rows += !s->tree.row_in_tree[r];
    s->max_rows = loop_rows < s->n_cols ? loop_rows : s->n_cols;
    s->basis = calloc((size_t)s->max_rows * (size_t)s->n_cols + 1, sizeof *s->basis);
    if (!s->kept || !s->row_of || !s->y || !s->yp || !s->res || !s->rj || !s->rj0 || !s->yjw || !s->ypjw ||
        !s->dyn || !s->stab || !s->grow || !s->basis || !s->q_jac || !s->pos_cols || !s->acc_floor ||
        !s->mass_diag) {
        free(mu_row);
        mbs_joint_system_free(s);
        return NULL;
    }
    /* the local states first (they join the tree's block), then the rest */
    for (int pass = 0, k = 0; pass < 2; pass++)
        for (int i = 0; i < m->ny; i++) {
            if (s->replaced[i] || mbs_js_local_state(m, d, &s->tree, s->newton, i) != (pass == 0))
                continue;
            s->kept[k] = i;
            s->n_local += pass == 0;
            if (i == m->ofs_z + m->energy_state)
                s->energy_kept = k;
            s->row_of[k] = i >= m->ofs_mu ? mu_row[i - m->ofs_mu] : i >= m->ofs_lambda ? i - m->ofs_lambda : -1;
            k++;
        }
    free(mu_row);
    s->fresh_block = s->newton == MBS_NEWTON_MASS && s->n_kept - s->n_local == 1;
    s->fresh_on = 1;
    s->matrix_residual = -1;
    s->rows_here = 1;
    for (int k = 0; k < s->n_kept; k++)
        s->rows_here &= s->kept[k] >= m->ofs_z && s->kept[k] < m->ofs_z + m->nz;
    size_t n6 = (size_t)s->n * 6 + 1;
    s->other_factors.U = malloc(n6 * sizeof *s->other_factors.U);
    s->other_factors.S = malloc(n6 * sizeof *s->other_factors.S);
    s->other_factors.Dinv = malloc(((size_t)s->tree.n_dinv + 1) * sizeof *s->other_factors.Dinv);
    if (find_state_joints(s) != 0 || find_local_groups(s) != 0 || !s->other_factors.U || !s->other_factors.S ||
        !s->other_factors.Dinv) {
        mbs_joint_system_free(s);
        return NULL;
    }
    return s;
}

int mbs_joint_system_fresh_block(const mbs_joint_system *s)
{
    return s->fresh_block;
}

int mbs_joint_system_makes_rows(const mbs_joint_system *s)
{
    return s->rows_here;
}

int mbs_joint_system_size(const mbs_joint_system *s)
{
    return s->nj;
}

int mbs_joint_system_coords(const mbs_joint_system *s)
{
    return s->n;
}

int mbs_joint_system_positions(const mbs_joint_system *s)
{
    return s->np;
}

int mbs_joint_system_tree_size(const mbs_joint_system *s)
{
    return s->np + s->n;
}

mbs_joint_newton mbs_joint_system_newton(const mbs_joint_system *s)
{
    return s->newton;
}

long mbs_joint_system_residual_evals(const mbs_joint_system *s)
{
    return s->residual_evals;
}

int mbs_joint_system_describe(const mbs_joint_system *s, int i, char *out, size_t size)
{
    int np = s->np, position = i < np;
    if (i < 0 || i >= np + s->n)
        return -1;
    int k = position ? i : i - np;
    for (int j = 0; j < s->tree.n_joints; j++) {
        const mbs_tree_joint *jt = &s->tree.joints[j];
        int first = position ? jt->pos : jt->coord, count = position ? jt->n_pos : jt->n_coords;
        if (k < first || k >= first + count)
            continue;
        char name[256], body[200];
        if (jt->comp >= 0) {
            mbs_component_describe(&s->m->comps[jt->comp], name, sizeof name);
        } else {
            mbs_body_describe(&s->m->bodies[jt->child], body, sizeof body);
            snprintf(name, sizeof name, "%s (a free root of the joint tree)", body);
        }
        int at = k - first, quat = jt->quat;
        if (quat >= 0 && position && at >= quat)
            snprintf(out, size, "the orientation (quaternion component %d) of %s", at - quat, name);
        else if (quat >= 0 && !position && at >= quat)
            snprintf(out, size, "the angular velocity %c of %s", "xyz"[at - quat], name);
        else if (jt->kind == MBS_TREE_FREE)
            snprintf(out, size, "the %s %c of %s", position ? "position" : "velocity", "xyz"[at], name);
        else
            snprintf(out, size, "the %s%s of %s", position ? "" : "rate of the ",
                     s->angle[jt->pos + k - first] ? "angle" : "travel", name);
        return 0;
    }
    return -1;
}

int mbs_joint_system_is_angle(const mbs_joint_system *s, int k)
{
    return s->angle[k];
}

int mbs_joint_system_abs_index(const mbs_joint_system *s, int i)
{
    int np = s->np, n = s->n;
    if (i >= np + n)
        return s->kept[i - np - n];
    if (i < np)
        return s->m->bodies[s->pos_body[i]].q_ofs;
    return s->m->bodies[s->coord_body[i - np]].u_ofs;
}

/* Which rows outside the tree are independent in the joint formulation's
 * velocities (the tree's rates and the other bodies' v, w): the absolute
 * formulation's redundancy analysis may have dropped rows of the tree's
 * joints and kept a loop's instead, which the tree now makes redundant (a
 * planar four-bar's loop joint). Greedy Gram-Schmidt in row order, twice
 * orthogonalised; a row whose remainder is below 1e-8 of its norm is
 * dropped (lambda = 0), as in the absolute analysis. */
static void choose_rows(mbs_joint_system *s, double t, const double *yj, const double *ypj)
{
    const mbs_model *m = s->m;
    int n = s->n, D = s->n_cols, kept_rows = 0;
    for (int r = 0; r < m->n_rows; r++)
        s->row_on[r] = !s->tree.row_in_tree[r] && s->d->row_enabled[r];
    mbs_joint_system_residual(s, t, yj, ypj, s->rj); /* the rows' Jacobians here */
    for (int r = 0; r < m->n_rows; r++) {
        if (!s->row_on[r])
            continue;
        if (kept_rows >= s->max_rows) {
            s->row_on[r] = 0;
            continue;
        }
        double *x = s->basis + (size_t)kept_rows * D;
        memset(x, 0, (size_t)D * sizeof *x);
        const mbs_jac *jac = &s->d->rows[r].jac;
        if (n > 0) {
            mbs_tree_row_jacobian(&s->tree, m, s->d, jac, s->grow);
            memcpy(x, s->grow, (size_t)n * sizeof *x);
        }
        for (int k = 0; k < jac->n; k++) {
            int b = jac->terms[k].body, col = b >= 0 ? s->body_col[b] : -1;
            for (int i = 0; col >= 0 && i < 3; i++) {
                x[col + i] += jac->terms[k].lin[i];
                x[col + 3 + i] += jac->terms[k].ang[i];
            }
        }
        /* the row's size as the absolute formulation sees it: a row the
         * tree satisfies identically (a joint's point on both shafts'
         * axes) has only roundoff here, not a small but real direction */
        double norm0 = 0.0;
        for (int i = 0; i < D; i++)
            norm0 += x[i] * x[i];
        for (int k = 0; k < jac->n; k++)
            norm0 = fmax(norm0, v3_dot(jac->terms[k].lin, jac->terms[k].lin) +
                                    v3_dot(jac->terms[k].ang, jac->terms[k].ang));
        for (int pass = 0; pass < 2; pass++)
            for (int k = 0; k < kept_rows; k++) {
                const double *e = s->basis + (size_t)k * D;
                double dot = 0.0;
                for (int i = 0; i < D; i++)
                    dot += e[i] * x[i];
                for (int i = 0; i < D; i++)
                    x[i] -= dot * e[i];
            }
        double norm = 0.0;
        for (int i = 0; i < D; i++)
            norm += x[i] * x[i];
        if (!(norm0 > 0.0) || norm <= 1e-16 * norm0) {
            s->row_on[r] = 0;
            continue;
        }
        for (int i = 0; i < D; i++)
            x[i] /= sqrt(norm);
        kept_rows++;
    }
}

/* (joint_system_impl.h) */
void mbs_js_position_rates(const mbs_joint_system *s, const double *q, const double *w, double *out)
{
    for (int j = 0; j < s->tree.n_joints; j++) {
        const mbs_tree_joint *jt = &s->tree.joints[j];
        int plain = jt->quat >= 0 ? jt->quat : jt->n_coords; /* positions that are their rates' integrals */
        for (int c = 0; c < plain; c++)
            out[jt->pos + c] = w[jt->coord + c];
        if (jt->quat < 0)
            continue;
        double L[12];
        mbs_quat_L(q + jt->pos + jt->quat, L);
        const double *wj = w + jt->coord + jt->quat;
        for (int i = 0; i < 4; i++)
            out[jt->pos + jt->quat + i] = 0.5 * (L[i] * wj[0] + L[4 + i] * wj[1] + L[8 + i] * wj[2]);
    }
}

int mbs_joint_system_contract(mbs_joint_system *s, double t, const double *y, const double *yp, double *yj,
                              double *ypj, char *msg, size_t size)
{
    const mbs_model *m = s->m;
    if (mbs_tree_check(&s->tree, m, s->d, msg, size) != 0)
        return -1;
    memcpy(s->y, y, (size_t)m->ny * sizeof *y);
    memcpy(s->yp, yp, (size_t)m->ny * sizeof *yp);
    mbs_update_bodies(m, s->d, s->y, s->yp);
    mbs_eval ev = {m, s->d, t, s->y, s->yp, s->res};
    int n = s->n, np = s->np;
    mbs_tree_start(&s->tree, m, &ev, yj, yj + np, ypj + np);
    mbs_js_position_rates(s, yj, yj + np, ypj);
    for (int k = 0; k < s->n_kept; k++) {
        yj[np + n + k] = y[s->kept[k]];
        ypj[np + n + k] = yp[s->kept[k]];
    }
    choose_rows(s, t, yj, ypj);
    for (int k = 0; k < s->n_kept; k++) {
        int r = s->row_of[k];
        if (r >= 0 && !s->row_on[r])
            yj[np + n + k] = ypj[np + n + k] = 0.0; /* a row not in use: its multipliers are 0 */
    }
    /* the multipliers the tree replaces (its joints', its bodies' |p| = 1)
     * are no variables: 0 in the absolute vectors */
    for (int a = m->ofs_lambda; a < m->ny; a++)
        if (s->replaced[a])
            s->y[a] = s->yp[a] = 0.0;
    return 0;
}

/* (joint_system_impl.h) */
void mbs_js_expand(mbs_joint_system *s, const double *yj, const double *ypj, int absolute)
{
    const mbs_model *m = s->m;
    int n = s->n, np = s->np;
    for (int k = 0; k < s->n_kept; k++) {
        s->y[s->kept[k]] = yj[np + n + k];
        s->yp[s->kept[k]] = ypj[np + n + k];
    }
    mbs_tree_forward(&s->tree, m, s->d, yj, yj + np, ypj + np, absolute ? s->y : NULL, absolute ? s->yp : NULL);
    for (int b = 0; b < m->n_bodies; b++)
        if (!s->is_tree_body[b])
            mbs_update_body(m, s->d, b, s->y, s->yp);
}

void mbs_joint_system_expand(mbs_joint_system *s, const double *yj, const double *ypj, double *y, double *yp)
{
    mbs_js_expand(s, yj, ypj, 1);
    memcpy(y, s->y, (size_t)s->m->ny * sizeof *y);
    memcpy(yp, s->yp, (size_t)s->m->ny * sizeof *yp);
}

int mbs_joint_system_n_quaternions(const mbs_joint_system *s)
{
    return s->n_quaternions;
}

void mbs_joint_system_quaternion(const mbs_joint_system *s, int which, int *pos, int *rate)
{
    const mbs_tree_joint *jt = &s->tree.joints[s->quaternion[which]];
    *pos = jt->pos + jt->quat;
    *rate = s->np + jt->coord + jt->quat;
}

const char *mbs_joint_system_accept(mbs_joint_system *s, double t, const double *yj)
{
    mbs_eval ev = {s->m, s->d, t, s->y, s->yp, s->res};
    mbs_tree_accept(&s->tree, s->m, &ev, yj);
    return s->tree.comp_in_tree;
}

double mbs_js_group_sign(const mbs_joint_system *s, int g)
{
    return s->tree.joints[s->state_joint[s->grp_first[g]]].child_is_i ? 1.0 : -1.0;
}

const mbs_axial_slopes *mbs_js_group_slopes(const mbs_joint_system *s, int g)
{
    static const mbs_axial_slopes off = {.n = MBS_AXIAL_STATES};
    int c = s->state_comp[s->grp_first[g]];
    return mbs_component_active(s->m, s->d, c) ? &s->axial_slopes[c] : &off;
}

/* Each local friction's torque T (recorded with its slopes) into its
 * joint's rate row M u' - Q: Q gains s T (mbs_js_group_sign). */
static void local_friction_torques(mbs_joint_system *s)
{
    for (int g = 0; g < s->n_groups; g++)
        s->dyn[s->grp_coord[g]] -= mbs_js_group_sign(s, g) * mbs_js_group_slopes(s, g)->torque;
}

void mbs_joint_system_residual(mbs_joint_system *s, double t, const double *yj, const double *ypj, double *res)
{
    const mbs_model *m = s->m;
    mbs_data *d = s->d;
    int n = s->n;
    s->residual_evals++;
    s->residual_t = t;
    mbs_js_expand(s, yj, ypj, 0);
    memset(s->res, 0, (size_t)m->ny * sizeof *s->res);
    mbs_eval ev = {m, d, t, s->y, s->yp, s->res};
    /* the rows in use are the joint formulation's own (choose_rows) */
    char *row_active = d->row_active;
    d->row_active = s->row_on;
    mbs_residual_elements(&ev, s->skip_first, s->tree.row_in_tree);
    d->row_active = row_active;
    /* every tree joint's friction local (a revolute's torque about its own
     * axis): it changes no subtree's sum but its own joint's, by its torque,
     * so the loads so far give the reactions and the rate rows in one pass,
     * and the friction's torques are added after (local_friction_torques) */
    int one_pass = s->n_reaction_readers && s->n_groups == s->n_reaction_readers && !s->hold_reactions &&
                   !s->record_friction;
    if (s->n_reaction_readers) {
        /* the joints' reactions from the loads so far: a joint's own friction
         * acts along its free directions, which its reaction leaves out, and
         * the others' are internal to the subtrees (docs/theory.md) */
        if (one_pass)
            mbs_tree_reactions_and_project(&s->tree, m, d, s->reaction_wanted, s->reactions, s->dyn, s->stab);
        else if (!s->hold_reactions)
            mbs_tree_reactions(&s->tree, m, d, s->reaction_wanted, s->reactions);
        if (s->record_friction)
            mbs_tree_project(&s->tree, m, d, s->fric_part, s->stab); /* the rate rows without it */
        d->joint_wrench = s->hold_reactions ? s->reactions_base : s->reactions;
        d->joint_wrench_on = s->reaction_wanted;
        d->axial_slopes = s->axial_slopes;
        mbs_residual_components(&ev, s->reaction_reader);
        d->joint_wrench = NULL;
        d->joint_wrench_on = NULL;
        d->axial_slopes = NULL;
    }
    for (int b = 0; b < m->n_bodies; b++)
        if (!s->is_tree_body[b])
            mbs_residual_body(m, d, b, s->y, s->yp, s->res);
    mbs_residual_energy(&ev);
    if (one_pass)
        local_friction_torques(s);
    else
        mbs_tree_project(&s->tree, m, d, s->dyn, s->stab);
    if (s->record_friction && s->n_reaction_readers)
        for (int k = 0; k < n; k++)
            s->fric_part[k] = s->dyn[k] - s->fric_part[k];
    int np = s->np;
    /* the positions' rates from the tree's rates less the stabilisation */
    for (int k = 0; k < n; k++)
        s->grow[k] = yj[np + k] - s->stab[k];
    mbs_js_position_rates(s, yj, s->grow, res);
    for (int k = 0; k < np; k++)
        res[k] = ypj[k] - res[k];
    for (int k = 0; k < n; k++)
        res[np + k] = s->dyn[k];
    for (int k = 0; k < s->n_kept; k++)
        res[np + n + k] = s->res[s->kept[k]];
    s->last_valid = (s->n_groups > 0 || s->fresh_block) && !s->hold_reactions;
    if (s->last_valid) {
        s->last_t = t;
        memcpy(s->last_yj, yj, (size_t)s->nj * sizeof *yj);
        memcpy(s->last_ypj, ypj, (size_t)s->nj * sizeof *ypj);
    }
    if (!mbs_all_finite(res, s->nj)) {
        /* the explanation evaluates the absolute residual element by element */
        mbs_js_expand(s, yj, ypj, 1);
        mbs_nonfinite_explain(m, d, t, s->y, s->yp, s->res);
    }
}

