#include "../support/harness.h"
#include "../../src/core/dense.h"

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

TEST_SUITE(dense, T(lu_solves_with_row_interchanges), T(lu_reports_singular), T(qr_rank_finds_dependent_column),
           T(qr_rank_of_full_matrix), T(rank_in_order_leaves_out_the_last_of_a_dependent_set), T(symmetric_eigenvalues));
