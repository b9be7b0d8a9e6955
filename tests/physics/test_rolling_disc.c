/* Constraint_RollingDisc against the closed forms of a rolling disc
 * (uniform thin disc of mass m and radius r: transverse inertia A = m r^2/4,
 * polar C = m r^2/2; lean measured from the vertical):
 *  - straight upright rolling: stays upright on its line, contact force
 *    [0, 0, m g], energy constant;
 *  - steady circular rolling at lean theta on a circle of radius R (of the
 *    contact point), turning at Omega:
 *      m g r sin(theta) = Omega^2 cos(theta) [(m r + C/r) R - (m r^2 + C - A) sin(theta)];
 *  - upright at spin omega: the lean obeys
 *      (A + m r^2) phi'' = [m g r - C (C + m r^2) omega^2 / A] phi,
 *    stable above omega_c^2 = m g r A / (C (C + m r^2)): from phi = 0 with
 *    phi' = phi0', phi = phi0'/k sin(k t) above and phi0'/k sinh(k t) below;
 *  - a tumbling disc keeps its energy, does not slip and stays on the plane;
 *  - on a turntable: no slip relative to the table, energy balance with the
 *    drive's work;
 *  - a two-wheeled cart in a steady turn: the circle, the lateral force and
 *    the load on the wheels;
 *  - active="FALSE": a free fall; constrained_axes="0 0 1": no friction; a
 *    disc that falls flat stops the run. */
#include "../support/harness.h"
#include "../support/run_model.h"
#include "../support/series.h"
#include "../../src/solver/dae/residual.h"
#include "../../src/solver/analysis/sense.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const double G = 9.81;

/* Runs a model (with --set style overrides) that must complete. */
static void run_ok(const char *path, const char *const *sets, test_results *r)
{
    CHECK(test_run_model(path, sets, NULL, r) == 0);
    CHECK_MSG(r->status == MBS_OK, "%s: run failed: %s", path, r->run.message);
}

/* Largest |value - reference| of a column, relative to |reference| (or
 * absolute when the reference is 0). */
static double worst(const test_results *r, const char *sensor, int col, double reference)
{
    return series_max_deviation(r, sensor, col, reference) / (reference != 0 ? fabs(reference) : 1.0);
}

static double energy_drift(const test_results *r, const char *dissipated)
{
    double e0 = test_value(r, "energy", 0, 0), drift = 0;
    for (int i = 0; i < r->n_rows; i++) {
        double e = test_value(r, "energy", 0, i) + (dissipated ? test_value(r, dissipated, 0, i) : 0.0);
        drift = fmax(drift, fabs(e - e0));
    }
    return drift / fabs(e0);
}

/* ---- coin_upright.xml: m = 0.5, r = 0.1 ---- */

static const double UM = 0.5, UR = 0.1;

static double critical_spin(void)
{
    double A = UM * UR * UR / 4, C = UM * UR * UR / 2;
    return sqrt(UM * G * UR * A / (C * (C + UM * UR * UR)));
}

TEST(a_coin_rolls_straight_and_upright)
{
    test_results r;
    run_ok("tests/physics/models/coin_upright.xml", NULL, &r);
    CHECK_NEAR(r.t[r.n_rows - 1], 10.0, 1e-12);
    double v = 2 * critical_spin() * UR, along = 0;
    for (int i = 0; i < r.n_rows; i++)
        along = fmax(along, fabs(test_value(&r, "centre", 0, i) - v * r.t[i]));
    CHECK_MSG(along < 1e-8, "centre off x = v t by %.3g", along);
    CHECK(worst(&r, "centre", 1, 0) < 1e-12);             /* on its line */
    CHECK(worst(&r, "centre", 2, UR) < 1e-9);              /* at height r */
    CHECK(worst(&r, "axes", 7, 0) < 1e-12);                /* upright */
    CHECK(worst(&r, "contact_point", 2, 0) < 1e-9);        /* contact height */
    CHECK(worst(&r, "contact_force", 0, 0) < 1e-9);
    CHECK(worst(&r, "contact_force", 1, 0) < 1e-9);
    CHECK(worst(&r, "contact_force", 2, UM * G) < 1e-9);
    CHECK_MSG(energy_drift(&r, NULL) < 1e-8, "relative energy drift %.3g", energy_drift(&r, NULL));
    test_results_free(&r);
}

