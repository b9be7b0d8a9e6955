/* A six-component spring-damper between markers I and J (Adams' BUSHING,
 * BEAM, FIELD), with d = p_I - p_J and R_J J's axes:
 *
 *   DX DY DZ = R_J^T d
 *   AX = atan2(-z_I.y_J, z_I.z_J)   AY = atan2(z_I.x_J, z_I.z_J)
 *   AZ = atan2( x_I.y_J, x_I.x_J)
 *     (Adams' AX, AY, AZ: each the rotation about one of J's axes with the
 *     other two assumed zero; exact for a rotation about one axis, good to
 *     second order otherwise; each continuous over turns, disc[0..2])
 *   VX VY VZ = R_J^T (v_I - v_J - w_J x d)     (the rate of DX..DZ)
 *   WX WY WZ = R_J^T (w_I - w_J)                (the rates Adams uses)
 * The angles' own rates are grad_k . (w_I - w_J) (joint_primitives.c),
 * equal to WX..WZ to first order in the angles.
 *
 * The element's law gives the load (F, T) on I in J's axes, applied as
 *   on I:  R_J F at p_I,   torque R_J T
 *   on J:  -R_J F at the point of J's body at p_I, torque -R_J T
 * so that J's torque about its own origin is -T - D x F (the arm of the
 * deflection). The pair does work only through the relative motion:
 *   P = F . (VX VY VZ) + T . (WX WY WZ)
 * exactly. For a load -grad V(u) + N (N the rest, e.g. dampers) the
 * non-conservative power is P + grad V . du/dt = N . v + grad V . (du/dt - v);
 * the last term is the higher-order difference between Adams' torques and the
 * gradient of V, so a system's energy balance closes exactly with it. */
#include "marker_spring.h"
#include "joint_primitives.h"
#include "../core/vec3.h"

#include <stdlib.h>
#include <string.h>

static const mbs_dot_angle *const ANGLES[3] = {&MBS_ANGLE_AX, &MBS_ANGLE_AY, &MBS_ANGLE_AZ};

/* The state of the spring at one evaluation. */
typedef struct deflection {
    double u[6];      /* DX - length, DY, DZ, AX, AY, AZ */
    double v[6];      /* VX VY VZ WX WY WZ */
    double rate[6];   /* the exact time derivatives of u */
    double RJ[9];     /* J's axes (columns), global */
    double load[6];   /* on I, J's axes */
    double grad_v[6];
    double V;
} deflection;

static void measure(const mbs_component *c, const mbs_eval *ev, deflection *out)
{
    const mbs_marker_spring *s = c->params;
    const double *turns = mbs_disc(ev, c);
    double pI[3], pJ[3], vI[3], vJ[3], wI[3], wJ[3], d[3], dv[3], dw[3], wxd[3];
    mbs_marker_position(ev, s->I, pI);
    mbs_marker_position(ev, s->J, pJ);
    mbs_marker_velocity(ev, s->I, vI);
    mbs_marker_velocity(ev, s->J, vJ);
    mbs_marker_angular_velocity(ev, s->I, wI);
    mbs_marker_angular_velocity(ev, s->J, wJ);
    mbs_marker_axes(ev, s->J, out->RJ);
    v3_sub(d, pI, pJ);
    v3_sub(dw, wI, wJ);
    v3_cross(wxd, wJ, d);
    v3_sub(dv, vI, vJ);
    v3_sub(dv, dv, wxd);
    m3_tmul_v(out->u, out->RJ, d);
    out->u[0] -= s->length;
    m3_tmul_v(out->v, out->RJ, dv);
    m3_tmul_v(out->v + 3, out->RJ, dw);
    for (int k = 0; k < 3; k++) {
        double grad[3];
        out->u[3 + k] = mbs_angle_near(mbs_prim_dot_angle(ev, s->I, s->J, ANGLES[k], grad), turns[k]);
        out->rate[k] = out->v[k];
        out->rate[3 + k] = v3_dot(grad, dw);
    }
    out->V = s->law(s, out->u, out->v, out->load, out->grad_v);
}

static void eval(const mbs_component *c, mbs_eval *ev)
{
    const mbs_marker_spring *s = c->params;
    deflection def;
    double f[3], t[3], pI[3];
    measure(c, ev, &def);
    m3_mul_v(f, def.RJ, def.load);
    m3_mul_v(t, def.RJ, def.load + 3);
    mbs_marker_position(ev, s->I, pI);
    mbs_apply_force(ev, s->I, f);
    mbs_apply_torque(ev, mbs_marker_body(ev, s->I), t);
    v3_scale(f, f, -1.0);
    v3_scale(t, t, -1.0);
    mbs_apply_force_at(ev, mbs_marker_body(ev, s->J), pI, f);
    mbs_apply_torque(ev, mbs_marker_body(ev, s->J), t);
}

static double power_of(const deflection *def)
{
    double p = 0.0;
    for (int k = 0; k < 6; k++)
        p += def->load[k] * def->v[k] + def->grad_v[k] * def->rate[k];
    return p;
}

static double potential_energy(const mbs_component *c, const mbs_eval *ev)
{
    deflection def;
    measure(c, ev, &def);
    return def.V;
}

