/* What the compiler adds to the file's geometry (geometry.h).
 *
 * Defaults, as MotionView and Adams draw a model without graphics:
 * - a rigid body without a graphic: its inertia ellipsoid, the uniform solid
 *   ellipsoid of the same mass and inertia. With principal moments I1 I2 I3,
 *   I1 = m (b^2 + c^2) / 5 and so on, hence the semi-axes
 *     a^2 = 5 (I2 + I3 - I1) / (2 m),  b^2 = 5 (I3 + I1 - I2) / (2 m),
 *     c^2 = 5 (I1 + I2 - I3) / (2 m)
 *   along the principal axes (a thin rod gives a needle, a disc a lens);
 * - a point mass: a sphere of 2 % of the model's size;
 * - an element with an I and a J marker: a constraint (joint) a short
 *   cylinder along J's z at J's origin, a force element a line from I's
 *   origin to J's.
 * The model's size is the diagonal of the box around every body's centre of
 * mass and every marker's origin at t = 0 (1 m if that is a point). Its up
 * is against gravity, up = -g / |g|, and +z in a model without gravity (the
 * MotionSolve and Adams habit); a viewer stands the model on it. */
#include "geometry.h"
#include "builder.h"
#include "../core/strutil.h"
#include "../core/dense.h"
#include "../core/rotation.h"
#include "../core/vec3.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Colours of bodies without one of their own (RGB 0..1). */
static const double BODY_COLORS[][3] = {
    {0.30, 0.55, 0.85}, {0.90, 0.45, 0.20}, {0.35, 0.70, 0.35}, {0.80, 0.30, 0.35},
    {0.60, 0.45, 0.80}, {0.85, 0.75, 0.25}, {0.30, 0.75, 0.75}, {0.60, 0.60, 0.60},
};
static const double GROUND_COLOR[3] = {0.55, 0.55, 0.55};
static const double JOINT_COLOR[3] = {0.20, 0.20, 0.20};
static const double FORCE_COLOR[3] = {0.95, 0.60, 0.10};

/* A frame marker's origin, global, at t = 0. */
static void marker_origin(const mbs_model *m, int k, double p[3])
{
    const mbs_marker *mk = &m->markers[k];
    const mbs_body *b = &m->bodies[mk->body];
    double A[9];
    if (b->type == MBS_BODY_RIGID)
        mbs_quat_to_matrix(b->p0, A);
    else
        m3_identity(A);
    m3_mul_v(p, A, mk->pos);
    if (b->type != MBS_BODY_GROUND)
        v3_add(p, p, b->r0);
}

static void model_size(mbs_model *m)
{
    double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY}, p[3];
    for (int i = 0; i < m->n_bodies + m->n_markers; i++) {
        if (i < m->n_bodies) {
            if (m->bodies[i].type == MBS_BODY_GROUND || m->bodies[i].type == MBS_BODY_MASS1D)
                continue;
            v3_copy(p, m->bodies[i].r0);
        } else {
            if (m->markers[i - m->n_bodies].type != MBS_MARKER_FRAME)
                continue;
            marker_origin(m, i - m->n_bodies, p);
        }
        for (int k = 0; k < 3; k++) {
            lo[k] = fmin(lo[k], p[k]);
            hi[k] = fmax(hi[k], p[k]);
        }
    }
    double d[3];
    v3_sub(d, hi, lo);
    m->size = isfinite(v3_norm(d)) && v3_norm(d) > 1e-9 ? v3_norm(d) : 1.0;
}

static void model_up(mbs_model *m)
{
    double g = v3_norm(m->gravity);
    if (g > 0.0 && isfinite(g))
        v3_scale(m->up, m->gravity, -1.0 / g);
    else
        v3_set(m->up, 0.0, 0.0, 1.0);
}

static int add(mbs_model *m, const mbs_graphic *g)
{
    mbs_graphic *grown = realloc(m->graphics, (size_t)(m->n_graphics + 1) * sizeof *grown);
    if (!grown)
        return -1;
    m->graphics = grown;
    m->graphics[m->n_graphics++] = *g;
    return 0;
}

