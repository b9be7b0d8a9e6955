/* See failing_malloc.h. */
#include "failing_malloc.h"

#include <stdlib.h>

void *__real_malloc(size_t size);
void *__wrap_malloc(size_t size);

static size_t fail_size;
static int failures;

void failing_malloc_arm(size_t size)
{
    fail_size = size;
    failures = 0;
}

int failing_malloc_failures(void)
{
    return failures;
}

void *__wrap_malloc(size_t size)
{
    if (fail_size != 0 && size == fail_size) {
        failures++;
        return NULL;
    }
    return __real_malloc(size);
}
