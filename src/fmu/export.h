/* The FMI functions are the only symbols the FMU binary exports: it is
 * compiled with -fvisibility=hidden and linked with mbsim's objects hidden
 * (Makefile, $(FMU_SO)), so that a host loading two FMUs, or mbsim itself,
 * sees no clash. */
#ifndef MBS_FMU_EXPORT_H
#define MBS_FMU_EXPORT_H

#define MBS_FMU_API __attribute__((visibility("default")))

#endif
