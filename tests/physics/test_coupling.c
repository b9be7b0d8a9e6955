/* The coupling elements against closed forms: Constraint_Coupler (gear
 * relations, constant loads on coupled joints, an open differential), the
 * CONSTANT_VELOCITY joint against a Cardan joint at several bends, the
 * RACK_PINION and SCREW joints in dynamics, Motion_Joint val_type A. Each
 * model states its closed form; the ideal couplings do no work, so the
 * loads' work balances the energy (TotalEnergy + DissipatedEnergy). */
#include "../support/harness.h"
#include "../support/run_model.h"
#include "../support/series.h"
#include "../../src/core/rotation.h"
#include "../../src/solver/eval/data.h"
#include "../../src/solver/dae/residual.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Largest |(total + dissipated)(t) - (total + dissipated)(0)|, and the
 * largest |total| for scale. */
static double energy_balance_error(const test_results *r, double *scale)
{
    double e0 = test_value(r, "total", 0, 0) + test_value(r, "dissipated", 0, 0), worst = 0;
    *scale = 0;
    for (int i = 0; i < r->n_rows; i++) {
        worst = fmax(worst, fabs(test_value(r, "total", 0, i) + test_value(r, "dissipated", 0, i) - e0));
        *scale = fmax(*scale, fabs(test_value(r, "total", 0, i)));
    }
    return worst;
}