TEST(a_lifted_skidding_coin_is_put_on_the_floor_and_made_to_roll)
{
    /* 1 cm above the floor, the centre 0.1 m/s faster than the spin rolls:
     * the assembly lowers it straight down (tilting would not lower the
     * contact of an upright coin) and says so; the projection gives the
     * closest rolling motion in the kinetic-energy metric, minimising
     * m (v - v0)^2 + C (w - w0)^2 with v = r w: v = w0 r + 0.1 m r^2 / (m r^2 + C) */
    static const char *const SETS[] = {"lift=0.01", "slip0=0.1", NULL};
    test_results r;
    run_ok("tests/physics/models/coin_upright.xml", SETS, &r);
    mbs_diags notes;
    mbs_diags_init(&notes);
    CHECK(mbs_assembly_check(r.model, &notes) == 0);
    int noted = 0;
    for (int i = 0; i < notes.count; i++)
        noted |= notes.items[i].severity == MBS_SEV_NOTE &&
                 strstr(notes.items[i].message, "moved Body_Rigid 2 (label 'coin') by 0.01 m, 0 deg") != NULL;
    CHECK_MSG(noted, "no note of the coin's move (%d messages)", notes.count);
    mbs_diags_free(&notes);
    CHECK_NEAR(test_value(&r, "centre", 2, 0), UR, 1e-12);
    CHECK(fabs(test_value(&r, "contact_point", 2, 0)) < 1e-12);
    for (int k = 0; k < 3; k++)
        CHECK(fabs(test_value(&r, "slip", k, 0)) < 1e-12);
    double C = UM * UR * UR / 2, v = 2 * critical_spin() * UR + 0.1 * UM * UR * UR / (UM * UR * UR + C);
    CHECK_NEAR(series_at(&r, "centre", 0, 1.0), v, 1e-8);
    test_results_free(&r);
}

TEST(the_constraint_violation_includes_the_gap_under_a_disc)
{
    /* the residual at the coin's initial pose, 1 cm above the floor */
    static const char *const SETS[] = {"lift=0.01", NULL};
    mbs_model *m = NULL;
    char err[512];
    CHECK(test_load_model("tests/physics/models/coin_upright.xml", SETS, &m, err, sizeof err) == MBS_OK);
    if (!m)
        return;
    mbs_data *d = mbs_data_create(m);
    double *y = calloc((size_t)m->ny, sizeof *y), *yp = calloc((size_t)m->ny, sizeof *yp);
    double *res = calloc((size_t)m->ny, sizeof *res);
    CHECK(d && y && yp && res);
    if (d && y && yp && res) {
        for (int i = 0; i < m->n_bodies; i++)
            if (m->bodies[i].type == MBS_BODY_RIGID) {
                memcpy(y + m->bodies[i].q_ofs, m->bodies[i].r0, 3 * sizeof *y);
                memcpy(y + m->bodies[i].q_ofs + 3, m->bodies[i].p0, 4 * sizeof *y);
            }
        mbs_residual(m, d, 0.0, y, yp, res);
        CHECK_NEAR(mbs_constraint_violation(m, d), 0.01, 1e-15);
    }
    free(y);
    free(yp);
    free(res);
    mbs_data_free(d);
    mbs_model_free(m);
}

/* lean = a21 = sin(phi) */
static double max_lean(const test_results *r)
{
    double m = 0;
    for (int i = 0; i < r->n_rows; i++)
        m = fmax(m, fabs(test_value(r, "axes", 7, i)));
    return m;
}

