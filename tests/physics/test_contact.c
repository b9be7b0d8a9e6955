/* Force_Contact against closed forms (docs/contact.md), in whichever
 * formulation MBSIM_TEST_FORMULATION names (make physics runs both):
 *  - the examples models/contact_bouncing_ball.xml (apex heights, and the ball
 *    never falls through its floor), contact_sliding_box.xml (mu_d g, the
 *    stopping distance, at rest after) and contact_rolling_ball.xml (5/7 g
 *    sin th down a tilted ramp) against the closed forms in their headers;
 *  - a ball of mass m dropped from h onto a floor with IMPACT, exponent 1,
 *    no damping: first touch at t1 = sqrt(2 h / g), impact speed v0 = g t1;
 *    in contact x'' = g - (k/m) x (x the penetration), so with w = sqrt(k/m),
 *    xs = m g / k, A = sqrt(xs^2 + (v0/w)^2) the contact lasts
 *    (pi + 2 asin(xs / A)) / w; it leaves at v0 (the flight to the next
 *    touch is 2 v0 / g); the total energy is constant;
 *  - the same thrown at v0 without gravity, with damping c (dmax tiny): the
 *    spring-damper x = (v0/wd) exp(-a t) sin(wd t), a = c/(2m),
 *    wd = sqrt(w^2 - a^2), pushes until k x + c x' = 0, at
 *    wd t_s = pi - atan(c wd / (k - c a)), and the ball leaves at -x'(t_s);
 *  - POISSON with restitution e: apex heights h_n = e^(2n) h_0 (within 1 %);
 *  - IMPACT with exponent 1.5 (Hertz): at rest the penetration is
 *    (m g / k)^(1/1.5) (1e-6);
 *  - a block pushed at v0 on the floor decelerates at mu_d g and stops after
 *    v0^2 / (2 mu_d g) (1e-3); on an incline steeper than atan(mu_s) it
 *    slides at g (sin th - mu_d cos th), below it stays (no slip faster than
 *    stiction_trans_vel);
 *  - the drop from an Adams dataset (CONTACT between GRAPHICS): the same;
 *  - a ball rolls down an incline at (5/7) g sin th (1e-3), a solid cylinder
 *    on its side at (2/3) g sin th;
 *  - the Hertz ball rests alike on a floor given as a TriaMesh of two large triangles;
 *  - a TriaMesh block rests on its four lower vertices, each m g / (4 k) deep;
 *  - a flat-faced follower on an eccentric disc cam (models/contact_cam_follower.xml)
 *    lifts as the cam profile R - e cos(omega t), to 1e-4 of the lift, and
 *    leaves the cam just above omega_c = sqrt((F0 + 2 k e) / (m e)), not
 *    just below; a roller follower (tests/physics/models/contact_cam_roller.xml)
 *    at z = -e cos(omega t) + sqrt(D^2 - e^2 sin^2(omega t)), to 1e-4 of the lift;
 *  - two bricks laid crosswise (models/contact_crossed_bricks.xml), the upper
 *    one's lower edge across the lower one's upper edge (one crossing) or
 *    across its top face (two): the upper brick, held by the crossings of
 *    the edges alone, rests at the lower one's top + half its own diagonal
 *    - (m g / (nc k))^(1/e) (1e-6 m), never falling through. */
#include "../support/harness.h"
#include "../support/run_model.h"
#include "../support/series.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const double G = 9.81, PI = 3.14159265358979323846;

static void tight(mbs_model *m)
{
    m->settings.rtol = 1e-9;
    m->settings.atol = 1e-11;
}

static void run_ok(const char *path, const char *const *sets, void (*adjust)(mbs_model *), test_results *r)
{
    CHECK(test_run_model(path, sets, adjust, r) == 0);
    CHECK_MSG(r->status == MBS_OK, "%s: run failed: %s %s", path, r->run.message, r->errors);
}

/* |slip velocity| at row i. */
static double slip_speed(const test_results *r, int i)
{
    double x = test_value(r, "slip", 0, i), y = test_value(r, "slip", 1, i), z = test_value(r, "slip", 2, i);
    return sqrt(x * x + y * y + z * z);
}

/* Time of the n-th event (from 0) of that kind, or NAN. */
static double event_time(const test_results *r, const char *kind, int n)
{
    for (int i = 0; i < r->n_events; i++)
        if (strcmp(r->events[i].kind, kind) == 0 && n-- == 0)
            return r->events[i].t;
    return NAN;
}

