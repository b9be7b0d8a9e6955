/* mbs_data, the run's changing data: every array in one allocation, made
 * before the run and freed after it. */
#include "data.h"

#include "../../core/block.h"

#include <stdlib.h>
#include <string.h>

/* The arrays of the run's data, in the order they lie in its block; each
 * one item longer than the model asks, so that none is empty. */
static void take_arrays(mbs_block *b, mbs_data *d, const mbs_model *m)
{
    size_t n_bodies = (size_t)m->n_bodies + 1, n_rows = (size_t)m->n_rows + 1;
    size_t n_comps = (size_t)m->n_comps + 1, ny = (size_t)m->ny + 1;
    d->bodies = mbs_block_take(b, n_bodies, sizeof *d->bodies);
    d->load_bodies = mbs_block_take(b, n_bodies, sizeof *d->load_bodies);
    d->rows = mbs_block_take(b, n_rows, sizeof *d->rows);
    d->marker_frames = mbs_block_take(b, (size_t)m->n_markers * 12 + 1, sizeof *d->marker_frames);
    d->disc = mbs_block_take(b, (size_t)m->n_disc + 1, sizeof *d->disc);
    d->var_offset = mbs_block_take(b, n_comps, sizeof *d->var_offset);
    d->var_input = mbs_block_take(b, n_comps, sizeof *d->var_input);
    d->comp_power = mbs_block_take(b, n_comps, sizeof *d->comp_power);
    d->res_scratch = mbs_block_take(b, ny, sizeof *d->res_scratch);
    d->load_res = mbs_block_take(b, ny, sizeof *d->load_res);
    d->tfunc_override = mbs_block_take(b, (size_t)m->n_tfuncs + 1, sizeof *d->tfunc_override);
    d->row_active = mbs_block_take(b, n_rows, sizeof *d->row_active);
    d->row_enabled = mbs_block_take(b, n_rows, sizeof *d->row_enabled);
    d->comp_active = mbs_block_take(b, n_comps, sizeof *d->comp_active);
    d->var_held = mbs_block_take(b, n_comps, sizeof *d->var_held);
}

mbs_data *mbs_data_create(const mbs_model *m)
{
    /* measure the block, then allocate it and place the arrays */
    mbs_data shape;
    mbs_block b = {0};
    mbs_block_take(&b, 1, sizeof shape);
    take_arrays(&b, &shape, m);
    if (b.overflow)
        return NULL;
    b = (mbs_block){.base = calloc(1, b.used)};
    if (!b.base)
        return NULL;
    mbs_data *d = mbs_block_take(&b, 1, sizeof *d);
    take_arrays(&b, d, m);

    memset(d->row_active, 1, (size_t)m->n_rows + 1);
    memset(d->row_enabled, 1, (size_t)m->n_rows + 1);
    memset(d->comp_active, 1, (size_t)m->n_comps + 1);
    d->settings = m->settings;
    for (int k = 0; k < m->n_markers; k++) {
        memcpy(d->marker_frames + 12 * k, m->markers[k].pos, 3 * sizeof(double));
        memcpy(d->marker_frames + 12 * k + 3, m->markers[k].rot, 9 * sizeof(double));
    }
    for (int i = 0; i < m->n_bodies; i++) {
        /* ground and not-yet-evaluated bodies sit at the origin, unrotated */
        double *A = d->bodies[i].A;
        A[0] = A[4] = A[8] = 1.0;
    }
    return d;
}

/* The block begins with the struct itself. */
void mbs_data_free(mbs_data *d)
{
    free(d);
}
