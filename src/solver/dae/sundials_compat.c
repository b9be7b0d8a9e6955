/* What differs between SUNDIALS 6 and 7 (sundials_compat.h): contexts,
 * the solvers' error messages, one linear solver error code. */
#include "sundials_compat.h"

#include <ida/ida.h>
#include <kinsol/kinsol.h>
#include <sundials/sundials_config.h>

#if SUNDIALS_VERSION_MAJOR >= 7

int mbs_sun_context_create(SUNContext *ctx)
{
    if (SUNContext_Create(SUN_COMM_NULL, ctx) != 0)
        return -1;
    /* the default handler prints to stderr: below src/cli nothing prints */
    return SUNContext_ClearErrHandlers(*ctx) == 0 ? 0 : -1;
}

/* SUNDIALS 7 passes only errors to the handlers; warnings go to its logger. */
static void on_error(int line, const char *func, const char *file, const char *msg, SUNErrCode code, void *user,
                     SUNContext ctx)
{
    (void)line;
    (void)func;
    (void)file;
    (void)code;
    (void)ctx;
    mbs_sun_error_hook *hook = user;
    hook->fn(msg ? msg : "", hook->user);
}

static int push_hook(SUNContext ctx, mbs_sun_error_hook *hook)
{
    return SUNContext_PushErrHandler(ctx, on_error, hook) == 0 ? 0 : -1;
}

int mbs_sun_ida_errors(void *ida_mem, SUNContext ctx, mbs_sun_error_hook *hook)
{
    (void)ida_mem;
    return push_hook(ctx, hook);
}

int mbs_sun_kinsol_errors(void *kin_mem, SUNContext ctx, mbs_sun_error_hook *hook)
{
    (void)kin_mem;
    return push_hook(ctx, hook);
}

void mbs_sun_errors_end(SUNContext ctx)
{
    SUNContext_PopErrHandler(ctx);
}

#else /* SUNDIALS 6 */

int mbs_sun_context_create(SUNContext *ctx)
{
    return SUNContext_Create(NULL, ctx) == 0 ? 0 : -1;
}

/* SUNDIALS 6 calls the handler for warnings too (code > 0): those are dropped. */
static void on_error(int code, const char *module, const char *function, char *msg, void *user)
{
    (void)module;
    (void)function;
    mbs_sun_error_hook *hook = user;
    if (code < 0)
        hook->fn(msg ? msg : "", hook->user);
}

int mbs_sun_ida_errors(void *ida_mem, SUNContext ctx, mbs_sun_error_hook *hook)
{
    (void)ctx;
    return IDASetErrHandlerFn(ida_mem, on_error, hook) == IDA_SUCCESS ? 0 : -1;
}

int mbs_sun_kinsol_errors(void *kin_mem, SUNContext ctx, mbs_sun_error_hook *hook)
{
    (void)ctx;
    return KINSetErrHandlerFn(kin_mem, on_error, hook) == KIN_SUCCESS ? 0 : -1;
}

void mbs_sun_errors_end(SUNContext ctx)
{
    (void)ctx; /* the handler goes with its solver */
}

#endif

const char *mbs_sundials_version(void)
{
    return SUNDIALS_VERSION;
}
