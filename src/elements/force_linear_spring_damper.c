/* Force_LinearSpringDamper (Drake's LinearSpringDamper): a spring-damper of
 * finite free length between point P (origin of the I marker, on body A)
 * and point Q (origin of the J marker, on body B):
 *
 *   d = p_Q - p_P,  l = |d|,  r = d / l,  dl/dt = r . (v_Q - v_P)
 *   T = k (l - l0) + c dl/dt                 (tension: positive pulls P and Q together)
 *   force on A at P:  f_AP = T r;   on B at Q:  f_BQ = -f_AP
 *
 *   potential energy         V   = 1/2 k (l - l0)^2
 *   conservative power       P_c = -dV/dt = -k (l - l0) dl/dt
 *   non-conservative power   P_nc = -c (dl/dt)^2   (always <= 0: damping dissipates)
 *
 * l0 > 0, k >= 0, c >= 0 are checked at load time (Drake throws for them).
 * The direction r does not exist at l = 0, so the run stops when the length
 * approaches zero, relative to l0 (spring_direction.h). */
#include "spring_direction.h"
#include "../core/vec3.h"
#include "../model/builder.h"

#include <stdlib.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among the elements of this name; another element may share it)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"i_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "point P: origin of this marker (body A)", NULL},
    {"j_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "point Q: origin of this marker (body B)", NULL},
    {"free_length", MBS_ATTR_REAL, NULL, DIM_LENGTH, MBS_REQUIRED, NULL, "free length l0 of the spring, > 0", NULL},
    {"stiffness", MBS_ATTR_REAL, NULL, DIM_STIFFNESS, MBS_REQUIRED, NULL, "stiffness k, >= 0", NULL},
    {"damping", MBS_ATTR_REAL, NULL, DIM_DAMPING, MBS_REQUIRED, NULL, "damping c, >= 0", NULL},
};

typedef struct lsd_params {
    int P, Q;          /* marker indices */
    double l0, k, c;   /* SI */
} lsd_params;

typedef struct lsd_state {
    double l, ldot;
    double r[3];       /* unit vector P -> Q */
    double d[3];       /* p_Q - p_P */
} lsd_state;

/* Discrete data: the direction P -> Q at the last accepted step. */
enum { DISC_DIR = 0, N_DISC = MBS_SPRING_DISC };

/* Returns 0, or -1 (after reporting) when the direction does not exist. */
static int measure(const mbs_component *c, const mbs_eval *ev, lsd_state *s)
{
    const lsd_params *sp = c->params;
    mbs_spring_vector(ev, sp->P, sp->Q, s->d);
    s->ldot = 0.0;
    if (mbs_spring_direction(c, ev, s->d, mbs_disc(ev, c) + DISC_DIR, sp->l0, s->r, &s->l) != 0)
        return -1;
    double vP[3], vQ[3], dv[3];
    mbs_marker_velocity(ev, sp->P, vP);
    mbs_marker_velocity(ev, sp->Q, vQ);
    v3_sub(dv, vQ, vP);
    s->ldot = v3_dot(s->r, dv);
    return 0;
}

static double tension(const lsd_params *sp, const lsd_state *s)
{
    return sp->k * (s->l - sp->l0) + sp->c * s->ldot;
}

static void eval(const mbs_component *c, mbs_eval *ev)
{
    const lsd_params *sp = c->params;
    lsd_state s;
    if (measure(c, ev, &s) != 0)
        return;
    double fA[3], fB[3];
    v3_scale(fA, s.r, tension(sp, &s));
    v3_scale(fB, fA, -1.0);
    mbs_apply_force(ev, sp->P, fA);
    mbs_apply_force(ev, sp->Q, fB);
}

static double potential_energy(const mbs_component *c, const mbs_eval *ev)
{
    const lsd_params *sp = c->params;
    double d[3];
    mbs_spring_vector(ev, sp->P, sp->Q, d);
    double stretch = v3_norm(d) - sp->l0;
    return 0.5 * sp->k * stretch * stretch;
}

static double power_nc(const mbs_component *c, const mbs_eval *ev)
{
    const lsd_params *sp = c->params;
    lsd_state s;
    if (measure(c, ev, &s) != 0)
        return 0.0;
    return -sp->c * s.ldot * s.ldot;
}

static void remember_direction(const mbs_component *c, mbs_eval *ev)
{
    const lsd_params *sp = c->params;
    double d[3];
    mbs_spring_vector(ev, sp->P, sp->Q, d);
    mbs_spring_remember(mbs_disc(ev, c) + DISC_DIR, d);
}

