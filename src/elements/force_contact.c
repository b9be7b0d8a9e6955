/* Force_Contact (MotionSolve; Adams' CONTACT): contact forces between the
 * Post_Graphic shapes of two bodies (docs/contact.md).
 *
 * The I graphics are on one body, the J graphics on another. For every pair
 * (I shape, J shape) the narrow phase (contact_shapes.c) gives candidate
 * contacts: signed distance d, unit normal n (the way I is pushed), point C
 * halfway between the surfaces. At a candidate with penetration p = -d > 0
 * (and p <= ignore_penetration_larger_than when given):
 *   v    = v_I(C) - v_J(C)          velocity of I's material point at C relative to J's
 *   dp   = -n . v                   rate of penetration (positive entering)
 *   F_n  = the normal law (contact_law.c: IMPACT or POISSON) of p and dp
 *   v_t  = v - (n . v) n            slip velocity, s = |v_t|
 *   F_f  = -mu(s) F_n v_t / s       Adams' velocity-based Coulomb friction
 * or the user's CNFSUB and CFFSUB for F_n and F_f (contact_user_law.c).
 *   on I: F = F_n n + F_f at C;  on J: -F at C.
 * No force without penetration. Root function of each pair: its least
 * signed distance (or the gap between the bounding spheres), so that IDA
 * locates every onset and separation (events contact_on, contact_off).
 * The element couples both bodies; in absolute coordinates its slopes by
 * both bodies' states are differenced alone while its shapes are near
 * (ops->near, solver/dae/jacobian.c), else it is out of the Newton
 * matrix.
 * Outputs: the sums of the forces, the centre of the normal forces (Point),
 * and the deepest candidate's depth, distance, normal and slip.
 * Energy: potential sum of the elastic law's integral (k p^(e+1)/(e+1), or
 * penalty p^2/2); non-conservative power F . v less the elastic part's
 * -F_el dp. */
