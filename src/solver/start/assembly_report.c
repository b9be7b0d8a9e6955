/* Move of a body: the distance its centre of mass moved and the angle of the
 * rotation between its orientations, 2 acos |p_given . p|. The limit is on
 * the distance: assembly_move_limit, else 1 % of the model's size. The
 * element named is the one with the largest |g| among its position-level
 * constraint rows at the given positions (lengths and angles alike: it is a
 * pointer, the moves are the measure). */
#include "assembly_report.h"
#include "../dae/residual.h"
#include "../../core/vec3.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846
#define LISTED 3 /* bodies named in the note */

typedef struct move {
    int body;
    double dist, angle;
} move;

static int by_distance(const void *a, const void *b)
{
    double da = ((const move *)a)->dist + ((const move *)a)->angle * 1e-9;
    double db = ((const move *)b)->dist + ((const move *)b)->angle * 1e-9;
    return da < db ? 1 : da > db ? -1 : 0;
}

static void body_move(const mbs_body *b, const double *y0, const double *y, move *mv)
{
    double d[3];
    v3_sub(d, y + b->q_ofs, y0 + b->q_ofs);
    mv->dist = v3_norm(d);
    mv->angle = 0.0;
    if (b->type == MBS_BODY_RIGID) {
        const double *p0 = y0 + b->q_ofs + 3, *p = y + b->q_ofs + 3;
        double c = fabs(p0[0] * p[0] + p0[1] * p[1] + p0[2] * p[2] + p0[3] * p[3]);
        double n = sqrt((p0[0] * p0[0] + p0[1] * p0[1] + p0[2] * p0[2] + p0[3] * p0[3]) *
                        (p[0] * p[0] + p[1] * p[1] + p[2] * p[2] + p[3] * p[3]));
        mv->angle = 2.0 * acos(fmin(1.0, n > 0 ? c / n : 1.0));
    }
}

static const char *body_name(const mbs_body *b, char *buf, size_t size)
{
    mbs_body_describe(b, buf, size);
    return buf;
}

/* The component whose rows were furthest from closed at y_given, or -1. */
static int worst_component(const mbs_model *m, mbs_data *d, double t, const double *y_given, double *g_max)
{
    double *yp = calloc((size_t)m->ny + 1, sizeof *yp);
    if (!yp)
        return -1;
    mbs_residual(m, d, t, y_given, yp, d->res_scratch);
    free(yp);
    int worst = -1;
    *g_max = 0.0;
    for (int r = 0; r < m->n_rows; r++)
        if (m->row_mu[r] >= 0 && d->row_active[r] && fabs(d->rows[r].g) > *g_max) {
            *g_max = fabs(d->rows[r].g);
            worst = m->row_comp[r];
        }
    return worst;
}

int mbs_assembly_report(const mbs_model *m, mbs_data *d, double t, const double *y_given, const double *y,
                        mbs_diags *diag)
{
    move *mv = calloc((size_t)m->n_bodies + 1, sizeof *mv);
    if (!mv)
        return 0;
    int n = 0;
    for (int i = 0; i < m->n_bodies; i++)
        if (m->bodies[i].type == MBS_BODY_RIGID || m->bodies[i].type == MBS_BODY_POINT) {
            mv[n].body = i;
            body_move(&m->bodies[i], y_given, y, &mv[n]);
            n++;
        }
    qsort(mv, (size_t)n, sizeof *mv, by_distance);
    double to_len = 1.0 / mbs_units_to_si(&m->units, DIM_LENGTH);
    char unit[32], name[200];
    mbs_units_format(&m->units, DIM_LENGTH, 0, unit, sizeof unit);
    double limit = m->settings.assembly_move_limit > 0 ? m->settings.assembly_move_limit : 0.01 * m->size;
    /* below this, nothing worth a note: rounding of the given positions */
    double tiny = 1e-9 * m->size;
    int rc = 0;
    if (n > 0 && mv[0].dist > limit) {
        double g;
        int c = worst_component(m, d, t, y_given, &g);
        int line = c >= 0 ? m->comps[c].line : 0;
        char element[200] = "the constraints";
        if (c >= 0)
            mbs_component_describe(&m->comps[c], element, sizeof element);
        mbs_diag_add(diag, m->settings.strict_assembly ? MBS_SEV_ERROR : MBS_SEV_WARNING, m->path, line,
                     "%s: the assembly at the start moved %s by %.4g %s (rotation %.3g deg) to close it, more than "
                     "the limit of %.4g %s (assembly_move_limit; 1 %% of the model's size by default): check the "
                     "positions of its markers",
                     element, body_name(&m->bodies[mv[0].body], name, sizeof name), mv[0].dist * to_len, unit,
                     mv[0].angle * 180.0 / PI, limit * to_len, unit);
        rc = m->settings.strict_assembly ? -1 : 0;
    }
    if (n > 0 && (mv[0].dist > tiny || mv[0].angle > 1e-9)) {
        char text[800] = "";
        size_t len = 0;
        for (int k = 0; k < n && k < LISTED; k++) {
            if (!(mv[k].dist > tiny || mv[k].angle > 1e-9))
                break;
            len += (size_t)snprintf(text + len, sizeof text - len, "%s%s by %.3g %s, %.3g deg", k ? "; " : "",
                                    body_name(&m->bodies[mv[k].body], name, sizeof name), mv[k].dist * to_len,
                                    unit, mv[k].angle * 180.0 / PI);
            if (len >= sizeof text)
                break;
        }
        mbs_diag_add(diag, MBS_SEV_NOTE, m->path, 0, "assembly at the start moved %s", text);
    }
    free(mv);
    return rc;
}
