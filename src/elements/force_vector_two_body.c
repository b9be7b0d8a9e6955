/* Force_Vector_TwoBody (MotionSolve): a force and a torque between markers
 * I and J, components (numbers or run-time expressions of time and state)
 * in the axes of ref_marker_id (default global):
 *   on I's body:  f at the origin p_I of marker I, torque t
 *   on J's body:  -f at the same point p_I (MotionSolve's floating J marker
 *                 follows I), torque -t
 * so the pair has no net force or moment. Power (the work rate of the pair,
 * counted in the energy balance): f . (v_I - v_J(p_I)) + t . (w_I - w_J),
 * v_J(p_I) the velocity of J's body at p_I. */
#include "usersub.h"
#include "vector_load.h"
#include "../core/vec3.h"

#include <stdlib.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "force id (unique among forces)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"i_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "marker where the force acts", NULL},
    {"j_floating_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL,
     "a marker on the body that takes the reaction (at I's origin)", NULL},
    {"j_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "the same as j_floating_marker_id", NULL},
    {"body1_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_IGNORED, NULL, "I's body, as MotionView writes it (no effect)", NULL},
    {"body2_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_IGNORED, NULL, "J's body (no effect)", NULL},
    {"ref_body_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_IGNORED, NULL, "ref_marker_id's body (no effect)", NULL},
    MBS_VECTOR_LOAD_ATTRS,
    MBS_USERSUB_ATTRS,
};

typedef struct pair_params {
    int I, J;
    mbs_vector_load load;
} pair_params;

static void eval(const mbs_component *c, mbs_eval *ev)
{
    const pair_params *p = c->params;
    double f[3], t[3], minus_f[3], minus_t[3], at[3];
    mbs_vector_load_eval(ev, &p->load, f, t);
    mbs_marker_position(ev, p->I, at);
    mbs_apply_force(ev, p->I, f);
    mbs_apply_torque(ev, mbs_marker_body(ev, p->I), t);
    v3_scale(minus_f, f, -1.0);
    v3_scale(minus_t, t, -1.0);
    mbs_apply_force_at(ev, mbs_marker_body(ev, p->J), at, minus_f);
    mbs_apply_torque(ev, mbs_marker_body(ev, p->J), minus_t);
}

static double power_nc(const mbs_component *c, const mbs_eval *ev)
{
    const pair_params *p = c->params;
    double f[3], t[3], at[3], vI[3], vJ[3], wI[3], wJ[3];
    mbs_vector_load_eval(ev, &p->load, f, t);
    mbs_marker_position(ev, p->I, at);
    mbs_marker_velocity(ev, p->I, vI);
    mbs_body_point_velocity(ev, mbs_marker_body(ev, p->J), at, vJ);
    mbs_marker_angular_velocity(ev, p->I, wI);
    mbs_marker_angular_velocity(ev, p->J, wJ);
    v3_sub(vI, vI, vJ);
    v3_sub(wI, wI, wJ);
    return v3_dot(f, vI) + v3_dot(t, wI);
}

enum { OUT_FORCE, OUT_TORQUE, OUT_POWER };

static void output(const mbs_component *c, const mbs_eval *ev, int which, double *out)
{
    const pair_params *p = c->params;
    double f[3], t[3];
    mbs_vector_load_eval(ev, &p->load, f, t);
    switch (c->outputs[which].code) {
    case OUT_FORCE: v3_copy(out, f); break;
    case OUT_TORQUE: v3_copy(out, t); break;
    case OUT_POWER: out[0] = power_nc(c, ev); break;
    }
}

static void free_params(void *p)
{
    pair_params *pp = p;
    if (!pp)
        return;
    mbs_vector_load_free(&pp->load);
    free(pp);
}

static const mbs_output_desc OUTPUTS[] = {
    {"Force", "x y z", DIM_FORCE, NULL, 0, OUT_FORCE},
    {"Torque", "x y z", DIM_TORQUE, NULL, 0, OUT_TORQUE},
    {"Power", "value", DIM_POWER, NULL, 0, OUT_POWER},
};

static const mbs_component_ops OPS = {
    .eval = eval,
    .power_nc = power_nc,
    .output = output,
    .free_params = free_params,
};

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    const mbs_model *m = mbs_builder_model(b);
    int floating = mbs_spec_has(e, "j_floating_marker_id"), fixed = mbs_spec_has(e, "j_marker_id");
    if (floating == fixed)
        return mbs_build_error(b, e, "give exactly one of j_floating_marker_id and j_marker_id");
    int I = mbs_ref_frame_marker(b, e, "i_marker_id");
    int J = mbs_ref_frame_marker(b, e, floating ? "j_floating_marker_id" : "j_marker_id");
    if (I < 0 || J < 0)
        return -1;
    pair_params *p = calloc(1, sizeof *p);
    if (!p)
        return -1;
    p->I = I;
    p->J = J;
    if (mbs_vector_load_build(b, e, &p->load) != 0) {
        free(p);
        return -1;
    }
    mbs_component *c = mbs_add_component(b, e, &OPS, p);
    if (!c)
        return -1;
    mbs_component_couple_marker(m, c, I);
    mbs_component_couple_marker(m, c, J);
    if (p->load.ref >= 0)
        mbs_component_couple_marker(m, c, p->load.ref);
    c->outputs = OUTPUTS;
    c->n_outputs = MBS_COUNT_OF(OUTPUTS);
    return 0;
}

const mbs_kind mbs_kind_force_vector_two_body = {
    "Force_Vector_TwoBody", MBS_FAMILY_FORCE, MBS_IN_MODEL, MBS_STAGE_ELEMENTS, ATTRS, MBS_COUNT_OF(ATTRS),
    "A force at the origin of marker I and a torque on its body, with the opposite force at the same point "
    "and the opposite torque on the body of j_floating_marker_id (MotionSolve's floating marker follows "
    "I). Components fx fy fz tx ty tz (fx_expression ...) are numbers or run-time expressions of time and "
    "state in the axes of ref_marker_id (default global); omitted ones are 0. Outputs: Force, Torque (on "
    "I, global axes), Power.",
    build,
};
