#include "data.h"

#include <stdlib.h>
#include <string.h>

mbs_data *mbs_data_create(const mbs_model *m)
{
    mbs_data *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    d->bodies = calloc((size_t)m->n_bodies + 1, sizeof *d->bodies);
    d->rows = calloc((size_t)m->n_rows + 1, sizeof *d->rows);
    d->row_active = malloc((size_t)m->n_rows + 1);
    d->disc = calloc((size_t)m->n_disc + 1, sizeof *d->disc);
    d->var_offset = calloc((size_t)m->n_comps + 1, sizeof *d->var_offset);
    d->res_scratch = calloc((size_t)m->ny + 1, sizeof *d->res_scratch);
    d->comp_power = calloc((size_t)m->n_comps + 1, sizeof *d->comp_power);
    d->tfunc_override = calloc((size_t)m->n_tfuncs + 1, sizeof *d->tfunc_override);
    d->row_enabled = malloc((size_t)m->n_rows + 1);
    d->comp_active = malloc((size_t)m->n_comps + 1);
    d->marker_frames = malloc(((size_t)m->n_markers * 12 + 1) * sizeof *d->marker_frames);
    d->load_bodies = calloc((size_t)m->n_bodies + 1, sizeof *d->load_bodies);
    d->load_res = calloc((size_t)m->ny + 1, sizeof *d->load_res);
    if (!d->bodies || !d->rows || !d->row_active || !d->disc || !d->res_scratch || !d->comp_power || !d->var_offset || !d->tfunc_override ||
        !d->load_bodies || !d->load_res || !d->row_enabled || !d->comp_active || !d->marker_frames) {
        mbs_data_free(d);
        return NULL;
    }
    memset(d->row_active, 1, (size_t)m->n_rows + 1);
    memset(d->row_enabled, 1, (size_t)m->n_rows + 1);
    memset(d->comp_active, 1, (size_t)m->n_comps + 1);
    d->settings = m->settings;
    for (int k = 0; k < m->n_markers; k++) {
        memcpy(d->marker_frames + 12 * k, m->markers[k].pos, 3 * sizeof(double));
        memcpy(d->marker_frames + 12 * k + 3, m->markers[k].rot, 9 * sizeof(double));
    }
    for (int b = 0; b < m->n_bodies; b++) {
        /* ground and not-yet-evaluated bodies sit at the origin, unrotated */
        double *A = d->bodies[b].A;
        A[0] = A[4] = A[8] = 1.0;
    }
    return d;
}

void mbs_data_free(mbs_data *d)
{
    if (!d)
        return;
    free(d->bodies);
    free(d->rows);
    free(d->row_active);
    free(d->disc);
    free(d->var_offset);
    free(d->res_scratch);
    free(d->comp_power);
    free(d->tfunc_override);
    free(d->load_bodies);
    free(d->load_res);
    free(d->row_enabled);
    free(d->comp_active);
    free(d->marker_frames);
    free(d);
}
