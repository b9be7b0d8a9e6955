/* The kinematic tree's topology (tree.h, mbs_tree_build): which joints carry
 * their bodies by joint coordinates, and the tree's workspace. A joint may
 * carry a body when its type is one the tree moves (FIXED, REVOLUTE,
 * TRANSLATIONAL, CYLINDRICAL, SPHERICAL, UNIVERSAL), it is active with all
 * its rows in use, nothing but its own joint friction reads its multipliers,
 * and no command switches it. Such joints are added in sweeps over the
 * components in the model's order, each reaching an unplaced rigid body
 * from a placed one, from the ground first and then, with free roots, from
 * the heaviest rigid body left; each gets its place among the coordinates
 * and positions, and its rows are the tree's, not the DAE's. The passes on
 * the tree are tree_passes.c's. */
#include "tree.h"
#include "../dae/loops.h"
#include "../../core/vec3.h"
#include "../../model/reaction_readers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The tree kind of a joint of the types the tree moves (a component's
 * description, model/joints.h): 1, or 0 for other joints and elements. */
static int tree_kind(const mbs_component *c, mbs_tree_kind *kind)
{
    if (!c->joint)
        return 0;
    switch (c->joint->type) {
    case MBS_JOINT_FIXED: *kind = MBS_TREE_FIXED; return 1;
    case MBS_JOINT_REVOLUTE: *kind = MBS_TREE_REVOLUTE; return 1;
    case MBS_JOINT_TRANSLATIONAL: *kind = MBS_TREE_TRANSLATIONAL; return 1;
    case MBS_JOINT_CYLINDRICAL: *kind = MBS_TREE_CYLINDRICAL; return 1;
    case MBS_JOINT_SPHERICAL: *kind = MBS_TREE_SPHERICAL; return 1;
    case MBS_JOINT_UNIVERSAL: *kind = MBS_TREE_UNIVERSAL; return 1;
    default: return 0;
    }
}

static int coords_of(mbs_tree_kind kind)
{
    switch (kind) {
    case MBS_TREE_FIXED: return 0;
    case MBS_TREE_CYLINDRICAL: case MBS_TREE_UNIVERSAL: return 2;
    case MBS_TREE_SPHERICAL: return 3;
    case MBS_TREE_FREE: return 6;
    default: return 1;
    }
}

/* A joint that may carry a body: active, all rows in use, nobody reads its
 * multipliers, no command switches it. (Rows the absolute formulation found
 * redundant count as in use: the joint formulation decides afresh which
 * of the rows outside the tree are independent, joint_system.c.) */
static int joint_eligible(const mbs_model *m, const mbs_data *d, int c, const char *read_by_others)
{
    const mbs_component *comp = &m->comps[c];
    if (!mbs_component_active(m, d, c) || read_by_others[c])
        return 0;
    for (int r = 0; r < comp->n_hrows + comp->n_vrows; r++)
        if (!d->row_enabled[comp->row_ofs + r])
            return 0;
    for (int k = 0; k < m->n_commands; k++) {
        const mbs_command *cmd = &m->commands[k];
        if ((cmd->kind == MBS_CMD_ACTIVATE || cmd->kind == MBS_CMD_ENABLE_ROWS) && cmd->comp == c)
            return 0;
    }
    return 1;
}

/* Appends joint j (comp, parent, child, kind, child_is_i set) to the
 * tree: its place among the coordinates and positions. */
static void add_joint(mbs_tree *t, const mbs_model *m, mbs_tree_joint j, char *placed)
{
    j.parent_joint = j.parent >= 0 ? t->body_joint[j.parent] : -1;
    j.n_coords = coords_of(j.kind);
    j.coord = t->n_coords;
    t->n_coords += j.n_coords;
    j.n_pos = j.kind == MBS_TREE_SPHERICAL ? 4 : j.kind == MBS_TREE_FREE ? 7 : j.n_coords;
    j.pos = t->n_pos;
    t->n_pos += j.n_pos;
    j.dinv = t->n_dinv;
    t->n_dinv += j.n_coords * j.n_coords;
    j.quat = j.kind == MBS_TREE_SPHERICAL ? 0 : j.kind == MBS_TREE_FREE ? 3 : -1; /* after a free root's translation */
    if (j.kind == MBS_TREE_FREE) { /* frames: the global axes, and the body's own at its centre */
        m3_identity(j.CP);
        m3_identity(j.CC);
    }
    t->joints[t->n_joints] = j;
    t->body_joint[j.child] = t->n_joints++;
    placed[j.child] = 1;
    if (j.comp < 0)
        return;
    t->comp_in_tree[j.comp] = 1;
    for (int r = 0; r < m->comps[j.comp].n_hrows + m->comps[j.comp].n_vrows; r++)
        t->row_in_tree[m->comps[j.comp].row_ofs + r] = 1;
}