/* The elastic drop's events against the closed forms (m = 1, k = 1e5, h = 0.5). */
static void check_elastic_bounce(const test_results *r)
{
    double m = 1, k = 1e5, h = 0.5, t1 = sqrt(2 * h / G), v0 = G * t1, w = sqrt(k / m), xs = m * G / k;
    double A = sqrt(xs * xs + v0 * v0 / (w * w)), T = (PI + 2 * asin(xs / A)) / w;
    double on0 = event_time(r, "contact_on", 0), off0 = event_time(r, "contact_off", 0);
    double on1 = event_time(r, "contact_on", 1);
    CHECK_MSG(fabs(on0 - t1) < 1e-7, "first touch at %.9g, closed form %.9g", on0, t1);
    CHECK_MSG(fabs((off0 - on0) / T - 1) < 1e-5, "contact for %.9g s, closed form %.9g", off0 - on0, T);
    double v_out = G * (on1 - off0) / 2;
    CHECK_MSG(fabs(v_out / v0 - 1) < 1e-5, "left at %.9g m/s, came at %.9g", v_out, v0);
}

TEST(an_elastic_ball_bounces_back_at_its_impact_speed_after_half_a_period)
{
    test_results r;
    run_ok("tests/physics/models/contact_ball.xml", NULL, tight, &r);
    check_elastic_bounce(&r);
    double m = 1, k = 1e5, h = 0.5;
    double on0 = event_time(&r, "contact_on", 0), off0 = event_time(&r, "contact_off", 0);
    double e0 = test_value(&r, "energy", 0, 0), drift = 0;
    for (int i = 0; i < r.n_rows; i++)
        drift = fmax(drift, fabs(test_value(&r, "energy", 0, i) - e0));
    CHECK_MSG(drift < 1e-6 * m * G * h, "energy drifts by %.3g J", drift);
    /* during contact the force is k times the penetration, and none before */
    int i_mid = (int)((on0 + off0) / 2 / 0.001), i_before = (int)(on0 / 0.001) - 1;
    CHECK_NEAR(test_value(&r, "normal_force", 0, i_mid), k * test_value(&r, "depth", 0, i_mid), 1e-9 * k);
    CHECK(test_value(&r, "normal_force", 0, i_before) == 0 && test_value(&r, "depth", 0, i_before) == 0);
    test_results_free(&r);
}

/* Adams' CONTACT between GRAPHICS: the same drop from a dataset. */
TEST(an_adams_contact_drops_the_same_ball)
{
    test_results r;
    run_ok("tests/physics/models/adams_contact.acf", NULL, tight, &r);
    check_elastic_bounce(&r);
    test_results_free(&r);
}

TEST(a_damped_ball_leaves_at_the_spring_dampers_restitution)
{
    test_results r;
    const char *sets[] = {"g=0", "v0=1", "h=1e-3", "c=50", "dmax=1e-12", "end=0.05", NULL};
    run_ok("tests/physics/models/contact_ball.xml", sets, tight, &r);
    double m = 1, k = 1e5, c = 50, v0 = 1, w = sqrt(k / m), a = c / (2 * m), wd = sqrt(w * w - a * a);
    double ts = (PI - atan(c * wd / (k - c * a))) / wd;
    double xdot = v0 / wd * exp(-a * ts) * (wd * cos(wd * ts) - a * sin(wd * ts)), e = -xdot / v0;
    double v_end = test_value(&r, "velocity", 2, r.n_rows - 1);
    CHECK_MSG(fabs(v_end / (e * v0) - 1) < 1e-4, "left at %.8g m/s, closed form %.8g (e = %.6f)", v_end, e * v0, e);
    CHECK(e < 0.9 && e > 0.7); /* a real loss: not the elastic case */
    test_results_free(&r);
}

/* The first `bounces` apex heights of a ball of radius r_ball (its centre's
 * sensor `centre`, z up, the floor at 0) dropped from h0: between the n-th
 * separation and the next touch its lowest point rises to e^(2n) h0 (1 %). */
