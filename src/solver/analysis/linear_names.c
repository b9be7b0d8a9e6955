/* A linear analysis' results' bookkeeping (linear_names.h): allocation,
 * names and units, SI to the model's units. */
#include "linear_names.h"
#include "../../core/strutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "rod", or "body 3" without a label. */
static char *body_name(const mbs_body *b)
{
    return b->label ? mbs_strdup(b->label) : mbs_sprintf_alloc("body %d", b->id);
}

/* Body coordinate k's name (position or velocity), whether it is an angle. */
static const char *coordinate_suffix(const mbs_body *b, int k, int velocity, int *angle)
{
    static const char *const RIGID[2][6] = {{"x", "y", "z", "rx", "ry", "rz"}, {"vx", "vy", "vz", "wx", "wy", "wz"}};
    *angle = (b->type == MBS_BODY_RIGID && k >= 3) || (b->type == MBS_BODY_MASS1D && b->rotational);
    if (b->type == MBS_BODY_MASS1D)
        return velocity ? "v" : "q";
    return RIGID[velocity][k];
}

/* Name, unit and SI -> model factor of velocity coordinate j as a position
 * (velocity = 0) or velocity (1) state. */
static int coordinate(const mbs_model *m, int j, int velocity, char **name, char **unit, double *scale)
{
    int b = 0;
    while (j < m->bodies[b].u_ofs - m->ofs_u || j >= m->bodies[b].u_ofs - m->ofs_u + m->bodies[b].nu)
        b++;
    const mbs_body *body = &m->bodies[b];
    int angle;
    const char *suffix = coordinate_suffix(body, j - (body->u_ofs - m->ofs_u), velocity, &angle);
    mbs_dim dim = angle ? (velocity ? DIM_ANGULAR_VELOCITY : DIM_ANGLE) : (velocity ? DIM_VELOCITY : DIM_LENGTH);
    char *base = body_name(body), text[64];
    *name = base ? mbs_sprintf_alloc("%s.%s", base, suffix) : NULL;
    free(base);
    mbs_units_format(&m->units, dim, angle, text, sizeof text);
    *unit = mbs_strdup(text);
    *scale = 1.0 / mbs_units_to_si(&m->units, dim);
    return *name && *unit ? 0 : -1;
}

/* Element state k (of the z block): "<label or Kind id>.z<i>". */
static int element_state(const mbs_model *m, int k, char **name, char **unit)
{
    for (int c = 0; c < m->n_comps; c++) {
        const mbs_component *comp = &m->comps[c];
        if (k < comp->state_ofs || k >= comp->state_ofs + comp->n_states)
            continue;
        if (comp->label)
            *name = mbs_sprintf_alloc("%s.z%d", comp->label, k - comp->state_ofs);
        else
            *name = mbs_sprintf_alloc("%s %d.z%d", comp->kind->name, comp->id, k - comp->state_ofs);
        break;
    }
    *unit = mbs_strdup("SI");
    return *name && *unit ? 0 : -1;
}

static char *variable_name(const mbs_component *v)
{
    return v->label ? mbs_strdup(v->label) : mbs_sprintf_alloc("variable %d", v->id);
}

static char **names_new(int n)
{
    return calloc((size_t)n + 1, sizeof(char *));
}

