/* MotionSolve's user subroutines (type="USERSUB", usrsub_*): accepted by the
 * reader so that the element can be named, then refused with a clear error,
 * since mbsim cannot load a vendor's compiled routines (usersub.c). */
#ifndef MBS_USERSUB_H
#define MBS_USERSUB_H

#include "../model/builder.h"

/* The attributes that name a user subroutine, for attribute tables. */
#define MBS_USERSUB_ATTRS \
    {"usrsub_dll_name", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, \
     "library of a user subroutine: refused (mbsim cannot load compiled routines)", NULL}, \
    {"usrsub_fnc_name", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name of the user subroutine: refused", NULL}, \
    {"usrsub_param_string", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "its parameters: refused", NULL}, \
    {"script_name", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "a Python or MATLAB user routine: refused", NULL}, \
    {"interpreter", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "its interpreter: refused", NULL}

/* When e asks for a user subroutine (type USERSUB, or any usrsub_* or
 * script_name attribute), reports which (element, library, function;
 * `routine` is MotionSolve's default name, e.g. "VARSUB") and returns -1;
 * otherwise 0. */
int mbs_refuse_user_subroutine(mbs_builder *b, const mbs_spec_elem *e, const char *routine);

#endif
