/* Which tree and which Newton matrix the joint formulation settles on for
 * a model (docs/theory.md, "Newton matrix"): MASS where every element is a
 * constraint, gravity or loads no body and has no states, or is a
 * joint-local law (model/joints.h) acting about the axis of a tree joint of
 * one of its types; DIFFERENCE otherwise. What it reads of the joint-local
 * laws (joint friction, torsion spring-dampers) is their description
 * (their joint_local op), never their kind: which tree joint each acts
 * about, which of their states fold into the tree's block, which read a
 * tree joint's reaction. And the outline of that choice for the choice of
 * formulation (mbs_joint_outline_of). */
#include "joint_system_impl.h"
#include "../../core/vec3.h"

#include <math.h>

/* (joint_system_impl.h) */
int mbs_js_joint_local(const mbs_model *m, int c, mbs_joint_local *out)
{
    const mbs_component *comp = &m->comps[c];
    return comp->ops->joint_local && comp->ops->joint_local(comp, out);
}

mbs_joint_newton mbs_joint_newton_for(const mbs_model *m)
{
    for (int c = 0; c < m->n_comps; c++) {
        const mbs_component *comp = &m->comps[c];
        int rows_only = comp->n_hrows + comp->n_vrows > 0;
        int no_bodies = comp->n_bodies == 0;
        mbs_joint_local local;
        if (mbs_js_joint_local(m, c, &local))
            continue; /* with MASS if it acts about a tree joint's axis (settle_tree) */
        if (comp->n_states > 0 || !(rows_only || comp->decoupled || no_bodies))
            return MBS_NEWTON_DIFFERENCE; /* forces that may be stiff, or states */
    }
    return MBS_NEWTON_MASS;
}

int mbs_joint_free_roots(mbs_joint_newton newton)
{
    return newton == MBS_NEWTON_MASS;
}

/* (joint_system_impl.h) */
int mbs_js_reads_tree_reaction(const mbs_model *m, const mbs_tree *t, int c)
{
    mbs_joint_local l;
    return mbs_js_joint_local(m, c, &l) && l.reads_reaction && l.joint >= 0 && t->comp_in_tree[l.joint] ? l.joint : -1;
}

/* The type of tree joint j (not a free root). */
static mbs_joint_type tree_joint_type(const mbs_model *m, const mbs_tree *t, int j)
{
    return m->comps[t->joints[j].comp].joint->type;
}

/* (joint_system_impl.h) */
int mbs_js_local_tree_joint(const mbs_model *m, const mbs_data *d, const mbs_tree *t, int c)
{
    mbs_joint_local l;
    if (!mbs_js_joint_local(m, c, &l))
        return -1;
    if (l.joint >= 0) {
        for (int j = 0; t->comp_in_tree[l.joint] && j < t->n_joints; j++)
            if (t->joints[j].comp == l.joint)
                return j;
        return -1;
    }
    mbs_eval ev = {.m = m, .d = (mbs_data *)d};
    int bI = mbs_marker_body(&ev, l.I), bJ = mbs_marker_body(&ev, l.J);
    for (int j = 0; j < t->n_joints; j++) {
        const mbs_tree_joint *jt = &t->joints[j];
        int across = (bI == jt->child && bJ == jt->parent) || (bI == jt->parent && bJ == jt->child);
        if (!across || jt->comp < 0 || !(MBS_JOINT_BIT(tree_joint_type(m, t, j)) & l.types))
            continue;
        double axis[3], z[3];
        mbs_marker_axis(&ev, m->comps[jt->comp].joint->J, 2, axis);
        mbs_marker_axis(&ev, l.J, 2, z);
        if (fabs(v3_dot(axis, z)) > 1.0 - 1e-12)
            return j;
    }
    return -1;
}

/* Whether joint-local law c takes the MASS Newton matrix: it acts about
 * the axis of a tree joint of one of its types. (Its load is then a torque
 * on that joint's coordinate alone, its states are kept variables or fold
 * into the tree's block: local_state. What the matrix leaves out is joint
 * friction's dependence on the accelerations through the normal force.
 * Measured on the examples: friction on revolute and universal joints took
 * 0.9 of the difference matrix's residuals, on cylindrical and spherical
 * ones 6 and 60 times as many steps, their convergence failing on that
 * dependence.) */
