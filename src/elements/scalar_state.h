/* What Reference_Variable and Control_Diff share: one state z of their own,
 * z(0) = ic, and an expression compiled once every element is built (so
 * that it may read any of them, each other included), or a user
 * subroutine (VARSUB, DIFSUB) in its place. */
#ifndef MBS_SCALAR_STATE_H
#define MBS_SCALAR_STATE_H

#include "../model/builder.h"
#include "../model/tfunc.h"

typedef struct mbs_scalar_state {
    mbs_tfunc *f;  /* expr (NULL until every element is built), or the user subroutine's value */
    int implicit;  /* is_implicit: expr = 0 defines the state */
    int hold;      /* is_static_hold (Control_Diff): z held in Static analyses */
    double ic;
    double ic_dot; /* Control_Diff, implicit: dz/dt where the start's solve begins */
} mbs_scalar_state;

/* Adds e's component with `ops` and one state of `form` (MBS_STATE_*,
 * NULL: explicit), its value expr (compiled once every element is built)
 * or the user subroutine `routine` (VARSUB, DIFSUB). The component's
 * params are an mbs_scalar_state; NULL after reporting. */
mbs_component *mbs_scalar_state_build(mbs_builder *b, const mbs_spec_elem *e, const mbs_component_ops *ops,
                                      const char *routine, const unsigned char *form);
/* ops->initial_states and ops->free_params for such a component. */
void mbs_scalar_state_initial(const mbs_component *c, double *z);
void mbs_scalar_state_free(void *params);

#endif
