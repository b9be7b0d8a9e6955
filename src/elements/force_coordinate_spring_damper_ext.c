/* Force_CoordinateSpringDamperExt (Exudyn's
 * ObjectConnectorCoordinateSpringDamperExt): a scalar spring-damper with
 * friction and limit stops between two Marker_Coordinates m0 and m1.
 *
 *   q = f1 q_m1 - f0 q_m0,   v = f1 v_m1 - f0 v_m0
 *   f_SD = k (q - x_off) + d (v - v_off) + f_friction + f_contact
 *   generalised forces:  Q_m0 = +f0 f_SD,   Q_m1 = -f1 f_SD
 * so that a positive f_SD acts against positive q (a spring from the ground
 * (m0) to a mass (m1) pulls the mass back). f_friction and f_contact, with
 * their stick / slip and stop-contact modes, are in coordinate_friction.c.
 * spring_force_expr, a function of t, q, v and the parameters, replaces the
 * whole f_SD (friction and stops included), as Exudyn's user function does;
 * active = FALSE makes f_SD = 0.
 *
 * Energy: V = 1/2 k (q - x_off)^2 + the stop's spring in contact; every other
 * part of f_SD (damper, friction including the bristle, the stop's damper,
 * the expression) is non-conservative, with power -(f_SD - dV/dq) v. Then
 * kinetic + potential + dissipated energy is constant across mode changes.
 *
 * Units: q is a length, or an angle when the coordinates are angles (the
 * coordinate of m1, or of m0 when m1 is on the ground); forces are then
 * torques, and a factor converts m0's (m1's) coordinate into q's unit. */
#include "coordinate_friction.h"
#include "../model/builder.h"
#include "../model/tfunc.h"
#include "../solver/eval/eval.h"

#include <stdlib.h>
#include <string.h>

/* Physical kind of a value, resolved to a dimension once q's kind is known. */
typedef enum qkind { K_NONE, K_Q, K_RATE, K_FORCE, K_STIFF, K_DAMP } qkind;

/* Run-time variables of spring_force_expr: t q v, then the parameters in
 * the order of Exudyn's user function (EXPR_KINDS matches them one by one). */
#define EXPR_VARS \
    "t q v stiffness damping offset velocity_offset f_dynamic_friction f_static_friction_offset " \
    "exponential_decay_static f_viscous_friction friction_proportional_zone"
