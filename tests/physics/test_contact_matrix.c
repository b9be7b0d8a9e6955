/* How contacts enter the absolute formulation's Newton matrix
 * (solver/dae/absolute.c, jacobian.c, sparsity.c; docs/contact.md): a
 * contact starts out of the matrix's pattern (its shapes apart), joins it,
 * differenced alone, when its shapes come near, and stays until the next
 * contact comes near. At every state of a ball on a floor (models of
 * tests/physics/models/contact_ball.xml: apart, pressed in, apart again,
 * in again) and of two balls on the floor, one on the other, the
 * formulation's Newton matrix (dense, and sparse for KLU, which must
 * factor it) equals the plain coloured difference matrix of every
 * element, to rounding; pressed in, the ball's vertical force slope is the
 * IMPACT law's k (exponent 1, no damping: F = k p). The Newton matrix does
 * not depend on the formulation; the test runs the same in both. */
#include "../support/harness.h"
#include "../support/run_model.h"
#include "../../src/solver/dae/formulation.h"
#include "../../src/solver/dae/jacobian.h"
#include "../../src/solver/dae/residual.h"
#include "../../src/solver/dae/sundials_compat.h"

#include <math.h>
#include <nvector/nvector_serial.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>

/* A's entry (i, j), dense or sparse (0 outside its pattern). */
static double entry(SUNMatrix A, int i, int j)
{
    if (SUNMatGetID(A) == SUNMATRIX_DENSE)
        return SM_ELEMENT_D(A, i, j);
    sunindextype *colptr = SUNSparseMatrix_IndexPointers(A), *rowind = SUNSparseMatrix_IndexValues(A);
    for (sunindextype k = colptr[j]; k < colptr[j + 1]; k++)
        if (rowind[k] == i)
            return SUNSparseMatrix_Data(A)[k];
    return 0.0;
}

/* The largest |A - B| over the largest |B|, the dissipated energy's row
 * left out (only its diagonal is kept, on purpose: sparsity.c). */
static double relative_difference(const mbs_model *m, SUNMatrix A, SUNMatrix B)
{
    int n = m->ny, energy = m->energy_state >= 0 ? m->ofs_z + m->energy_state : -1;
    double diff = 0.0, size = 0.0;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++)
            if (i != energy) {
                diff = fmax(diff, fabs(entry(A, i, j) - entry(B, i, j)));
                size = fmax(size, fabs(entry(B, i, j)));
            }
    return diff / size;
}

/* One state: the bodies' heights z[b] (their centres, from the model's
 * start otherwise) and vertical speeds vz[b], for the bodies named in
 * which[] (body indices). */
typedef struct state {
    double z[2], vz[2];
} state;

/* Runs the states through the formulation of `path` (with parameters sets)
 * and checks each matrix against the coloured differences of all elements.
 * labels[]: the bodies the states move; k: the IMPACT stiffness; pressed[s]:
 * how many contacts press the first of them at state s, each adding k to
 * its vertical force's slope by its height. */
