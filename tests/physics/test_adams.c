/* Adams datasets (.adm) and command files (.acf) of the project's own, run
 * as written and checked against closed forms:
 *   adams_pendulum.adm    N-kg-mm-s, the part placed by QG/REULER and its
 *                         markers in its BCS: the centre of mass at 500 mm,
 *                         the first angular acceleration m g d / I_O, the pivot's
 *                         reaction m (g + a), energy kept; Euler parameters of
 *                         unit length, REQUEST columns in Adams' order and units
 *   adams_oscillator.adm  a SPRINGDAMPER, an SFORCE written over three lines
 *                         and an action-only SFORCE (along J's z) each move
 *                         their block as the damped oscillator's closed form
 *   adams_friction.adm    FRICTION slows a block sliding on a translational
 *                         joint as the LuGre law's closed form
 *   adams_gcon.adm        a GCON holds a pendulum at 1 m: DM stays 1, the
 *                         speed at the bottom is sqrt(2 g L)
 *   adams_drop.acf        SIMULATE, DEACTIVATE, SIMULATE: held, then free fall
 *   adams_marker_motion.adm  MOTION of markers: X and B3 follow their functions
 *   adams_control.adm     TFSISO and LSE (with MATRIX in its three forms): a first-order lag
 *   adams_field.adm       a diagonal FIELD: the damped oscillator about L + F / k
 *   adams_gear.adm        GEARs by their common-velocity markers: a pinion, a gear, a rack
 *   adams_ic.adm          JOINT IC sets the angle and rate at the start; a
 *                         HOOKE joint whose markers coincide moves nothing
 *   adams_yaw_lock.adm    YAW of a plate at pitch -90 deg (x along ground -z)
 *                         turning about ground z: roll 0, yaw the turn's angle - 60 deg
 * (models/ written as datasets are compared with their XML twins by
 * tests/adams/twins.sh) */
#include "../support/harness.h"
#include "../support/run_model.h"

#include <math.h>
#include <string.h>

#define PI 3.14159265358979323846

static int run(const char *path, test_results *r)
{
    int ok = test_run_model(path, NULL, NULL, r) == 0 && r->status == MBS_OK;
    CHECK_MSG(ok, "%s did not run: %s %s", path, r->run.message, r->errors);
    return ok;
}

