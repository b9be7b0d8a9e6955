#include "harness.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int test_failures_in_current;

void test_fail(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s:%d: FAILED: ", file, line);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    test_failures_in_current++;
}

int test_run_suites(const char *const *suite_names, const test_case *const *suites, int argc, char **argv)
{
    int passed = 0, failed = 0;
    const char *filter = argc > 1 ? argv[1] : NULL;
    for (int s = 0; suites[s]; s++)
        for (const test_case *t = suites[s]; t->name; t++) {
            char full[256];
            snprintf(full, sizeof full, "%s.%s", suite_names[s], t->name);
            if (filter && !strstr(full, filter))
                continue;
            test_failures_in_current = 0;
            t->fn();
            if (test_failures_in_current) {
                fprintf(stderr, "  in test %s\n", full);
                failed++;
            } else {
                passed++;
            }
        }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