TEST(a_coin_slightly_faster_than_critical_stays_up)
{
    static const char *const SETS[] = {"factor=1.05", "leanrate0=0.05", NULL};
    test_results r;
    run_ok("tests/physics/models/coin_upright.xml", SETS, &r);
    double A = UM * UR * UR / 4, f = 1.05;
    double k = sqrt(UM * G * UR * (f * f - 1) / (A + UM * UR * UR));
    /* phi = phi0'/k sin(k t): amplitude and half period */
    CHECK_MSG(fabs(max_lean(&r) - 0.05 / k) < 0.01 * 0.05 / k, "lean amplitude %.6g, linear theory %.6g",
              max_lean(&r), 0.05 / k);
    double t[8];
    int n = series_crossings(&r, "axes", 7, 0.0, t, 8);
    CHECK(n >= 3);
    if (n >= 3)
        CHECK_MSG(fabs((t[2] - t[1]) - MBS_TEST_PI / k) < 0.01 * MBS_TEST_PI / k, "half period %.6g, theory %.6g",
                  t[2] - t[1], MBS_TEST_PI / k);
    test_results_free(&r);
}

TEST(a_coin_slightly_slower_than_critical_falls)
{
    static const char *const SETS[] = {"factor=0.95", "leanrate0=0.05", NULL};
    test_results r;
    run_ok("tests/physics/models/coin_upright.xml", SETS, &r);
    double A = UM * UR * UR / 4, f = 0.95;
    double k = sqrt(UM * G * UR * (1 - f * f) / (A + UM * UR * UR));
    /* phi = phi0'/k sinh(k t) while small */
    double early = series_at(&r, "axes", 7, 0.5), theory = sin(0.05 / k * sinh(k * 0.5));
    CHECK_MSG(fabs(early - theory) < 0.01 * theory, "lean at 0.5 s %.6g, linear theory %.6g", early, theory);
    CHECK_MSG(max_lean(&r) > 0.3, "largest lean %.3g: the coin did not fall over", max_lean(&r));
    test_results_free(&r);
}

TEST(a_coin_rolls_down_an_incline)
{
    /* a plane normal other than z: n = (sin alpha, 0, cos alpha) */
    const double m = 0.5, alpha = 0.2, a = 2.0 / 3.0 * G * sin(alpha), r0 = 0.1;
    test_results r;
    run_ok("tests/physics/models/coin_on_incline.xml", NULL, &r);
    double off = 0;
    for (int i = 0; i < r.n_rows; i++) {
        double s = 0.5 * a * r.t[i] * r.t[i];
        off = fmax(off, fabs(test_value(&r, "centre", 0, i) - (r0 * sin(alpha) + s * cos(alpha))));
        off = fmax(off, fabs(test_value(&r, "centre", 2, i) - (r0 * cos(alpha) - s * sin(alpha))));
    }
    CHECK_MSG(off < 1e-8, "centre off its uniformly accelerated roll by %.3g m", off);
    CHECK(worst(&r, "centre", 1, 0) < 1e-12);
    /* friction uphill (against wF), normal force m g cos(alpha); multipliers
     * are not in the error test: to 1e-5 of the weight */
    CHECK(series_max_deviation(&r, "contact_force", 1, -m * G * sin(alpha) / 3) < 1e-5 * m * G);
    CHECK(series_max_deviation(&r, "contact_force", 2, m * G * cos(alpha)) < 1e-5 * m * G);
    CHECK(worst(&r, "contact_force", 0, 0) < 1e-9);
    CHECK(worst(&r, "equations", 2, 0) < 1e-10);
    test_results_free(&r);
}

/* ---- rolling_coin.xml: m = 1, r = 0.1, lean 0.1, R = 1 ---- */