TEST(pendulum_placed_by_its_bcs_falls_as_the_closed_form)
{
    test_results r;
    if (!run("tests/physics/models/adams_pendulum.adm", &r)) {
        test_results_free(&r);
        return;
    }
    const double m = 2.0, d = 0.5, g = 9.81, I_O = 0.15 + m * d * d; /* SI */
    /* REQUEST_1, DISPLACEMENT: mag x y z r_mag psi theta phi, in mm */
    CHECK_NEAR(test_value(&r, "REQUEST_1", 0, 0), 500.0, 1e-9);
    CHECK_NEAR(test_value(&r, "REQUEST_1", 1, 0), 500.0, 1e-9);
    CHECK_NEAR(test_value(&r, "REQUEST_1", 3, 0), 0.0, 1e-9);
    /* REQUEST_3, ACCELERATION at t = 0: alpha = m g d / I_O about the pivot, a_z = -alpha d */
    double alpha = m * g * d / I_O;
    CHECK_NEAR(test_value(&r, "REQUEST_3", 4, 0), alpha, 1e-6 * alpha);
    CHECK_NEAR(test_value(&r, "REQUEST_3", 3, 0), -alpha * d * 1000.0, 1e-6 * alpha * d * 1000.0);
    CHECK_NEAR(test_value(&r, "REQUEST_3", 1, 0), 0.0, 1e-9);
    /* REQUEST_5, FORCE at the pivot on the pendulum: m (a - g), z = m (g - alpha d) */
    CHECK_NEAR(test_value(&r, "REQUEST_5", 3, 0), m * (g - alpha * d), 1e-6 * m * g);
    CHECK_NEAR(test_value(&r, "REQUEST_5", 0, 0), fabs(m * (g - alpha * d)), 1e-6 * m * g);
    /* energy: m g z + 1/2 I_O w^2, with z (mm) and |w| from the requests */
    double worst = 0, e0 = 0, worst_q = 0;
    for (int i = 0; i < r.n_rows; i++) {
        double z = test_value(&r, "REQUEST_1", 3, i) / 1000.0, w = test_value(&r, "REQUEST_2", 4, i);
        double e = m * g * z + 0.5 * I_O * w * w;
        if (i == 0)
            e0 = e;
        worst = fmax(worst, fabs(e - e0));
        double q = 0;
        for (int k = 1; k <= 5; k += (k == 3 ? 2 : 1))
            q += pow(test_value(&r, "REQUEST_4", k, i), 2);
        worst_q = fmax(worst_q, fabs(q - 1.0));
    }
    CHECK_MSG(worst < 1e-4 * m * g * d, "energy drifts by %g J", worst);
    /* it turns about +y by th = atan2(-z, x): Euler parameters (cos th/2, 0, sin th/2, 0) (ORIENT 27),
     * and th is the angle at the pivot between the centre of mass and the +x axis (INCANG) */
    double worst_e = 0, worst_a = 0;
    for (int i = 0; i < r.n_rows; i++) {
        double th = atan2(-test_value(&r, "REQUEST_1", 3, i), test_value(&r, "REQUEST_1", 1, i));
        worst_e = fmax(worst_e, fabs(test_value(&r, "REQUEST_4", 1, i) - cos(th / 2)));
        worst_e = fmax(worst_e, fabs(test_value(&r, "REQUEST_4", 2, i)));
        worst_e = fmax(worst_e, fabs(test_value(&r, "REQUEST_4", 3, i) - sin(th / 2)));
        worst_e = fmax(worst_e, fabs(test_value(&r, "REQUEST_4", 5, i)));
        worst_a = fmax(worst_a, fabs(test_value(&r, "REQUEST_6", 1, i) - fabs(th)));
    }
    CHECK_MSG(worst_e < 1e-9, "Euler parameters %g from the rotation about y", worst_e);
    CHECK_MSG(worst_a < 1e-9, "INCANG %g from the angle below the horizontal", worst_a);
    CHECK_MSG(worst_q < 1e-9, "Euler parameters of length 1 +- %g", worst_q);
    /* it swings down: by t = 0.3 the centre of mass is well below the pivot */
    CHECK(test_value(&r, "REQUEST_1", 3, 30) < -100.0);
    /* the columns are Adams' eight, with units from UNITS */
    const mbs_sensor *s = NULL;
    for (int k = 0; k < r.model->n_sensors; k++)
        if (strcmp(r.model->sensors[k].name, "REQUEST_3") == 0)
            s = &r.model->sensors[k];
    CHECK(s && s->ncols == 8);
    for (int k = 0; k < r.model->n_sensors; k++)
        if (strcmp(r.model->sensors[k].name, "REQUEST_1") == 0)
            CHECK(r.model->sensors[k].comment && strcmp(r.model->sensors[k].comment, "centre of mass") == 0);
    test_results_free(&r);
}

/* x(t) - L of a damped oscillator from x0 - L at rest: m x'' + c x' + k (x - L) = 0 */
static double oscillator(double t)
{
    const double m = 1, k = 100, c = 1, a = 0.1;
    double w0 = sqrt(k / m), zeta = c / (2 * sqrt(k * m)), wd = w0 * sqrt(1 - zeta * zeta);
    return exp(-zeta * w0 * t) * (a * cos(wd * t) + zeta * w0 * a / wd * sin(wd * t));
}

TEST(spring_dampers_and_sforces_move_their_blocks_as_the_oscillator)
{
    test_results r;
    if (!run("tests/physics/models/adams_oscillator.adm", &r)) {
        test_results_free(&r);
        return;
    }
    static const char *const REQ[3] = {"REQUEST_1", "REQUEST_2", "REQUEST_3"};
    double worst[3] = {0, 0, 0};
    for (int i = 0; i < r.n_rows; i++)
        for (int b = 0; b < 3; b++)
            worst[b] = fmax(worst[b], fabs(test_value(&r, REQ[b], 1, i) - 1.0 - oscillator(r.t[i])));
    for (int b = 0; b < 3; b++)
        CHECK_MSG(worst[b] < 1e-5, "block %d: %g m from the closed form", b + 1, worst[b]);
    test_results_free(&r);
}

