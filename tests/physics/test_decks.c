/* MotionSolve decks and their command procedures, run as written and
 * checked against closed forms:
 *   models/motionview_rig.xml            a MotionView-style export: the carrier sinks at
 *                                        (F0 + m g) / c, the shaker follows 5 sin(2 pi t)
 *   tests/physics/models/command_rig.xml Static, Deactivate, Static, motions switched to
 *                                        velocity, a force set from a state measure, several
 *                                        Transients, Deactivate and Activate again
 *   tests/physics/models/sensor_event.xml  a Sensor_Event ends an analysis, another the run
 *   tests/physics/models/variables.xml   a loop of variables, explicit and implicit
 *                                        differential equations
 *   tests/physics/models/reference_examples.xml  the examples of MotionSolve's reference guide
 *   tests/physics/models/marker_move.xml a modify command moves a spring's anchor between Statics
 *   models/constant_motion_q.xml  Motion_Joint type CONSTANT with q, as MotionView
 *                                        2022 writes it, in the model and in a command
 *   models/shared_ids.xml  ids unique per element name: a primitive, a spring and a
 *                                        bushing of one id, a joint and a coupler of another */
#include "../support/harness.h"
#include "../support/run_model.h"

#include <math.h>
#include <string.h>

#define PI 3.14159265358979323846

/* The first row at time t (within 1e-9) from row `from` on, -1 if none. */
static int row_at(const test_results *r, double t, int from)
{
    for (int i = from; i < r->n_rows; i++)
        if (fabs(r->t[i] - t) < 1e-9)
            return i;
    return -1;
}

