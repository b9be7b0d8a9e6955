/* Unit tests of the library modules, one suite per module. Add a suite:
 * a file defining TEST_SUITE(name, ...) and X(name) below. */
#include "../support/harness.h"

#define SUITES(X) \
    X(dense)      \
    X(block)      \
    X(rotation)   \
    X(strutil)    \
    X(expr)       \
    X(expr_functions) \
    X(spline)     \
    X(motionsolve) \
    X(units)      \
    X(reader)     \
    X(compile)    \
    X(joint_friction_checks) \
    X(unit_mixups) \
    X(geometry)   \
    X(stall)      \
    X(energy_weight) \
    X(results_analyses) \
    X(tree)       \
    X(nvector_fast) \
    X(tree_spherical) \
    X(tree_free) \
    X(joint_newton) \
    X(adams) \
    X(contact_shapes) \
    X(contact_box_edges) \
    X(contact_law) \
    X(contact_checks) \
    X(mesh_memory) \
    X(unexplained_failure)

TEST_MAIN(SUITES)
