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

TEST_SUITE(rotation, T(quaternion_matrix_round_trip), T(quaternion_of_rotation_about_z),
           T(kinematic_matrix_gives_body_rotation_rate), T(euler_313_matches_elementary_rotations));