#define N_EXPR_VARS 12
#define N_EXPR_PARAMS (N_EXPR_VARS - 3)
static const qkind EXPR_KINDS[N_EXPR_VARS] = {K_NONE, K_Q,     K_RATE,  K_STIFF, K_DAMP, K_Q,
                                              K_RATE, K_FORCE, K_FORCE, K_RATE,  K_DAMP, K_RATE};

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among the elements of this name; another element may share it)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"marker0_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "Marker_Coordinate m0", NULL},
    {"marker1_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "Marker_Coordinate m1", NULL},
    {"stiffness", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL, "k: force per unit of q (torque/rad for angles)", NULL},
    {"damping", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL, "d: force per unit rate of q", NULL},
    {"offset", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL, "x_off: value of q at which the spring is relaxed", NULL},
    {"velocity_offset", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL, "v_off: rate of q the damper does not act against",
     NULL},
    {"factor0", MBS_ATTR_REAL, "1", DIM_NONE, 0, NULL, "f0: factor on m0's coordinate", NULL},
    {"factor1", MBS_ATTR_REAL, "1", DIM_NONE, 0, NULL, "f1: factor on m1's coordinate", NULL},
    {"f_dynamic_friction", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL, "f_d: dynamic (sliding) friction force, >= 0", NULL},
    {"f_static_friction_offset", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL,
     "f_so: static friction force in excess of f_d, >= 0", NULL},
    {"sticking_stiffness", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL,
     "k_mu: bristle stiffness while sticking, >= 0 (> 0 for the bristle model)", NULL},
    {"sticking_damping", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL, "d_mu: bristle damping while sticking, >= 0", NULL},
    {"exponential_decay_static", MBS_ATTR_REAL, "1e-3", DIM_NONE, 0, NULL,
     "v_exp: rate of q over which f_so decays by 1/e, > 0", NULL},
    {"f_viscous_friction", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL, "f_v: viscous friction while sliding (per rate)",
     NULL},
    {"friction_proportional_zone", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL,
     "v_reg: > 0 regularised Stribeck friction; 0 the bristle stick/slip model", NULL},
    {"limit_stops_upper", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL, "s_upper: q at the upper stop", NULL},
    {"limit_stops_lower", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL, "s_lower: q at the lower stop (<= s_upper)", NULL},
    {"limit_stops_stiffness", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL, "k_lim: contact stiffness of the stops, >= 0",
     NULL},
    {"limit_stops_damping", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL, "d_lim: contact damping of the stops, >= 0", NULL},
    {"use_limit_stops", MBS_ATTR_BOOL, "FALSE", DIM_NONE, 0, NULL, "TRUE: the limit stops act", NULL},
    {"active", MBS_ATTR_BOOL, "TRUE", DIM_NONE, 0, NULL, "FALSE: the element applies no force", NULL},
    {"spring_force_expr", MBS_ATTR_EXPR, NULL, DIM_NONE, 0, EXPR_VARS,
     "replaces f_SD (friction and stops included); force (torque for angles)", NULL},
    {"initial_friction_mode", MBS_ATTR_INT, "0", DIM_NONE, 0, NULL,
     "bristle model at t = 0: 0 stick, +1 / -1 slip in that direction", NULL},
    {"initial_sticking_position", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL, "bristle model: x_lsp at t = 0", NULL},
};

typedef struct csd_params {
    int m0, m1;               /* Marker_Coordinate indices */
    double f0, f1;            /* factors (SI) */
    double k, d, x_off, v_off;
    int active;
    mbs_cfric fric;
    mbs_tfunc *expr;          /* spring_force_expr, or NULL */
    double expr_params[N_EXPR_PARAMS]; /* values of the parameters it sees (SI) */
    char expr_text[sizeof EXPR_VARS];  /* its variable names, split (the expression keeps pointers) */
    const char *expr_names[N_EXPR_VARS];
    int initial_mode;
    double initial_xlsp;
} csd_params;

typedef struct csd_state {
    mbs_coord c0, c1;
    double q, v;
} csd_state;

static void measure(const csd_params *p, const mbs_eval *ev, csd_state *s)
{
    mbs_coordinate(ev, p->m0, &s->c0);
    mbs_coordinate(ev, p->m1, &s->c1);
    s->q = p->f1 * s->c1.q - p->f0 * s->c0.q;
    s->v = p->f1 * s->c1.v - p->f0 * s->c0.v;
}

/* f_SD, and in *conservative its part dV/dq. */
static double spring_force(const mbs_component *c, const mbs_eval *ev, const csd_state *s, double *conservative)
{
    const csd_params *p = c->params;
    *conservative = 0.0;
    if (!p->active)
        return 0.0;
    if (p->expr) {
        double vars[N_EXPR_VARS] = {ev->t, s->q, s->v};
        for (int i = 0; i < N_EXPR_PARAMS; i++)
            vars[3 + i] = p->expr_params[i];
        return mbs_tfunc_eval(p->expr, vars);
    }
    double spring = p->k * (s->q - p->x_off), stop;
    double f = spring + p->d * (s->v - p->v_off) + mbs_cfric_force(&p->fric, mbs_disc(ev, c), s->q, s->v, &stop);
    *conservative = spring + stop;
    return f;
}

static void eval(const mbs_component *c, mbs_eval *ev)
{
    const csd_params *p = c->params;
    csd_state s;
    measure(p, ev, &s);
    double cons, f = spring_force(c, ev, &s, &cons);
    mbs_apply_coordinate_force(ev, &s.c0, p->f0 * f);
    mbs_apply_coordinate_force(ev, &s.c1, -p->f1 * f);
}

