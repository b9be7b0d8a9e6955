/* Small dense linear algebra (row-major, n x n or m x n unless said
 * otherwise): the program's one dense LU factorisation (LAPACK's), rank
 * analysis of constraint Jacobians, checks on inertia tensors. */
#ifndef MBS_DENSE_H
#define MBS_DENSE_H

/* In-place LU with partial pivoting of the n x n matrix A (LAPACK's
 * dgetrf; piv[n] its row interchanges); returns 0, or -1 if a pivot is
 * exactly zero (singular). The same call factors A stored by rows or by
 * columns (LAPACK's own layout); the solve says which it was. */
int mbs_lu_factor(double *A, int n, int *piv);
/* Solves A x = b in place (b[n] becomes x), A stored by rows. */
void mbs_lu_solve(const double *LU, int n, const int *piv, double *b);
/* Solves A X = B in place for nrhs right sides, A and B (n x nrhs) stored
 * by columns. */
void mbs_lu_solve_cols(const double *LU, int n, const int *piv, double *B, int nrhs);

/* max |dx_i| / max |x_i| over a block of n, that size at least `floor`
 * (SI: a mechanism at rest has accelerations of rounding size, against
 * which no change would ever be small); 0 when dx is. An iteration's
 * relative change. */
double mbs_relative_change(const double *dx, const double *x, int n, double floor);

/* Rank-revealing QR with column pivoting of the m x n matrix A (destroyed).
 * On return perm[0..rank-1] are the independent columns in pivot order and
 * perm[rank..n-1] the columns found dependent on them; |R_kk| below
 * tol * |R_00| counts as zero. Returns the numerical rank. */
int mbs_qr_rank(double *A, int m, int n, double tol, int *perm);

/* The independent columns of the m x n matrix A taken in their order
 * (modified Gram-Schmidt, orthogonalised twice): column j is independent
 * when what remains of it, orthogonal to the independent columns before
 * it, exceeds tol times its own norm. perm[0..rank-1] are those columns
 * and perm[rank..n-1] the others, each group in column order. Returns the
 * rank, or -1 out of memory. Unlike mbs_qr_rank, the caller's order decides
 * which of a dependent set is left out: the last. */
int mbs_rank_in_order(const double *A, int m, int n, double tol, int *perm);

/* Eigenvalues of a symmetric 3x3 matrix (cyclic Jacobi), ascending. */
void mbs_sym3_eigenvalues(const double S[9], double eig[3]);
/* The same by Jacobi rotations, unsorted, with the eigenvectors as the
 * columns of V (row-major), in the order of eig. */
void mbs_sym3_eigen(const double S[9], double eig[3], double V[9]);

#endif