static int local_takes_mass(const mbs_model *m, const mbs_data *d, const mbs_tree *t, int c)
{
    mbs_joint_local l;
    int j = mbs_js_joint_local(m, c, &l) ? mbs_js_local_tree_joint(m, d, t, c) : -1;
    return j >= 0 && (MBS_JOINT_BIT(tree_joint_type(m, t, j)) & l.types);
}

/* (joint_system_impl.h) */
int mbs_js_state_component(const mbs_model *m, int a)
{
    int z = a - m->ofs_z;
    for (int c = 0; z >= 0 && z < m->nz && c < m->n_comps; c++)
        if (z >= m->comps[c].state_ofs && z < m->comps[c].state_ofs + m->comps[c].n_states)
            return c;
    return -1;
}

/* (joint_system_impl.h) */
int mbs_js_local_state(const mbs_model *m, const mbs_data *d, const mbs_tree *t, mbs_joint_newton newton, int a)
{
    mbs_joint_local l;
    int c = newton == MBS_NEWTON_MASS ? mbs_js_state_component(m, a) : -1;
    int j = c >= 0 && mbs_js_joint_local(m, c, &l) && l.slopes == MBS_SLOPES_RECORDED ? mbs_js_local_tree_joint(m, d, t, c) : -1;
    return j >= 0 && (MBS_JOINT_BIT(tree_joint_type(m, t, j)) & l.fold_types) &&
           m->comps[c].n_states <= MBS_AXIAL_STATES;
}

/* (joint_system_impl.h) */
int mbs_js_settle_tree(mbs_tree *t, const mbs_model *m, const mbs_data *d)
{
    mbs_joint_newton newton = mbs_joint_newton_for(m);
    if (mbs_tree_build(t, m, d, mbs_joint_free_roots(newton)) != 0)
        return -1;
    if (newton != MBS_NEWTON_MASS)
        return (int)newton;
    mbs_joint_local l;
    for (int c = 0; c < m->n_comps; c++)
        if (mbs_js_joint_local(m, c, &l) && !local_takes_mass(m, d, t, c)) {
            mbs_tree_free(t);
            newton = MBS_NEWTON_DIFFERENCE;
            return mbs_tree_build(t, m, d, mbs_joint_free_roots(newton)) != 0 ? -1 : (int)newton;
        }
    return (int)newton;
}

int mbs_joint_outline_of(const mbs_model *m, const mbs_data *d, mbs_joint_outline *out)
{
    mbs_tree t;
    int settled = mbs_js_settle_tree(&t, m, d);
    if (settled < 0)
        return -1;
    mbs_joint_newton newton = (mbs_joint_newton)settled;
    /* the variables the tree does not replace, and the moving bodies it
     * leaves in absolute coordinates */
    int kept = m->ny, outside = 0;
    for (int b = 0; b < m->n_bodies; b++) {
        if (t.body_joint[b] >= 0)
            kept -= m->bodies[b].nq + m->bodies[b].nu + (m->bodies[b].quat_mu >= 0);
        else if (m->bodies[b].type != MBS_BODY_GROUND)
            outside++;
    }
    for (int r = 0; r < m->n_rows; r++)
        if (t.row_in_tree[r])
            kept -= 1 + (m->row_mu[r] >= 0);
    int readers = 0, local_states = 0;
    for (int c = 0; c < m->n_comps; c++) {
        readers += mbs_js_reads_tree_reaction(m, &t, c) >= 0;
        if (newton == MBS_NEWTON_MASS && local_takes_mass(m, d, &t, c))
            local_states += m->comps[c].n_states;
    }
    *out = (mbs_joint_outline){.newton = newton,
                               .coords = t.n_coords,
                               .joint_coords = t.n_coords - 6 * mbs_tree_free_roots(&t),
                               .kept = kept,
                               .local_states = local_states,
                               .bodies_outside = outside,
                               .reaction_readers = readers};
    mbs_tree_free(&t);
    return 0;
}
