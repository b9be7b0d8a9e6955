/* The header MotionSolve's C user subroutines include, by the name they
 * include it: mbsim's interface (usersub.h), so that such a source compiles
 * unchanged. */
#ifndef MBSIM_MSOLVSUB_C_INCLUDE_H
#define MBSIM_MSOLVSUB_C_INCLUDE_H

#include "usersub.h"

#endif
