/* A force and a torque given by components in a marker's axes (MotionSolve's
 * Force_Vector_OneBody and Force_Vector_TwoBody): each of fx fy fz tx ty tz
 * (MotionSolve files write fx_expression ...) a number or a run-time
 * expression, omitted ones 0; `type` says which may be given. */
#ifndef MBS_VECTOR_LOAD_H
#define MBS_VECTOR_LOAD_H

#include "../model/builder.h"
#include "../solver/eval/eval.h"

#define MBS_VECTOR_LOAD_ATTRS \
    {"ref_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "marker whose axes the components are in (default global)", NULL}, \
    {"type", MBS_ATTR_KEYWORD, "FORCEANDTORQUE", DIM_NONE, 0, "FORCEONLY|TORQUEONLY|FORCEANDTORQUE|USERSUB", \
     "which components may be given, or which user subroutine gives them (VFOSUB, VTOSUB, GFOSUB; USERSUB: GFOSUB)", \
     NULL}, \
    {"fx", MBS_ATTR_EXPR, NULL, DIM_FORCE, 0, "t", "force component x", NULL}, \
    {"fy", MBS_ATTR_EXPR, NULL, DIM_FORCE, 0, "t", "force component y", NULL}, \
    {"fz", MBS_ATTR_EXPR, NULL, DIM_FORCE, 0, "t", "force component z", NULL}, \
    {"tx", MBS_ATTR_EXPR, NULL, DIM_TORQUE, 0, "t", "torque component x", NULL}, \
    {"ty", MBS_ATTR_EXPR, NULL, DIM_TORQUE, 0, "t", "torque component y", NULL}, \
    {"tz", MBS_ATTR_EXPR, NULL, DIM_TORQUE, 0, "t", "torque component z", NULL}, \
    {"fx_expression", MBS_ATTR_EXPR, NULL, DIM_FORCE, 0, "t", "MotionSolve's name for fx", NULL}, \
    {"fy_expression", MBS_ATTR_EXPR, NULL, DIM_FORCE, 0, "t", "MotionSolve's name for fy", NULL}, \
    {"fz_expression", MBS_ATTR_EXPR, NULL, DIM_FORCE, 0, "t", "MotionSolve's name for fz", NULL}, \
    {"tx_expression", MBS_ATTR_EXPR, NULL, DIM_TORQUE, 0, "t", "MotionSolve's name for tx", NULL}, \
    {"ty_expression", MBS_ATTR_EXPR, NULL, DIM_TORQUE, 0, "t", "MotionSolve's name for ty", NULL}, \
    {"tz_expression", MBS_ATTR_EXPR, NULL, DIM_TORQUE, 0, "t", "MotionSolve's name for tz", NULL}

typedef struct mbs_vector_load {
    int ref;              /* marker index, -1: global axes */
    mbs_tfunc *comp[6];   /* fx fy fz tx ty tz; NULL = 0 */
} mbs_vector_load;

/* Reads the components and ref_marker_id of e; 0, or -1 after reporting. */
int mbs_vector_load_build(mbs_builder *b, const mbs_spec_elem *e, mbs_vector_load *vl);
/* The force and torque at this state, global axes. */
void mbs_vector_load_eval(const mbs_eval *ev, const mbs_vector_load *vl, double f[3], double t[3]);
void mbs_vector_load_free(mbs_vector_load *vl);

/* The force element of both Force_Vector kinds: the load on marker I's
 * body and, when J >= 0, its opposite on J's body at I's origin (vector_load.c
 * states the equations). Outputs Force, Torque (on I, global axes), Power. */
typedef struct mbs_vector_force {
    int I, J;             /* marker indices; J = -1: action only */
    mbs_vector_load load;
} mbs_vector_force;

/* Reads e's components and adds the component; 0, or -1 after reporting. */
int mbs_vector_force_build(mbs_builder *b, const mbs_spec_elem *e, int I, int J);

#endif
