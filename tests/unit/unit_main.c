/* Unit tests of the library modules, one suite per module. Add a suite:
 * a file defining TEST_SUITE(name, ...) and X(name) below. */
#include "../support/harness.h"

#define SUITES(X) \
    X(dense)      \
    X(rotation)   \
    X(strutil)    \
    X(expr)       \
    X(units)      \
    X(reader)     \
    X(compile)

#define DECLARE(s) extern const test_case s##_tests[];
SUITES(DECLARE)

#define NAME(s) #s,
#define LIST(s) s##_tests,

int main(int argc, char **argv)
{
    static const char *const names[] = {SUITES(NAME) NULL};
    static const test_case *const suites[] = {SUITES(LIST) NULL};
    return test_run_suites(names, suites, argc, argv);
}
