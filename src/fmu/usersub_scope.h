/* The user subroutine libraries of an FMU (docs/fmi.md, "User
 * subroutines"): packed by mbsim fmu in binaries/PLATFORM/usersub/ (MBS_FMI_USERSUB_DIR) beside
 * the FMU binary, opened from there only, and bound to the c_* utilities
 * of this binary (usersub_scope.c says how and why). */
#ifndef MBS_FMU_USERSUB_SCOPE_H
#define MBS_FMU_USERSUB_SCOPE_H

#include <stddef.h>

/* Prepares this binary for the FMU's n_libraries libraries, once per
 * process (later calls repeat the first's answer): the search confined to
 * the binary's usersub/ folder (also with none: a model's library is never
 * looked for elsewhere), MS_USERSUBDLL standing for `default_library`
 * (NULL: none), and, when there are libraries, the utilities made visible
 * to them. 0, or -1 with why in err. */
int mbs_fmu_usersub_scope(int n_libraries, const char *default_library, char *err, size_t errsize);

#endif
