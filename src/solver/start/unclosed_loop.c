/* The loop that cannot close (unclosed_loop.h). A joint's gap is measured
 * from its rows (joint_gap): how far I's origin is from where the joint
 * puts it (a length), and how far the axes it aligns are off (an angle).
 * Elements other than joints (motions, couplers) are named, not measured. */
#include "unclosed_loop.h"
#include "../dae/loops.h"
#include "../dae/residual.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846
#define NAMED 6 /* elements of the loop named; the rest counted */

/* How far joint c is from closed, at its rows of the last evaluation
 * (its description, model/joints.h, says which are lengths): the length by
 * which I's origin misses where the joint puts it (SI), and the largest
 * angle by which the axes its rows align miss (rad; a row that is a
 * product of unit axes that should be 0 is the sine of it). */
static void joint_gap(const mbs_component *c, const mbs_data *d, double *length, double *angle)
{
    double len2 = 0.0;
    *angle = 0.0;
    for (int r = 0; r < c->n_hrows; r++) {
        double g = d->rows[c->row_ofs + r].g;
        if (c->joint->length_rows & (1u << r))
            len2 += g * g;
        else
            *angle = fmax(*angle, asin(fmin(1.0, fabs(g))));
    }
    *length = sqrt(len2);
}

/* The largest gap among the loop's joints at y: its length (m) and, with
 * its joint (or -1), the largest angle (rad). */
static int widest_gap(const mbs_model *m, mbs_data *d, double t, const double *y, const double *yp, double *res,
                      const char *in_loop, double *length, double *angle)
{
    mbs_residual(m, d, t, y, yp, res);
    int widest = -1;
    *length = *angle = 0.0;
    for (int c = 0; c < m->n_comps; c++) {
        if (!in_loop[c] || !m->comps[c].joint)
            continue;
        double len, ang;
        joint_gap(&m->comps[c], d, &len, &ang);
        if (len > *length) {
            *length = len;
            widest = c;
        }
        *angle = fmax(*angle, ang);
    }
    return widest;
}

/* "X, Y and Z" (at most NAMED of them, then "and N more") */
static size_t name_loop(const mbs_model *m, const char *in_loop, char *out, size_t size)
{
    int total = 0, named = 0;
    for (int c = 0; c < m->n_comps; c++)
        total += in_loop[c];
    size_t len = 0;
    out[0] = '\0';
    for (int c = 0; c < m->n_comps && len < size; c++) {
        if (!in_loop[c])
            continue;
        char what[256];
        mbs_component_describe(&m->comps[c], what, sizeof what);
        named++;
        if (named > NAMED) {
            len += (size_t)snprintf(out + len, size - len, " and %d more", total - NAMED);
            break;
        }
        const char *sep = named == 1 ? "" : named == total ? " and " : ", ";
        len += (size_t)snprintf(out + len, size - len, "%s%s", sep, what);
    }
    return len < size ? len : size;
}

static void describe_marker(const mbs_marker *mk, char *out, size_t size)
{
    if (mk->label && mk->label[0])
        snprintf(out, size, "%d ('%s')", mk->id, mk->label);
    else
        snprintf(out, size, "%d", mk->id);
}

int mbs_describe_unclosed(const mbs_model *m, mbs_data *d, double t, const double *y_given, const double *y,
                          int worst_row, char *out, size_t size)
{
    out[0] = '\0';
    if (worst_row < 0 || worst_row >= m->n_rows) {
        snprintf(out, size, "the constraints");
        return -1;
    }
    int worst = m->row_comp[worst_row];
    char *in_loop = calloc((size_t)m->n_comps + 1, 1);
    double *yp = calloc((size_t)m->ny + 1, sizeof *yp), *res = calloc((size_t)m->ny + 1, sizeof *res);
    if (!in_loop || !yp || !res || mbs_loop_of(m, worst, in_loop) <= 0) {
        if (in_loop) {
            memset(in_loop, 0, (size_t)m->n_comps);
            in_loop[worst] = 1; /* on no loop: the element alone (its markers on one body) */
        }
    }
    int report = worst;
    if (in_loop && yp && res) {
        char unit[32];
        mbs_units_format(&m->units, DIM_LENGTH, 0, unit, sizeof unit);
        double to_len = 1.0 / mbs_units_to_si(&m->units, DIM_LENGTH), len_end, ang_end, len0, ang0;
        widest_gap(m, d, t, y, yp, res, in_loop, &len_end, &ang_end);
        int open = widest_gap(m, d, t, y_given, yp, res, in_loop, &len0, &ang0);
        size_t n = (size_t)snprintf(out, size, "the loop of ");
        n += name_loop(m, in_loop, out + n, size - n);
        if (n < size)
            n += (size_t)snprintf(out + n, size - n,
                                  " (at the closest the assembly came, its joints' markers are up to %.4g %s apart",
                                  len_end * to_len, unit);
        if (n < size && ang_end > 1e-6)
            n += (size_t)snprintf(out + n, size - n, " and their axes up to %.3g deg out of line", ang_end * 180 / PI);
        if (n < size && open >= 0 && len0 > 1e-9 * m->size) {
            int I = m->comps[open].joint->I, J = m->comps[open].joint->J;
            char what[256], mi[160], mj[160];
            mbs_component_describe(&m->comps[open], what, sizeof what);
            describe_marker(&m->markers[I], mi, sizeof mi);
            describe_marker(&m->markers[J], mj, sizeof mj);
            n += (size_t)snprintf(out + n, size - n, "; before it, markers %s and %s of %s were %.4g %s apart", mi,
                                  mj, what, len0 * to_len, unit);
            report = open;
        }
        if (n < size)
            snprintf(out + n, size - n, ")");
    } else {
        mbs_component_describe(&m->comps[worst], out, size);
    }
    free(in_loop);
    free(yp);
    free(res);
    return report;
}
