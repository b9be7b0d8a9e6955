/* Damaging results files for tests: see tests/cli/h5edit.c for the
 * operations. argv[0] is the operation, the rest its arguments (as after
 * FILE on h5edit's command line). Returns 0, or 1 after a message. */
#ifndef H5DAMAGE_H
#define H5DAMAGE_H

#include <hdf5.h>

int h5damage_apply(hid_t file, int argc, char **argv);

/* Nonzero: no messages (the fuzzer's mutations may fail, and often do). */
extern int h5damage_quiet;

#endif
