/* A co-simulation session: a model run one communication step at a time by
 * a master (the FMU binary, src/fmu/), with the same solver as mbsim run.
 *
 *   open        the run's data for a compiled model; every plant input's
 *               Reference_Variable held at the master's value (0 until set)
 *   initialise  the analyses before the model's first Transient (a Static
 *               finds the equilibrium the co-simulation starts from), the
 *               commands before it, then a consistent start at t_start
 *   set input   a plant input's value, held over the next steps
 *   step        IDA to the communication point with the model's settings,
 *               events inside handled as in mbsim run; a changed input is a
 *               discontinuity: the integrator restarts from a consistent
 *               state there
 *   value, row  a Reference_Variable's value, or a results row (every
 *               sensor column), at the session's time
 *   finish      the last row and the analyses' records to the sink
 *
 * Output rows (the model's Transient print interval) go to the sink, as in
 * mbsim run, when one is given. The commands after the first Transient
 * are not run: the master decides how long the co-simulation lasts. */
#ifndef MBS_COSIM_H
#define MBS_COSIM_H

#include "simulate.h"

typedef struct mbs_cosim mbs_cosim;

/* What a step did. */
typedef enum mbs_cosim_step_result {
    MBS_COSIM_STEPPED = 0, /* at the communication point */
    MBS_COSIM_ENDED = 1,   /* a Sensor_Event ended the run before it (mbs_cosim_time) */
    MBS_COSIM_FAILED = -1  /* the run failed: mbs_cosim_message */
} mbs_cosim_step_result;

/* A session on m, which the caller keeps until mbs_cosim_free; sink may be
 * NULL (no rows), diag receives warnings. NULL with the reason in err. */
mbs_cosim *mbs_cosim_open(const mbs_model *m, const mbs_sink *sink, mbs_diags *diag, char *err, size_t errsize);
void mbs_cosim_free(mbs_cosim *s);

/* The leading analyses, then a consistent start at t_start; rows up to
 * t_stop (may be infinite). 0, or -1 (mbs_cosim_message). */
int mbs_cosim_initialise(mbs_cosim *s, double t_start, double t_stop);

/* The value (model units) of the Reference_Variable that is component comp,
 * a plant input, from the next step on: 0, or -1 when comp is no
 * Reference_Variable or the value is not finite. */
int mbs_cosim_set_input(mbs_cosim *s, int comp, double value);

/* Integrates to t (> the session's time). */
mbs_cosim_step_result mbs_cosim_step(mbs_cosim *s, double t);

/* The session's time (s). */
double mbs_cosim_time(const mbs_cosim *s);
/* The value of the Reference_Variable that is component comp at the
 * session's time (model units). */
double mbs_cosim_value(const mbs_cosim *s, int comp);
/* A results row (mbs_row_width values, as mbsim run writes them) at the
 * session's time; valid until the next call. */
const double *mbs_cosim_row(mbs_cosim *s);

/* Writes the last row (at the session's time, if not written yet) and the
 * record of the transient; the run's result (status, statistics). */
const mbs_run_result *mbs_cosim_finish(mbs_cosim *s);
/* Why the last call failed. */
const char *mbs_cosim_message(const mbs_cosim *s);

#endif
