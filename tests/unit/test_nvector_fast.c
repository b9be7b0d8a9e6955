/* src/solver/ida/nvector_fast.c against SUNDIALS' own serial operations: each
 * replaced operation gives the same numbers, bit for bit, on vectors with
 * mixed signs and magnitudes, aliased arguments and the coefficient cases
 * SUNDIALS treats apart (a = b, a = -b, a or b = +-1) -- so that the
 * integration's results do not depend on which table a vector has. */
#include "../support/harness.h"
#include "../../src/solver/ida/nvector_fast.h"

#include <math.h>
#include <nvector/nvector_serial.h>
#include <string.h>

enum { LEN = 37 };

typedef struct pair {
    SUNContext ctx;
    N_Vector plain[4], fast[4]; /* the same contents, SUNDIALS' and our operations */
} pair;

static void fill(N_Vector v, int seed)
{
    double *d = NV_DATA_S(v);
    for (int i = 0; i < LEN; i++)
        d[i] = sin(1.7 * i + seed) * pow(10.0, (i * 7 + seed) % 9 - 4);
}

static int setup(pair *p)
{
    if (SUNContext_Create(NULL, &p->ctx) != 0)
        return -1;
    for (int k = 0; k < 4; k++) {
        p->plain[k] = N_VNew_Serial(LEN, p->ctx);
        p->fast[k] = N_VNew_Serial(LEN, p->ctx);
        if (!p->plain[k] || !p->fast[k])
            return -1;
        mbs_nvector_fast(p->fast[k]);
        fill(p->plain[k], k);
        fill(p->fast[k], k);
    }
    /* a mask with some entries off */
    for (int i = 0; i < LEN; i++)
        NV_Ith_S(p->plain[3], i) = NV_Ith_S(p->fast[3], i) = i % 3 == 0 ? 0.0 : 1.0;
    return 0;
}

static void teardown(pair *p)
{
    for (int k = 0; k < 4; k++) {
        N_VDestroy(p->plain[k]);
        N_VDestroy(p->fast[k]);
    }
    SUNContext_Free(&p->ctx);
}

static int same(N_Vector a, N_Vector b)
{
    return memcmp(NV_DATA_S(a), NV_DATA_S(b), LEN * sizeof(double)) == 0;
}

TEST(the_operations_are_replaced)
{
    pair p;
    CHECK(setup(&p) == 0);
    CHECK(p.fast[0]->ops->nvwrmsnorm != p.plain[0]->ops->nvwrmsnorm);
    CHECK(p.fast[0]->ops->nvlinearsum != p.plain[0]->ops->nvlinearsum);
    CHECK(p.fast[0]->ops->nvlinearcombination != NULL);
    /* clones inherit the table (IDA's own vectors are clones) */
    N_Vector clone = N_VClone(p.fast[0]);
    CHECK(clone && clone->ops->nvwrmsnorm == p.fast[0]->ops->nvwrmsnorm);
    N_VDestroy(clone);
    teardown(&p);
}

TEST(linear_sums_match_bit_for_bit)
{
    const double coeffs[][2] = {{0.3, 0.3}, {0.3, -0.3}, {1.0, 1.0}, {1.0, -1.0}, {-1.0, 1.0}, {-1.0, -1.0},
                                {1.0, 0.7}, {0.7, 1.0}, {-1.0, 0.7}, {0.7, -1.0}, {2.5, -0.125}, {0.0, 3.0}};
    for (size_t c = 0; c < sizeof coeffs / sizeof *coeffs; c++)
        for (int alias = 0; alias < 3; alias++) { /* z separate, z = x, z = y */
            pair p;
            CHECK(setup(&p) == 0);
            double a = coeffs[c][0], b = coeffs[c][1];
            N_Vector zp = alias == 1 ? p.plain[0] : alias == 2 ? p.plain[1] : p.plain[2];
            N_Vector zf = alias == 1 ? p.fast[0] : alias == 2 ? p.fast[1] : p.fast[2];
            N_VLinearSum(a, p.plain[0], b, p.plain[1], zp);
            N_VLinearSum(a, p.fast[0], b, p.fast[1], zf);
            CHECK_MSG(same(zp, zf), "N_VLinearSum(%g, x, %g, y), alias %d", a, b, alias);
            teardown(&p);
        }
}

