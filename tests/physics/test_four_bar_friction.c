/* The four-bar of issue 33 (tests/physics/models/fourbar_table.xml): a
 * planar crank-rocker in N-kg-mm-s lying on a table, gravity along -z, a
 * motor on the crank A and LuGre friction in the rocker's pin D. Its four
 * REVOLUTE joints repeat 3 of their 20 equations: the loop's out-of-plane
 * equations (the force along z and the two bending moments of each joint:
 * 12 for 9 out-of-plane freedoms of three links). How the links' weight is
 * shared among the joints is then indeterminate for rigid bodies; mbsim
 * leaves out rows of the joints whose reactions nothing reads, the last in
 * the file, so that the friction at D, which reads D's reaction, keeps the
 * load the remaining rows give it, or it says what it does not see.
 *
 * With the three out-of-plane rows left out at C (the last joint nothing
 * reads), C carries only in-plane forces, in the plane z = 0 of the
 * links: they have no moment about D's x and y axes and no z component,
 * so the rocker's out-of-plane equilibrium is with D alone:
 *   F_z(D) = m_r g,   |T_xy(D)| = m_r g L_r / 2
 * (its weight at its centre, half-way along the rocker; the joint's
 * reaction on the rocker at D's origin). */
#include "../support/harness.h"
#include "../support/run_model.h"
#include "../support/series.h"
#include "../../src/core/vec3.h"
#include "../../src/model/compile.h"
#include "../../src/solver/start/assemble.h"
#include "../../src/solver/dae/residual.h"
#include "../../src/solver/analysis/simulate.h"
#include "../../src/solver/joint/tree.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FOURBAR "tests/physics/models/fourbar_table.xml"
#define G 9.81          /* N/kg (9810 mm/s^2) */
#define M_CRANK 0.5
#define M_COUPLER 1.0
#define M_ROCKER 0.8
#define L_ROCKER 180.0  /* mm */
#define R_BENDING 10.0  /* the friction's bending_reaction_arm, mm */

/* The model with the first `find` in its text replaced by `replace`, in a
 * temporary file whose path goes to path[64]; 0, or -1. */
static int variant(const char *find, const char *replace, char path[64])
{
    FILE *in = fopen(FOURBAR, "rb");
    static char text[16384];
    size_t n = in ? fread(text, 1, sizeof text - 1, in) : 0;
    if (in)
        fclose(in);
    text[n] = '\0';
    char *at = strstr(text, find);
    snprintf(path, 64, "/tmp/mbsim_fourbar_XXXXXX");
    int fd = at ? mkstemp(path) : -1;
    if (fd < 0)
        return -1;
    FILE *out = fdopen(fd, "wb");
    if (!out) {
        close(fd);
        return -1;
    }
    fprintf(out, "%.*s%s%s", (int)(at - text), text, replace, at + strlen(find));
    return fclose(out) == 0 ? 0 : -1;
}

/* The model with `extra` (elements) added at the end of its <Model>. */
static int with_extra(const char *extra, char path[64])
{
    char replace[2048];
    snprintf(replace, sizeof replace, "%s\n  </Model>", extra);
    return variant("  </Model>", replace, path);
}

/* Runs the model at `path` to t = 0.2. */
static void end_early(mbs_model *m)
{
    m->analyses[0].end_time = 0.2;
}

static int run_path(const char *path, test_results *r)
{
    int rc = test_run_model(path, NULL, end_early, r);
    CHECK_MSG(rc == 0, "does not load: %s", r->errors);
    if (rc == 0)
        CHECK_MSG(r->status == MBS_OK, "run failed: %s", r->run.message);
    return rc == 0 && r->status == MBS_OK ? 0 : -1;
}

/* Runs the model with `extra` added (NULL: as it is). */
static int run_with(const char *extra, test_results *r)
{
    char path[64] = FOURBAR;
    if (extra && with_extra(extra, path) != 0) {
        memset(r, 0, sizeof *r);
        CHECK_MSG(0, "cannot write the model with %s", extra);
        return -1;
    }
    int rc = run_path(path, r);
    if (extra)
        unlink(path);
    return rc;
}

