/* Sensors: the outputs of bodies, markers, elements and the system at one
 * instant, in the model's units, in the order of the model's sensors. */
#ifndef MBS_SENSE_H
#define MBS_SENSE_H

#include "data.h"

/* Total number of values one output row holds (all sensors' columns). */
int mbs_sensor_width(const mbs_model *m);

/* Evaluates the model at (t, y, yp) and writes every sensor's values. */
void mbs_sense(const mbs_model *m, mbs_data *d, double t, const double *y, const double *yp, double *out);

/* System quantities in SI, for the state last evaluated. */
double mbs_kinetic_energy(const mbs_model *m, const mbs_data *d);
double mbs_potential_energy(const mbs_model *m, mbs_data *d, double t, const double *y, const double *yp);
double mbs_constraint_violation(const mbs_model *m, const mbs_data *d);

#endif
