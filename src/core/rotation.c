/* Rotations (rotation.h): quaternions, rotation matrices, body-3-1-3 and
 * yaw-pitch-roll angles, rotation vectors. */
#include "rotation.h"
#include "vec3.h"

#include <math.h>

void mbs_quat_to_matrix(const double p[4], double A[9])
{
    double p0 = p[0], p1 = p[1], p2 = p[2], p3 = p[3];
    double d = 2.0 * p0 * p0 - 1.0;
    A[0] = d + 2.0 * p1 * p1;
    A[4] = d + 2.0 * p2 * p2;
    A[8] = d + 2.0 * p3 * p3;
    A[1] = 2.0 * (p1 * p2 - p0 * p3);
    A[3] = 2.0 * (p1 * p2 + p0 * p3);
    A[2] = 2.0 * (p1 * p3 + p0 * p2);
    A[6] = 2.0 * (p1 * p3 - p0 * p2);
    A[5] = 2.0 * (p2 * p3 - p0 * p1);
    A[7] = 2.0 * (p2 * p3 + p0 * p1);
}

void mbs_matrix_to_quat(const double A[9], double p[4])
{
    double tr = A[0] + A[4] + A[8];
    double c[4] = {tr, A[0], A[4], A[8]};
    int k = 0;
    for (int i = 1; i < 4; i++)
        if (c[i] > c[k])
            k = i;
    if (k == 0) {
        double s = 2.0 * sqrt(1.0 + tr);
        p[0] = 0.25 * s;
        p[1] = (A[7] - A[5]) / s;
        p[2] = (A[2] - A[6]) / s;
        p[3] = (A[3] - A[1]) / s;
    } else if (k == 1) {
        double s = 2.0 * sqrt(1.0 + A[0] - A[4] - A[8]);
        p[0] = (A[7] - A[5]) / s;
        p[1] = 0.25 * s;
        p[2] = (A[1] + A[3]) / s;
        p[3] = (A[2] + A[6]) / s;
    } else if (k == 2) {
        double s = 2.0 * sqrt(1.0 + A[4] - A[0] - A[8]);
        p[0] = (A[2] - A[6]) / s;
        p[1] = (A[1] + A[3]) / s;
        p[2] = 0.25 * s;
        p[3] = (A[5] + A[7]) / s;
    } else {
        double s = 2.0 * sqrt(1.0 + A[8] - A[0] - A[4]);
        p[0] = (A[3] - A[1]) / s;
        p[1] = (A[2] + A[6]) / s;
        p[2] = (A[5] + A[7]) / s;
        p[3] = 0.25 * s;
    }
    if (p[0] < 0.0)
        for (int i = 0; i < 4; i++)
            p[i] = -p[i];
    mbs_quat_normalise(p);
}

void mbs_quat_L(const double p[4], double L[12])
{
    double p0 = p[0], p1 = p[1], p2 = p[2], p3 = p[3];
    L[0] = -p1; L[1] = p0;  L[2] = p3;   L[3] = -p2;
    L[4] = -p2; L[5] = -p3; L[6] = p0;   L[7] = p1;
    L[8] = -p3; L[9] = p2;  L[10] = -p1; L[11] = p0;
}

void mbs_euler313_to_matrix(double psi, double theta, double phi, double R[9])
{
    double c1 = cos(psi), s1 = sin(psi);
    double c2 = cos(theta), s2 = sin(theta);
    double c3 = cos(phi), s3 = sin(phi);
    double Rz1[9] = {c1, -s1, 0, s1, c1, 0, 0, 0, 1};
    double Rx[9] = {1, 0, 0, 0, c2, -s2, 0, s2, c2};
    double Rz2[9] = {c3, -s3, 0, s3, c3, 0, 0, 0, 1};
    double T[9];
    m3_mul(T, Rz1, Rx);
    m3_mul(R, T, Rz2);
}

double mbs_m3_det(const double A[9])
{
    return A[0] * (A[4] * A[8] - A[5] * A[7]) - A[1] * (A[3] * A[8] - A[5] * A[6]) +
           A[2] * (A[3] * A[7] - A[4] * A[6]);
}

double mbs_orthonormality_error(const double A[9])
{
    double AtA[9];
    m3_tmul(AtA, A, A);
    double worst = 0.0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double e = fabs(AtA[3 * i + j] - (i == j ? 1.0 : 0.0));
            if (e > worst)
                worst = e;
        }
    return worst;
}