static void check_states(const char *path, const char *const *sets, int n_moved, const char *const *labels,
                         const state *states, const int *pressed, int n_states, double k, int sparse)
{
    mbs_model *m = NULL;
    char err[512];
    CHECK_MSG(test_load_model(path, sets, &m, err, sizeof err) == MBS_OK, "%s: %s", path, err);
    if (!m)
        return;
    int n = m->ny, moved[2] = {-1, -1};
    for (int b = 0; b < m->n_bodies; b++)
        for (int i = 0; i < n_moved; i++)
            if (m->bodies[b].label && strcmp(m->bodies[b].label, labels[i]) == 0)
                moved[i] = b;
    CHECK(moved[0] >= 0 && (n_moved < 2 || moved[1] >= 0));
    SUNContext ctx = NULL;
    CHECK(mbs_sun_context_create(&ctx) == 0);
    mbs_data *d = mbs_data_create(m);
    int failed = 0;
    char *coupling = mbs_pattern_start_coupling(m, NULL, &failed);
    CHECK(coupling && !failed);
    mbs_pattern *start = mbs_pattern_build(m, NULL, coupling), *full = mbs_pattern_build(m, NULL, NULL);
    free(coupling);
    CHECK(start && full);
    for (int c = 0; start && c < m->n_comps; c++) /* the contacts start out of the matrix */
        if (m->comps[c].ops->near)
            CHECK(start->coupling[c] == MBS_COUPLING_NONE);
    mbs_dae dae = mbs_dae_absolute(m, d, start, sparse);
    N_Vector tmpl = N_VNew_Serial(n, ctx), ones = N_VNew_Serial(n, ctx), xs = N_VNew_Serial(n, ctx);
    SUNMatrix A = NULL, B = SUNDenseMatrix(n, n, ctx);
    SUNLinearSolver ls = NULL;
    CHECK(dae.self && tmpl && ones && xs && B);
    if (dae.self && tmpl)
        dae.ops->linear_solver(dae.self, ctx, tmpl, &A, &ls);
    CHECK(A && ls && SUNLinSolInitialize(ls) == 0);
    mbs_jacobian ref;
    CHECK(mbs_jacobian_init(&ref, m, d, full) == 0);
    double *y = calloc((size_t)n, sizeof *y), *yp = calloc((size_t)n, sizeof *yp), *r0 = calloc((size_t)n, sizeof *r0),
           *atol = malloc((size_t)n * sizeof *atol), *w = malloc((size_t)n * sizeof *w);
    CHECK(y && yp && r0 && atol && w);
    for (int j = 0; j < n; j++)
        atol[j] = 1e-8;
    double cj = 2000.0, h = 5e-4, t = 0.3, free_slope = 0.0;
    for (int s = 0; s < n_states && A && ls && y && yp && r0 && atol && w; s++) {
        memset(y, 0, (size_t)n * sizeof *y);
        memset(yp, 0, (size_t)n * sizeof *yp);
        for (int b = 0; b < m->n_bodies; b++)
            if (m->bodies[b].type == MBS_BODY_RIGID) {
                const mbs_body *body = &m->bodies[b];
                memcpy(y + body->q_ofs, body->r0, 3 * sizeof *y);
                memcpy(y + body->q_ofs + 3, body->p0, 4 * sizeof *y);
                for (int i = 0; i < n_moved; i++)
                    if (b == moved[i]) {
                        y[body->q_ofs + 2] = states[s].z[i];
                        y[body->u_ofs + 2] = yp[body->q_ofs + 2] = states[s].vz[i];
                        yp[body->u_ofs + 2] = -9.81;
                    }
            }
        mbs_residual(m, d, t, y, yp, r0);
        for (int j = 0; j < n; j++) /* IDA's error weights, rtol 1e-6 */
            w[j] = 1.0 / (1e-6 * fabs(y[j]) + atol[j]);
        SUNMatZero(A); /* as IDA leaves them */
        SUNMatZero(B);
        d->differencing = 1;
        CHECK_MSG(dae.ops->newton_matrix(dae.self, t, cj, h, y, yp, r0, w, atol, A) == 0, "%s", d->eval_message);
        CHECK(mbs_jacobian_eval(&ref, t, cj, y, yp, r0, h, w, B) == 0);
        d->differencing = 0;
        double rel = relative_difference(m, A, B);
        CHECK_MSG(rel < 1e-7, "%s (%s): state %d: the Newton matrix differs from every element's differences by %.3g",
                  path, sparse ? "sparse" : "dense", s, rel);
        /* the first moved body's vertical force by its height: k more for each contact pressing it */
        const mbs_body *b0 = &m->bodies[moved[0]];
        double slope = entry(A, b0->u_ofs + 2, b0->q_ofs + 2);
        if (s == 0)
            free_slope = slope;
        CHECK_MSG(fabs((slope - free_slope) / k - pressed[s]) < 1e-4,
                  "%s (%s): state %d: the contacts' slope is %.8g, %d k = %g", path, sparse ? "sparse" : "dense", s,
                  slope - free_slope, pressed[s], pressed[s] * k);
        /* the linear solver solves with it (KLU analyses a new pattern anew):
         * A x = 1 checked on the reference: B x - 1 small */
        CHECK_MSG(SUNLinSolSetup(ls, A) == 0, "%s: state %d: the linear solver cannot factor the matrix", path, s);
        N_VConst(1.0, ones);
        CHECK(SUNLinSolSolve(ls, A, xs, ones, 0.0) == 0);
        const double *xv = N_VGetArrayPointer(xs);
        double res = 0.0, scale = 0.0;
        for (int i = 0; i < n; i++) {
            double row = -1.0;
            for (int j = 0; j < n; j++) {
                row += entry(B, i, j) * xv[j];
                scale = fmax(scale, fabs(entry(B, i, j) * xv[j]));
            }
            res = fmax(res, fabs(row));
        }
        CHECK_MSG(res <= 1e-9 * scale, "%s (%s): state %d: the solve's residual is %.3g of %.3g", path,
                  sparse ? "sparse" : "dense", s, res, scale);
    }
    free(y);
    free(yp);
    free(r0);
    free(atol);
    free(w);
    mbs_jacobian_free(&ref);
    if (ls)
        SUNLinSolFree(ls);
    if (A)
        SUNMatDestroy(A);
    SUNMatDestroy(B);
    N_VDestroy(tmpl);
    N_VDestroy(ones);
    N_VDestroy(xs);
    mbs_dae_free(&dae);
    mbs_pattern_free(start);
    mbs_pattern_free(full);
    mbs_data_free(d);
    SUNContext_Free(&ctx);
    mbs_model_free(m);
}

