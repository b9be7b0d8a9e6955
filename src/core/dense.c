/* Small dense linear algebra (dense.h): the LU factorisation (LAPACK's),
 * rank analysis, symmetric 3x3 eigenproblems. */
#include "dense.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* LAPACK (Fortran, column-major; a character argument's length at the end) */
extern void dgetrf_(const int *m, const int *n, double *a, const int *lda, int *ipiv, int *info);
extern void dgetrs_(const char *trans, const int *n, const int *nrhs, const double *a, const int *lda,
                    const int *ipiv, double *b, const int *ldb, int *info, size_t trans_len);

int mbs_lu_factor(double *A, int n, int *piv)
{
    if (n <= 0) /* (LAPACK refuses a leading dimension of 0) */
        return 0;
    int info = 0;
    dgetrf_(&n, &n, A, &n, piv, &info);
    return info == 0 ? 0 : -1;
}

/* A matrix stored by rows is, read by columns as LAPACK reads it, its
 * transpose: the factors are those of A^T, and A x = b is A^T's transposed
 * system. */
void mbs_lu_solve(const double *LU, int n, const int *piv, double *b)
{
    int one = 1, info = 0;
    if (n > 0)
        dgetrs_("T", &n, &one, LU, &n, piv, b, &n, &info, 1);
}

void mbs_lu_solve_cols(const double *LU, int n, const int *piv, double *B, int nrhs)
{
    int info = 0;
    if (n > 0 && nrhs > 0)
        dgetrs_("N", &n, &nrhs, LU, &n, piv, B, &n, &info, 1);
}

int mbs_qr_rank(double *A, int m, int n, double tol, int *perm)
{
    double *norms = malloc((size_t)(n > 0 ? n : 1) * sizeof *norms);
    if (!norms)
        return -1;
    for (int j = 0; j < n; j++) {
        perm[j] = j;
        double s = 0.0;
        for (int i = 0; i < m; i++)
            s += A[i * n + j] * A[i * n + j];
        norms[j] = s;
    }
    int kmax = m < n ? m : n;
    int rank = 0;
    double r00 = 0.0;
    for (int k = 0; k < kmax; k++) {
        /* pivot: the remaining column of largest norm */
        int p = k;
        for (int j = k + 1; j < n; j++)
            if (norms[j] > norms[p])
                p = j;
        if (p != k) {
            for (int i = 0; i < m; i++) {
                double t = A[i * n + k];
                A[i * n + k] = A[i * n + p];
                A[i * n + p] = t;
            }
            double t = norms[k];
            norms[k] = norms[p];
            norms[p] = t;
            int ti = perm[k];
            perm[k] = perm[p];
            perm[p] = ti;
        }
        /* Householder reflection zeroing A[k+1.., k] */
        double alpha = 0.0;
        for (int i = k; i < m; i++)
            alpha += A[i * n + k] * A[i * n + k];
        alpha = sqrt(alpha);
        if (k == 0)
            r00 = alpha;
        if (alpha <= tol * r00 || alpha == 0.0)
            break;
        rank++;
        if (A[k * n + k] > 0)
            alpha = -alpha;
        double v0 = A[k * n + k] - alpha;
        A[k * n + k] = v0;
        double vnorm2 = v0 * v0;
        for (int i = k + 1; i < m; i++)
            vnorm2 += A[i * n + k] * A[i * n + k];
        for (int j = k + 1; j < n; j++) {
            double s = 0.0;
            for (int i = k; i < m; i++)
                s += A[i * n + k] * A[i * n + j];
            double f = 2.0 * s / vnorm2;
            for (int i = k; i < m; i++)
                A[i * n + j] -= f * A[i * n + k];
        }
        /* norms of the remaining sub-columns, recomputed rather than
         * downdated: downdating loses the small ones to cancellation */
        for (int j = k + 1; j < n; j++) {
            double s = 0.0;
            for (int i = k + 1; i < m; i++)
                s += A[i * n + j] * A[i * n + j];
            norms[j] = s;
        }
        A[k * n + k] = alpha;
    }
    free(norms);
    return rank;
}