static void check_apexes(const test_results *r, const char *centre, double r_ball, double h0, double e, int bounces)
{
    for (int n = 1; n <= bounces; n++) {
        double from = event_time(r, "contact_off", n - 1), to = event_time(r, "contact_on", n), apex = -1;
        CHECK_MSG(isfinite(from) && isfinite(to), "bounce %d: no events", n);
        for (int i = 0; i < r->n_rows; i++)
            if (r->t[i] > from && r->t[i] < to)
                apex = fmax(apex, test_value(r, centre, 2, i) - r_ball);
        double want = pow(e, 2 * n) * h0;
        CHECK_MSG(fabs(apex / want - 1) < 0.01, "apex %d at %.6g m, e^2n h0 = %.6g", n, apex, want);
    }
}

TEST(a_poisson_ball_bounces_to_e_squared_of_its_height)
{
    test_results r;
    const char *sets[] = {"rc=0.8", "p=1e8", "end=2", NULL};
    run_ok("tests/physics/models/contact_ball_poisson.xml", sets, NULL, &r);
    check_apexes(&r, "centre", 0.1, 0.5, 0.8, 3);
    test_results_free(&r);
}

/* models/contact_bouncing_ball.xml: h0 = 1, r = 0.1, e = 0.8 on a floor
 * 0.5 m thick. Free flight lets IDA's steps grow long enough to carry the
 * ball through the floor within one step (apart at both ends: no root);
 * the contact's step limit keeps them short of that. */
TEST(the_example_ball_bounces_to_e_squared_of_its_height_and_stays_above_the_floor)
{
    test_results r;
    run_ok("models/contact_bouncing_ball.xml", NULL, NULL, &r);
    double e = 0.8, h0 = 1, r_ball = 0.1, lowest = INFINITY;
    for (int i = 0; i < r.n_rows; i++)
        lowest = fmin(lowest, test_value(&r, "ball", 2, i) - r_ball);
    CHECK_MSG(lowest > -0.01, "the ball's lowest point reaches %.4g m (the floor is at 0)", lowest);
    check_apexes(&r, "ball", r_ball, h0, e, 5);
    test_results_free(&r);
}

/* A Hertz ball at rest on the floor of `path`: (m g / k)^(1/1.5) deep (1e-6). */
static void check_hertz_rest(const char *path)
{
    test_results r;
    const char *sets[] = {"ex=1.5", "k=1e6", "c=400", "dmax=1e-4", "h=0", "end=1", NULL};
    run_ok(path, sets, tight, &r);
    double want = pow(1 * G / 1e6, 1 / 1.5), got = test_value(&r, "depth", 0, r.n_rows - 1);
    CHECK_MSG(fabs(got / want - 1) < 1e-6, "%s: rests %.10g m deep, (m g / k)^(1/1.5) = %.10g", path, got, want);
    test_results_free(&r);
}

TEST(a_hertz_ball_rests_at_its_static_penetration)
{
    check_hertz_rest("tests/physics/models/contact_ball.xml");
}

/* The floor a TriaMesh of two triangles far larger than the ball. */
TEST(a_hertz_ball_rests_on_a_mesh_floor_alike)
{
    check_hertz_rest("tests/physics/models/contact_ball_mesh_floor.xml");
}

/* A block launched along x at v0 (sensors `centre` and `velocity`) with
 * mu_d: its deceleration between t0 and t1 is mu_d g, and it stops after
 * v0^2 / (2 mu_d g) (its last row), both to 1e-3. */
static void check_sliding(const test_results *r, const char *centre, const char *velocity, double v0, double mud,
                          double t0, double t1)
{
    double decel = (series_at(r, velocity, 0, t0) - series_at(r, velocity, 0, t1)) / (t1 - t0);
    CHECK_MSG(fabs(decel / (mud * G) - 1) < 1e-3, "decelerates at %.6g, mu g = %.6g", decel, mud * G);
    double stop = test_value(r, centre, 0, r->n_rows - 1), want = v0 * v0 / (2 * mud * G);
    CHECK_MSG(fabs(stop / want - 1) < 1e-3, "stops after %.6g m, v0^2/(2 mu g) = %.6g", stop, want);
}

TEST(a_block_slides_to_rest_at_mu_g)
{
    test_results r;
    run_ok("tests/physics/models/contact_block.xml", NULL, tight, &r);
    check_sliding(&r, "centre", "velocity", 1, 0.3, 0.05, 0.25);
    CHECK(test_value(&r, "contacts", 0, r.n_rows / 2) == 4); /* on its four lower corners */
    test_results_free(&r);
}

