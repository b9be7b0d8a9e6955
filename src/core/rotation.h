/* Rotations: unit quaternions (Euler parameters p = (p0, p1, p2, p3), p0 the
 * scalar part), rotation matrices and body-3-1-3 Euler angles. */
#ifndef MBS_ROTATION_H
#define MBS_ROTATION_H

/* A(p) = (2 p0^2 - 1) I + 2 (e e^T + p0 [e~]),  e = (p1, p2, p3). */
void mbs_quat_to_matrix(const double p[4], double A[9]);

/* Quaternion of a proper rotation matrix (Shepperd's method), p0 >= 0. */
void mbs_matrix_to_quat(const double A[9], double p[4]);

/* L(p) (3x4, row-major) with  omega_body = 2 L(p) dp/dt  and  dp/dt = 1/2 L(p)^T omega_body:
 * L = [ -p1  p0  p3 -p2 ; -p2 -p3  p0  p1 ; -p3  p2 -p1  p0 ]. */
void mbs_quat_L(const double p[4], double L[12]);

/* R = Rz(psi) Rx(theta) Rz(phi). */
void mbs_euler313_to_matrix(double psi, double theta, double phi, double R[9]);

/* Largest deviation of A^T A from I and whether det(A) > 0. */
/* The body 3-1-3 angles (psi, theta, phi) of R = Rz(psi) Rx(theta) Rz(phi),
 * theta in [0, pi]. */
void mbs_matrix_to_euler313(const double R[9], double out[3]);
/* MotionSolve's yaw, pitch, roll: R = Rz(yaw) Ry(-pitch) Rx(roll) (pitch is
 * about the negative y axis), pitch in [-pi/2, pi/2]. */
void mbs_matrix_to_ypr(const double R[9], double out[3]);
double mbs_orthonormality_error(const double A[9]);
double mbs_m3_det(const double A[9]);

/* Rotates p (unit quaternion of a body) by the small body-frame rotation vector
 * dtheta: p <- normalise(p + 1/2 L(p)^T dtheta). */
void mbs_quat_rotate_body(double p[4], const double dtheta[3]);

/* Rotation vector (axis times angle in [0, pi]) of a proper rotation matrix. */
void mbs_matrix_to_rotation_vector(const double A[9], double phi[3]);

/* Normalises p to unit length. */
void mbs_quat_normalise(double p[4]);

#endif
