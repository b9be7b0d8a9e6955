/* Force elements against closed forms (tests/physics/models/springs.xml,
 * loads.xml): Force_SpringDamper TRANSLATIONAL and ROTATIONAL as damped
 * oscillators with preload, Force_Scalar_TwoBody FORCE and TORQUE (equal and
 * opposite, or action-only: a force along J's z axis pushing a body on a
 * slider at an angle), Force_Vector_OneBody with an expression of t
 * in a tilted frame and a constant force in the axes of the spinning body
 * itself. The loads' work balances the kinetic energy. */
#include "../support/harness.h"
#include "../support/run_model.h"
#include "../support/series.h"

#include <math.h>

/* x'' + 2 z w x' + w^2 x = 0, x(0) = x0, x'(0) = v0, underdamped */
static double damped(double w, double z, double x0, double v0, double t)
{
    double wd = w * sqrt(1 - z * z);
    return exp(-z * w * t) * (x0 * cos(wd * t) + (v0 + z * w * x0) / wd * sin(wd * t));
}

TEST(spring_dampers_oscillate_as_the_closed_form)
{
    const double m = 2, k = 50, c = 1.5, L0 = 0.5, P = 5, s0 = 0.8;
    const double J = 0.1, kr = 4, cr = 0.05, th0 = 0.3, Pr = 0.4, w0 = 1.5;
    test_results r;
    CHECK(test_run_model("tests/physics/models/springs.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    double s_eq = L0 + P / k, th_eq = th0 + Pr / kr;
    double s_err = 0, th_err = 0, f_err = 0, v_err = 0, t_err = 0, balance = 0;
    double e0 = test_value(&r, "energy", 0, 0) + test_value(&r, "dissipated", 0, 0);
    for (int i = 0; i < r.n_rows; i++) {
        double t = r.t[i];
        double s = s_eq + damped(sqrt(k / m), c / (2 * sqrt(k * m)), s0 - s_eq, 0, t);
        double th = th_eq + damped(sqrt(kr / J), cr / (2 * sqrt(kr * J)), -th_eq, w0, t);
        s_err = fmax(s_err, fabs(test_value(&r, "s", 0, i) - s));
        th_err = fmax(th_err, fabs(test_value(&r, "th", 0, i) - th));
        /* the element's own outputs: length, force (positive pushes apart), potential */
        double l = test_value(&r, "spring_length", 0, i), ld = test_value(&r, "spring_velocity", 0, i);
        f_err = fmax(f_err, fabs(l - test_value(&r, "s", 0, i)));
        f_err = fmax(f_err, fabs(test_value(&r, "spring_force", 0, i) - (-k * (l - L0) - c * ld + P)));
        v_err = fmax(v_err, fabs(test_value(&r, "spring_potential", 0, i) -
                                 (0.5 * k * (l - L0) * (l - L0) - P * (l - L0))));
        double a = test_value(&r, "torsion_angle", 0, i);
        t_err = fmax(t_err, fabs(a - test_value(&r, "th", 0, i)));
        balance = fmax(balance, fabs(test_value(&r, "energy", 0, i) + test_value(&r, "dissipated", 0, i) - e0));
    }
    CHECK_MSG(s_err < 1e-8, "slider off the closed form by %.3g m", s_err);
    CHECK_MSG(th_err < 1e-8, "rotor off the closed form by %.3g rad", th_err);
    CHECK_MSG(f_err < 1e-9, "spring force or length inconsistent by %.3g", f_err);
    CHECK_MSG(v_err < 1e-9, "spring potential inconsistent by %.3g", v_err);
    CHECK_MSG(t_err < 1e-12, "torsion angle differs from the joint angle by %.3g", t_err);
    /* damping took energy out, and it is all accounted for */
    CHECK(test_value(&r, "dissipated", 0, r.n_rows - 1) > 0.5);
    CHECK_MSG(balance < 1e-8, "energy balance off by %.3g J", balance);
    /* at t = 0 the torsion spring holds -kr (0 - th0) + Pr with the rotor
     * turning at w0: torque = kr th0 + Pr - cr w0 */
    CHECK_NEAR(test_value(&r, "torsion_torque", 0, 0), kr * th0 + Pr - cr * w0, 1e-9);
    test_results_free(&r);
}

/* components of the tilted frame R = Rz(0.5) Rx(0.7) Rz(-0.2): column k */
static void frame_axis(int k, double out[3])
{
    double a = 0.5, b = 0.7, c = -0.2;
    double local[3][3] = {{cos(c), sin(c), 0}, {-sin(c), cos(c), 0}, {0, 0, 1}}; /* Rz(c) columns */
    double x[3] = {local[k][0], cos(b) * local[k][1] - sin(b) * local[k][2], sin(b) * local[k][1] + cos(b) * local[k][2]};
    out[0] = cos(a) * x[0] - sin(a) * x[1];
    out[1] = sin(a) * x[0] + cos(a) * x[1];
    out[2] = x[2];
}

TEST(scalar_and_vector_loads_move_bodies_as_the_closed_form)
{
    const double a = 3, tq = 0.2, b = 1.2, tp = 0.05, f0 = 0.8, W = 4, al = 0.6;
    test_results r;
    CHECK(test_run_model("tests/physics/models/loads.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    double xR[3], zR[3];
    frame_axis(0, xR);
    frame_axis(2, zR);
    double pair = 0, action_only = 0, torque = 0, vector = 0, spin = 0, outputs = 0, power = 0, balance = 0;
    double e0 = test_value(&r, "kinetic", 0, 0) + test_value(&r, "dissipated", 0, 0);
    for (int i = 0; i < r.n_rows; i++) {
        double t = r.t[i], t3 = t * t * t;
        /* FORCE a t from B to A: pushes A along +x, B along -x */
        pair = fmax(pair, fabs(test_value(&r, "A", 0, i) - (1 + a * t3 / 12)));
        pair = fmax(pair, fabs(test_value(&r, "B", 0, i) - (-1 - a * t3 / 18)));
        pair = fmax(pair, fabs(test_value(&r, "A", 1, i)) + fabs(test_value(&r, "B", 2, i)));
        /* action-only a t along J's z, at al to the slider: C's acceleration a t cos(al) / mC */
        action_only = fmax(action_only, fabs(test_value(&r, "C", 0, i) - (1 + a * cos(al) * t3 / 12)));
        action_only = fmax(action_only, fabs(test_value(&r, "C", 1, i) - 2) + fabs(test_value(&r, "C", 2, i)));
        action_only = fmax(action_only, fabs(test_value(&r, "D", 0, i) + 1));
        /* its power: the force along the slider times C's speed a cos(al) t^2 / (2 mC) */
        power = fmax(power, fabs(test_value(&r, "CD_power", 0, i) - a * t * cos(al) * a * cos(al) * t * t / 4));
        /* TORQUE tq about z: +tq on E, -tq on F; G alone */
        torque = fmax(torque, fabs(test_value(&r, "E", 0, i) - tq * t * t / 1.0));
        torque = fmax(torque, fabs(test_value(&r, "F", 0, i) + tq * t * t / 0.5));
        torque = fmax(torque, fabs(test_value(&r, "G", 0, i) - tq * t * t / 1.0));
        torque = fmax(torque, fabs(test_value(&r, "H", 0, i)));
        /* P: b t along x_R, tp about z_R */
        const double p0[3] = {0.5, -3, 0.2};
        for (int k = 0; k < 3; k++) {
            vector = fmax(vector, fabs(test_value(&r, "P", k, i) - (p0[k] + b * t3 / 9 * xR[k])));
            vector = fmax(vector, fabs(test_value(&r, "P_omega", k, i) - tp * t / 0.3 * zR[k]));
            outputs = fmax(outputs, fabs(test_value(&r, "P_force", k, i) - b * t * xR[k]));
            outputs = fmax(outputs, fabs(test_value(&r, "P_torque", k, i) - tp * zR[k]));
        }
        /* Q: f0 along its own x axis while spinning at W about z */
        spin = fmax(spin, fabs(test_value(&r, "Q", 0, i) - f0 * (1 - cos(W * t)) / (0.5 * W * W)));
        spin = fmax(spin, fabs(test_value(&r, "Q", 1, i) - (-6 + f0 * (t / W - sin(W * t) / (W * W)) / 0.5)));
        outputs = fmax(outputs, fabs(test_value(&r, "AB_force", 0, i) - a * t));
        balance = fmax(balance, fabs(test_value(&r, "kinetic", 0, i) + test_value(&r, "dissipated", 0, i) - e0));
    }
    CHECK_MSG(pair < 1e-9, "two-body force: off by %.3g", pair);
    CHECK_MSG(action_only < 1e-9, "action-only force: off by %.3g", action_only);
    CHECK_MSG(torque < 1e-9, "two-body torque: off by %.3g", torque);
    CHECK_MSG(vector < 1e-9, "vector load in a tilted frame: off by %.3g", vector);
    CHECK_MSG(spin < 1e-8, "body-fixed force on a spinning body: off by %.3g", spin);
    CHECK_MSG(outputs < 1e-12, "load outputs: off by %.3g", outputs);
    CHECK_MSG(power < 1e-9, "action-only force's power: off by %.3g W", power);
    CHECK_MSG(balance < 1e-8, "the loads' work and the kinetic energy differ by %.3g J", balance);
    test_results_free(&r);
}

TEST_SUITE(forces, T(spring_dampers_oscillate_as_the_closed_form), T(scalar_and_vector_loads_move_bodies_as_the_closed_form));