static void roots(const mbs_component *c, const mbs_eval *ev, double *g)
{
    const csd_params *p = c->params;
    csd_state s;
    measure(p, ev, &s);
    mbs_cfric_roots(&p->fric, mbs_disc(ev, c), s.q, s.v, g);
}

static int on_root(const mbs_component *c, mbs_eval *ev, const int *fired, mbs_event_log *log)
{
    const csd_params *p = c->params;
    csd_state s;
    measure(p, ev, &s);
    const char *kinds[3];
    int n = mbs_cfric_switch(&p->fric, mbs_disc(ev, c), s.q, s.v, fired, kinds);
    for (int i = 0; i < n; i++)
        mbs_event_record(log, ev->t, c, kinds[i]);
    return n > 0;
}

static void init(const mbs_component *c, mbs_eval *ev)
{
    const csd_params *p = c->params;
    csd_state s;
    measure(p, ev, &s);
    mbs_cfric_init(&p->fric, mbs_disc(ev, c), p->initial_mode, p->initial_xlsp, s.q, s.v);
}

static double potential_energy(const mbs_component *c, const mbs_eval *ev)
{
    const csd_params *p = c->params;
    if (!p->active || p->expr)
        return 0.0;
    csd_state s;
    measure(p, ev, &s);
    double x = s.q - p->x_off;
    return 0.5 * p->k * x * x + mbs_cfric_potential(&p->fric, mbs_disc(ev, c), s.q);
}

static double power_nc(const mbs_component *c, const mbs_eval *ev)
{
    csd_state s;
    measure(c->params, ev, &s);
    double cons, f = spring_force(c, ev, &s, &cons);
    return -(f - cons) * s.v;
}

enum { OUT_DISPLACEMENT, OUT_VELOCITY, OUT_FORCE, OUT_STATE, OUT_POTENTIAL, OUT_POWER };

static void output(const mbs_component *c, const mbs_eval *ev, int which, double *out)
{
    const csd_params *p = c->params;
    csd_state s;
    measure(p, ev, &s);
    double cons;
    switch (c->outputs[which].code) {
    case OUT_DISPLACEMENT: out[0] = s.q; break;
    case OUT_VELOCITY: out[0] = s.v; break;
    case OUT_FORCE: out[0] = spring_force(c, ev, &s, &cons); break;
    case OUT_STATE: mbs_cfric_state(&p->fric, mbs_disc(ev, c), s.q, s.v, out); break;
    case OUT_POTENTIAL: out[0] = potential_energy(c, ev); break;
    case OUT_POWER: out[0] = power_nc(c, ev); break;
    }
}

#define STATE_COLUMNS "friction_mode sticking_position limit_stop"
static const mbs_dim STATE_LENGTH[3] = {DIM_FORCE, DIM_LENGTH, DIM_LENGTH};
static const mbs_dim STATE_ANGLE[3] = {DIM_TORQUE, DIM_ANGLE, DIM_ANGLE};

static const mbs_output_desc OUT_LENGTH[] = {
    {"Displacement", "value", DIM_LENGTH, NULL, 0, OUT_DISPLACEMENT},
    {"Velocity", "value", DIM_VELOCITY, NULL, 0, OUT_VELOCITY},
    {"Force", "value", DIM_FORCE, NULL, 0, OUT_FORCE},
    {"State", STATE_COLUMNS, DIM_NONE, STATE_LENGTH, 0, OUT_STATE},
    {"PotentialEnergy", "value", DIM_ENERGY, NULL, 0, OUT_POTENTIAL},
    {"Power", "value", DIM_POWER, NULL, 0, OUT_POWER},
};
static const mbs_output_desc OUT_ANGLE[] = {
    {"Displacement", "value", DIM_ANGLE, NULL, 1, OUT_DISPLACEMENT},
    {"Velocity", "value", DIM_ANGULAR_VELOCITY, NULL, 1, OUT_VELOCITY},
    {"Force", "value", DIM_TORQUE, NULL, 0, OUT_FORCE},
    {"State", STATE_COLUMNS, DIM_NONE, STATE_ANGLE, 0x6, OUT_STATE},
    {"PotentialEnergy", "value", DIM_ENERGY, NULL, 0, OUT_POTENTIAL},
    {"Power", "value", DIM_POWER, NULL, 0, OUT_POWER},
};