#include "contact_law.h"
#include "contact_shapes.h"
#include "contact_user_law.h"
#include "../core/vec3.h"
#include "../model/builder.h"
#include "../solver/eval/eval.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among the elements of this name; another element may share it)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"full_label", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_IGNORED, NULL, "MotionView's full name", NULL},
    {"num_i_graphics", MBS_ATTR_INT, NULL, DIM_NONE, MBS_REQUIRED, NULL, "how many ids i_graphics_id lists", NULL},
    {"i_graphics_id", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_REQUIRED, NULL,
     "Post_Graphic ids on the first (I) body, space or comma separated", NULL},
    {"num_j_graphics", MBS_ATTR_INT, NULL, DIM_NONE, MBS_REQUIRED, NULL, "how many ids j_graphics_id lists", NULL},
    {"j_graphics_id", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_REQUIRED, NULL,
     "Post_Graphic ids on the second (J) body, another than I's", NULL},
    {"cnf_type", MBS_ATTR_KEYWORD, NULL, DIM_NONE, MBS_REQUIRED, "IMPACT|POISSON|VOLUME|USERCNF",
     "normal force law (USERCNF: the user subroutine CNFSUB; VOLUME is refused)", NULL},
    {"stiffness", MBS_ATTR_REAL, NULL, DIM_NONE, 0, NULL, "IMPACT: k, force / length^exponent, > 0", NULL},
    {"exponent", MBS_ATTR_REAL, "1.5", DIM_NONE, 0, NULL, "IMPACT: e, >= 1 (1.5: Hertz)", NULL},
    {"damping", MBS_ATTR_REAL, "0", DIM_DAMPING, 0, NULL, "IMPACT: cmax, the full damping, >= 0", NULL},
    {"dmax", MBS_ATTR_REAL, "0", DIM_LENGTH, 0, NULL,
     "IMPACT: penetration at which the damping is full, > 0 where damping > 0", NULL},
    {"penalty", MBS_ATTR_REAL, NULL, DIM_STIFFNESS, 0, NULL, "POISSON: the penalty stiffness, > 0", NULL},
    {"restitution_coef", MBS_ATTR_REAL, NULL, DIM_NONE, 0, NULL, "POISSON: e, 0 .. 1", NULL},
    {"normal_trans_vel", MBS_ATTR_REAL, NULL, DIM_VELOCITY, 0, NULL,
     "POISSON: rate of penetration over which the law turns from loading to unloading, > 0 (absent: 1e-3 m/s)",
     NULL},
    {"cff_type", MBS_ATTR_KEYWORD, "COULOMB_OFF", DIM_NONE, 0,
     "COULOMB_OFF|COULOMB_ON|COULOMB_DYNAMICONLY|DYNAMICS_ONLY|USERCFF",
     "friction: none, Coulomb with stiction, Coulomb without, the user subroutine CFFSUB", NULL},
    {"mu_static", MBS_ATTR_REAL, NULL, DIM_NONE, 0, NULL, "COULOMB_ON: friction coefficient of stiction, >= 0", NULL},
    {"mu_dynamic", MBS_ATTR_REAL, NULL, DIM_NONE, 0, NULL, "friction coefficient of sliding, >= 0", NULL},
    {"stiction_trans_vel", MBS_ATTR_REAL, NULL, DIM_VELOCITY, 0, NULL,
     "COULOMB_ON: slip speed of full stiction, > 0", NULL},
    {"friction_trans_vel", MBS_ATTR_REAL, NULL, DIM_VELOCITY, 0, NULL,
     "slip speed from which mu_dynamic holds, > stiction_trans_vel", NULL},
    {"ignore_penetration_larger_than", MBS_ATTR_REAL, NULL, DIM_LENGTH, 0, NULL,
     "a candidate contact deeper than this has no force (absent: none is ignored)", NULL},
    {"master_surface", MBS_ATTR_KEYWORD, NULL, DIM_NONE, MBS_IGNORED, "I|J|I_AND_J|AUTO",
     "mesh contact (both sides are always tested)", NULL},
    {"enable_node_mode", MBS_ATTR_KEYWORD, NULL, DIM_NONE, MBS_IGNORED, "TRUE|FALSE|AUTO", "mesh contact", NULL},
    {"enable_analytical", MBS_ATTR_KEYWORD, NULL, DIM_NONE, MBS_IGNORED, "TRUE|FALSE|AUTO",
     "analytic shapes (always used)", NULL},
    {"enable_sphere_to_mesh", MBS_ATTR_KEYWORD, NULL, DIM_NONE, MBS_IGNORED, "TRUE|FALSE|AUTO", "mesh contact",
     NULL},
    {"contact_stability_2d", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_IGNORED, NULL, "2-D contact", NULL},
    {"cnf_param_string", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL,
     "USERCNF: CNFSUB's parameters, USER(p1, p2, ...): numbers or expressions of the parameters", NULL},
    {"cnf_fnc_name", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL,
     "USERCNF: the routine's name in the library (absent or NULL: CNFSUB)", NULL},
    {"cnf_dll_name", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL,
     "USERCNF: the routine's library: a name (libNAME.so or NAME.so), or a path; absent or NULL: MS_USERSUBDLL's",
     NULL},
    {"cff_param_string", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL,
     "USERCFF: CFFSUB's parameters, USER(p1, p2, ...): numbers or expressions of the parameters", NULL},
    {"cff_fnc_name", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL,
     "USERCFF: the routine's name in the library (absent or NULL: CFFSUB)", NULL},
    {"cff_dll_name", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL,
     "USERCFF: the routine's library: a name (libNAME.so or NAME.so), or a path; absent or NULL: MS_USERSUBDLL's",
     NULL},
};

typedef struct contact_params {
    mbs_contact_law law;
    mbs_contact_user_law user;  /* USERCNF, USERCFF */
    double ignore_deeper;       /* SI; DBL_MAX: none */
    int body_i, body_j;
    mbs_contact_shape *shapes;  /* [n_i + n_j]: I's first */
    int n_i, n_j;
} contact_params;

static void free_params(void *p)
{
    contact_params *cp = p;
    if (cp) {
        free(cp->shapes);
        mbs_contact_user_law_free(&cp->user);
    }
    free(cp);
}

/* ---- at a state ---- */

/* What the candidates of one evaluation add up to. */
typedef struct contact_sum {
    const contact_params *p;
    const mbs_eval *ev;
    mbs_eval *apply;            /* non-NULL: apply the forces */
    const mbs_posed_shape *pose_i, *pose_j; /* the pair being swept (a user law is told of them) */
    double force[3], friction[3], normal_force, potential, power_nc;
    double moment_point[3];     /* sum of F_n C: the centre of the normal forces is it over normal_force */
    int n_active;
    /* the deepest candidate (also when none touches: the closest) */
    mbs_contact_point deepest;
    double slip[3];
} contact_sum;

