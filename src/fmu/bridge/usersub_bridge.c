/* libmbsim_usersub_bridge.so (usersub_bridge.h): the c_* utilities for an
 * FMU's user subroutine libraries, each handing its call to the FMU
 * binary's own (src/usersub/utilities.c) through the table bound. The
 * binary binds it before it opens the first library (../usersub_scope.c),
 * so no routine calls a utility before. */
#include "usersub_bridge.h"
#include "../../../include/mbsim/usersub.h"

#define EXPORT __attribute__((visibility("default")))

static const mbs_usersub_utilities *bound;

EXPORT int mbs_usersub_bridge_bind(const mbs_usersub_utilities *u);
EXPORT int mbs_usersub_bridge_bind(const mbs_usersub_utilities *u)
{
    if (!u || u->version != MBS_USERSUB_BRIDGE_VERSION)
        return -1;
    bound = u;
    return 0;
}

EXPORT void c_sysfnc(const char *fncnam, const int *ipar, int nsize, double *states, int *errflg)
{
    bound->sysfnc(fncnam, ipar, nsize, states, errflg);
}

EXPORT void c_sysary(const char *fncnam, const int *ipar, int nsize, double *states, int *nstates, int *errflg)
{
    bound->sysary(fncnam, ipar, nsize, states, nstates, errflg);
}

EXPORT void c_errmes(int errflg, const char *mesage, int id, const char *endflg)
{
    bound->errmes(errflg, mesage, id, endflg);
}

EXPORT void c_usrmes(int msgflg, const char *mesage, int id, const char *msgtyp)
{
    bound->usrmes(msgflg, mesage, id, msgtyp);
}

EXPORT void c_akispl(double xval, double zval, int id, int iord, double *array, int *errflg)
{
    bound->akispl(xval, zval, id, iord, array, errflg);
}

EXPORT void c_cubspl(double xval, double zval, int id, int iord, double *array, int *errflg)
{
    bound->cubspl(xval, zval, id, iord, array, errflg);
}

EXPORT void c_linspl(double xval, double zval, int id, int iord, double *array, int *errflg)
{
    bound->linspl(xval, zval, id, iord, array, errflg);
}

EXPORT void c_timget(double *time)
{
    bound->timget(time);
}

EXPORT void c_rcnvrt(const char *sys1, const double *coord1, const char *sys2, double *coord2, int *istat)
{
    bound->rcnvrt(sys1, coord1, sys2, coord2, istat);
}

EXPORT void c_getver(char *value)
{
    bound->getver(value);
}

EXPORT void c_getmod(int *mode)
{
    bound->getmod(mode);
}

EXPORT void c_gtaray(int id, double *array, int *number, int *istat)
{
    bound->gtaray(id, array, number, istat);
}
