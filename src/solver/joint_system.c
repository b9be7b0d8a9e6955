/* The DAE in joint coordinates (joint_system.h): the layout of yj, the
 * residual through the tree's forward kinematics and backward pass, and
 * the Newton matrix. */
#include "joint_system.h"
#include "jacobian.h"
#include "nonfinite.h"
#include "residual.h"
#include "tree.h"
#include "tree_solver.h"
#include "../core/dense.h"
#include "../core/rotation.h"
#include "../core/vec3.h"
#include "../elements/joint.h"

#include <float.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct mbs_joint_system {
    const mbs_model *m;
    mbs_data *d;
    mbs_tree tree;
    int n;             /* tree rates (degrees of freedom) */
    int np;            /* tree positions: n, plus one per quaternion */
    int nj;            /* np + n + kept */
    int n_kept;
    int *kept;         /* [n_kept] the absolute index of yj[np + n + k] */
    int *coord_body;   /* [n] the body rate k moves */
    int *pos_body;     /* [np] the body position k places */
    int *row_of;       /* [n_kept] the constraint row a kept lambda or mu is of, else -1 */
    char *replaced;    /* [ny] the absolute variables the tree replaces (mark_replaced) */
    char *is_tree_body;/* [n_bodies] */
    char *angle;       /* [np] the position is an angle */
    char *row_on;      /* [n_rows] rows outside the tree in use and independent in yj (choose_rows) */
    int *body_col;     /* [n_bodies] a body outside the tree: its first column in choose_rows' space, else -1 */
    int n_cols;        /* that space: n + 6 per body outside the tree */
    double *basis;     /* [max_rows x n_cols] choose_rows' orthonormal rows */
    int max_rows;
    int energy_kept;   /* the dissipated energy's index among the kept variables */
    int *state_joint;  /* [n_kept] the tree joint a kept bristle state's friction rubs in, else -1 */
    int *state_comp;   /* [n_kept] that friction element */
    int *state_colour; /* [n_kept] its group of columns differenced together (state_columns) */
    int n_state_joints;/* how many kept states have one */
    int n_colours;
    /* The bristles of joint friction on revolute tree joints with MASS are
     * the first n_local kept variables, in groups of one element's states
     * (fold_local_groups): they belong to the tree's block of the Newton
     * matrix, folded into it as an armature, not to the Schur complement. */
    int n_local, n_groups;
    int *grp_first, *grp_size, *grp_coord; /* [n_groups] kept index, states, the joint's rate index */
    double *loc_b;    /* [n_local] the column's entry on its joint's rate row */
    double *loc_c;    /* [n_local] the row's entry on its joint's rate column */
    double *loc_Z;    /* [n_local x LOCAL_MAX] the column's entries on its group's rows */
    double *grp_LU;   /* [n_groups x LOCAL_MAX^2] the group's block, factored */
    int *grp_piv;     /* [n_groups x LOCAL_MAX] */
    double *armature; /* [n] what the groups and the friction's damping add to c_j M, over c_j */
    int record_friction;       /* the residual records the friction's part of the rate rows, */
    int hold_reactions;        /* and reads the reactions of the Newton matrix's state (reactions_base) */
    double *reactions_base;    /* [n_comps x 6] */
    double *fric_part, *fric_base; /* [n] that part, at the last residual and at the Newton matrix's */
    double *fric_damping;      /* [n] its derivative by its own joint's rates (state_rows_on_tree) */
    char *joint_rubbed;        /* [n_joints] a tree joint that some kept state's friction rubs in */
    double *loc_r;    /* [n] scratch of the tree block's solve */
    mbs_joint_newton newton;
    double *y, *yp, *res;          /* [ny] the absolute vectors */
    double *rj, *rj0, *yjw, *ypjw; /* [nj] work */
    double *dyn, *stab, *grow; /* [n]; grow: a row's Jacobian on the tree, or the rates less
                                  the stabilisation (residual) */
    int n_quaternions;
    int *quaternion;   /* [n_quaternions] the tree joints with one (spherical, free) */
    double *q_jac;     /* [np] the positions at the last Newton matrix (the quaternions' L(p)) */
    double *pos_cols;  /* [np x nj] the Newton matrix's position columns (rate_rows_on_positions) */
    long residual_evals;
    double cj;         /* of the last Newton matrix (MASS) */
    int articulated;   /* 0: its tree block is factored (MASS) */
    /* joint friction in tree joints: evaluated after the others, from the
     * reactions of a first backward pass (find_tree_friction) */
    int n_tree_friction;
    char *tree_friction;   /* [n_comps] those friction elements */
    char *skip_first;      /* [n_comps] the tree's joints and those: not in the first pass */
    char *reaction_wanted; /* [n_comps] the tree joints they rub in */
    double *reactions;     /* [n_comps x 6] (data.h tree_reaction) */
    /* output rows (mbs_joint_system_row) */
    int rows_here;               /* nothing kept but element states: rows are made consistent here */
    mbs_tree_factors row_factors; /* the mass matrix's factors at a row, apart from the Newton matrix's */
};