/* One sweep over the components in order, adding each eligible joint that
 * reaches an unplaced rigid body from a placed one; with `later` (joints
 * some of whose rows the redundancy analysis left out) only the others,
 * or, with one_later, the first such joint that can be added and no more.
 * Whether it added one. */
static int grow_sweep(mbs_tree *t, const mbs_model *m, const mbs_data *d, const char *read_by_others, char *placed,
                      const char *later, int one_later)
{
    int grown = 0;
    for (int c = 0; c < m->n_comps; c++) {
        mbs_tree_kind kind;
        if (t->comp_in_tree[c] || later[c] != one_later || !tree_kind(&m->comps[c], &kind) ||
            !joint_eligible(m, d, c, read_by_others))
            continue;
        int bI = m->comps[c].joint->body_i, bJ = m->comps[c].joint->body_j;
        int child_is_i = placed[bJ] && !placed[bI];
        int child = child_is_i ? bI : bJ, parent = child_is_i ? bJ : bI;
        if (!placed[parent] || placed[child] || m->bodies[child].type != MBS_BODY_RIGID)
            continue;
        add_joint(t, m, (mbs_tree_joint){.comp = c, .parent = parent, .child = child, .kind = kind,
                                         .child_is_i = child_is_i}, placed);
        grown = 1;
        if (one_later)
            return 1;
    }
    return grown;
}

/* Adds every eligible joint that reaches an unplaced rigid body from a
 * placed one, until none is left. Where a closed loop leaves a choice and
 * something reads a reaction on it (reaction_read_on_loop), the joint left
 * out of the tree (whose rows are then the loop's, of which the dependent
 * ones are dropped: joint_system.c) is one whose rows the absolute
 * formulation's redundancy analysis left out too (`later`), so that both
 * formulations leave out the same rows and give the same joints the same
 * share of the loop's load (joint friction reads it): the joints that keep
 * all their rows go first, one of the others only where nothing else
 * reaches further. */
static void grow(mbs_tree *t, const mbs_model *m, const mbs_data *d, const char *read_by_others, char *placed,
                 const char *later)
{
    do {
        while (grow_sweep(t, m, d, read_by_others, placed, later, 0))
            ;
    } while (grow_sweep(t, m, d, read_by_others, placed, later, 1));
}

/* Whether something reads the reaction of an element on a closed loop
 * (1, 0, or -1 out of memory): then the absolute formulation's redundancy
 * analysis chose which of the loop's rows to leave out (assemble.c), and
 * the tree follows its choice (grow). Elsewhere the tree is as it always
 * was: breadth first in the model's order. */
static int reaction_read_on_loop(const mbs_model *m)
{
    char *read = malloc((size_t)m->n_comps + 1), *on_loop = malloc((size_t)m->n_comps + 1);
    int found = read && on_loop && mbs_loop_components(m, on_loop) >= 0 ? 0 : -1;
    if (found == 0)
        mbs_reaction_readers(m, read);
    for (int c = 0; found == 0 && c < m->n_comps; c++)
        found = read[c] && on_loop[c];
    free(read);
    free(on_loop);
    return found;
}

/* The heaviest rigid body not in the tree yet (the first of equals), or -1:
 * a vehicle's chassis rather than a wheel, so that the tree's paths stay
 * short. */
static int heaviest_unplaced(const mbs_model *m, const char *placed)
{
    int best = -1;
    for (int b = 0; b < m->n_bodies; b++)
        if (!placed[b] && m->bodies[b].type == MBS_BODY_RIGID && (best < 0 || m->bodies[b].mass > m->bodies[best].mass))
            best = b;
    return best;
}

