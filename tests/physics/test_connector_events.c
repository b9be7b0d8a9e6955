/* Modes of Force_CoordinateSpringDamperExt as events: limit-stop contact on
 * a spring (piecewise harmonic closed form), the stick-slip oscillator
 * (closed form of the first stick phase, the limit cycle, continuity of the
 * friction force, events independent of the tolerance), a Coulomb block
 * sliding to rest (bristle and regularised laws), a robot axis. */
#include "../support/harness.h"
#include "../support/run_model.h"
#include "../support/series.h"

#include <math.h>
#include <string.h>

/* ---- helpers ---- */

static int count_kind(const test_results *r, const char *kind)
{
    int n = 0;
    for (int i = 0; i < r->n_events; i++)
        n += strcmp(r->events[i].kind, kind) == 0;
    return n;
}

/* Times of the events of one kind, in order; returns how many. */
static int event_times(const test_results *r, const char *kind, double *t, int max)
{
    int n = 0;
    for (int i = 0; i < r->n_events && n < max; i++)
        if (strcmp(r->events[i].kind, kind) == 0)
            t[n++] = r->events[i].t;
    return n;
}

/* A column at time t, extrapolated linearly from the last two rows before t
 * (so that it sees the motion before an event only). */
static double value_before(const test_results *r, const char *sensor, int col, double t)
{
    int i = 0;
    while (i + 1 < r->n_rows && r->t[i + 1] <= t)
        i++;
    if (i == 0)
        return test_value(r, sensor, col, 0);
    double a = test_value(r, sensor, col, i - 1), b = test_value(r, sensor, col, i);
    return b + (b - a) * (t - r->t[i]) / (r->t[i] - r->t[i - 1]);
}

static double energy_balance_error(const test_results *r, const char *total, const char *dissipated)
{
    double e0 = test_value(r, total, 0, 0) + (dissipated ? test_value(r, dissipated, 0, 0) : 0), worst = 0;
    for (int i = 0; i < r->n_rows; i++) {
        double e = test_value(r, total, 0, i) + (dissipated ? test_value(r, dissipated, 0, i) : 0);
        worst = fmax(worst, fabs(e - e0));
    }
    return worst;
}

/* ---- a spring against a stop (models/connector_spring_stop.xml) ---- */

TEST(contact_with_a_stop_follows_the_piecewise_harmonic_motion)
{
    const double m = 1, k = 1, v0 = 1, s = 0.5, k_lim = 100;
    double w = sqrt(k / m), A = v0 / w, wc = sqrt((k + k_lim) / m), xc = k_lim * s / (k + k_lim);
    double e = s - xc, vs = sqrt(v0 * v0 - w * w * s * s), phi = atan2(e * wc, vs);
    double t_on = asin(s / A) / w, t_contact = (MBS_TEST_PI - 2 * phi) / wc;
    double period = (MBS_TEST_PI + 2 * asin(s / A)) / w + t_contact;

    test_results r;
    CHECK(test_run_model("models/connector_spring_stop.xml", NULL, NULL, &r) == 0);
    CHECK(r.status == MBS_OK);
    double on[8], off[8];
    int n_on = event_times(&r, "limit_upper_on", on, 8), n_off = event_times(&r, "limit_upper_off", off, 8);
    /* 20 s hold 4.45 periods: 5 contacts, each begun and ended */
    CHECK(n_on == 5 && n_off == 5);
    CHECK(r.n_events == 10);
    for (int i = 0; i < n_on && i < n_off; i++) {
        CHECK_NEAR(on[i], t_on + i * period, 1e-6);
        CHECK_NEAR(off[i], t_on + t_contact + i * period, 1e-6);
        CHECK(strstr(r.events[2 * i].element, "Force_CoordinateSpringDamperExt 1") != NULL);
    }
    for (int i = 0; i + 1 < n_on; i++)
        CHECK_NEAR(on[i + 1] - on[i], period, 1e-6);
    /* in contact the state shows the penetration, outside it zero */
    double mid = t_on + 0.5 * t_contact, x_mid = xc + sqrt(e * e + vs * vs / (wc * wc));
    CHECK_NEAR(series_at(&r, "state", 2, mid), x_mid - s, 1e-3);
    CHECK(test_value(&r, "state", 2, 10) == 0.0);
    /* nothing dissipates: the stop's spring is part of the potential energy */
    double drift = energy_balance_error(&r, "energy", NULL);
    CHECK_MSG(drift < 1e-6, "total energy drifts by %.3g J", drift);
    test_results_free(&r);
}

