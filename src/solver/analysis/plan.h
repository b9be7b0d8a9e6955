/* Command procedures: the model's commands (model.h, mbs_command) applied
 * to the run's data between its analyses (plan.c). */
#ifndef MBS_PLAN_H
#define MBS_PLAN_H

#include "../eval/data.h"

/* What applying commands changed, for the run to follow up. */
enum {
    MBS_PLAN_ROWS = 1,     /* rows in use changed: the redundancy analysis again */
    MBS_PLAN_SETTINGS = 2, /* the integrator's settings changed */
    MBS_PLAN_STOP = 4,     /* a Stop: the run ends before this analysis */
    MBS_PLAN_RAN = 8       /* some command ran: the state written last is no longer the model's */
};

/* Applies, in order, the commands that stand before analysis k (y: the
 * run's state, for commands that start from it). Returns the MBS_PLAN_*
 * flags of what changed. */
unsigned mbs_plan_apply(const mbs_model *m, mbs_data *d, int k, double t, double *y);
/* Whether commands stand before analysis k. */
int mbs_plan_has_commands(const mbs_model *m, int k);

#endif