/* The warning line of the run that contains both a and b, or NULL. */
static const char *warning_with(const test_results *r, const char *a, const char *b)
{
    for (const char *line = r->diags; line && *line;) {
        const char *eol = strchr(line, '\n');
        size_t len = eol ? (size_t)(eol - line) : strlen(line);
        char buf[2048];
        snprintf(buf, sizeof buf, "%.*s", (int)len, line);
        if (strstr(buf, "warning:") && strstr(buf, a) && (!b || strstr(buf, b)))
            return line;
        line = eol ? eol + 1 : line + len;
    }
    return NULL;
}

TEST(friction_at_d_keeps_the_load_of_the_rocker)
{
    test_results r;
    if (run_with(NULL, &r) != 0) {
        test_results_free(&r);
        return;
    }
    /* the rows left out are C's, none of D's */
    CHECK_MSG(warning_with(&r, "Constraint_Joint 3 (label 'C'): 3 of its 5", "redundant") != NULL, "warnings:\n%s",
              r.diags);
    CHECK_MSG(warning_with(&r, "label 'D'", "redundant") == NULL, "warnings:\n%s", r.diags);
    double W = M_ROCKER * G, T = W * L_ROCKER / 2, worst_z = 0, worst_t = 0, worst_caps = 0, worst_pin = 0;
    for (int i = 0; i < r.n_rows; i++) {
        double F[3], Tq[3];
        for (int k = 0; k < 3; k++) {
            F[k] = test_value(&r, "D_force", k, i);
            Tq[k] = test_value(&r, "D_torque", k, i);
        }
        double t_xy = hypot(Tq[0], Tq[1]);
        worst_z = fmax(worst_z, fabs(F[2] - W));
        worst_t = fmax(worst_t, fabs(t_xy - T));
        /* what the friction sees: the end caps the axial force, the pin the
         * radial force and the bending moment over its arm */
        worst_caps = fmax(worst_caps, fabs(test_value(&r, "normal", 1, i) - fabs(F[2])));
        worst_pin = fmax(worst_pin, fabs(test_value(&r, "normal", 0, i) - (hypot(F[0], F[1]) + t_xy / R_BENDING)));
    }
    CHECK_MSG(worst_z < 1e-9 * W, "F_z at D off m_r g = %g N by %.3g", W, worst_z);
    CHECK_MSG(worst_t < 1e-9 * T, "bending moment at D off m_r g L_r/2 = %g N mm by %.3g", T, worst_t);
    CHECK_MSG(worst_caps < 1e-7, "end-cap normal force off |F_z| by %.3g N", worst_caps);
    CHECK_MSG(worst_pin < 1e-7, "pin normal force off |F_xy| + |T_xy|/r_b by %.3g N", worst_pin);
    test_results_free(&r);
}

/* A sensor of B's reaction and an expression reading C's (JOINT(3, ...))
 * keep their rows too: the rows left out are then A's, the only joint
 * nothing reads, and all three links hang on D out of the plane:
 * F_z(D) = (m_c + m_k + m_r) g = 22.563 N. */
TEST(reaction_sensors_and_expressions_keep_their_joints_rows)
{
    test_results r;
    if (run_with("    <Sensor id=\"20\" label=\"B_force\" type=\"JOINT\" element_id=\"2\" output=\"Force\"/>\n"
                 "    <Post_Request id=\"21\" label=\"C_fz\" type=\"EXPRESSION\" expr1=\"JOINT(3, 0, 4)\"/>",
                 &r) != 0) {
        test_results_free(&r);
        return;
    }
    CHECK_MSG(warning_with(&r, "Constraint_Joint 1 (label 'A'): 3 of its 5", "redundant") != NULL, "warnings:\n%s",
              r.diags);
    double W = (M_CRANK + M_COUPLER + M_ROCKER) * G, worst = 0;
    for (int i = 0; i < r.n_rows; i++)
        worst = fmax(worst, fabs(test_value(&r, "D_force", 2, i) - W));
    CHECK_MSG(fabs(W - 22.563) < 1e-12 && worst < 1e-9 * W, "F_z at D off the weight %g N by %.3g", W, worst);
    test_results_free(&r);
}