TEST(the_stop_in_millimetres_gives_the_same_events)
{
    test_results a, b;
    CHECK(test_run_model("models/connector_spring_stop.xml", NULL, NULL, &a) == 0);
    CHECK(test_run_model("tests/physics/models/connector_spring_stop_mm.xml", NULL, NULL, &b) == 0);
    CHECK(a.status == MBS_OK && b.status == MBS_OK);
    CHECK(a.n_events == b.n_events && a.n_events == 10);
    for (int i = 0; i < a.n_events && i < b.n_events; i++)
        CHECK_NEAR(a.events[i].t, b.events[i].t, 1e-6);
    /* penetration and force in the model's units: mm and N */
    int row = 60; /* t = 0.6, in the first contact */
    CHECK_NEAR(test_value(&b, "state", 2, row), 1e3 * test_value(&a, "state", 2, row), 1e-5);
    CHECK_NEAR(test_value(&b, "force", 0, row), test_value(&a, "force", 0, row), 1e-8);
    test_results_free(&a);
    test_results_free(&b);
}

/* ---- the stick-slip oscillator (models/connector_stick_slip.xml) ---- */

static const double SS_M = 1, SS_KS = 10, SS_V = 0.1, SS_FD = 2, SS_FSO = 1, SS_KMU = 1e4, SS_DMU = 100;

/* First stick phase: m x'' + d_mu x' + (k_s + k_mu) x = k_s V t from rest,
 *   x = a t + b + exp(-z w t) (c1 cos(wd t) + c2 sin(wd t)). */
typedef struct stick_phase {
    double a, b, c1, c2, zw, wd;
} stick_phase;

static stick_phase first_stick_phase(void)
{
    stick_phase s;
    double k = SS_KS + SS_KMU, w = sqrt(k / SS_M), z = SS_DMU / (2 * SS_M * w);
    s.zw = z * w;
    s.wd = w * sqrt(1 - z * z);
    s.a = SS_KS * SS_V / k;
    s.b = -SS_DMU * s.a / k;
    s.c1 = -s.b;
    s.c2 = (s.zw * s.c1 - s.a) / s.wd;
    return s;
}

/* The bristle force k_mu x + d_mu x' of the first stick phase. */
static double bristle_force_at(const stick_phase *s, double t)
{
    double e = exp(-s->zw * t), c = cos(s->wd * t), sn = sin(s->wd * t);
    double x = s->a * t + s->b + e * (s->c1 * c + s->c2 * sn);
    double v = s->a + e * ((-s->zw * s->c1 + s->wd * s->c2) * c + (-s->zw * s->c2 - s->wd * s->c1) * sn);
    return SS_KMU * x + SS_DMU * v;
}

/* When the bristle force first reaches f_d + f_so: scan, then bisect. */
static double first_breakaway(void)
{
    stick_phase s = first_stick_phase();
    double fmax = SS_FD + SS_FSO, lo = 0, hi = 0;
    for (double t = 0; t < 10; t += 1e-3)
        if (bristle_force_at(&s, t) >= fmax) {
            hi = t;
            lo = t - 1e-3;
            break;
        }
    for (int i = 0; i < 200; i++) {
        double mid = 0.5 * (lo + hi);
        if (bristle_force_at(&s, mid) >= fmax)
            hi = mid;
        else
            lo = mid;
    }
    return 0.5 * (lo + hi);
}

