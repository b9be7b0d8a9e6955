/* Constraint_Coupler (MotionSolve; Adams' COUPLER): relates the motions of
 * two or three joints,
 *
 *   g = c1 (q1 - q1_0) + c2 (q2 - q2_0) [+ c3 (q3 - q3_0)] = 0      (one row)
 *
 * q_k the coordinate of joint k (joint_id_k) chosen by freedom_k: T its
 * displacement along J's z, R its angle about J's z (continuous over turns);
 * REVOLUTE joints have R only, TRANSLATIONAL T only, CYLINDRICAL both. q_k_0
 * are the values in the model as written (t = 0, before the assembly), so
 * the gears mesh wherever the file puts them. The coefficients are written
 * in the model's units (c_k times q_k in the model's length unit or rad);
 * the row is scaled so that its largest coefficient is 1 (a row of the size
 * of the coordinates).
 *
 * With two joints q2 = -(c1/c2) q1 (a gear pair, rack and pinion: c1 = 1,
 * c2 = -r gives q1 = r q2); with three, e.g. a differential. The coupler
 * does no work: its generalised forces Q_k = -lambda c_k on the coordinates
 * (output Force: a torque for R, a force for T, on joint k's I body) have
 * sum Q_k dq_k/dt = -lambda dg/dt = 0. */
#include "joint.h"
#include "../core/strutil.h"
#include "../expr/expr.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_JOINTS 3

