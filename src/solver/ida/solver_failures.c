/* IDA's and KINSOL's failures in mbsim's words, from their return flags
 * (solver_failures.h). */
#include "solver_failures.h"

#include <ida/ida.h>
#include <kinsol/kinsol.h>

const char *mbs_ida_failure(int flag)
{
    switch (flag) {
    case IDA_TOO_MUCH_WORK: return "too many steps without reaching the output time";
    case IDA_TOO_MUCH_ACC: return "the tolerances ask for more than the machine's precision gives (raise rtol or atol)";
    case IDA_ERR_FAIL: return "the step's error stayed beyond the tolerances down to the smallest step";
    case IDA_CONV_FAIL:
    case IDA_NLS_FAIL: return "Newton's iteration on the step did not converge, down to the smallest step";
    case IDA_LSETUP_FAIL:
    case IDA_LSOLVE_FAIL:
    case IDA_NO_RECOVERY: return "the iteration matrix is singular";
    case IDA_RES_FAIL:
    case IDA_REP_RES_ERR:
    case IDA_FIRST_RES_FAIL: return "the equations cannot be evaluated there";
    case IDA_RTFUNC_FAIL: return "an event function cannot be evaluated there";
    case IDA_CONSTR_FAIL: return "a constraint on the solution cannot be met";
    case IDA_MEM_FAIL: return "out of memory";
    case IDA_ILL_INPUT:
    case IDA_BAD_T:
    case IDA_BAD_EWT: return "no step can be taken from this state (a rate or a tolerance weight is not finite)";
    default: return "the integrator stopped (an internal error)";
    }
}

const char *mbs_kinsol_failure(int flag)
{
    switch (flag) {
    case KIN_LINESEARCH_NONCONV:
    case KIN_LINESEARCH_BCFAIL: return "Newton's iteration stalled: no step along its direction reduces the imbalance";
    case KIN_MAXITER_REACHED: return "Newton's iteration did not converge within its iteration limit";
    case KIN_MXNEWT_5X_EXCEEDED: return "Newton's steps kept growing: no equilibrium near the start";
    case KIN_LINIT_FAIL:
    case KIN_LSETUP_FAIL:
    case KIN_LSOLVE_FAIL:
    case KIN_LINSOLV_NO_RECOVERY:
        return "the equilibrium equations are singular: a coordinate is held by no force or constraint";
    case KIN_SYSFUNC_FAIL:
    case KIN_FIRST_SYSFUNC_ERR:
    case KIN_REPTD_SYSFUNC_ERR: return "the equations cannot be evaluated there";
    case KIN_MEM_FAIL: return "out of memory";
    default: return "the equilibrium solver stopped (an internal error)";
    }
}
