/* The joints' constraint equations (joint_primitives.h), primitives with
 * their values and virtual-displacement Jacobians, and angles between two
 * frames with their exact gradients.
 *
 *   atpoint  g_k = (p_I - p_J) . e_k
 *            dg  = e_k . (dp_I - dp_J)
 *   dot2     g = d . b,  b = a_J(k)
 *            dg = b . dp_I - b . dp_J + (b x d) . dtheta_J
 *   dot1     g = a . b,  a = a_I(ki), b = a_J(kj)
 *            dg = (a x b) . dtheta_I - (a x b) . dtheta_J
 * with dp = dr + dtheta x s for a marker at offset s from its body's centre
 * of mass (mbs_jac_add_point adds that part). None of these depends on t.
 *
 * Angles from two axis products, angle = atan2(S, C) with S = sign (a.b),
 * C = c.e (a, c axes of I; b, e axes of J):
 *   d angle = grad . (dtheta_I - dtheta_J),
 *   grad = (C sign (a x b) - S (c x e)) / (S^2 + C^2)
 * (exact, at any orientation; the angle is undefined where S = C = 0).
 *
 * Constant velocity: g = x_I . y_J + sign (y_I . x_J),
 *   dg = (x_I x y_J + sign (y_I x x_J)) . (dtheta_I - dtheta_J).
 * Travel:  g = d . z_J - s0 - ratio (angle - angle0),
 *   dg = (dot2 with k = 2) - ratio grad . (dtheta_I - dtheta_J). */
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

/* g = d . a_J(k) into row r (cleared), with its Jacobian. */
static void distance_along(const mbs_eval *ev, mbs_row *r, int I, int J, int k)
{
    double pI[3], pJ[3], d[3], b[3], bxd[3];
    mbs_marker_position(ev, I, pI);
    mbs_marker_position(ev, J, pJ);
    v3_sub(d, pI, pJ);
    mbs_marker_axis(ev, J, k, b);
    v3_cross(bxd, b, d);
    r->g = v3_dot(d, b);
    mbs_jac_add_point(&r->jac, ev, I, b, 1.0);
    mbs_jac_add_point(&r->jac, ev, J, b, -1.0);
    mbs_jac_add_rotation(&r->jac, ev, mbs_marker_body(ev, J), bxd);
}

void mbs_prim_dot2(mbs_eval *ev, const mbs_component *c, int row, int I, int J, int k)
{
    distance_along(ev, mbs_eval_row(ev, c, row), I, J, k);
}

void mbs_jac_add_relative_rotation(mbs_jac *j, const mbs_eval *ev, int I, int J, const double v[3], double factor)
{
    double a[3], b[3];
    v3_scale(a, v, factor);
    v3_scale(b, v, -factor);
    mbs_jac_add_rotation(j, ev, mbs_marker_body(ev, I), a);
    mbs_jac_add_rotation(j, ev, mbs_marker_body(ev, J), b);
}

void mbs_prim_dot1(mbs_eval *ev, const mbs_component *c, int row, int I, int ki, int J, int kj)
{
    double a[3], b[3], axb[3];
    mbs_marker_axis(ev, I, ki, a);
    mbs_marker_axis(ev, J, kj, b);
    v3_cross(axb, a, b);
    mbs_row *r = mbs_eval_row(ev, c, row);
    r->g = v3_dot(a, b);
    mbs_jac_add_relative_rotation(&r->jac, ev, I, J, axb, 1.0);
}

/* ---- angles ---- */

const mbs_dot_angle MBS_ANGLE_AX = {2, 1, -1.0, 2, 2};
const mbs_dot_angle MBS_ANGLE_AY = {2, 0, 1.0, 2, 2};
const mbs_dot_angle MBS_ANGLE_AZ = {0, 1, 1.0, 0, 0};
const mbs_dot_angle MBS_ANGLE_PINION = {1, 2, -1.0, 0, 2};

double mbs_prim_dot_angle(const mbs_eval *ev, int I, int J, const mbs_dot_angle *a, double grad[3])
{
    double as[3], bs[3], ac[3], bc[3];
    mbs_marker_axis(ev, I, a->ks, as);
    mbs_marker_axis(ev, J, a->js, bs);
    mbs_marker_axis(ev, I, a->kc, ac);
    mbs_marker_axis(ev, J, a->jc, bc);
    double S = a->sign * v3_dot(as, bs), C = v3_dot(ac, bc);
    if (grad) {
        double gs[3], gc[3], n = S * S + C * C;
        v3_cross(gs, as, bs);
        v3_cross(gc, ac, bc);
        for (int k = 0; k < 3; k++)
            grad[k] = n > 0.0 ? (C * a->sign * gs[k] - S * gc[k]) / n : 0.0;
    }
    return atan2(S, C);
}

double mbs_angle_near(double a, double ref)
{
    return a + 2.0 * MBS_PI * floor((ref - a) / (2.0 * MBS_PI) + 0.5);
}

double mbs_prim_angle(const mbs_eval *ev, int I, int J)
{
    return mbs_prim_dot_angle(ev, I, J, &MBS_ANGLE_AZ, NULL);
}

double mbs_prim_angle_near(const mbs_eval *ev, int I, int J, double ref)
{
    return mbs_angle_near(mbs_prim_angle(ev, I, J), ref);
}

/* ---- coupling joints ---- */

void mbs_prim_constant_velocity(mbs_eval *ev, const mbs_component *c, int row, int I, int J, double sign)
{
    double xI[3], yI[3], xJ[3], yJ[3], a[3], b[3];
    mbs_marker_axis(ev, I, 0, xI);
    mbs_marker_axis(ev, I, 1, yI);
    mbs_marker_axis(ev, J, 0, xJ);
    mbs_marker_axis(ev, J, 1, yJ);
    v3_cross(a, xI, yJ);
    v3_cross(b, yI, xJ);
    v3_axpy(a, sign, b);
    mbs_row *r = mbs_eval_row(ev, c, row);
    r->g = v3_dot(xI, yJ) + sign * v3_dot(yI, xJ);
    mbs_jac_add_relative_rotation(&r->jac, ev, I, J, a, 1.0);
}

void mbs_prim_travel(mbs_eval *ev, const mbs_component *c, int row, int I, int J, double ratio, double angle,
                     const double grad[3], double s0, double angle0)
{
    mbs_row *r = mbs_eval_row(ev, c, row);
    distance_along(ev, r, I, J, 2);
    r->g -= s0 + ratio * (angle - angle0);
    mbs_jac_add_relative_rotation(&r->jac, ev, I, J, grad, -ratio);
}
