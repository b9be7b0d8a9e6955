/* One instance of the FMU, whichever FMI version calls it (fmi2.c, fmi3.c
 * translate; docs/fmi.md): the model read from the FMU's resources
 * (resources/mbsim-fmu.txt names it and the --set values of the export),
 * its variables (src/fmi/variables.h), the parameters and inputs the
 * importer sets, a co-simulation session (solver/analysis/cosim.h), and
 * the results file when the importer names one. Every problem is logged
 * through the importer's logger in mbsim's words and returned as a status;
 * nothing here prints or exits. */
#ifndef MBS_FMU_INSTANCE_H
#define MBS_FMU_INSTANCE_H

#include <stddef.h>

/* In the order of fmi2Status and fmi3Status. */
typedef enum mbs_fmu_status {
    MBS_FMU_OK,
    MBS_FMU_WARNING,
    MBS_FMU_DISCARD,
    MBS_FMU_ERROR,
    MBS_FMU_FATAL
} mbs_fmu_status;

/* How a message reaches the importer. */
typedef void (*mbs_fmu_log_fn)(void *host, const char *instance, mbs_fmu_status status, const char *category,
                               const char *message);


typedef struct mbs_fmu mbs_fmu;

/* An instance for the FMU whose resources folder is `resources` (a path;
 * FMI 2 passes a file:// URI: mbs_fmu_uri_path), expected to carry
 * `token`; NULL after logging why. */
mbs_fmu *mbs_fmu_instantiate(int fmi_version, const char *name, const char *token, const char *resources,
                             mbs_fmu_log_fn log, void *host, int logging_on);
void mbs_fmu_free(mbs_fmu *f);
/* The path of a file:// URI (file:///p, file:/p, file://localhost/p,
 * percent escapes decoded); a new string, or NULL when it is no such URI. */
char *mbs_fmu_uri_path(const char *uri);

void mbs_fmu_set_logging(mbs_fmu *f, int on);
/* Logs "`function` is not supported by mbsim's FMU" and returns MBS_FMU_ERROR. */
mbs_fmu_status mbs_fmu_unsupported(mbs_fmu *f, const char *function);

/* The experiment: start, and the stop time when defined. */
mbs_fmu_status mbs_fmu_setup(mbs_fmu *f, double t_start, int stop_defined, double t_stop);
mbs_fmu_status mbs_fmu_enter_init(mbs_fmu *f);
/* The model compiled again when a parameter changed, the leading
 * analyses, the consistent start. */
mbs_fmu_status mbs_fmu_exit_init(mbs_fmu *f);

mbs_fmu_status mbs_fmu_get_real(mbs_fmu *f, const unsigned *vr, size_t n, double *values);
mbs_fmu_status mbs_fmu_set_real(mbs_fmu *f, const unsigned *vr, size_t n, const double *values);
mbs_fmu_status mbs_fmu_get_string(mbs_fmu *f, const unsigned *vr, size_t n, const char **values);
mbs_fmu_status mbs_fmu_set_string(mbs_fmu *f, const unsigned *vr, size_t n, const char *const *values);

/* A communication step from t over h; *ended set when the model's
 * Sensor_Event ended the run (status MBS_FMU_DISCARD for FMI 2). */
mbs_fmu_status mbs_fmu_do_step(mbs_fmu *f, double t, double h, int *ended);
/* The time reached, and whether the run has ended. */
double mbs_fmu_time(const mbs_fmu *f);
int mbs_fmu_ended(const mbs_fmu *f);

mbs_fmu_status mbs_fmu_terminate(mbs_fmu *f);
/* Back to the state after instantiation (the session and the importer's
 * values dropped). */
mbs_fmu_status mbs_fmu_reset(mbs_fmu *f);

#endif