/* models/contact_sliding_box.xml: v0 = 2, mu_d = 0.25, launched along x. */
TEST(the_example_box_slides_to_rest_at_mu_g)
{
    test_results r;
    run_ok("models/contact_sliding_box.xml", NULL, NULL, &r);
    double mud = 0.25, v0 = 2;
    check_sliding(&r, "box", "box_velocity", v0, mud, 0.1, 0.7);
    double t_stop = v0 / (mud * G), moving_after = 0;
    for (int i = 0; i < r.n_rows; i++)
        if (r.t[i] > t_stop + 0.01)
            moving_after = fmax(moving_after, fabs(test_value(&r, "box_velocity", 0, i)));
    CHECK_MSG(moving_after < 1e-4, "still moves at %.3g m/s after t_stop = %.4g s", moving_after, t_stop);
    CHECK(test_value(&r, "contacts", 0, r.n_rows - 1) == 4);
    test_results_free(&r);
}

TEST(a_block_slides_down_a_steep_incline_and_sticks_on_a_gentle_one)
{
    test_results r;
    const char *steep[] = {"th=30", "v0=0", NULL};
    run_ok("tests/physics/models/contact_block.xml", steep, tight, &r);
    double th = 30 * PI / 180, want = G * (sin(th) - 0.3 * cos(th));
    double acc = (series_at(&r, "velocity", 0, 0.45) - series_at(&r, "velocity", 0, 0.25)) / 0.2;
    CHECK_MSG(fabs(acc / want - 1) < 1e-3, "slides at %.6g m/s^2, g (sin - mu_d cos) = %.6g", acc, want);
    test_results_free(&r);

    const char *gentle[] = {"th=20", "v0=0", NULL};
    run_ok("tests/physics/models/contact_block.xml", gentle, tight, &r);
    double fastest = 0;
    for (int i = 0; i < r.n_rows; i++)
        if (r.t[i] > 0.05)
            fastest = fmax(fastest, slip_speed(&r, i));
    CHECK_MSG(fastest < 1e-4, "creeps at %.3g m/s, beyond stiction_trans_vel 1e-4", fastest);
    CHECK(fabs(test_value(&r, "centre", 0, r.n_rows - 1)) < 1e-4 * 0.5);
    test_results_free(&r);
}

/* A body rolling from rest down the 20-degree incline of `path` (the
 * model's sensors velocity and slip): its centre's acceleration against
 * g sin(th) / (1 + J / (m r^2)), given as that fraction of g sin(th), and
 * no slip faster than stiction_trans_vel (1e-3) once the start is over. */
static void check_rolling(const char *path, double fraction)
{
    test_results r;
    run_ok(path, NULL, NULL, &r);
    double th = 20 * PI / 180, want = fraction * G * sin(th);
    double acc = (series_at(&r, "velocity", 0, 1.0) - series_at(&r, "velocity", 0, 0.2)) / 0.8;
    CHECK_MSG(fabs(acc / want - 1) < 1e-3, "%s rolls at %.7g m/s^2, closed form %.7g", path, acc, want);
    double slip = 0;
    for (int i = 0; i < r.n_rows; i++)
        if (r.t[i] > 0.1)
            slip = fmax(slip, slip_speed(&r, i));
    CHECK_MSG(slip < 1e-3, "%s slips at %.3g m/s", path, slip);
    CHECK(fabs(test_value(&r, "velocity", 1, r.n_rows - 1)) < 1e-9); /* straight down the slope */
    test_results_free(&r);
}

TEST(a_ball_rolls_down_an_incline_at_five_sevenths_g_sin)
{
    check_rolling("tests/physics/models/contact_roll.xml", 5.0 / 7.0);
}

/* models/contact_rolling_ball.xml: the ramp itself tilted by 20 degrees
 * (gravity straight down), the ball's speed along the slope. */
