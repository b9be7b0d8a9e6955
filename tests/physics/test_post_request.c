/* Post_Request marker kinematics mapped onto sensors
 * (tests/physics/models/post_request.xml): a marker on a rotor with a
 * prescribed angle th(t) = w0 t + alpha t^2 / 2 about a vertical axis,
 * against the hand-computed position, velocity and acceleration, measured
 * from a ground point or from a moving marker, in global axes or in those
 * of a tilted frame; and the 3-1-3 angles of the marker's axes.
 * Accelerations come from the integrator's derivative, which is not
 * error-controlled: 1e-6 on values up to 10 m/s^2. */
#include "../support/harness.h"
#include "../support/run_model.h"
#include "../support/series.h"

#include <math.h>

static const double W0 = 1.3, ALPHA = 0.8, RADIUS = 0.6;
static const double C[3] = {1, 2, 0.5}, Q[3] = {-0.5, 0.3, 0.2};

/* the frame F: Rz(0.4) Rx(0.3); components of a global vector in F's axes */
static void in_f(const double v[3], double out[3])
{
    double a = 0.4, b = 0.3;
    double x = cos(a) * v[0] + sin(a) * v[1], y = -sin(a) * v[0] + cos(a) * v[1]; /* Rz^T */
    out[0] = x;
    out[1] = cos(b) * y + sin(b) * v[2];
    out[2] = -sin(b) * y + cos(b) * v[2];
}

static double worst_of(const test_results *r, const char *sensor, int first, const double expected[3], int row,
                       double worst)
{
    for (int k = 0; k < 3; k++)
        worst = fmax(worst, fabs(test_value(r, sensor, first + k, row) - expected[k]));
    return worst;
}

TEST(marker_kinematics_match_hand_computation)
{
    test_results r;
    CHECK(test_run_model("tests/physics/models/post_request.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    CHECK(r.n_rows == 61);
    double pos = 0, vel = 0, acc = 0, ang = 0, rel = 0;
    for (int i = 0; i < r.n_rows; i++) {
        double t = r.t[i], th = W0 * t + ALPHA * t * t / 2, thd = W0 + ALPHA * t, thdd = ALPHA;
        double c = cos(th), s = sin(th);
        double p[3] = {C[0] + RADIUS * c, C[1] + RADIUS * s, C[2]};
        double v[3] = {-RADIUS * thd * s, RADIUS * thd * c, 0};
        double a[3] = {-RADIUS * thdd * s - RADIUS * thd * thd * c, RADIUS * thdd * c - RADIUS * thd * thd * s, 0};
        double w[3] = {0, 0, thd}, al[3] = {0, 0, thdd}, zero[3] = {0, 0, 0};
        double d[3] = {p[0] - Q[0], p[1] - Q[1], p[2] - Q[2]}, e[3];
        /* from Q, in F's axes */
        in_f(d, e);
        pos = worst_of(&r, "disp_PQ_F", 0, e, i, pos);
        in_f(v, e);
        vel = worst_of(&r, "vel_PQ_F", 0, e, i, vel);
        in_f(w, e);
        vel = worst_of(&r, "vel_PQ_F", 3, e, i, vel);
        in_f(a, e);
        acc = worst_of(&r, "acc_PQ_F", 0, e, i, acc);
        in_f(al, e);
        acc = worst_of(&r, "acc_PQ_F", 3, e, i, acc);
        /* defaults: from the origin, global axes */
        pos = worst_of(&r, "disp_P", 0, p, i, pos);
        /* from the rotor's centre (moving with it): v_P - v_C, no relative rotation */
        in_f(v, e);
        rel = worst_of(&r, "vel_PC_F", 0, e, i, rel);
        rel = worst_of(&r, "vel_PC_F", 3, zero, i, rel);
        rel = worst_of(&r, "acc_PC", 0, a, i, rel);
        rel = worst_of(&r, "acc_PC", 3, zero, i, rel);
        /* 3-1-3 angles: P's axes are Rz(th), P2's Rz(th) Rx(0.5) */
        double psi = remainder(th, 2 * MBS_TEST_PI);
        const double p_angles[3] = {psi, 0, 0}, p2_angles[3] = {psi, 0.5, 0};
        ang = worst_of(&r, "disp_PQ_F", 3, p_angles, i, ang);
        ang = worst_of(&r, "disp_P2", 3, p2_angles, i, ang);
    }
    CHECK_MSG(pos < 1e-8, "MARKER_DISPLACEMENT off by %.3g", pos);
    CHECK_MSG(vel < 1e-8, "MARKER_VELOCITY off by %.3g", vel);
    CHECK_MSG(acc < 1e-6, "MARKER_ACCELERATION off by %.3g", acc);
    CHECK_MSG(ang < 1e-8, "3-1-3 angles off by %.3g", ang);
    CHECK_MSG(rel < 1e-6, "kinematics relative to a moving marker off by %.3g", rel);
    test_results_free(&r);
}

TEST_SUITE(post_request, T(marker_kinematics_match_hand_computation));
