/* The variables an FMU of a model shows its importer (docs/fmi.md), one
 * table for the description `mbsim fmu` writes and for the binary that
 * answers to it, so that the two always agree:
 *
 *   parameters  the model's <Parameter>s, file order; set before
 *               initialisation (FMI: causality parameter, variability
 *               fixed), each as `mbsim run --set` would
 *   inputs      the Reference_Variables of the Control_PlantInputs; the
 *               master's value replaces the variable's expression
 *   outputs     the Reference_Variables of the Control_PlantOutputs (not
 *               already inputs), each the value of its expression; and the
 *               sensor columns asked for ("SENSOR.COLUMN", or "SENSOR" for
 *               all its columns, as mbsim export names them), with their
 *               units
 *
 * and time, the independent variable (value reference 0, in seconds).
 * Value references are stable: a parameter's is its place in the file
 * (1, 2, ...), a variable's its id plus MBS_FMI_VR_INPUT or
 * MBS_FMI_VR_OUTPUT, so adding an element leaves the others' alone; a
 * sensor column's MBS_FMI_VR_SENSOR plus its place in the list asked for. */
#ifndef MBS_FMI_VARIABLES_H
#define MBS_FMI_VARIABLES_H

#include "../model/model.h"

#define MBS_FMI_VR_INPUT 1000000u
#define MBS_FMI_VR_OUTPUT 2000000u
/* A string parameter besides: the path of the results file the FMU writes
 * ("", its start: none), named MBS_FMI_RESULTS_NAME. */
#define MBS_FMI_VR_RESULTS 3000000u
#define MBS_FMI_VR_SENSOR 4000000u
#define MBS_FMI_RESULTS_NAME "mbsim_results_file"

typedef enum mbs_fmi_causality { MBS_FMI_TIME, MBS_FMI_PARAMETER, MBS_FMI_INPUT, MBS_FMI_OUTPUT } mbs_fmi_causality;

typedef struct mbs_fmi_var {
    unsigned vr;
    char *name;        /* unique among the FMU's variables */
    char *description; /* what the model says of it, or NULL */
    mbs_fmi_causality causality;
    int param;         /* PARAMETER: index in m->params */
    int comp;          /* INPUT, OUTPUT: the Reference_Variable's component (-1: a sensor column) */
    int column;        /* a sensor column's place in a results row (mbs_sense), or -1 */
    char *unit;        /* a sensor column's unit in the model's units ("mm/s"), or NULL */
    mbs_dim dim;       /* ... its dimension, */
    int angle;         /* ... and whether it is an angle (rad) */
    double start;      /* PARAMETER: its value; INPUT: 0 */
} mbs_fmi_var;

typedef struct mbs_fmi_vars {
    mbs_fmi_var *v;
    int n;
    int n_inputs, n_outputs;
} mbs_fmi_vars;

/* The table of m with the sensor columns named in columns[n_columns];
 * -1 with the reason in err (a column no sensor has, out of memory). */
int mbs_fmi_vars_make(const mbs_model *m, const char *const *columns, int n_columns, mbs_fmi_vars *out, char *err,
                      size_t errsize);
void mbs_fmi_vars_free(mbs_fmi_vars *vars);
/* The variable with value reference vr, or NULL. */
const mbs_fmi_var *mbs_fmi_vars_find(const mbs_fmi_vars *vars, unsigned vr);

#endif
