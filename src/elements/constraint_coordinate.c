/* Constraint_Coordinate (Exudyn's ObjectConnectorCoordinate): ties two
 * Marker_Coordinates m0 and m1 with factor k = factor_value1.
 *
 *   position level:  c = k q_m1 - q_m0 - l(t) = 0      (holonomic row, with GGL)
 *                    its rate k v_m1 - v_m0 - l'(t)
 *   velocity level:  c = k v_m1 - v_m0 - w(t) = 0      (velocity-level row only)
 *
 * l(t) = offset_expr (a function of t and `offset`), or the constant offset;
 * l'(t) = offset_t_expr, or the symbolic derivative of offset_expr.
 * w(t) = offset_t_expr, else the derivative of offset_expr, else offset (so
 * with velocity_level alone the offset is the velocity offset, as in Exudyn).
 *
 * Sign convention: the row's Jacobian is k J_m1 - J_m0 and the generic code
 * applies -lambda times it, so the constraint loads the coordinates with
 *   Q_m0 = +lambda,   Q_m1 = -k lambda.
 * Output Force is lambda: with m0 on the ground, it is the force (torque) the
 * constraint needs to hold m1 back, e.g. m a = F_applied - lambda for a mass.
 * The work of a moving offset enters the energy balance as the power of
 * the constraint forces, Q_m0 v_m0 + Q_m1 v_m1 = -lambda (k v_m1 - v_m0) = -lambda l'(t).
 * active = FALSE: no equation at all. */
#include "../model/builder.h"
#include "../model/tfunc.h"
#include "../solver/eval/eval.h"

#include <stdlib.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among the elements of this name; another element may share it)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"marker0_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "Marker_Coordinate m0", NULL},
    {"marker1_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "Marker_Coordinate m1", NULL},
    {"offset", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL,
     "l_off in k q_m1 - q_m0 = l_off (unit of m0's coordinate; a velocity with velocity_level)", NULL},
    {"factor_value1", MBS_ATTR_REAL, "1", DIM_NONE, 0, NULL, "k: factor on m1's coordinate (e.g. a gear ratio)", NULL},
    {"velocity_level", MBS_ATTR_BOOL, "FALSE", DIM_NONE, 0, NULL, "TRUE: constrain the velocities only", NULL},
    {"offset_expr", MBS_ATTR_EXPR, NULL, DIM_NONE, 0, "t offset", "time-dependent offset l(t) (replaces offset)", NULL},
    {"offset_t_expr", MBS_ATTR_EXPR, NULL, DIM_NONE, 0, "t offset",
     "its time derivative (default: formed symbolically from offset_expr)", NULL},
    {"active", MBS_ATTR_BOOL, "TRUE", DIM_NONE, 0, NULL, "FALSE: the constraint is left out", NULL},
};

typedef struct coord_params {
    int m0, m1;
    double k;               /* SI */
    double offset;          /* SI (a rate with velocity_level) */
    int velocity_level, active;
    mbs_tfunc *l, *l_t;     /* offset_expr, offset_t_expr (NULL if absent) */
    /* what the expressions see besides t: `offset` (as written) and the parameters */
    const char **names;
    double *values;
} coord_params;

/* l(t), and l'(t) */
static double offset_at(const coord_params *p, double t)
{
    return p->l ? mbs_tfunc_at(p->l, t) : p->offset;
}

static double offset_rate_at(const coord_params *p, double t)
{
    if (p->l_t)
        return mbs_tfunc_at(p->l_t, t);
    if (p->l)
        return mbs_tfunc_rate_at(p->l, t);
    return p->velocity_level ? p->offset : 0.0;
}

static void eval(const mbs_component *c, mbs_eval *ev)
{
    const coord_params *p = c->params;
    if (!p->active)
        return;
    mbs_coord c0, c1;
    mbs_coordinate(ev, p->m0, &c0);
    mbs_coordinate(ev, p->m1, &c1);
    mbs_row *row = mbs_eval_row(ev, c, 0);
    mbs_jac_add(&row->jac, &c1.jac, p->k);
    mbs_jac_add(&row->jac, &c0.jac, -1.0);
    row->gt = -offset_rate_at(p, ev->t);
    if (!p->velocity_level)
        row->g = p->k * c1.q - c0.q - offset_at(p, ev->t);
}

static double lambda(const mbs_component *c, const mbs_eval *ev)
{
    const coord_params *p = c->params;
    return p->active ? mbs_row_lambda(ev, c, 0) : 0.0;
}

static double power_nc(const mbs_component *c, const mbs_eval *ev)
{
    return -lambda(c, ev) * offset_rate_at(c->params, ev->t);
}

enum { OUT_DISPLACEMENT, OUT_VELOCITY, OUT_EQUATION, OUT_FORCE };