static void visit(void *ctx, const mbs_contact_point *cp)
{
    contact_sum *s = ctx;
    const contact_params *p = s->p;
    double vi[3], vj[3], v[3], vt[3];
    mbs_body_point_velocity(s->ev, p->body_i, cp->point, vi);
    mbs_body_point_velocity(s->ev, p->body_j, cp->point, vj);
    v3_sub(v, vi, vj);
    double vn = v3_dot(cp->normal, v);
    v3_copy(vt, v);
    v3_axpy(vt, -vn, cp->normal);
    double depth = -cp->distance, fn = 0.0, ff[3] = {0.0, 0.0, 0.0};
    int active = depth > 0.0 && depth <= p->ignore_deeper;
    if (active) {
        double elastic = 0.0, slip = v3_norm(vt);
        mbs_contact_user_point up = {s->pose_i, s->pose_j, cp, vn, vt};
        fn = p->user.cnf ? mbs_contact_user_normal(s->ev, &p->user, &up)
                         : mbs_contact_normal(&p->law, depth, -vn, &elastic);
        if (p->user.cff)
            mbs_contact_user_friction(s->ev, &p->user, &up, fn, ff);
        else if (slip > 0.0)
            v3_scale(ff, vt, -mbs_contact_mu(&p->law, slip) * fn / slip);
        double f[3];
        v3_scale(f, cp->normal, fn);
        v3_add(f, f, ff);
        v3_add(s->force, s->force, f);
        v3_add(s->friction, s->friction, ff);
        s->normal_force += fn;
        v3_axpy(s->moment_point, fn, cp->point);
        s->potential += mbs_contact_potential(&p->law, depth);
        s->power_nc += v3_dot(f, v) + elastic * -vn; /* F . v less the elastic force's power -F_el dp */
        s->n_active++;
        if (s->apply) {
            double minus[3];
            v3_scale(minus, f, -1.0);
            mbs_apply_force_at(s->apply, p->body_i, cp->point, f);
            mbs_apply_force_at(s->apply, p->body_j, cp->point, minus);
        }
    }
    if (cp->distance < s->deepest.distance) {
        s->deepest = *cp;
        v3_copy(s->slip, vt);
    }
}

static void ignore(void *ctx, const mbs_contact_point *cp)
{
    (void)ctx;
    (void)cp;
}

/* Pair (I shape i, J shape j)'s root function, mbs_contact_pair's: the gap
 * between the bounding spheres where they are apart, else the least signed
 * distance of its candidates (each visited into s, if not NULL). The
 * shapes are posed only where their bounding spheres meet (most pairs of a
 * heap of parts are apart). */
static double pair_distance(const contact_params *p, const mbs_eval *ev, int i, int j, contact_sum *s)
{
    const mbs_contact_shape *si = &p->shapes[i], *sj = &p->shapes[p->n_i + j];
    const mbs_body_state *bi = &ev->d->bodies[si->body], *bj = &ev->d->bodies[sj->body];
    double ci[3], cj[3];
    mbs_contact_bounding_centre(si, bi->r, bi->A, ci);
    mbs_contact_bounding_centre(sj, bj->r, bj->A, cj);
    double gap = mbs_contact_bounds_gap(si, ci, sj, cj);
    if (gap > 0.0)
        return gap;
    mbs_posed_shape I, J;
    mbs_contact_pose(si, bi->r, bi->A, &I);
    mbs_contact_pose(sj, bj->r, bj->A, &J);
    if (!s)
        return mbs_contact_pair(&I, &J, ignore, NULL);
    s->pose_i = &I;
    s->pose_j = &J;
    return mbs_contact_pair(&I, &J, visit, s);
}

/* Every pair's candidates into s; g (if not NULL) their root functions. */
static void sweep(const contact_params *p, contact_sum *s, double *g)
{
    memset(&s->force, 0, sizeof *s - offsetof(contact_sum, force));
    s->deepest.distance = DBL_MAX;
    for (int i = 0; i < p->n_i; i++)
        for (int j = 0; j < p->n_j; j++) {
            double least = pair_distance(p, s->ev, i, j, s);
            if (g)
                g[i * p->n_j + j] = least;
        }
}

static void eval(const mbs_component *c, mbs_eval *ev)
{
    contact_sum s = {.p = c->params, .ev = ev, .apply = ev};
    sweep(c->params, &s, NULL);
    mbs_report_power(ev, c, s.power_nc); /* the residual's energy row need not sweep again */
}

static void roots(const mbs_component *c, const mbs_eval *ev, double *g)
{
    contact_sum s = {.p = c->params, .ev = ev};
    sweep(c->params, &s, g);
}