int mbs_tree_build(mbs_tree *t, const mbs_model *m, const mbs_data *d, int free_roots)
{
    memset(t, 0, sizeof *t);
    int nb = m->n_bodies;
    t->joints = calloc((size_t)m->n_comps + (size_t)nb + 1, sizeof *t->joints); /* joints and free roots */
    t->body_joint = malloc(((size_t)nb + 1) * sizeof *t->body_joint);
    t->comp_in_tree = calloc((size_t)m->n_comps + 1, 1);
    t->row_in_tree = calloc((size_t)m->n_rows + 1, 1);
    char *read_by_others = calloc((size_t)m->n_comps + 1, 1), *placed = calloc((size_t)nb + 1, 1);
    char *later = calloc((size_t)m->n_comps + 1, 1);
    if (!t->joints || !t->body_joint || !t->comp_in_tree || !t->row_in_tree || !read_by_others || !placed || !later) {
        free(read_by_others);
        free(placed);
        free(later);
        mbs_tree_free(t);
        return -1;
    }
    /* a joint-local law that reads its joint's reaction (joint friction)
     * reads only that, which a tree joint has from the backward pass
     * (mbs_tree_reactions); other readers of multipliers need them */
    for (int c = 0; c < m->n_comps; c++) {
        const mbs_component *comp = &m->comps[c];
        mbs_joint_local local;
        int own = comp->ops->joint_local && comp->ops->joint_local(comp, &local) && local.reads_reaction ? local.joint : -1;
        for (int k = 0; k < comp->n_depends; k++)
            if (comp->depends[k] != own)
                read_by_others[comp->depends[k]] = 1;
    }
    if (reaction_read_on_loop(m) > 0)
        for (int r = 0; r < m->n_rows; r++)
            if (d->row_enabled[r] && !d->row_active[r])
                later[m->row_comp[r]] = 1;
    for (int b = 0; b < nb; b++) {
        t->body_joint[b] = -1;
        placed[b] = m->bodies[b].type == MBS_BODY_GROUND;
    }
    /* breadth first from the ground, then from each free root: parents
     * before children */
    for (int root = -1;; root = heaviest_unplaced(m, placed)) {
        if (root >= 0)
            add_joint(t, m, (mbs_tree_joint){.comp = -1, .parent = -1, .child = root, .kind = MBS_TREE_FREE},
                      placed);
        grow(t, m, d, read_by_others, placed, later);
        if (!free_roots || heaviest_unplaced(m, placed) < 0)
            break;
    }
    free(read_by_others);
    free(placed);
    free(later);
    size_t n6 = (size_t)nb * 6 + 1;
    t->twist = calloc(n6, sizeof *t->twist);
    t->accel = calloc(n6, sizeof *t->accel);
    t->wrench = calloc(n6, sizeof *t->wrench);
    t->stab = calloc(n6, sizeof *t->stab);
    t->motion = calloc((size_t)t->n_coords * 6 + 1, sizeof *t->motion);
    t->inertia = calloc((size_t)nb * 36 + 1, sizeof *t->inertia);
    t->art_U = calloc((size_t)t->n_coords * 6 + 1, sizeof *t->art_U);
    t->art_Dinv = calloc((size_t)t->n_dinv + 1, sizeof *t->art_Dinv);
    t->force = calloc(n6, sizeof *t->force);
    t->art_S = calloc((size_t)t->n_coords * 6 + 1, sizeof *t->art_S);
    if (!t->twist || !t->accel || !t->wrench || !t->stab || !t->motion || !t->inertia || !t->art_U ||
        !t->art_Dinv || !t->force || !t->art_S) {
        mbs_tree_free(t);
        return -1;
    }
    return 0;
}

void mbs_tree_free(mbs_tree *t)
{
    free(t->joints);
    free(t->body_joint);
    free(t->comp_in_tree);
    free(t->row_in_tree);
    free(t->twist);
    free(t->accel);
    free(t->wrench);
    free(t->stab);
    free(t->motion);
    free(t->inertia);
    free(t->art_U);
    free(t->art_Dinv);
    free(t->force);
    free(t->art_S);
    memset(t, 0, sizeof *t);
}

int mbs_tree_check(const mbs_tree *t, const mbs_model *m, const mbs_data *d, char *msg, size_t size)
{
    for (int k = 0; k < t->n_joints; k++) {
        if (t->joints[k].comp < 0)
            continue; /* a free root */
        const mbs_component *c = &m->comps[t->joints[k].comp];
        int in_use = mbs_component_active(m, d, t->joints[k].comp);
        for (int r = 0; in_use && r < c->n_hrows + c->n_vrows; r++)
            in_use = d->row_enabled[c->row_ofs + r];
        if (!in_use) {
            char name[200];
            mbs_component_describe(c, name, sizeof name);
            snprintf(msg, size, "%s carries a body in joint coordinates and is no longer in use "
                     "(a command switched it off): run with formulation ABSOLUTE", name);
            return -1;
        }
    }
    return 0;
}

int mbs_tree_free_roots(const mbs_tree *t)
{
    int n = 0;
    for (int k = 0; k < t->n_joints; k++)
        n += t->joints[k].kind == MBS_TREE_FREE;
    return n;
}
