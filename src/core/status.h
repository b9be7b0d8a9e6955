/* Status codes shared by every module. Functions below main.c never print or
 * exit; they return one of these and leave details in a diagnostics sink. */
#ifndef MBS_STATUS_H
#define MBS_STATUS_H

typedef enum mbs_status {
    MBS_OK = 0,
    MBS_E_INPUT,       /* the model or the command line is wrong: exit status 2 */
    MBS_E_RUN,         /* the computation failed (solver, singular system): exit status 1 */
    MBS_E_INTERRUPTED, /* a signal asked us to stop: results kept, status "interrupted" */
    MBS_E_IO,          /* a file could not be read or written */
    MBS_E_NOMEM
} mbs_status;

#endif
