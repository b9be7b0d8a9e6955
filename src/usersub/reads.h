/* What a user subroutine reads of the state: c_sysfnc and c_sysary
 * (reads.c). In the routine's iflag call each call is bound, through the
 * model's expression environment, to measures (model/measure.h) and
 * recorded; at a state it is answered from those measures by the code
 * that answers the expression language's functions (mbs_measure_value). */
#ifndef MBS_USER_READS_H
#define MBS_USER_READS_H

#include "context.h"

/* fncnam(ipar[0 .. nsize)) for the routine of c: one value (array 0,
 * c_sysfnc) or several (array 1, c_sysary; their count in *nstates, which
 * may be NULL) into states. 0, or -1 after mbs_user_fail (values 0). */
int mbs_user_read(mbs_user_context *c, const char *fncnam, const int *ipar, int nsize, int array, double *states,
                  int *nstates);

#endif