static int body_shape(mbs_model *m, int i)
{
    const mbs_body *b = &m->bodies[i];
    mbs_graphic g;
    memset(&g, 0, sizeof g);
    g.source = MBS_FROM_INERTIA;
    g.body = i;
    g.body2 = -1;
    g.color[0] = -1.0;
    m3_identity(g.rot);
    if (b->type == MBS_BODY_POINT) {
        g.shape = MBS_SHAPE_SPHERE;
        g.size[0] = g.size[1] = g.size[2] = 0.02 * m->size;
    } else {
        double I[3];
        mbs_sym3_eigen(b->inertia, I, g.rot);
        if (mbs_m3_det(g.rot) < 0) /* a rotation, not a reflection */
            for (int k = 0; k < 3; k++)
                g.rot[3 * k + 2] = -g.rot[3 * k + 2];
        g.shape = MBS_SHAPE_ELLIPSOID;
        for (int k = 0; k < 3; k++) {
            double s2 = 5.0 * (I[(k + 1) % 3] + I[(k + 2) % 3] - I[k]) / (2.0 * b->mass);
            /* a degenerate axis (a point-like inertia) still gets a visible thickness */
            g.size[k] = fmax(s2 > 0 ? sqrt(s2) : 0.0, 0.005 * m->size);
        }
    }
    g.name = b->label ? mbs_sprintf_alloc("body %d (label '%s')", b->id, b->label) : mbs_sprintf_alloc("body %d", b->id);
    return add(m, &g);
}

/* The glyph of an element with an I and a J frame marker. */
static int element_glyph(mbs_model *m, const mbs_spec_elem *e)
{
    int fam = e->kind->family;
    if ((fam != MBS_FAMILY_CONSTRAINT && fam != MBS_FAMILY_FORCE) || !mbs_kind_attr(e->kind, "i_marker_id") ||
        !mbs_kind_attr(e->kind, "j_marker_id") || !mbs_spec_given(e, "i_marker_id") ||
        !mbs_spec_given(e, "j_marker_id"))
        return 0;
    int i = mbs_model_marker_index(m, (int)mbs_spec_int(e, "i_marker_id"));
    int j = mbs_model_marker_index(m, (int)mbs_spec_int(e, "j_marker_id"));
    if (i < 0 || j < 0 || m->markers[i].type != MBS_MARKER_FRAME || m->markers[j].type != MBS_MARKER_FRAME)
        return 0;
    mbs_graphic g;
    memset(&g, 0, sizeof g);
    g.body2 = -1;
    char name[200];
    mbs_describe_element(name, sizeof name, e->kind->name, e->id, e->label);
    g.name = mbs_strdup(name);
    const mbs_marker *J = &m->markers[j];
    g.body = J->body;
    memcpy(g.rot, J->rot, sizeof g.rot);
    if (fam == MBS_FAMILY_CONSTRAINT) {
        g.source = MBS_FROM_JOINT;
        g.shape = MBS_SHAPE_CYLINDER;
        g.size[0] = g.size[1] = 0.015 * m->size;
        g.size[2] = 0.06 * m->size;
        double z[3] = {g.rot[2], g.rot[5], g.rot[8]}; /* centred on J's origin */
        v3_copy(g.pos, J->pos);
        v3_axpy(g.pos, -0.5 * g.size[2], z);
        memcpy(g.color, JOINT_COLOR, sizeof g.color);
    } else {
        g.source = MBS_FROM_FORCE;
        g.shape = MBS_SHAPE_SPRING;
        g.body = m->markers[i].body;
        v3_copy(g.pos, m->markers[i].pos);
        m3_identity(g.rot);
        g.body2 = J->body;
        v3_copy(g.pos2, J->pos);
        g.size[0] = 0.004 * m->size; /* the line's radius */
        memcpy(g.color, FORCE_COLOR, sizeof g.color);
    }
    return add(m, &g);
}

int mbs_geometry_complete(const mbs_spec *spec, mbs_model *m)
{
    model_size(m);
    model_up(m);
    int n_given = m->n_graphics;
    for (int i = 0; i < m->n_bodies; i++) {
        int has = 0;
        for (int k = 0; k < n_given && !has; k++) /* a coil between two bodies is neither's own shape */
            has = m->graphics[k].body == i && m->graphics[k].shape != MBS_SHAPE_COIL && !m->graphics[k].hidden;
        mbs_body_type t = m->bodies[i].type;
        if (!has && (t == MBS_BODY_RIGID || t == MBS_BODY_POINT) && body_shape(m, i) != 0)
            return -1;
    }
    for (int k = 0; k < spec->n_elems; k++)
        if (element_glyph(m, &spec->elems[k]) != 0)
            return -1;
    /* colours by body, markers' axes by the model's size */
    int moving = 0;
    for (int k = 0; k < m->n_graphics; k++) {
        mbs_graphic *g = &m->graphics[k];
        if (g->shape == MBS_SHAPE_MARKER && g->size[0] <= 0.0)
            g->size[0] = 0.1 * m->size;
        if (g->color[0] >= 0.0)
            continue;
        if (m->bodies[g->body].type == MBS_BODY_GROUND) {
            memcpy(g->color, GROUND_COLOR, sizeof g->color);
            continue;
        }
        moving = 0;
        for (int i = 0; i < g->body; i++)
            moving += m->bodies[i].type != MBS_BODY_GROUND;
        memcpy(g->color, BODY_COLORS[moving % (int)(sizeof BODY_COLORS / sizeof BODY_COLORS[0])], sizeof g->color);
    }
    return 0;
}
