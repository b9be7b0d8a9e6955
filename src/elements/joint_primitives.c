/* Joint primitives: values and virtual-displacement Jacobians.
 *
 *   atpoint  g_k = (p_I - p_J) . e_k
 *            dg  = e_k . (dp_I - dp_J)
 *   dot2     g = d . b,  b = a_J(k)
 *            dg = b . dp_I - b . dp_J + (b x d) . dtheta_J
 *   dot1     g = a . b,  a = a_I(ki), b = a_J(kj)
 *            dg = (a x b) . dtheta_I - (a x b) . dtheta_J
 * with dp = dr + dtheta x s for a marker at offset s from its body's centre
 * of mass (mbs_jac_add_point adds that part). None of these depends on t. */
#include "joint_primitives.h"
#include "../core/vec3.h"

#include <math.h>

void mbs_prim_atpoint(mbs_eval *ev, const mbs_component *c, int row, int I, int J)
{
    double pI[3], pJ[3];
    mbs_marker_position(ev, I, pI);
    mbs_marker_position(ev, J, pJ);
    for (int k = 0; k < 3; k++) {
        double e[3] = {0, 0, 0};
        e[k] = 1.0;
        mbs_row *r = mbs_eval_row(ev, c, row + k);
        r->g = pI[k] - pJ[k];
        mbs_jac_add_point(&r->jac, ev, I, e, 1.0);
        mbs_jac_add_point(&r->jac, ev, J, e, -1.0);
    }
}

void mbs_prim_dot2(mbs_eval *ev, const mbs_component *c, int row, int I, int J, int k)
{
    double pI[3], pJ[3], d[3], b[3], bxd[3];
    mbs_marker_position(ev, I, pI);
    mbs_marker_position(ev, J, pJ);
    v3_sub(d, pI, pJ);
    mbs_marker_axis(ev, J, k, b);
    v3_cross(bxd, b, d);
    mbs_row *r = mbs_eval_row(ev, c, row);
    r->g = v3_dot(d, b);
    mbs_jac_add_point(&r->jac, ev, I, b, 1.0);
    mbs_jac_add_point(&r->jac, ev, J, b, -1.0);
    mbs_jac_add_rotation(&r->jac, ev, mbs_marker_body(ev, J), bxd);
}

void mbs_prim_dot1(mbs_eval *ev, const mbs_component *c, int row, int I, int ki, int J, int kj)
{
    double a[3], b[3], axb[3], minus[3];
    mbs_marker_axis(ev, I, ki, a);
    mbs_marker_axis(ev, J, kj, b);
    v3_cross(axb, a, b);
    v3_scale(minus, axb, -1.0);
    mbs_row *r = mbs_eval_row(ev, c, row);
    r->g = v3_dot(a, b);
    mbs_jac_add_rotation(&r->jac, ev, mbs_marker_body(ev, I), axb);
    mbs_jac_add_rotation(&r->jac, ev, mbs_marker_body(ev, J), minus);
}

double mbs_prim_angle(const mbs_eval *ev, int I, int J)
{
    double xI[3], xJ[3], yJ[3];
    mbs_marker_axis(ev, I, 0, xI);
    mbs_marker_axis(ev, J, 0, xJ);
    mbs_marker_axis(ev, J, 1, yJ);
    return atan2(v3_dot(xI, yJ), v3_dot(xI, xJ));
}

double mbs_prim_angle_near(const mbs_eval *ev, int I, int J, double ref)
{
    double a = mbs_prim_angle(ev, I, J);
    return a + 2.0 * MBS_PI * floor((ref - a) / (2.0 * MBS_PI) + 0.5);
}