/* The ball (radius 0.1) of contact_ball.xml: apart (0.5 m up), pressed 1 mm
 * in moving down, apart again, in again moving up. */
TEST(a_contact_joins_the_newton_matrix_as_it_comes_near)
{
    const char *sets[] = {"k=1e5", "ex=1", "c=0", NULL}, *ball[] = {"ball"};
    const state states[] = {{{0.6}, {-1.0}}, {{0.099}, {-0.5}}, {{0.6}, {0.0}}, {{0.099}, {0.3}}};
    const int pressed[] = {0, 1, 0, 1};
    for (int sparse = 0; sparse <= 1; sparse++)
        check_states("tests/physics/models/contact_ball.xml", sets, 1, ball, states, pressed, 4, 1e5, sparse);
}

/* Two balls and the floor (contact_two_balls.xml): the lower one lands
 * while the upper is high above it, then the upper lands on it, then
 * both leave; the contact between them enters after the floor's. */
TEST(contacts_join_the_newton_matrix_one_after_another)
{
    const char *sets[] = {NULL}, *balls[] = {"lower", "upper"};
    const state states[] = {{{0.5, 1.0}, {-1.0, -1.0}},
                            {{0.099, 1.0}, {-0.5, -1.0}},
                            {{0.099, 0.298}, {0.0, -0.5}},
                            {{0.5, 1.0}, {1.0, 1.0}},
                            {{0.099, 0.298}, {0.1, -0.1}}};
    const int pressed[] = {0, 1, 2, 0, 2}; /* the lower ball's: the floor, then the upper ball too */
    for (int sparse = 0; sparse <= 1; sparse++)
        check_states("tests/physics/models/contact_two_balls.xml", sets, 2, balls, states, pressed, 5, 1e5, sparse);
}

TEST_SUITE(contact_matrix, T(a_contact_joins_the_newton_matrix_as_it_comes_near),
           T(contacts_join_the_newton_matrix_one_after_another));