mbs_joint_newton mbs_joint_newton_for(const mbs_model *m)
{
    for (int c = 0; c < m->n_comps; c++) {
        const mbs_component *comp = &m->comps[c];
        int rows_only = comp->n_hrows + comp->n_vrows > 0;
        int no_bodies = comp->n_bodies == 0;
        if (mbs_is_joint_friction(comp))
            continue; /* with MASS if its joint is a tree joint (settle_tree) */
        if (comp->n_states > 0 || !(rows_only || comp->decoupled || no_bodies))
            return MBS_NEWTON_DIFFERENCE; /* forces that may be stiff, or states */
    }
    return MBS_NEWTON_MASS;
}

int mbs_joint_free_roots(mbs_joint_newton newton)
{
    return newton == MBS_NEWTON_MASS;
}

/* Whether component c is joint friction in a joint of tree t (which then
 * reads the backward pass's reaction: find_tree_friction). */
static int friction_in_tree(const mbs_model *m, const mbs_tree *t, int c)
{
    return mbs_is_joint_friction(&m->comps[c]) && t->comp_in_tree[mbs_joint_friction_joint(&m->comps[c])];
}

/* The tree joint joint friction element c rubs in, or -1 (not joint
 * friction, or its joint not in tree t). */
static int friction_tree_joint(const mbs_model *m, const mbs_tree *t, int c)
{
    if (!friction_in_tree(m, t, c))
        return -1;
    for (int j = 0; j < t->n_joints; j++)
        if (t->joints[j].comp == mbs_joint_friction_joint(&m->comps[c]))
            return j;
    return -1;
}

/* Whether joint friction element c takes the MASS Newton matrix: on a
 * REVOLUTE or UNIVERSAL tree joint. (Its force acts along the joint's own
 * coordinates, its bristles are kept variables: state_columns,
 * state_rows_on_tree; what the matrix leaves out is the friction's
 * dependence on the accelerations through the normal force. Measured on
 * the examples: the revolute and universal ones took 0.9 of the difference
 * matrix's residuals, the cylindrical and spherical ones 6 and 60 times as
 * many steps, their convergence failing on that dependence.) */
static int friction_takes_mass(const mbs_model *m, const mbs_tree *t, int c)
{
    int j = friction_tree_joint(m, t, c);
    return j >= 0 && (t->joints[j].kind == MBS_TREE_REVOLUTE || t->joints[j].kind == MBS_TREE_UNIVERSAL);
}

/* the most states an element may have for its bristles to be folded into
 * the tree's block (a revolute's friction has two: pin and end caps) */
#define LOCAL_MAX 3

/* Whether absolute variable a is a state folded into the tree's block
 * with the MASS Newton matrix (fold_local_groups): a state of joint
 * friction on a REVOLUTE tree joint. Its column acts on that joint's one
 * rate row only and its row reads that rate only (a revolute's slip speed
 * does not depend on its angle; the bristles' rates not on the normal
 * force), so eliminating it changes c_j M by a term on that coordinate's
 * diagonal. */
static int local_state(const mbs_model *m, const mbs_tree *t, mbs_joint_newton newton, int a)
{
    if (newton != MBS_NEWTON_MASS || a < m->ofs_z || a >= m->ofs_z + m->nz)
        return 0;
    for (int c = 0; c < m->n_comps; c++) {
        const mbs_component *comp = &m->comps[c];
        int z = a - m->ofs_z;
        if (z < comp->state_ofs || z >= comp->state_ofs + comp->n_states)
            continue;
        int j = friction_tree_joint(m, t, c);
        return j >= 0 && t->joints[j].kind == MBS_TREE_REVOLUTE && comp->n_states <= LOCAL_MAX;
    }
    return 0;
}

