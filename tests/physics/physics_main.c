/* Physics tests: models run in-process and checked against closed-form
 * answers, published references and conservation laws. Run from the
 * repository root (models are found under models/ and tests/physics/models/). */
#include "../support/harness.h"

#define SUITES(X) \
    X(pendulum) \
    X(statics) \
    X(assembly) \
    X(connector_springs) \
    X(andrews)

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