/* FRICTION on a translational joint: the block of adams_friction.adm slides along x
 * at v0 = 2 m/s, pressed onto the joint by gravity, N = m g from the joint's reaction.
 * The LuGre law in steady sliding (docs/joint-friction.md), with the canonical bristles
 * a dataset gets (sigma0 = 1e5 /m, sigma1 = 316 s/m, sigma2 = 0.4 s/m) and slip far
 * beyond STICTION_TRANSITION_VELOCITY (g(s) = mu_d):
 *     dv/dt = -g (mu_d + sigma2 v)
 *     v(t)  = (v1 + mu_d/sigma2) exp(-sigma2 g t) - mu_d/sigma2
 * The bristles start relaxed: in the first microseconds they deflect to z = mu_d/sigma0,
 * and their damping sigma1 dz/dt costs the block g sigma1 mu_d/sigma0 = 9.3 mm/s of
 * speed (v1 = v0 - that), so that mu (not the mass, not N's direction) sets the
 * history. The block stops where v(t) = 0 and stays. */
TEST(friction_slows_a_sliding_block_as_the_lugre_law)
{
    test_results r;
    if (!run("tests/physics/models/adams_friction.adm", &r)) {
        test_results_free(&r);
        return;
    }
    const double g = 9.81, mu = 0.3, s0 = 1e5, s1 = 316, s2 = 0.4, v0 = 2;
    double v1 = v0 - g * s1 * mu / s0, t_stop = log((v1 + mu / s2) / (mu / s2)) / (s2 * g);
    double worst = 0, worst_at_rest = 0;
    int sliding = 0;
    for (int i = 0; i < r.n_rows; i++) {
        double v = test_value(&r, "REQUEST_1", 1, i);
        if (r.t[i] > 0 && r.t[i] < t_stop - 0.02) { /* at t = 0 the bristles are still relaxed */
            worst = fmax(worst, fabs(v - ((v1 + mu / s2) * exp(-s2 * g * r.t[i]) - mu / s2)));
            sliding++;
        } else if (r.t[i] > t_stop + 0.02) {
            worst_at_rest = fmax(worst_at_rest, fabs(v));
        }
    }
    CHECK(sliding > 20);
    /* the bristles' first deflection also lags the steady sigma0 z by mu_d^2/(sigma0 v0)
     * seconds of friction: 4e-6 m/s */
    CHECK_MSG(worst < 2e-5, "sliding: %g m/s from the closed form", worst);
    CHECK_MSG(worst_at_rest < 1e-6, "at rest: %g m/s", worst_at_rest);
    test_results_free(&r);
}

TEST(gcon_holds_the_distance_and_the_pendulum_swings_as_a_point_mass)
{
    test_results r;
    if (!run("tests/physics/models/adams_gcon.adm", &r)) {
        test_results_free(&r);
        return;
    }
    double worst_d = 0, vmax = 0;
    for (int i = 0; i < r.n_rows; i++) {
        worst_d = fmax(worst_d, fabs(test_value(&r, "REQUEST_1", 0, i) - 1.0));
        vmax = fmax(vmax, test_value(&r, "REQUEST_2", 0, i));
        /* energy of a point mass (the body does not turn: nothing acts on its rotation) */
        double z = test_value(&r, "REQUEST_1", 3, i), v = test_value(&r, "REQUEST_2", 0, i);
        CHECK_NEAR(9.81 * z + 0.5 * v * v, 0.0, 5e-4); /* of m g L = 9.81 J/kg */
    }
    CHECK_MSG(worst_d < 1e-8, "DM - 1 reaches %g", worst_d);
    /* released horizontally, it passes the bottom (t ~ 0.59 s) at sqrt(2 g L); the rows bracket it */
    CHECK_NEAR(vmax, sqrt(2 * 9.81), 0.01 * sqrt(2 * 9.81));
    test_results_free(&r);
}

