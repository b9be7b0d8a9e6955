/* Every joint type lets through exactly the relative motion it allows.
 * tests/physics/models/joint_single.xml holds one body (its centre of mass
 * at the I marker, isotropic inertia J) to a tilted ground frame by one
 * joint, under a constant force F and torque T (global) and with an initial
 * velocity that has components in every direction. In J's axes, with T_f
 * and R_f the free translations and rotations of the type:
 *   start    the velocities are projected onto the free directions
 *   allowed  d_k = v0_k t + F_k t^2 / (2m),  w_k = w0_k + T_k t / J
 *            (no spurious force: the body moves as if free)
 *   forbidden d_k, w_k stay 0 (to 1e-9: the constraint violation)
 *   reaction  -F_k, -T_k on the forbidden directions, 0 on the free ones
 * and the load's work balances the kinetic energy (ideal joints do no work).
 * UNIVERSAL (= HOOKE) and PERPENDICULAR keep z_I perpendicular to z_J, a
 * rotating set of free axes: with I's z along -y_J and no torque, the body
 * keeps |w| (its rotational energy) and the reaction torque stays
 * perpendicular to both z axes. */
#include "../support/harness.h"
#include "../support/run_model.h"
#include "../support/series.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TEMPLATE "tests/physics/models/joint_single.xml"

/* free directions in J axes: bit 0, 1, 2 = x, y, z */
typedef struct joint_case {
    const char *type;
    unsigned translations, rotations;
    int perpendicular_axes; /* UNIVERSAL, HOOKE, PERPENDICULAR */
} joint_case;

static const joint_case CASES[] = {
    {"FIXED", 0, 0, 0},       {"REVOLUTE", 0, 4, 0},    {"SPHERICAL", 0, 7, 0},    {"TRANSLATIONAL", 4, 0, 0},
    {"CYLINDRICAL", 4, 4, 0}, {"UNIVERSAL", 0, 0, 1},   {"HOOKE", 0, 0, 1},        {"PLANAR", 3, 4, 0},
    {"INLINE", 4, 7, 0},      {"INPLANE", 3, 7, 0},     {"ORIENTATION", 7, 0, 0},  {"PARALLEL_AXES", 7, 4, 0},
    {"PERPENDICULAR", 7, 0, 1},
};

/* the template's values */
static const double MASS = 2, INERTIA = 0.5;
static const double V0[3] = {0.3, -0.2, 0.4}, W0[3] = {0.5, 0.7, -0.6};
static const double FORCE[3] = {0.8, -0.5, 0.3}, TORQUE[3] = {0.2, 0.4, -0.3};

/* J's axes: Rz(0.3) Rx(0.4) Rz(0.5), row-major */
static void j_axes(double R[9])
{
    double a = 0.3, b = 0.4, c = 0.5;
    double z1[9] = {cos(a), -sin(a), 0, sin(a), cos(a), 0, 0, 0, 1};
    double x[9] = {1, 0, 0, 0, cos(b), -sin(b), 0, sin(b), cos(b)};
    double z2[9] = {cos(c), -sin(c), 0, sin(c), cos(c), 0, 0, 0, 1};
    double t[9];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            t[3 * i + j] = 0;
            for (int k = 0; k < 3; k++)
                t[3 * i + j] += z1[3 * i + k] * x[3 * k + j];
        }
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            R[3 * i + j] = 0;
            for (int k = 0; k < 3; k++)
                R[3 * i + j] += t[3 * i + k] * z2[3 * k + j];
        }
}

/* components of a global vector in J axes: R^T v */
static void in_j(const double R[9], const double v[3], double out[3])
{
    for (int k = 0; k < 3; k++)
        out[k] = R[k] * v[0] + R[3 + k] * v[1] + R[6 + k] * v[2];
}

