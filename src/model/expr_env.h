/* The environment in which elements' run-time expressions are compiled:
 * MotionSolve's functions of the state bound to the model (expr_env.c). */
#ifndef MBS_EXPR_ENV_H
#define MBS_EXPR_ENV_H

#include "builder.h"
#include "../expr/expr.h"

/* An environment for an expression of element e that is compiled into f
 * (its measures are appended to f). Free it with mbs_expr_env_free once f
 * will not be differentiated again. */
mbs_expr_env *mbs_expr_env_create(mbs_builder *b, const mbs_spec_elem *e, mbs_tfunc *f);
void mbs_expr_env_free(mbs_expr_env *env);

/* The I and J markers of component `comp` (-1 when it has none), from its
 * i_marker_id / marker_id and j_marker_id / j_floating_marker_id, or from
 * the joint it names (joint_id). */
void mbs_element_markers(mbs_builder *b, int comp, int *I, int *J);

#endif
