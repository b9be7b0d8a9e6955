/* What element files use while the compiler builds the model from the
 * spec: lookups by id with error reporting, and adding bodies, markers,
 * components, sensors and analyses. */
#ifndef MBS_BUILDER_H
#define MBS_BUILDER_H

#include "id_index.h"
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

/* A note said once for all the elements of e's kind it concerns (e.g.
 * "has no effect in mbsim"), with their count and the first one's line. */
void mbs_build_summary_note(mbs_builder *b, const mbs_spec_elem *e, const char *text);

mbs_model *mbs_builder_model(mbs_builder *b);

/* The spec element of `id` that sel selects (id_index.h), or NULL when
 * there is none or more than one. Reports nothing. */
const mbs_spec_elem *mbs_builder_find(mbs_builder *b, mbs_select sel, int id);
/* The same among the elements of `family`. */
const mbs_spec_elem *mbs_builder_spec(mbs_builder *b, mbs_family family, int id);
/* The spec element of `id` that sel selects, not built; NULL after
 * reporting on e why there is not one ("rm_id 5 does not exist", ...). */
const mbs_spec_elem *mbs_ref_spec(mbs_builder *b, const mbs_spec_elem *e, const char *what, int id, mbs_select sel);

/* The index (body, marker, component, data table) of the element of `id`
 * that sel selects, built first when need be: >= 0; -1 with the reason in
 * msg, "what N ..." (none, another kind, two could be meant: chooser is the
 * attribute that picks one by its element_type, NULL for none; or it has no
 * index); -2 when it failed (it reported why; msg empty). */
int mbs_builder_resolve(mbs_builder *b, mbs_select sel, int id, const char *what, const char *chooser, char *msg,
                        size_t size);

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
/* The Constraint_Joint that attribute `attr` names (joint_id of a motion,
 * a friction, a coupler: MotionSolve's JOINT). */
int mbs_ref_joint(mbs_builder *b, const mbs_spec_elem *e, const char *attr);
/* The element attribute `attr` names among those sel selects; `chooser`
 * as for mbs_builder_resolve. */
int mbs_ref_select(mbs_builder *b, const mbs_spec_elem *e, const char *attr, mbs_select sel, const char *chooser);
/* The same for elements of any family that have an index in the model
 * (variables, plant inputs and outputs); `what` names the reference in the
 * message ("pinput_id 3 does not exist"). */
int mbs_ref_element(mbs_builder *b, const mbs_spec_elem *e, const char *attr, mbs_family family);
int mbs_ref_element_id(mbs_builder *b, const mbs_spec_elem *e, const char *what, int id, mbs_family family);

/* The index (body, marker, component, data table) of the element of
 * `family` with `id`, built first when need be: -1 when there is none, -2
 * when it failed (it reported why) or has no index, -3 when two elements
 * of the family have that id (mbs_builder_resolve says so). Reports
 * nothing. */
int mbs_builder_index(mbs_builder *b, mbs_family family, int id);
/* Records the index of what element e made in a table of its own (a
 * spline, an array): mbs_builder_index finds it from now on. 0, or -1 for
 * a negative index. */
int mbs_builder_set_index(mbs_builder *b, const mbs_spec_elem *e, int index);
/* What was recorded for e (-1 if nothing). */
int mbs_builder_result(mbs_builder *b, const mbs_spec_elem *e);

/* Work left for when every element is built (in the order deferred), e.g.
 * compiling expressions that may read any element, loops of variables
 * included. Not called for an element that failed. */
typedef int (*mbs_deferred_fn)(mbs_builder *b, const mbs_spec_elem *e);
int mbs_builder_defer(mbs_builder *b, const mbs_spec_elem *e, mbs_deferred_fn fn);
/* The same with a context of the element's (alive until then). */
typedef int (*mbs_deferred_ctx_fn)(mbs_builder *b, const mbs_spec_elem *e, void *ctx);
int mbs_builder_defer_ctx(mbs_builder *b, const mbs_spec_elem *e, mbs_deferred_ctx_fn fn, void *ctx);

/* A frame marker's pose in global coordinates at t = 0. */
void mbs_marker_initial_pose(const mbs_model *m, int marker, double pos[3], double R[9]);

int mbs_add_body(mbs_builder *b, const mbs_spec_elem *e, const mbs_body *body);
int mbs_add_marker(mbs_builder *b, const mbs_spec_elem *e, const mbs_marker *marker);
mbs_component *mbs_add_component(mbs_builder *b, const mbs_spec_elem *e, const mbs_component_ops *ops,
                                 void *params);