int mbs_rank_in_order(const double *A, int m, int n, double tol, int *perm)
{
    int kmax = m < n ? m : n;
    double *basis = malloc(((size_t)kmax * (size_t)m + 1) * sizeof *basis), *x = malloc(((size_t)m + 1) * sizeof *x);
    int *dependent = malloc(((size_t)n + 1) * sizeof *dependent);
    if (!basis || !x || !dependent) {
        free(basis), free(x), free(dependent);
        return -1;
    }
    int rank = 0, n_dependent = 0;
    for (int j = 0; j < n; j++) {
        double norm0 = 0.0;
        for (int i = 0; i < m; i++) {
            x[i] = A[(size_t)i * n + j];
            norm0 += x[i] * x[i];
        }
        for (int pass = 0; pass < 2; pass++)
            for (int k = 0; k < rank; k++) {
                const double *e = basis + (size_t)k * m;
                double dot = 0.0;
                for (int i = 0; i < m; i++)
                    dot += e[i] * x[i];
                for (int i = 0; i < m; i++)
                    x[i] -= dot * e[i];
            }
        double norm = 0.0;
        for (int i = 0; i < m; i++)
            norm += x[i] * x[i];
        if (rank < kmax && norm0 > 0.0 && norm > tol * tol * norm0) {
            double *e = basis + (size_t)rank * m;
            for (int i = 0; i < m; i++)
                e[i] = x[i] / sqrt(norm);
            perm[rank++] = j;
        } else {
            dependent[n_dependent++] = j;
        }
    }
    memcpy(perm + rank, dependent, (size_t)n_dependent * sizeof *perm);
    free(basis), free(x), free(dependent);
    return rank;
}

void mbs_sym3_eigen(const double S[9], double eig[3], double V[9])
{
    double a[9];
    memcpy(a, S, sizeof a);
    for (int k = 0; k < 9; k++)
        V[k] = k % 4 == 0 ? 1.0 : 0.0;
    for (int sweep = 0; sweep < 50; sweep++) {
        double off = a[1] * a[1] + a[2] * a[2] + a[5] * a[5];
        if (off < 1e-30 * (a[0] * a[0] + a[4] * a[4] + a[8] * a[8]) || off == 0.0)
            break;
        static const int P[3][2] = {{0, 1}, {0, 2}, {1, 2}};
        for (int r = 0; r < 3; r++) {
            int p = P[r][0], q = P[r][1];
            double apq = a[3 * p + q];
            if (apq == 0.0)
                continue;
            double theta = (a[3 * q + q] - a[3 * p + p]) / (2.0 * apq);
            double t = (theta >= 0 ? 1.0 : -1.0) / (fabs(theta) + sqrt(theta * theta + 1.0));
            double c = 1.0 / sqrt(t * t + 1.0), s = t * c;
            for (int k = 0; k < 3; k++) {
                double akp = a[3 * k + p], akq = a[3 * k + q];
                a[3 * k + p] = c * akp - s * akq;
                a[3 * k + q] = s * akp + c * akq;
            }
            for (int k = 0; k < 3; k++) {
                double apk = a[3 * p + k], aqk = a[3 * q + k];
                a[3 * p + k] = c * apk - s * aqk;
                a[3 * q + k] = s * apk + c * aqk;
            }
            for (int k = 0; k < 3; k++) { /* V = V J: the columns follow the rotations */
                double vkp = V[3 * k + p], vkq = V[3 * k + q];
                V[3 * k + p] = c * vkp - s * vkq;
                V[3 * k + q] = s * vkp + c * vkq;
            }
        }
    }
    eig[0] = a[0];
    eig[1] = a[4];
    eig[2] = a[8];
}

void mbs_sym3_eigenvalues(const double S[9], double eig[3])
{
    double V[9];
    mbs_sym3_eigen(S, eig, V);
    for (int i = 0; i < 2; i++)
        for (int j = i + 1; j < 3; j++)
            if (eig[j] < eig[i]) {
                double t = eig[i];
                eig[i] = eig[j];
                eig[j] = t;
            }
}

double mbs_relative_change(const double *dx, const double *x, int n, double floor)
{
    double d = 0.0, size = floor;
    for (int i = 0; i < n; i++) {
        d = fmax(d, fabs(dx[i]));
        size = fmax(size, fabs(x[i]));
    }
    return d == 0.0 ? 0.0 : d / fmax(size, 1e-300);
}
