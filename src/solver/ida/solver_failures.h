/* What IDA and KINSOL failed to do, in mbsim's words, from their return
 * flags. Their own messages name their internals (tstop, hmin, the line
 * search's iterate) and are never shown; the caller says where (t, the
 * step) and why (the element, the variable: simulate.c, statics.c). */
#ifndef MBS_SOLVER_FAILURES_H
#define MBS_SOLVER_FAILURES_H

/* IDA's flag of a failed step or start (IDA_CONV_FAIL, ...). */
const char *mbs_ida_failure(int flag);
/* KINSOL's flag of a failed solve (KIN_LINESEARCH_NONCONV, ...). */
const char *mbs_kinsol_failure(int flag);

#endif