static void output(const mbs_component *c, const mbs_eval *ev, int which, double *out)
{
    const coord_params *p = c->params;
    mbs_coord c0, c1;
    mbs_coordinate(ev, p->m0, &c0);
    mbs_coordinate(ev, p->m1, &c1);
    switch (c->outputs[which].code) {
    case OUT_DISPLACEMENT: out[0] = c1.q - c0.q; break;
    case OUT_VELOCITY: out[0] = c1.v - c0.v; break;
    case OUT_EQUATION:
        if (!p->active)
            out[0] = 0.0;
        else if (p->velocity_level)
            out[0] = p->k * c1.v - c0.v - offset_rate_at(p, ev->t);
        else
            out[0] = p->k * c1.q - c0.q - offset_at(p, ev->t);
        break;
    case OUT_FORCE: out[0] = lambda(c, ev); break;
    }
}

static void free_params(void *ptr)
{
    coord_params *p = ptr;
    if (!p)
        return;
    mbs_tfunc_free(p->l);
    mbs_tfunc_free(p->l_t);
    free(p->names);
    free(p->values);
    free(p);
}

static const mbs_component_ops OPS = {
    .eval = eval,
    .power_nc = power_nc,
    .output = output,
    .free_params = free_params,
};

/* [length, angle] x [position level, velocity level] */
static const mbs_output_desc OUTPUTS[2][2][4] = {
    {{{"Displacement", "value", DIM_LENGTH, NULL, 0, OUT_DISPLACEMENT},
      {"Velocity", "value", DIM_VELOCITY, NULL, 0, OUT_VELOCITY},
      {"ConstraintEquation", "value", DIM_LENGTH, NULL, 0, OUT_EQUATION},
      {"Force", "value", DIM_FORCE, NULL, 0, OUT_FORCE}},
     {{"Displacement", "value", DIM_LENGTH, NULL, 0, OUT_DISPLACEMENT},
      {"Velocity", "value", DIM_VELOCITY, NULL, 0, OUT_VELOCITY},
      {"ConstraintEquation", "value", DIM_VELOCITY, NULL, 0, OUT_EQUATION},
      {"Force", "value", DIM_FORCE, NULL, 0, OUT_FORCE}}},
    {{{"Displacement", "value", DIM_ANGLE, NULL, 1, OUT_DISPLACEMENT},
      {"Velocity", "value", DIM_ANGULAR_VELOCITY, NULL, 1, OUT_VELOCITY},
      {"ConstraintEquation", "value", DIM_ANGLE, NULL, 1, OUT_EQUATION},
      {"Force", "value", DIM_TORQUE, NULL, 0, OUT_FORCE}},
     {{"Displacement", "value", DIM_ANGLE, NULL, 1, OUT_DISPLACEMENT},
      {"Velocity", "value", DIM_ANGULAR_VELOCITY, NULL, 1, OUT_VELOCITY},
      {"ConstraintEquation", "value", DIM_ANGULAR_VELOCITY, NULL, 1, OUT_EQUATION},
      {"Force", "value", DIM_TORQUE, NULL, 0, OUT_FORCE}}},
};

/* ---- building ---- */

static int coordinate_marker(mbs_builder *b, const mbs_spec_elem *e, const char *attr)
{
    int k = mbs_ref_marker(b, e, attr);
    if (k >= 0 && mbs_builder_model(b)->markers[k].type == MBS_MARKER_FRAME)
        return mbs_build_error(b, e, "%s %ld is a Reference_Marker; this constraint ties Marker_Coordinates", attr,
                               mbs_spec_int(e, attr));
    return k;
}

static int on_ground(const mbs_model *m, int marker)
{
    const mbs_marker *mk = &m->markers[marker];
    return mk->type == MBS_MARKER_BODY_COORD && m->bodies[mk->body].type == MBS_BODY_GROUND;
}

static mbs_dim coord_dim(int angle, int rate)
{
    return angle ? (rate ? DIM_ANGULAR_VELOCITY : DIM_ANGLE) : (rate ? DIM_VELOCITY : DIM_LENGTH);
}

/* Compiles an offset expression of t, with `offset` (as written) and the
 * model's parameters as constants. */
static mbs_tfunc *offset_expr(mbs_builder *b, const mbs_spec_elem *e, const coord_params *p, const char *attr,
                              mbs_dim dim)
{
    const mbs_model *m = mbs_builder_model(b);
    static const char *const T[] = {"t"};
    mbs_scope scope = {p->names, p->values, m->n_params + 1, NULL, 0, NULL};
    char err[512];
    mbs_tfunc *f = mbs_tfunc_create(mbs_spec_text(e, attr), &scope, &m->units, dim, T, NULL, 1, err, sizeof err);
    if (!f)
        mbs_build_error(b, e, "%s: %s", attr, err);
    return f;
}

