/* Sensor (mbsim): records one output of a body, marker, joint, force,
 * constraint or motion, or of the whole system, at every output time, as
 * the dataset /sensors/<label> (SPEC 1.7, 3). */
#include "../model/builder.h"
#include "../model/registry.h"
#include "../model/outputs.h"

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among the elements of this name; another element may share it)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "dataset name (default sensor_<id>)", NULL},
    {"type", MBS_ATTR_KEYWORD, NULL, DIM_NONE, MBS_REQUIRED, "BODY|MARKER|JOINT|FORCE|CONSTRAINT|MOTION|SYSTEM",
     "what is observed", NULL},
    {"element_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "id of the observed element (not for SYSTEM)", NULL},
    {"element_type", MBS_ATTR_KEYWORD, NULL, DIM_NONE, 0, NULL,
     "MotionSolve's element_type of the observed element (BUSH, SPDP, JPRIM, ...): picks one of two elements that "
     "share element_id (ids are unique per element name only); JOINT sensors default to JOINT", mbs_registry_element_types},
    {"output", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_REQUIRED, NULL, "output name, e.g. Position (case-insensitive)", NULL},
};

enum { T_BODY, T_MARKER, T_JOINT, T_FORCE, T_CONSTRAINT, T_MOTION, T_SYSTEM };

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    const mbs_model *m = mbs_builder_model(b);
    int type = mbs_spec_keyword(e, "type");
    const char *type_name = mbs_spec_text(e, "type");
    if (type != T_SYSTEM && !mbs_spec_has(e, "element_id"))
        return mbs_build_error(b, e, "a %s sensor needs element_id", type_name);
    if ((type == T_BODY || type == T_MARKER || type == T_SYSTEM) && mbs_spec_has(e, "element_type"))
        return mbs_build_error(b, e, "element_type picks the joint, force, constraint or motion a sensor observes; a "
                                     "%s sensor takes none", type_name);
    int index = -1, n = 0;
    mbs_sensor_source source = MBS_SOURCE_COMPONENT;
    const mbs_output_desc *table = NULL;
    switch (type) {
    case T_BODY:
        if ((index = mbs_ref_body(b, e, "element_id")) < 0)
            return -1;
        table = mbs_body_outputs(&m->bodies[index], &n);
        source = MBS_SOURCE_BODY;
        break;
    case T_MARKER:
        if ((index = mbs_ref_marker(b, e, "element_id")) < 0)
            return -1;
        table = mbs_marker_outputs(&m->markers[index], &n);
        source = MBS_SOURCE_MARKER;
        break;
    case T_SYSTEM:
        table = mbs_system_outputs(&n);
        source = MBS_SOURCE_SYSTEM;
        break;
    default: {
        static const mbs_family families[] = {[T_JOINT] = MBS_FAMILY_CONSTRAINT, [T_FORCE] = MBS_FAMILY_FORCE,
                                              [T_CONSTRAINT] = MBS_FAMILY_CONSTRAINT, [T_MOTION] = MBS_FAMILY_MOTION};
        mbs_select sel = {families[type], NULL, mbs_spec_has(e, "element_type") ? mbs_spec_text(e, "element_type")
                                                : type == T_JOINT ? "JOINT"
                                                                  : NULL};
        if ((index = mbs_ref_select(b, e, "element_id", sel, "element_type")) < 0)
            return -1;
        table = m->comps[index].outputs;
        n = m->comps[index].n_outputs;
        break;
    }
    }
    const char *output = mbs_spec_text(e, "output");
    int k = mbs_output_find(table, n, output);
    if (k < 0) {
        char list[512];
        mbs_output_list(table, n, list, sizeof list);
        return mbs_build_error(b, e, "output '%s' does not exist here; available: %s", output,
                               n ? list : "(none)");
    }
    int element_id = type == T_SYSTEM ? 0 : (int)mbs_spec_int(e, "element_id");
    return mbs_add_output_sensor(b, e, type_name, element_id, &table[k], source, index, k) < 0 ? -1 : 0;
}

const mbs_kind mbs_kind_sensor = {
    "Sensor", MBS_FAMILY_SENSOR, MBS_IN_MODEL, MBS_STAGE_SENSORS, ATTRS, MBS_COUNT_OF(ATTRS),
    "Records one output at every output time as /sensors/<label> in the results file. BODY: Position, "
    "Velocity, Acceleration, Displacement, RotationMatrix, EulerParameters, AngularVelocity, "
    "AngularVelocityLocal, AngularAcceleration, KineticEnergy, Coordinates. MARKER: Position, Velocity, "
    "Acceleration, RotationMatrix, AngularVelocity, AngularAcceleration; Coordinate and "
    "CoordinateVelocity for a Marker_Coordinate. JOINT (a Constraint_Joint), FORCE, CONSTRAINT, MOTION: the "
    "element's outputs (see each element); where two forces or constraints share element_id, element_type "
    "(MotionSolve's: BUSH, SPDP, JPRIM, ...) says which. SYSTEM: KineticEnergy, PotentialEnergy, DissipatedEnergy, TotalEnergy, "
    "ConstraintViolation.",
    build,
    NULL,
};
