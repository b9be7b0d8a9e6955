/* Turning a chosen output into a sensor: dataset name, columns, units. */
#include "builder.h"
#include "outputs.h"
#include "../core/strutil.h"

#include <stdlib.h>
#include <string.h>

static int name_taken(const mbs_model *m, const char *name)
{
    for (int i = 0; i < m->n_sensors; i++)
        if (strcmp(m->sensors[i].name, name) == 0)
            return 1;
    return 0;
}

/* A dataset name from a free comment: '/' becomes '_', and a name already
 * taken gets "_<id>". */
static char *name_from_comment(const mbs_model *m, const mbs_spec_elem *e, const char *comment)
{
    char *name = mbs_strdup(comment);
    for (char *p = name; p && *p; p++)
        if (*p == '/')
            *p = '_';
    if (name && (!mbs_str_trim(name)[0] || strcmp(name, ".") == 0 || name_taken(m, name))) {
        char *unique = mbs_sprintf_alloc("%s%ssensor_%d", name, name[0] ? "_" : "", e->id);
        free(name);
        name = unique;
    }
    return name;
}

int mbs_add_output_sensor(mbs_builder *b, const mbs_spec_elem *e, const char *type, int element_id,
                          const mbs_output_desc *o, mbs_sensor_source source, int index, int output)
{
    return mbs_add_named_sensor(b, e, NULL, type, element_id, o, source, index, output);
}

int mbs_add_named_sensor(mbs_builder *b, const mbs_spec_elem *e, const char *comment, const char *type,
                         int element_id, const mbs_output_desc *o, mbs_sensor_source source, int index, int output)
{
    const mbs_model *m = mbs_builder_model(b);
    char *name = e->label     ? mbs_strdup(e->label)
                 : comment ? name_from_comment(m, e, comment)
                           : mbs_sprintf_alloc("sensor_%d", e->id);
    if (!name)
        return -1;
    if (strchr(name, '/') || name[0] == '\0' || strcmp(name, ".") == 0) {
        free(name);
        return mbs_build_error(b, e, "label '%s' cannot name a dataset (no '/', not empty)", e->label);
    }
    if (name_taken(m, name)) {
        mbs_build_error(b, e, "another sensor already writes a dataset named '%s'; give this one another label",
                        name);
        free(name);
        return -1;
    }
    mbs_sensor s;
    memset(&s, 0, sizeof s);
    s.id = e->id;
    s.name = name;
    s.line = e->line;
    s.type = mbs_strdup(type);
    s.element_id = element_id;
    s.output_name = mbs_strdup(o->name);
    s.source = source;
    s.index = index;
    s.output = output;
    s.marker_j = s.marker_ref = -1;
    s.ncols = mbs_output_width(o);
    s.columns = calloc((size_t)s.ncols + 1, sizeof *s.columns);
    s.dims = calloc((size_t)s.ncols + 1, sizeof *s.dims);
    s.to_model = calloc((size_t)s.ncols + 1, sizeof *s.to_model);
    s.angle_cols = o->angle_cols;
    char *cols = mbs_strdup(o->columns);
    int k = 0;
    for (char *tok = strtok(cols, " "); tok && k < s.ncols; tok = strtok(NULL, " "), k++) {
        s.columns[k] = mbs_strdup(tok);
        s.dims[k] = o->dims ? o->dims[k] : o->dim;
        s.to_model[k] = 1.0 / mbs_units_to_si(&m->units, s.dims[k]);
    }
    free(cols);
    return mbs_add_sensor(b, &s);
}
