/* What element files use while the compiler builds the model from the
 * spec: lookups by id with error reporting, and adding bodies, markers,
 * components, sensors and analyses. */
#ifndef MBS_BUILDER_H
#define MBS_BUILDER_H

#include "model.h"
#include "spec.h"
#include "../core/diag.h"

typedef struct mbs_builder mbs_builder;

/* Reports "file:line: error: Kind id (label 'x'): message"; returns -1. */
int mbs_build_error(mbs_builder *b, const mbs_spec_elem *e, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void mbs_build_warning(mbs_builder *b, const mbs_spec_elem *e, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void mbs_build_note(mbs_builder *b, const mbs_spec_elem *e, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

mbs_model *mbs_builder_model(mbs_builder *b);

/* The spec element of `family` with `id`, or NULL. */
const mbs_spec_elem *mbs_builder_spec(mbs_builder *b, mbs_family family, int id);

/* A marker's pose at t = 0 as its spec gives it (following rm_id), kept by
 * the builder so that each is computed once: rm_id chains cost linear time.
 * Zeroed (MBS_POSE_UNKNOWN) at the start. */
typedef enum { MBS_POSE_UNKNOWN, MBS_POSE_ON_CHAIN, MBS_POSE_DONE, MBS_POSE_FAILED } mbs_pose_state;
typedef struct mbs_spec_pose {
    mbs_pose_state state;
    double pos[3], R[9];
} mbs_spec_pose;
mbs_spec_pose *mbs_builder_pose(mbs_builder *b, const mbs_spec_elem *e);

/* Resolves the id in attribute `attr` of `e` to a body / marker / component
 * index, building the referenced element first if needed. Reports
 * "attr N does not exist" and returns -1 when it cannot. */
int mbs_ref_body(mbs_builder *b, const mbs_spec_elem *e, const char *attr);
int mbs_ref_marker(mbs_builder *b, const mbs_spec_elem *e, const char *attr);
int mbs_ref_component(mbs_builder *b, const mbs_spec_elem *e, const char *attr, mbs_family family);
/* The same for a marker that must be a frame (a Reference_Marker, not a
 * Marker_Coordinate). */
int mbs_ref_frame_marker(mbs_builder *b, const mbs_spec_elem *e, const char *attr);
/* i_marker_id and j_marker_id of a force element acting between two
 * markers: two distinct frame markers. 0, or -1 after reporting. */
int mbs_ref_marker_pair(mbs_builder *b, const mbs_spec_elem *e, int *I, int *J);
/* The same for an id already read. */
int mbs_ref_marker_id(mbs_builder *b, const mbs_spec_elem *e, const char *attr, int id);
/* The same for elements of any family that have an index in the model
 * (variables, plant inputs and outputs); `what` names the reference in the
 * message ("pinput_id 3 does not exist"). */
int mbs_ref_element(mbs_builder *b, const mbs_spec_elem *e, const char *attr, mbs_family family);
int mbs_ref_element_id(mbs_builder *b, const mbs_spec_elem *e, const char *what, int id, mbs_family family);

/* A frame marker's pose in global coordinates at t = 0. */
void mbs_marker_initial_pose(const mbs_model *m, int marker, double pos[3], double R[9]);

int mbs_add_body(mbs_builder *b, const mbs_spec_elem *e, const mbs_body *body);
int mbs_add_marker(mbs_builder *b, const mbs_spec_elem *e, const mbs_marker *marker);
mbs_component *mbs_add_component(mbs_builder *b, const mbs_spec_elem *e, const mbs_component_ops *ops,
                                 void *params);
/* Couples a component with a body / with everything a marker depends on. */
void mbs_component_couple_body(mbs_component *c, int body);
void mbs_component_couple_marker(const mbs_model *m, mbs_component *c, int marker);
void mbs_component_depend(mbs_component *c, int other);

int mbs_add_sensor(mbs_builder *b, const mbs_sensor *s);
/* Adds the sensor of element `e` that records output `o` of `source`/`index`
 * (columns, units and the dataset name are derived here). */
int mbs_add_output_sensor(mbs_builder *b, const mbs_spec_elem *e, const char *type, int element_id,
                          const mbs_output_desc *o, mbs_sensor_source source, int index, int output);
int mbs_add_analysis(mbs_builder *b, const mbs_analysis *a);
/* A Reference_Variable; a Control_PlantInput (is_output 0) or Control_PlantOutput
 * (1). The model takes what their pointers own. */
int mbs_add_variable(mbs_builder *b, const mbs_spec_elem *e, const mbs_variable *v);
int mbs_add_plant(mbs_builder *b, const mbs_spec_elem *e, const mbs_plant *p, int is_output);
/* Takes g (its name and points are the model's from now on). */
int mbs_add_graphic(mbs_builder *b, const mbs_graphic *g);

/* Compiles a run-time expression attribute of `e` (a function of t),
 * scaled from model units to SI: the value by the attribute's dimension,
 * `t` by the time unit. VARVAL(id) reads Reference_Variable id (evaluate
 * with mbs_eval_tfunc). NULL (after reporting) on failure or when the
 * attribute is absent. */
typedef struct mbs_tfunc mbs_tfunc;
mbs_tfunc *mbs_build_tfunc(mbs_builder *b, const mbs_spec_elem *e, const char *attr);
/* The same with the value's dimension chosen by the element. */
mbs_tfunc *mbs_build_tfunc_dim(mbs_builder *b, const mbs_spec_elem *e, const char *attr, mbs_dim dim);

#endif
