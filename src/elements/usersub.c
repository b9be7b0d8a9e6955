#include "usersub.h"
#include "../core/strutil.h"

#include <stdio.h>

int mbs_refuse_user_subroutine(mbs_builder *b, const mbs_spec_elem *e, const char *routine)
{
    const mbs_attr *type = mbs_kind_attr(e->kind, "type");
    int asks = type && type->type == MBS_ATTR_KEYWORD && mbs_spec_given(e, "type") &&
               mbs_strcaseeq(mbs_spec_text(e, "type"), "USERSUB");
    static const char *const names[] = {"usrsub_dll_name", "usrsub_fnc_name", "usrsub_param_string", "script_name"};
    for (int i = 0; i < 4; i++)
        asks |= mbs_kind_attr(e->kind, names[i]) && mbs_spec_given(e, names[i]);
    if (!asks)
        return 0;
    const char *fn = mbs_kind_attr(e->kind, "usrsub_fnc_name") ? mbs_spec_text(e, "usrsub_fnc_name") : NULL;
    const char *lib = mbs_kind_attr(e->kind, "usrsub_dll_name") ? mbs_spec_text(e, "usrsub_dll_name") : NULL;
    const char *script = mbs_kind_attr(e->kind, "script_name") ? mbs_spec_text(e, "script_name") : NULL;
    char where[300];
    if (script)
        snprintf(where, sizeof where, "in the script '%s'", script);
    else if (lib && !mbs_strcaseeq(lib, "NULL"))
        snprintf(where, sizeof where, "in '%s'", lib);
    else
        snprintf(where, sizeof where, "in MotionSolve's default user library (no usrsub_dll_name)");
    return mbs_build_error(b, e,
                           "asks for the user subroutine %s %s: mbsim cannot load a vendor's compiled (or scripted) "
                           "routines; give the element as an expression instead",
                           fn ? fn : routine, where);
}