static double power_nc(const mbs_component *c, const mbs_eval *ev)
{
    deflection def;
    measure(c, ev, &def);
    return power_of(&def);
}

/* The angles' turns follow the motion step by step. */
static void accept_step(const mbs_component *c, mbs_eval *ev)
{
    deflection def;
    measure(c, ev, &def);
    memcpy(mbs_disc(ev, c), def.u + 3, 3 * sizeof(double));
}

static void init(const mbs_component *c, mbs_eval *ev)
{
    const mbs_marker_spring *s = c->params;
    for (int k = 0; k < 3; k++)
        mbs_disc(ev, c)[k] = mbs_prim_dot_angle(ev, s->I, s->J, ANGLES[k], NULL);
}

enum { OUT_FORCE, OUT_TORQUE, OUT_REACTION_FORCE, OUT_REACTION_TORQUE, OUT_DISPLACEMENT, OUT_VELOCITY, OUT_POTENTIAL,
       OUT_POWER };

static void output(const mbs_component *c, const mbs_eval *ev, int which, double *out)
{
    deflection def;
    measure(c, ev, &def);
    double dxf[3], D[3];
    switch (c->outputs[which].code) {
    case OUT_FORCE: v3_copy(out, def.load); break;
    case OUT_TORQUE: v3_copy(out, def.load + 3); break;
    case OUT_REACTION_FORCE: v3_scale(out, def.load, -1.0); break;
    case OUT_REACTION_TORQUE:
        /* -T - D x F about J's origin, D the whole DX DY DZ */
        v3_copy(D, def.u);
        D[0] += ((const mbs_marker_spring *)c->params)->length;
        v3_cross(dxf, D, def.load);
        for (int k = 0; k < 3; k++)
            out[k] = -def.load[3 + k] - dxf[k];
        break;
    case OUT_DISPLACEMENT: memcpy(out, def.u, 6 * sizeof *out); break;
    case OUT_VELOCITY: memcpy(out, def.v, 6 * sizeof *out); break;
    case OUT_POTENTIAL: out[0] = def.V; break;
    case OUT_POWER: out[0] = power_of(&def); break;
    }
}

static const mbs_dim DISPLACEMENT_DIMS[6] = {DIM_LENGTH, DIM_LENGTH, DIM_LENGTH, DIM_ANGLE, DIM_ANGLE, DIM_ANGLE};
static const mbs_dim VELOCITY_DIMS[6] = {DIM_VELOCITY, DIM_VELOCITY, DIM_VELOCITY,
                                         DIM_ANGULAR_VELOCITY, DIM_ANGULAR_VELOCITY, DIM_ANGULAR_VELOCITY};

static const mbs_output_desc OUTPUTS[] = {
    {"Force", "x y z", DIM_FORCE, NULL, 0, OUT_FORCE},
    {"Torque", "x y z", DIM_TORQUE, NULL, 0, OUT_TORQUE},
    {"ReactionForce", "x y z", DIM_FORCE, NULL, 0, OUT_REACTION_FORCE},
    {"ReactionTorque", "x y z", DIM_TORQUE, NULL, 0, OUT_REACTION_TORQUE},
    {"Displacement", "x y z ax ay az", DIM_NONE, DISPLACEMENT_DIMS, 070, OUT_DISPLACEMENT},
    {"Velocity", "x y z wx wy wz", DIM_NONE, VELOCITY_DIMS, 070, OUT_VELOCITY},
    {"PotentialEnergy", "value", DIM_ENERGY, NULL, 0, OUT_POTENTIAL},
    {"Power", "value", DIM_POWER, NULL, 0, OUT_POWER},
};

static const mbs_component_ops OPS = {
    .eval = eval,
    .accept_step = accept_step,
    .init = init,
    .potential_energy = potential_energy,
    .power_nc = power_nc,
    .output = output,
    .free_params = free,
};

void mbs_marker_spring_preloads(const mbs_spec_elem *e, double preload[6])
{
    static const char *const NAMES[6] = {"preload_x", "preload_y", "preload_z", "preload_tx", "preload_ty", "preload_tz"};
    for (int i = 0; i < 6; i++)
        preload[i] = mbs_spec_real(e, NAMES[i]);
}

int mbs_marker_spring_markers(mbs_builder *b, const mbs_spec_elem *e, int *I, int *J)
{
    *I = mbs_ref_frame_marker(b, e, "i_marker_id");
    *J = mbs_ref_frame_marker(b, e, "j_marker_id");
    if (*I < 0 || *J < 0)
        return -1;
    const mbs_model *m = mbs_builder_model(b);
    if (m->markers[*I].body == m->markers[*J].body)
        return mbs_build_error(b, e, "i_marker_id %ld and j_marker_id %ld are on the same body",
                               mbs_spec_int(e, "i_marker_id"), mbs_spec_int(e, "j_marker_id"));
    return 0;
}

mbs_component *mbs_marker_spring_add(mbs_builder *b, const mbs_spec_elem *e, mbs_marker_spring *params)
{
    mbs_component *c = mbs_add_marker_component(b, e, &OPS, params, (const int[]){params->I, params->J}, 2, OUTPUTS,
                                                MBS_COUNT_OF(OUTPUTS));
    if (c)
        c->n_disc = 3;
    return c;
}
