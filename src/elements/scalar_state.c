/* The state and expression of Reference_Variable and Control_Diff (scalar_state.h). */
#include "scalar_state.h"
#include "usersub.h"

#include <stdlib.h>

static int compile_expression(mbs_builder *b, const mbs_spec_elem *e)
{
    int c = mbs_builder_result(b, e);
    if (c < 0)
        return -1;
    mbs_scalar_state *p = mbs_builder_model(b)->comps[c].params;
    static const char *const T[] = {"t"};
    p->f = mbs_build_expr(b, e, "expr", mbs_spec_text(e, "expr"), DIM_NONE, T, NULL, 1);
    return p->f ? 0 : -1;
}

mbs_component *mbs_scalar_state_build(mbs_builder *b, const mbs_spec_elem *e, const mbs_component_ops *ops,
                                      const char *routine, const unsigned char *form)
{
    int user = mbs_usersub_asked(b, e);
    if (user < 0)
        return NULL;
    if (user == mbs_spec_has(e, "expr")) {
        mbs_build_error(b, e, user ? "give expr or a user subroutine (usrsub_*), not both"
                                   : "missing required attribute 'expr'");
        return NULL;
    }
    mbs_scalar_state *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->implicit = mbs_spec_bool(e, "is_implicit");
    p->hold = mbs_kind_attr(e->kind, "is_static_hold") && mbs_spec_bool(e, "is_static_hold");
    p->ic = mbs_spec_real(e, "ic");
    static const mbs_dim NONE[1] = {DIM_NONE};
    if (user && mbs_usersub_build(b, e, routine, MBS_USER_FORCE, 1, NONE, &p->f) != 0) {
        free(p);
        return NULL;
    }
    mbs_component *c = mbs_add_component(b, e, ops, p);
    if (!c)
        return NULL;
    c->n_states = 1;
    c->state_form = form;
    if (!user && mbs_builder_defer(b, e, compile_expression) != 0)
        return NULL;
    return c;
}

void mbs_scalar_state_initial(const mbs_component *c, double *z)
{
    z[0] = ((const mbs_scalar_state *)c->params)->ic;
}

void mbs_scalar_state_free(void *params)
{
    mbs_scalar_state *p = params;
    if (p)
        mbs_tfunc_free(p->f);
    free(p);
}
