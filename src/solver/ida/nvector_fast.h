/* Optimised replacements for IDA's hot serial N_Vector operations (see
 * nvector_fast.c for why and what they compute). */
#ifndef MBS_NVECTOR_FAST_H
#define MBS_NVECTOR_FAST_H

#include <sundials/sundials_nvector.h>

/* Replaces the operations in v's table (clones made afterwards inherit
 * them); other vector kinds are left alone. */
void mbs_nvector_fast(N_Vector v);

#endif