static int on_root(const mbs_component *c, mbs_eval *ev, const int *fired, mbs_event_log *log)
{
    int any = 0;
    for (int k = 0; k < c->n_roots; k++)
        if (fired[k]) {
            mbs_event_record(log, ev->t, c, fired[k] < 0 ? "contact_on" : "contact_off");
            any = 1;
        }
    /* IDA steps on past a touch where the force and its slope are
     * continuous (ops->roots_continuous): a heap of balls touches
     * thousands of times a second. Where the slope jumps (POISSON's
     * penalty p), a start at the touch keeps the BDF history off the
     * kink: stepping over it put the bouncing ball's impacts three times
     * further from a tight-tolerance run (at rtol 1e-6; 1065 steps in
     * place of 1043). A user's law may do anything there. */
    const contact_params *p = c->params;
    return any && !mbs_contact_law_smooth_at_touch(&p->law);
}

/* ---- the step limit ---- */

/* How a shape's bounding sphere moves: the velocity and acceleration of
 * its centre c (its body's centre of mass at r),
 *   v_c = v + w x (c - r),   a_c = a + alpha x (c - r) + w x (w x (c - r)),
 * and the most its turning adds at its rim: |w| R and (|alpha| + |w|^2) R. */
static void sphere_motion(const mbs_eval *ev, const mbs_contact_shape *s, double vc[3], double ac[3], double *v_rim,
                          double *a_rim)
{
    const mbs_body_state *b = &ev->d->bodies[s->body];
    double rho[3], t[3], wr[3];
    m3_mul_v(rho, b->A, s->body_centre);
    v3_cross(t, b->w, rho);
    v3_add(vc, b->v, t);
    v3_cross(ac, b->alpha, rho);
    v3_add(ac, ac, b->a);
    v3_cross(wr, b->w, t);
    v3_add(ac, ac, wr);
    double w = v3_norm(b->w);
    *v_rim = w * s->radius;
    *a_rim = (v3_norm(b->alpha) + w * w) * s->radius;
}

/* The longest next step (ops->max_step). IDA looks at the root functions
 * (each pair's least signed distance) only at the ends of its steps:
 * shapes that pass through each other within one step are apart at both
 * ends and never touch (a falling ball stepping through a floor in the
 * long steps free flight allows). So no step may move a pair's shapes,
 * relative to each other, by more than a quarter of their gap d plus the
 * thinner one's half thickness t (halfway through it the normal turns
 * over; a quarter for the motion's change within the step):
 *   s = (max(d, 0) + min(t_I, t_J)) / 4
 * The relative motion of any two points of their bounding spheres over h
 * is at most V h + A h^2 / 2 (V, A: the speed and acceleration of the
 * spheres' centres relative to each other, plus what turning adds at
 * their rims), which is s at
 *   h = 2 s / (V + sqrt(V^2 + 2 A s)). */
static double max_step(const mbs_component *c, const mbs_eval *ev)
{
    const contact_params *p = c->params;
    double h = INFINITY;
    for (int i = 0; i < p->n_i; i++) {
        const mbs_contact_shape *si = &p->shapes[i];
        double vi[3], ai[3], vri, ari;
        sphere_motion(ev, si, vi, ai, &vri, &ari);
        for (int j = 0; j < p->n_j; j++) {
            const mbs_contact_shape *sj = &p->shapes[p->n_i + j];
            double vj[3], aj[3], vrj, arj, dv[3], da[3];
            sphere_motion(ev, sj, vj, aj, &vrj, &arj);
            v3_sub(dv, vi, vj);
            v3_sub(da, ai, aj);
            double V = v3_norm(dv) + vri + vrj, A = v3_norm(da) + ari + arj;
            double d = pair_distance(p, ev, i, j, NULL);
            double s = 0.25 * (fmax(d, 0.0) + fmin(si->half_thickness, sj->half_thickness));
            if (V > 0.0 || A > 0.0)
                h = fmin(h, 2.0 * s / (V + sqrt(V * V + 2.0 * A * s)));
        }
    }
    return h;
}

/* Whether the shapes are near enough to touch before the Newton matrix is
 * made again (ops->near): some pair closer than the thinner shape's half
 * thickness t. Within one step a pair closes by at most (d + t) / 4 (the
 * step limit above), so one further apart needs two steps or more to
 * touch; a matrix that lasts longer and misses a contact costs Newton a
 * failed iteration, after which IDA makes it anew. */
static int near(const mbs_component *c, const mbs_eval *ev)
{
    const contact_params *p = c->params;
    for (int i = 0; i < p->n_i; i++)
        for (int j = 0; j < p->n_j; j++)
            if (pair_distance(p, ev, i, j, NULL) <=
                fmin(p->shapes[i].half_thickness, p->shapes[p->n_i + j].half_thickness))
                return 1;
    return 0;
}

