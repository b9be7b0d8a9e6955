/* The FMU's variables of a model (variables.h). */
#include "variables.h"
#include "../core/strutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int name_taken(const mbs_fmi_vars *vars, const char *name)
{
    for (int i = 0; i < vars->n; i++)
        if (strcmp(vars->v[i].name, name) == 0)
            return 1;
    return 0;
}

static int listed(const mbs_plant *plants, int n, int comp)
{
    for (int p = 0; p < n; p++)
        for (int k = 0; k < plants[p].n_variables; k++)
            if (plants[p].variables[k] == comp)
                return 1;
    return 0;
}

static int find_vr(const mbs_fmi_vars *vars, unsigned vr)
{
    for (int i = 0; i < vars->n; i++)
        if (vars->v[i].vr == vr)
            return i;
    return -1;
}

/* A Reference_Variable as input or output: named by its label ("variable_ID"
 * without one), its id added where the name is taken. */
static int add_variable(const mbs_model *m, mbs_fmi_vars *vars, int comp, mbs_fmi_causality causality)
{
    const mbs_component *c = &m->comps[comp];
    unsigned vr = (causality == MBS_FMI_INPUT ? MBS_FMI_VR_INPUT : MBS_FMI_VR_OUTPUT) + (unsigned)c->id;
    if (find_vr(vars, vr) >= 0)
        return 0; /* listed twice */
    char *name = c->label && c->label[0] ? mbs_strdup(c->label) : mbs_sprintf_alloc("variable_%d", c->id);
    if (name && name_taken(vars, name)) {
        char *longer = mbs_sprintf_alloc("%s_%d", name, c->id);
        free(name);
        name = longer;
    }
    char what[300];
    mbs_component_describe(c, what, sizeof what);
    mbs_fmi_var v = {vr, name, mbs_sprintf_alloc("%s, a plant %s", what, causality == MBS_FMI_INPUT ? "input" : "output"),
                     causality, -1, comp, -1, NULL, DIM_NONE, 0, 0.0};
    if (!v.name || !v.description) {
        free(v.name);
        free(v.description);
        return -1;
    }
    vars->v[vars->n++] = v;
    if (causality == MBS_FMI_INPUT)
        vars->n_inputs++;
    else
        vars->n_outputs++;
    return 0;
}

/* The sensor columns `request` names ("SENSOR.COLUMN" or "SENSOR"), each an
 * output; -1 with the reason in err. */
static int add_columns(const mbs_model *m, mbs_fmi_vars *vars, const char *request, unsigned *next_vr, char *err,
                       size_t errsize)
{
    int offset = 0, found = 0;
    for (int i = 0; i < m->n_sensors; i++) {
        const mbs_sensor *s = &m->sensors[i];
        size_t len = strlen(s->name);
        int whole = strcmp(request, s->name) == 0;
        for (int k = 0; k < s->ncols; k++) {
            int one = strncmp(request, s->name, len) == 0 && request[len] == '.' &&
                      strcmp(request + len + 1, s->columns[k]) == 0;
            if (!whole && !one)
                continue;
            found = 1;
            char *name = mbs_sprintf_alloc("%s.%s", s->name, s->columns[k]);
            if (name && name_taken(vars, name)) {
                snprintf(err, errsize, "sensor column %s is asked for twice, or is the name of another variable",
                         name);
                free(name);
                return -1;
            }
            char unit[64];
            int angle = (int)((s->angle_cols >> k) & 1u);
            mbs_units_format(&m->units, s->dims[k], angle, unit, sizeof unit);
            mbs_fmi_var v = {(*next_vr)++, name,
                             mbs_sprintf_alloc("column %s of Sensor %d (label '%s'), output %s", s->columns[k], s->id,
                                               s->name, s->output_name ? s->output_name : ""),
                             MBS_FMI_OUTPUT, -1, -1, offset + k, mbs_strdup(unit), s->dims[k], angle, 0.0};
            vars->v[vars->n++] = v;
            vars->n_outputs++;
            if (!v.name || !v.description || !v.unit) {
                snprintf(err, errsize, "out of memory");
                return -1;
            }
        }
        offset += s->ncols;
    }
    if (!found)
        snprintf(err, errsize, "no sensor column is named %s (SENSOR.COLUMN or SENSOR, as mbsim export names them)",
                 request);
    return found ? 0 : -1;
}

int mbs_fmi_vars_make(const mbs_model *m, const char *const *columns, int n_columns, mbs_fmi_vars *out, char *err,
                      size_t errsize)
{
    memset(out, 0, sizeof *out);
    snprintf(err, errsize, "out of memory");
    int cap = m->n_params;
    for (int i = 0; i < m->n_sensors; i++)
        cap += n_columns * m->sensors[i].ncols;
    for (int p = 0; p < m->n_plant_inputs; p++)
        cap += m->plant_inputs[p].n_variables;
    for (int p = 0; p < m->n_plant_outputs; p++)
        cap += m->plant_outputs[p].n_variables;
    out->v = calloc((size_t)cap + 2, sizeof *out->v);
    if (!out->v)
        return -1;
    out->v[out->n++] = (mbs_fmi_var){0,  mbs_strdup("time"), mbs_strdup("Simulation time"), MBS_FMI_TIME, -1, -1,
                                     -1, mbs_strdup("s"),    DIM_TIME,
                                     0,  0.0};
    if (!out->v[0].name || !out->v[0].description || !out->v[0].unit)
        goto fail;
    for (int i = 0; i < m->n_params; i++) {
        mbs_fmi_var v = {(unsigned)i + 1, mbs_strdup(m->params[i].name),
                         mbs_sprintf_alloc("Parameter of the model (line %d)", m->params[i].line), MBS_FMI_PARAMETER,
                         i, -1, -1, NULL, DIM_NONE, 0, m->params[i].value};
        out->v[out->n++] = v;
        if (!v.name || !v.description)
            goto fail;
    }
    for (int p = 0; p < m->n_plant_inputs; p++)
        for (int k = 0; k < m->plant_inputs[p].n_variables; k++)
            if (add_variable(m, out, m->plant_inputs[p].variables[k], MBS_FMI_INPUT) != 0)
                goto fail;
    /* an output that is also an input is the input's value: shown once */
    for (int p = 0; p < m->n_plant_outputs; p++)
        for (int k = 0; k < m->plant_outputs[p].n_variables; k++) {
            int comp = m->plant_outputs[p].variables[k];
            if (!listed(m->plant_inputs, m->n_plant_inputs, comp) &&
                add_variable(m, out, comp, MBS_FMI_OUTPUT) != 0)
                goto fail;
        }
    unsigned next_vr = MBS_FMI_VR_SENSOR;
    for (int i = 0; i < n_columns; i++)
        if (add_columns(m, out, columns[i], &next_vr, err, errsize) != 0)
            goto fail;
    return 0;
fail:
    mbs_fmi_vars_free(out);
    return -1;
}

void mbs_fmi_vars_free(mbs_fmi_vars *vars)
{
    for (int i = 0; i < vars->n; i++) {
        free(vars->v[i].name);
        free(vars->v[i].description);
        free(vars->v[i].unit);
    }
    free(vars->v);
    memset(vars, 0, sizeof *vars);
}

const mbs_fmi_var *mbs_fmi_vars_find(const mbs_fmi_vars *vars, unsigned vr)
{
    int i = find_vr(vars, vr);
    return i >= 0 ? &vars->v[i] : NULL;
}