/* The template with type="REVOLUTE" replaced, written to a temporary file. */
static int write_model(const char *type, char *path, size_t size)
{
    FILE *in = fopen(TEMPLATE, "r");
    if (!in)
        return -1;
    static char text[16384];
    size_t n = fread(text, 1, sizeof text - 1, in);
    fclose(in);
    text[n] = '\0';
    char *at = strstr(text, "type=\"REVOLUTE\"");
    if (!at)
        return -1;
    snprintf(path, size, "/tmp/mbsim_joint_XXXXXX");
    int fd = mkstemp(path);
    if (fd < 0)
        return -1;
    FILE *out = fdopen(fd, "w");
    if (!out) {
        close(fd);
        return -1;
    }
    fprintf(out, "%.*stype=\"%s\"%s", (int)(at - text), text, type, at + strlen("type=\"REVOLUTE\""));
    fclose(out);
    return 0;
}

static double column_max(const test_results *r, const char *sensor, int col)
{
    double worst = 0;
    for (int i = 0; i < r->n_rows; i++)
        worst = fmax(worst, fabs(test_value(r, sensor, col, i)));
    return worst;
}

static void check_fixed_axes(const joint_case *c, const test_results *r, const double RJ[9])
{
    double v0[3], w0[3], F[3], T[3];
    in_j(RJ, V0, v0);
    in_j(RJ, W0, w0);
    in_j(RJ, FORCE, F);
    in_j(RJ, TORQUE, T);
    double d_err = 0, v_err = 0, w_err = 0, f_err = 0, t_err = 0;
    for (int i = 0; i < r->n_rows; i++) {
        double t = r->t[i];
        for (int k = 0; k < 3; k++) {
            int tf = (c->translations >> k) & 1u, rf = (c->rotations >> k) & 1u;
            double d = tf ? v0[k] * t + F[k] * t * t / (2 * MASS) : 0;
            double v = tf ? v0[k] + F[k] * t / MASS : 0;
            double w = rf ? w0[k] + T[k] * t / INERTIA : 0;
            d_err = fmax(d_err, fabs(test_value(r, "displacement", k, i) - d));
            v_err = fmax(v_err, fabs(test_value(r, "velocity", k, i) - v));
            w_err = fmax(w_err, fabs(test_value(r, "velocity", 3 + k, i) - w));
            f_err = fmax(f_err, fabs(test_value(r, "reaction_force", k, i) - (tf ? 0 : -F[k])));
            t_err = fmax(t_err, fabs(test_value(r, "reaction_torque", k, i) - (rf ? 0 : -T[k])));
        }
    }
    CHECK_MSG(d_err < 1e-8, "%s: displacement off by %.3g", c->type, d_err);
    CHECK_MSG(v_err < 1e-8, "%s: velocity off by %.3g", c->type, v_err);
    CHECK_MSG(w_err < 1e-8, "%s: angular velocity off by %.3g", c->type, w_err);
    CHECK_MSG(f_err < 1e-7, "%s: reaction force off by %.3g", c->type, f_err);
    CHECK_MSG(t_err < 1e-7, "%s: reaction torque off by %.3g", c->type, t_err);
}

static void check_perpendicular_axes(const joint_case *c, const test_results *r, const double RJ[9])
{
    double v0[3], w0[3], F[3];
    in_j(RJ, V0, v0);
    in_j(RJ, W0, w0);
    in_j(RJ, FORCE, F);
    /* free rotations at the start: about z_J and z_I = -y_J */
    double w_start = hypot(w0[1], w0[2]);
    CHECK_NEAR(test_value(r, "velocity", 3, 0), 0.0, 1e-12);
    CHECK_NEAR(test_value(r, "velocity", 4, 0), w0[1], 1e-12);
    CHECK_NEAR(test_value(r, "velocity", 5, 0), w0[2], 1e-12);
    double speed = 0, d_err = 0, f_err = 0, torque_z = 0, torque_zi = 0, turned = 0;
    for (int i = 0; i < r->n_rows; i++) {
        double t = r->t[i], w[3], zi_global[3], zi[3], tq[3];
        for (int k = 0; k < 3; k++) {
            w[k] = test_value(r, "velocity", 3 + k, i);
            zi_global[k] = test_value(r, "I_axes", 3 * k + 2, i);
            tq[k] = test_value(r, "reaction_torque", k, i);
            int tf = (c->translations >> k) & 1u;
            double d = tf ? v0[k] * t + F[k] * t * t / (2 * MASS) : 0;
            d_err = fmax(d_err, fabs(test_value(r, "displacement", k, i) - d));
            f_err = fmax(f_err, fabs(test_value(r, "reaction_force", k, i) - (tf ? 0 : -F[k])));
        }
        in_j(RJ, zi_global, zi);
        speed = fmax(speed, fabs(sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]) - w_start));
        torque_z = fmax(torque_z, fabs(tq[2]));
        torque_zi = fmax(torque_zi, fabs(tq[0] * zi[0] + tq[1] * zi[1] + tq[2] * zi[2]));
        turned = fmax(turned, fabs(zi[1] + 1)); /* z_I leaves -y_J: the motion is not trivial */
    }
    CHECK_MSG(speed < 1e-8, "%s: |w| changes by %.3g", c->type, speed);
    CHECK_MSG(d_err < 1e-8, "%s: displacement off by %.3g", c->type, d_err);
    CHECK_MSG(f_err < 1e-7, "%s: reaction force off by %.3g", c->type, f_err);
    CHECK_MSG(torque_z < 1e-9 && torque_zi < 1e-9, "%s: reaction torque about a free axis: %.3g, %.3g", c->type,
              torque_z, torque_zi);
    CHECK_MSG(turned > 0.1, "%s: the body hardly turned (%.3g)", c->type, turned);
    /* the torque holding z_I perpendicular to z_J is not zero */
    CHECK(column_max(r, "reaction_torque", 0) + column_max(r, "reaction_torque", 1) > 1e-3);
}