TEST(the_example_ball_rolls_down_its_ramp_at_five_sevenths_g_sin)
{
    test_results r;
    run_ok("models/contact_rolling_ball.xml", NULL, NULL, &r);
    double th = 20 * PI / 180, want = 5.0 / 7.0 * G * sin(th);
    /* the velocity along the slope's downhill direction (cos th, 0, -sin th) */
    double v1 = series_at(&r, "ball_velocity", 0, 1.4) * cos(th) - series_at(&r, "ball_velocity", 2, 1.4) * sin(th);
    double v0 = series_at(&r, "ball_velocity", 0, 0.2) * cos(th) - series_at(&r, "ball_velocity", 2, 0.2) * sin(th);
    double acc = (v1 - v0) / 1.2;
    CHECK_MSG(fabs(acc / want - 1) < 1e-3, "rolls at %.7g m/s^2, (5/7) g sin th = %.7g", acc, want);
    double slip = 0;
    for (int i = 0; i < r.n_rows; i++)
        if (r.t[i] > 0.1)
            slip = fmax(slip, slip_speed(&r, i));
    CHECK_MSG(slip < 1e-3, "slips at %.3g m/s", slip);
    test_results_free(&r);
}

TEST(a_cylinder_rolls_down_an_incline_at_two_thirds_g_sin)
{
    check_rolling("tests/physics/models/contact_roll_cylinder.xml", 2.0 / 3.0);
}

TEST(a_mesh_block_rests_on_its_four_lower_vertices)
{
    test_results r;
    run_ok("tests/physics/models/contact_mesh_block.xml", NULL, tight, &r);
    double m = 2, k = 1e6;
    int last = r.n_rows - 1;
    CHECK(test_value(&r, "contacts", 0, last) == 4);
    CHECK_NEAR(test_value(&r, "normal_force", 0, last), m * G, 1e-9 * m * G);
    double got = test_value(&r, "depth", 0, last), want = m * G / (4 * k);
    CHECK_MSG(fabs(got / want - 1) < 1e-6, "rests %.8g m deep, m g / (4 k) = %.8g", got, want);
    test_results_free(&r);
}

/* models/contact_cam_follower.xml: R = 0.05, e = 0.01, h = 0.02, m = 0.5,
 * k = 1000, F0 = 20, kc = 1e6 (two contact points). */
static const double CAM_R = 0.05, CAM_E = 0.01, CAM_H = 0.02, CAM_M = 0.5, CAM_K = 1000, CAM_F0 = 20, CAM_KC = 1e6;

TEST(a_flat_faced_follower_lifts_as_the_eccentric_cam_profile)
{
    test_results r;
    run_ok("models/contact_cam_follower.xml", NULL, NULL, &r);
    double omega = 10, worst = 0;
    for (int i = 0; i < r.n_rows; i++) {
        if (r.t[i] > 2 * PI / omega)
            break;
        /* the face, less its penetration N / (2 kc) under the two points */
        double face = test_value(&r, "follower", 2, i) - CAM_H / 2 +
                      test_value(&r, "contact_force", 0, i) / (2 * CAM_KC);
        worst = fmax(worst, fabs(face - (CAM_R - CAM_E * cos(omega * r.t[i]))));
    }
    CHECK_MSG(worst < 1e-4 * 2 * CAM_E, "the face leaves the cam profile by %.3g m (lift %.3g m)", worst, 2 * CAM_E);
    CHECK(test_value(&r, "contacts", 0, r.n_rows / 2) == 2);
    CHECK(r.n_events == 0);
    test_results_free(&r);
}

TEST(a_roller_follower_lifts_as_the_eccentric_cam_profile)
{
    test_results r;
    run_ok("tests/physics/models/contact_cam_roller.xml", NULL, NULL, &r);
    double omega = 10, D = CAM_R + 0.02, worst = 0;
    for (int i = 0; i < r.n_rows; i++) {
        if (r.t[i] > 2 * PI / omega)
            break;
        /* the centres D apart, less the penetration N / (2 kc) along their line */
        double th = omega * r.t[i], Deff = D - test_value(&r, "contact_force", 0, i) / (2 * CAM_KC);
        double want = -CAM_E * cos(th) + sqrt(Deff * Deff - CAM_E * CAM_E * sin(th) * sin(th));
        worst = fmax(worst, fabs(test_value(&r, "follower", 2, i) - want));
    }
    CHECK_MSG(worst < 1e-4 * 2 * CAM_E, "the roller leaves the cam profile by %.3g m (lift %.3g m)", worst, 2 * CAM_E);
    CHECK(r.n_events == 0);
    test_results_free(&r);
}