static const char *const JOINT_ATTR[MAX_JOINTS] = {"joint1_id", "joint2_id", "joint3_id"};
static const char *const FREEDOM_ATTR[MAX_JOINTS] = {"freedom_1", "freedom_2", "freedom_3"};

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among the elements of this name; another element may share it)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"joint1_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "first joint (REVOLUTE, TRANSLATIONAL, CYLINDRICAL)", NULL},
    {"freedom_1", MBS_ATTR_KEYWORD, NULL, DIM_NONE, 0, "T|R",
     "its translation (T) or rotation (R); needed for a CYLINDRICAL joint", NULL},
    {"joint2_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "second joint", NULL},
    {"freedom_2", MBS_ATTR_KEYWORD, NULL, DIM_NONE, 0, "T|R", "as freedom_1, for the second joint", NULL},
    {"joint3_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "third joint (optional)", NULL},
    {"freedom_3", MBS_ATTR_KEYWORD, NULL, DIM_NONE, 0, "T|R", "as freedom_1, for the third joint", NULL},
    {"coefficients", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_REQUIRED, NULL,
     "c1 c2 [c3] in c1 q1 + c2 q2 + c3 q3 = 0, separated by commas or spaces; numbers or expressions of "
     "parameters", NULL},
    {"is_virtual", MBS_ATTR_BOOL, "FALSE", DIM_NONE, MBS_IGNORED, NULL, "accepted for MotionSolve files, no effect", NULL},
};

typedef struct coupler_params {
    int n;
    int joint[MAX_JOINTS];      /* component indices */
    int coordinate[MAX_JOINTS]; /* which coordinate of the joint */
    double c[MAX_JOINTS];       /* SI, scaled to max |c| = 1 */
    /* outputs, whose dimensions depend on the freedoms */
    char columns[64];
    mbs_dim force_dims[MAX_JOINTS], q_dims[MAX_JOINTS], v_dims[MAX_JOINTS];
    mbs_output_desc outputs[3];
} coupler_params;

static void coordinate_of(const coupler_params *p, const mbs_eval *ev, int k, mbs_coord *q)
{
    const mbs_component *joint = &ev->m->comps[p->joint[k]];
    joint->ops->coordinate(joint, ev, p->coordinate[k], q);
}

static void eval(const mbs_component *c, mbs_eval *ev)
{
    const coupler_params *p = c->params;
    const double *q0 = mbs_disc(ev, c);
    mbs_row *row = mbs_eval_row(ev, c, 0);
    for (int k = 0; k < p->n; k++) {
        mbs_coord q;
        coordinate_of(p, ev, k, &q);
        row->g += p->c[k] * (q.q - q0[k]);
        mbs_jac_add(&row->jac, &q.jac, p->c[k]);
    }
}

/* The reference values q_k_0, in the model as written (the joints' own
 * init, which sets their turn counts, runs first: they are built first). */
static void init(const mbs_component *c, mbs_eval *ev)
{
    const coupler_params *p = c->params;
    for (int k = 0; k < p->n; k++) {
        mbs_coord q;
        coordinate_of(p, ev, k, &q);
        mbs_disc(ev, c)[k] = q.q;
    }
}

enum { OUT_FORCE, OUT_DISPLACEMENT, OUT_VELOCITY };

static void output(const mbs_component *c, const mbs_eval *ev, int which, double *out)
{
    const coupler_params *p = c->params;
    double lambda = mbs_row_lambda(ev, c, 0);
    for (int k = 0; k < p->n; k++) {
        mbs_coord q;
        coordinate_of(p, ev, k, &q);
        switch (c->outputs[which].code) {
        case OUT_FORCE: out[k] = -lambda * p->c[k]; break;
        case OUT_DISPLACEMENT: out[k] = q.q - mbs_disc(ev, c)[k]; break;
        case OUT_VELOCITY: out[k] = q.v; break;
        }
    }
}

static const mbs_component_ops OPS = {
    .eval = eval,
    .init = init,
    .output = output,
    .free_params = free,
};

/* Splits `text` at commas (when it has any) or else at white space and
 * evaluates each piece over the parameters. Returns the count, or -1. */
static int parse_coefficients(mbs_builder *b, const mbs_spec_elem *e, double *out, int max)
{
    const mbs_model *m = mbs_builder_model(b);
    const char *text = mbs_spec_text(e, "coefficients");
    int commas = strchr(text, ',') != NULL, n = 0;
    const char *s = text;
    while (*s) {
        while (*s && (isspace((unsigned char)*s) || (commas && *s == ',')))
            s++;
        if (!*s)
            break;
        const char *end = s;
        while (*end && (commas ? *end != ',' : !isspace((unsigned char)*end)))
            end++;
        if (n == max)
            return n + 1; /* too many: the caller says so */
        char piece[256], err[256];
        snprintf(piece, sizeof piece, "%.*s", (int)(end - s), s);
        mbs_scope scope = {m->param_names, m->param_values, m->n_params, NULL, 0, NULL};
        mbs_expr *x = mbs_expr_compile(piece, &scope, err, sizeof err);
        if (!x)
            return mbs_build_error(b, e, "coefficients: '%s': %s", mbs_str_trim(piece), err);
        out[n++] = mbs_expr_eval(x, NULL);
        mbs_expr_free(x);
        s = end;
    }
    return n;
}

/* Which coordinate of joint component `jc` freedom k asks for, or -1. */
static int joint_coordinate(mbs_builder *b, const mbs_spec_elem *e, const mbs_component *jc, int k)
{
    int given = mbs_spec_given(e, FREEDOM_ATTR[k]);
    int wants_angle = given && mbs_spec_keyword(e, FREEDOM_ATTR[k]) == 1;
    if (!jc->joint || jc->n_coords == 0 || !jc->ops->coordinate)
        return mbs_build_error(b, e, "%s %d is a %s %s, which has no coordinate to couple (REVOLUTE, "
                               "TRANSLATIONAL or CYLINDRICAL joints have one)", JOINT_ATTR[k], jc->id,
                               jc->joint ? mbs_joint_type_name(jc) : jc->kind->name,
                               jc->joint ? "joint" : "element");
    if (jc->n_coords == 2) {
        if (!given)
            return mbs_build_error(b, e, "joint %d is CYLINDRICAL: say which of its freedoms with %s=\"T\" or \"R\"",
                                   jc->id, FREEDOM_ATTR[k]);
        return wants_angle ? 1 : 0;
    }
    if (given && wants_angle != (int)(jc->coord_angles & 1u))
        return mbs_build_error(b, e, "%s=\"%s\" does not match joint %d, a %s joint", FREEDOM_ATTR[k],
                               mbs_spec_text(e, FREEDOM_ATTR[k]), jc->id, mbs_joint_type_name(jc));
    return 0;
}

static void setup_outputs(coupler_params *p, const mbs_model *m)
{
    static const char *const NAMES[MAX_JOINTS] = {"joint1", "joint2", "joint3"};
    p->columns[0] = '\0';
    unsigned angles = 0;
    for (int k = 0; k < p->n; k++) {
        int angle = (m->comps[p->joint[k]].coord_angles >> p->coordinate[k]) & 1u;
        angles |= (unsigned)angle << k;
        p->force_dims[k] = angle ? DIM_TORQUE : DIM_FORCE;
        p->q_dims[k] = angle ? DIM_ANGLE : DIM_LENGTH;
        p->v_dims[k] = angle ? DIM_ANGULAR_VELOCITY : DIM_VELOCITY;
        size_t used = strlen(p->columns);
        snprintf(p->columns + used, sizeof p->columns - used, "%s%s", k ? " " : "", NAMES[k]);
    }
    p->outputs[0] = (mbs_output_desc){"Force", p->columns, DIM_NONE, p->force_dims, 0, OUT_FORCE};
    p->outputs[1] = (mbs_output_desc){"Displacement", p->columns, DIM_NONE, p->q_dims, angles, OUT_DISPLACEMENT};
    p->outputs[2] = (mbs_output_desc){"Velocity", p->columns, DIM_NONE, p->v_dims, angles, OUT_VELOCITY};
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    coupler_params p = {0};
    p.n = mbs_spec_has(e, "joint3_id") ? 3 : 2;
    if (p.n == 2 && mbs_spec_given(e, "freedom_3"))
        return mbs_build_error(b, e, "freedom_3 is given but joint3_id is not");
    double coef[MAX_JOINTS];
    int nc = parse_coefficients(b, e, coef, MAX_JOINTS);
    if (nc < 0)
        return -1;
    if (nc != p.n)
        return mbs_build_error(b, e, "coefficients: %d value%s for %d joints (give c1 c2%s)", nc, nc == 1 ? "" : "s",
                               p.n, p.n == 3 ? " c3" : "");
    const mbs_model *m = mbs_builder_model(b);
    double scale = 0.0;
    for (int k = 0; k < p.n; k++) {
        p.joint[k] = mbs_ref_joint(b, e, JOINT_ATTR[k]);
        if (p.joint[k] < 0)
            return -1;
        m = mbs_builder_model(b); /* building a reference may have moved the arrays */
        p.coordinate[k] = joint_coordinate(b, e, &m->comps[p.joint[k]], k);
        if (p.coordinate[k] < 0)
            return -1;
        if (coef[k] == 0.0 || !isfinite(coef[k]))
            return mbs_build_error(b, e, "coefficients: c%d is %g: joint %d would not be coupled", k + 1, coef[k],
                                   m->comps[p.joint[k]].id);
        for (int i = 0; i < k; i++)
            if (p.joint[i] == p.joint[k] && p.coordinate[i] == p.coordinate[k])
                return mbs_build_error(b, e, "%s and %s name the same freedom of joint %d", JOINT_ATTR[i],
                                       JOINT_ATTR[k], m->comps[p.joint[k]].id);
        int angle = (m->comps[p.joint[k]].coord_angles >> p.coordinate[k]) & 1u;
        p.c[k] = coef[k] / (angle ? 1.0 : mbs_units_to_si(&m->units, DIM_LENGTH));
        scale = fmax(scale, fabs(p.c[k]));
    }
    for (int k = 0; k < p.n; k++)
        p.c[k] /= scale;
    coupler_params *cp = malloc(sizeof *cp);
    if (!cp)
        return -1;
    *cp = p;
    setup_outputs(cp, m);
    mbs_component *c = mbs_add_component(b, e, &OPS, cp);
    if (!c)
        return -1;
    c->n_hrows = 1;
    c->n_disc = cp->n;
    m = mbs_builder_model(b);
    for (int k = 0; k < cp->n; k++) {
        const mbs_component *jc = &m->comps[cp->joint[k]];
        for (int i = 0; i < jc->n_bodies; i++)
            mbs_component_couple_body(c, jc->bodies[i]);
    }
    c->outputs = cp->outputs;
    c->n_outputs = 3;
    return 0;
}

const mbs_kind mbs_kind_constraint_coupler = {
    "Constraint_Coupler", MBS_FAMILY_CONSTRAINT, MBS_IN_MODEL, MBS_STAGE_ELEMENTS, ATTRS, MBS_COUNT_OF(ATTRS),
    "Relates the motions of two or three joints (MotionSolve; Adams' COUPLER): c1 q1 + c2 q2 [+ c3 q3] = 0, "
    "q_k the translation (T) or rotation (R) of joint k along or about its J marker's z axis, counted from "
    "the model as written. Gear pairs, rack and pinion, differentials. Outputs: Force (the generalised "
    "force on each joint's coordinate, a torque for R), Displacement, Velocity (of each coordinate).",
    build,
    "COUPLER",
};
