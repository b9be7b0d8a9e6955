/* The user subroutine libraries of an FMU (usersub_scope.h).
 *
 * A library calls the utilities (c_sysfnc, ...) without linking to
 * anything: the dynamic loader binds those calls when the library is
 * opened, looking in the process's global scope (the program and what was
 * linked or opened RTLD_GLOBAL) and then in the library's own dependencies.
 * The mbsim program exports them and is in the global scope. An FMU binary
 * is opened by the importer, usually RTLD_LOCAL, so its utilities are in
 * neither place and the library would not load ("undefined symbol:
 * c_sysfnc"). glibc offers no way to have one library's symbols resolved
 * against a chosen handle, and a library the user built cannot be given a
 * dependency on the FMU binary: the utilities must be in the global scope.
 *
 * The binary could re-open itself RTLD_NOLOAD | RTLD_GLOBAL, but then its
 * FMI functions would be global too, and a library or another FMU loaded
 * later that calls its own fmi2... functions through the global scope
 * would call this binary's. So the binary opens RTLD_GLOBAL a bridge
 * instead (bridge/usersub_bridge.h, libmbsim_usersub_bridge.so beside it),
 * which defines the twelve utilities and nothing else of interest to
 * anyone, each calling the binary's own (hidden) utility through a table
 * the binary binds before it opens the first library.
 *
 * The global scope answers with its first definition: when another binary
 * already put c_sysfnc there (a second mbsim FMU with user subroutines,
 * unpacked elsewhere; a MotionSolve FMU; the mbsim program), this FMU's
 * libraries would call that binary's utilities, which know nothing of this
 * FMU's model: the routines would read zeros and run on wrongly. That is
 * checked, and refused with a message naming the other binary. */
#define _GNU_SOURCE /* dladdr, RTLD_DEFAULT */
#include "usersub_scope.h"
#include "bridge/usersub_bridge.h"
#include "../../include/mbsim/usersub.h"
#include "../core/strutil.h"
#include "../fmi/description.h"
#include "../usersub/library.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* This binary's utilities, for the bridge. */
static const mbs_usersub_utilities UTILITIES = {
    MBS_USERSUB_BRIDGE_VERSION, c_sysfnc, c_sysary, c_errmes, c_usrmes, c_akispl, c_cubspl,
    c_linspl,                   c_timget, c_rcnvrt, c_getver, c_getmod, c_gtaray,
};

static int done;           /* the first call's answer is the process's */
static char first_err[1024];

/* Opens the bridge beside the binary RTLD_GLOBAL, binds it, and checks
 * that its c_sysfnc is the one a library opened now would call. */
static int open_bridge(const char *bin_dir, char *err, size_t errsize)
{
    char *path = mbs_sprintf_alloc("%s/%s", bin_dir, MBS_USERSUB_BRIDGE_FILE);
    if (!path) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    dlerror();
    void *bridge = dlopen(path, RTLD_NOW | RTLD_GLOBAL); /* never closed: the libraries call it */
    void *bind = bridge ? dlsym(bridge, MBS_USERSUB_BRIDGE_BIND) : NULL;
    mbs_usersub_bridge_bind_fn bind_fn;
    memcpy(&bind_fn, &bind, sizeof bind_fn); /* POSIX: a symbol's address is the function's */
    int rc = -1;
    if (!bridge) {
        const char *why = dlerror();
        snprintf(err, errsize, "the FMU's user subroutine utilities (%s) cannot be loaded: %s", path,
                 why ? why : "the loader gives no reason");
    } else if (!bind || bind_fn(&UTILITIES) != 0) {
        snprintf(err, errsize, "%s is not the bridge this FMU binary was built with", path);
    } else {
        void *found = dlsym(RTLD_DEFAULT, "c_sysfnc");
        Dl_info where, ours;
        if (found && dladdr(found, &where) && dladdr(bind, &ours) && where.dli_fbase == ours.dli_fbase)
            rc = 0;
        else
            snprintf(err, errsize,
                     "another binary of this process, %s, already provides c_sysfnc to the user subroutines "
                     "loaded: this FMU's libraries would call it instead of this FMU's utilities; run this FMU "
                     "in a process of its own",
                     found && dladdr(found, &where) && where.dli_fname ? where.dli_fname : "(unknown)");
    }
    free(path);
    return rc;
}

int mbs_fmu_usersub_scope(int n_libraries, const char *default_library, char *err, size_t errsize)
{
    if (done) {
        snprintf(err, errsize, "%s", first_err);
        return first_err[0] ? -1 : 0;
    }
    done = 1;
    Dl_info self;
    char *bin_dir = NULL, *packed = NULL;
    int rc = -1;
    if (!dladdr((void *)&mbs_fmu_usersub_scope, &self) || !self.dli_fname)
        snprintf(first_err, sizeof first_err, "the FMU binary cannot find its own file (dladdr)");
    else if (!(bin_dir = strrchr(self.dli_fname, '/')
                             ? mbs_strndup(self.dli_fname, (size_t)(strrchr(self.dli_fname, '/') - self.dli_fname))
                             : mbs_strdup(".")) ||
             !(packed = mbs_sprintf_alloc("%s/%s", bin_dir, MBS_FMI_USERSUB_DIR)) ||
             mbs_library_confine(packed, default_library) != 0)
        snprintf(first_err, sizeof first_err, "out of memory");
    else
        rc = n_libraries > 0 ? open_bridge(bin_dir, first_err, sizeof first_err) : 0;
    free(bin_dir);
    free(packed);
    if (rc == 0)
        first_err[0] = '\0';
    snprintf(err, errsize, "%s", first_err);
    return rc;
}