/* tests/physics/models/coupler_mixed.xml: 2 theta1 - 0.05 s2[mm] + theta3 = 0 */
TEST(coupler_of_three_joints_in_millimetres_moves_as_the_closed_form)
{
    static const double C[3] = {2, -50, 1}, M[3] = {0.02, 2, 0.01}, Q[3] = {0.5, 3, -0.2};
    static const double TO_MODEL[3] = {1, 1000, 1}, LOAD_TO_MODEL[3] = {1000, 1, 1000}; /* rad, mm; N mm, N */
    double num = 0, den = 0, acc[3];
    for (int k = 0; k < 3; k++) {
        num += C[k] / M[k] * Q[k];
        den += C[k] * C[k] / M[k];
    }
    double lambda = num / den;
    for (int k = 0; k < 3; k++)
        acc[k] = (Q[k] - lambda * C[k]) / M[k];
    test_results r;
    CHECK(test_run_model("tests/physics/models/coupler_mixed.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    double worst_rel = 0, worst_q = 0, worst_load = 0;
    for (int n = 0; n < r.n_rows; n++) {
        double t = r.t[n], q[3];
        for (int k = 0; k < 3; k++) {
            q[k] = test_value(&r, "q", k, n) / TO_MODEL[k]; /* SI */
            double expect = 0.5 * acc[k] * t * t;
            worst_q = fmax(worst_q, fabs(q[k] - expect) / (1 + fabs(expect)));
            worst_load = fmax(worst_load, fabs(test_value(&r, "loads", k, n) / LOAD_TO_MODEL[k] + lambda * C[k]) /
                                              fabs(lambda * C[k]));
        }
        worst_rel = fmax(worst_rel, fabs(C[0] * q[0] + C[1] * q[1] + C[2] * q[2]));
    }
    CHECK_MSG(worst_rel < 1e-9, "c.q = %.3g", worst_rel);
    CHECK_MSG(worst_q < 1e-7, "coordinates off the closed form by %.3g", worst_q);
    /* multipliers are algebraic, outside IDA's error test: less accurate */
    CHECK_MSG(worst_load < 1e-4, "generalised loads off by %.3g (relative)", worst_load);
    /* the coupled joints' coordinates are the joints' own, from the start */
    int last = r.n_rows - 1;
    CHECK_NEAR(test_value(&r, "theta1", 0, last) - 0.3, test_value(&r, "q", 0, last), 1e-12);
    CHECK_NEAR(test_value(&r, "s2", 0, last) - 40, test_value(&r, "q", 1, last), 1e-9);
    CHECK_NEAR(test_value(&r, "sleeve", 1, last) + 1, test_value(&r, "q", 2, last), 1e-12);
    double scale, balance = energy_balance_error(&r, &scale);
    CHECK_MSG(balance < 1e-7 * scale, "work balance off by %.3g of %.3g", balance, scale);
    test_results_free(&r);
}

/* models/coupler_differential.xml: the ratios hold at every instant, the
 * steady wheel speeds are i T / (2 c), the torques split equally. */
TEST(open_differential_splits_the_torque_and_the_speeds_follow)
{
    const double i = 3.5, T = 10, cl = 20, cr = 5;
    test_results r;
    CHECK(test_run_model("models/coupler_differential.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    double worst = 0;
    for (int n = 0; n < r.n_rows; n++) {
        double p = test_value(&r, "final_drive_angles", 0, n), c = test_value(&r, "final_drive_angles", 1, n);
        double l = test_value(&r, "differential_angles", 0, n), rr = test_value(&r, "differential_angles", 1, n),
               c2 = test_value(&r, "differential_angles", 2, n);
        double size = 1 + fabs(p);
        worst = fmax(worst, fabs(p - i * c) / size);
        worst = fmax(worst, fabs(l + rr - 2 * c2) / size);
        worst = fmax(worst, fabs(c - c2) / size);
        double wp = test_value(&r, "pinion_speed", 0, n);
        worst = fmax(worst, fabs(wp - i * test_value(&r, "carrier_speed", 0, n)) / (1 + fabs(wp)));
    }
    CHECK_MSG(worst < 1e-9, "the gear relations are off by %.3g (relative)", worst);
    int last = r.n_rows - 1;
    CHECK_NEAR(test_value(&r, "left_speed", 0, last), i * T / (2 * cl), 1e-7);
    CHECK_NEAR(test_value(&r, "right_speed", 0, last), i * T / (2 * cr), 1e-7);
    CHECK_NEAR(test_value(&r, "differential_torques", 0, last), i * T / 2, 1e-6);
    CHECK_NEAR(test_value(&r, "differential_torques", 1, last), i * T / 2, 1e-6);
    CHECK_NEAR(test_value(&r, "final_drive_torques", 0, last), -T, 1e-6);
    double scale, balance = energy_balance_error(&r, &scale);
    CHECK_MSG(balance < 1e-6 * scale, "work balance off by %.3g of %.3g", balance, scale);
    test_results_free(&r);
}

/* models/drive_shafts.xml at three bends: the CV output turns at the input
 * rate; the Cardan output at w2 = w cos(b) / (1 - sin(b)^2 cos(w t)^2). Under
 * the load torque TL the CV drive needs TL, the Cardan drive
 * (TL + J w2') w2 / w (power in = power out; J = 0.002 kg m^2). */
TEST(constant_velocity_joint_is_homokinetic_where_the_cardan_joint_is_not)
{
    static const double BENDS[3] = {0.3, 0.8, 1.2};
    const double w = 10;
    for (int b = 0; b < 3; b++) {
        char bend[64];
        snprintf(bend, sizeof bend, "beta=%.17g", BENDS[b]);
        const char *sets[] = {bend, NULL};
        test_results r;
        CHECK(test_run_model("models/drive_shafts.xml", sets, NULL, &r) == 0);
        CHECK_MSG(r.status == MBS_OK, "beta %g: run failed: %s", BENDS[b], r.run.message);
        const double TL = 20, J = 0.002;
        double cv = 0, cardan = 0, swing = 0, cv_torque = 0, cardan_torque = 0;
        for (int n = 0; n < r.n_rows; n++) {
            double s = sin(BENDS[b]), c = cos(w * r.t[n]), sn = sin(w * r.t[n]), den = 1 - s * s * c * c;
            double expect = w * cos(BENDS[b]) / den, out = test_value(&r, "cardan_output_rate", 0, n);
            double rate = -w * cos(BENDS[b]) * 2 * s * s * c * sn * w / (den * den);
            cv = fmax(cv, fabs(test_value(&r, "cv_output_rate", 0, n) - test_value(&r, "cv_input_rate", 0, n)));
            cardan = fmax(cardan, fabs(out - expect));
            swing = fmax(swing, fabs(out - w));
            cv_torque = fmax(cv_torque, fabs(test_value(&r, "cv_drive_torque", 0, n) - TL));
            cardan_torque = fmax(cardan_torque, fabs(test_value(&r, "cardan_drive_torque", 0, n) -
                                                     (TL + J * rate) * expect / w));
        }
        /* multipliers are algebraic, outside IDA's error test: less accurate */
        CHECK_MSG(cv_torque < 1e-4 * TL, "beta %g: the CV drive torque differs from the load by %.3g", BENDS[b],
                  cv_torque);
        CHECK_MSG(cardan_torque < 1e-4 * TL, "beta %g: the Cardan drive torque is off the power balance by %.3g",
                  BENDS[b], cardan_torque);
        CHECK_MSG(cv < 1e-8 * w, "beta %g: CV output rate differs from the input by %.3g", BENDS[b], cv);
        CHECK_MSG(cardan < 1e-8 * w, "beta %g: Cardan output off the closed form by %.3g", BENDS[b], cardan);
        CHECK_MSG(swing > 0.04 * w, "beta %g: the Cardan output barely fluctuates (%.3g)", BENDS[b], swing);
        CHECK(series_max_deviation(&r, "violation", 0, 0.0) < 1e-9);
        test_results_free(&r);
    }
}

/* models/rack_pinion_steering.xml */
TEST(rack_and_pinion_travel_is_radius_times_angle)
{
    const double D = 0.016, J = 0.02, m = 3, k = 5e4, T = 5, r0 = D / 2;
    const double w = r0 * sqrt(k / (J + m * r0 * r0));
    test_results r;
    CHECK(test_run_model("models/rack_pinion_steering.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    double travel = 0, angle = 0;
    for (int n = 0; n < r.n_rows; n++) {
        double theta = test_value(&r, "steering_angle", 0, n);
        travel = fmax(travel, fabs(test_value(&r, "rack_travel", 0, n) - r0 * theta));
        angle = fmax(angle, fabs(theta - T / (k * r0 * r0) * (1 - cos(w * r.t[n]))));
    }
    CHECK_MSG(travel < 1e-12, "rack travel differs from r theta by %.3g m", travel);
    CHECK_MSG(angle < 1e-7, "steering angle off the closed form by %.3g rad", angle);
    CHECK(series_max_deviation(&r, "steering_angle", 0, 0.0) > 3); /* more than half a turn */
    double scale, balance = energy_balance_error(&r, &scale);
    CHECK_MSG(balance < 1e-7 * scale, "work balance off by %.3g of %.3g", balance, scale);
    test_results_free(&r);
}

/* models/screw_jack.xml: sixty turns at constant angular acceleration */
TEST(screw_travel_is_pitch_times_turns)
{
    const double p = 0.004, m = 500, J = 2e-4, T0 = 3.2, g = 9.81, lead = p / (2 * MBS_TEST_PI);
    const double acc = (-T0 + m * g * lead) / (J + m * lead * lead);
    test_results r;
    CHECK(test_run_model("models/screw_jack.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    double travel = 0, angle = 0;
    for (int n = 0; n < r.n_rows; n++) {
        double theta = test_value(&r, "screw_angle", 0, n);
        travel = fmax(travel, fabs(test_value(&r, "lift", 0, n) + lead * theta));
        angle = fmax(angle, fabs(theta - 0.5 * acc * r.t[n] * r.t[n]) / (1 + fabs(theta)));
    }
    int last = r.n_rows - 1;
    CHECK(test_value(&r, "screw_angle", 0, last) < -2 * MBS_TEST_PI * 60); /* over sixty turns */
    CHECK_MSG(travel < 1e-11, "lift differs from pitch times turns by %.3g m", travel);
    CHECK_MSG(angle < 1e-8, "screw angle off the closed form by %.3g (relative)", angle);
    /* the thread carries the load: its axial force on the screw is m (g + a) */
    CHECK_NEAR(fabs(test_value(&r, "thread_force", 2, last)), m * (g - lead * acc), 1e-6 * m * g);
    double scale, balance = energy_balance_error(&r, &scale);
    CHECK_MSG(balance < 1e-7 * scale, "work balance off by %.3g of %.3g", balance, scale);
    test_results_free(&r);
}

/* models/motion_acceleration.xml */
TEST(acceleration_motion_integrates_from_ic_disp_and_ic_vel)
{
    const double A = 2, Tm = 1.5, s0 = 0.1, m = 40, g = 9.81, w0 = 1, alpha = 0.8, W = 2 * MBS_TEST_PI / Tm;
    test_results r;
    CHECK(test_run_model("models/motion_acceleration.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    double lift = 0, speed = 0, force = 0, spin = 0;
    for (int n = 0; n < r.n_rows; n++) {
        double t = r.t[n], tt = fmin(t, Tm);
        double s = s0 + A / W * (tt - sin(W * tt) / W), v = A / W * (1 - cos(W * tt)), a = t < Tm ? A * sin(W * t) : 0;
        lift = fmax(lift, fabs(test_value(&r, "height", 0, n) - s));
        speed = fmax(speed, fabs(test_value(&r, "speed", 0, n) - v));
        force = fmax(force, fabs(test_value(&r, "drive_force", 0, n) - m * (a + g)));
        spin = fmax(spin, fabs(test_value(&r, "angle", 0, n) - (0.5 + w0 * t + 0.5 * alpha * t * t)));
        spin = fmax(spin, fabs(test_value(&r, "rate", 0, n) - (w0 + alpha * t)));
    }
    CHECK_MSG(lift < 1e-10, "height off the closed form by %.3g m", lift);
    CHECK_MSG(speed < 1e-9, "speed off the closed form by %.3g m/s", speed);
    CHECK_MSG(force < 1e-6 * m * g, "drive force off m (a + g) by %.3g N", force);
    CHECK_MSG(spin < 1e-9, "turntable off the closed form by %.3g", spin);
    /* the spin-up needs the torque J alpha throughout (J = 1 kg m^2) */
    CHECK(series_max_deviation(&r, "spin_torque", 0, 1 * alpha) < 1e-5 * alpha);
    test_results_free(&r);
}

/* Steps of millions of seconds: the integrals over a step are summed on a
 * bounded number of pieces (before, 1e8 s took hours, and a step beyond
 * 2e7 s overflowed the count of pieces). */
TEST(acceleration_motion_over_years_keeps_its_closed_form)
{
    const double alpha = 1e-14;
    test_results r;
    CHECK(test_run_model("tests/physics/models/motion_acceleration_years.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    CHECK(r.n_rows == 3);
    double angle = 0, rate = 0;
    for (int n = 0; n < r.n_rows; n++) {
        double t = r.t[n];
        angle = fmax(angle, fabs(test_value(&r, "angle", 0, n) - 0.5 * alpha * t * t) / 50.0);
        rate = fmax(rate, fabs(test_value(&r, "rate", 0, n) - alpha * t) / 1e-6);
    }
    CHECK_MSG(angle < 1e-10, "angle off alpha t^2 / 2 by %.3g (of 50 rad)", angle);
    CHECK_MSG(rate < 1e-10, "rate off alpha t by %.3g (of 1e-6 rad/s)", rate);
    test_results_free(&r);
}

/* ---- the rows' Jacobians ---- */

/* Exact rotation of a body's quaternion by the global rotation vector v. */
static void rotate_global(double p[4], const double v[3])
{
    double A[9], R[9], B[9], th = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    mbs_quat_to_matrix(p, A);
    double k[3] = {v[0] / th, v[1] / th, v[2] / th}, c = cos(th), s = sin(th);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double cross = 0;
            if (i != j) {
                int o = 3 - i - j; /* the third index */
                double sign = ((i + 1) % 3 == j) ? -1 : 1;
                cross = sign * k[o];
            }
            R[3 * i + j] = (i == j ? c : 0) + (1 - c) * k[i] * k[j] + s * cross;
        }
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            B[3 * i + j] = 0;
            for (int l = 0; l < 3; l++)
                B[3 * i + j] += R[3 * i + l] * A[3 * l + j];
        }
    mbs_matrix_to_quat(B, p);
}

/* Row values of component c at y (the model's bodies as drawn, then moved). */
static void row_values(const mbs_model *m, mbs_data *d, double *y, double *yp, double *res, const mbs_component *c,
                      double *g)
{
    mbs_residual(m, d, 0.0, y, yp, res);
    for (int k = 0; k < c->n_hrows; k++)
        g[k] = d->rows[c->row_ofs + k].g;
}

TEST(coupling_rows_jacobians_are_the_derivatives_of_their_values)
{
    mbs_model *m = NULL;
    char err[512];
    CHECK(test_load_model("tests/physics/models/coupling_rows.xml", NULL, &m, err, sizeof err) == MBS_OK);
    if (!m)
        return;
    mbs_data *d = mbs_data_create(m);
    double *y = calloc((size_t)m->ny, sizeof *y), *yp = calloc((size_t)m->ny, sizeof *yp);
    double *res = calloc((size_t)m->ny, sizeof *res), *y0 = calloc((size_t)m->ny, sizeof *y0);
    CHECK(d && y && yp && res && y0);
    for (int i = 0; d && y && yp && res && y0 && i < m->n_bodies; i++)
        if (m->bodies[i].type == MBS_BODY_RIGID) {
            memcpy(y0 + m->bodies[i].q_ofs, m->bodies[i].r0, 3 * sizeof *y);
            memcpy(y0 + m->bodies[i].q_ofs + 3, m->bodies[i].p0, 4 * sizeof *y);
        }
    const double h = 1e-6;
    double worst = 0;
    int checked = 0;
    for (int ci = 0; d && y && yp && res && y0 && ci < m->n_comps; ci++) {
        const mbs_component *c = &m->comps[ci];
        mbs_jac jac[4];
        double gp[4], gm[4];
        memcpy(y, y0, (size_t)m->ny * sizeof *y);
        mbs_residual(m, d, 0.0, y, yp, res);
        for (int k = 0; k < c->n_hrows; k++)
            jac[k] = d->rows[c->row_ofs + k].jac;
        for (int b = 0; b < m->n_bodies; b++) {
            if (m->bodies[b].type != MBS_BODY_RIGID)
                continue;
            for (int dir = 0; dir < 6; dir++) {
                for (int sign = -1; sign <= 1; sign += 2) {
                    memcpy(y, y0, (size_t)m->ny * sizeof *y);
                    double v[3] = {0, 0, 0};
                    v[dir % 3] = sign * h;
                    if (dir < 3)
                        y[m->bodies[b].q_ofs + dir] += sign * h;
                    else
                        rotate_global(y + m->bodies[b].q_ofs + 3, v);
                    row_values(m, d, y, yp, res, c, sign > 0 ? gp : gm);
                }
                for (int k = 0; k < c->n_hrows; k++) {
                    double analytic = 0;
                    for (int t = 0; t < jac[k].n; t++)
                        if (jac[k].terms[t].body == b)
                            analytic = dir < 3 ? jac[k].terms[t].lin[dir] : jac[k].terms[t].ang[dir - 3];
                    worst = fmax(worst, fabs((gp[k] - gm[k]) / (2 * h) - analytic));
                    checked++;
                }
            }
        }
    }
    CHECK(checked == 2 * 6 * (4 + 1 + 1));
    CHECK_MSG(worst < 1e-8, "a row's Jacobian differs from its derivative by %.3g", worst);
    free(y);
    free(y0);
    free(yp);
    free(res);
    mbs_data_free(d);
    mbs_model_free(m);
}

TEST_SUITE(coupling, T(coupler_of_three_joints_in_millimetres_moves_as_the_closed_form),
           T(open_differential_splits_the_torque_and_the_speeds_follow),
           T(constant_velocity_joint_is_homokinetic_where_the_cardan_joint_is_not),
           T(rack_and_pinion_travel_is_radius_times_angle), T(screw_travel_is_pitch_times_turns),
           T(acceleration_motion_integrates_from_ic_disp_and_ic_vel),
           T(acceleration_motion_over_years_keeps_its_closed_form),
           T(coupling_rows_jacobians_are_the_derivatives_of_their_values));
