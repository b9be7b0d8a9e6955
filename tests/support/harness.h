/* A tiny test harness: CHECK macros record failures with file:line, a
 * runner calls every registered test and prints only failures and a final
 * "N passed, N failed" line (exit status 1 if any failed). */
#ifndef MBS_TEST_HARNESS_H
#define MBS_TEST_HARNESS_H

#include <math.h>
#include <stdio.h>

typedef struct test_case {
    const char *name;
    void (*fn)(void);
} test_case;

extern int test_failures_in_current;

void test_fail(const char *file, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#define CHECK(cond) \
    do { \
        if (!(cond)) \
            test_fail(__FILE__, __LINE__, "%s", #cond); \
    } while (0)

#define CHECK_MSG(cond, ...) \
    do { \
        if (!(cond)) \
            test_fail(__FILE__, __LINE__, __VA_ARGS__); \
    } while (0)

/* |a - b| <= tol, reporting both values */
#define CHECK_NEAR(a, b, tol) \
    do { \
        double check_a_ = (a), check_b_ = (b), check_t_ = (tol); \
        if (!(fabs(check_a_ - check_b_) <= check_t_)) \
            test_fail(__FILE__, __LINE__, "%s = %.15g, expected %s = %.15g within %.3g (off by %.3g)", #a, check_a_, \
                      #b, check_b_, check_t_, fabs(check_a_ - check_b_)); \
    } while (0)

/* Each test file defines its tests with TEST(name) and lists them with
 * TEST_SUITE(suite_name, test, test, ...). */
#define TEST(name) static void name(void)

#define TEST_SUITE(suite, ...) \
    const test_case suite##_tests[] = {__VA_ARGS__, {NULL, NULL}}

#define T(name) {#name, name}

/* Runs the suites (NULL-terminated, with their names); argv[1] may filter
 * by a substring of "suite.test". Returns the exit status. */
int test_run_suites(const char *const *suite_names, const test_case *const *suites, int argc, char **argv);

/* The main function of a test program, given its list of suites as an
 * X-macro: #define SUITES(X) X(one) X(two) ... then TEST_MAIN(SUITES). */
#define TEST_DECLARE_SUITE_(s) extern const test_case s##_tests[];
#define TEST_SUITE_NAME_(s) #s,
#define TEST_SUITE_LIST_(s) s##_tests,
#define TEST_MAIN(SUITES) \
    SUITES(TEST_DECLARE_SUITE_) \
    int main(int argc, char **argv) \
    { \
        static const char *const names[] = {SUITES(TEST_SUITE_NAME_) NULL}; \
        static const test_case *const suites[] = {SUITES(TEST_SUITE_LIST_) NULL}; \
        return test_run_suites(names, suites, argc, argv); \
    }

#endif
