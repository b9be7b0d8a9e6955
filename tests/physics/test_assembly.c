/* Consistent initial conditions: positions moved onto the constraints with
 * the smallest mass-weighted change, velocities projected, and a clear
 * failure when no configuration satisfies the joints. */
#include "../support/harness.h"
#include "../support/run_model.h"

#include <math.h>
#include <string.h>

/* The rod starts 1 cm along its own axis off the pivot: the nearest
 * consistent configuration slides it back 1 cm without turning it. Its
 * velocity (0.3, 1.0) keeps only what the joint allows: a rotation about z,
 * with the kinetic energy metric picking v = (0, vy), w = vy / 0.5 ... the
 * minimiser of m|v - v0|^2 + J|w|^2 over v = w x r: v = (0, 0.5 w), i.e.
 * w = 0.5 m vy0 / (J + 0.25 m) with J = 1/12. */
TEST(positions_and_velocities_are_projected)
{
    test_results r;
    CHECK(test_run_model("tests/physics/models/assembly_offset.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    CHECK(r.n_rows == 1);
    CHECK_NEAR(test_value(&r, "cm", 0, 0), 0.5, 1e-12);
    CHECK_NEAR(test_value(&r, "cm", 1, 0), 0.0, 1e-12);
    CHECK(test_value(&r, "violation", 0, 0) < 1e-12);
    double w = 0.5 * 1.0 / (1.0 / 12 + 0.25);
    CHECK_NEAR(test_value(&r, "w", 2, 0), w, 1e-12);
    CHECK_NEAR(test_value(&r, "v", 0, 0), 0.0, 1e-12);
    CHECK_NEAR(test_value(&r, "v", 1, 0), 0.5 * w, 1e-12);
    test_results_free(&r);
}

TEST(impossible_assembly_names_the_joint)
{
    test_results r;
    CHECK(test_run_model("tests/physics/models/assembly_impossible.xml", NULL, NULL, &r) == 0);
    CHECK(r.status == MBS_E_RUN);
    CHECK_MSG(strstr(r.run.message, "cannot assemble") != NULL, "message: %s", r.run.message);
    CHECK_MSG(strstr(r.run.message, "Constraint_Joint") != NULL, "message: %s", r.run.message);
    CHECK(r.n_rows == 0);
    test_results_free(&r);
}

TEST_SUITE(assembly, T(positions_and_velocities_are_projected), T(impossible_assembly_names_the_joint));