/* Builds the tree for the model's Newton matrix: MASS takes joint friction
 * only where friction_takes_mass says so; where one does not, the tree is
 * built again for DIFFERENCE. The Newton matrix, or -1 (out of memory). */
static int settle_tree(mbs_tree *t, const mbs_model *m, const mbs_data *d)
{
    mbs_joint_newton newton = mbs_joint_newton_for(m);
    if (mbs_tree_build(t, m, d, mbs_joint_free_roots(newton)) != 0)
        return -1;
    if (newton != MBS_NEWTON_MASS)
        return (int)newton;
    for (int c = 0; c < m->n_comps; c++)
        if (mbs_is_joint_friction(&m->comps[c]) && !friction_takes_mass(m, t, c)) {
            mbs_tree_free(t);
            newton = MBS_NEWTON_DIFFERENCE;
            return mbs_tree_build(t, m, d, mbs_joint_free_roots(newton)) != 0 ? -1 : (int)newton;
        }
    return (int)newton;
}

int mbs_joint_formulation_pays(const mbs_model *m, const mbs_data *d)
{
    mbs_tree t;
    int settled = settle_tree(&t, m, d);
    if (settled < 0)
        return 0;
    mbs_joint_newton newton = (mbs_joint_newton)settled;
    /* the variables the tree does not replace, and the moving bodies it
     * leaves in absolute coordinates */
    int others = m->ny, outside = 0;
    for (int b = 0; b < m->n_bodies; b++) {
        if (t.body_joint[b] >= 0)
            others -= m->bodies[b].nq + m->bodies[b].nu + (m->bodies[b].quat_mu >= 0);
        else if (m->bodies[b].type != MBS_BODY_GROUND)
            outside++;
    }
    for (int r = 0; r < m->n_rows; r++)
        if (t.row_in_tree[r])
            others -= 1 + (m->row_mu[r] >= 0);
    /* a free root's coordinates are its body's absolute variables: only
     * joints' coordinates can make the joint formulation pay (one free
     * rolling coin took 1.08 times as long in joint coordinates) */
    int coords = t.n_coords, tree_friction = 0, joint_coords = coords - 6 * mbs_tree_free_roots(&t);
    for (int c = 0; c < m->n_comps; c++) {
        tree_friction += friction_in_tree(m, &t, c);
        /* bristles of the MASS matrix: their rows in the Schur complement
         * are sparse (tree_solver.c), they do not count as others */
        if (newton == MBS_NEWTON_MASS && friction_takes_mass(m, &t, c))
            others -= m->comps[c].n_states;
    }
    mbs_tree_free(&t);
    if (newton == MBS_NEWTON_DIFFERENCE && tree_friction > MBS_AUTO_JOINT_FRICTION_MAX)
        return 0;
    if (joint_coords < MBS_AUTO_JOINT_MIN)
        return 0;
    if (newton == MBS_NEWTON_MASS)
        return others <= MBS_AUTO_JOINT_MAX_OTHERS;
    return outside == 0 && 2 * coords + others <= MBS_AUTO_JOINT_DENSE_MAX;
}

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
    free(s->loc_Z);
    free(s->grp_LU);
    free(s->grp_piv);
    free(s->armature);
    free(s->fric_part);
    free(s->fric_base);
    free(s->fric_damping);
    free(s->reactions_base);
    free(s->joint_rubbed);
    free(s->loc_r);
    free(s->coord_body);
    free(s->row_of);
    free(s->replaced);
    free(s->is_tree_body);
    free(s->tree_friction);
    free(s->skip_first);
    free(s->reaction_wanted);
    free(s->reactions);
    free(s->row_factors.U);
    free(s->row_factors.Dinv);
    free(s->row_factors.S);
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

/* The joint friction elements whose joints are in the tree (tree.c lets
 * such joints in): 0, or -1 out of memory. */
