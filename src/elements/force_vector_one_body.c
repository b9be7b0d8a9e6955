/* Force_Vector_OneBody (MotionSolve, action only): a force at the origin of
 * marker I and a torque on its body, components (each a number or a
 * run-time expression of time and state) in the axes of ref_marker_id
 * (default global):
 *   f = R_ref (fx, fy, fz),  t = R_ref (tx, ty, tz)
 * Power (external work rate) f . v_I + t . w_I. */
#include "usersub.h"
#include "vector_load.h"
#include "../core/vec3.h"

#include <stdlib.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "force id (unique among forces)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"i_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "marker where the force acts", NULL},
    {"marker_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "MotionSolve's name for i_marker_id", NULL},
    {"body_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_IGNORED, NULL, "the marker's body, as MotionView writes it (no effect)", NULL},
    {"ref_body_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_IGNORED, NULL, "ref_marker_id's body (no effect)", NULL},
    MBS_VECTOR_LOAD_ATTRS,
    MBS_USERSUB_ATTRS,
};

typedef struct vector_params {
    int I;
    mbs_vector_load load;
} vector_params;

static void eval(const mbs_component *c, mbs_eval *ev)
{
    const vector_params *vp = c->params;
    double f[3], t[3];
    mbs_vector_load_eval(ev, &vp->load, f, t);
    mbs_apply_force(ev, vp->I, f);
    mbs_apply_torque(ev, mbs_marker_body(ev, vp->I), t);
}

static double power_nc(const mbs_component *c, const mbs_eval *ev)
{
    const vector_params *vp = c->params;
    double f[3], t[3], v[3], w[3];
    mbs_vector_load_eval(ev, &vp->load, f, t);
    mbs_marker_velocity(ev, vp->I, v);
    mbs_marker_angular_velocity(ev, vp->I, w);
    return v3_dot(f, v) + v3_dot(t, w);
}

enum { OUT_FORCE, OUT_TORQUE, OUT_POWER };

static void output(const mbs_component *c, const mbs_eval *ev, int which, double *out)
{
    const vector_params *vp = c->params;
    double f[3], t[3];
    mbs_vector_load_eval(ev, &vp->load, f, t);
    switch (c->outputs[which].code) {
    case OUT_FORCE: v3_copy(out, f); break;
    case OUT_TORQUE: v3_copy(out, t); break;
    case OUT_POWER: out[0] = power_nc(c, ev); break;
    }
}

static void free_params(void *p)
{
    vector_params *vp = p;
    if (!vp)
        return;
    mbs_vector_load_free(&vp->load);
    free(vp);
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

/* Which marker attribute names the point of application. */
static const char *marker_attr(mbs_builder *b, const mbs_spec_elem *e)
{
    int a = mbs_spec_has(e, "i_marker_id"), m = mbs_spec_has(e, "marker_id");
    if (a == m) {
        mbs_build_error(b, e, "give exactly one of i_marker_id and marker_id");
        return NULL;
    }
    return a ? "i_marker_id" : "marker_id";
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    const mbs_model *m = mbs_builder_model(b);
    const char *attr = marker_attr(b, e);
    if (!attr)
        return -1;
    int I = mbs_ref_frame_marker(b, e, attr);
    if (I < 0)
        return -1;
    vector_params *vp = calloc(1, sizeof *vp);
    if (!vp)
        return -1;
    vp->I = I;
    if (mbs_vector_load_build(b, e, &vp->load) != 0) {
        free(vp);
        return -1;
    }
    mbs_component *c = mbs_add_component(b, e, &OPS, vp);
    if (!c)
        return -1;
    mbs_component_couple_marker(m, c, I);
    if (vp->load.ref >= 0)
        mbs_component_couple_marker(m, c, vp->load.ref);
    c->outputs = OUTPUTS;
    c->n_outputs = MBS_COUNT_OF(OUTPUTS);
    return 0;
}

const mbs_kind mbs_kind_force_vector_one_body = {
    "Force_Vector_OneBody", MBS_FAMILY_FORCE, MBS_IN_MODEL, MBS_STAGE_ELEMENTS, ATTRS, MBS_COUNT_OF(ATTRS),
    "An action-only force at the origin of marker I and a torque on its body. Components fx fy fz tx ty tz "
    "(MotionSolve files: fx_expression ...) are numbers or run-time expressions of time and state (DX, VZ, "
    "VARVAL, ...) in the axes of ref_marker_id (default global); omitted components are 0. Outputs: Force, "
    "Torque (global axes), Power.",
    build,
};