static void free_params(void *ptr)
{
    csd_params *p = ptr;
    if (p)
        mbs_tfunc_free(p->expr);
    free(p);
}

static const mbs_component_ops OPS = {
    .eval = eval,
    .roots = roots,
    .on_root = on_root,
    .init = init,
    .potential_energy = potential_energy,
    .power_nc = power_nc,
    .output = output,
    .free_params = free_params,
};

/* Every switch is watched as a falling crossing (coordinate_friction.c). */
static const int FALLING[4] = {-1, -1, -1, -1};

/* ---- building ---- */

static mbs_dim dim_of(qkind k, int angle)
{
    switch (k) {
    case K_Q: return angle ? DIM_ANGLE : DIM_LENGTH;
    case K_RATE: return angle ? DIM_ANGULAR_VELOCITY : DIM_VELOCITY;
    case K_FORCE: return angle ? DIM_TORQUE : DIM_FORCE;
    case K_STIFF: return angle ? DIM_ROT_STIFFNESS : DIM_STIFFNESS;
    case K_DAMP: return angle ? DIM_ROT_DAMPING : DIM_DAMPING;
    case K_NONE: break;
    }
    return DIM_NONE;
}

/* An attribute written in model units (the table leaves them as plain
 * numbers, their dimension depending on q), in SI. */
static double real_si(mbs_builder *b, const mbs_spec_elem *e, const char *name, qkind k, int angle)
{
    return mbs_spec_real(e, name) * mbs_units_to_si(&mbs_builder_model(b)->units, dim_of(k, angle));
}

static int coordinate_marker(mbs_builder *b, const mbs_spec_elem *e, const char *attr)
{
    int k = mbs_ref_marker(b, e, attr);
    if (k >= 0 && mbs_builder_model(b)->markers[k].type == MBS_MARKER_FRAME)
        return mbs_build_error(b, e, "%s %ld is a Reference_Marker; this element acts on Marker_Coordinates", attr,
                               mbs_spec_int(e, attr));
    return k;
}

static int on_ground(const mbs_model *m, int marker)
{
    const mbs_marker *mk = &m->markers[marker];
    return mk->type == MBS_MARKER_BODY_COORD && m->bodies[mk->body].type == MBS_BODY_GROUND;
}

/* Reports every parameter outside its range; returns the number of errors. */
static int check_ranges(mbs_builder *b, const mbs_spec_elem *e)
{
    static const char *const NON_NEGATIVE[] = {"f_dynamic_friction",  "f_static_friction_offset",
                                               "sticking_stiffness",  "sticking_damping",
                                               "friction_proportional_zone", "limit_stops_stiffness",
                                               "limit_stops_damping"};
    int bad = 0;
    for (int i = 0; i < MBS_COUNT_OF(NON_NEGATIVE); i++)
        if (!(mbs_spec_real(e, NON_NEGATIVE[i]) >= 0)) {
            mbs_build_error(b, e, "%s must be >= 0 (is %s)", NON_NEGATIVE[i], mbs_spec_text(e, NON_NEGATIVE[i]));
            bad++;
        }
    if (!(mbs_spec_real(e, "exponential_decay_static") > 0)) {
        mbs_build_error(b, e, "exponential_decay_static must be > 0 (is %s)", mbs_spec_text(e, "exponential_decay_static"));
        bad++;
    }
    if (mbs_spec_real(e, "limit_stops_lower") > mbs_spec_real(e, "limit_stops_upper")) {
        mbs_build_error(b, e, "limit_stops_lower (%s) is above limit_stops_upper (%s)",
                        mbs_spec_text(e, "limit_stops_lower"), mbs_spec_text(e, "limit_stops_upper"));
        bad++;
    }
    long mode = mbs_spec_int(e, "initial_friction_mode");
    if (mode < -1 || mode > 1) {
        mbs_build_error(b, e, "initial_friction_mode must be 0 (stick), 1 or -1 (slip), not %ld", mode);
        bad++;
    }
    return bad;
}

