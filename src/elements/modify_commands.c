/* Command procedures: what a <Command> block may do between analyses
 * besides Simulate and Param_Transient.
 *
 *   a model element's kind in <Command>   MotionSolve's modify command for the
 *       element with that id, where the kind says it has one (MBS_MODIFIABLE,
 *       the attributes it may give flagged MBS_BY_COMMAND; model/kind.h): the
 *       kind's build hands it to mbs_build_modify, which replaces the
 *       expressions it gives (Force_Scalar_TwoBody, Force_Vector_OneBody,
 *       Force_Vector_TwoBody, Reference_Variable, Control_Diff, Sensor_Event)
 *       or calls the kind's own part (Motion_Joint: expr, val_type, type
 *       CONSTANT val or q; Reference_Marker: its pose)
 *   Deactivate / Activate  an element by MotionSolve's element_type and id: a
 *       deactivated joint, motion or force is gone (its rows are not in use,
 *       its loads are 0, its states held) until it is activated again; a
 *       deactivated motion leaves its joint's coordinate free
 *   Stop   the run ends here
 * Each becomes commands of the model (mbs_command) that solver/analysis/plan.c
 * applies to the run's data before the next analysis. Expressions are
 * compiled here, so their errors are reported by validate. */
#include "modify_commands.h"
#include "../core/strutil.h"
#include "../model/registry.h"
#include "../model/tfunc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- expressions ---- */

/* The element's expression compiled from `attr`, or from the other name of
 * the same component (val / val_expression, fx / fx_expression). */
static mbs_tfunc *expression_of(mbs_builder *b, const mbs_spec_elem *target, const char *attr)
{
    mbs_tfunc *f = mbs_builder_find_tfunc(b, target, attr);
    if (f)
        return f;
    char other[64];
    size_t n = strlen(attr);
    if (n > 11 && strcmp(attr + n - 11, "_expression") == 0)
        snprintf(other, sizeof other, "%.*s", (int)(n - 11), attr);
    else
        snprintf(other, sizeof other, "%s_expression", attr);
    return mbs_builder_find_tfunc(b, target, other);
}

/* A replacement for f compiled from text, with f's dimension and variables
 * (and its time derivative when f has one), as an OVERRIDE command: added,
 * or (at >= 0) filled into the placeholder the command reserved. */
static int override_at(mbs_builder *b, const mbs_spec_elem *e, const char *what, const mbs_tfunc *f,
                       const char *text, mbs_dim dim, int differentiate, int at)
{
    mbs_tfunc *g = mbs_build_expr(b, e, what, text, dim, f->var_names, f->var_dims, f->n_vars);
    if (!g)
        return -1;
    if (differentiate && mbs_tfunc_differentiate(g) != 0 && mbs_tfunc_depends_on_time(g)) {
        mbs_tfunc_free(g);
        return mbs_build_error(b, e, "%s: cannot differentiate '%s' with respect to t", what, text);
    }
    if (at >= 0) {
        mbs_command *c = &mbs_builder_model(b)->commands[at];
        c->replaced = f;
        c->tfunc = g;
        return 0;
    }
    mbs_command c = {.kind = MBS_CMD_OVERRIDE, .comp = -1, .replaced = f, .tfunc = g};
    if (mbs_add_command(b, e, &c) < 0) {
        mbs_tfunc_free(g);
        return -1;
    }
    return 0;
}

int mbs_command_override(mbs_builder *b, const mbs_spec_elem *e, const char *what, const mbs_tfunc *f,
                         const char *text, mbs_dim dim, int differentiate)
{
    return override_at(b, e, what, f, text, dim, differentiate, -1);
}

/* Every expression the command gives replaces the element's own. Data
 * elements and Sensor_Event compile their expressions once every element is
 * built (they may read one another), so the replacements are compiled then
 * too: the command reserves its place among the commands now (it runs where
 * it stands) and fills it in later. */
static int fill_overrides(mbs_builder *b, const mbs_spec_elem *e)
{
    const mbs_spec_elem *target = mbs_builder_find(b, MBS_SELECT_KIND(e->kind), e->id);
    int at = mbs_builder_result(b, e), bad = 0;
    for (int i = 0; i < e->kind->n_attrs; i++) {
        const mbs_attr *a = &e->kind->attrs[i];
        if (a->type != MBS_ATTR_EXPR || !e->values[i].present)
            continue;
        mbs_tfunc *f = expression_of(b, target, a->name);
        if (!f) {
            bad = mbs_build_error(b, e, "%s: %s %d has no such expression to change (a command changes the "
                                        "expressions the element was given)", a->name, target->kind->name, target->id);
        } else if (override_at(b, e, a->name, f, mbs_spec_text(e, a->name), f->value_dim, f->dexpr != NULL, at) != 0) {
            bad = -1;
        }
        at++;
    }
    return bad;
}

static int modify_expressions(mbs_builder *b, const mbs_spec_elem *e)
{
    int first = -1;
    for (int i = 0; i < e->kind->n_attrs; i++) {
        const mbs_attr *a = &e->kind->attrs[i];
        if (a->type != MBS_ATTR_EXPR || !e->values[i].present)
            continue;
        mbs_command c = {.kind = MBS_CMD_OVERRIDE, .comp = -1};
        int at = mbs_add_command(b, e, &c);
        if (at < 0)
            return -1;
        if (first < 0)
            first = at;
    }
    if (first < 0)
        return 0;
    if (mbs_builder_set_index(b, e, first) != 0)
        return -1;
    return mbs_builder_defer(b, e, fill_overrides);
}