TEST(scale_and_constant_match)
{
    const double cs[] = {1.0, -1.0, 0.0, 3.7, -1e-3};
    for (size_t c = 0; c < sizeof cs / sizeof *cs; c++)
        for (int alias = 0; alias < 2; alias++) {
            pair p;
            CHECK(setup(&p) == 0);
            N_VScale(cs[c], p.plain[0], alias ? p.plain[0] : p.plain[2]);
            N_VScale(cs[c], p.fast[0], alias ? p.fast[0] : p.fast[2]);
            CHECK_MSG(same(alias ? p.plain[0] : p.plain[2], alias ? p.fast[0] : p.fast[2]), "N_VScale(%g)", cs[c]);
            N_VConst(cs[c], p.plain[2]);
            N_VConst(cs[c], p.fast[2]);
            CHECK(same(p.plain[2], p.fast[2]));
            teardown(&p);
        }
}

TEST(norms_match_bit_for_bit)
{
    pair p;
    CHECK(setup(&p) == 0);
    double a = N_VWrmsNorm(p.plain[0], p.plain[1]), b = N_VWrmsNorm(p.fast[0], p.fast[1]);
    CHECK_MSG(a == b && a > 0, "WRMS norm %.17g against %.17g", a, b);
    a = N_VWrmsNormMask(p.plain[0], p.plain[1], p.plain[3]);
    b = N_VWrmsNormMask(p.fast[0], p.fast[1], p.fast[3]);
    CHECK_MSG(a == b && a > 0, "masked WRMS norm %.17g against %.17g", a, b);
    /* the mask leaves entries out */
    CHECK(b < N_VWrmsNorm(p.fast[0], p.fast[1]));
    CHECK(N_VWSqrSumLocal(p.plain[0], p.plain[1]) == N_VWSqrSumLocal(p.fast[0], p.fast[1]));
    CHECK(N_VWSqrSumMaskLocal(p.plain[0], p.plain[1], p.plain[3]) ==
          N_VWSqrSumMaskLocal(p.fast[0], p.fast[1], p.fast[3]));
    teardown(&p);
}

/* SUNDIALS' fallback for a linear combination is a scale and linear sums
 * (fused operations off): ours is one pass with the same roundings, z
 * aliasing X[0] included (IDA's predictor does that). */
TEST(linear_combinations_match_bit_for_bit)
{
    double c[3] = {0.75, -1.0, 2.0 / 3.0};
    for (int nvec = 1; nvec <= 3; nvec++)
        for (int alias = 0; alias < 2; alias++) {
            pair p;
            CHECK(setup(&p) == 0);
            N_Vector Xp[3] = {p.plain[0], p.plain[1], p.plain[3]}, Xf[3] = {p.fast[0], p.fast[1], p.fast[3]};
            CHECK(N_VLinearCombination(nvec, c, Xp, alias ? p.plain[0] : p.plain[2]) == 0);
            CHECK(N_VLinearCombination(nvec, c, Xf, alias ? p.fast[0] : p.fast[2]) == 0);
            CHECK_MSG(same(alias ? p.plain[0] : p.plain[2], alias ? p.fast[0] : p.fast[2]),
                      "%d vectors, alias %d", nvec, alias);
            teardown(&p);
        }
    pair p;
    CHECK(setup(&p) == 0);
    double a[2] = {0.5, -2.0};
    N_Vector Yp[2] = {p.plain[1], p.plain[2]}, Yf[2] = {p.fast[1], p.fast[2]};
    CHECK(N_VScaleAddMulti(2, a, p.plain[0], Yp, Yp) == 0);
    CHECK(N_VScaleAddMulti(2, a, p.fast[0], Yf, Yf) == 0);
    CHECK(same(p.plain[1], p.fast[1]) && same(p.plain[2], p.fast[2]));
    teardown(&p);
}

TEST_SUITE(nvector_fast, T(the_operations_are_replaced), T(linear_sums_match_bit_for_bit),
           T(scale_and_constant_match), T(norms_match_bit_for_bit), T(linear_combinations_match_bit_for_bit));