static int build_expr(mbs_builder *b, const mbs_spec_elem *e, csd_params *p, int angle)
{
    const mbs_model *m = mbs_builder_model(b);
    mbs_dim dims[N_EXPR_VARS];
    /* the names as the reader checked them (the attribute's choices), split */
    memcpy(p->expr_text, EXPR_VARS, sizeof EXPR_VARS);
    char *rest = NULL;
    int n = 0;
    for (char *tok = strtok_r(p->expr_text, " ", &rest); tok && n < N_EXPR_VARS; tok = strtok_r(NULL, " ", &rest)) {
        p->expr_names[n] = tok;
        dims[n] = dim_of(EXPR_KINDS[n], angle);
        n++;
    }
    static const char *const PARAM_ATTRS[N_EXPR_PARAMS] = {
        "stiffness", "damping", "offset", "velocity_offset", "f_dynamic_friction", "f_static_friction_offset",
        "exponential_decay_static", "f_viscous_friction", "friction_proportional_zone"};
    for (int i = 0; i < N_EXPR_PARAMS; i++)
        p->expr_params[i] = real_si(b, e, PARAM_ATTRS[i], EXPR_KINDS[3 + i], angle);
    mbs_scope params = {m->param_names, m->param_values, m->n_params, NULL, 0, NULL};
    char err[512];
    p->expr = mbs_tfunc_create(mbs_spec_text(e, "spring_force_expr"), &params, &m->units, dim_of(K_FORCE, angle),
                               p->expr_names, dims, n, err, sizeof err);
    return p->expr ? 0 : mbs_build_error(b, e, "spring_force_expr: %s", err);
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    int m0 = coordinate_marker(b, e, "marker0_id"), m1 = coordinate_marker(b, e, "marker1_id");
    if (m0 < 0 || m1 < 0)
        return -1;
    if (check_ranges(b, e) > 0)
        return -1;
    const mbs_model *m = mbs_builder_model(b);
    int angle = m->markers[on_ground(m, m1) ? m0 : m1].is_angle;
    double scale_q = mbs_units_to_si(&m->units, dim_of(K_Q, angle));
    csd_params *p = calloc(1, sizeof *p);
    if (!p)
        return -1;
    p->m0 = m0;
    p->m1 = m1;
    /* a factor turns its marker's coordinate into q's unit */
    p->f0 = mbs_spec_real(e, "factor0") * scale_q / mbs_units_to_si(&m->units, dim_of(K_Q, m->markers[m0].is_angle));
    p->f1 = mbs_spec_real(e, "factor1") * scale_q / mbs_units_to_si(&m->units, dim_of(K_Q, m->markers[m1].is_angle));
    p->k = real_si(b, e, "stiffness", K_STIFF, angle);
    p->d = real_si(b, e, "damping", K_DAMP, angle);
    p->x_off = real_si(b, e, "offset", K_Q, angle);
    p->v_off = real_si(b, e, "velocity_offset", K_RATE, angle);
    p->active = mbs_spec_bool(e, "active");
    p->initial_mode = (int)mbs_spec_int(e, "initial_friction_mode");
    p->initial_xlsp = real_si(b, e, "initial_sticking_position", K_Q, angle);
    mbs_cfric *f = &p->fric;
    f->f_d = real_si(b, e, "f_dynamic_friction", K_FORCE, angle);
    f->f_so = real_si(b, e, "f_static_friction_offset", K_FORCE, angle);
    f->f_v = real_si(b, e, "f_viscous_friction", K_DAMP, angle);
    f->v_exp = real_si(b, e, "exponential_decay_static", K_RATE, angle);
    f->v_reg = real_si(b, e, "friction_proportional_zone", K_RATE, angle);
    f->k_mu = real_si(b, e, "sticking_stiffness", K_STIFF, angle);
    f->d_mu = real_si(b, e, "sticking_damping", K_DAMP, angle);
    f->stops = mbs_spec_bool(e, "use_limit_stops");
    f->s_lower = real_si(b, e, "limit_stops_lower", K_Q, angle);
    f->s_upper = real_si(b, e, "limit_stops_upper", K_Q, angle);
    f->k_lim = real_si(b, e, "limit_stops_stiffness", K_STIFF, angle);
    f->d_lim = real_si(b, e, "limit_stops_damping", K_DAMP, angle);
    if (mbs_spec_has(e, "spring_force_expr")) {
        if (build_expr(b, e, p, angle) != 0) {
            free_params(p);
            return -1;
        }
        if (f->stops)
            mbs_build_note(b, e, "use_limit_stops has no effect: spring_force_expr replaces the whole force");
        /* the expression is the whole force: no friction or stop modes */
        f->stops = 0;
        f->f_d = f->f_so = f->v_reg = 0.0;
    }
    if (!p->active) {
        f->stops = 0;
        f->f_d = f->f_so = f->v_reg = 0.0;
    }
    mbs_cfric_setup(f);
    if (f->model == MBS_CFRIC_BRISTLE && !(f->k_mu > 0)) {
        free_params(p);
        return mbs_build_error(b, e, "the bristle friction model (friction_proportional_zone = 0 with "
                                     "f_dynamic_friction + f_static_friction_offset > 0) needs sticking_stiffness > 0");
    }
    mbs_component *c = mbs_add_marker_component(b, e, &OPS, p, (const int[]){m0, m1}, 2, angle ? OUT_ANGLE : OUT_LENGTH,
                                                MBS_COUNT_OF(OUT_LENGTH));
    if (!c)
        return -1;
    c->n_disc = MBS_CFRIC_N_DISC;
    c->n_roots = f->n_roots;
    c->root_direction = FALLING;
    return 0;
}