TEST(the_block_sticks_until_the_spring_reaches_the_static_friction)
{
    test_results r;
    CHECK(test_run_model("models/connector_stick_slip.xml", NULL, NULL, &r) == 0);
    CHECK(r.status == MBS_OK);
    double slip[16], stick[16];
    int n_slip = event_times(&r, "slip", slip, 16), n_stick = event_times(&r, "stick", stick, 16);
    CHECK(n_slip >= 5 && n_stick >= 5);
    CHECK(n_slip + n_stick == r.n_events);
    /* stick and slip alternate, starting with the breakaway */
    for (int i = 0; i < r.n_events; i++)
        CHECK(strcmp(r.events[i].kind, i % 2 == 0 ? "slip" : "stick") == 0);
    CHECK(n_slip >= 1);
    if (n_slip >= 1)
        CHECK_NEAR(slip[0], first_breakaway(), 1e-6);
    /* every stick phase ends when the spring force reaches f_d + f_so */
    for (int i = 0; i < n_slip; i++)
        CHECK_NEAR(-value_before(&r, "spring_force", 0, slip[i]), SS_FD + SS_FSO, 1e-3);
    /* a limit cycle: slip to slip takes the same time every cycle */
    for (int i = 0; i + 2 < n_slip; i++)
        CHECK_NEAR(slip[i + 2] - slip[i + 1], slip[1] - slip[0], 1e-5);
    /* friction does the only work apart from the drive: the balance closes */
    double balance = energy_balance_error(&r, "energy", "dissipated");
    CHECK_MSG(balance < 1e-6, "energy balance off by %.3g J", balance);
    test_results_free(&r);
}

static void around_first_stick(mbs_model *m)
{
    m->analyses[0].end_time = 4.3;
    m->analyses[0].print_interval = 1e-4;
}

TEST(the_friction_force_is_continuous_when_the_block_sticks)
{
    test_results r;
    CHECK(test_run_model("models/connector_stick_slip.xml", NULL, around_first_stick, &r) == 0);
    CHECK(r.status == MBS_OK);
    double stick[2];
    CHECK(event_times(&r, "stick", stick, 2) == 1);
    double worst = 0, before = NAN, after = NAN;
    for (int i = 1; i < r.n_rows; i++) {
        if (fabs(r.t[i] - stick[0]) > 2e-3)
            continue;
        worst = fmax(worst, fabs(test_value(&r, "friction_force", 0, i) - test_value(&r, "friction_force", 0, i - 1)));
        if (r.t[i] <= stick[0])
            before = test_value(&r, "friction_force", 0, i);
        else if (isnan(after))
            after = test_value(&r, "friction_force", 0, i);
    }
    /* slip force f_d + f_so exp(-|v|/v_exp) -> 3 N as v -> 0, and the bristle
     * takes over at 3 N: no jump (a bristle starting relaxed would drop by 3 N) */
    CHECK_MSG(worst < 0.05, "friction force changes by %.3g N between rows 1e-4 s apart", worst);
    CHECK_NEAR(before, SS_FD + SS_FSO, 0.05);
    CHECK_NEAR(after, SS_FD + SS_FSO, 0.05);
    /* it sticks where the block stops, the bristle stretched by the slip
     * force at v = 0: x_lsp = x - (f_d + f_so) / k_mu */
    CHECK_NEAR(value_before(&r, "v", 0, stick[0]), 0.0, 1e-5);
    double x = value_before(&r, "x", 0, stick[0]);
    CHECK_NEAR(series_at(&r, "friction_state", 1, stick[0] + 0.01), x - (SS_FD + SS_FSO) / SS_KMU, 1e-7);
    CHECK(series_at(&r, "friction_state", 0, stick[0] + 0.01) == 0.0);
    test_results_free(&r);
}

/* atol well below the bristle's stretch (f_d + f_so) / k_mu = 3e-4 m, which
 * decides when the block breaks away */
static void loose(mbs_model *m)
{
    m->settings.rtol = 1e-6;
    m->settings.atol = 1e-10;
}

static void tight(mbs_model *m)
{
    m->settings.rtol = 1e-9;
    m->settings.atol = 1e-12;
}

