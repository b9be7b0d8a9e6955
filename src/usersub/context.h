/* The call of a user subroutine that is under way, which the utilities it
 * calls (c_sysfnc, c_errmes, ...: utilities.c) answer from: at set-up (the
 * iflag call, while the model is built) or at a state of a run. Calls nest
 * (a routine's c_sysfnc("FX", ...) evaluates other elements, which may be
 * user subroutines): each call pushes its context and pops it after. */
#ifndef MBS_USER_CONTEXT_H
#define MBS_USER_CONTEXT_H

#include "routine.h"
#include "../solver/eval/eval.h"

typedef struct mbs_user_context {
    mbs_user_routine *routine;
    mbs_builder *b;            /* the iflag call: the model being built, and the element */
    const mbs_spec_elem *e;
    const mbs_eval *ev;        /* a call at a state */
    double time;               /* the routine's time, model units */
    int failed;                /* the run (or the model) cannot go on: message says why */
    char message[360];
    struct mbs_user_context *outer;
} mbs_user_context;

void mbs_user_enter(mbs_user_context *c);
void mbs_user_leave(mbs_user_context *c);

/* Records why the call fails (the first reason is kept). */
void mbs_user_fail(mbs_user_context *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Where the routines' messages (c_usrmes, c_errmes that goes on) go during
 * a run; at set-up they are the model's notes and warnings. Without a
 * messenger they are dropped. `warning`: c_errmes, or c_usrmes of type
 * WARN, ERROR or FAULT. */
typedef void (*mbs_user_messenger)(void *ctx, int warning, const char *text);
void mbs_user_set_messenger(mbs_user_messenger fn, void *ctx);

#endif