TEST(a_coin_rolls_in_a_steady_circle)
{
    const double m = 1, r = 0.1, lean = 0.1, R = 1, A = m * r * r / 4, C = m * r * r / 2;
    double Omega = sqrt(m * G * r * sin(lean) /
                        (cos(lean) * ((m * r + C / r) * R - (m * r * r + C - A) * sin(lean))));
    test_results res;
    run_ok("models/rolling_coin.xml", NULL, &res);
    /* the contact point stays on the circle about (0, R) and the trail
     * turns at Omega: the forward direction (column 1 of the contact frame)
     * has turned by Omega t */
    double off_circle = 0, off_angle = 0, turned = 0, last = 0, off_trail = 0;
    for (int i = 0; i < res.n_rows; i++) {
        double x = test_value(&res, "contact_point", 0, i), y = test_value(&res, "contact_point", 1, i) - R;
        off_circle = fmax(off_circle, fabs(hypot(x, y) - R));
        /* the trail runs along the circle: Omega e_z x (pC - O) */
        off_trail = fmax(off_trail, hypot(test_value(&res, "trail_velocity", 0, i) + Omega * y,
                                          test_value(&res, "trail_velocity", 1, i) - Omega * x));
        off_trail = fmax(off_trail, fabs(test_value(&res, "trail_velocity", 2, i)));
        double angle = atan2(test_value(&res, "contact_frame", 4, i), test_value(&res, "contact_frame", 1, i));
        turned += remainder(angle - last, 2 * MBS_TEST_PI);
        last = angle;
        off_angle = fmax(off_angle, fabs(turned - Omega * res.t[i]));
    }
    double t_end = res.t[res.n_rows - 1];
    CHECK(Omega * t_end > 4.0);
    CHECK_MSG(off_angle < 1e-6 * Omega * t_end, "precession angle off Omega t by %.3g rad", off_angle);
    CHECK_MSG(off_circle < 1e-6 * R, "contact point off the circle by %.3g m", off_circle);
    CHECK_MSG(off_trail < 1e-6 * Omega * R, "trail velocity off Omega x (pC - O) by %.3g m/s", off_trail);
    CHECK(worst(&res, "axes", 7, -sin(lean)) < 1e-6);                         /* keeps its lean */
    CHECK(worst(&res, "contact_force", 0, m * Omega * Omega * (R - r * sin(lean))) < 1e-6); /* centripetal */
    CHECK(worst(&res, "contact_force", 2, m * G) < 1e-6);
    CHECK(worst(&res, "contact_point", 2, 0) < 1e-9);
    CHECK_MSG(energy_drift(&res, NULL) < 1e-8, "relative energy drift %.3g", energy_drift(&res, NULL));
    test_results_free(&res);
}

TEST(a_tumbling_disc_keeps_its_energy_and_does_not_slip)
{
    /* the same coin leaning further and spinning too slowly for a steady
     * circle: it wobbles and wanders */
    static const char *const SETS[] = {"lean=0.5", "s=2", NULL};
    test_results r;
    run_ok("models/rolling_coin.xml", SETS, &r);
    double lo = 1, hi = 0, slip = 0, gap = 0;
    for (int i = 0; i < r.n_rows; i++) {
        double lean = -test_value(&r, "axes", 7, i);
        lo = fmin(lo, lean);
        hi = fmax(hi, lean);
        for (int k = 0; k < 3; k++)
            slip = fmax(slip, fabs(test_value(&r, "slip", k, i)));
        gap = fmax(gap, fabs(test_value(&r, "contact_point", 2, i)));
        gap = fmax(gap, fabs(test_value(&r, "equations", 2, i)));
    }
    CHECK_MSG(hi - lo > 0.05, "lean between %.3g and %.3g: not tumbling", lo, hi);
    CHECK_MSG(slip < 1e-8, "contact point of the disc moves at %.3g m/s", slip);
    CHECK_MSG(gap < 1e-9, "contact point off the plane by %.3g m", gap);
    CHECK_MSG(energy_drift(&r, NULL) < 1e-8, "relative energy drift %.3g", energy_drift(&r, NULL));
    test_results_free(&r);
}

