/* A joint at an evaluation (joints.h).
 *
 * Reaction: the constraint force on the I body, F = -sum_rows lambda lin_I,
 * and its moment about the I origin, T = -sum_rows lambda ang_I - s_I x F
 * (s_I = p_I - r_I), both in J axes. With I on the ground, the negated
 * load on the J body moved to the I origin. Where the formulation
 * supplies the joint's wrench W = (n_O, f) on the I body (moment about the
 * global origin), F = f and T = n_O - p_I x f. */
#include "joints.h"
#include "../../core/vec3.h"

#include <math.h>

/* The wrench the formulation supplies for the joint that is component c,
 * moved from the global origin to I's origin: 1, or 0 where it supplies
 * none (the joint's multipliers are variables). */
static int supplied_reaction(const mbs_component *c, const mbs_eval *ev, const double pI[3], double f[3],
                             double t[3])
{
    const mbs_data *d = ev->d;
    long i = c - ev->m->comps;
    if (!d->joint_wrench_on || !d->joint_wrench_on[i])
        return 0;
    const double *W = d->joint_wrench + 6 * i;
    double pxf[3];
    v3_copy(f, W + 3);
    v3_cross(pxf, pI, f);
    v3_sub(t, W, pxf);
    return 1;
}

void mbs_joint_reaction(const mbs_component *c, const mbs_eval *ev, double F[3], double T[3])
{
    double pI[3], RJ[9];
    mbs_marker_position(ev, c->joint->I, pI);
    mbs_marker_axes(ev, c->joint->J, RJ);
    mbs_joint_reaction_at(c, ev, pI, RJ, F, T);
}

/* Row r's load on the loaded body (I's, or J's where I is on the ground)
 * per unit multiplier: the force lin and its moment about I's origin,
 * ang - s_I x lin (ang is about the body's centre of mass), global axes. */
static void row_load(const mbs_component *c, const mbs_eval *ev, int r, int body, const double s[3], double f[3],
                     double t[3])
{
    const mbs_row *row = &ev->d->rows[c->row_ofs + r];
    v3_set(f, 0, 0, 0);
    v3_set(t, 0, 0, 0);
    for (int k = 0; k < row->jac.n; k++)
        if (row->jac.terms[k].body == body) {
            v3_add(f, f, row->jac.terms[k].lin);
            v3_add(t, t, row->jac.terms[k].ang);
        }
    double sxf[3];
    v3_cross(sxf, s, f);
    v3_sub(t, t, sxf);
}

/* The body the reaction is on (I's, or J's where I is on the ground: then
 * the load is negated) and I's origin relative to its centre of mass. */
static int loaded_body(const mbs_component *c, const mbs_eval *ev, const double pI[3], double s[3])
{
    int bI = mbs_marker_body(ev, c->joint->I), bJ = mbs_marker_body(ev, c->joint->J);
    int body = ev->m->bodies[bI].type == MBS_BODY_GROUND ? bJ : bI;
    v3_sub(s, pI, ev->d->bodies[body].r);
    return body;
}

void mbs_joint_reaction_at(const mbs_component *c, const mbs_eval *ev, const double pI[3], const double RJ[9],
                           double F[3], double T[3])
{
    double f_given[3], t_given[3];
    if (supplied_reaction(c, ev, pI, f_given, t_given)) {
        m3_tmul_v(F, RJ, f_given);
        m3_tmul_v(T, RJ, t_given);
        return;
    }
    double s[3], f[3] = {0, 0, 0}, t[3] = {0, 0, 0};
    int body = loaded_body(c, ev, pI, s);
    for (int r = 0; r < c->n_hrows + c->n_vrows; r++) {
        double fr[3], tr[3], lambda = mbs_row_lambda(ev, c, r);
        row_load(c, ev, r, body, s, fr, tr);
        v3_axpy(f, -lambda, fr);
        v3_axpy(t, -lambda, tr);
    }
    if (body != mbs_marker_body(ev, c->joint->I)) {
        v3_scale(f, f, -1.0);
        v3_scale(t, t, -1.0);
    }
    m3_tmul_v(F, RJ, f);
    m3_tmul_v(T, RJ, t);
}

unsigned mbs_joint_unused_loads(const mbs_component *c, const mbs_eval *ev, const char *in_use)
{
    double pI[3], RJ[9], s[3];
    mbs_marker_position(ev, c->joint->I, pI);
    mbs_marker_axes(ev, c->joint->J, RJ);
    int body = loaded_body(c, ev, pI, s);
    unsigned bits = 0;
    for (int r = 0; r < c->n_hrows + c->n_vrows; r++) {
        if (in_use[c->row_ofs + r])
            continue;
        double f[3], t[3], load[6];
        row_load(c, ev, r, body, s, f, t);
        m3_tmul_v(load, RJ, f);
        m3_tmul_v(load + 3, RJ, t);
        double nf = v3_norm(f), nt = v3_norm(t);
        for (int k = 0; k < 3; k++) {
            if (fabs(load[k]) > 1e-6 * nf)
                bits |= 1u << k;
            if (fabs(load[3 + k]) > 1e-6 * nt)
                bits |= 1u << (3 + k);
        }
    }
    return bits;
}

void mbs_joint_set_angle_reference(const mbs_component *c, mbs_eval *ev, double angle)
{
    if (c->joint->angle_disc >= 0)
        mbs_disc(ev, c)[c->joint->angle_disc] = angle;
}