const mbs_kind mbs_kind_force_coordinate_spring_damper_ext = {
    "Force_CoordinateSpringDamperExt", MBS_FAMILY_FORCE, MBS_IN_MODEL, MBS_STAGE_ELEMENTS, ATTRS, MBS_COUNT_OF(ATTRS),
    "Exudyn's ObjectConnectorCoordinateSpringDamperExt: a scalar spring-damper with friction and limit "
    "stops on q = f1 q_m1 - f0 q_m0 of two Marker_Coordinates (body coordinates or joint coordinates, e.g. "
    "a robot axis). f_SD = k (q - x_off) + d (v - v_off) + f_friction + f_contact acts as +f0 f_SD on m0's "
    "coordinate and -f1 f_SD on m1's. Friction: regularised Stribeck law when friction_proportional_zone > "
    "0; otherwise, when f_dynamic_friction + f_static_friction_offset > 0, the bristle model with stick and "
    "slip modes (sticking_stiffness > 0 required). Limit stops (use_limit_stops) add a spring-damper "
    "beyond limit_stops_lower / limit_stops_upper. Every stick/slip and stop contact change is an event "
    "located by root finding and recorded in /events (stick, slip, limit_upper_on, limit_upper_off, "
    "limit_lower_on, limit_lower_off). spring_force_expr (of t, q, v and the parameter names) replaces "
    "the whole force; active = FALSE switches it off. Outputs: Displacement q, Velocity v, Force f_SD, "
    "State (friction mode: 0 sticking or the signed slip force; last sticking position; 0 or the signed "
    "penetration of a stop), PotentialEnergy, Power (non-conservative). See docs/connectors.md.",
    build,
    "FORCE",
};
