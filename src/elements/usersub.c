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

/* The attributes that name an element's routine: MotionSolve's usrsub_*
 * on most elements, cnf_* and cff_* on Force_Contact's two laws. */
typedef struct routine_attrs {
    const char *library, *function, *params;
} routine_attrs;
static const routine_attrs USRSUB = {"usrsub_dll_name", "usrsub_fnc_name", "usrsub_param_string"};
static const routine_attrs CONTACT_NORMAL = {"cnf_dll_name", "cnf_fnc_name", "cnf_param_string"};
static const routine_attrs CONTACT_FRICTION = {"cff_dll_name", "cff_fnc_name", "cff_param_string"};

/* What e's attributes `names` say of its routine. A routine that is given
 * its states (MOTSUB: time only, GSESUB) or its contact point (CNFSUB,
 * CFFSUB) as arguments may not read the model's. */
static mbs_user_spec spec_of(const mbs_spec_elem *e, const routine_attrs *names, const char *routine,
                             mbs_user_shape shape)
{
    mbs_user_spec spec = {
        .library = text_of(e, names->library),
        .library_attr = names->library,
        .function = text_of(e, names->function),
        .params = text_of(e, names->params),
        .routine = routine,
        .shape = shape,
        .may_read = shape != MBS_USER_MOTION && shape != MBS_USER_SYSTEM && shape != MBS_USER_CONTACT_NORMAL &&
                    shape != MBS_USER_CONTACT_FRICTION,
    };
    return spec;
}

int mbs_usersub_build(mbs_builder *b, const mbs_spec_elem *e, const char *routine, mbs_user_shape shape, int n,
                      const mbs_dim *dims, mbs_tfunc **out)
{
    mbs_user_spec spec = spec_of(e, &USRSUB, routine, shape);
    spec.n_outputs = n;
    spec.dims = dims;
    return mbs_user_values(b, e, &spec, out);
}

mbs_user_routine *mbs_usersub_system(mbs_builder *b, const mbs_spec_elem *e, const char *routine,
                                     const mbs_user_system *sys)
{
    mbs_user_spec spec = spec_of(e, &USRSUB, routine, MBS_USER_SYSTEM);
    spec.system = *sys;
    return mbs_user_routine_new(b, e, &spec);
}

mbs_user_routine *mbs_usersub_contact(mbs_builder *b, const mbs_spec_elem *e, mbs_user_shape shape)
{
    int normal = shape == MBS_USER_CONTACT_NORMAL;
    mbs_user_spec spec = spec_of(e, normal ? &CONTACT_NORMAL : &CONTACT_FRICTION, normal ? "CNFSUB" : "CFFSUB", shape);
    spec.n_outputs = 3;
    return mbs_user_routine_new(b, e, &spec);
}

int mbs_usersub_check(mbs_builder *b, const mbs_spec_elem *e, const char *routine, mbs_user_shape shape)
{
    mbs_user_spec spec = spec_of(e, &USRSUB, routine, shape);
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