static int find_tree_friction(mbs_joint_system *s)
{
    const mbs_model *m = s->m;
    size_t nc = (size_t)m->n_comps + 1;
    s->tree_friction = calloc(nc, 1);
    s->skip_first = calloc(nc, 1);
    s->reaction_wanted = calloc(nc, 1);
    if (!s->tree_friction || !s->skip_first || !s->reaction_wanted)
        return -1;
    for (int c = 0; c < m->n_comps; c++) {
        s->skip_first[c] = s->tree.comp_in_tree[c];
        if (friction_in_tree(m, &s->tree, c)) {
            s->tree_friction[c] = s->skip_first[c] = 1;
            s->reaction_wanted[mbs_joint_friction_joint(&m->comps[c])] = 1;
            s->n_tree_friction++;
        }
    }
    s->reactions = calloc(6 * nc, sizeof *s->reactions);
    s->reactions_base = calloc(6 * nc, sizeof *s->reactions_base);
    return s->reactions && s->reactions_base ? 0 : -1;
}

/* state_joint: for each kept element state of joint friction on a tree
 * joint, that joint; 0, or -1 out of memory. */
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
        int a = s->kept[k];
        if (a < m->ofs_z || a >= m->ofs_lambda)
            continue;
        for (int c = 0; c < m->n_comps; c++) {
            const mbs_component *comp = &m->comps[c];
            int z = a - m->ofs_z;
            if (z < comp->state_ofs || z >= comp->state_ofs + comp->n_states)
                continue;
            s->state_joint[k] = friction_tree_joint(m, &s->tree, c);
            s->state_comp[k] = s->state_joint[k] >= 0 ? c : -1;
        }
        s->n_state_joints += s->state_joint[k] >= 0;
        if (s->state_joint[k] >= 0)
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
 * variables) and their storage; 0, or -1 out of memory. */
