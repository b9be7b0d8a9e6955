/* The bridge between an FMU's user subroutine libraries and the utilities
 * of its binary (../usersub_scope.c says why it exists): a small library of
 * its own, libmbsim_usersub_bridge.so beside the FMU binary, that defines
 * the c_* utilities of include/mbsim/usersub.h and nothing else, each
 * calling the binary's through the table the binary gives it. */
#ifndef MBS_FMU_USERSUB_BRIDGE_H
#define MBS_FMU_USERSUB_BRIDGE_H

#define MBS_USERSUB_BRIDGE_FILE "libmbsim_usersub_bridge.so"
/* The bridge's one other symbol: mbs_usersub_bridge_bind(const mbs_usersub_utilities *) */
#define MBS_USERSUB_BRIDGE_BIND "mbs_usersub_bridge_bind"
/* Changed whenever the table changes: a bridge binds only a table of its version. */
#define MBS_USERSUB_BRIDGE_VERSION 1

/* The utilities, with usersub.h's prototypes, in its order. */
typedef struct mbs_usersub_utilities {
    int version;
    void (*sysfnc)(const char *fncnam, const int *ipar, int nsize, double *states, int *errflg);
    void (*sysary)(const char *fncnam, const int *ipar, int nsize, double *states, int *nstates, int *errflg);
    void (*errmes)(int errflg, const char *mesage, int id, const char *endflg);
    void (*usrmes)(int msgflg, const char *mesage, int id, const char *msgtyp);
    void (*akispl)(double xval, double zval, int id, int iord, double *array, int *errflg);
    void (*cubspl)(double xval, double zval, int id, int iord, double *array, int *errflg);
    void (*linspl)(double xval, double zval, int id, int iord, double *array, int *errflg);
    void (*timget)(double *time);
    void (*rcnvrt)(const char *sys1, const double *coord1, const char *sys2, double *coord2, int *istat);
    void (*getver)(char *value);
    void (*getmod)(int *mode);
    void (*gtaray)(int id, double *array, int *number, int *istat);
} mbs_usersub_utilities;

/* Binds the bridge to `u` (kept: the binary's own table); 0, or -1 when
 * its version is not the bridge's. */
typedef int (*mbs_usersub_bridge_bind_fn)(const mbs_usersub_utilities *u);

#endif
