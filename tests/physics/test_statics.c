/* Static equilibrium (KINSOL) against closed forms. */
#include "../support/harness.h"
#include "../support/run_model.h"
#include "../support/series.h"

#include <math.h>

/* A block hanging from a spring on a vertical slider: stretch m g / k; the
 * slider carries no load along its axis; a transient from there stays put. */
TEST(hanging_spring_stretches_by_weight_over_stiffness)
{
    test_results r;
    CHECK(test_run_model("tests/physics/models/static_spring.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    double m = 2, k = 100, g = 9.81;
    double y_eq = -1.0 - m * g / k;
    CHECK_NEAR(test_value(&r, "y", 1, 0), y_eq, 1e-9);
    CHECK_NEAR(test_value(&r, "spring_force", 0, 0), -m * g, 1e-8);
    CHECK(series_max_deviation(&r, "y", 1, y_eq) < 1e-9);
    test_results_free(&r);
}

/* A rod released 60 degrees below horizontal settles hanging straight down,
 * the pivot carrying the weight. */
TEST(pendulum_hangs_down)
{
    test_results r;
    CHECK(test_run_model("tests/physics/models/static_pendulum.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    CHECK(r.n_rows == 1);
    CHECK_NEAR(fabs(test_value(&r, "angle", 0, 0)), MBS_TEST_PI / 2, 1e-9);
    CHECK_NEAR(test_value(&r, "rod_position", 1, 0), -0.5, 1e-9);
    CHECK_NEAR(test_value(&r, "pivot_force", 0, 0), 0.0, 1e-8);
    CHECK_NEAR(test_value(&r, "pivot_force", 1, 0), 9.81, 1e-8);
    test_results_free(&r);
}

/* models/beam_steel_cantilevers.xml (and its millimetre twin): four steel
 * cantilevers 1 m long, 50 mm x 200 mm, under tip loads of 1 kN and 40 kN
 * and a 1 kN m torque, at their closed forms with the default settings.
 * EA/L = 2e9 N/m: one rounding of the 1 m tip position is 4.4e-7 N, so the
 * force balance cannot get within 1e-10 of the 9.81 N tip weight (the old
 * default). Timoshenko with Force_Beam's shear ratios (ASY = A / A_shear):
 *   DY = F L^3 / (3 E Izz) + F L ASY / (G A),   AZ =  F L^2 / (2 E Izz)
 *   DZ = F L^3 / (3 E Iyy) + F L ASZ / (G A),   AY = -F L^2 / (2 E Iyy)
 *   DX = F L / (E A),   AX = T L / (G Ixx)
 * `length` is the model's unit of length in metres. */
static void check_steel_cantilevers(const char *path, double length)
{
    const double L = 1, E = 2e11, G = E / (2 * (1 + 0.3)), t = 0.05, w = 0.2, A = t * w, AS = 6.0 / 5.0;
    const double Ixx = 0.281 * w * t * t * t, Iyy = t * w * w * w / 12, Izz = w * t * t * t / 12;
    const double F_small = 1e3, F_large = 4e4, T = 1e3;
    test_results r;
    CHECK(test_run_model(path, NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "%s: run failed: %s", path, r.run.message);
    if (r.status != MBS_OK) {
        test_results_free(&r);
        return;
    }
    struct {
        const char *sensor;
        int col;
        double value; /* SI */
        int angle;
    } expect[] = {
        {"axial", 0, F_large * L / (E * A), 0},
        {"bending_y", 1, F_small * L * L * L / (3 * E * Izz) + F_small * L * AS / (G * A), 0},
        {"bending_y", 5, F_small * L * L / (2 * E * Izz), 1},
        {"bending_z", 2, F_large * L * L * L / (3 * E * Iyy) + F_large * L * AS / (G * A), 0},
        {"bending_z", 4, -F_large * L * L / (2 * E * Iyy), 1},
        {"torsion", 3, T * L / (G * Ixx), 1},
    };
    for (int k = 0; k < (int)(sizeof expect / sizeof expect[0]); k++) {
        double want = expect[k].angle ? expect[k].value : expect[k].value / length;
        double got = test_value(&r, expect[k].sensor, expect[k].col, 0);
        CHECK_MSG(fabs(got - want) <= 1e-9 * fabs(want), "%s: %s[%d] = %.12g, closed form %.12g", path,
                  expect[k].sensor, expect[k].col, got, want);
    }
    /* the shear term shows at this accuracy; nothing else moves */
    CHECK(F_small * L * AS / (G * A) > 1e-3 * F_small * L * L * L / (3 * E * Izz));
    CHECK(fabs(test_value(&r, "axial", 1, 0)) < 1e-12 / length);
    CHECK(fabs(test_value(&r, "torsion", 1, 0)) < 1e-12 / length);
    test_results_free(&r);
}

TEST(steel_cantilevers_reach_their_closed_forms_with_default_settings)
{
    check_steel_cantilevers("models/beam_steel_cantilevers.xml", 1.0);
    check_steel_cantilevers("tests/physics/models/beam_steel_cantilevers_mm.xml", 1e-3);
}

/* tests/physics/models/static_hertz_ball.xml: a steel ball pressed by 40 kN
 * onto a plate 10 m from the origin sinks in by (F / k)^(2/3), k = 4/3 E*
 * sqrt(R). It starts 1 nm into the plate, where the contact is 440 times
 * softer than at the equilibrium, so the iterations end in the rounding of
 * the force balance (of the 10 m position, times the final stiffness) that
 * the start could not foresee: a last Newton step below the positions'
 * rounding means converged. */
TEST(hertz_contact_converges_in_rounding_it_could_not_foresee)
{
    const double R = 0.01, E_star = 2e11 / (2 * (1 - 0.3 * 0.3)), k = 4.0 / 3.0 * E_star * sqrt(R), F = 4e4, h = 10;
    test_results r;
    CHECK(test_run_model("tests/physics/models/static_hertz_ball.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    double d = pow(F / k, 2.0 / 3.0);
    CHECK_NEAR(h + R - test_value(&r, "ball", 2, 0), d, 1e-9 * d);
    CHECK_NEAR(test_value(&r, "contact", 2, 0), F, 1e-9 * F);
    test_results_free(&r);
}

TEST_SUITE(statics, T(hanging_spring_stretches_by_weight_over_stiffness), T(pendulum_hangs_down),
           T(steel_cantilevers_reach_their_closed_forms_with_default_settings),
           T(hertz_contact_converges_in_rounding_it_could_not_foresee));
