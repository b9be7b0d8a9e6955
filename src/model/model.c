/* The compiled model (model.h): freed, its elements found by id, rows in
 * use, degrees of freedom, elements described in messages. */
#include "model.h"
#include "spline.h"
#include "tfunc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void free_plants(mbs_plant *p, int n)
{
    for (int i = 0; i < n; i++) {
        free(p[i].label);
        free(p[i].variables);
    }
    free(p);
}

void mbs_model_free(mbs_model *m)
{
    if (!m)
        return;
    for (int i = 0; i < m->n_bodies; i++)
        free(m->bodies[i].label);
    for (int i = 0; i < m->n_markers; i++)
        free(m->markers[i].label);
    for (int i = 0; i < m->n_comps; i++) {
        mbs_component *c = &m->comps[i];
        if (c->ops->free_params)
            c->ops->free_params(c->params);
        free(c->label);
        free(c->bodies);
        free(c->depends);
        free(c->state_atol);
    }
    for (int i = 0; i < m->n_sensors; i++) {
        mbs_sensor *s = &m->sensors[i];
        free(s->name);
        free(s->type);
        free(s->output_name);
        free(s->comment);
        for (int k = 0; k < s->ncols; k++)
            free(s->columns[k]);
        free(s->columns);
        free(s->dims);
        free(s->to_model);
        for (int k = 0; s->exprs && k < s->ncols; k++)
            mbs_tfunc_free(s->exprs[k]);
        free(s->exprs);
    }
    for (int i = 0; i < m->n_splines; i++)
        mbs_spline_free(&m->splines[i]);
    free(m->splines);
    for (int i = 0; i < m->n_arrays; i++) {
        free(m->arrays[i].label);
        free(m->arrays[i].values);
        free(m->arrays[i].variables);
    }
    free(m->arrays);
    for (int i = 0; i < m->n_strings; i++) {
        free(m->strings[i].label);
        free(m->strings[i].text);
    }
    free(m->strings);
    for (int i = 0; i < m->n_matrices; i++) {
        free(m->matrices[i].label);
        free(m->matrices[i].a);
    }
    free(m->matrices);
    free(m->tfuncs);
    for (int i = 0; i < m->n_commands; i++)
        mbs_tfunc_free(m->commands[i].tfunc);
    free(m->commands);
    for (int i = 0; i < m->n_graphics; i++) {
        free(m->graphics[i].name);
        free(m->graphics[i].points);
        free(m->graphics[i].triangles);
    }
    free(m->graphics);
    free_plants(m->plant_inputs, m->n_plant_inputs);
    free_plants(m->plant_outputs, m->n_plant_outputs);
    for (int i = 0; i < m->n_params; i++)
        free(m->params[i].name);
    free(m->params);
    free(m->param_names);
    free(m->param_values);
    free(m->bodies);
    free(m->markers);
    free(m->comps);
    free(m->sensors);
    free(m->analyses);
    free(m->row_comp);
    free(m->row_mu);
    free(m->path);
    free(m->source);
    free(m);
}

int mbs_model_body_index(const mbs_model *m, int id)
{
    for (int i = 0; i < m->n_bodies; i++)
        if (m->bodies[i].id == id)
            return i;
    return -1;
}

int mbs_model_marker_index(const mbs_model *m, int id)
{
    for (int i = 0; i < m->n_markers; i++)
        if (m->markers[i].id == id)
            return i;
    return -1;
}

int mbs_model_component_index(const mbs_model *m, const char *kind, int id)
{
    for (int i = 0; i < m->n_comps; i++)
        if (strcmp(m->comps[i].kind->name, kind) == 0 && m->comps[i].id == id)
            return i;
    return -1;
}

int mbs_model_rows_in_use(const mbs_model *m)
{
    int n = m->n_rows;
    for (int c = 0; c < m->n_comps; c++)
        n -= m->comps[c].n_spare_rows;
    return n;
}

int mbs_model_dof(const mbs_model *m)
{
    return m->nu - mbs_model_rows_in_use(m);
}

void mbs_component_describe(const mbs_component *c, char *out, size_t size)
{
    mbs_describe_element(out, size, c->kind->name, c->id, c->label);
}

double mbs_output_rows(const mbs_model *m)
{
    double rows = 0.0, t = 0.0;
    for (int i = 0; i < m->n_analyses; i++) {
        const mbs_analysis *a = &m->analyses[i];
        if (a->type == MBS_ANALYSIS_TRANSIENT) {
            rows += ceil((a->end_time - t) / a->print_interval) + 1.0;
            t = a->end_time;
        } else {
            rows += 1.0;
        }
    }
    return rows;
}

void mbs_body_describe(const mbs_body *b, char *out, size_t size)
{
    const char *kind = b->type == MBS_BODY_POINT ? "Body_Point" : b->type == MBS_BODY_MASS1D ? "Body_Mass1D" : "Body_Rigid";
    mbs_describe_element(out, size, kind, b->id, b->label);
}

const char *mbs_linear_solver_name(mbs_linear_solver s)
{
    return s == MBS_LS_KLU ? "KLU" : s == MBS_LS_TREE ? "TREE" : "DENSE";
}
