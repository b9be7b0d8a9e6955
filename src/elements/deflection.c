/* The deflection of marker I relative to marker J (Adams' BUSHING, BEAM,
 * FIELD), with d = p_I - p_J and R_J J's axes:
 *
 *   DX DY DZ = R_J^T d
 *   AX = atan2(-z_I.y_J, z_I.z_J)   AY = atan2(z_I.x_J, z_I.z_J)
 *   AZ = atan2( x_I.y_J, x_I.x_J)
 *     (Adams' AX, AY, AZ: each the rotation about one of J's axes with the
 *     other two assumed zero; exact for a rotation about one axis, good to
 *     second order otherwise; each continuous over turns)
 *   VX VY VZ = R_J^T (v_I - v_J - w_J x d)     (the rate of DX..DZ)
 *   WX WY WZ = R_J^T (w_I - w_J)                (the rates Adams uses)
 * The angles' own rates are grad_k . (w_I - w_J) (joint_primitives.c),
 * equal to WX..WZ to first order in the angles.
 *
 * A load (F, T) on I in J axes is applied as
 *   on I:  R_J F at p_I,   torque R_J T
 *   on J:  -R_J F at the point of J's body at p_I, torque -R_J T
 * so that J's torque about its own origin is -T - D x F (the arm of the
 * deflection). The pair does work only through the relative motion:
 *   P = F . (VX VY VZ) + T . (WX WY WZ)
 * exactly. For a load -grad V(x) + N (N the rest, e.g. dampers) the
 * non-conservative power is P + grad V . dx/dt = N . v + grad V . (dx/dt - v);
 * the last term is the third-order difference between Adams' torques and the
 * gradient of V, so a system's energy balance closes exactly with it. */
#include "deflection.h"
#include "joint_primitives.h"
#include "../core/vec3.h"

static const mbs_dot_angle *const ANGLES[3] = {&MBS_ANGLE_AX, &MBS_ANGLE_AY, &MBS_ANGLE_AZ};

void mbs_deflection_angles(const mbs_eval *ev, int I, int J, double angles[3])
{
    for (int k = 0; k < 3; k++)
        angles[k] = mbs_prim_dot_angle(ev, I, J, ANGLES[k], NULL);
}

void mbs_deflection_measure(const mbs_eval *ev, int I, int J, const double turns[3], mbs_deflection *out)
{
    double pI[3], pJ[3], vI[3], vJ[3], wI[3], wJ[3], dv[3], dw[3], wxd[3];
    mbs_marker_position(ev, I, pI);
    mbs_marker_position(ev, J, pJ);
    mbs_marker_velocity(ev, I, vI);
    mbs_marker_velocity(ev, J, vJ);
    mbs_marker_angular_velocity(ev, I, wI);
    mbs_marker_angular_velocity(ev, J, wJ);
    mbs_marker_axes(ev, J, out->RJ);
    v3_sub(out->d, pI, pJ);
    v3_sub(dw, wI, wJ);
    v3_cross(wxd, wJ, out->d);
    v3_sub(dv, vI, vJ);
    v3_sub(dv, dv, wxd);
    m3_tmul_v(out->x, out->RJ, out->d);
    m3_tmul_v(out->v, out->RJ, dv);
    m3_tmul_v(out->v + 3, out->RJ, dw);
    for (int k = 0; k < 3; k++) {
        double grad[3];
        out->x[3 + k] = mbs_angle_near(mbs_prim_dot_angle(ev, I, J, ANGLES[k], grad), turns[k]);
        out->rate[k] = out->v[k];
        out->rate[3 + k] = v3_dot(grad, dw);
    }
}

void mbs_deflection_apply(mbs_eval *ev, int I, int J, const mbs_deflection *def, const double load[6])
{
    double f[3], t[3], pI[3];
    m3_mul_v(f, def->RJ, load);
    m3_mul_v(t, def->RJ, load + 3);
    mbs_marker_position(ev, I, pI);
    mbs_apply_force(ev, I, f);
    mbs_apply_torque(ev, mbs_marker_body(ev, I), t);
    v3_scale(f, f, -1.0);
    v3_scale(t, t, -1.0);
    mbs_apply_force_at(ev, mbs_marker_body(ev, J), pI, f);
    mbs_apply_torque(ev, mbs_marker_body(ev, J), t);
}

void mbs_deflection_reaction_torque(const mbs_deflection *def, const double load[6], double out[3])
{
    double dxf[3];
    v3_cross(dxf, def->x, load);
    for (int k = 0; k < 3; k++)
        out[k] = -load[3 + k] - dxf[k];
}

double mbs_deflection_power_nc(const mbs_deflection *def, const double load[6], const double grad_v[6])
{
    double p = 0.0;
    for (int k = 0; k < 6; k++)
        p += load[k] * def->v[k] + grad_v[k] * def->rate[k];
    return p;
}