/* Couples a component with a body / with everything a marker depends on. */
void mbs_component_couple_body(mbs_component *c, int body);
void mbs_component_couple_marker(const mbs_model *m, mbs_component *c, int marker);
/* The usual end of an element's build: its component (mbs_add_component),
 * coupled with everything its markers depend on (markers[0..n_markers), a
 * negative one none), with its outputs. NULL out of memory. */
mbs_component *mbs_add_marker_component(mbs_builder *b, const mbs_spec_elem *e, const mbs_component_ops *ops,
                                        void *params, const int *markers, int n_markers,
                                        const mbs_output_desc *outputs, int n_outputs);
void mbs_component_depend(mbs_component *c, int other);

int mbs_add_sensor(mbs_builder *b, const mbs_sensor *s);
/* Adds the sensor of element `e` that records output `o` of `source`/`index`
 * (columns, units and the dataset name are derived here). */
int mbs_add_output_sensor(mbs_builder *b, const mbs_spec_elem *e, const char *type, int element_id,
                          const mbs_output_desc *o, mbs_sensor_source source, int index, int output);
/* The same named by `comment` when e has no label (Post_Request: a free
 * comment; '/' becomes '_', and a name already taken gets "_<id>"). */
int mbs_add_named_sensor(mbs_builder *b, const mbs_spec_elem *e, const char *comment, const char *type,
                         int element_id, const mbs_output_desc *o, mbs_sensor_source source, int index, int output);
int mbs_add_analysis(mbs_builder *b, const mbs_analysis *a);
/* A command of <Command> (model.h): it will run before the next analysis
 * built (after those built so far). */
int mbs_add_command(mbs_builder *b, const mbs_spec_elem *e, const mbs_command *c);
/* A Control_PlantInput (is_output 0) or Control_PlantOutput (1); the model
 * takes what its pointers own. */
int mbs_add_plant(mbs_builder *b, const mbs_spec_elem *e, const mbs_plant *p, int is_output);
/* Takes g (its name and points are the model's from now on). */
int mbs_add_graphic(mbs_builder *b, const mbs_graphic *g);

/* The numbers of e's text or list attribute `attr` (separated by white
 * space, new lines or commas; absent: none), in a new array (*out, free
 * it): 0, or -1 after reporting the first that is not a number (or out of
 * memory). element_text.c. */
int mbs_build_numbers(mbs_builder *b, const mbs_spec_elem *e, const char *attr, double **out, int *n);

/* Compiles a run-time expression attribute of `e` (a function of t and of
 * the model's state: DX, VZ, VARVAL, ...), scaled from model units to SI:
 * the value by the attribute's dimension, `t` by the time unit. NULL (after
 * reporting) on failure or when the attribute is absent. The element that
 * owns it is coupled with whatever it reads once the model is complete.
 * Evaluate it with mbs_eval_tfunc (solver/eval/eval.h). */
typedef struct mbs_tfunc mbs_tfunc;
mbs_tfunc *mbs_build_tfunc(mbs_builder *b, const mbs_spec_elem *e, const char *attr);
/* The expression compiled for element `owner` from attribute `attr`, NULL
 * if none (a modify command replaces it). */
mbs_tfunc *mbs_builder_find_tfunc(mbs_builder *b, const mbs_spec_elem *owner, const char *attr);
/* The same with the value's dimension chosen by the element. */
mbs_tfunc *mbs_build_tfunc_dim(mbs_builder *b, const mbs_spec_elem *e, const char *attr, mbs_dim dim);
/* The same for a text of the element's choosing, with its own run-time
 * variables (var_dims NULL: dimensionless; "t" is time); `what` names it in
 * messages. */
mbs_tfunc *mbs_build_expr(mbs_builder *b, const mbs_spec_elem *e, const char *what, const char *text, mbs_dim dim,
                          const char *const *var_names, const mbs_dim *var_dims, int n_vars);
/* Registers a run-time value of e made otherwise (a user subroutine's,
 * usersub/) like the expressions above: e is coupled with what f's
 * measures read once the model is complete. Returns the environment that
 * binds measures into f while the model is built (the builder's), NULL
 * when out of memory. */
typedef struct mbs_expr_env mbs_expr_env;
mbs_expr_env *mbs_builder_add_tfunc(mbs_builder *b, const mbs_spec_elem *e, const char *what, mbs_tfunc *f);

#endif
