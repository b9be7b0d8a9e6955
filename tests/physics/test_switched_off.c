/* Elements switched off by Deactivate commands (tests/physics/models/
 * switched_off.xml: every kind of element with outputs, each switched off
 * at t1 = 0.5). Where an element is off it applies nothing: its loads,
 * powers and energies read 0 (and were not 0 before), the bodies move as
 * if it were not there (closed forms), and its other outputs still describe
 * the geometry, against the bodies' own sensors. The energy books: the
 * total loses exactly the energy the switched-off springs held, and then
 * stays balanced. */
#include "../support/harness.h"
#include "../support/run_model.h"
#include "../support/series.h"

#include "../../src/model/model.h"

#include <math.h>
#include <string.h>

#define T1 0.5

/* The row at which the second analysis starts (its start row repeats t1). */
static int first_off_row(const test_results *r)
{
    for (int i = 1; i < r->n_rows; i++)
        if (r->t[i] == r->t[i - 1])
            return i;
    return -1;
}

/* Whether column k of sensor s is a load, a power or an energy. */
static int is_load(const mbs_sensor *s, int k)
{
    return s->dims[k].force != 0;
}

/* Runs the model; 0, or -1 (reported, the results freed). */
static int run(test_results *r, int *off)
{
    if (test_run_model("tests/physics/models/switched_off.xml", NULL, NULL, r) != 0) {
        CHECK_MSG(0, "switched_off.xml does not load");
        test_results_free(r);
        return -1;
    }
    CHECK_MSG(r->status == MBS_OK, "%s", r->run.message);
    *off = first_off_row(r);
    CHECK(r->n_rows == 12 && *off == 6);
    if (r->status == MBS_OK && r->n_rows == 12 && *off == 6)
        return 0;
    test_results_free(r);
    return -1;
}

/* Whether a command switches component c off. */
static int switched_off(const mbs_model *m, int c)
{
    for (int i = 0; i < m->n_commands; i++)
        if (m->commands[i].kind == MBS_CMD_ACTIVATE && m->commands[i].comp == c && !m->commands[i].flag)
            return 1;
    return 0;
}

/* Every switched-off element's loads read 0 once it is off, and each had a
 * load before. */
TEST(switched_off_elements_report_no_load)
{
    test_results r;
    int off;
    if (run(&r, &off) != 0)
        return;
    const mbs_model *m = r.model;
    int n_off = 0;
    for (int c = 0; c < m->n_comps; c++) {
        if (!switched_off(m, c))
            continue;
        n_off++;
        double before = 0.0;
        for (int i = 0; i < m->n_sensors; i++) {
            const mbs_sensor *s = &m->sensors[i];
            if (s->source != MBS_SOURCE_COMPONENT || s->index != c)
                continue;
            for (int k = 0; k < s->ncols; k++) {
                if (!is_load(s, k))
                    continue;
                for (int row = 0; row < off; row++)
                    before = fmax(before, fabs(test_value(&r, s->name, k, row)));
                for (int row = off; row < r.n_rows; row++)
                    CHECK_MSG(test_value(&r, s->name, k, row) == 0.0, "%s column %d at t = %g: %g", s->name, k,
                              r.t[row], test_value(&r, s->name, k, row));
            }
        }
        CHECK_MSG(before > 1e-3, "%s %d had no load before it was switched off", m->comps[c].kind->name,
                  m->comps[c].id);
    }
    CHECK(n_off == 15);
    test_results_free(&r);
}

/* |a - b| in every off row */
static double off_deviation(const test_results *r, int off, const char *a, int ka, const char *b, int kb, double shift)
{
    double worst = 0.0;
    for (int row = off; row < r->n_rows; row++)
        worst = fmax(worst, fabs(test_value(r, a, ka, row) - test_value(r, b, kb, row) - shift));
    return worst;
}

/* Their lengths, displacements, coordinates and states against the bodies;
 * the bodies as if the elements were not there. */
