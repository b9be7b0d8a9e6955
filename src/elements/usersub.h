/* MotionSolve's user subroutine attributes (type="USERSUB",
 * usrsub_dll_name, usrsub_fnc_name, usrsub_param_string) on the elements
 * that take them: read here into the library, function name and parameter
 * list of usersub/routine.h, which finds and calls the routine. Scripted
 * routines (script_name) and the routines mbsim does not run are refused
 * by name. docs/user-subroutines.md. */
#ifndef MBS_USERSUB_H
#define MBS_USERSUB_H

#include "../model/builder.h"
#include "../usersub/routine.h"

/* The attributes that name a user subroutine, for attribute tables. */
#define MBS_USERSUB_ATTRS \
    {"usrsub_dll_name", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, \
     "the library of its user subroutine: a name (libNAME.so or NAME.so), or a path; NULL: MS_USERSUBDLL's", NULL}, \
    {"usrsub_fnc_name", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, \
     "the user subroutine's name in the library (default: MotionSolve's, e.g. SFOSUB)", NULL}, \
    {"usrsub_param_string", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, \
     "its parameters, USER(p1, p2, ...): numbers or expressions of the parameters", NULL}, \
    {"script_name", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "a Python or MATLAB user routine: refused", NULL}, \
    {"interpreter", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "its interpreter: refused", NULL}

/* Whether e asks for a user subroutine: type USERSUB, or any usrsub_*
 * attribute given. 1 yes, 0 no; -1 after refusing a scripted routine
 * (script_name), which mbsim does not run. */
int mbs_usersub_asked(mbs_builder *b, const mbs_spec_elem *e);

/* e's user subroutine: `routine` (MotionSolve's name) of `shape` with n
 * outputs of dimensions dims, into out[0 .. n) (mbs_user_values). 0, or
 * -1 after reporting. */
int mbs_usersub_build(mbs_builder *b, const mbs_spec_elem *e, const char *routine, mbs_user_shape shape, int n,
                      const mbs_dim *dims, mbs_tfunc **out);

/* e's user subroutine of shape MBS_USER_SYSTEM (GSESUB) with sizes sys,
 * which e calls itself (mbs_user_system_values); NULL after reporting. */
mbs_user_routine *mbs_usersub_system(mbs_builder *b, const mbs_spec_elem *e, const char *routine,
                                     const mbs_user_system *sys);

/* e's contact law routine as Force_Contact names it: CNFSUB
 * (MBS_USER_CONTACT_NORMAL) by its cnf_dll_name, cnf_fnc_name and
 * cnf_param_string, CFFSUB (MBS_USER_CONTACT_FRICTION) by its cff_*; e
 * calls it itself (mbs_user_contact_values). It is given what it needs as
 * arguments and may not read the state. NULL after reporting. */
mbs_user_routine *mbs_usersub_contact(mbs_builder *b, const mbs_spec_elem *e, mbs_user_shape shape);

/* Only looks for e's routine (mbs_user_routine_check): an element whose
 * inputs have errors still reports its own library or routine missing. 0,
 * or -1 after reporting. */
int mbs_usersub_check(mbs_builder *b, const mbs_spec_elem *e, const char *routine, mbs_user_shape shape);

/* For elements whose routine mbsim does not run (SPLINE_READ, CONSUB, ...):
 * when e asks for one, reports which (element, library, function) and
 * returns -1; otherwise 0. */
int mbs_refuse_user_subroutine(mbs_builder *b, const mbs_spec_elem *e, const char *routine);

#endif