static double potential_energy(const mbs_component *c, const mbs_eval *ev)
{
    contact_sum s = {.p = c->params, .ev = ev};
    sweep(c->params, &s, NULL);
    return s.potential;
}

static double power_nc(const mbs_component *c, const mbs_eval *ev)
{
    contact_sum s = {.p = c->params, .ev = ev};
    sweep(c->params, &s, NULL);
    return s.power_nc;
}

enum { OUT_FORCE, OUT_NORMAL_FORCE, OUT_FRICTION, OUT_DEPTH, OUT_DISTANCE, OUT_POINT, OUT_NORMAL, OUT_SLIP,
       OUT_CONTACTS, OUT_POTENTIAL, OUT_POWER };

static void output(const mbs_component *c, const mbs_eval *ev, int which, double *out)
{
    contact_sum s = {.p = c->params, .ev = ev};
    sweep(c->params, &s, NULL);
    int none = s.deepest.distance == DBL_MAX; /* every pair's bounding spheres apart */
    switch (c->outputs[which].code) {
    case OUT_FORCE: v3_copy(out, s.force); break;
    case OUT_NORMAL_FORCE: out[0] = s.normal_force; break;
    case OUT_FRICTION: v3_copy(out, s.friction); break;
    case OUT_DEPTH: out[0] = none ? 0.0 : fmax(0.0, -s.deepest.distance); break;
    case OUT_DISTANCE: out[0] = none ? NAN : s.deepest.distance; break;
    case OUT_POINT:
        if (s.normal_force > 0.0) /* where the normal forces act as one (ties between points do not flip it) */
            v3_scale(out, s.moment_point, 1.0 / s.normal_force);
        else
            none ? v3_set(out, NAN, NAN, NAN) : v3_copy(out, s.deepest.point);
        break;
    case OUT_NORMAL: none ? v3_set(out, NAN, NAN, NAN) : v3_copy(out, s.deepest.normal); break;
    case OUT_SLIP: none ? v3_set(out, NAN, NAN, NAN) : v3_copy(out, s.slip); break;
    case OUT_CONTACTS: out[0] = s.n_active; break;
    case OUT_POTENTIAL: out[0] = s.potential; break;
    case OUT_POWER: out[0] = s.power_nc; break;
    }
}

static const mbs_output_desc OUTPUTS[] = {
    {"Force", "x y z", DIM_FORCE, NULL, 0, OUT_FORCE},
    {"NormalForce", "value", DIM_FORCE, NULL, 0, OUT_NORMAL_FORCE},
    {"FrictionForce", "x y z", DIM_FORCE, NULL, 0, OUT_FRICTION},
    {"Depth", "value", DIM_LENGTH, NULL, 0, OUT_DEPTH},
    {"Distance", "value", DIM_LENGTH, NULL, 0, OUT_DISTANCE},
    {"Point", "x y z", DIM_LENGTH, NULL, 0, OUT_POINT},
    {"Normal", "x y z", DIM_NONE, NULL, 0, OUT_NORMAL},
    {"SlipVelocity", "x y z", DIM_VELOCITY, NULL, 0, OUT_SLIP},
    {"Contacts", "value", DIM_NONE, NULL, 0, OUT_CONTACTS},
    {"PotentialEnergy", "value", DIM_ENERGY, NULL, 0, OUT_POTENTIAL},
    {"Power", "value", DIM_POWER, NULL, 0, OUT_POWER},
};

static const mbs_component_ops OPS = {
    .eval = eval,
    .roots = roots,
    .on_root = on_root,
    .roots_continuous = 1,
    .max_step = max_step,
    .near = near,
    .potential_energy = potential_energy,
    .power_nc = power_nc,
    .power_in_eval = 1,
    .output = output,
    .free_params = free_params,
};

/* ---- building ---- */

static const char *const SHAPE_NAMES[MBS_SHAPE_COUNT] = {
    [MBS_SHAPE_BOX] = "a box", [MBS_SHAPE_CYLINDER] = "a cylinder", [MBS_SHAPE_FRUSTUM] = "a frustum",
    [MBS_SHAPE_SPHERE] = "a sphere", [MBS_SHAPE_ELLIPSOID] = "an ellipsoid", [MBS_SHAPE_OUTLINE] = "an outline",
    [MBS_SHAPE_MARKER] = "a marker's axes", [MBS_SHAPE_MESH] = "a TriaMesh", [MBS_SHAPE_COIL] = "an SPDP coil",
};