/* With every joint's reaction read (sensors on A, B and C besides D's),
 * there is no choice left: the rows left out are D's (the last in the
 * file), and the friction says which loads it no longer sees. Its end
 * caps then carry nothing. */
TEST(friction_whose_joint_loses_rows_names_the_loads_it_misses)
{
    test_results r;
    if (run_with("    <Sensor id=\"20\" label=\"A_force\" type=\"JOINT\" element_id=\"1\" output=\"Force\"/>\n"
                 "    <Sensor id=\"21\" label=\"B_force\" type=\"JOINT\" element_id=\"2\" output=\"Force\"/>\n"
                 "    <Sensor id=\"22\" label=\"C_force\" type=\"JOINT\" element_id=\"3\" output=\"Force\"/>",
                 &r) != 0) {
        test_results_free(&r);
        return;
    }
    const char *w = warning_with(&r, "Force_JointFriction 1 (label 'pin D'): 3 of the constraint equations of "
                                     "Constraint_Joint 4 (label 'D')",
                                 "F_z, T_x and T_y");
    CHECK_MSG(w != NULL, "warnings:\n%s", r.diags);
    double worst = 0;
    for (int i = 0; i < r.n_rows; i++)
        worst = fmax(worst, fabs(test_value(&r, "normal", 1, i)));
    CHECK_MSG(worst < 1e-7, "end-cap normal force %.3g N where D's F_z row is left out", worst);
    test_results_free(&r);
}

/* In joint coordinates the joint left out of the tree is C, whose rows
 * the redundancy analysis left out: D is a tree joint, and its friction
 * reads the reaction the tree's backward pass gives it, the same load. */
TEST(joint_coordinates_keep_d_in_the_tree)
{
    mbs_model *m = NULL;
    char first[512];
    CHECK(test_load_model(FOURBAR, NULL, &m, first, sizeof first) == MBS_OK);
    if (!m)
        return;
    mbs_data *d = mbs_data_create(m);
    mbs_assembler *a = d ? mbs_assembler_create(m, d, 0) : NULL;
    double *y = calloc((size_t)m->ny + 1, sizeof *y), *yp = calloc((size_t)m->ny + 1, sizeof *yp);
    CHECK(d && a && y && yp);
    if (d && a && y && yp) {
        for (int b = 0; b < m->n_bodies; b++)
            if (m->bodies[b].type == MBS_BODY_RIGID) {
                v3_copy(y + m->bodies[b].q_ofs, m->bodies[b].r0);
                memcpy(y + m->bodies[b].q_ofs + 3, m->bodies[b].p0, 4 * sizeof *y);
            }
        /* the run's initial state (simulate.c): the elements' initial discrete states */
        double *res = calloc((size_t)m->ny + 1, sizeof *res);
        mbs_residual(m, d, 0.0, y, yp, res);
        mbs_eval ev = {m, d, 0.0, y, yp, res};
        for (int c = 0; c < m->n_comps; c++)
            if (m->comps[c].ops->init)
                m->comps[c].ops->init(&m->comps[c], &ev);
        free(res);
        mbs_diags diag;
        mbs_diags_init(&diag);
        int dropped = mbs_find_redundant(a, 0.0, y, 0, &diag);
        CHECK_MSG(dropped == 3, "%d rows left out", dropped);
        mbs_diags_free(&diag);
        mbs_tree tree;
        CHECK(mbs_tree_build(&tree, m, d, 1) == 0);
        int C = mbs_model_component_index(m, "Constraint_Joint", 3),
            D = mbs_model_component_index(m, "Constraint_Joint", 4);
        CHECK(C >= 0 && D >= 0 && tree.comp_in_tree[D] && !tree.comp_in_tree[C]);
        CHECK(tree.n_coords == 3);
        mbs_tree_free(&tree);
    }
    free(y);
    free(yp);
    mbs_assembler_free(a);
    mbs_data_free(d);
    mbs_model_free(m);
}

