/* An allocation failure injected into the unit tests: the test binary is
 * linked with -Wl,--wrap=malloc, so every malloc of the library and the
 * tests goes through __wrap_malloc, which fails those of one chosen size
 * while armed (the size picks the one allocation a test means: a mesh's
 * edge array is 36 bytes per triangle). Disarmed, it is malloc. */
#ifndef MBS_TEST_FAILING_MALLOC_H
#define MBS_TEST_FAILING_MALLOC_H

#include <stddef.h>

/* Fail every malloc of exactly `size` bytes from now on (0: none). */
void failing_malloc_arm(size_t size);
/* How many mallocs failed since the last arm. */
int failing_malloc_failures(void);

#endif