TEST(switched_off_elements_still_describe_the_geometry)
{
    test_results r;
    int off;
    if (run(&r, &off) != 0)
        return;
    const double tol = 1e-9;
    double x1, v1;
    /* the slider coasts; both springs measure its distance from the origin,
     * also after it passed through it */
    x1 = test_value(&r, "slider", 0, off);
    v1 = test_value(&r, "spring_velocity", 0, off); /* x > 0: the length's rate is the velocity */
    CHECK(v1 < 0 && test_value(&r, "slider", 0, r.n_rows - 1) < 0);
    for (int row = off; row < r.n_rows; row++) {
        double x = x1 + v1 * (r.t[row] - T1);
        CHECK_NEAR(test_value(&r, "slider", 0, row), x, 1e-7);
        CHECK_NEAR(test_value(&r, "spring_length", 0, row), fabs(x), 1e-7);
        CHECK_NEAR(test_value(&r, "linear_length", 0, row), fabs(x), 1e-7);
        CHECK_NEAR(test_value(&r, "spring_velocity", 0, row), x > 0 ? v1 : -v1, 1e-7);
        CHECK_NEAR(test_value(&r, "linear_rate", 0, row), x > 0 ? v1 : -v1, 1e-7);
    }
    /* bushing and beam: I's position in J's (global) axes, from the mount
     * at (0, 2, 0) and the beam's root at (0, 4, 0), its length 0.5 along x */
    static const double MOUNT[3] = {0, 2, 0}, ROOT[3] = {0.5, 4, 0};
    for (int k = 0; k < 3; k++) {
        CHECK(off_deviation(&r, off, "bushing_displacement", k, "bushed", k, -MOUNT[k]) < tol);
        CHECK(off_deviation(&r, off, "beam_displacement", k, "beamed", k, -ROOT[k]) < tol);
    }
    /* the rail off: its coordinate is the rider's travel along it; the side
     * push carries the rider away, y = 8 + F/(2 m) (t - t1)^2 */
    CHECK(off_deviation(&r, off, "rail_coordinate", 0, "rider", 0, 0.0) < tol);
    CHECK_NEAR(test_value(&r, "rail_rate", 0, r.n_rows - 1), 0.3, tol);
    for (int row = off; row < r.n_rows; row++) {
        double dt = r.t[row] - T1;
        CHECK_NEAR(test_value(&r, "rider", 1, row), 8 + 1.5 * dt * dt, 1e-7);
        /* the motion off: the driven body coasts at its speed then, t1 */
        CHECK_NEAR(test_value(&r, "driven", 0, row), 0.5 * T1 * T1 + T1 * dt, 1e-7);
        /* the coin falls through the floor under its press, m g:
         * its height above the floor, the contact's normal equation */
        CHECK_NEAR(test_value(&r, "coin", 2, row), 0.1 - 0.5 * 9.81 * dt * dt, 1e-7);
        CHECK_NEAR(test_value(&r, "contact_equations", 2, row), -0.5 * 9.81 * dt * dt, 1e-7);
    }
    /* the spinner keeps its rate; the friction's slip is that rate, its
     * bristles stay where they were */
    double w1 = test_value(&r, "spin", 2, off - 1);
    for (int row = off; row < r.n_rows; row++) {
        CHECK_NEAR(test_value(&r, "spin", 2, row), w1, 1e-9 * w1);
        CHECK_NEAR(test_value(&r, "friction", 17, row), w1, 1e-9 * w1);
        for (int k = 0; k < 2; k++)
            CHECK(test_value(&r, "bristles", k, row) == test_value(&r, "bristles", k, off - 1));
    }
    CHECK(test_value(&r, "bristles", 0, off - 1) > 1e-6);
    /* the coupler's coordinates are its joints' */
    for (int k = 0; k < 2; k++)
        CHECK(off_deviation(&r, off, "coupler_displacement", k, k ? "wheel2_angle" : "wheel1_angle", 0, 0.0) < tol);
    /* coordinates: the connector's displacement is mass0's, the tie's
     * equation 2 q2 - q1 (broken once it is off: mass1 is pushed, mass2 coasts) */
    CHECK(off_deviation(&r, off, "connector_displacement", 0, "mass0", 0, 0.0) < tol);
    for (int row = off; row < r.n_rows; row++)
        CHECK_NEAR(test_value(&r, "tie_equation", 0, row),
                   2 * test_value(&r, "mass2", 0, row) - test_value(&r, "mass1", 0, row), tol);
    CHECK(fabs(test_value(&r, "tie_equation", 0, r.n_rows - 1)) > 0.1);
    test_results_free(&r);
}

/* The energy the switched-off springs held leaves the books when they go
 * off; from then on kinetic + potential + dissipated (the work of the
 * forces that stay on counted as negative dissipation) is constant. */
TEST(switching_off_keeps_the_energy_books)
{
    test_results r;
    int off;
    if (run(&r, &off) != 0)
        return;
    static const char *const STORES[] = {"spring_energy", "linear_energy", "bushing_energy", "beam_energy",
                                         "connector_energy"};
    double held = 0.0;
    for (int k = 0; k < MBS_COUNT_OF(STORES); k++)
        held += test_value(&r, STORES[k], 0, off - 1);
    CHECK(held > 1.0);
    CHECK_NEAR(test_value(&r, "potential", 0, off - 1), held, 1e-12 * held);
    CHECK_NEAR(test_value(&r, "total", 0, off), test_value(&r, "total", 0, off - 1) - held, 1e-12 * held);
    double E0 = test_value(&r, "total", 0, off) + test_value(&r, "dissipated", 0, off);
    for (int row = off; row < r.n_rows; row++) {
        CHECK(test_value(&r, "potential", 0, row) == 0.0);
        CHECK_NEAR(test_value(&r, "total", 0, row) + test_value(&r, "dissipated", 0, row), E0, 1e-7 * E0);
    }
    test_results_free(&r);
}

TEST_SUITE(switched_off, T(switched_off_elements_report_no_load), T(switched_off_elements_still_describe_the_geometry),
           T(switching_off_keeps_the_energy_books));