static void names_free(char **names, int n)
{
    if (!names)
        return;
    for (int i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

static int alloc_arrays(const mbs_model *m, const mbs_linear_layout *lay, mbs_linear_result *out)
{
    int n = out->n, ni = out->n_inputs, no = out->n_outputs, nu = m->nu;
    out->state_names = names_new(n);
    out->state_units = names_new(n);
    out->input_names = names_new(ni);
    out->input_units = names_new(ni);
    out->output_names = names_new(no);
    out->output_units = names_new(no);
    out->A = calloc((size_t)n * n + 1, sizeof *out->A);
    out->B = calloc((size_t)n * ni + 1, sizeof *out->B);
    out->C = calloc((size_t)no * n + 1, sizeof *out->C);
    out->D = calloc((size_t)no * ni + 1, sizeof *out->D);
    int ok = out->state_names && out->state_units && out->input_names && out->input_units && out->output_names &&
             out->output_units && out->A && out->B && out->C && out->D;
    if (m->linear.eigen) {
        out->n_motions = nu;
        out->eig_re = calloc((size_t)n + 1, sizeof *out->eig_re);
        out->eig_im = calloc((size_t)n + 1, sizeof *out->eig_im);
        out->damping = calloc((size_t)n + 1, sizeof *out->damping);
        out->frequency = calloc((size_t)n + 1, sizeof *out->frequency);
        out->motion_names = names_new(nu);
        out->motion_units = names_new(nu);
        out->mode_re = calloc((size_t)n * nu + 1, sizeof *out->mode_re);
        out->mode_im = calloc((size_t)n * nu + 1, sizeof *out->mode_im);
        ok = ok && out->eig_re && out->eig_im && out->damping && out->frequency && out->motion_names &&
             out->motion_units && out->mode_re && out->mode_im;
    }
    (void)lay;
    return ok ? 0 : -1;
}

int mbs_linear_result_alloc(const mbs_model *m, const mbs_linear_layout *lay, mbs_linear_result *out,
                            double **state_scale, double **motion_scale)
{
    out->n = lay->n_pos + lay->n_vel + lay->n_z;
    out->n_inputs = lay->n_inputs;
    out->n_outputs = lay->n_outputs;
    *state_scale = calloc((size_t)out->n + 1, sizeof **state_scale);
    *motion_scale = calloc((size_t)m->nu + 1, sizeof **motion_scale);
    if (!*state_scale || !*motion_scale || alloc_arrays(m, lay, out) != 0)
        return -1;
    int rc = 0, s = 0;
    for (int k = 0; k < lay->n_pos; k++, s++)
        rc |= coordinate(m, lay->pos_coord[k], 0, &out->state_names[s], &out->state_units[s], &(*state_scale)[s]);
    for (int k = 0; k < lay->n_vel; k++, s++)
        rc |= coordinate(m, lay->vel_coord[k], 1, &out->state_names[s], &out->state_units[s], &(*state_scale)[s]);
    for (int k = 0; k < lay->n_z; k++, s++) {
        rc |= element_state(m, lay->z_state[k], &out->state_names[s], &out->state_units[s]);
        (*state_scale)[s] = 1.0;
    }
    for (int j = 0; j < m->nu; j++) {
        char *name = NULL, *unit = NULL;
        rc |= coordinate(m, j, 0, &name, &unit, &(*motion_scale)[j]);
        if (m->linear.eigen) {
            out->motion_names[j] = name;
            out->motion_units[j] = unit;
        } else {
            free(name);
            free(unit);
        }
    }
    for (int k = 0; k < lay->n_inputs; k++) {
        const mbs_plant *p = &m->plant_inputs[m->linear.input];
        out->input_names[k] = variable_name(&m->comps[p->variables[k]]);
        out->input_units[k] = mbs_strdup("");
        rc |= !out->input_names[k] || !out->input_units[k];
    }
    for (int k = 0; k < lay->n_outputs; k++) {
        const mbs_plant *p = &m->plant_outputs[m->linear.output];
        /* a variable's value is in the units its expression is written in */
        out->output_names[k] = variable_name(&m->comps[p->variables[k]]);
        out->output_units[k] = mbs_strdup("");
        rc |= !out->output_names[k] || !out->output_units[k];
    }
    return rc ? -1 : 0;
}

void mbs_linear_result_free(mbs_linear_result *r)
{
    names_free(r->state_names, r->n);
    names_free(r->state_units, r->n);
    names_free(r->input_names, r->n_inputs);
    names_free(r->input_units, r->n_inputs);
    names_free(r->output_names, r->n_outputs);
    names_free(r->output_units, r->n_outputs);
    names_free(r->motion_names, r->n_motions);
    names_free(r->motion_units, r->n_motions);
    free(r->A);
    free(r->B);
    free(r->C);
    free(r->D);
    free(r->eig_re);
    free(r->eig_im);
    free(r->damping);
    free(r->frequency);
    free(r->mode_re);
    free(r->mode_im);
    memset(r, 0, sizeof *r);
}

static double *copy_doubles(const double *src, size_t n)
{
    if (!src)
        return NULL;
    double *d = malloc((n + 1) * sizeof *d);
    if (d)
        memcpy(d, src, n * sizeof *d);
    return d;
}

static char **copy_names(char *const *src, int n)
{
    if (!src)
        return NULL;
    char **d = names_new(n);
    for (int i = 0; d && i < n; i++)
        d[i] = src[i] ? mbs_strdup(src[i]) : NULL;
    return d;
}

int mbs_linear_result_copy(mbs_linear_result *dst, const mbs_linear_result *src)
{
    *dst = *src;
    size_t n = (size_t)src->n, ni = (size_t)src->n_inputs, no = (size_t)src->n_outputs, nm = (size_t)src->n_motions;
    dst->state_names = copy_names(src->state_names, src->n);
    dst->state_units = copy_names(src->state_units, src->n);
    dst->input_names = copy_names(src->input_names, src->n_inputs);
    dst->input_units = copy_names(src->input_units, src->n_inputs);
    dst->output_names = copy_names(src->output_names, src->n_outputs);
    dst->output_units = copy_names(src->output_units, src->n_outputs);
    dst->motion_names = copy_names(src->motion_names, src->n_motions);
    dst->motion_units = copy_names(src->motion_units, src->n_motions);
    dst->A = copy_doubles(src->A, n * n);
    dst->B = copy_doubles(src->B, n * ni);
    dst->C = copy_doubles(src->C, no * n);
    dst->D = copy_doubles(src->D, no * ni);
    dst->eig_re = copy_doubles(src->eig_re, n);
    dst->eig_im = copy_doubles(src->eig_im, n);
    dst->damping = copy_doubles(src->damping, n);
    dst->frequency = copy_doubles(src->frequency, n);
    dst->mode_re = copy_doubles(src->mode_re, n * nm);
    dst->mode_im = copy_doubles(src->mode_im, n * nm);
    return 0;
}