#define USABLE "only BoxDefinedFromCenter, BoxDefinedFromCorner, Cylinder, Frustum, Sphere, Ellipsoid, TriaMesh"
/* Post_Graphic's types (as the reader spells them) that make contact shapes */
#define CONTACT_TYPES "|BOXDEFINEDFROMCENTER|BOXDEFINEDFROMCORNER|CYLINDER|FRUSTUM|SPHERE|ELLIPSOID|TRIAMESH|"

/* The graphics of one side (attrs "i" or "j"): their shapes into out[n],
 * all on one body (*body). 0, or -1 after reporting. */
static int side(mbs_builder *b, const mbs_spec_elem *e, const char *which, mbs_contact_shape **out, int *n, int *body)
{
    const mbs_model *m = mbs_builder_model(b);
    char list_attr[32], count_attr[32];
    snprintf(list_attr, sizeof list_attr, "%s_graphics_id", which);
    snprintf(count_attr, sizeof count_attr, "num_%s_graphics", which);
    double *ids;
    int n_ids;
    if (mbs_build_numbers(b, e, list_attr, &ids, &n_ids) != 0)
        return -1;
    long count = mbs_spec_int(e, count_attr);
    int rc = 0;
    if (n_ids == 0 || count != n_ids)
        rc = mbs_build_error(b, e, "%s is %ld but %s holds %d id%s", count_attr, count, list_attr, n_ids, n_ids == 1 ? "" : "s");
    *out = rc ? NULL : calloc((size_t)n_ids, sizeof **out);
    if (!rc && !*out)
        rc = -1;
    *body = -1;
    for (int k = 0; rc == 0 && k < n_ids; k++) {
        /* range first: converting a double beyond int is undefined */
        if (!(ids[k] >= 1 && ids[k] <= INT_MAX && ids[k] == floor(ids[k]))) {
            rc = mbs_build_error(b, e, "%s: '%g' is not a Post_Graphic id", list_attr, ids[k]);
            break;
        }
        int id = (int)ids[k];
        int g = mbs_builder_index(b, MBS_FAMILY_GRAPHIC, id);
        const mbs_spec_elem *ge = g == -2 ? mbs_builder_spec(b, MBS_FAMILY_GRAPHIC, id) : NULL;
        char bars[64];
        snprintf(bars, sizeof bars, "|%s|", ge ? mbs_spec_text(ge, "type") : "");
        if (ge && !strstr(CONTACT_TYPES, bars)) { /* a type mbsim keeps no shape of */
            rc = mbs_build_error(b, e, "%s: Post_Graphic %d is of type %s, which a contact cannot use (" USABLE ")",
                                 list_attr, id, mbs_spec_text(ge, "type"));
            break;
        }
        if (g < 0) {
            rc = g == -1 ? mbs_build_error(b, e, "%s: Post_Graphic %d does not exist", list_attr, id) : -1;
            break;
        }
        const mbs_graphic *gr = &m->graphics[g];
        if (!mbs_contact_shape_usable(gr->shape)) {
            rc = mbs_build_error(b, e, "%s: Post_Graphic %d is %s, which a contact cannot use (" USABLE ")",
                                 list_attr, id, SHAPE_NAMES[gr->shape]);
            break;
        }
        if (*body >= 0 && gr->body != *body) {
            char first[160], this[160];
            mbs_body_describe(&m->bodies[*body], first, sizeof first);
            mbs_body_describe(&m->bodies[gr->body], this, sizeof this);
            rc = mbs_build_error(b, e, "%s: Post_Graphic %d is on %s, the graphics before it on %s (one body a side)",
                                 list_attr, id, this, first);
            break;
        }
        *body = gr->body;
        mbs_contact_shape_make(m, g, &(*out)[k]);
    }
    free(ids);
    if (rc) {
        free(*out);
        *out = NULL;
        return -1;
    }
    *n = n_ids;
    return 0;
}

/* A real attribute the chosen law needs: present (else reported). */
static double needed(mbs_builder *b, const mbs_spec_elem *e, const char *attr, const char *law, int *bad)
{
    if (!mbs_spec_has(e, attr)) {
        *bad = mbs_build_error(b, e, "%s needs %s", law, attr);
        return 0.0;
    }
    return mbs_spec_real(e, attr);
}

