/* Force_Gravity (MotionSolve): uniform gravity g on every body with mass,
 * at its centre of mass:  f_b += m_b g.  Potential energy -sum m_b g . r_b
 * (zero at the global origin). Body_Mass1D coordinates have no direction
 * in space and are not affected.
 *
 * A magnitude |g| that is standard gravity (9.80665 m/s^2) times about
 * 1000 or 1/1000 is standard gravity written for another length unit:
 * 9.81 in a millimetre model (forces 1000 times too small), 9810 in a
 * metre model. The loader warns with the value in the model's units. */
#include "../model/builder.h"
#include "../solver/eval/eval.h"
#include "../core/vec3.h"

#include <math.h>
#include <stdlib.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "optional id (among forces)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages", NULL},
    {"grav_x", MBS_ATTR_REAL, "0", DIM_ACCELERATION, 0, NULL, "gravitational acceleration, global x", NULL},
    {"grav_y", MBS_ATTR_REAL, "0", DIM_ACCELERATION, 0, NULL, "gravitational acceleration, global y", NULL},
    {"grav_z", MBS_ATTR_REAL, "0", DIM_ACCELERATION, 0, NULL, "gravitational acceleration, global z", NULL},
};

typedef struct gravity_params {
    double g[3];
} gravity_params;

static int has_weight(const mbs_body *b)
{
    return b->type == MBS_BODY_RIGID || b->type == MBS_BODY_POINT;
}

static void eval(const mbs_component *c, mbs_eval *ev)
{
    const gravity_params *gp = c->params;
    for (int i = 0; i < ev->m->n_bodies; i++) {
        const mbs_body *b = &ev->m->bodies[i];
        if (has_weight(b))
            v3_axpy(ev->d->bodies[i].f, b->mass, gp->g);
    }
}

static double potential_energy(const mbs_component *c, const mbs_eval *ev)
{
    const gravity_params *gp = c->params;
    double V = 0.0;
    for (int i = 0; i < ev->m->n_bodies; i++) {
        const mbs_body *b = &ev->m->bodies[i];
        if (has_weight(b))
            V -= b->mass * v3_dot(gp->g, ev->d->bodies[i].r);
    }
    return V;
}

static const mbs_component_ops OPS = {
    .eval = eval,
    .potential_energy = potential_energy,
    .free_params = free,
};

#define STANDARD_GRAVITY 9.80665 /* m/s^2 */

static void warn_unit_mixup(mbs_builder *b, const mbs_spec_elem *e, const double g[3])
{
    double ratio = v3_norm(g) / STANDARD_GRAVITY, off = ratio > 1.0 ? ratio : 1.0 / ratio;
    if (!(off > 500.0 && off < 2000.0))
        return;
    const mbs_model *m = mbs_builder_model(b);
    double per_model = mbs_units_to_si(&m->units, DIM_ACCELERATION);
    char unit[32];
    mbs_units_format(&m->units, DIM_ACCELERATION, 0, unit, sizeof unit);
    mbs_build_warning(b, e,
                      "the magnitude of gravity is %g %s, %.4g times %s than standard gravity, which is %g %s in "
                      "this model's units (Param_Unit): written for another length unit?",
                      v3_norm(g) / per_model, unit, off, ratio > 1.0 ? "larger" : "smaller",
                      STANDARD_GRAVITY / per_model, unit);
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    gravity_params *gp = malloc(sizeof *gp);
    if (!gp)
        return -1;
    gp->g[0] = mbs_spec_real(e, "grav_x");
    gp->g[1] = mbs_spec_real(e, "grav_y");
    gp->g[2] = mbs_spec_real(e, "grav_z");
    warn_unit_mixup(b, e, gp->g);
    mbs_model *m = mbs_builder_model(b);
    v3_add(m->gravity, m->gravity, gp->g); /* the model's up, for pictures (geometry.c) */
    mbs_component *c = mbs_add_component(b, e, &OPS, gp);
    if (!c)
        return -1;
    c->decoupled = 1; /* each body's weight depends on that body alone */
    return 0;
}

const mbs_kind mbs_kind_force_gravity = {
    "Force_Gravity", MBS_FAMILY_FORCE, MBS_IN_MODEL, MBS_STAGE_ELEMENTS, ATTRS, MBS_COUNT_OF(ATTRS),
    "Uniform gravity acting on every rigid body and point mass at its centre of mass. Its potential "
    "energy (zero at the global origin) enters the SYSTEM energies. A magnitude about 1000 times larger or "
    "smaller than standard gravity in the model's units (9.81 in a millimetre model) gets a warning: a value "
    "written for another length unit.",
    build,
    NULL,
};
