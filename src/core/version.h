/* The program's version, in the results file and `mbsim --version`. */
#ifndef MBS_VERSION_H
#define MBS_VERSION_H

#define MBS_VERSION_STRING "0.1.0"

#endif