/* ---- disc_on_turntable.xml: OmegaT = 1 ---- */

TEST(a_disc_on_a_turntable_rolls_on_the_table)
{
    const double OmegaT = 1.0;
    test_results r;
    run_ok("models/disc_on_turntable.xml", NULL, &r);
    /* from the bodies' own motion: the coin's material point at the contact
     * moves with the table's, OmegaT e_z x pC, which is far from zero */
    double slip = 0, table_speed = 1e9;
    for (int i = 0; i < r.n_rows; i++) {
        double pC[3], rc[3], v[3], w[3];
        for (int k = 0; k < 3; k++) {
            pC[k] = test_value(&r, "contact_point", k, i);
            rc[k] = test_value(&r, "coin_position", k, i);
            v[k] = test_value(&r, "coin_velocity", k, i);
            w[k] = test_value(&r, "coin_omega", k, i);
        }
        double s[3] = {pC[0] - rc[0], pC[1] - rc[1], pC[2] - rc[2]};
        double vd[3] = {v[0] + w[1] * s[2] - w[2] * s[1], v[1] + w[2] * s[0] - w[0] * s[2],
                        v[2] + w[0] * s[1] - w[1] * s[0]};
        double vt[3] = {-OmegaT * pC[1], OmegaT * pC[0], 0};
        for (int k = 0; k < 3; k++)
            slip = fmax(slip, fabs(vd[k] - vt[k]) + fabs(test_value(&r, "slip", k, i)));
        table_speed = fmin(table_speed, OmegaT * hypot(pC[0], pC[1]));
        CHECK(fabs(test_value(&r, "table_omega", 2, i) - OmegaT) < 1e-9);
    }
    CHECK_MSG(slip < 1e-8, "the coin slips on the table at %.3g m/s", slip);
    CHECK(table_speed > 0.05);
    /* the trail velocity is that of the contact point over the table:
     * d(pC)/dt (fourth-order central differences) - OmegaT e_z x pC */
    double off_trail = 0, trail_max = 0;
    for (int i = 2; i + 2 < r.n_rows; i++) {
        double h = r.t[i + 1] - r.t[i], v[3];
        for (int k = 0; k < 3; k++)
            v[k] = (8 * (test_value(&r, "contact_point", k, i + 1) - test_value(&r, "contact_point", k, i - 1)) -
                    (test_value(&r, "contact_point", k, i + 2) - test_value(&r, "contact_point", k, i - 2))) /
                   (12 * h);
        v[0] += OmegaT * test_value(&r, "contact_point", 1, i);
        v[1] -= OmegaT * test_value(&r, "contact_point", 0, i);
        for (int k = 0; k < 3; k++) {
            off_trail = fmax(off_trail, fabs(v[k] - test_value(&r, "trail_velocity", k, i)));
            trail_max = fmax(trail_max, fabs(v[k]));
        }
    }
    CHECK_MSG(off_trail < 1e-3 * trail_max, "trail velocity off the contact point's rate over the table by %.3g m/s",
              off_trail);
    /* the drive's work (in DissipatedEnergy) closes the balance, and it is
     * not small: the drive works against the coin's inertia */
    double work = 0;
    for (int i = 0; i < r.n_rows; i++)
        work = fmax(work, fabs(test_value(&r, "dissipated", 0, i)));
    CHECK(work > 0.1);
    CHECK_MSG(energy_drift(&r, "dissipated") < 1e-8, "energy balance off by %.3g (relative)",
              energy_drift(&r, "dissipated"));
    test_results_free(&r);
}

/* ---- two_wheel_cart.xml ---- */

