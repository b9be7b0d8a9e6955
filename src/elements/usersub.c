/* The user subroutine attributes of MotionSolve's elements (usersub.h). */
#include "usersub.h"
#include "../core/strutil.h"

#include <stdio.h>

static const char *text_of(const mbs_spec_elem *e, const char *name)
{
    return mbs_kind_attr(e->kind, name) && mbs_spec_given(e, name) ? mbs_spec_text(e, name) : NULL;
}

/* type USERSUB, or a usrsub_* or script_name attribute given. */
static int names_one(const mbs_spec_elem *e)
{
    const mbs_attr *type = mbs_kind_attr(e->kind, "type");
    int asks = type && type->type == MBS_ATTR_KEYWORD && mbs_spec_given(e, "type") &&
               mbs_strcaseeq(mbs_spec_text(e, "type"), "USERSUB");
    static const char *const names[] = {"usrsub_dll_name", "usrsub_fnc_name", "usrsub_param_string", "script_name"};
    for (int i = 0; i < 4; i++)
        asks |= text_of(e, names[i]) != NULL;
    return asks;
}

int mbs_usersub_asked(mbs_builder *b, const mbs_spec_elem *e)
{
    if (!names_one(e))
        return 0;
    const char *script = text_of(e, "script_name");
    if (script)
        return mbs_build_error(b, e, "asks for the scripted user routine '%s': mbsim runs user subroutines compiled "
                                     "from C (docs/user-subroutines.md), not Python or MATLAB ones",
                               script);
    return 1;
}

/* What e's attributes say of its routine. */
static mbs_user_spec spec_of(const mbs_spec_elem *e, const char *routine, mbs_user_shape shape)
{
    mbs_user_spec spec = {
        .library = text_of(e, "usrsub_dll_name"),
        .function = text_of(e, "usrsub_fnc_name"),
        .params = text_of(e, "usrsub_param_string"),
        .routine = routine,
        .shape = shape,
        .may_read = shape != MBS_USER_MOTION && shape != MBS_USER_SYSTEM,
    };
    return spec;
}

int mbs_usersub_build(mbs_builder *b, const mbs_spec_elem *e, const char *routine, mbs_user_shape shape, int n,
                      const mbs_dim *dims, mbs_tfunc **out)
{
    mbs_user_spec spec = spec_of(e, routine, shape);
    spec.n_outputs = n;
    spec.dims = dims;
    return mbs_user_values(b, e, &spec, out);
}

mbs_user_routine *mbs_usersub_system(mbs_builder *b, const mbs_spec_elem *e, const char *routine,
                                     const mbs_user_system *sys)
{
    mbs_user_spec spec = spec_of(e, routine, MBS_USER_SYSTEM);
    spec.system = *sys;
    return mbs_user_routine_new(b, e, &spec);
}

mbs_user_routine *mbs_usersub_contact(mbs_builder *b, const mbs_spec_elem *e, const char *routine,
                                      mbs_user_shape shape, const char *prefix)
{
    char dll[32], fnc[32], param[32];
    snprintf(dll, sizeof dll, "%s_dll_name", prefix);
    snprintf(fnc, sizeof fnc, "%s_fnc_name", prefix);
    snprintf(param, sizeof param, "%s_param_string", prefix);
    mbs_user_spec spec = {
        .library = text_of(e, dll),
        .library_attr = dll,
        .function = text_of(e, fnc),
        .params = text_of(e, param),
        .routine = routine,
        .shape = shape,
        .n_outputs = 3,
    };
    return mbs_user_routine_new(b, e, &spec);
}

int mbs_usersub_check(mbs_builder *b, const mbs_spec_elem *e, const char *routine, mbs_user_shape shape)
{
    mbs_user_spec spec = spec_of(e, routine, shape);
    return mbs_user_routine_check(b, e, &spec);
}

int mbs_refuse_user_subroutine(mbs_builder *b, const mbs_spec_elem *e, const char *routine)
{
    if (!names_one(e))
        return 0;
    const char *fn = text_of(e, "usrsub_fnc_name"), *lib = text_of(e, "usrsub_dll_name");
    const char *script = text_of(e, "script_name");
    char where[300];
    if (script)
        snprintf(where, sizeof where, "in the script '%s'", script);
    else if (lib && !mbs_strcaseeq(lib, "NULL"))
        snprintf(where, sizeof where, "in '%s'", lib);
    else
        snprintf(where, sizeof where, "in MotionSolve's default user library (no usrsub_dll_name)");
    return mbs_build_error(b, e,
                           "asks for the user subroutine %s %s: mbsim does not run %s routines "
                           "(docs/user-subroutines.md lists those it runs)",
                           fn ? fn : routine, where, routine);
}
