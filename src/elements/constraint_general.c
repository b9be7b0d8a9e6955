/* Constraint_General (MotionSolve; Adams' GCON): a constraint given as an
 * expression of the positions, expr(q, t) = 0, one holonomic row.
 *
 *   g = expr(q, t),  dg/dt = sum over bodies (dg/dr . v + dg/dtheta . w) + d expr/dt
 *
 * (d expr/dt at a fixed state formed symbolically, as a motion's)
 *
 * The expression reads marker positions and orientations (DX, DM, AZ, PSI,
 * ORIENT, ...) through the model's measures, which have no derivatives of
 * their own; the row's Jacobian is therefore taken by central differences:
 * each body the expression reads is moved by +-h along the global axes and
 * turned by +-h about them (a virtual rotation, the angular part of mbs_jac)
 * and the expression evaluated again, h = 1e-6 (m, rad):
 *
 *   dg/dr_i = (g(r + h e_i) - g(r - h e_i)) / 2h,   dg/dtheta_i likewise,
 *
 * exact to O(h^2) ~ 1e-12 of the expression's curvature, far below the
 * integrator's tolerances. Velocity measures (a non-holonomic constraint)
 * are refused. The constraint's force on the bodies is -lambda times the
 * Jacobian (docs/theory.md); output Force is lambda, in the expression's
 * units per unit of g. i_marker_id names the marker whose loads FX(I, ...)
 * and JOINT-style requests report. */
#include "usersub.h"
#include "../core/rotation.h"
#include "../core/vec3.h"
#include "../model/builder.h"
#include "../model/tfunc.h"
#include "../solver/eval/eval.h"

#include <stdlib.h>
#include <string.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "constraint id (unique among constraints)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"expr", MBS_ATTR_EXPR, NULL, DIM_NONE, 0, "t",
     "the constraint: a run-time expression of the positions and time, held at 0", NULL},
    {"i_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL,
     "marker the constraint's reaction is reported at (Adams' I), optional", NULL},
    {"is_virtual", MBS_ATTR_BOOL, "FALSE", DIM_NONE, MBS_IGNORED, NULL, "accepted for MotionSolve files, no effect",
     NULL},
    MBS_USERSUB_ATTRS,
};

#define MAX_BODIES MBS_MAX_TERMS

typedef struct general_params {
    mbs_tfunc *f;
    int n_bodies;
    int bodies[MAX_BODIES]; /* the moving bodies the expression reads */
} general_params;

static const double H = 1e-6;

/* g with body b moved by s along axis k (k < 3) or turned by s about axis k - 3. */
static double moved(const general_params *p, mbs_eval *ev, int b, int k, double s)
{
    mbs_body_state *st = &ev->d->bodies[b];
    double r[3], A[9];
    v3_copy(r, st->r);
    memcpy(A, st->A, sizeof A);
    if (k < 3) {
        st->r[k] += s;
    } else {
        double axis[3] = {0, 0, 0}, R[9];
        axis[k - 3] = 1.0;
        /* R = exp(s [axis]x): a rotation by s about the global axis */
        double c = cos(s), sn = sin(s);
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                R[3 * i + j] = (i == j ? c : 0.0) + (1 - c) * axis[i] * axis[j];
        R[1] -= sn * axis[2], R[2] += sn * axis[1];
        R[3] += sn * axis[2], R[5] -= sn * axis[0];
        R[6] -= sn * axis[1], R[7] += sn * axis[0];
        m3_mul(st->A, R, A);
    }
    double g = mbs_eval_tfunc(ev, p->f);
    v3_copy(st->r, r);
    memcpy(st->A, A, sizeof A);
    return g;
}

static void eval(const mbs_component *c, mbs_eval *ev)
{
    const general_params *p = c->params;
    mbs_row *row = mbs_eval_row(ev, c, 0);
    row->g = mbs_eval_tfunc(ev, p->f);
    row->gt = mbs_eval_tfunc_rate(ev, p->f);
    for (int i = 0; i < p->n_bodies; i++) {
        int b = p->bodies[i];
        int rotates = ev->m->bodies[b].type == MBS_BODY_RIGID;
        double lin[3], ang[3] = {0, 0, 0};
        for (int k = 0; k < 3; k++)
            lin[k] = (moved(p, ev, b, k, H) - moved(p, ev, b, k, -H)) / (2 * H);
        for (int k = 0; rotates && k < 3; k++)
            ang[k] = (moved(p, ev, b, k + 3, H) - moved(p, ev, b, k + 3, -H)) / (2 * H);
        double cg[3];
        v3_copy(cg, ev->d->bodies[b].r);
        for (int k = 0; k < 3; k++) {
            double dir[3] = {0, 0, 0};
            dir[k] = 1.0;
            mbs_jac_add_body_point(&row->jac, ev, b, cg, dir, lin[k]);
        }
        mbs_jac_add_rotation(&row->jac, ev, b, ang);
    }
}

