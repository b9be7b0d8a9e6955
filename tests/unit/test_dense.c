#include "../support/harness.h"
#include "../../src/core/dense.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

TEST(lu_solves_with_row_interchanges)
{
    /* needs pivoting at the first and the second step */
    double A[9] = {0, 2, 1, 1, 1, 1, 2, 1, 3};
    double LU[9];
    memcpy(LU, A, sizeof A);
    int piv[3];
    CHECK(mbs_lu_factor(LU, 3, piv) == 0);
    double x_true[3] = {1, -2, 3}, b[3];
    for (int i = 0; i < 3; i++)
        b[i] = A[3 * i] * x_true[0] + A[3 * i + 1] * x_true[1] + A[3 * i + 2] * x_true[2];
    mbs_lu_solve(LU, 3, piv, b);
    for (int i = 0; i < 3; i++)
        CHECK_NEAR(b[i], x_true[i], 1e-14);
}

TEST(lu_reports_singular)
{
    double A[4] = {1, 2, 2, 4};
    int piv[2];
    CHECK(mbs_lu_factor(A, 2, piv) != 0);
}

/* The same matrix stored by columns, two right sides at once (LAPACK's
 * layout, as the linear analysis and the joint formulation's Schur
 * complement keep theirs). */
TEST(lu_solves_by_columns_for_several_right_sides)
{
    const double A[9] = {0, 2, 1, 1, 1, 1, 2, 1, 3}; /* by rows */
    double LU[9];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            LU[3 * j + i] = A[3 * i + j];
    int piv[3];
    CHECK(mbs_lu_factor(LU, 3, piv) == 0);
    const double X[6] = {1, -2, 3, /**/ -0.5, 4, 0.25}; /* two columns */
    double B[6];
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < 3; i++)
            B[3 * k + i] = A[3 * i] * X[3 * k] + A[3 * i + 1] * X[3 * k + 1] + A[3 * i + 2] * X[3 * k + 2];
    mbs_lu_solve_cols(LU, 3, piv, B, 2);
    for (int k = 0; k < 6; k++)
        CHECK_NEAR(B[k], X[k], 1e-14);
}

/* A system past LAPACK's block size (64), not symmetric, not diagonally
 * dominant: the residual of the solution within rounding of the data. */
TEST(lu_solves_a_large_system_to_rounding)
{
    enum { N = 150 };
    double *A = malloc(sizeof(double) * N * N), *LU = malloc(sizeof(double) * N * N);
    double x[N], b[N];
    int piv[N];
    unsigned s = 12345;
    for (int k = 0; k < N * N; k++) {
        s = s * 1103515245u + 12345u;
        A[k] = (double)(s >> 8 & 0xffff) / 32768.0 - 1.0;
    }
    for (int i = 0; i < N; i++)
        x[i] = b[i] = sin(i + 1.0);
    memcpy(LU, A, sizeof(double) * N * N);
    CHECK(mbs_lu_factor(LU, N, piv) == 0);
    mbs_lu_solve(LU, N, piv, x);
    double worst = 0.0, xmax = 0.0;
    for (int i = 0; i < N; i++)
        xmax = fmax(xmax, fabs(x[i]));
    for (int i = 0; i < N; i++) {
        double r = -b[i];
        for (int j = 0; j < N; j++)
            r += A[i * N + j] * x[j];
        worst = fmax(worst, fabs(r));
    }
    CHECK(worst < 1e-12 * N * xmax);
    free(A);
    free(LU);
}

/* No unknowns: nothing to factor or solve (LAPACK itself refuses a leading
 * dimension of 0). */
TEST(lu_of_no_unknowns)
{
    double A[1] = {7}, b[1] = {3};
    int piv[1];
    CHECK(mbs_lu_factor(A, 0, piv) == 0);
    mbs_lu_solve(A, 0, piv, b);
    mbs_lu_solve_cols(A, 0, piv, b, 1);
    CHECK(A[0] == 7 && b[0] == 3);
}

TEST(qr_rank_finds_dependent_column)
{
    /* column 2 = column 0 + column 1 */
    double A[12] = {1, 0, 1, 0, 2, 1, 2, 2, 4, 0, 1, 0};
    int perm[4];
    int rank = mbs_qr_rank(A, 3, 4, 1e-10, perm);
    CHECK(rank == 3);
}

TEST(qr_rank_of_full_matrix)
{
    double A[6] = {1, 0, 0, 1, 1, 1};
    int perm[2];
    CHECK(mbs_qr_rank(A, 3, 2, 1e-12, perm) == 2);
}

/* Columns a, b, a + 2b, c (3 x 4, row-major): in order, the third is the
 * dependent one; with the sum first, the last of a dependent set (b) is. */
TEST(rank_in_order_leaves_out_the_last_of_a_dependent_set)
{
    const double A[12] = {1, 0, 1, 0, /**/ 0, 1, 2, 0, /**/ 0, 0, 0, 3};
    int perm[4];
    CHECK(mbs_rank_in_order(A, 3, 4, 1e-8, perm) == 3);
    CHECK(perm[0] == 0 && perm[1] == 1 && perm[2] == 3 && perm[3] == 2);
    const double B[9] = {1, 1, 0, /**/ 2, 0, 1, /**/ 0, 0, 0}; /* a + 2b, a, b */
    CHECK(mbs_rank_in_order(B, 3, 3, 1e-8, perm) == 2);
    CHECK(perm[0] == 0 && perm[1] == 1 && perm[2] == 2);
    const double C[4] = {1, 1, /**/ 0, 1e-12}; /* nearly parallel: dependent at 1e-8 */
    CHECK(mbs_rank_in_order(C, 2, 2, 1e-8, perm) == 1);
}

TEST(symmetric_eigenvalues)
{
    /* rotation of diag(1, 2, 3) */
    double S[9] = {1.5, 0.5, 0, 0.5, 1.5, 0, 0, 0, 3};
    double e[3];
    mbs_sym3_eigenvalues(S, e);
    CHECK_NEAR(e[0], 1.0, 1e-12);
    CHECK_NEAR(e[1], 2.0, 1e-12);
    CHECK_NEAR(e[2], 3.0, 1e-12);
}

TEST_SUITE(dense, T(lu_solves_with_row_interchanges), T(lu_reports_singular),
           T(lu_solves_by_columns_for_several_right_sides), T(lu_solves_a_large_system_to_rounding), T(lu_of_no_unknowns), T(qr_rank_finds_dependent_column),
           T(qr_rank_of_full_matrix), T(rank_in_order_leaves_out_the_last_of_a_dependent_set), T(symmetric_eigenvalues));