static int read_normal_law(mbs_builder *b, const mbs_spec_elem *e, mbs_contact_law *law)
{
    const mbs_units *u = &mbs_builder_model(b)->units;
    int bad = 0, type = mbs_spec_keyword(e, "cnf_type");
    if (type == 2)
        return mbs_build_error(b, e, "cnf_type %s is not supported (IMPACT, POISSON or USERCNF)",
                               mbs_spec_text(e, "cnf_type"));
    law->cnf = type == 0 ? MBS_CNF_IMPACT : type == 1 ? MBS_CNF_POISSON : MBS_CNF_USER;
    if (law->cnf == MBS_CNF_USER)
        return 0; /* the routine: mbs_contact_user_law_build */
    if (law->cnf == MBS_CNF_IMPACT) {
        double k = needed(b, e, "stiffness", "cnf_type IMPACT", &bad);
        law->exponent = mbs_spec_real(e, "exponent");
        law->cmax = mbs_spec_real(e, "damping");
        law->dmax = mbs_spec_real(e, "dmax");
        if (!bad && !(k > 0.0))
            bad = mbs_build_error(b, e, "stiffness must be > 0 (is %g)", k);
        if (!(law->exponent >= 1.0))
            bad = mbs_build_error(b, e, "exponent must be >= 1 (is %g)", law->exponent);
        if (!(law->cmax >= 0.0))
            bad = mbs_build_error(b, e, "damping must be >= 0 (is %g)", mbs_spec_real(e, "damping"));
        if (law->cmax > 0.0 && !(law->dmax > 0.0))
            bad = mbs_build_error(b, e, "dmax must be > 0 where damping > 0 (is %g)", mbs_spec_real(e, "dmax"));
        /* force / length^exponent: its unit depends on the exponent */
        law->k = k * mbs_units_to_si(u, DIM_FORCE) / pow(mbs_units_to_si(u, DIM_LENGTH), law->exponent);
        return bad;
    }
    law->penalty = needed(b, e, "penalty", "cnf_type POISSON", &bad);
    law->restitution = needed(b, e, "restitution_coef", "cnf_type POISSON", &bad);
    /* Adams' POISSON has no transition velocity: absent, 1 mm/s */
    law->v_n = mbs_spec_has(e, "normal_trans_vel") ? mbs_spec_real(e, "normal_trans_vel") : 1e-3;
    if (bad)
        return bad;
    if (!(law->penalty > 0.0))
        bad = mbs_build_error(b, e, "penalty must be > 0 (is %g)", mbs_spec_real(e, "penalty"));
    if (!(law->restitution >= 0.0 && law->restitution <= 1.0))
        bad = mbs_build_error(b, e, "restitution_coef must be 0 .. 1 (is %g)", law->restitution);
    if (!(law->v_n > 0.0))
        bad = mbs_build_error(b, e, "normal_trans_vel must be > 0 (is %g)", mbs_spec_real(e, "normal_trans_vel"));
    return bad;
}

