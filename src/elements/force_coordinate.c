/* Force_Coordinate (Exudyn's LoadCoordinate): a generalised force F(t) on
 * the coordinate of a Marker_Coordinate,
 *   Q = F(t)   (positive in the direction of increasing coordinate)
 * added through the coordinate's Jacobian: a force on a body coordinate, a
 * torque about a revolute joint's axis (equal and opposite on its two
 * bodies), a force along a translational joint. Its power F v enters the
 * energy balance as external work. */
#include "../model/builder.h"
#include "../model/tfunc.h"
#include "../solver/eval/eval.h"

#include <stdlib.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among the elements of this name; another element may share it)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"marker_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "the Marker_Coordinate loaded", NULL},
    {"value", MBS_ATTR_EXPR, NULL, DIM_NONE, MBS_REQUIRED, "t",
     "the load: force (torque for an angle), a number or an expression of t", NULL},
};

typedef struct load_params {
    int marker;
    mbs_tfunc *value;
} load_params;

static void eval(const mbs_component *c, mbs_eval *ev)
{
    const load_params *p = c->params;
    mbs_coord q;
    mbs_coordinate(ev, p->marker, &q);
    mbs_apply_coordinate_force(ev, &q, mbs_eval_tfunc(ev, p->value));
}

static double power_nc(const mbs_component *c, const mbs_eval *ev)
{
    const load_params *p = c->params;
    mbs_coord q;
    mbs_coordinate(ev, p->marker, &q);
    return mbs_eval_tfunc(ev, p->value) * q.v;
}

enum { OUT_FORCE, OUT_POWER };

static void output(const mbs_component *c, const mbs_eval *ev, int which, double *out)
{
    const load_params *p = c->params;
    out[0] = c->outputs[which].code == OUT_FORCE ? mbs_eval_tfunc(ev, p->value) : power_nc(c, ev);
}

static const mbs_output_desc OUT_LENGTH[] = {
    {"Force", "value", DIM_FORCE, NULL, 0, OUT_FORCE},
    {"Power", "value", DIM_POWER, NULL, 0, OUT_POWER},
};
static const mbs_output_desc OUT_ANGLE[] = {
    {"Force", "value", DIM_TORQUE, NULL, 0, OUT_FORCE},
    {"Power", "value", DIM_POWER, NULL, 0, OUT_POWER},
};

static void free_params(void *ptr)
{
    load_params *p = ptr;
    if (p)
        mbs_tfunc_free(p->value);
    free(p);
}

static const mbs_component_ops OPS = {
    .eval = eval,
    .power_nc = power_nc,
    .output = output,
    .free_params = free_params,
};

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    int marker = mbs_ref_marker(b, e, "marker_id");
    if (marker < 0)
        return -1;
    const mbs_model *m = mbs_builder_model(b);
    const mbs_marker *mk = &m->markers[marker];
    if (mk->type == MBS_MARKER_FRAME)
        return mbs_build_error(b, e, "marker_id %ld is a Reference_Marker; Force_Coordinate loads a Marker_Coordinate",
                               mbs_spec_int(e, "marker_id"));
    mbs_tfunc *f = mbs_build_tfunc_dim(b, e, "value", mk->is_angle ? DIM_TORQUE : DIM_FORCE);
    if (!f)
        return -1;
    load_params *p = malloc(sizeof *p);
    if (!p) {
        mbs_tfunc_free(f);
        return -1;
    }
    *p = (load_params){marker, f};
    return mbs_add_marker_component(b, e, &OPS, p, &marker, 1, mk->is_angle ? OUT_ANGLE : OUT_LENGTH,
                                    MBS_COUNT_OF(OUT_LENGTH)) ? 0 : -1;
}

const mbs_kind mbs_kind_force_coordinate = {
    "Force_Coordinate", MBS_FAMILY_FORCE, MBS_IN_MODEL, MBS_STAGE_ELEMENTS, ATTRS, MBS_COUNT_OF(ATTRS),
    "Exudyn's LoadCoordinate: a generalised force on the coordinate of a Marker_Coordinate, positive in "
    "the direction of increasing coordinate: a force on a body coordinate, a torque about a revolute "
    "joint's axis (on the I body, the reaction on the J body), a force along a translational joint. "
    "value is a number or an expression of t. Outputs: Force (the value), Power (value times the "
    "coordinate's rate; it enters the energy balance as external work).",
    build,
    "FORCE",
};