TEST(no_event_is_missed_at_a_loose_tolerance)
{
    test_results a, b;
    CHECK(test_run_model("models/connector_stick_slip.xml", NULL, loose, &a) == 0);
    CHECK(test_run_model("models/connector_stick_slip.xml", NULL, tight, &b) == 0);
    CHECK(a.status == MBS_OK && b.status == MBS_OK);
    CHECK_MSG(a.n_events == b.n_events, "%d events at rtol 1e-6, %d at 1e-9", a.n_events, b.n_events);
    CHECK(b.n_events >= 10);
    for (int i = 0; i < a.n_events && i < b.n_events; i++) {
        CHECK(strcmp(a.events[i].kind, b.events[i].kind) == 0);
        /* the loose run's error grows with the cycles behind it (rows
         * interpolated, its steps are as long as rtol 1e-6 allows: 4e-5 s
         * after 19 s, against 1e-5 s when it stepped onto every row) */
        CHECK_NEAR(a.events[i].t, b.events[i].t, 1e-5 * (1.0 + b.events[i].t));
    }
    test_results_free(&a);
    test_results_free(&b);
}

/* ---- a Coulomb block sliding to rest (tests/physics/models/connector_coulomb_block.xml) ---- */

static const double CB_MU = 0.2, CB_G = 9.81, CB_V0 = 1, CB_KMU = 1e4;

TEST(a_sliding_block_sticks_at_the_coulomb_stop_time)
{
    test_results r;
    CHECK(test_run_model("tests/physics/models/connector_coulomb_block.xml", NULL, NULL, &r) == 0);
    CHECK(r.status == MBS_OK);
    double f = CB_MU * CB_G, t_stop = CB_V0 / f;
    /* one event: the stick at v0 / (mu g), exactly (the deceleration is constant) */
    CHECK(r.n_events == 1 && count_kind(&r, "stick") == 1);
    if (r.n_events == 1)
        CHECK_NEAR(r.events[0].t, t_stop, 1e-9);
    /* until then x = v0 t - f t^2 / 2 */
    double worst = 0;
    for (int i = 0; i < r.n_rows && r.t[i] < t_stop; i++)
        worst = fmax(worst, fabs(test_value(&r, "x", 0, i) - (CB_V0 * r.t[i] - 0.5 * f * r.t[i] * r.t[i])));
    CHECK_MSG(worst < 1e-9, "x off the uniform deceleration by %.3g", worst);
    /* the state while sliding: the slip force; afterwards 0 and x_lsp */
    CHECK_NEAR(test_value(&r, "state", 0, 10), f, 1e-12);
    CHECK_NEAR(test_value(&r, "friction", 0, 10), f, 1e-12);
    CHECK(test_value(&r, "state", 0, r.n_rows - 1) == 0.0);
    /* at rest the bristle relaxes: the block ends f / k_mu behind where it stopped */
    CHECK_NEAR(test_value(&r, "x", 0, r.n_rows - 1), CB_V0 * CB_V0 / (2 * f) - f / CB_KMU, 1e-9);
    CHECK_NEAR(test_value(&r, "state", 1, r.n_rows - 1), test_value(&r, "x", 0, r.n_rows - 1), 1e-9);
    test_results_free(&r);
}

TEST(the_regularised_law_stops_the_block_within_its_zone)
{
    const double v_reg = 1e-3;
    static const char *const sets[] = {"v_reg=1e-3", NULL};
    test_results r;
    CHECK(test_run_model("tests/physics/models/connector_coulomb_block.xml", sets, NULL, &r) == 0);
    CHECK(r.status == MBS_OK);
    CHECK(r.n_events == 0); /* no modes */
    double f = CB_MU * CB_G, tau = v_reg / f;
    /* full friction down to v_reg, at t_reg = (v0 - v_reg) / (mu g), then
     * proportional to v: v = v_reg exp(-(t - t_reg) / tau), tau = v_reg / (mu g) */
    double t_reg = (CB_V0 - v_reg) / f, crossing[2];
    CHECK(series_crossings(&r, "v", 0, 2 * v_reg, crossing, 2) == 1);
    CHECK_NEAR(crossing[0], (CB_V0 - 2 * v_reg) / f, 1e-9);
    double worst = 0;
    for (int i = 0; i < r.n_rows; i++) {
        double t = r.t[i], v = t < t_reg ? CB_V0 - f * t : v_reg * exp(-(t - t_reg) / tau);
        worst = fmax(worst, fabs(test_value(&r, "v", 0, i) - v));
    }
    CHECK_MSG(worst < 1e-8, "v off the closed form by %.3g", worst);
    /* so the block "stops" (v < v_reg) tau = v_reg / (mu g) before v0/(mu g), and
     * creeps on by v_reg tau */
    CHECK_NEAR(test_value(&r, "x", 0, r.n_rows - 1), (CB_V0 * CB_V0 - v_reg * v_reg) / (2 * f) + v_reg * tau, 1e-9);
    CHECK(series_max_deviation(&r, "state", 0, 0.0) == 0.0); /* no bristle state */
    test_results_free(&r);
}

