/* Stall detection (src/solver/ida/stall.c). */
#include "../support/harness.h"
#include "../../src/solver/ida/stall.h"

#include <string.h>

TEST(tiny_steps_in_a_row)
{
    mbs_stall s;
    char msg[256] = "";
    mbs_stall_start(&s, 0.0, 1.0);
    CHECK_NEAR(mbs_stall_min_step(&s, 0.5), 1e-12, 1e-27);
    CHECK_NEAR(mbs_stall_min_step(&s, 100.0), 1e-10, 1e-25); /* beyond the span, t itself */
    double t = 0.49;
    int stalled = 0, steps = 0;
    while (!stalled && steps < 1000) {
        t += 1e-17;
        steps++;
        stalled = mbs_stall_step(&s, t, 1e-17, msg, sizeof msg);
    }
    CHECK(stalled && steps == MBS_STALL_STEPS);
    CHECK(strstr(msg, "no progress at t = 0.4") != NULL);
    CHECK(strstr(msg, "100 steps in a row shorter than the minimum step 1e-12") != NULL);
}

TEST(a_tiny_first_step_that_grows_is_no_stall)
{
    /* after an event IDA may start with a step of 1e-19 s and double it */
    mbs_stall s;
    char msg[256];
    mbs_stall_start(&s, 0.0, 10.0);
    double t = 0.0, h = 1e-19;
    for (int i = 0; i < 200; i++, h = h < 1e-3 ? 2 * h : h) {
        t += h;
        CHECK(!mbs_stall_step(&s, t, h, msg, sizeof msg));
    }
}

TEST(steps_that_only_sometimes_grow)
{
    /* every 50th step a normal one, the others below the minimum: the run
     * creeps on, 10 000 steps advance t by less than 10 000 minimum steps */
    mbs_stall s;
    char msg[256] = "";
    mbs_stall_start(&s, 0.2, 1.2);
    double t = 0.2;
    int stalled = 0;
    long steps = 0;
    while (!stalled && steps < 100000) {
        double h = steps % 50 == 49 ? 1e-11 : 1e-16;
        t += h;
        steps++;
        stalled = mbs_stall_step(&s, t, h, msg, sizeof msg);
    }
    CHECK_MSG(stalled && steps == MBS_STALL_WINDOW, "stalled %d after %ld steps: %s", stalled, steps, msg);
    CHECK(strstr(msg, "10000 steps advanced t by") != NULL);
}

TEST(ordinary_steps)
{
    mbs_stall s;
    char msg[256];
    mbs_stall_start(&s, 0.0, 1e5);
    double t = 0.0;
    int stalled = 0;
    for (int i = 0; i < 50000 && !stalled; i++) {
        double h = 1e-6; /* small, but 1e11 of them would do */
        t += h;
        stalled = mbs_stall_step(&s, t, h, msg, sizeof msg);
    }
    CHECK(!stalled);
}

TEST_SUITE(stall, T(tiny_steps_in_a_row), T(a_tiny_first_step_that_grows_is_no_stall), T(steps_that_only_sometimes_grow),
           T(ordinary_steps));
