#include "../support/harness.h"
#include "../../src/core/rotation.h"
#include "../../src/core/vec3.h"

TEST(quaternion_matrix_round_trip)
{
    double p[4] = {0.7, 0.1, -0.5, 0.3};
    mbs_quat_normalise(p);
    double A[9], q[4];
    mbs_quat_to_matrix(p, A);
    CHECK(mbs_orthonormality_error(A) < 1e-14);
    CHECK_NEAR(mbs_m3_det(A), 1.0, 1e-14);
    mbs_matrix_to_quat(A, q);
    for (int i = 0; i < 4; i++)
        CHECK_NEAR(q[i], p[i], 1e-14);
}

TEST(quaternion_of_rotation_about_z)
{
    double a = 0.3, p[4] = {cos(a / 2), 0, 0, sin(a / 2)}, A[9];
    mbs_quat_to_matrix(p, A);
    CHECK_NEAR(A[0], cos(a), 1e-15);
    CHECK_NEAR(A[1], -sin(a), 1e-15);
    CHECK_NEAR(A[3], sin(a), 1e-15);
}

/* dp/dt = 1/2 L^T w_body must match the derivative of p when rotating
 * about a body axis: p(t) = p0 * (cos(wt/2), sin(wt/2) n). */
TEST(kinematic_matrix_gives_body_rotation_rate)
{
    double p[4] = {0.9, 0.2, 0.3, -0.1};
    mbs_quat_normalise(p);
    double w[3] = {0.4, -1.2, 0.7}, L[12], pd[4];
    mbs_quat_L(p, L);
    for (int i = 0; i < 4; i++)
        pd[i] = 0.5 * (L[i] * w[0] + L[4 + i] * w[1] + L[8 + i] * w[2]);
    double h = 1e-6, dtheta[3] = {w[0] * h, w[1] * h, w[2] * h}, q[4] = {p[0], p[1], p[2], p[3]};
    mbs_quat_rotate_body(q, dtheta);
    for (int i = 0; i < 4; i++)
        CHECK_NEAR((q[i] - p[i]) / h, pd[i], 1e-6);
}

TEST(euler_313_matches_elementary_rotations)
{
    double R[9];
    mbs_euler313_to_matrix(MBS_PI / 2, 0, 0, R);
    /* Rz(90): x -> y */
    CHECK_NEAR(R[3], 1.0, 1e-15);
    mbs_euler313_to_matrix(0, MBS_PI / 2, 0, R);
    /* Rx(90): y -> z */
    CHECK_NEAR(R[7], 1.0, 1e-15);
}

/* R = Rz(yaw) Ry(-pitch) Rx(roll), MotionSolve's YAW PITCH ROLL, written
 * out from the elementary rotations (row-major). */
static void ypr_matrix(double yaw, double pitch, double roll, double R[9])
{
    double cy = cos(yaw), sy = sin(yaw), cp = cos(pitch), sp = sin(pitch), cr = cos(roll), sr = sin(roll);
    double M[9] = {cy * cp, -sy * cr - cy * sp * sr, sy * sr - cy * sp * cr,
                   sy * cp, cy * cr - sy * sp * sr, -cy * sr - sy * sp * cr,
                   sp,      cp * sr,                cp * cr};
    for (int i = 0; i < 9; i++)
        R[i] = M[i];
}

static double rebuild_error(const double R[9], const double a[3])
{
    double B[9], err = 0.0;
    ypr_matrix(a[0], a[1], a[2], B);
    for (int i = 0; i < 9; i++)
        err = fmax(err, fabs(B[i] - R[i]));
    return err;
}

TEST(yaw_pitch_roll_round_trip)
{
    double R[9], a[3];
    ypr_matrix(0.4, 0.3, -0.7, R);
    mbs_matrix_to_ypr(R, a);
    CHECK_NEAR(a[0], 0.4, 1e-14);
    CHECK_NEAR(a[1], 0.3, 1e-14);
    CHECK_NEAR(a[2], -0.7, 1e-14);
}

/* At pitch +-90 deg only yaw + roll (pitch 90) or yaw - roll (pitch -90) is
 * defined, and R[0], R[3], R[7], R[8] are rounding: the angles must still
 * give back R (roll 0, the turn in yaw), the same for rounding-level changes
 * of those entries (a body turning in a plane whose x axis is the plane's
 * normal stays there: Adams' 3-RPR datasets measure such a platform's YAW). */
TEST(yaw_pitch_roll_at_the_lock)
{
    for (int s = -1; s <= 1; s += 2) {
        double R[9], a[3], b[3];
        ypr_matrix(0.9, s * MBS_PI / 2, 0.25, R);
        R[0] = 1e-17, R[3] = -3e-17, R[7] = 2e-17, R[8] = 5e-17;
        mbs_matrix_to_ypr(R, a);
        CHECK_NEAR(a[1], s * MBS_PI / 2, 1e-8);
        CHECK_NEAR(a[0] - s * a[2], s > 0 ? 0.9 + 0.25 : 0.9 - 0.25, 1e-14);
        CHECK(rebuild_error(R, a) < 1e-14);
        R[0] = -4e-17, R[3] = 1e-17, R[7] = -2e-17, R[8] = 0.0;
        mbs_matrix_to_ypr(R, b);
        CHECK(rebuild_error(R, b) < 1e-14);
        CHECK_NEAR(b[0], a[0], 1e-14);
        CHECK_NEAR(b[2], a[2], 1e-14);
    }
}

TEST_SUITE(rotation, T(quaternion_matrix_round_trip), T(quaternion_of_rotation_about_z),
           T(kinematic_matrix_gives_body_rotation_rate), T(euler_313_matches_elementary_rotations),
           T(yaw_pitch_roll_round_trip), T(yaw_pitch_roll_at_the_lock));
