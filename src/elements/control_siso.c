/* Control_SISO (MotionSolve): a transfer function from one input u (the
 * Reference_Variable of a U array) to one output y (ARYVAL of its Y array),
 *     Y(s)/U(s) = (b_0 + b_1 s + .. + b_m s^m) / (a_0 + a_1 s + .. + a_n s^n),
 * m <= n, a_n != 0, the coefficients in ascending powers of s as MotionSolve
 * writes them (numerator_coef, denominator_coef), zero initial states.
 * Realised as a state equation (state_equation.c) in controllable canonical
 * form, with alpha_i = a_i / a_n and beta_i = b_i / a_n (beta_i = 0 for i > m):
 *     dx_i/dt = x_i+1  (i < n),   dx_n/dt = -alpha_0 x_1 - .. - alpha_n-1 x_n + u,
 *     y = sum_i (beta_i-1 - beta_n alpha_i-1) x_i + beta_n u,
 * whose transfer function is the one given (so ARYVAL of the X array reads
 * these states, which are mbsim's realisation; the output is the element's). */
#include "state_equation.h"
#include "usersub.h"

#include <stdlib.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among Control_SISOs)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"num_numerator_coef", MBS_ATTR_INT, NULL, DIM_NONE, 0, NULL, "how many numerator coefficients (checked)", NULL},
    {"numerator_coef", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_REQUIRED, NULL,
     "b_0 b_1 .. b_m: the numerator's coefficients, ascending powers of s", NULL},
    {"num_denominator_coef", MBS_ATTR_INT, NULL, DIM_NONE, 0, NULL, "how many denominator coefficients (checked)",
     NULL},
    {"denominator_coef", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_REQUIRED, NULL,
     "a_0 a_1 .. a_n: the denominator's coefficients, ascending powers of s (a_n not 0)", NULL},
    MBS_STATE_EQUATION_ATTRS,
};

/* The coefficients of `attr`, checked against the count `count_attr`; -1
 * after reporting. */
static int coefficients(mbs_builder *b, const mbs_spec_elem *e, const char *attr, const char *count_attr, double **out,
                        int *n)
{
    if (mbs_build_numbers(b, e, attr, out, n) != 0)
        return -1;
    if (*n == 0)
        return mbs_build_error(b, e, "%s: no coefficients are given", attr);
    if (mbs_spec_has(e, count_attr) && mbs_spec_int(e, count_attr) != *n)
        return mbs_build_error(b, e, "%s is %ld but %s lists %d", count_attr, mbs_spec_int(e, count_attr), attr, *n);
    return 0;
}

/* The controllable canonical form of num/den into se (n = nd - 1 states). */
static int realise(const double *num, int nn, const double *den, int nd, mbs_state_equation *se)
{
    int n = nd - 1;
    double an = den[n];
    se->nx = n;
    se->nu = 1;
    se->ny = 1;
    se->A = calloc((size_t)n * (size_t)n + 1, sizeof *se->A);
    se->B = calloc((size_t)n + 1, sizeof *se->B);
    se->C = calloc((size_t)n + 1, sizeof *se->C);
    se->D = calloc(1, sizeof *se->D);
    if (!se->A || !se->B || !se->C || !se->D)
        return -1;
    double beta_n = nn > n ? num[n] / an : 0.0;
    for (int i = 0; i < n; i++) {
        if (i + 1 < n)
            se->A[(size_t)i * (size_t)n + (size_t)(i + 1)] = 1.0;
        double alpha = den[i] / an, beta = i < nn ? num[i] / an : 0.0;
        se->A[(size_t)(n - 1) * (size_t)n + (size_t)i] = -alpha;
        se->C[i] = beta - beta_n * alpha;
    }
    if (n > 0)
        se->B[n - 1] = 1.0;
    se->D[0] = beta_n;
    return 0;
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    mbs_state_arrays arrays;
    if (mbs_state_arrays_read(b, e, &arrays) != 0)
        return -1;
    if (arrays.u < 0 || mbs_state_arrays_inputs(b, &arrays) != 1)
        return mbs_build_error(b, e, "needs its input: u_array_id, a Reference_Array of type U with one "
                                     "Reference_Variable");
    if (arrays.ic >= 0)
        return mbs_build_error(b, e, "a transfer function starts from zero states: it takes no ic_array_id");
    double *num = NULL, *den = NULL;
    int nn = 0, nd = 0, rc = -1;
    if (coefficients(b, e, "numerator_coef", "num_numerator_coef", &num, &nn) != 0 ||
        coefficients(b, e, "denominator_coef", "num_denominator_coef", &den, &nd) != 0)
        goto done;
    if (den[nd - 1] == 0.0) {
        mbs_build_error(b, e, "denominator_coef: the last coefficient (of s^%d) must not be 0", nd - 1);
        goto done;
    }
    if (nn > nd) {
        mbs_build_error(b, e, "the numerator's order (%d) exceeds the denominator's (%d): the transfer function "
                              "is not proper",
                        nn - 1, nd - 1);
        goto done;
    }
    mbs_state_equation se = {0};
    if (realise(num, nn, den, nd, &se) != 0) {
        free(se.A);
        free(se.B);
        free(se.C);
        free(se.D);
        goto done;
    }
    rc = mbs_state_equation_add(b, e, &arrays, &se);
done:
    free(num);
    free(den);
    return rc;
}

const mbs_kind mbs_kind_control_siso = {
    "Control_SISO", MBS_FAMILY_SISO, MBS_IN_MODEL, MBS_STAGE_DATA, ATTRS, MBS_COUNT_OF(ATTRS),
    "A transfer function (b_0 + b_1 s + .. + b_m s^m) / (a_0 + a_1 s + .. + a_n s^n), m <= n, from the one "
    "Reference_Variable of its U array to its output (ARYVAL of its Y array), coefficients in ascending "
    "powers of s (numerator_coef, denominator_coef), zero initial states. It is realised as a state equation "
    "in controllable canonical form (the X array holds those n states). Arrays as Control_StateEqn's; "
    "is_static_hold holds the states in Static analyses.",
    build,
    "TFSISO",
};
