/* Physics tests: models run in-process and checked against closed-form
 * answers, published references and conservation laws. Run from the
 * repository root (models are found under models/ and tests/physics/models/). */
#include "../support/harness.h"

#define SUITES(X) \
    X(pendulum) \
    X(statics) \
    X(assembly) \
    X(integrator) \
    X(connector_springs) \
    X(connector_events) \
    X(connector_constraints) \
    X(andrews) \
    X(energy) \
    X(slider_crank) \
    X(four_bar) \
    X(joints) \
    X(forces) \
    X(reactions) \
    X(post_request) \
    X(commands) \
    X(rolling_disc) \
    X(whipple_bicycle) \
    X(linear) \
    X(units) \
    X(joint_friction) \
    X(four_bar_friction) \
    X(compliance) \
    X(coupling) \
    X(decks) \
    X(measures) \
    X(robust_core) \
    X(joint_rows) \
    X(switched_off) \
    X(failure_messages) \
    X(control) \
    X(adams) \
    X(contact) \
    X(contact_matrix)

TEST_MAIN(SUITES)