TEST(a_two_wheeled_cart_turns_in_a_circle)
{
    const double b = 0.25, M = 2 + 1 + 1, r = 0.15, V = 1, Omega = 0.5, C = 1 * r * r / 2;
    test_results res;
    run_ok("models/two_wheel_cart.xml", NULL, &res);
    double rho = V / Omega, off = 0;
    for (int i = 0; i < res.n_rows; i++) {
        double t = res.t[i];
        off = fmax(off, fabs(test_value(&res, "axle_position", 0, i) - rho * sin(Omega * t)));
        off = fmax(off, fabs(test_value(&res, "axle_position", 1, i) - rho * (1 - cos(Omega * t))));
    }
    CHECK_MSG(off < 1e-7, "axle centre off its circle by %.3g m", off);
    CHECK(worst(&res, "left_force", 0, M * V * Omega) < 1e-6); /* a multiplier: not in the error test */
    CHECK(worst(&res, "right_force", 0, 0) < 1e-12); /* not imposed */
    double dN = Omega * V * (M * r + 2 * C / r) / b, worst_split = 0;
    for (int i = 0; i < res.n_rows; i++) {
        double nl = test_value(&res, "left_force", 2, i), nr = test_value(&res, "right_force", 2, i);
        worst_split = fmax(worst_split, fabs(nr - nl - dN) + fabs(nr + nl - M * G));
    }
    CHECK_MSG(worst_split < 1e-6, "wheel loads off by %.3g N", worst_split);
    CHECK_MSG(energy_drift(&res, NULL) < 1e-8, "relative energy drift %.3g", energy_drift(&res, NULL));
    test_results_free(&res);
}

/* ---- switches and failure ---- */

TEST(an_inactive_disc_falls_freely)
{
    test_results r;
    run_ok("tests/physics/models/disc_inactive.xml", NULL, &r);
    double off = 0;
    for (int i = 0; i < r.n_rows; i++)
        off = fmax(off, fabs(test_value(&r, "centre", 2, i) - (0.1 - 0.5 * G * r.t[i] * r.t[i])));
    CHECK_MSG(off < 1e-9, "free fall off by %.3g m", off);
    CHECK(worst(&r, "contact_force", 2, 0) == 0);
    test_results_free(&r);
}

TEST(a_frictionless_disc_falls_flat_and_stops_the_run)
{
    test_results r;
    CHECK(test_run_model("tests/physics/models/disc_falls_flat.xml", NULL, NULL, &r) == 0);
    CHECK(r.status == MBS_E_RUN);
    CHECK_MSG(strstr(r.run.message, "Constraint_RollingDisc 1 (label 'contact') at t = ") != NULL, "message: %s",
              r.run.message);
    CHECK_MSG(strstr(r.run.message, "plane normal") != NULL, "message: %s", r.run.message);
    /* until then only the normal force acts: no horizontal motion of the
     * centre, the contact on the plane, energy kept */
    CHECK(r.n_rows > 10);
    CHECK(worst(&r, "centre", 0, 0) < 1e-12 && worst(&r, "centre", 1, 0) < 1e-12);
    CHECK(worst(&r, "contact_point", 2, 0) < 1e-8); /* default tolerances, near the kink at flat */
    double lowest = 1;
    for (int i = 0; i < r.n_rows; i++)
        lowest = fmin(lowest, test_value(&r, "centre", 2, i));
    CHECK_MSG(lowest < 0.02, "the centre came down to %.3g m only", lowest); /* nearly flat */
    test_results_free(&r);
}

TEST_SUITE(rolling_disc, T(a_coin_rolls_straight_and_upright),
           T(a_lifted_skidding_coin_is_put_on_the_floor_and_made_to_roll),
           T(the_constraint_violation_includes_the_gap_under_a_disc), T(a_coin_rolls_down_an_incline), T(a_coin_slightly_faster_than_critical_stays_up),
           T(a_coin_slightly_slower_than_critical_falls), T(a_coin_rolls_in_a_steady_circle),
           T(a_tumbling_disc_keeps_its_energy_and_does_not_slip), T(a_disc_on_a_turntable_rolls_on_the_table),
           T(a_two_wheeled_cart_turns_in_a_circle), T(an_inactive_disc_falls_freely),
           T(a_frictionless_disc_falls_flat_and_stops_the_run));
