/* What differs between SUNDIALS 6 (Debian 12) and 7 (later Debian), in one
 * place: how a context is created (7: a SUNComm, SUN_COMM_NULL without MPI)
 * and how IDA's and KINSOL's error messages reach the program (6: a handler
 * per solver, IDASetErrHandlerFn / KINSetErrHandlerFn; 7: a stack of
 * handlers on the context, whose default prints to stderr), and one error
 * code of the linear solvers. Linking: 7 puts
 * the shared parts in libsundials_core (the Makefile adds it when present). */
#ifndef MBS_SUNDIALS_COMPAT_H
#define MBS_SUNDIALS_COMPAT_H

#include <sundials/sundials_config.h>
#include <sundials/sundials_context.h>
#include <sundials/sundials_linearsolver.h>

/* What a linear solver's setup returns when its external package (KLU)
 * fails for good: 7 replaced SUNLS_PACKAGE_FAIL_UNREC by SUN_ERR_EXT_FAIL. */
#if SUNDIALS_VERSION_MAJOR >= 7
#define MBS_SUNLS_PACKAGE_FAIL SUN_ERR_EXT_FAIL
#else
#define MBS_SUNLS_PACKAGE_FAIL SUNLS_PACKAGE_FAIL_UNREC
#endif

/* Receives one error message of a solver. */
typedef void (*mbs_sun_error_fn)(const char *msg, void *user);

typedef struct mbs_sun_error_hook {
    mbs_sun_error_fn fn;
    void *user;
} mbs_sun_error_hook;

/* A new context without MPI; 0 or -1. */
int mbs_sun_context_create(SUNContext *ctx);

/* Sends the errors (not the warnings) of an IDA / KINSOL instance created on
 * ctx to hook, and nowhere else (with SUNDIALS 7 the hooks of every solver
 * alive on ctx hear every error). 0 or -1. Before the hook goes away (at the
 * latest when the solver is freed), mbs_sun_errors_end, in the reverse order
 * of the calls. */
int mbs_sun_ida_errors(void *ida_mem, SUNContext ctx, mbs_sun_error_hook *hook);
int mbs_sun_kinsol_errors(void *kin_mem, SUNContext ctx, mbs_sun_error_hook *hook);
void mbs_sun_errors_end(SUNContext ctx);

/* The SUNDIALS version mbsim was built with, e.g. "6.4.1". */
const char *mbs_sundials_version(void);


#endif
