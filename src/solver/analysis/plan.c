/* Applying the commands that stand between analyses. Each changes what
 * the run's data holds, never the model:
 *   ACTIVATE      the element takes part or not (comp_active); its rows are in
 *                 use or not (row_enabled), its states are held while it is off
 *   OVERRIDE      an element's expression is replaced (tfunc_override)
 *   SET_DISC      a discrete state of an element (a motion's type)
 *   ENABLE_ROWS   some rows of an element in use or not (a motion's
 *                 displacement row or its velocity row)
 *   SETTINGS      the integrator's tolerances and steps
 *   MARKER_POSE   a marker's frame on its body
 *   STOP          the run ends
 * The run follows up on what changed (simulate.c): the redundancy analysis
 * again, the integrator's settings, a consistent start (every analysis
 * makes one). */
#include "plan.h"

#include <string.h>

static unsigned apply(const mbs_model *m, mbs_data *d, const mbs_command *c)
{
    const mbs_component *comp = c->comp >= 0 && c->comp < m->n_comps ? &m->comps[c->comp] : NULL;
    switch (c->kind) {
    case MBS_CMD_ACTIVATE:
        d->comp_active[c->comp] = (char)c->flag;
        memset(d->row_enabled + comp->row_ofs, c->flag, (size_t)(comp->n_hrows + comp->n_vrows));
        return MBS_PLAN_ROWS;
    case MBS_CMD_OVERRIDE:
        d->tfunc_override[c->slot] = c->tfunc;
        return 0;
    case MBS_CMD_SET_DISC:
        d->disc[comp->disc_ofs + c->index] = c->value;
        return 0;
    case MBS_CMD_ENABLE_ROWS:
        /* a deactivated element's rows stay off until it is activated */
        if (d->comp_active[c->comp])
            memset(d->row_enabled + comp->row_ofs + c->index, c->flag, (size_t)c->count);
        return MBS_PLAN_ROWS;
    case MBS_CMD_SETTINGS:
        d->settings = c->settings;
        return MBS_PLAN_SETTINGS;
    case MBS_CMD_MARKER_POSE:
        memcpy(d->marker_frames + 12 * c->marker, c->pos, 3 * sizeof(double));
        memcpy(d->marker_frames + 12 * c->marker + 3, c->rot, 9 * sizeof(double));
        return 0;
    case MBS_CMD_STOP:
        return MBS_PLAN_STOP;
    }
    return 0;
}

int mbs_plan_has_commands(const mbs_model *m, int k)
{
    for (int i = 0; i < m->n_commands; i++)
        if (m->commands[i].before == k)
            return 1;
    return 0;
}

unsigned mbs_plan_apply(const mbs_model *m, mbs_data *d, int k, double t, double *y)
{
    (void)t;
    (void)y;
    unsigned changed = 0;
    for (int i = 0; i < m->n_commands && !(changed & MBS_PLAN_STOP); i++)
        if (m->commands[i].before == k)
            changed |= apply(m, d, &m->commands[i]) | MBS_PLAN_RAN;
    return changed;
}