void mbs_quat_normalise(double p[4])
{
    double n = sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2] + p[3] * p[3]);
    if (n > 0.0)
        for (int i = 0; i < 4; i++)
            p[i] /= n;
}

void mbs_quat_rotate_body(double p[4], const double dtheta[3])
{
    /* Exact rotation by the body-frame rotation vector (not the first-order
     * update), so large assembly corrections stay on the unit sphere. */
    double angle = v3_norm(dtheta);
    double q[4];
    if (angle < 1e-12) {
        q[0] = 1.0;
        q[1] = 0.5 * dtheta[0];
        q[2] = 0.5 * dtheta[1];
        q[3] = 0.5 * dtheta[2];
    } else {
        double s = sin(0.5 * angle) / angle;
        q[0] = cos(0.5 * angle);
        q[1] = s * dtheta[0];
        q[2] = s * dtheta[1];
        q[3] = s * dtheta[2];
    }
    /* p <- p * q (body-frame rotation composes on the right) */
    double r[4];
    r[0] = p[0] * q[0] - p[1] * q[1] - p[2] * q[2] - p[3] * q[3];
    r[1] = p[0] * q[1] + p[1] * q[0] + p[2] * q[3] - p[3] * q[2];
    r[2] = p[0] * q[2] - p[1] * q[3] + p[2] * q[0] + p[3] * q[1];
    r[3] = p[0] * q[3] + p[1] * q[2] - p[2] * q[1] + p[3] * q[0];
    for (int i = 0; i < 4; i++)
        p[i] = r[i];
    mbs_quat_normalise(p);
}

void mbs_matrix_to_rotation_vector(const double A[9], double phi[3])
{
    double p[4];
    mbs_matrix_to_quat(A, p); /* p0 >= 0: the angle is in [0, pi] */
    double s = sqrt(p[1] * p[1] + p[2] * p[2] + p[3] * p[3]);
    /* angle / sin(angle / 2), continuous at 0 where it tends to 2 */
    double f = s > 1e-8 ? 2.0 * atan2(s, p[0]) / s : 2.0 / p[0];
    for (int k = 0; k < 3; k++)
        phi[k] = f * p[1 + k];
}

/* sin(theta) is taken from R[2] = sin(psi) sin(theta), R[5] = -cos(psi)
 * sin(theta): near theta = 0 acos(R[8]) would turn rounding in R[8] into
 * ~1e-8 rad and send psi to the general branch with meaningless R[2], R[5]. */
void mbs_matrix_to_euler313(const double R[9], double out[3])
{
    double s = hypot(R[2], R[5]);
    double theta = atan2(s, R[8]);
    if (s < 1e-10) {
        out[0] = atan2(R[3], R[0]);
        out[1] = theta;
        out[2] = 0.0;
        return;
    }
    out[0] = atan2(R[2], -R[5]);
    out[1] = theta;
    out[2] = atan2(R[6], R[7]);
}

/* R = Rz(yaw) Ry(-pitch) Rx(roll): R[6] = sin(pitch), R[3] / R[0] and
 * R[7] / R[8] the tangents of yaw and roll. At pitch +-90 deg only yaw +
 * roll (pitch 90) or yaw - roll (-90) is defined: roll is 0 and yaw =
 * atan2(-R[1], R[4]), which R keeps there (R[1] = -sin(yaw +- roll), R[4] =
 * cos(yaw +- roll)). Where c = cos(pitch) = hypot(R[0], R[3]) is small,
 * that answer is off by about c, the general one by rounding / c: the lock
 * is taken below sqrt(eps) = 1.5e-8, where both are equal. (At 1e-10 a
 * body turning at the lock in absolute coordinates tilted past it by the
 * constraints' tolerance and its yaw jumped: tests/physics/test_adams.c.) */
void mbs_matrix_to_ypr(const double R[9], double out[3])
{
    double c = hypot(R[0], R[3]);
    out[1] = atan2(R[6], c);
    if (c < 1.5e-8) {
        out[0] = atan2(-R[1], R[4]);
        out[2] = 0.0;
        return;
    }
    out[0] = atan2(R[3], R[0]);
    out[2] = atan2(R[7], R[8]);
}