/* ---- the motor turns the crank at full speed from t = 0 ---- */

#define OMEGA (2 * MBS_TEST_PI)  /* the crank, rad/s */
#define R_PIN 5.0                /* pin_radius, mm */
#define R_CAPS 8.0               /* friction_arm, mm */
#define SIGMA0 100.0             /* the default bristles (N-mm-s): 1/mm, s/mm, s/mm */
#define SIGMA1 0.316
#define SIGMA2 0.0004
#define MU_S 0.2
#define MU_D 0.15
#define V_S 1.0                  /* stiction_trans_vel, mm/s */

/* The rocker's rate at t = 0 from the loop's velocity closure: with
 * k x v = (-v_y, v_x), w2 k x (B - A) + w3 k x (C - B) = w4 k x (C - D),
 * A = 0, B = (0, 80), D = (250, 0), C where the circles about B (260) and
 * D (180) meet, the crank at w2 = 2 pi rad/s. */
static double rocker_rate0(void)
{
    double Lcr = 80, Lco = 260, Lro = 180, Lg = 250, d = hypot(Lg, Lcr);
    double a = (Lco * Lco - Lro * Lro + d * d) / (2 * d), h = sqrt(Lco * Lco - a * a);
    double cx = a * Lg / d + h * Lcr / d, cy = Lcr - a * Lcr / d + h * Lg / d;
    double p[2] = {-Lcr, 0}, u[2] = {-(cy - Lcr), cx}, v[2] = {-cy, cx - Lg};
    /* w3 u - w4 v = -w2 p */
    double det = u[0] * -v[1] - -v[0] * u[1];
    return (u[0] * -OMEGA * p[1] - u[1] * -OMEGA * p[0]) / det;
}

static double stribeck(double v)
{
    return MU_D + (MU_S - MU_D) * exp(-(v / V_S) * (v / V_S));
}

/* The friction torque about D's axis in steady sliding at rate w with
 * normal forces N_pin, N_caps: -sign(w) sum_k r_k (g(v_k) + sigma2 v_k) N_k,
 * v_k = r_k |w|; and at the first instant with the bristles relaxed
 * (z = 0, dz/dt = v): -(sigma1 + sigma2) w sum_k r_k^2 N_k. */
static double steady_torque(double w, double N_pin, double N_caps)
{
    double vp = R_PIN * fabs(w), vn = R_CAPS * fabs(w);
    return -(w > 0 ? 1 : -1) * (R_PIN * (stribeck(vp) + SIGMA2 * vp) * N_pin + R_CAPS * (stribeck(vn) + SIGMA2 * vn) * N_caps);
}

static double relaxed_torque(double w, double N_pin, double N_caps)
{
    return -(SIGMA1 + SIGMA2) * w * (R_PIN * R_PIN * N_pin + R_CAPS * R_CAPS * N_caps);
}

/* The torque of row i against steady_torque at that row's rate and normal forces. */
static double off_steady(const test_results *r, int i)
{
    double w = test_value(r, "friction", 17, i), torque = test_value(r, "friction", 5, i);
    double want = steady_torque(w, test_value(r, "normal", 0, i), test_value(r, "normal", 1, i));
    return fabs(torque - want) / fabs(want);
}

/* The warnings of mbs_assembly_check (what validate and run print before
 * the run) for the model at path, a line each, into out. */
static void start_warnings(const char *path, char *out, size_t size)
{
    mbs_model *m = NULL;
    char first[512];
    out[0] = '\0';
    CHECK(test_load_model(path, NULL, &m, first, sizeof first) == MBS_OK);
    if (!m)
        return;
    mbs_diags d;
    mbs_diags_init(&d);
    CHECK(mbs_assembly_check(m, &d) == 0);
    size_t len = 0;
    for (int i = 0; i < d.count && len < size; i++)
        if (d.items[i].severity == MBS_SEV_WARNING)
            len += (size_t)snprintf(out + len, size - len, "%s\n", d.items[i].message);
    mbs_diags_free(&d);
    mbs_model_free(m);
}

