/* The built-in outputs of bodies, markers and the whole system (SPEC 1.7),
 * shared by the sensor elements (which pick one) and the solver's sensor
 * module (which computes it). Element outputs come from each element. */
#ifndef MBS_OUTPUTS_H
#define MBS_OUTPUTS_H

#include "model.h"

typedef enum mbs_output_code {
    MBS_OUT_POSITION,
    MBS_OUT_VELOCITY,
    MBS_OUT_ACCELERATION,
    MBS_OUT_DISPLACEMENT,
    MBS_OUT_ROTATION_MATRIX,
    MBS_OUT_EULER_PARAMETERS,
    MBS_OUT_ANGULAR_VELOCITY,
    MBS_OUT_ANGULAR_VELOCITY_LOCAL,
    MBS_OUT_ANGULAR_ACCELERATION,
    MBS_OUT_KINETIC_ENERGY,
    MBS_OUT_COORDINATES,
    MBS_OUT_COORDINATE,
    MBS_OUT_COORDINATE_VELOCITY,
    MBS_OUT_POTENTIAL_ENERGY,
    MBS_OUT_DISSIPATED_ENERGY,
    MBS_OUT_TOTAL_ENERGY,
    MBS_OUT_CONSTRAINT_VIOLATION,
    MBS_OUT_RELATIVE_DISPLACEMENT, /* Post_Request MARKER_DISPLACEMENT */
    MBS_OUT_RELATIVE_VELOCITY,     /* MARKER_VELOCITY */
    MBS_OUT_RELATIVE_ACCELERATION  /* MARKER_ACCELERATION */
} mbs_output_code;

/* Output tables: for a body (by its type), a marker (frame or coordinate),
 * the system, and a marker pair. */
const mbs_output_desc *mbs_body_outputs(const mbs_body *b, int *n);
const mbs_output_desc *mbs_marker_outputs(const mbs_marker *mk, int *n);
const mbs_output_desc *mbs_system_outputs(int *n);
const mbs_output_desc *mbs_pair_outputs(int *n);

/* Index of `name` (case-insensitive) in a table, or -1. */
int mbs_output_find(const mbs_output_desc *table, int n, const char *name);
/* "Position, Velocity, ..." for messages. */
void mbs_output_list(const mbs_output_desc *table, int n, char *out, int size);
/* Number of columns of an output. */
int mbs_output_width(const mbs_output_desc *o);

#endif