static void run_case(const joint_case *c)
{
    char path[64];
    CHECK_MSG(write_model(c->type, path, sizeof path) == 0, "cannot write a model for %s", c->type);
    const char *plain[] = {NULL};
    const char *tilted[] = {"i_tilt=1.5707963267948966", "tx=0", "ty=0", "tz=0", NULL};
    test_results r;
    int loaded = test_run_model(path, c->perpendicular_axes ? tilted : plain, NULL, &r);
    unlink(path);
    CHECK_MSG(loaded == 0, "%s: %s", c->type, r.errors);
    if (loaded != 0)
        return;
    CHECK_MSG(r.status == MBS_OK, "%s: run failed: %s", c->type, r.run.message);
    CHECK(r.n_rows == 51);
    double RJ[9];
    j_axes(RJ);
    /* the constraints hold, and do no work */
    double violation = column_max(&r, "violation", 0), balance = 0, kmax = column_max(&r, "kinetic", 0);
    double e0 = test_value(&r, "energy", 0, 0) + test_value(&r, "dissipated", 0, 0);
    for (int i = 0; i < r.n_rows; i++)
        balance = fmax(balance, fabs(test_value(&r, "energy", 0, i) + test_value(&r, "dissipated", 0, i) - e0));
    CHECK_MSG(violation < 1e-9, "%s: constraint violation %.3g", c->type, violation);
    CHECK_MSG(balance <= 1e-8 * kmax + 1e-15, "%s: work and kinetic energy differ by %.3g", c->type, balance);
    if (c->perpendicular_axes)
        check_perpendicular_axes(c, &r, RJ);
    else
        check_fixed_axes(c, &r, RJ);
    test_results_free(&r);
}

TEST(every_type_allows_its_motion_and_holds_the_rest)
{
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++)
        run_case(&CASES[i]);
}

TEST(hooke_is_universal)
{
    char pu[64], ph[64];
    CHECK(write_model("UNIVERSAL", pu, sizeof pu) == 0);
    CHECK(write_model("HOOKE", ph, sizeof ph) == 0);
    const char *tilted[] = {"i_tilt=1.5707963267948966", "tx=0", "ty=0", "tz=0", NULL};
    test_results u, h;
    CHECK(test_run_model(pu, tilted, NULL, &u) == 0);
    CHECK(test_run_model(ph, tilted, NULL, &h) == 0);
    unlink(pu);
    unlink(ph);
    CHECK(u.n_rows == h.n_rows && u.width == h.width);
    if (u.n_rows == h.n_rows && u.width == h.width)
        for (int i = 0; i < u.n_rows * u.width; i++)
            CHECK(u.values[i] == h.values[i]);
    test_results_free(&u);
    test_results_free(&h);
}

TEST_SUITE(joints, T(every_type_allows_its_motion_and_holds_the_rest), T(hooke_is_universal));
