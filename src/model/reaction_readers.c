/* The constraint elements whose reactions something reads
 * (reaction_readers.h). */
#include "reaction_readers.h"
#include "tfunc.h"

#include <string.h>

static int has_rows(const mbs_model *m, int c)
{
    return c >= 0 && c < m->n_comps && m->comps[c].n_hrows + m->comps[c].n_vrows > 0;
}

/* force or torque (a force times a length) */
static int is_load(mbs_dim dim)
{
    return dim.force == 1 && dim.mass == 0 && dim.time == 0 && (dim.length == 0 || dim.length == 1);
}

/* Whether a sensor's output is a load (every column or some of them). */
static int output_is_load(const mbs_output_desc *o, int ncols)
{
    if (!o->dims)
        return is_load(o->dim);
    for (int k = 0; k < ncols; k++)
        if (is_load(o->dims[k]))
            return 1;
    return 0;
}

static void mark_expression(const mbs_model *m, const mbs_tfunc *f, char *read)
{
    for (int s = 0; f && s < f->n_measures; s++) {
        const mbs_measure *ms = &f->measures[s];
        if (ms->kind == MBS_MEAS_ELEMENT_LOAD && has_rows(m, ms->comp))
            read[ms->comp] = 1;
        if (ms->kind >= MBS_MEAS_FX && ms->kind <= MBS_MEAS_TM)
            for (int k = 0; k < ms->n_comps; k++)
                if (has_rows(m, ms->comps[k]))
                    read[ms->comps[k]] = 1;
    }
}

int mbs_reaction_readers(const mbs_model *m, char *read)
{
    memset(read, 0, (size_t)m->n_comps);
    for (int c = 0; c < m->n_comps; c++)
        for (int k = 0; k < m->comps[c].n_depends; k++)
            if (has_rows(m, m->comps[c].depends[k]))
                read[m->comps[c].depends[k]] = 1;
    for (int i = 0; i < m->n_sensors; i++) {
        const mbs_sensor *s = &m->sensors[i];
        if (s->source == MBS_SOURCE_COMPONENT && has_rows(m, s->index) &&
            output_is_load(&m->comps[s->index].outputs[s->output], s->ncols))
            read[s->index] = 1;
        for (int k = 0; s->source == MBS_SOURCE_EXPRESSIONS && k < s->ncols; k++)
            mark_expression(m, s->exprs[k], read);
    }
    for (int i = 0; i < m->n_tfuncs; i++)
        mark_expression(m, m->tfuncs[i], read);
    int n = 0;
    for (int c = 0; c < m->n_comps; c++)
        n += read[c];
    return n;
}