int mbs_build_modify(mbs_builder *b, const mbs_spec_elem *e, mbs_modify_fn own)
{
    const mbs_spec_elem *target = mbs_builder_find(b, MBS_SELECT_KIND(e->kind), e->id);
    if (!target)
        return mbs_build_error(b, e, "a command changes an element of the model: %s %d does not exist", e->kind->name,
                               e->id);
    char msg[512];
    if (mbs_builder_resolve(b, MBS_SELECT_KIND(e->kind), e->id, e->kind->name, NULL, msg, sizeof msg) == -2)
        return -1; /* it reported its own error */
    static const char *const USERSUB[] = {"usrsub_dll_name", "usrsub_fnc_name", "usrsub_param_string", "script_name"};
    for (int i = 0; i < MBS_COUNT_OF(USERSUB); i++)
        if (mbs_kind_attr(e->kind, USERSUB[i]) && mbs_spec_given(e, USERSUB[i]))
            return mbs_build_error(b, e, "%s: a command does not change an element's user subroutine (it changes "
                                         "expressions)",
                                   USERSUB[i]);
    return own ? own(b, e, target) : modify_expressions(b, e);
}

/* ---- Deactivate, Activate ---- */

static const mbs_attr SWITCH_ATTRS[] = {
    {"element_type", MBS_ATTR_KEYWORD, NULL, DIM_NONE, MBS_REQUIRED, NULL,
     "MotionSolve's keyword for the kind of element (each element's own are in its description; FORCE: any action "
     "force)", mbs_registry_element_types},
    {"element_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "the element's id", NULL},
};

static int switch_element(mbs_builder *b, const mbs_spec_elem *e, int active)
{
    const char *type = mbs_spec_text(e, "element_type");
    int id = (int)mbs_spec_int(e, "element_id");
    char what[64], msg[512];
    snprintf(what, sizeof what, "element_type %s: element_id", type);
    int comp = mbs_builder_resolve(b, MBS_SELECT_TYPE(type), id, what, "element_type", msg, sizeof msg);
    if (comp == -1)
        return mbs_build_error(b, e, "%s", msg);
    if (comp < 0)
        return -1;
    const mbs_spec_elem *target = mbs_builder_find(b, MBS_SELECT_TYPE(type), id);
    const mbs_model *m = mbs_builder_model(b);
    if (comp >= m->n_comps || m->comps[comp].id != id || m->comps[comp].kind != target->kind)
        return mbs_build_error(b, e, "%s %d takes no part in the equations: there is nothing to switch", target->kind->name,
                               id);
    mbs_command c = {.kind = MBS_CMD_ACTIVATE, .comp = comp, .flag = active};
    return mbs_add_command(b, e, &c) < 0 ? -1 : 0;
}

static int deactivate(mbs_builder *b, const mbs_spec_elem *e)
{
    return switch_element(b, e, 0);
}

static int activate(mbs_builder *b, const mbs_spec_elem *e)
{
    return switch_element(b, e, 1);
}

static int stop(mbs_builder *b, const mbs_spec_elem *e)
{
    mbs_command c = {.kind = MBS_CMD_STOP, .comp = -1};
    return mbs_add_command(b, e, &c) < 0 ? -1 : 0;
}

const mbs_kind mbs_kind_deactivate = {
    "Deactivate", MBS_FAMILY_NONE, MBS_IN_COMMAND, MBS_STAGE_ANALYSES, SWITCH_ATTRS, MBS_COUNT_OF(SWITCH_ATTRS),
    "Switches an element off for the analyses that follow, until an Activate: a joint or a motion no longer "
    "constrains (a motion's joint coordinate is free), a force no longer acts, a Control_Diff's state and a "
    "force's states are held, a Sensor_Event no longer watches. element_type is MotionSolve's keyword for the "
    "element's kind (JOINT: Constraint_Joint, JPRIM: Constraint_Jprim, BUSH: Force_Bushing, ...; each element's "
    "own are in its description) and FORCE for any action force; ids are unique per element name only, so where "
    "FORCE could mean two elements of one id, the error says which keywords pick one.",
    deactivate,
    NULL,
};

const mbs_kind mbs_kind_activate = {
    "Activate", MBS_FAMILY_NONE, MBS_IN_COMMAND, MBS_STAGE_ANALYSES, SWITCH_ATTRS, MBS_COUNT_OF(SWITCH_ATTRS),
    "Switches an element a Deactivate switched off on again, for the analyses that follow.",
    activate,
    NULL,
};

static const mbs_attr NO_ATTRS[] = {
    {"*", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_ANY_ATTRIBUTE, NULL, "accepted and ignored", NULL},
};

const mbs_kind mbs_kind_stop = {
    "Stop", MBS_FAMILY_NONE, MBS_IN_COMMAND, MBS_STAGE_ANALYSES, NO_ATTRS, MBS_COUNT_OF(NO_ATTRS),
    "Ends the run: the commands after it are not carried out.",
    stop,
    NULL,
};
