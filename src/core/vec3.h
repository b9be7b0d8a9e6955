/* 3-vectors and 3x3 matrices as plain double arrays. Matrices are row-major:
 * A[3*i + j] is row i, column j. A rotation matrix's columns are the frame's
 * x, y, z axes in the parent (usually global) frame. */
#ifndef MBS_VEC3_H
#define MBS_VEC3_H

#include <math.h>
#include <string.h>

#define MBS_PI 3.14159265358979323846

static inline void v3_set(double r[3], double x, double y, double z) { r[0] = x; r[1] = y; r[2] = z; }
static inline void v3_copy(double r[3], const double a[3]) { memcpy(r, a, 3 * sizeof(double)); }
static inline void v3_zero(double r[3]) { r[0] = r[1] = r[2] = 0.0; }
static inline double v3_dot(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
static inline double v3_norm(const double a[3]) { return sqrt(v3_dot(a, a)); }

static inline void v3_add(double r[3], const double a[3], const double b[3])
{
    r[0] = a[0] + b[0]; r[1] = a[1] + b[1]; r[2] = a[2] + b[2];
}

static inline void v3_sub(double r[3], const double a[3], const double b[3])
{
    r[0] = a[0] - b[0]; r[1] = a[1] - b[1]; r[2] = a[2] - b[2];
}

static inline void v3_scale(double r[3], const double a[3], double s)
{
    r[0] = s * a[0]; r[1] = s * a[1]; r[2] = s * a[2];
}

/* r += s * a */
static inline void v3_axpy(double r[3], double s, const double a[3])
{
    r[0] += s * a[0]; r[1] += s * a[1]; r[2] += s * a[2];
}

/* r = a x b (r may alias neither a nor b) */
static inline void v3_cross(double r[3], const double a[3], const double b[3])
{
    double x = a[1] * b[2] - a[2] * b[1];
    double y = a[2] * b[0] - a[0] * b[2];
    double z = a[0] * b[1] - a[1] * b[0];
    r[0] = x; r[1] = y; r[2] = z;
}

/* r = A a */
static inline void m3_mul_v(double r[3], const double A[9], const double a[3])
{
    double x = A[0] * a[0] + A[1] * a[1] + A[2] * a[2];
    double y = A[3] * a[0] + A[4] * a[1] + A[5] * a[2];
    double z = A[6] * a[0] + A[7] * a[1] + A[8] * a[2];
    r[0] = x; r[1] = y; r[2] = z;
}

/* r = A^T a */
static inline void m3_tmul_v(double r[3], const double A[9], const double a[3])
{
    double x = A[0] * a[0] + A[3] * a[1] + A[6] * a[2];
    double y = A[1] * a[0] + A[4] * a[1] + A[7] * a[2];
    double z = A[2] * a[0] + A[5] * a[1] + A[8] * a[2];
    r[0] = x; r[1] = y; r[2] = z;
}

/* C = A B (C must not alias) */
static inline void m3_mul(double C[9], const double A[9], const double B[9])
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            C[3 * i + j] = A[3 * i] * B[j] + A[3 * i + 1] * B[3 + j] + A[3 * i + 2] * B[6 + j];
}

/* C = A^T B (C must not alias) */
static inline void m3_tmul(double C[9], const double A[9], const double B[9])
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            C[3 * i + j] = A[i] * B[j] + A[3 + i] * B[3 + j] + A[6 + i] * B[6 + j];
}

/* C = A B^T (C must not alias) */
static inline void m3_mul_t(double C[9], const double A[9], const double B[9])
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            C[3 * i + j] = A[3 * i] * B[3 * j] + A[3 * i + 1] * B[3 * j + 1] + A[3 * i + 2] * B[3 * j + 2];
}

static inline void m3_identity(double A[9])
{
    memset(A, 0, 9 * sizeof(double));
    A[0] = A[4] = A[8] = 1.0;
}

/* Column j of A. */
static inline void m3_col(double r[3], const double A[9], int j)
{
    r[0] = A[j]; r[1] = A[3 + j]; r[2] = A[6 + j];
}

#endif