static int read_friction_law(mbs_builder *b, const mbs_spec_elem *e, mbs_contact_law *law)
{
    int bad = 0, type = mbs_spec_keyword(e, "cff_type");
    law->cff = type == 0 ? MBS_CFF_OFF : type == 1 ? MBS_CFF_ON : type == 4 ? MBS_CFF_USER : MBS_CFF_DYNAMIC_ONLY;
    if (law->cff == MBS_CFF_OFF || law->cff == MBS_CFF_USER)
        return 0;
    const char *name = law->cff == MBS_CFF_ON ? "cff_type COULOMB_ON" : "cff_type COULOMB_DYNAMICONLY";
    law->mu_d = needed(b, e, "mu_dynamic", name, &bad);
    law->v_d = needed(b, e, "friction_trans_vel", name, &bad);
    if (law->cff == MBS_CFF_ON) {
        law->mu_s = needed(b, e, "mu_static", name, &bad);
        law->v_s = needed(b, e, "stiction_trans_vel", name, &bad);
    }
    if (bad)
        return bad;
    if (!(law->mu_d >= 0.0))
        bad = mbs_build_error(b, e, "mu_dynamic must be >= 0 (is %g)", law->mu_d);
    if (law->cff == MBS_CFF_ON) {
        if (!(law->mu_s >= 0.0))
            bad = mbs_build_error(b, e, "mu_static must be >= 0 (is %g)", law->mu_s);
        if (!(law->v_s > 0.0))
            bad = mbs_build_error(b, e, "stiction_trans_vel must be > 0 (is %g)", mbs_spec_real(e, "stiction_trans_vel"));
        if (!(law->v_d > law->v_s))
            bad = mbs_build_error(b, e, "friction_trans_vel must be > stiction_trans_vel (are %g and %g)",
                                  mbs_spec_real(e, "friction_trans_vel"), mbs_spec_real(e, "stiction_trans_vel"));
        /* Neither MotionSolve's Force_Contact nor Adams' CONTACT bounds
         * mu_dynamic by mu_static, and the STEP law runs either way; but a
         * coefficient that rises once sliding starts is seldom meant (the
         * two swapped), so it is said, as for Force_JointFriction. */
        if (!bad && law->mu_d > law->mu_s)
            mbs_build_warning(b, e, "mu_dynamic (%g) is larger than mu_static (%g)", law->mu_d, law->mu_s);
    } else if (!(law->v_d > 0.0)) {
        bad = mbs_build_error(b, e, "friction_trans_vel must be > 0 (is %g)", mbs_spec_real(e, "friction_trans_vel"));
    }
    return bad;
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    const mbs_model *m = mbs_builder_model(b);
    contact_params *p = calloc(1, sizeof *p);
    if (!p)
        return -1;
    int bad = read_normal_law(b, e, &p->law);
    bad |= read_friction_law(b, e, &p->law);
    if (mbs_contact_user_law_build(b, e, p->law.cnf == MBS_CNF_USER, p->law.cff == MBS_CFF_USER, &p->user) != 0)
        bad = -1;
    p->ignore_deeper = mbs_spec_has(e, "ignore_penetration_larger_than")
                           ? mbs_spec_real(e, "ignore_penetration_larger_than") : DBL_MAX;
    if (!(p->ignore_deeper > 0.0))
        bad = mbs_build_error(b, e, "ignore_penetration_larger_than must be > 0 (is %g)", p->ignore_deeper);
    mbs_contact_shape *si = NULL, *sj = NULL;
    if (side(b, e, "i", &si, &p->n_i, &p->body_i) != 0)
        bad = -1;
    if (side(b, e, "j", &sj, &p->n_j, &p->body_j) != 0)
        bad = -1;
    if (!bad && p->body_i == p->body_j) {
        char name[160];
        mbs_body_describe(&m->bodies[p->body_i], name, sizeof name);
        bad = mbs_build_error(b, e, "the I and J graphics are all on %s: a contact is between two bodies", name);
    }
    for (int i = 0; !bad && i < p->n_i; i++)
        for (int j = 0; !bad && j < p->n_j; j++)
            if (!mbs_contact_pair_usable(si[i].shape, sj[j].shape))
                bad = mbs_build_error(b, e, "%s and %s are both TriaMesh: mbsim has no mesh-to-mesh contact",
                                      m->graphics[si[i].graphic].name, m->graphics[sj[j].graphic].name);
    if (!bad && (p->shapes = malloc((size_t)(p->n_i + p->n_j) * sizeof *p->shapes))) {
        memcpy(p->shapes, si, (size_t)p->n_i * sizeof *si);
        memcpy(p->shapes + p->n_i, sj, (size_t)p->n_j * sizeof *sj);
    }
    free(si);
    free(sj);
    if (bad || !p->shapes) {
        free_params(p);
        return -1;
    }
    mbs_component *c = mbs_add_component(b, e, &OPS, p);
    if (!c)
        return -1;
    mbs_component_couple_body(c, p->body_i);
    mbs_component_couple_body(c, p->body_j);
    c->outputs = OUTPUTS;
    c->n_outputs = MBS_COUNT_OF(OUTPUTS);
    c->n_roots = p->n_i * p->n_j;
    return 0;
}

const mbs_kind mbs_kind_force_contact = {
    "Force_Contact", MBS_FAMILY_FORCE, MBS_IN_MODEL, MBS_STAGE_ELEMENTS, ATTRS, MBS_COUNT_OF(ATTRS),
    "Contact between the Post_Graphic shapes of two bodies (MotionSolve; Adams' CONTACT): i_graphics_id on "
    "one body, j_graphics_id on another; boxes, cylinders, frustums, spheres, ellipsoids and TriaMeshes (a mesh "
    "is solid behind its outward-wound faces; two meshes do not touch). Where they penetrate, a normal force by cnf_type "
    "IMPACT (k p^e with damping ramped in over dmax, as the IMPACT function), POISSON (a penalty spring "
    "giving back restitution_coef^2 of its energy) or USERCNF (the user subroutine CNFSUB), and Adams' "
    "velocity-based Coulomb friction or USERCFF (CFFSUB) (cff_type), "
    "at the point halfway between the surfaces; none without penetration. IDA's root finding locates every "
    "onset and separation (events contact_on, contact_off). Outputs: Force, FrictionForce (on I, global), "
    "NormalForce, Contacts (points in contact), Point (the centre of the normal forces; without any, the closest "
    "point), and of the deepest point Depth, Distance (signed), Normal (the way I is pushed), SlipVelocity (of I "
    "relative to J); PotentialEnergy, Power "
    "(non-conservative). See docs/contact.md.",
    build,
    "CONTACT|FORCE",
};
