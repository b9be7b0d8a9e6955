/* Reference_String (MotionSolve): a text other elements may name (in
 * MotionSolve, user subroutines read it). Kept in the model; nothing in
 * mbsim reads it yet. One that a user subroutine makes (usrsub_*, as a
 * vehicle export registers its travel locks) is refused by name. */
#include "usersub.h"
#include "../core/strutil.h"

#include <stdlib.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among Reference_Strings)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages", NULL},
    {"string", MBS_ATTR_TEXT, "", DIM_NONE, 0, NULL, "the text", NULL},
    MBS_USERSUB_ATTRS,
};

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    /* MotionView writes strings that register themselves with a vendor's routine */
    if (mbs_refuse_user_subroutine(b, e, "STRING_READ") != 0)
        return -1;
    mbs_model *m = mbs_builder_model(b);
    mbs_string *grown = realloc(m->strings, (size_t)(m->n_strings + 1) * sizeof *grown);
    if (!grown)
        return -1;
    m->strings = grown;
    m->strings[m->n_strings] = (mbs_string){e->id, mbs_strdup(e->label), mbs_strdup(mbs_spec_text(e, "string"))};
    return mbs_builder_set_index(b, e, m->n_strings++);
}

const mbs_kind mbs_kind_reference_string = {
    "Reference_String", MBS_FAMILY_STRING, MBS_IN_MODEL, MBS_STAGE_DATA, ATTRS, MBS_COUNT_OF(ATTRS),
    "A text that other elements may name (MotionSolve's user subroutines read them); kept with the model. One "
    "that calls a user subroutine (usrsub_*, as MotionView writes some) is refused, naming library and routine.",
    build,
    NULL,
};
