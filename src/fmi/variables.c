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
                     causality, -1, comp, 0.0};
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

int mbs_fmi_vars_make(const mbs_model *m, mbs_fmi_vars *out)
{
    memset(out, 0, sizeof *out);
    int cap = m->n_params;
    for (int p = 0; p < m->n_plant_inputs; p++)
        cap += m->plant_inputs[p].n_variables;
    for (int p = 0; p < m->n_plant_outputs; p++)
        cap += m->plant_outputs[p].n_variables;
    out->v = calloc((size_t)cap + 2, sizeof *out->v);
    if (!out->v)
        return -1;
    out->v[out->n++] = (mbs_fmi_var){0, mbs_strdup("time"), mbs_strdup("Simulation time"), MBS_FMI_TIME, -1, -1, 0.0};
    if (!out->v[0].name || !out->v[0].description)
        goto fail;
    for (int i = 0; i < m->n_params; i++) {
        mbs_fmi_var v = {(unsigned)i + 1, mbs_strdup(m->params[i].name),
                         mbs_sprintf_alloc("Parameter of the model (line %d)", m->params[i].line), MBS_FMI_PARAMETER,
                         i, -1, m->params[i].value};
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
    }
    free(vars->v);
    memset(vars, 0, sizeof *vars);
}

const mbs_fmi_var *mbs_fmi_vars_find(const mbs_fmi_vars *vars, unsigned vr)
{
    int i = find_vr(vars, vr);
    return i >= 0 ? &vars->v[i] : NULL;
}
