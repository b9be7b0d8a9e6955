/* Simulate (MotionSolve): one analysis. Several run in file order; each
 * transient continues from where the previous analysis left the model:
 *   TRANSIENT  integrate to end_time (or for `duration`), output every print_interval
 *   STATIC     equilibrium with zero velocities (KINSOL, solver/analysis/statics.c)
 *   ASSEMBLY   positions and velocities made consistent with the constraints
 *   LINEAR     eigenvalues, modes and state-space matrices at the current
 *              state (solver/analysis/linear.c; settings in Param_Linear) */
#include "../model/builder.h"

static const mbs_attr ATTRS[] = {
    {"analysis_type", MBS_ATTR_KEYWORD, NULL, DIM_NONE, MBS_REQUIRED, "TRANSIENT|STATIC|ASSEMBLY|LINEAR",
     "kind of analysis", NULL},
    {"end_time", MBS_ATTR_REAL, NULL, DIM_TIME, 0, NULL, "time to integrate to (transient)", NULL},
    {"duration", MBS_ATTR_REAL, NULL, DIM_TIME, 0, NULL, "instead of end_time: how long to integrate", NULL},
    {"print_interval", MBS_ATTR_REAL, NULL, DIM_TIME, 0, NULL,
     "output spacing (default: a hundredth of the analysis' time span)", NULL},
    {"num_steps", MBS_ATTR_INT, NULL, DIM_NONE, 0, NULL, "instead of print_interval: number of output intervals", NULL},
    {"num_step", MBS_ATTR_INT, NULL, DIM_NONE, 0, NULL, "same as num_steps (MotionSolve spells it both ways)", NULL},
};

static double previous_end(const mbs_model *m)
{
    double t = 0.0;
    for (int i = 0; i < m->n_analyses; i++)
        if (m->analyses[i].type == MBS_ANALYSIS_TRANSIENT)
            t = m->analyses[i].end_time;
    return t;
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    const mbs_model *m = mbs_builder_model(b);
    mbs_analysis a = {MBS_ANALYSIS_TRANSIENT, 0.0, 0.0, e->line};
    switch (mbs_spec_keyword(e, "analysis_type")) {
    case 1: a.type = MBS_ANALYSIS_STATIC; break;
    case 2: a.type = MBS_ANALYSIS_ASSEMBLY; break;
    case 3: a.type = MBS_ANALYSIS_LINEAR; break;
    default: break;
    }
    double start = previous_end(m);
    a.end_time = start;
    if (a.type == MBS_ANALYSIS_TRANSIENT) {
        int has_end = mbs_spec_has(e, "end_time"), has_duration = mbs_spec_has(e, "duration");
        if (has_end && has_duration)
            return mbs_build_error(b, e, "give end_time or duration, not both");
        if (!has_end && !has_duration)
            return mbs_build_error(b, e, "a transient analysis needs end_time or duration");
        a.end_time = has_end ? mbs_spec_real(e, "end_time") : start + mbs_spec_real(e, "duration");
        if (!(a.end_time > start))
            return mbs_build_error(b, e, "end_time %g must be after the start of this analysis (t = %g)",
                                   a.end_time / mbs_units_to_si(&m->units, DIM_TIME),
                                   start / mbs_units_to_si(&m->units, DIM_TIME));
        int n_given = mbs_spec_has(e, "print_interval") + mbs_spec_has(e, "num_steps") + mbs_spec_has(e, "num_step");
        if (n_given > 1)
            return mbs_build_error(b, e, "give only one of print_interval and num_steps");
        double span = a.end_time - start;
        a.print_interval = span / 100.0;
        if (mbs_spec_has(e, "print_interval"))
            a.print_interval = mbs_spec_real(e, "print_interval");
        const char *steps = mbs_spec_has(e, "num_steps") ? "num_steps" : "num_step";
        if (mbs_spec_has(e, steps)) {
            long n = mbs_spec_int(e, steps);
            if (n < 1)
                return mbs_build_error(b, e, "%s must be >= 1 (is %ld)", steps, n);
            a.print_interval = span / (double)n;
        }
        if (!(a.print_interval > 0))
            return mbs_build_error(b, e, "print_interval must be > 0");
    }
    if (mbs_add_analysis(b, &a) < 0)
        return -1;
    double rows = mbs_output_rows(m);
    if (!(rows <= MBS_MAX_OUTPUT_ROWS))
        return mbs_build_error(b, e, "the analyses ask for %.3g output rows, more than %.0f: choose a larger "
                                     "print_interval (or fewer num_steps)",
                               rows, MBS_MAX_OUTPUT_ROWS);
    return 0;
}

const mbs_kind mbs_kind_simulate = {
    "Simulate", MBS_FAMILY_NONE, MBS_IN_COMMAND, MBS_STAGE_ANALYSES, ATTRS, MBS_COUNT_OF(ATTRS),
    "Runs one analysis; several run in file order, each continuing from the state the previous one "
    "left. TRANSIENT integrates to end_time (or for duration) with output every print_interval; STATIC "
    "finds the equilibrium with zero velocities (a following TRANSIENT starts from it); ASSEMBLY only makes positions and velocities consistent "
    "with the constraints; LINEAR linearises the model at the state the previous analysis left (an "
    "equilibrium, or a steady motion at the end of a transient): eigenvalues, modes and state-space "
    "matrices (Param_Linear). Without any Simulate, a transient to t = 1 with print_interval 0.01 runs.",
    build,
    NULL,
};