static int build_expressions(mbs_builder *b, const mbs_spec_elem *e, coord_params *p, int angle)
{
    const mbs_model *m = mbs_builder_model(b);
    p->names = calloc((size_t)m->n_params + 1, sizeof *p->names);
    p->values = calloc((size_t)m->n_params + 1, sizeof *p->values);
    if (!p->names || !p->values)
        return -1;
    for (int i = 0; i < m->n_params; i++) {
        p->names[i] = m->param_names[i];
        p->values[i] = m->param_values[i];
    }
    /* `offset` last: the expression looks names up from the end, so it means
     * the attribute even if a parameter has that name */
    p->names[m->n_params] = "offset";
    p->values[m->n_params] = mbs_spec_real(e, "offset");
    if (mbs_spec_has(e, "offset_expr")) {
        p->l = offset_expr(b, e, p, "offset_expr", coord_dim(angle, 0));
        if (!p->l)
            return -1;
        if (mbs_tfunc_differentiate(p->l) != 0 && mbs_tfunc_depends_on_time(p->l) && !mbs_spec_has(e, "offset_t_expr"))
            return mbs_build_error(b, e, "offset_expr: cannot differentiate '%s' with respect to t; give offset_t_expr",
                                   mbs_spec_text(e, "offset_expr"));
    }
    if (mbs_spec_has(e, "offset_t_expr")) {
        p->l_t = offset_expr(b, e, p, "offset_t_expr", coord_dim(angle, 1));
        if (!p->l_t)
            return -1;
    }
    return 0;
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    int m0 = coordinate_marker(b, e, "marker0_id"), m1 = coordinate_marker(b, e, "marker1_id");
    if (m0 < 0 || m1 < 0)
        return -1;
    const mbs_model *m = mbs_builder_model(b);
    const mbs_units *u = &m->units;
    if (on_ground(m, m0) && (on_ground(m, m1) || mbs_spec_real(e, "factor_value1") == 0))
        return mbs_build_error(b, e, "the equation involves no moving coordinate (%s)",
                               on_ground(m, m1) ? "both markers are on the ground" : "m0 is on the ground and "
                                                                                  "factor_value1 is 0");
    /* the equation is in the unit of m0's coordinate (m1's when m0 is the ground) */
    int angle = m->markers[on_ground(m, m0) ? m1 : m0].is_angle;
    int angle1 = m->markers[m1].is_angle;
    coord_params *p = calloc(1, sizeof *p);
    if (!p)
        return -1;
    p->m0 = m0;
    p->m1 = m1;
    p->velocity_level = mbs_spec_bool(e, "velocity_level");
    p->active = mbs_spec_bool(e, "active");
    p->k = mbs_spec_real(e, "factor_value1") * mbs_units_to_si(u, coord_dim(angle, 0)) /
           mbs_units_to_si(u, coord_dim(angle1, 0));
    p->offset = mbs_spec_real(e, "offset") * mbs_units_to_si(u, coord_dim(angle, p->velocity_level));
    if (build_expressions(b, e, p, angle) != 0) {
        free_params(p);
        return -1;
    }
    mbs_component *c = mbs_add_marker_component(b, e, &OPS, p, (const int[]){m0, m1}, 2,
                                                OUTPUTS[angle][p->velocity_level], MBS_COUNT_OF(OUTPUTS[0][0]));
    if (!c)
        return -1;
    if (p->active) {
        if (p->velocity_level)
            c->n_vrows = 1;
        else
            c->n_hrows = 1;
    }
    return 0;
}

const mbs_kind mbs_kind_constraint_coordinate = {
    "Constraint_Coordinate", MBS_FAMILY_CONSTRAINT, MBS_IN_MODEL, MBS_STAGE_ELEMENTS, ATTRS, MBS_COUNT_OF(ATTRS),
    "Exudyn's ObjectConnectorCoordinate: k q_m1 - q_m0 - l_off = 0 between two Marker_Coordinates "
    "(k = factor_value1, e.g. a gear ratio), held at position level with the stabilised index-2 "
    "formulation like the joints, or with velocity_level = TRUE as k v_m1 - v_m0 - l_off = 0. offset_expr "
    "makes the offset a function of t (and of `offset`); its time derivative is formed symbolically unless "
    "offset_t_expr gives it. The constraint applies +lambda to m0's coordinate and -k lambda to m1's. "
    "Outputs: Displacement q_m1 - q_m0 and Velocity v_m1 - v_m0 (without k), ConstraintEquation (the "
    "residual), Force (lambda). See docs/connectors.md.",
    build,
    "GCON", /* mbsim's own: the nearest MotionSolve kind is the general constraint */
};
