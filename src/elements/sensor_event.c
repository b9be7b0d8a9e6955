/* Sensor_Event (MotionSolve): watches g = expr - value during transient
 * analyses. The crossing is located by the integrator's root finding
 * (compare GE: g rising through 0, LT: falling, EQ: either way) and
 * recorded in /events as "sensor"; then halt="TRUE" ends the whole run
 * (the remaining commands are skipped), return="TRUE" ends the analysis
 * (the next command runs), otherwise the run goes on. A condition that
 * already holds at the start of an analysis is not an event (it has not
 * crossed). */
#include "modify_commands.h"
#include "usersub.h"
#include "../model/tfunc.h"
#include "../solver/eval/eval.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among Sensor_Events)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and events", NULL},
    {"type", MBS_ATTR_KEYWORD, "EXPRESSION", DIM_NONE, 0, "EXPRESSION|USERSUB",
     "EXPRESSION (expr), or USERSUB (the user subroutine SENSUB gives the quantity watched)", NULL},
    {"expr", MBS_ATTR_EXPR, NULL, DIM_NONE, 0, "t", "the quantity watched, a run-time expression", NULL},
    {"value", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL, "the threshold (in the expression's units)", NULL},
    {"compare", MBS_ATTR_KEYWORD, "EQ", DIM_NONE, 0, "GE|LT|EQ",
     "GE: expr rises to value; LT: falls below it; EQ: crosses it either way", NULL},
    {"halt", MBS_ATTR_BOOL, "FALSE", DIM_NONE, 0, NULL, "TRUE: the event ends the run", NULL},
    {"return", MBS_ATTR_BOOL, "FALSE", DIM_NONE, 0, NULL, "TRUE: the event ends the analysis", NULL},
    {"error_tol", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_IGNORED, NULL,
     "accepted, no effect: the crossing is located to the integrator's precision", NULL},
    {"print", MBS_ATTR_BOOL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect (the event is always recorded)", NULL},
    {"restart", MBS_ATTR_BOOL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect (the integrator restarts at every event)", NULL},
    {"codgen", MBS_ATTR_BOOL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"yydump", MBS_ATTR_BOOL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"dt", MBS_ATTR_REAL, NULL, DIM_TIME, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"stepsize", MBS_ATTR_REAL, NULL, DIM_TIME, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"hmax", MBS_ATTR_REAL, NULL, DIM_TIME, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"zero_crossing", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    {"evaluate_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect (Sensor_Evaluate)", NULL},
    {"verbose", MBS_ATTR_BOOL, NULL, DIM_NONE, MBS_IGNORED, NULL, "accepted, no effect", NULL},
    MBS_USERSUB_ATTRS,
};

typedef struct event_params {
    mbs_tfunc *f;
    double value;
    int direction[1];
    int halt, ends_analysis;
} event_params;

static void eval(const mbs_component *c, mbs_eval *ev)
{
    (void)c;
    (void)ev; /* adds nothing to the equations */
}

static void roots(const mbs_component *c, const mbs_eval *ev, double *g)
{
    const event_params *p = c->params;
    g[0] = (p->f ? mbs_eval_tfunc(ev, p->f) : 0.0) - p->value;
}

static int on_root(const mbs_component *c, mbs_eval *ev, const int *fired, mbs_event_log *log)
{
    const event_params *p = c->params;
    (void)fired;
    mbs_event_record(log, ev->t, c, "sensor");
    if (p->halt || p->ends_analysis) {
        mbs_data *d = ev->d;
        d->sensor_stop = p->halt ? MBS_STOP_HALT : MBS_STOP_ANALYSIS;
        mbs_component_describe(c, d->stop_message, sizeof d->stop_message);
        size_t n = strlen(d->stop_message);
        snprintf(d->stop_message + n, sizeof d->stop_message - n, " %s at t = %.9g",
                 p->halt ? "halted the run" : "ended the analysis", ev->t);
    }
    return 0;
}

static void free_params(void *p)
{
    event_params *ep = p;
    if (ep)
        mbs_tfunc_free(ep->f);
    free(ep);
}

static const mbs_component_ops OPS = {
    .eval = eval,
    .roots = roots,
    .on_root = on_root,
    .free_params = free_params,
};

static int compile_expression(mbs_builder *b, const mbs_spec_elem *e)
{
    int c = mbs_builder_result(b, e);
    if (c < 0)
        return -1;
    event_params *p = mbs_builder_model(b)->comps[c].params;
    static const char *const T[] = {"t"};
    p->f = mbs_build_expr(b, e, "expr", mbs_spec_text(e, "expr"), DIM_NONE, T, NULL, 1);
    return p->f ? 0 : -1;
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    if (e->modify) /* MotionSolve's modify command: its expressions */
        return mbs_build_modify(b, e, NULL);
    int user = mbs_usersub_asked(b, e);
    if (user < 0)
        return -1;
    if (user == mbs_spec_has(e, "expr"))
        return mbs_build_error(b, e, user ? "give expr or a user subroutine (usrsub_*), not both"
                                          : "missing required attribute 'expr'");
    event_params *p = calloc(1, sizeof *p);
    if (!p)
        return -1;
    static const mbs_dim NONE[1] = {DIM_NONE};
    if (user && mbs_usersub_build(b, e, "SENSUB", MBS_USER_OUTPUT, 1, NONE, &p->f) != 0) {
        free(p);
        return -1;
    }
    p->value = mbs_spec_real(e, "value");
    static const int DIRECTIONS[] = {+1, -1, 0}; /* GE LT EQ */
    p->direction[0] = DIRECTIONS[mbs_spec_keyword(e, "compare")];
    p->halt = mbs_spec_bool(e, "halt");
    p->ends_analysis = mbs_spec_bool(e, "return");
    mbs_component *c = mbs_add_component(b, e, &OPS, p);
    if (!c)
        return -1;
    c->n_roots = 1;
    c->root_direction = p->direction;
    return user ? 0 : mbs_builder_defer(b, e, compile_expression);
}

const mbs_kind mbs_kind_sensor_event = {
    "Sensor_Event", MBS_FAMILY_EVENT, MBS_IN_MODEL | MBS_MODIFIABLE, MBS_STAGE_ELEMENTS, ATTRS, MBS_COUNT_OF(ATTRS),
    "Watches a run-time expression (or the value of a user subroutine SENSUB) during transient analyses: "
    "when expr crosses value (compare GE: "
    "rising, LT: falling, EQ: either way) the time is located by root finding and recorded in /events "
    "(kind \"sensor\"); halt=\"TRUE\" then ends the run (the remaining commands are skipped, the run is "
    "complete), return=\"TRUE\" ends the analysis (the next command runs).",
    build,
    "SENSOR",
};