TEST(command_file_holds_the_block_then_lets_it_fall)
{
    test_results r;
    if (!run("tests/physics/models/adams_drop.acf", &r)) {
        test_results_free(&r);
        return;
    }
    CHECK(r.model->n_analyses == 2);
    double worst = 0;
    for (int i = 0; i < r.n_rows; i++) {
        double t = r.t[i], fall = t > 0.5 ? 0.5 * 9.81 * (t - 0.5) * (t - 0.5) : 0.0;
        worst = fmax(worst, fabs(test_value(&r, "REQUEST_1", 3, i) - (1.0 - fall)));
    }
    CHECK_MSG(worst < 1e-6, "%g m from the closed form", worst);
    CHECK_NEAR(r.t[r.n_rows - 1], 1.0, 1e-12);
    test_results_free(&r);
}

TEST(joint_ic_sets_the_start_and_a_hooke_joint_as_written_moves_nothing)
{
    test_results r;
    if (!run("tests/physics/models/adams_ic.adm", &r)) {
        test_results_free(&r);
        return;
    }
    /* REQUEST_1: F2 = AZ(21, 10), F3 = WZ(21, 10, 10); after the assembly, at t = 0 */
    int first = 1; /* row 0 is the assembly's, row 1 the transient's start */
    CHECK_NEAR(test_value(&r, "REQUEST_1", 1, first), 30.0 * PI / 180.0, 1e-9);
    CHECK_NEAR(test_value(&r, "REQUEST_1", 2, first), 2.0, 1e-9);
    /* no force: it turns at 2 rad/s ever after, the IC's motion switched off (to the integrator's
     * tolerance: 23 steps of rtol 1e-6 in absolute coordinates leave 4e-5) */
    int last = r.n_rows - 1;
    CHECK_NEAR(test_value(&r, "REQUEST_1", 2, last), 2.0, 1e-4);
    double angle = 30.0 * PI / 180.0 + 2.0 * r.t[last];
    CHECK_NEAR(test_value(&r, "REQUEST_1", 1, last), atan2(sin(angle), cos(angle)), 1e-4); /* AZ is in -pi..pi */
    /* the HOOKE joint's body stays where it is written */
    CHECK_NEAR(test_value(&r, "REQUEST_2", 1, last), 0.5, 1e-9);
    CHECK_NEAR(test_value(&r, "REQUEST_2", 2, last), 3.2, 1e-9);
    CHECK_NEAR(test_value(&r, "REQUEST_2", 3, last), -0.4, 1e-9);
    test_results_free(&r);
}

TEST(yaw_at_pitch_minus_90_follows_the_turn)
{
    test_results r;
    if (!run("tests/physics/models/adams_yaw_lock.adm", &r)) {
        test_results_free(&r);
        return;
    }
    /* REQUEST_1: F2 = VARVAL(1) = YAW(22, 10) in degrees, F3 = PITCH, F4 = AZ(21, 10) the turn.
     * R = Rz(turn) R0, R0's columns x (0, 0, -1), y (cos 30, sin 30, 0): at pitch -90 only
     * yaw - roll is defined, and with roll 0 yaw = atan2(-R01, R11) = turn + 30 - 90 deg */
    for (int i = 0; i < r.n_rows; i++) {
        double turn = test_value(&r, "REQUEST_1", 3, i), yaw = turn + (30.0 - 90.0) * PI / 180.0;
        CHECK_NEAR(turn, 2.0 * r.t[i], 1e-6);
        CHECK_NEAR(test_value(&r, "REQUEST_1", 2, i), -90.0, 1e-6);
        CHECK_NEAR(test_value(&r, "REQUEST_1", 1, i), atan2(sin(yaw), cos(yaw)) * 180.0 / PI, 1e-6);
    }
    test_results_free(&r);
}

TEST(gears_turn_at_the_ratio_of_their_radii)
{
    test_results r;
    if (!run("tests/physics/models/adams_gear.adm", &r)) {
        test_results_free(&r);
        return;
    }
    /* the pinion (r 0.1) at 1 rad/s: the gear (r 0.2) at -0.5 rad/s, the rack at -0.1 m/s along y */
    for (int i = 0; i < r.n_rows; i++) {
        CHECK_NEAR(test_value(&r, "REQUEST_1", 1, i), 1.0, 1e-9);
        CHECK_NEAR(test_value(&r, "REQUEST_1", 2, i), -0.5, 1e-9);
        CHECK_NEAR(test_value(&r, "REQUEST_1", 3, i), -0.1, 1e-9);
    }
    test_results_free(&r);
}