TEST(a_block_starts_sticking_at_its_initial_sticking_position)
{
    test_results r;
    CHECK(test_run_model("tests/physics/models/connector_prestretched_bristle.xml", NULL, NULL, &r) == 0);
    CHECK(r.status == MBS_OK);
    CHECK(r.n_events == 0);
    CHECK_NEAR(test_value(&r, "friction", 0, 0), -1.0, 1e-12); /* k_mu (q - x_lsp) */
    CHECK(series_max_deviation(&r, "state", 1, 1e-4) < 1e-15);
    CHECK(series_max_deviation(&r, "state", 0, 0.0) == 0.0);
    /* critically damped: x = x_lsp (1 - (1 + w t) exp(-w t)), w = 100 rad/s */
    double worst = 0;
    for (int i = 0; i < r.n_rows; i++) {
        double wt = 100 * r.t[i];
        worst = fmax(worst, fabs(test_value(&r, "x", 0, i) - 1e-4 * (1 - (1 + wt) * exp(-wt))));
    }
    CHECK_MSG(worst < 1e-10, "x off the critically damped approach by %.3g", worst);
    test_results_free(&r);
}

/* ---- a robot axis with friction and end stops (models/connector_robot_axis.xml) ---- */

TEST(a_robot_axis_sticks_slips_and_hits_its_stops)
{
    test_results r;
    CHECK(test_run_model("models/connector_robot_axis.xml", NULL, NULL, &r) == 0);
    CHECK(r.status == MBS_OK);
    CHECK(count_kind(&r, "limit_upper_on") >= 2 && count_kind(&r, "limit_lower_on") >= 2);
    CHECK(count_kind(&r, "limit_upper_on") == count_kind(&r, "limit_upper_off"));
    CHECK(count_kind(&r, "limit_lower_on") == count_kind(&r, "limit_lower_off"));
    CHECK(count_kind(&r, "stick") >= 4 && count_kind(&r, "slip") >= 4);
    /* every contact ends before the next begins */
    int in_contact = 0;
    for (int i = 0; i < r.n_events; i++) {
        if (strstr(r.events[i].kind, "_on")) {
            CHECK(!in_contact);
            in_contact = 1;
        } else if (strstr(r.events[i].kind, "_off")) {
            CHECK(in_contact);
            in_contact = 0;
        }
    }
    /* the stops hold the axis near +-0.6 rad */
    CHECK(series_max_deviation(&r, "angle", 0, 0.0) < 0.65);
    CHECK(series_max_deviation(&r, "angle", 0, 0.0) > 0.6);
    double balance = energy_balance_error(&r, "energy", "dissipated");
    CHECK_MSG(balance < 1e-5, "energy balance off by %.3g J", balance);
    test_results_free(&r);
}

TEST_SUITE(connector_events, T(contact_with_a_stop_follows_the_piecewise_harmonic_motion),
           T(the_stop_in_millimetres_gives_the_same_events),
           T(the_block_sticks_until_the_spring_reaches_the_static_friction),
           T(the_friction_force_is_continuous_when_the_block_sticks), T(no_event_is_missed_at_a_loose_tolerance),
           T(a_sliding_block_sticks_at_the_coulomb_stop_time), T(the_regularised_law_stops_the_block_within_its_zone),
           T(a_block_starts_sticking_at_its_initial_sticking_position), T(a_robot_axis_sticks_slips_and_hits_its_stops));