static void output(const mbs_component *c, const mbs_eval *ev, int which, double *out)
{
    (void)which;
    out[0] = mbs_row_lambda(ev, c, 0);
}

static void free_params(void *params)
{
    general_params *p = params;
    if (p)
        mbs_tfunc_free(p->f);
    free(p);
}

static const mbs_output_desc OUTPUTS[] = {{"Force", "lambda", DIM_NONE, NULL, 0, 0}};

static const mbs_component_ops OPS = {
    .eval = eval,
    .output = output,
    .free_params = free_params,
};

static int add_body(mbs_builder *b, const mbs_spec_elem *e, general_params *p, int body)
{
    const mbs_model *m = mbs_builder_model(b);
    if (m->bodies[body].type == MBS_BODY_GROUND)
        return 0;
    for (int i = 0; i < p->n_bodies; i++)
        if (p->bodies[i] == body)
            return 0;
    if (m->bodies[body].type == MBS_BODY_MASS1D)
        return mbs_build_error(b, e, "expr reads a marker of a Body_Mass1D, which has no position");
    if (p->n_bodies == MAX_BODIES)
        return mbs_build_error(b, e, "expr reads markers of more than %d bodies", MAX_BODIES);
    p->bodies[p->n_bodies++] = body;
    return 0;
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    if (mbs_refuse_user_subroutine(b, e, "GCOSUB") != 0)
        return -1;
    if (!mbs_spec_has(e, "expr"))
        return mbs_build_error(b, e, "missing required attribute 'expr'");
    if (mbs_spec_has(e, "i_marker_id") && mbs_ref_frame_marker(b, e, "i_marker_id") < 0)
        return -1;
    general_params p;
    memset(&p, 0, sizeof p);
    p.f = mbs_build_tfunc(b, e, "expr");
    if (!p.f)
        return -1;
    const mbs_model *m = mbs_builder_model(b);
    int bad = 0;
    for (int k = 0; k < p.f->n_measures && !bad; k++) {
        const mbs_measure *ms = &p.f->measures[k];
        int position = ms->kind <= MBS_MEAS_DM || (ms->kind >= MBS_MEAS_AX && ms->kind <= MBS_MEAS_INCANG);
        if (!position)
            bad = mbs_build_error(b, e, "expr may read only positions and orientations of markers (DX, DY, DZ, "
                                        "DM, AX, AY, AZ, PSI, THETA, PHI, YAW, PITCH, ROLL, ORIENT, INCANG): a "
                                        "constraint on velocities or loads is not supported");
        for (int j = 0; j < 4 && !bad; j++)
            if (ms->marker[j] >= 0 && add_body(b, e, &p, m->markers[ms->marker[j]].body) != 0)
                bad = -1;
    }
    if (!bad && p.n_bodies == 0)
        bad = mbs_build_error(b, e, "expr reads no marker of a moving body: it constrains nothing");
    /* d expr / dt at a fixed state: the rate row's explicit time term */
    if (!bad && mbs_tfunc_differentiate(p.f) != 0 && mbs_tfunc_depends_on_time(p.f))
        bad = mbs_build_error(b, e, "expr: its time derivative cannot be formed (a function of time without one)");
    general_params *gp = bad ? NULL : malloc(sizeof *gp);
    if (!gp) {
        mbs_tfunc_free(p.f);
        return -1;
    }
    *gp = p;
    mbs_component *c = mbs_add_component(b, e, &OPS, gp);
    if (!c)
        return -1; /* mbs_add_component frees what it was given (as the other elements rely on) */
    c->n_hrows = 1;
    for (int i = 0; i < gp->n_bodies; i++)
        mbs_component_couple_body(c, gp->bodies[i]);
    c->outputs = OUTPUTS;
    c->n_outputs = 1;
    return 0;
}

const mbs_kind mbs_kind_constraint_general = {
    "Constraint_General", MBS_FAMILY_CONSTRAINT, MBS_IN_MODEL, MBS_STAGE_ELEMENTS, ATTRS, MBS_COUNT_OF(ATTRS),
    "A constraint given as an expression (MotionSolve; Adams' GCON): expr = 0, one equation, expr a run-time "
    "expression of marker positions and orientations (DX, DM, AZ, PSI, ORIENT, ...) and time, e.g. "
    "DM(21, 11) - 2 holds two markers 2 length units apart. Its Jacobian is taken by central differences of "
    "the expression (h = 1e-6). Expressions of velocities (non-holonomic constraints) and loads are refused. "
    "Output Force: the multiplier lambda (the load on the bodies is -lambda times the expression's gradient).",
    build,
    "GCON",
};