enum { OUT_LENGTH, OUT_LENGTH_RATE, OUT_FORCE, OUT_POTENTIAL, OUT_POWER_C, OUT_POWER_NC };

static void output(const mbs_component *c, const mbs_eval *ev, int which, double *out)
{
    const lsd_params *sp = c->params;
    lsd_state s;
    measure(c, ev, &s);
    double stretch = s.l - sp->l0;
    switch (c->outputs[which].code) {
    case OUT_LENGTH: out[0] = s.l; break;
    case OUT_LENGTH_RATE: out[0] = s.ldot; break;
    case OUT_FORCE: out[0] = tension(sp, &s); break;
    case OUT_POTENTIAL: out[0] = 0.5 * sp->k * stretch * stretch; break;
    case OUT_POWER_C: out[0] = -sp->k * stretch * s.ldot; break;
    case OUT_POWER_NC: out[0] = -sp->c * s.ldot * s.ldot; break;
    }
}

static const mbs_output_desc OUTPUTS[] = {
    {"Length", "value", DIM_LENGTH, NULL, 0, OUT_LENGTH},
    {"LengthRate", "value", DIM_VELOCITY, NULL, 0, OUT_LENGTH_RATE},
    {"Force", "value", DIM_FORCE, NULL, 0, OUT_FORCE},
    {"PotentialEnergy", "value", DIM_ENERGY, NULL, 0, OUT_POTENTIAL},
    {"ConservativePower", "value", DIM_POWER, NULL, 0, OUT_POWER_C},
    {"NonConservativePower", "value", DIM_POWER, NULL, 0, OUT_POWER_NC},
};

static const mbs_component_ops OPS = {
    .eval = eval,
    .accept_step = remember_direction,
    .init = remember_direction,
    .potential_energy = potential_energy,
    .power_nc = power_nc,
    .output = output,
    .free_params = free,
};

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    int P, Q;
    if (mbs_ref_marker_pair(b, e, &P, &Q) != 0)
        return -1;
    double l0 = mbs_spec_real(e, "free_length"), k = mbs_spec_real(e, "stiffness");
    double damping = mbs_spec_real(e, "damping");
    int bad = 0;
    /* messages quote the values as written (model units) */
    if (!(l0 > 0))
        bad = mbs_build_error(b, e, "free_length must be > 0 (is %s)", mbs_spec_text(e, "free_length"));
    if (!(k >= 0))
        bad = mbs_build_error(b, e, "stiffness must be >= 0 (is %s)", mbs_spec_text(e, "stiffness"));
    if (!(damping >= 0))
        bad = mbs_build_error(b, e, "damping must be >= 0 (is %s)", mbs_spec_text(e, "damping"));
    if (bad)
        return -1;
    lsd_params *sp = malloc(sizeof *sp);
    if (!sp)
        return -1;
    *sp = (lsd_params){P, Q, l0, k, damping};
    mbs_component *c = mbs_add_marker_component(b, e, &OPS, sp, (const int[]){P, Q}, 2, OUTPUTS, MBS_COUNT_OF(OUTPUTS));
    if (!c)
        return -1;
    c->n_disc = N_DISC;
    return 0;
}

const mbs_kind mbs_kind_force_linear_spring_damper = {
    "Force_LinearSpringDamper", MBS_FAMILY_FORCE, MBS_IN_MODEL, MBS_STAGE_ELEMENTS, ATTRS, MBS_COUNT_OF(ATTRS),
    "Drake's LinearSpringDamper: a spring-damper of free length l0 between point P (origin of the I "
    "marker, body A) and point Q (origin of the J marker, body B); either body may be the ground. With "
    "l = |p_Q - p_P| and r the unit vector from P to Q, body A gets (k (l - l0) + c dl/dt) r at P and body "
    "B the opposite force at Q. free_length > 0, stiffness >= 0, damping >= 0. The run stops with an "
    "error when the length approaches zero (below 1e-6 l0, or P and Q passing through each other). "
    "Outputs: Length, LengthRate, Force (the tension k (l - l0) + c dl/dt), PotentialEnergy "
    "(1/2 k (l - l0)^2, also in the SYSTEM energies), ConservativePower (-dV/dt), NonConservativePower "
    "(-c (dl/dt)^2). See docs/connectors.md.",
    build,
    "SPRINGDAMPER|FORCE",
};
