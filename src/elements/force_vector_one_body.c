/* Force_Vector_OneBody (MotionSolve, action only): a force at the origin of
 * marker I and a torque on its body, components (each a number or an
 * expression of t) in the axes of ref_marker_id (default global):
 *   f = R_ref (fx, fy, fz),  t = R_ref (tx, ty, tz)
 * Power (external work rate) f . v_I + t . w_I. */
#include "../core/vec3.h"
#include "../model/builder.h"
#include "../model/tfunc.h"
#include "../solver/eval.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "force id (unique among forces)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"i_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "marker where the force acts", NULL},
    {"marker_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "MotionSolve's name for i_marker_id", NULL},
    {"ref_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "marker whose axes the components are in (default global)", NULL},
    {"type", MBS_ATTR_KEYWORD, "FORCEANDTORQUE", DIM_NONE, 0, "FORCEONLY|TORQUEONLY|FORCEANDTORQUE",
     "which components may be given", NULL},
    {"fx", MBS_ATTR_EXPR, NULL, DIM_FORCE, 0, "t", "force component x", NULL},
    {"fy", MBS_ATTR_EXPR, NULL, DIM_FORCE, 0, "t", "force component y", NULL},
    {"fz", MBS_ATTR_EXPR, NULL, DIM_FORCE, 0, "t", "force component z", NULL},
    {"tx", MBS_ATTR_EXPR, NULL, DIM_TORQUE, 0, "t", "torque component x", NULL},
    {"ty", MBS_ATTR_EXPR, NULL, DIM_TORQUE, 0, "t", "torque component y", NULL},
    {"tz", MBS_ATTR_EXPR, NULL, DIM_TORQUE, 0, "t", "torque component z", NULL},
    {"fx_expression", MBS_ATTR_EXPR, NULL, DIM_FORCE, 0, "t", "MotionSolve's name for fx", NULL},
    {"fy_expression", MBS_ATTR_EXPR, NULL, DIM_FORCE, 0, "t", "MotionSolve's name for fy", NULL},
    {"fz_expression", MBS_ATTR_EXPR, NULL, DIM_FORCE, 0, "t", "MotionSolve's name for fz", NULL},
    {"tx_expression", MBS_ATTR_EXPR, NULL, DIM_TORQUE, 0, "t", "MotionSolve's name for tx", NULL},
    {"ty_expression", MBS_ATTR_EXPR, NULL, DIM_TORQUE, 0, "t", "MotionSolve's name for ty", NULL},
    {"tz_expression", MBS_ATTR_EXPR, NULL, DIM_TORQUE, 0, "t", "MotionSolve's name for tz", NULL},
};

static const char *const COMPONENTS[6] = {"fx", "fy", "fz", "tx", "ty", "tz"};

typedef struct vector_params {
    int I, ref;           /* ref = -1: global axes */
    mbs_tfunc *comp[6];   /* NULL = 0 */
} vector_params;

static void loads(const mbs_component *c, const mbs_eval *ev, double f[3], double t[3])
{
    const vector_params *vp = c->params;
    double local[6];
    for (int i = 0; i < 6; i++)
        local[i] = vp->comp[i] ? mbs_eval_tfunc(ev, vp->comp[i]) : 0.0;
    if (vp->ref < 0) {
        v3_copy(f, local);
        v3_copy(t, local + 3);
        return;
    }
    double R[9];
    mbs_marker_axes(ev, vp->ref, R);
    m3_mul_v(f, R, local);
    m3_mul_v(t, R, local + 3);
}

static void eval(const mbs_component *c, mbs_eval *ev)
{
    const vector_params *vp = c->params;
    double f[3], t[3];
    loads(c, ev, f, t);
    mbs_apply_force(ev, vp->I, f);
    mbs_apply_torque(ev, mbs_marker_body(ev, vp->I), t);
}

static double power_nc(const mbs_component *c, const mbs_eval *ev)
{
    const vector_params *vp = c->params;
    double f[3], t[3], v[3], w[3];
    loads(c, ev, f, t);
    mbs_marker_velocity(ev, vp->I, v);
    mbs_marker_angular_velocity(ev, vp->I, w);
    return v3_dot(f, v) + v3_dot(t, w);
}

enum { OUT_FORCE, OUT_TORQUE, OUT_POWER };

static void output(const mbs_component *c, const mbs_eval *ev, int which, double *out)
{
    double f[3], t[3];
    loads(c, ev, f, t);
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
    for (int i = 0; i < 6; i++)
        mbs_tfunc_free(vp->comp[i]);
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
    int ref = mbs_spec_has(e, "ref_marker_id") ? mbs_ref_frame_marker(b, e, "ref_marker_id") : -1;
    if (I < 0 || (mbs_spec_has(e, "ref_marker_id") && ref < 0))
        return -1;
    vector_params *vp = calloc(1, sizeof *vp);
    if (!vp)
        return -1;
    vp->I = I;
    vp->ref = ref;
    int type = mbs_spec_keyword(e, "type");
    int bad = 0;
    for (int i = 0; i < 6; i++) {
        char long_name[32];
        snprintf(long_name, sizeof long_name, "%s_expression", COMPONENTS[i]);
        int plain = mbs_spec_has(e, COMPONENTS[i]), ms = mbs_spec_has(e, long_name);
        if (!plain && !ms)
            continue;
        if (plain && ms) {
            bad = mbs_build_error(b, e, "give %s or %s, not both", COMPONENTS[i], long_name);
            continue;
        }
        int is_torque = i >= 3;
        if ((type == 0 && is_torque) || (type == 1 && !is_torque)) {
            bad = mbs_build_error(b, e, "%s is given but type is %s", plain ? COMPONENTS[i] : long_name,
                                  mbs_spec_text(e, "type"));
            continue;
        }
        vp->comp[i] = mbs_build_tfunc(b, e, plain ? COMPONENTS[i] : long_name);
        if (!vp->comp[i])
            bad = -1;
    }
    if (bad) {
        free_params(vp);
        return -1;
    }
    mbs_component *c = mbs_add_component(b, e, &OPS, vp);
    if (!c)
        return -1;
    mbs_component_couple_marker(m, c, I);
    if (ref >= 0)
        mbs_component_couple_marker(m, c, ref);
    c->outputs = OUTPUTS;
    c->n_outputs = MBS_COUNT_OF(OUTPUTS);
    return 0;
}

const mbs_kind mbs_kind_force_vector_one_body = {
    "Force_Vector_OneBody", MBS_FAMILY_FORCE, MBS_IN_MODEL, MBS_STAGE_ELEMENTS, ATTRS, MBS_COUNT_OF(ATTRS),
    "An action-only force at the origin of marker I and a torque on its body. Components fx fy fz tx ty tz "
    "(MotionSolve files: fx_expression ...) are numbers or expressions of t in the axes of ref_marker_id "
    "(default global); omitted components are 0. Outputs: Force, Torque (global axes), Power.",
    build,
};
