/* Control_StateEqn (MotionSolve): a linear system of its own states,
 *     dx/dt = A x + B u,     y = C x + D u,
 * type="LINEAR", the matrices Reference_Matrices (a_matrix_id ...), the
 * inputs, initial states, states and outputs Reference_Arrays (U, IC, X, Y;
 * state_equation.c has the equations). B and D need a U array; C and D give
 * the outputs. type="USERSUB": the user subroutine GSESUB gives
 *     dx/dt = f(x, u),       y = g(x, u)
 * for num_state states and num_output outputs. */
#include "state_equation.h"
#include "usersub.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among Control_StateEqns)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"type", MBS_ATTR_KEYWORD, "LINEAR", DIM_NONE, 0, "LINEAR|USERSUB",
     "LINEAR: A, B, C, D matrices; USERSUB: the user subroutine GSESUB gives the rates and outputs", NULL},
    {"a_matrix_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "Reference_Matrix A (states x states), required", NULL},
    {"b_matrix_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "Reference_Matrix B (states x inputs)", NULL},
    {"c_matrix_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "Reference_Matrix C (outputs x states)", NULL},
    {"d_matrix_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "Reference_Matrix D (outputs x inputs)", NULL},
    {"num_state", MBS_ATTR_INT, NULL, DIM_NONE, 0, NULL,
     "how many states (checked against A; USERSUB: required)", NULL},
    {"num_output", MBS_ATTR_INT, NULL, DIM_NONE, 0, NULL,
     "how many outputs (checked against C and D; USERSUB: default 0)", NULL},
    MBS_STATE_EQUATION_ATTRS,
    MBS_USERSUB_ATTRS,
    {"usrsub_der1_name", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_IGNORED, NULL,
     "GSEXX's name: no effect (the Newton matrix differences the equations)", NULL},
    {"usrsub_der2_name", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_IGNORED, NULL, "GSEXU's name: no effect", NULL},
    {"usrsub_der3_name", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_IGNORED, NULL, "GSEYX's name: no effect", NULL},
    {"usrsub_der4_name", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_IGNORED, NULL, "GSEYU's name: no effect", NULL},
    {"fmu_communication_interval", MBS_ATTR_REAL, NULL, DIM_TIME, MBS_IGNORED, NULL,
     "co-simulation with a user routine or an FMU: no effect", NULL},
    {"ip_address", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_IGNORED, NULL,
     "co-simulation with a user routine or an FMU: no effect", NULL},
};

/* The matrix named by `attr` (NULL when not given: *ok stays 1); *ok 0
 * after reporting a matrix that does not exist or is not rows x cols (a
 * negative size: any). */
static const mbs_matrix *matrix(mbs_builder *b, const mbs_spec_elem *e, const char *attr, const char *name, int rows,
                                int cols, const char *shape, int *ok)
{
    if (!mbs_spec_has(e, attr))
        return NULL;
    int k = mbs_ref_element(b, e, attr, MBS_FAMILY_MATRIX);
    if (k < 0) {
        *ok = 0;
        return NULL;
    }
    const mbs_matrix *mx = &mbs_builder_model(b)->matrices[k];
    if ((rows >= 0 && mx->nrow != rows) || (cols >= 0 && mx->ncol != cols)) {
        char want[64];
        snprintf(want, sizeof want, "%d x %d", rows >= 0 ? rows : mx->nrow, cols >= 0 ? cols : mx->ncol);
        mbs_build_error(b, e, "%s: Reference_Matrix %d is %d x %d, but %s must be %s (%s)", attr, mx->id, mx->nrow,
                        mx->ncol, name, want, shape);
        *ok = 0;
        return NULL;
    }
    return mx;
}

static double *copy_of(const mbs_matrix *mx)
{
    if (!mx)
        return NULL;
    size_t n = (size_t)mx->nrow * (size_t)mx->ncol;
    double *a = malloc(n * sizeof *a);
    if (a)
        memcpy(a, mx->a, n * sizeof *a);
    return a;
}

/* type USERSUB: GSESUB gives the rates and outputs of num_state states and
 * num_output outputs of the U array's inputs (its partial derivatives
 * GSEXX .. GSEYU are not called: the Newton matrix differences the
 * equations). */
static int user_system(mbs_builder *b, const mbs_spec_elem *e, const mbs_state_arrays *arrays)
{
    static const char *const MATRICES[] = {"a_matrix_id", "b_matrix_id", "c_matrix_id", "d_matrix_id"};
    for (int i = 0; i < 4; i++)
        if (mbs_spec_has(e, MATRICES[i]))
            return mbs_build_error(b, e, "%s is given beside a user subroutine (GSESUB gives the system)", MATRICES[i]);
    if (!mbs_spec_has(e, "num_state"))
        return mbs_build_error(b, e, "a user subroutine's system needs num_state (how many states)");
    mbs_user_system sys = {(int)mbs_spec_int(e, "num_state"), mbs_state_arrays_inputs(b, arrays),
                           mbs_spec_has(e, "num_output") ? (int)mbs_spec_int(e, "num_output") : 0};
    if (sys.nstate < 0 || sys.noutput < 0 || sys.nstate > MBS_USER_SYSTEM_MAX || sys.noutput > MBS_USER_SYSTEM_MAX ||
        sys.ninput > MBS_USER_SYSTEM_MAX)
        return mbs_build_error(b, e, "a user subroutine's system has %d states, %d inputs and %d outputs: each from "
                                     "0 to %d",
                               sys.nstate, sys.ninput, sys.noutput, MBS_USER_SYSTEM_MAX);
    mbs_state_equation se = {.nx = sys.nstate, .nu = sys.ninput, .ny = sys.noutput};
    if (!(se.user = mbs_usersub_system(b, e, "GSESUB", &sys)))
        return -1;
    return mbs_state_equation_add(b, e, arrays, &se);
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    /* the arrays first: refused or not, the element names its X and Y arrays, so that what reads them
     * knows they belong to an element with errors (and says nothing more) */
    mbs_state_arrays arrays;
    int arrays_ok = mbs_state_arrays_read(b, e, &arrays) == 0;
    int user = mbs_usersub_asked(b, e);
    if (user > 0 && !arrays_ok) {
        /* inputs with errors of their own (a tyre's VARSUB variables): its own routine is still looked
         * for, so that every element whose library is not there says so in the same pass */
        mbs_usersub_check(b, e, "GSESUB", MBS_USER_SYSTEM);
        return -1;
    }
    if (user < 0 || !arrays_ok)
        return -1;
    if (user || mbs_spec_keyword(e, "type") == 1)
        return user_system(b, e, &arrays);
    if (!mbs_spec_has(e, "a_matrix_id"))
        return mbs_build_error(b, e, "type LINEAR needs a_matrix_id (the state matrix A)");
    int ok = 1, nu = mbs_state_arrays_inputs(b, &arrays);
    const mbs_matrix *A = matrix(b, e, "a_matrix_id", "A", -1, -1, "", &ok);
    if (!ok)
        return -1;
    int nx = A->nrow;
    if (A->ncol != nx)
        return mbs_build_error(b, e, "a_matrix_id: Reference_Matrix %d is %d x %d, but A must be square (states x "
                                     "states)",
                               A->id, A->nrow, A->ncol);
    if ((mbs_spec_has(e, "b_matrix_id") || mbs_spec_has(e, "d_matrix_id")) && arrays.u < 0)
        return mbs_build_error(b, e, "%s needs the inputs: u_array_id (a Reference_Array of type U)",
                               mbs_spec_has(e, "b_matrix_id") ? "b_matrix_id" : "d_matrix_id");
    const mbs_matrix *B = matrix(b, e, "b_matrix_id", "B", nx, nu, "states x inputs", &ok);
    const mbs_matrix *C = matrix(b, e, "c_matrix_id", "C", -1, nx, "outputs x states", &ok);
    const mbs_matrix *D = matrix(b, e, "d_matrix_id", "D", C ? C->nrow : -1, nu, "outputs x inputs", &ok);
    if (!ok)
        return -1;
    int ny = C ? C->nrow : D ? D->nrow : 0;
    if (mbs_spec_has(e, "num_state") && mbs_spec_int(e, "num_state") != nx)
        return mbs_build_error(b, e, "num_state is %ld but A is %d x %d", mbs_spec_int(e, "num_state"), nx, nx);
    if (mbs_spec_has(e, "num_output") && mbs_spec_int(e, "num_output") != ny)
        return mbs_build_error(b, e, "num_output is %ld but the outputs (the rows of C and D) are %d", mbs_spec_int(e, "num_output"),
                               ny);
    mbs_state_equation se = {
        .nx = nx, .nu = nu, .ny = ny, .A = copy_of(A), .B = copy_of(B), .C = copy_of(C), .D = copy_of(D)};
    return mbs_state_equation_add(b, e, &arrays, &se);
}

const mbs_kind mbs_kind_control_state_eqn = {
    "Control_StateEqn", MBS_FAMILY_STATE_EQN, MBS_IN_MODEL, MBS_STAGE_DATA, ATTRS, MBS_COUNT_OF(ATTRS),
    "A linear system of states of its own, dx/dt = A x + B u, y = C x + D u (type LINEAR): A, B, C, D are "
    "Reference_Matrices (a_matrix_id required; B and D need inputs), the inputs u the Reference_Variables "
    "of a U array, the initial states the numbers of an IC array (default 0); expressions read the states "
    "and outputs with ARYVAL of its X and Y arrays. The arrays may be named x_array_id or, as MotionView "
    "writes them, x_solver_array_id (0: none). In Static analyses the states come to rest (A x + B u = 0), "
    "or are held with is_static_hold. type USERSUB: a user subroutine GSESUB gives dx/dt = f(x, u) and y = "
    "g(x, u) of num_state states and num_output outputs (its partial derivatives GSEXX .. GSEYU are not "
    "called: the Newton matrix differences the equations).",
    build,
    "LSE",
};
