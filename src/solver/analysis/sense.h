/* Sensors: the outputs of bodies, markers, elements and the system at one
 * instant, in the model's units, in the order of the model's sensors. */
#ifndef MBS_SENSE_H
#define MBS_SENSE_H

#include "../eval/data.h"

/* The number of values of all sensors' columns. */
int mbs_sensor_width(const mbs_model *m);

/* Bodies that move in space (rigid bodies, point masses) each add their pose
 * to an output row: x y z (centre of mass, global, model length units) and
 * the Euler parameters e0 e1 e2 e3 (body axes -> global). */
#define MBS_POSE_WIDTH 7
int mbs_pose_body(const mbs_body *b);
/* A row: every sensor's columns, then the poses of the bodies in order. */
int mbs_row_width(const mbs_model *m);

/* Evaluates the model at (t, y, yp) and writes one row (mbs_row_width). */
void mbs_sense(const mbs_model *m, mbs_data *d, double t, const double *y, const double *yp, double *out);

/* System quantities in SI, for the state last evaluated. */
double mbs_kinetic_energy(const mbs_model *m, const mbs_data *d);
double mbs_potential_energy(const mbs_model *m, mbs_data *d, double t, const double *y, const double *yp);
double mbs_constraint_violation(const mbs_model *m, const mbs_data *d);

#endif