static int find_local_groups(mbs_joint_system *s)
{
    size_t nl = (size_t)s->n_local + 1, n = (size_t)s->n + 1;
    s->grp_first = malloc(nl * sizeof *s->grp_first);
    s->grp_size = malloc(nl * sizeof *s->grp_size);
    s->grp_coord = malloc(nl * sizeof *s->grp_coord);
    s->loc_b = calloc(nl, sizeof *s->loc_b);
    s->loc_c = calloc(nl, sizeof *s->loc_c);
    s->loc_Z = calloc(nl * LOCAL_MAX, sizeof *s->loc_Z);
    s->grp_LU = calloc(nl * LOCAL_MAX * LOCAL_MAX, sizeof *s->grp_LU);
    s->grp_piv = calloc(nl * LOCAL_MAX, sizeof *s->grp_piv);
    s->armature = calloc(n, sizeof *s->armature);
    s->loc_r = calloc(n, sizeof *s->loc_r);
    s->fric_part = calloc(n, sizeof *s->fric_part);
    s->fric_base = calloc(n, sizeof *s->fric_base);
    s->fric_damping = calloc(n, sizeof *s->fric_damping);
    if (!s->grp_first || !s->grp_size || !s->grp_coord || !s->loc_b || !s->loc_c || !s->loc_Z || !s->grp_LU ||
        !s->grp_piv || !s->armature || !s->loc_r || !s->fric_part || !s->fric_base || !s->fric_damping)
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

mbs_joint_system *mbs_joint_system_create(const mbs_model *m, mbs_data *d)
{
    mbs_joint_system *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->m = m;
    s->d = d;
    int settled = settle_tree(&s->tree, m, d);
    if (settled < 0) {
        free(s);
        return NULL;
    }
    s->newton = (mbs_joint_newton)settled;
    s->n = s->tree.n_coords;
    s->np = s->tree.n_pos;
    if (find_tree_friction(s) != 0) {
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
    /* choose_rows keeps at most min(rows outside the tree, n_cols) of them */
    int loop_rows = 0;
    for (int r = 0; r < m->n_rows; r++)
        loop_rows += !s->tree.row_in_tree[r];
    s->max_rows = loop_rows < s->n_cols ? loop_rows : s->n_cols;
    s->basis = calloc((size_t)s->max_rows * (size_t)s->n_cols + 1, sizeof *s->basis);
    if (!s->kept || !s->row_of || !s->y || !s->yp || !s->res || !s->rj || !s->rj0 || !s->yjw || !s->ypjw ||
        !s->dyn || !s->stab || !s->grow || !s->basis || !s->q_jac || !s->pos_cols) {
        free(mu_row);
        mbs_joint_system_free(s);
        return NULL;
    }
    /* the local states first (they join the tree's block), then the rest */
    for (int pass = 0, k = 0; pass < 2; pass++)
        for (int i = 0; i < m->ny; i++) {
            if (s->replaced[i] || local_state(m, &s->tree, s->newton, i) != (pass == 0))
                continue;
            s->kept[k] = i;
            s->n_local += pass == 0;
            if (i == m->ofs_z + m->energy_state)
                s->energy_kept = k;
            s->row_of[k] = i >= m->ofs_mu ? mu_row[i - m->ofs_mu] : i >= m->ofs_lambda ? i - m->ofs_lambda : -1;
            k++;
        }
    free(mu_row);
    s->rows_here = 1;
    for (int k = 0; k < s->n_kept; k++)
        s->rows_here &= s->kept[k] >= m->ofs_z && s->kept[k] < m->ofs_z + m->nz;
    size_t n6 = (size_t)s->n * 6 + 1;
    s->row_factors.U = malloc(n6 * sizeof *s->row_factors.U);
    s->row_factors.S = malloc(n6 * sizeof *s->row_factors.S);
    s->row_factors.Dinv = malloc(((size_t)s->tree.n_dinv + 1) * sizeof *s->row_factors.Dinv);
    if (find_state_joints(s) != 0 || find_local_groups(s) != 0 || !s->row_factors.U || !s->row_factors.S ||
        !s->row_factors.Dinv) {
        mbs_joint_system_free(s);
        return NULL;
    }
    return s;
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

/* The positions' rates out [np] from the tree's rates w [n] at the
 * positions q: the same numbers, but a quaternion's, dp/dt = L(p)^T w / 2
 * (w in the child's axes). */
static void position_rates(const mbs_joint_system *s, const double *q, const double *w, double *out)
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
    position_rates(s, yj, yj + np, ypj);
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

/* yj -> s->y, s->yp and the body states; the tree bodies' absolute
 * variables only with `absolute` (no element reads them: the residual
 * needs none). */
static void expand_inner(mbs_joint_system *s, const double *yj, const double *ypj, int absolute)
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
    expand_inner(s, yj, ypj, 1);
    memcpy(y, s->y, (size_t)s->m->ny * sizeof *y);
    memcpy(yp, s->yp, (size_t)s->m->ny * sizeof *yp);
}

/* ---- output rows ---- */

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
    int nr = c->n_hrows + c->n_vrows, I, J;
    if (nr > 6)
        return -1;
    mbs_joint_markers(c, &I, &J);
    int body = mbs_marker_body(ev, I);
    double sign = 1.0;
    if (m->bodies[body].type == MBS_BODY_GROUND) {
        body = mbs_marker_body(ev, J);
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
    if (!s->rows_here)
        return 1;
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
    position_rates(s, yj, yj + np, ypj);
    /* Newton on the rates' derivatives with the matrix [M 0; 0 I]: exact
     * where nothing but inertia reads the accelerations; the forces that do
     * (joint friction through its joint's reaction, an element's damping
     * through its state's rate) converge linearly and, where they are too
     * strong, not at all: the caller then takes the absolute path */
    mbs_tree_swap_factors(&s->tree, &s->row_factors);
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
    mbs_tree_swap_factors(&s->tree, &s->row_factors);
    int failed = !done;
    if (done) {
        /* the loads at the solution give the joints' reactions; the rows'
         * Jacobians (the tree's joints are no rows in the residual) their
         * multipliers */
        mbs_joint_system_residual(s, t, yj, ypj, s->rj);
        mbs_tree_reactions(&s->tree, m, s->d, s->tree.comp_in_tree, s->reactions);
        expand_inner(s, yj, ypj, 1);
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
    return failed ? -1 : 0;
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

void mbs_joint_system_residual(mbs_joint_system *s, double t, const double *yj, const double *ypj, double *res)
{
    const mbs_model *m = s->m;
    mbs_data *d = s->d;
    int n = s->n;
    s->residual_evals++;
    expand_inner(s, yj, ypj, 0);
    memset(s->res, 0, (size_t)m->ny * sizeof *s->res);
    mbs_eval ev = {m, d, t, s->y, s->yp, s->res};
    /* the rows in use are the joint formulation's own (choose_rows) */
    char *row_active = d->row_active;
    d->row_active = s->row_on;
    mbs_residual_elements(&ev, s->skip_first, s->tree.row_in_tree);
    d->row_active = row_active;
    if (s->n_tree_friction) {
        /* the joints' reactions from the loads so far: a joint's own friction
         * acts along its free directions, which its reaction leaves out, and
         * the others' are internal to the subtrees (docs/theory.md) */
        if (!s->hold_reactions)
            mbs_tree_reactions(&s->tree, m, d, s->reaction_wanted, s->reactions);
        if (s->record_friction)
            mbs_tree_project(&s->tree, m, d, s->fric_part, s->stab); /* the rate rows without it */
        d->tree_reaction = s->hold_reactions ? s->reactions_base : s->reactions;
        d->tree_reaction_on = s->reaction_wanted;
        mbs_residual_components(&ev, s->tree_friction);
        d->tree_reaction = NULL;
        d->tree_reaction_on = NULL;
    }
    for (int b = 0; b < m->n_bodies; b++)
        if (!s->is_tree_body[b])
            mbs_residual_body(m, d, b, s->y, s->yp, s->res);
    mbs_residual_energy(&ev);
    mbs_tree_project(&s->tree, m, d, s->dyn, s->stab);
    for (int k = 0; s->record_friction && s->n_tree_friction && k < n; k++)
        s->fric_part[k] = s->dyn[k] - s->fric_part[k];
    int np = s->np;
    /* the positions' rates from the tree's rates less the stabilisation */
    for (int k = 0; k < n; k++)
        s->grow[k] = yj[np + k] - s->stab[k];
    position_rates(s, yj, s->grow, res);
    for (int k = 0; k < np; k++)
        res[k] = ypj[k] - res[k];
    for (int k = 0; k < n; k++)
        res[np + k] = s->dyn[k];
    for (int k = 0; k < s->n_kept; k++)
        res[np + n + k] = s->res[s->kept[k]];
    if (!mbs_all_finite(res, s->nj)) {
        /* the explanation evaluates the absolute residual element by element */
        expand_inner(s, yj, ypj, 1);
        mbs_nonfinite_explain(m, d, t, s->y, s->yp, s->res);
    }
}

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
 * residual per rate. */
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
        double acc = inc;
        if (rate && cj > 1.0)
            inc = copysign(fmax(fabs(inc) / cj, 4.0 * srur * fabs(yj[c])), inc);
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
            acc = copysign(fmax(fabs(acc), srur * fabs(ypj[c])), acc);
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
 * mass_columns leaves at zero. A tree joint's friction reads only its own
 * joint's relative motion, and its bristles' rates do not depend on the
 * normal force (FRICTION.md 1.1), so one residual moves the c-th position
 * (or rate) of every joint at once and each bristle row takes its own
 * joint's difference: at most 7 + 6 residuals for any number of joints.
 * (The rows read neither the positions' nor the rates' derivatives.) */
static void state_rows_on_tree(mbs_joint_system *s, double t, const double *yj, const double *ypj,
                               const double *ewt, double h, double *rows)
{
    int nk = s->n_kept, np = s->np, n2 = mbs_joint_system_tree_size(s), most[2] = {0, 0};
    for (int j = 0; j < s->tree.n_joints; j++) {
        most[0] = s->tree.joints[j].n_pos > most[0] ? s->tree.joints[j].n_pos : most[0];
        most[1] = s->tree.joints[j].n_coords > most[1] ? s->tree.joints[j].n_coords : most[1];
    }
    /* the positions only for states that are not local */
    for (int rates = s->n_local == s->n_state_joints; rates < 2; rates++)
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
                if (j < 0 || (k < s->n_local && !rates))
                    continue; /* a local state does not read its revolute's angle (local_state) */
                const mbs_tree_joint *jt = &s->tree.joints[j];
                if (c >= (rates ? jt->n_coords : jt->n_pos))
                    continue;
                int col = rates ? np + jt->coord + c : jt->pos + c;
                double entry = (s->rj[n2 + k] - s->rj0[n2 + k]) / (s->yjw[col] - yj[col]);
                if (k < s->n_local)
                    s->loc_c[k] = entry;
                else
                    *row_entry(s, rows, col, k) = entry;
            }
        }
}

/* The kept bristle states' columns, a colour at a time (find_state_joints):
 * one residual moves every state of the colour by its increment (and its
 * rate by c_j times it, as difference_columns), and each column takes the
 * rows its state moves: its element's states' and its joint's rates'. The
 * dissipated energy's row is left at zero (it drives nothing). */
static void state_columns(mbs_joint_system *s, double t, double cj, double h, const double *yj,
                          const double *ypj, const double *ewt, double *cols)
{
    int nk = s->n_kept, nj = s->nj, np = s->np, n2 = mbs_joint_system_tree_size(s);
    for (int colour = 0; colour < s->n_colours; colour++) {
        memcpy(s->yjw, yj, (size_t)nj * sizeof *yj);
        memcpy(s->ypjw, ypj, (size_t)nj * sizeof *ypj);
        for (int k = 0; k < nk; k++) {
            if (s->state_colour[k] != colour)
                continue;
            int c = n2 + k;
            double inc = mbs_difference_increment(yj[c], ypj[c], h, ewt[c]);
            inc = ((h * ypj[c] < 0 ? -inc : inc) + yj[c]) - yj[c];
            s->yjw[c] += inc;
            s->ypjw[c] += cj * inc;
        }
        mbs_joint_system_residual(s, t, s->yjw, s->ypjw, s->rj);
        for (int k = 0; k < nk; k++) {
            if (s->state_colour[k] != colour)
                continue;
            double inc = s->yjw[n2 + k] - yj[n2 + k];
            const mbs_tree_joint *jt = &s->tree.joints[s->state_joint[k]];
            if (k < s->n_local) {
                /* its joint's one rate row, its group's rows (consecutive) */
                s->loc_b[k] = (s->rj[np + jt->coord] - s->rj0[np + jt->coord]) / inc;
                int first = k;
                while (first > 0 && s->state_comp[first - 1] == s->state_comp[k])
                    first--;
                for (int l = first; l < nk && s->state_comp[l] == s->state_comp[k]; l++)
                    s->loc_Z[(size_t)k * LOCAL_MAX + (l - first)] = (s->rj[n2 + l] - s->rj0[n2 + l]) / inc;
                continue;
            }
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

/* Each local group's block Z_g (its states' rows and columns) factored,
 * and what eliminating the group adds to c_j M on its joint's rate:
 * -b_g . Z_g^-1 c_g (b_g its columns' entries on that rate's row, c_g its
 * rows' entries on that rate's column), kept over c_j as the armature of
 * M + A / c_j; and the friction's damping of its joint's rates (the
 * dependence of its torque on the slip speed: sigma_1 through the
 * bristles' rate and sigma_2, r^2 N times them; on a light rotor with a
 * large pin it is many times c_j M, and without it Newton failed at
 * every other step). 0, or -1 when a block is singular. */
static int fold_local_groups(mbs_joint_system *s, double cj)
{
    memset(s->armature, 0, (size_t)s->n * sizeof *s->armature);
    for (int g = 0; g < s->n_groups; g++) {
        int m = s->grp_size[g], first = s->grp_first[g];
        double *LU = s->grp_LU + (size_t)g * LOCAL_MAX * LOCAL_MAX, y[LOCAL_MAX];
        int *piv = s->grp_piv + (size_t)g * LOCAL_MAX;
        for (int i = 0; i < m; i++)
            for (int j = 0; j < m; j++)
                LU[m * i + j] = s->loc_Z[(size_t)(first + j) * LOCAL_MAX + i];
        if (mbs_lu_factor(LU, m, piv) != 0)
            return -1;
        for (int i = 0; i < m; i++)
            y[i] = s->loc_c[first + i];
        mbs_lu_solve(LU, m, piv, y);
        double a = 0.0;
        for (int i = 0; i < m; i++)
            a -= s->loc_b[first + i] * y[i];
        s->armature[s->grp_coord[g]] += a / cj;
    }
    for (int l = 0; l < s->n; l++)
        s->armature[l] += s->fric_damping[l] / cj;
    return 0;
}

static int tree_block_factored(void *user)
{
    return ((mbs_joint_system *)user)->articulated;
}

/* x = T^-1 r on the tree's block (x and r distinct): the positions, the
 * rates and the local groups. Each group g on rate l eliminated first,
 * r_l -= b_g . Z_g^-1 r_g; then x2 = (c_j M + A)^-1 r2 by articulated
 * bodies (A the groups' armature), x1 = (r1 + K x2) / c_j (K the
 * positions' rates from the rates, position_rates at the Newton matrix's
 * positions); and each group's x_g = Z_g^-1 (r_g - c_g x2_l). */
static void tree_block_solve(void *user, const double *r, double *x)
{
    mbs_joint_system *s = user;
    int n = s->n, np = s->np, n2 = np + n;
    const double *r2 = r + np;
    if (s->n_groups > 0) {
        memcpy(s->loc_r, r + np, (size_t)n * sizeof *s->loc_r);
        for (int g = 0; g < s->n_groups; g++) {
            int m = s->grp_size[g], first = s->grp_first[g];
            double y[LOCAL_MAX];
            memcpy(y, r + n2 + first, (size_t)m * sizeof *y);
            mbs_lu_solve(s->grp_LU + (size_t)g * LOCAL_MAX * LOCAL_MAX, m, s->grp_piv + (size_t)g * LOCAL_MAX, y);
            for (int i = 0; i < m; i++)
                s->loc_r[s->grp_coord[g]] -= s->loc_b[first + i] * y[i];
        }
        r2 = s->loc_r;
    }
    mbs_tree_solve_mass(&s->tree, r2, x + np);
    for (int i = 0; i < n; i++)
        x[np + i] /= s->cj;
    position_rates(s, s->q_jac, x + np, x);
    for (int i = 0; i < np; i++)
        x[i] = (r[i] + x[i]) / s->cj;
    for (int g = 0; g < s->n_groups; g++) {
        int m = s->grp_size[g], first = s->grp_first[g];
        double *xg = x + n2 + first;
        for (int i = 0; i < m; i++)
            xg[i] = r[n2 + first + i] - s->loc_c[first + i] * x[np + s->grp_coord[g]];
        mbs_lu_solve(s->grp_LU + (size_t)g * LOCAL_MAX * LOCAL_MAX, m, s->grp_piv + (size_t)g * LOCAL_MAX, xg);
    }
}

void mbs_joint_system_tree_block(mbs_joint_system *s, mbs_tree_block *out)
{
    *out = (mbs_tree_block){tree_block_factored, tree_block_solve, s};
}

void mbs_joint_system_jacobian(mbs_joint_system *s, double t, double cj, double h, const double *yj,
                               const double *ypj, const double *ewt, double *J)
{
    mbs_joint_system_residual(s, t, yj, ypj, s->rj0);
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
    memcpy(s->q_jac, yj, (size_t)s->np * sizeof *s->q_jac);
    memset(s->fric_damping, 0, (size_t)s->n * sizeof *s->fric_damping);
    if (nk > 1) {
        s->record_friction = 1;
        mbs_joint_system_residual(s, t, yj, ypj, s->rj0);
        s->record_friction = 0;
        memcpy(s->fric_base, s->fric_part, (size_t)s->n * sizeof *s->fric_base);
        memcpy(s->reactions_base, s->reactions, (size_t)nc * 6 * sizeof *s->reactions_base);
        mass_columns(s, cj, rows);
        rate_rows_on_positions(s, t, cj, h, yj, ypj, ewt, rows);
        if (s->n_state_joints > 0)
            state_rows_on_tree(s, t, yj, ypj, ewt, h, rows);
        for (int k = s->n_local; k < nk; k++)
            if (k != energy && s->state_joint[k] < 0)
                difference_columns(s, t, cj, h, yj, ypj, ewt, n2 + k, n2 + k + 1, kept_column(s, kept, k));
        state_columns(s, t, cj, h, yj, ypj, ewt, kept);
    } else {
        mass_columns(s, cj, rows);
    }
    /* the factors at (yj): the differences above moved the tree */
    expand_inner(s, yj, ypj, 0);
    s->articulated = fold_local_groups(s, cj) != 0
                         ? -1
                         : mbs_tree_articulate(&s->tree, s->m, s->d, s->n_state_joints > 0 ? s->armature : NULL);
    kept_column(s, kept, energy)[n2 + energy] = cj;
}

int mbs_joint_system_block_size(const mbs_joint_system *s)
{
    return s->np + s->n + s->n_local;
}