/* The default start, z(0) = 0 (MotionSolve's; docs/joint-friction.md, "A
 * joint that slides at t = 0"): the rocker turns at w4 from the first
 * instant, its bristles take the whole slip (dz/dt = v) and the friction
 * coefficient is (sigma1 + sigma2) v, 44 times the steady value at the end
 * caps. The start says so, naming the joint and its slip speed r_n |w4|. */
TEST(driven_start_with_relaxed_bristles_warns_and_spikes)
{
    double w4 = rocker_rate0();
    char warnings[4096], want[256];
    start_warnings(FOURBAR, warnings, sizeof warnings);
    snprintf(want, sizeof want,
             "Force_JointFriction 1 (label 'pin D'): Constraint_Joint 4 (label 'D') slides at t = 0 (slip speed %.4g "
             "mm/s at the end caps) with the bristles relaxed (z = 0)",
             R_CAPS * fabs(w4));
    CHECK_MSG(strstr(warnings, want) != NULL, "wanted '%s' in:\n%s", want, warnings);
    test_results r;
    if (run_with(NULL, &r) == 0) {
        CHECK_NEAR(test_value(&r, "rocker_rate", 0, 0), w4, 1e-9 * fabs(w4));
        double relaxed = relaxed_torque(w4, test_value(&r, "normal", 0, 0), test_value(&r, "normal", 1, 0));
        CHECK_NEAR(test_value(&r, "friction", 5, 0), relaxed, 1e-9 * fabs(relaxed));
        CHECK_MSG(off_steady(&r, 0) > 10, "the relaxed start is only %.3g off steady sliding", off_steady(&r, 0));
        CHECK_MSG(off_steady(&r, 10) < 1e-3, "at t = 0.01 s still %.3g off steady sliding", off_steady(&r, 10));
    }
    test_results_free(&r);
}

/* bristle_start="STEADY": the bristles start at their steady deflection
 * g/sigma0 = 0.0015 mm (the Stribeck curve is at mu_d at these speeds) and
 * the friction torque is the steady sliding value from the first row on,
 * in both formulations; the start does not warn. */
TEST(steady_bristle_start_has_no_spike)
{
    char path[64], warnings[4096];
    if (variant("stiction_trans_vel=\"1\"", "stiction_trans_vel=\"1\" bristle_start=\"STEADY\"", path) != 0) {
        CHECK_MSG(0, "cannot write the model with bristle_start");
        return;
    }
    start_warnings(path, warnings, sizeof warnings);
    CHECK_MSG(strstr(warnings, "slides at t = 0") == NULL, "warnings:\n%s", warnings);
    test_results r;
    if (run_path(path, &r) == 0) {
        double sign = rocker_rate0() > 0 ? 1 : -1;
        for (int k = 0; k < 2; k++)
            CHECK_NEAR(test_value(&r, "bristle", k, 0), sign * MU_D / SIGMA0, 1e-12);
        CHECK_MSG(off_steady(&r, 0) < 1e-9, "the first row %.3g off steady sliding", off_steady(&r, 0));
        double worst = 0;
        for (int i = 0; i < r.n_rows && r.t[i] <= 0.05; i++)
            worst = fmax(worst, off_steady(&r, i));
        CHECK_MSG(worst < 1e-4, "up to %.3g off steady sliding in the first 0.05 s", worst);
    }
    test_results_free(&r);
    unlink(path);
}

TEST_SUITE(four_bar_friction, T(friction_at_d_keeps_the_load_of_the_rocker),
           T(reaction_sensors_and_expressions_keep_their_joints_rows),
           T(friction_whose_joint_loses_rows_names_the_loads_it_misses), T(joint_coordinates_keep_d_in_the_tree),
           T(driven_start_with_relaxed_bristles_warns_and_spikes), T(steady_bristle_start_has_no_spike));