TEST(motionview_export_runs_every_analysis_and_sinks_at_the_steady_speed)
{
    test_results r;
    CHECK(test_run_model("models/motionview_rig.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s %s", r.run.message, r.errors);
    if (r.status != MBS_OK) {
        test_results_free(&r);
        return;
    }
    /* the Static (carrier held), the Transients' first row after the commands, then every
     * print time to 3 s: the analyses ran in order into one series */
    CHECK(r.t[0] == 0.0 && r.t[1] == 0.0);
    CHECK(fabs(r.t[r.n_rows - 1] - 3.0) < 1e-12);
    for (int i = 1; i < r.n_rows; i++)
        CHECK(r.t[i] >= r.t[i - 1]);
    CHECK(row_at(&r, 1.0, 0) > 0 && row_at(&r, 2.0, 0) > 0 && row_at(&r, 2.98, 0) > 0);
    /* Static: the motion holds the carrier where it stands */
    CHECK_NEAR(test_value(&r, "Carrier displacement", 2, 0), 0.0, 1e-9);
    /* steady sink speed (F0 + m g) / c = (10 N + 2 kg * 9.81 m/s^2) / 0.04 N s/mm */
    double v_steady = (10.0 + 2.0 * 9.81) / 0.04;
    int last = r.n_rows - 1;
    CHECK_NEAR(test_value(&r, "Rig signals", 1, last), v_steady, 1e-3 * v_steady); /* VARVAL(speed) = -VZ */
    CHECK_NEAR(-test_value(&r, "Carrier velocity", 2, last), v_steady, 1e-3 * v_steady);
    /* the load balances the weight once it sinks steadily; FZ at the carrier reads it */
    CHECK_NEAR(test_value(&r, "Rig signals", 0, last), 2.0 * 9.81, 1e-3 * 19.62);
    CHECK_NEAR(test_value(&r, "Rig signals", 4, last), test_value(&r, "Rig signals", 0, last), 1e-9);
    /* the shaker follows 5 sin(2 pi t) mm, as a displacement and after the command as a velocity */
    double worst = 0, worst_v = 0;
    for (int i = 0; i < r.n_rows; i++) {
        double t = r.t[i];
        worst = fmax(worst, fabs(test_value(&r, "Rig signals", 2, i) - 5.0 * sin(2 * PI * t)));
        if (i > 1)
            worst_v = fmax(worst_v, fabs(test_value(&r, "Rig signals", 3, i) - 10 * PI * cos(2 * PI * t)));
    }
    /* after the command the position integrates the velocity: integr_tol =
     * 1e-3 lets each step be 1e-3 of the 5 mm stroke (and 1e-3 mm) off, and
     * the steps' errors add up (0.055 mm in absolute coordinates with
     * interpolated rows; 0.001 mm when it stepped onto every 0.01 s row): 2 %
     * of the stroke, where a wrong phase or sign of the motion is the stroke */
    CHECK_MSG(worst < 0.1, "the shaker is off 5 sin(2 pi t) by %.3g mm", worst);
    /* the velocity row is solved by the integrator's corrector, to integr_tol = 1e-3 of it */
    CHECK_MSG(worst_v < 1e-3 * 10 * PI, "the shaker's speed is off 10 pi cos(2 pi t) by %.3g mm/s", worst_v);
    /* six direction cosines: the carrier's frame is turned 90 degrees about z (ResOutput YPR) */
    CHECK_NEAR(test_value(&r, "Rig signals", 5, last), 90.0, 1e-9);
    CHECK_NEAR(test_value(&r, "Carrier displacement", 3, last), PI / 2, 1e-9);
    test_results_free(&r);
}

TEST(a_rig_procedure_deactivates_switches_and_reactivates)
{
    test_results r;
    CHECK(test_run_model("tests/physics/models/command_rig.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s %s", r.run.message, r.errors);
    if (r.status != MBS_OK) {
        test_results_free(&r);
        return;
    }
    /* columns: DZ(A) DZ(B) DZ(C) VZ(B) VZ(C) VZ(A) */
    CHECK(r.t[0] == 0.0 && r.t[1] == 0.0 && r.t[2] == 0.0);
    CHECK_NEAR(test_value(&r, "z", 0, 0), 0.0, 1e-12);              /* held */
    CHECK_NEAR(test_value(&r, "z", 0, 1), -2 * 9.81 / 200, 1e-9);   /* released: m g / k */
    for (int i = 3; i < r.n_rows && r.t[i] <= 2.0 + 1e-9; i++) {
        double t = r.t[i];
        CHECK_NEAR(test_value(&r, "z", 3, i), -0.1, 1e-9);           /* B: velocity motion */
        CHECK_NEAR(test_value(&r, "z", 1, i), -0.1 * t, 1e-6);
        CHECK_NEAR(test_value(&r, "z", 4, i), 0.2 * t, 1e-9);        /* C: 0.2 t */
        CHECK_NEAR(test_value(&r, "z", 2, i), 0.1 * t * t, 1e-6);
        CHECK_NEAR(test_value(&r, "z", 0, i), -2 * 9.81 / 200, 1e-6); /* A stays at rest, damped */
    }
    /* C's motion deactivated from 2 to 3 s: it falls freely from z = 0.4 at 0.4 m/s */
    int i3 = row_at(&r, 3.0, 0);
    CHECK(i3 > 0);
    if (i3 > 0) {
        CHECK_NEAR(test_value(&r, "z", 4, i3), 0.4 - 9.81, 1e-5);
        CHECK_NEAR(test_value(&r, "z", 2, i3), 0.4 + 0.4 - 9.81 / 2, 1e-5);
    }
    /* activated again as a displacement of 1: assembled onto it, held there */
    int last = r.n_rows - 1;
    CHECK_NEAR(r.t[last], 3.5, 1e-12);
    CHECK_NEAR(test_value(&r, "z", 2, last), 1.0, 1e-8);
    CHECK_NEAR(test_value(&r, "z", 4, last), 0.0, 1e-8);
    test_results_free(&r);
}

TEST(a_sensor_event_ends_the_analysis_or_the_run)
{
    test_results r;
    CHECK(test_run_model("tests/physics/models/sensor_event.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s %s", r.run.message, r.errors);
    /* z = 10 - g t^2 / 2 falls through 5 m (return: the next analysis runs on) and 4 m (halt) */
    double t5 = sqrt(10 / 9.81), t4 = sqrt(12 / 9.81);
    CHECK(r.n_events == 2);
    if (r.n_events == 2) {
        CHECK_NEAR(r.events[0].t, t5, 1e-6);
        CHECK_NEAR(r.events[1].t, t4, 1e-6);
        CHECK(strcmp(r.events[0].kind, "sensor") == 0);
        CHECK(strstr(r.events[1].element, "Sensor_Event 2") != NULL);
    }
    CHECK(r.n_rows > 0 && fabs(r.t[r.n_rows - 1] - t4) < 1e-6);
    CHECK(row_at(&r, t5, 0) > 0);
    test_results_free(&r);
    /* both at 5 m: the halt ends the run there */
    const char *sets[] = {"halt=1", NULL};
    CHECK(test_run_model("tests/physics/models/sensor_event.xml", sets, NULL, &r) == 0);
    CHECK(r.status == MBS_OK);
    CHECK(r.n_rows > 0 && fabs(r.t[r.n_rows - 1] - t5) < 1e-6);
    CHECK(strstr(r.run.message, "halted the run") != NULL);
    test_results_free(&r);
}

TEST(variables_in_a_loop_and_differential_equations)
{
    test_results r;
    CHECK(test_run_model("tests/physics/models/variables.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s %s", r.run.message, r.errors);
    double tau = 0.5;
    for (int i = 0; i < r.n_rows; i++) {
        double t = r.t[i];
        CHECK_NEAR(test_value(&r, "signals", 0, i), 2.0, 1e-9); /* v1 = 0.5 v2 + 1, v2 = v1 */
        CHECK_NEAR(test_value(&r, "signals", 1, i), 2.0, 1e-9);
        CHECK_NEAR(test_value(&r, "signals", 6, i), 10.0 * t, 1e-6); /* a = 2 * 10 N / 2 kg */
        CHECK_NEAR(test_value(&r, "signals", 2, i), 2.0 * 10.0 * t, 1e-5); /* v3 = v1 VZ */
        CHECK_NEAR(test_value(&r, "signals", 3, i), 2 * tau * (1 - exp(-t / tau)), 1e-6);
        CHECK_NEAR(test_value(&r, "signals", 4, i), 3 * exp(-t / tau), 1e-6);
        CHECK_NEAR(test_value(&r, "signals", 5, i), -3 / tau * exp(-t / tau), 1e-5);
    }
    test_results_free(&r);
}

static double step5(double x, double x0, double h0, double x1, double h1)
{
    if (x <= x0)
        return h0;
    if (x >= x1)
        return h1;
    double u = (x - x0) / (x1 - x0);
    return h0 + (h1 - h0) * u * u * u * (10 - 15 * u + 6 * u * u);
}

TEST(the_reference_guides_examples_run)
{
    test_results r;
    CHECK(test_run_model("tests/physics/models/reference_examples.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s %s", r.run.message, r.errors);
    if (r.status != MBS_OK) {
        test_results_free(&r);
        return;
    }
    CHECK_NEAR(r.t[r.n_rows - 1], 0.6, 1e-12);
    double integral = 0;
    int bounced = 0;
    double lowest = 1;
    for (int i = 0; i < r.n_rows; i++) {
        double t = r.t[i];
        /* Motion_Joint: STEP5(TIME,.2,0,.4,180D) and SHF(TIME,0,2,2,0,0) = 2 sin(2 t) */
        CHECK_NEAR(remainder(test_value(&r, "angles", 0, i) - step5(t, .2, 0, .4, PI), 2 * PI), 0, 1e-7);
        CHECK_NEAR(test_value(&r, "angles", 1, i), 2 * sin(2 * t), 1e-7);
        /* VARVAL(121) = -10*(sqrt(VX(11)**2+VY(11)**2)), 30700800 the same speed */
        double vx = test_value(&r, "puck velocity", 0, i), vy = test_value(&r, "puck velocity", 1, i);
        /* (variables are states of the DAE: solved to the integrator's tolerance) */
        double speed = sqrt(vx * vx + vy * vy);
        CHECK_NEAR(test_value(&r, "signals", 1, i), speed, 1e-7 * speed);
        CHECK_NEAR(test_value(&r, "signals", 0, i), -10 * speed, 1e-6 * speed);
        /* ARYVAL of the IC numbers and of a U array of variables */
        CHECK_NEAR(test_value(&r, "signals", 2, i), 2.5, 0);
        CHECK_NEAR(test_value(&r, "signals", 3, i), test_value(&r, "signals", 0, i), 0);
        /* AKISPL through the spline's points: -0.100067 at x = -15, flat -0.100068 from -14.8 on
         * (Akima's slopes: 0 where three points are level); between, within the points' range
         * but for the small swing Akima's end slopes give */
        double ak = test_value(&r, "signals", 4, i), x = -15 + 0.4 * t;
        CHECK(ak <= -0.100067 + 2e-7 && ak >= -0.100068 - 2e-7);
        if (i == 0)
            CHECK_NEAR(ak, -0.100067, 1e-15);
        if (x >= -14.8)
            CHECK_NEAR(ak, -0.100068, 1e-12);
        /* DIF1 = DZ (explicit equation), DIF its integral from 0 */
        double dz = test_value(&r, "signals", 7, i);
        CHECK_NEAR(test_value(&r, "signals", 6, i), dz, 1e-6);
        if (i > 0 && r.t[i] > r.t[i - 1])
            integral += 0.5 * (dz + test_value(&r, "signals", 7, i - 1)) * (r.t[i] - r.t[i - 1]);
        CHECK_NEAR(test_value(&r, "signals", 5, i), integral, 1e-4);
        /* the torque spring: tx = -(1000)*AX - (10)*WX, as VTORQ reads it and TX between the markers */
        double tx = -1000 * test_value(&r, "angles", 5, i) - 10 * test_value(&r, "angles", 6, i);
        CHECK_NEAR(test_value(&r, "angles", 4, i), tx, 1e-8);
        CHECK_NEAR(test_value(&r, "bush-frc", 3, i), tx, 1e-8);
        CHECK_NEAR(test_value(&r, "bush-frc", 0, i), 0, 0); /* TorqueOnly */
        /* LINSPL(DM, 0, 301002) = -220 N for DM in 0..200, deactivated after the first Transient */
        double dm = test_value(&r, "angles", 3, i);
        CHECK(dm >= 1.0 && dm < 200);
        CHECK_NEAR(test_value(&r, "angles", 2, i), t <= 0.25 && i <= row_at(&r, 0.25, 0) ? 220 : 0, 1e-9);
        if (t > 0.25)
            CHECK_NEAR(test_value(&r, "angles", 7, i), test_value(&r, "angles", 7, r.n_rows - 1), 1e-9);
        /* IMPACT: the ball lands on z = 0.1 and bounces */
        lowest = fmin(lowest, test_value(&r, "ball", 0, i));
        bounced |= test_value(&r, "ball", 1, i) > 0.5;
    }
    CHECK_MSG(lowest > 0.08 && lowest < 0.1, "the ball's lowest point %.4g", lowest);
    CHECK(bounced);
    /* Sensor_Event: the crank passes 0.2 rad; after the command, MOD(AZ(rocker),PI)-PI/2 reaches
     * the element's value, 0.2 (the command changes the expression only) */
    double lo = 0.2, hi = 0.4;
    for (int k = 0; k < 60; k++) {
        double mid = 0.5 * (lo + hi);
        if (step5(mid, .2, 0, .4, PI) < 0.2)
            lo = mid;
        else
            hi = mid;
    }
    CHECK(r.n_events == 2);
    if (r.n_events == 2) {
        CHECK_NEAR(r.events[0].t, lo, 1e-6);
        CHECK_NEAR(r.events[1].t, asin((PI / 2 + 0.2) / 2) / 2, 1e-6);
    }
    test_results_free(&r);
}

TEST(a_command_moves_a_marker_between_analyses)
{
    test_results r;
    CHECK(test_run_model("tests/physics/models/marker_move.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s %s", r.run.message, r.errors);
    if (r.status == MBS_OK) {
        CHECK(r.n_rows == 4);
        double hang = 0.2 + 9.81 / 100;
        CHECK_NEAR(test_value(&r, "z", 1, 0), 0.0, 1e-12);
        CHECK_NEAR(test_value(&r, "z", 0, 0), -hang, 1e-9);
        for (int i = 1; i < r.n_rows; i++) {
            CHECK_NEAR(test_value(&r, "z", 1, i), 0.5, 1e-12); /* the anchor, moved */
            CHECK_NEAR(test_value(&r, "z", 0, i), 0.5 - hang, 1e-8);
        }
    }
    test_results_free(&r);
}

/* Motion_Joint type CONSTANT with q, as MotionView 2022 writes it: each arm
 * stays at its constant, held by -m g L cos(q); a command sets B's to 0.1. */
TEST(a_constant_motion_holds_its_q)
{
    test_results r;
    CHECK(test_run_model("models/constant_motion_q.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s %s", r.run.message, r.errors);
    if (r.status == MBS_OK) {
        double mgL = 2.0 * 9.81 * 500.0; /* N mm */
        CHECK(r.n_rows == 12);
        for (int i = 0; i < r.n_rows; i++) {
            double qb = i < 6 ? 0.25 : 0.1; /* rows 0..5 the first Transient, 6.. after the command */
            CHECK_NEAR(test_value(&r, "angle A", 0, i), 0.0, 1e-9);
            CHECK_NEAR(test_value(&r, "angle B", 0, i), qb, 1e-9);
            CHECK_NEAR(test_value(&r, "hold A", 0, i), -mgL, 1e-6 * mgL);
            CHECK_NEAR(test_value(&r, "hold B", 0, i), -mgL * cos(qb), 1e-6 * mgL);
        }
    }
    test_results_free(&r);
}

/* Ids unique per element name only (SPEC 1), as a MotionView export has
 * them: a Constraint_Jprim, a Force_SpringDamper and a Force_Bushing with one
 * id, a Constraint_Joint and a Constraint_Coupler with another. Each is read
 * by its own function, switched off by its own keyword, alone. */
TEST(elements_of_different_names_share_an_id)
{
    test_results r;
    CHECK(test_run_model("models/shared_ids.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s %s", r.run.message, r.errors);
    if (r.status != MBS_OK) {
        test_results_free(&r);
        return;
    }
    const double w = 2.0 * 9.81;                   /* (m_A - m_B) g, N */
    const double k1 = 2.0, k2 = 3.0;               /* N/mm */
    const double C = 0.5 * 9.81;                   /* m_C g on the primitive */
    /* rows: Static (both), Static (spring off), Static (bushing off), then the Transient */
    const double q[3] = {-w / (k1 + k2), -w / k2, -w / k1};
    const double spdp[3] = {k1 * w / (k1 + k2), 0.0, w}, bush[3] = {k2 * w / (k1 + k2), w, 0.0};
    CHECK(r.n_rows == 24);
    for (int i = 0; i < 3 && i < r.n_rows; i++) {
        CHECK_NEAR(test_value(&r, "shared ids", 3, i), q[i], 1e-6);      /* DZ of A, mm */
        CHECK_NEAR(test_value(&r, "shared ids", 4, i), -q[i], 1e-6);     /* B: the coupler, q_A + q_B = 0 */
        CHECK_NEAR(test_value(&r, "shared ids", 0, i), spdp[i], 1e-6);   /* SPDP(214001, 0, 4) */
        CHECK_NEAR(test_value(&r, "shared ids", 1, i), bush[i], 1e-6);   /* BUSH(214001, 0, 4) */
        CHECK_NEAR(test_value(&r, "bushing force", 2, i), bush[i], 1e-6); /* Sensor element_type BUSH */
    }
    /* both again: A and B oscillate about the first equilibrium from the third */
    double om = sqrt((k1 + k2) * 1000.0 / 4.0), worst = 0.0;
    for (int i = 3; i < r.n_rows; i++) {
        double t = r.t[i], qa = q[0] + (q[2] - q[0]) * cos(om * t);
        worst = fmax(worst, fabs(test_value(&r, "shared ids", 3, i) - qa));
        CHECK_NEAR(test_value(&r, "shared ids", 0, i), -k1 * test_value(&r, "shared ids", 3, i), 1e-9);
        CHECK_NEAR(test_value(&r, "shared ids", 1, i), -k2 * test_value(&r, "shared ids", 3, i), 1e-9);
    }
    CHECK_MSG(worst < 1e-3 * (q[0] - q[2]), "A is off its closed form by %.3g mm", worst);
    for (int i = 0; i < r.n_rows; i++) {
        CHECK_NEAR(test_value(&r, "shared ids", 2, i), C, 1e-9);  /* JPRIM(214001, 0, 4) */
        CHECK_NEAR(test_value(&r, "C floor force", 2, i), C, 1e-9); /* Sensor CONSTRAINT 214001: the primitive */
    }
    test_results_free(&r);
}

TEST_SUITE(decks, T(motionview_export_runs_every_analysis_and_sinks_at_the_steady_speed),
           T(a_rig_procedure_deactivates_switches_and_reactivates), T(a_sensor_event_ends_the_analysis_or_the_run),
           T(variables_in_a_loop_and_differential_equations), T(the_reference_guides_examples_run),
           T(a_command_moves_a_marker_between_analyses), T(a_constant_motion_holds_its_q),
           T(elements_of_different_names_share_an_id));