TEST(the_follower_leaves_the_cam_above_the_speed_its_spring_holds)
{
    double wc = sqrt((CAM_F0 + 2 * CAM_K * CAM_E) / (CAM_M * CAM_E));
    for (int above = 0; above < 2; above++) {
        char omega[64];
        snprintf(omega, sizeof omega, "omega=%.17g", wc * (above ? 1.03 : 0.97));
        const char *sets[] = {omega, "end=0.25", NULL};
        test_results r;
        run_ok("models/contact_cam_follower.xml", sets, NULL, &r);
        double off = event_time(&r, "contact_off", 0);
        if (above)
            CHECK_MSG(isfinite(off), "at %.4g rad/s (3 %% above omega_c) the follower stays on", wc * 1.03);
        else
            CHECK_MSG(!isfinite(off), "at %.4g rad/s (3 %% below omega_c) the follower leaves at t = %.4g",
                      wc * 0.97, off);
        test_results_free(&r);
    }
}

/* models/contact_crossed_bricks.xml: a = 0.1, m = 1, k = 1e6, e = 1.5,
 * the lower brick tipped by tj degrees, its top a/2 (cos tj + sin tj) above
 * its centre at 0; the upper one dropped from 1 mm above its rest. */
static void check_crossed_bricks(double tj, int nc)
{
    char tip[32], crossings[32];
    snprintf(tip, sizeof tip, "tj=%g", tj);
    snprintf(crossings, sizeof crossings, "nc=%d", nc);
    const char *sets[] = {tip, crossings, NULL};
    test_results r;
    run_ok("models/contact_crossed_bricks.xml", sets, NULL, &r);
    double a = 0.1, m = 1, k = 1e6, e = 1.5, th = tj * PI / 180;
    double p = pow(m * G / (nc * k), 1 / e), want = a / 2 * (cos(th) + sin(th)) + a / sqrt(2) - p;
    double lowest = INFINITY;
    for (int i = 0; i < r.n_rows; i++)
        lowest = fmin(lowest, test_value(&r, "centre", 2, i));
    int last = r.n_rows - 1;
    double z = test_value(&r, "centre", 2, last);
    CHECK_MSG(fabs(z - want) < 1e-6, "tj = %g: rests at z = %.9g m, closed form %.9g (p = %.4g)", tj, z, want, p);
    CHECK_MSG(lowest > want - 1e-3, "tj = %g: sinks to z = %.6g m, rest at %.6g", tj, lowest, want);
    CHECK_MSG(test_value(&r, "contacts", 0, last) == nc, "tj = %g: %g contacts, %d crossings", tj,
              test_value(&r, "contacts", 0, last), nc);
    CHECK_NEAR(test_value(&r, "normal_force", 0, last), m * G, 1e-6 * m * G);
    test_results_free(&r);
}

TEST(crossed_bricks_rest_edge_on_edge_at_the_closed_form_height)
{
    check_crossed_bricks(45, 1); /* the upper edge of one across the lower edge of the other */
    check_crossed_bricks(0, 2);  /* an edge across a face: where it crosses the face's two edges */
}

TEST_SUITE(contact, T(an_elastic_ball_bounces_back_at_its_impact_speed_after_half_a_period),
           T(an_adams_contact_drops_the_same_ball), T(a_damped_ball_leaves_at_the_spring_dampers_restitution), T(a_poisson_ball_bounces_to_e_squared_of_its_height),
           T(the_example_ball_bounces_to_e_squared_of_its_height_and_stays_above_the_floor),
           T(the_example_box_slides_to_rest_at_mu_g), T(the_example_ball_rolls_down_its_ramp_at_five_sevenths_g_sin),
           T(a_hertz_ball_rests_at_its_static_penetration), T(a_hertz_ball_rests_on_a_mesh_floor_alike), T(a_block_slides_to_rest_at_mu_g),
           T(a_block_slides_down_a_steep_incline_and_sticks_on_a_gentle_one),
           T(a_ball_rolls_down_an_incline_at_five_sevenths_g_sin),
           T(a_cylinder_rolls_down_an_incline_at_two_thirds_g_sin),
           T(a_mesh_block_rests_on_its_four_lower_vertices),
           T(a_flat_faced_follower_lifts_as_the_eccentric_cam_profile),
           T(a_roller_follower_lifts_as_the_eccentric_cam_profile),
           T(the_follower_leaves_the_cam_above_the_speed_its_spring_holds),
           T(crossed_bricks_rest_edge_on_edge_at_the_closed_form_height));