TEST(a_diagonal_field_is_a_bushing_with_its_free_lengths_in_the_preload)
{
    test_results r;
    if (!run("tests/physics/models/adams_field.adm", &r)) {
        test_results_free(&r);
        return;
    }
    /* m z'' = -k (z - L) - c z' + F: about z_eq = L + F / k = 0.015, from z = 0 at 0.1 m/s; k 200, c 0.01 k */
    const double k = 200, c = 0.01 * 200, L = 0.01, F = 1, zeq = L + F / k, v0 = 0.1;
    double w = sqrt(k), zeta = c / (2 * w), wd = w * sqrt(1 - zeta * zeta), worst = 0;
    for (int i = 0; i < r.n_rows; i++) {
        double t = r.t[i];
        double z = zeq + exp(-zeta * w * t) * (-zeq * cos(wd * t) + (v0 - zeta * w * zeq) / wd * sin(wd * t));
        worst = fmax(worst, fabs(test_value(&r, "REQUEST_1", 3, i) - z));
    }
    CHECK_MSG(worst < 1e-6, "%g m from the closed form (amplitude 7e-3 m)", worst);
    test_results_free(&r);
}

TEST(motions_of_markers_hold_a_coordinate_to_their_function)
{
    test_results r;
    if (!run("tests/physics/models/adams_marker_motion.adm", &r)) {
        test_results_free(&r);
        return;
    }
    double worst = 0;
    for (int i = 0; i < r.n_rows; i++) {
        double t = r.t[i];
        worst = fmax(worst, fabs(test_value(&r, "REQUEST_1", 1, i) - 0.1 * sin(2 * t))); /* X */
        worst = fmax(worst, fabs(test_value(&r, "REQUEST_2", 1, i) - 0.5 * t));         /* B3 */
        worst = fmax(worst, fabs(test_value(&r, "REQUEST_2", 2, i) - 0.5));             /* its rate */
    }
    CHECK_MSG(worst < 1e-8, "%g from the prescribed motions", worst);
    test_results_free(&r);
}

TEST(transfer_functions_and_linear_state_equations_lag_as_the_closed_form)
{
    test_results r;
    if (!run("tests/physics/models/adams_control.adm", &r)) {
        test_results_free(&r);
        return;
    }
    double worst = 0;
    for (int i = 0; i < r.n_rows; i++) {
        double y = 1 - exp(-2 * r.t[i]); /* the unit step through 1 / (1 + 0.5 s) */
        worst = fmax(worst, fabs(test_value(&r, "REQUEST_1", 1, i) - y)); /* TFSISO */
        worst = fmax(worst, fabs(test_value(&r, "REQUEST_1", 2, i) - y)); /* LSE of three MATRIX forms */
    }
    CHECK_MSG(worst < 1e-5, "%g from 1 - exp(-2 t)", worst);
    test_results_free(&r);
}

TEST_SUITE(adams, T(pendulum_placed_by_its_bcs_falls_as_the_closed_form),
           T(spring_dampers_and_sforces_move_their_blocks_as_the_oscillator),
           T(gcon_holds_the_distance_and_the_pendulum_swings_as_a_point_mass),
           T(friction_slows_a_sliding_block_as_the_lugre_law),
           T(command_file_holds_the_block_then_lets_it_fall),
           T(joint_ic_sets_the_start_and_a_hooke_joint_as_written_moves_nothing),
           T(yaw_at_pitch_minus_90_follows_the_turn), T(gears_turn_at_the_ratio_of_their_radii),
           T(a_diagonal_field_is_a_bushing_with_its_free_lengths_in_the_preload),
           T(motions_of_markers_hold_a_coordinate_to_their_function),
           T(transfer_functions_and_linear_state_equations_lag_as_the_closed_form));
