/* Force_Bushing and Force_Beam against closed forms and conservation laws.
 *
 * Bushing (tests/physics/models/bushing_block.xml): a block on a bushing at
 * its centre of mass, J tilted; in each of the six directions alone
 *   m x'' + c x' + k x = F + P,   I a'' + ct a' + kt a = T + Pt
 * (Adams' projected angle is exact for a rotation about one of J's axes), so
 *   free:    x = x0 cos(w t), w = sqrt(k/m) or sqrt(kt/I)
 *   damped:  the damped oscillation
 *   static:  x = (F + P)/k, a = (T + Pt)/kt, also for all six at once (the
 *            load is constant in J's axes and the torques are -kt a along
 *            J's axes, so the equilibrium is linear in the projected angles)
 *   preload: from zero deflection x = (P/k)(1 - cos(w t)).
 * Two free bodies on a bushing away from their centres of mass
 * (bushing_free_pair.xml): momentum and angular momentum about the origin
 * are constant (the reaction on J has the arm's moment), kinetic + potential
 * + dissipated energy too.
 *
 * Beam (beam_cantilever.xml): a tip body on a cantilever; the static tip
 * load gives Timoshenko's deflection y = F L^3/(3 E I) + F L ASY/(G A), the
 * tip slope F L^2/(2 E I), twist T L/(G Ixx), stretch F L/(E A); with the tip
 * mass the planar bending is the two-degree-of-freedom system
 * diag(m, J) q'' + K q = 0 of the beam's stiffness block, solved by its modes,
 * and the torsion a single oscillator. */
#include "../support/harness.h"
#include "../support/run_model.h"
#include "../support/series.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define BLOCK "tests/physics/models/bushing_block.xml"
#define PAIR "tests/physics/models/bushing_free_pair.xml"
#define BEAM "tests/physics/models/beam_cantilever.xml"

/* bushing_block.xml's values, per direction x y z ax ay az */
static const double BLOCK_K[6] = {200, 300, 500, 4, 6, 9};
static const double BLOCK_M[6] = {2, 2, 2, 0.05, 0.08, 0.1};
static const char *const BLOCK_C_NAME[6] = {"cx", "cy", "cz", "ctx", "cty", "ctz"};
static const char *const BLOCK_P_NAME[6] = {"px", "py", "pz", "ptx", "pty", "ptz"};
static const char *const BLOCK_F_NAME[6] = {"fx", "fy", "fz", "tx", "ty", "tz"};

/* The overrides that start the block displaced by x0 in direction i: a
 * translation in J's axes, or a rotation about one of J's axes by 3-1-3
 * angles (about y: Rz(pi/2) Rx(x0) Rz(-pi/2)). */
static void initial_offset(int i, double x0, char buf[3][64])
{
    static const char *const TRANSLATION[3] = {"dx", "dy", "dz"};
    buf[1][0] = buf[2][0] = '\0';
    if (i < 3)
        snprintf(buf[0], 64, "%s=%.17g", TRANSLATION[i], x0);
    else if (i == 3)
        snprintf(buf[0], 64, "theta=%.17g", x0);
    else if (i == 5)
        snprintf(buf[0], 64, "psi=%.17g", x0);
    else {
        snprintf(buf[0], 64, "theta=%.17g", x0);
        snprintf(buf[1], 64, "psi=pi/2");
        snprintf(buf[2], 64, "phi=-pi/2");
    }
}

/* x(t) of m x'' + c x' + k x = 0 from x0 at rest. */
static double damped(double m, double c, double k, double x0, double t)
{
    double w0 = sqrt(k / m), z = c / (2 * sqrt(k * m)), wd = w0 * sqrt(1 - z * z);
    return x0 * exp(-z * w0 * t) * (cos(wd * t) + z * w0 / wd * sin(wd * t));
}

/* Largest |(total + dissipated)(t) - (total + dissipated)(0)|. */
static double energy_balance_error(const test_results *r)
{
    double e0 = test_value(r, "total", 0, 0) + test_value(r, "dissipated", 0, 0), worst = 0;
    for (int i = 0; i < r->n_rows; i++)
        worst = fmax(worst, fabs(test_value(r, "total", 0, i) + test_value(r, "dissipated", 0, i) - e0));
    return worst;
}

/* Runs the block displaced by x0 in direction i, with damping ratio zeta in
 * that direction, and checks the deflection against the closed form. */
static void check_block_direction(int i, double x0, double zeta)
{
    char offset[3][64], damping[64];
    double c = 2 * zeta * sqrt(BLOCK_K[i] * BLOCK_M[i]);
    snprintf(damping, sizeof damping, "%s=%.17g", BLOCK_C_NAME[i], c);
    initial_offset(i, x0, offset);
    const char *sets[] = {damping, offset[0], offset[1][0] ? offset[1] : NULL, offset[2][0] ? offset[2] : NULL, NULL};
    test_results r;
    CHECK(test_run_model(BLOCK, sets, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "direction %d: run failed: %s", i, r.run.message);
    double worst = 0, others = 0;
    for (int n = 0; n < r.n_rows; n++) {
        worst = fmax(worst, fabs(test_value(&r, "deflection", i, n) - damped(BLOCK_M[i], c, BLOCK_K[i], x0, r.t[n])));
        for (int k = 0; k < 6; k++)
            if (k != i)
                others = fmax(others, fabs(test_value(&r, "deflection", k, n)));
    }
    CHECK_MSG(worst < 1e-6 * x0, "direction %d, zeta %g: off the closed form by %.3g (amplitude %g)", i, zeta, worst,
              x0);
    CHECK_MSG(others < 1e-9, "direction %d: the other directions move by %.3g", i, others);
    /* the load on I is the spring and damper's, in J's axes */
    int n = r.n_rows / 3;
    const char *load = i < 3 ? "force" : "torque";
    CHECK_NEAR(test_value(&r, load, i % 3, n),
               -BLOCK_K[i] * test_value(&r, "deflection", i, n) - c * test_value(&r, "rate", i, n), 1e-9 * BLOCK_K[i]);
    double balance = energy_balance_error(&r);
    CHECK_MSG(balance < 1e-6 * test_value(&r, "total", 0, 0), "direction %d: energy balance off by %.3g J", i, balance);
    if (zeta == 0)
        CHECK(series_max_deviation(&r, "dissipated", 0, 0.0) < 1e-9 * test_value(&r, "total", 0, 0));
    else
        CHECK(test_value(&r, "dissipated", 0, r.n_rows - 1) > 0.5 * test_value(&r, "total", 0, 0));
    test_results_free(&r);
}

TEST(bushing_oscillates_at_sqrt_k_over_m_in_each_of_six_directions)
{
    for (int i = 0; i < 6; i++)
        check_block_direction(i, i < 3 ? 0.01 : 0.2, 0.0);
}

TEST(bushing_damping_gives_the_damped_oscillation_in_each_direction)
{
    for (int i = 0; i < 6; i++)
        check_block_direction(i, i < 3 ? 0.01 : 0.2, 0.05);
}

static void static_analysis(mbs_model *m)
{
    m->analyses[0].type = MBS_ANALYSIS_STATIC;
}

/* Static deflection under the loads F (and preloads P) given per direction. */
static void block_static(const double F[6], const double P[6], double out[6])
{
    char buf[12][64];
    const char *sets[13];
    for (int i = 0; i < 6; i++) {
        snprintf(buf[i], 64, "%s=%.17g", BLOCK_F_NAME[i], F[i]);
        snprintf(buf[6 + i], 64, "%s=%.17g", BLOCK_P_NAME[i], P[i]);
        sets[i] = buf[i];
        sets[6 + i] = buf[6 + i];
    }
    sets[12] = NULL;
    test_results r;
    CHECK(test_run_model(BLOCK, sets, static_analysis, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "static run failed: %s", r.run.message);
    CHECK(r.n_rows == 1);
    for (int i = 0; i < 6; i++)
        out[i] = test_value(&r, "deflection", i, 0);
    test_results_free(&r);
}

TEST(bushing_static_load_gives_f_over_k_and_the_preload_shifts_by_p_over_k)
{
    static const double F[6] = {3, -4, 5, 0.2, -0.3, 0.4}, P[6] = {1, 2, -1.5, 0.05, 0.1, -0.2}, ZERO[6] = {0};
    double loaded[6], preloaded[6], both[6];
    block_static(F, ZERO, loaded);
    block_static(ZERO, P, preloaded);
    block_static(F, P, both);
    for (int i = 0; i < 6; i++) {
        CHECK_NEAR(loaded[i], F[i] / BLOCK_K[i], 1e-12 + 1e-9 * fabs(F[i] / BLOCK_K[i]));
        CHECK_NEAR(preloaded[i], P[i] / BLOCK_K[i], 1e-12 + 1e-9 * fabs(P[i] / BLOCK_K[i]));
        CHECK_NEAR(both[i] - loaded[i], P[i] / BLOCK_K[i], 1e-12 + 1e-9 * fabs(P[i] / BLOCK_K[i]));
    }
}

TEST(bushing_preload_moves_the_centre_of_the_oscillation_to_p_over_k)
{
    for (int i = 0; i < 6; i++) {
        double P = i < 3 ? 2.0 : 0.5, x_eq = P / BLOCK_K[i], w = sqrt(BLOCK_K[i] / BLOCK_M[i]);
        char preload[64];
        snprintf(preload, sizeof preload, "%s=%.17g", BLOCK_P_NAME[i], P);
        const char *sets[] = {preload, NULL};
        test_results r;
        CHECK(test_run_model(BLOCK, sets, NULL, &r) == 0);
        CHECK(r.status == MBS_OK);
        double worst = 0;
        for (int n = 0; n < r.n_rows; n++)
            worst = fmax(worst, fabs(test_value(&r, "deflection", i, n) - x_eq * (1 - cos(w * r.t[n]))));
        CHECK_MSG(worst < 1e-6 * x_eq, "direction %d: off x_eq (1 - cos w t) by %.3g", i, worst);
        /* the spring's potential 1/2 k x^2 - P x balances the kinetic energy */
        CHECK(energy_balance_error(&r) < 1e-6 * P * x_eq);
        test_results_free(&r);
    }
}

/* ---- two free bodies ---- */

static void body_momenta(const test_results *r, const char *name, double m, const double inertia[3], int row,
                         double p[3], double L[3])
{
    char s[64];
    double pos[3], vel[3], w[3], A[9], wb[3], hb[3], h[3], rxp[3];
    for (int k = 0; k < 3; k++) {
        snprintf(s, sizeof s, "%s_position", name);
        pos[k] = test_value(r, s, k, row);
        snprintf(s, sizeof s, "%s_velocity", name);
        vel[k] = test_value(r, s, k, row);
        snprintf(s, sizeof s, "%s_omega", name);
        w[k] = test_value(r, s, k, row);
    }
    snprintf(s, sizeof s, "%s_rotation", name);
    for (int k = 0; k < 9; k++)
        A[k] = test_value(r, s, k, row);
    for (int k = 0; k < 3; k++) {
        wb[k] = A[k] * w[0] + A[3 + k] * w[1] + A[6 + k] * w[2]; /* A^T w */
        hb[k] = inertia[k] * wb[k];
        p[k] = m * vel[k];
    }
    for (int k = 0; k < 3; k++)
        h[k] = A[3 * k] * hb[0] + A[3 * k + 1] * hb[1] + A[3 * k + 2] * hb[2];
    rxp[0] = pos[1] * p[2] - pos[2] * p[1];
    rxp[1] = pos[2] * p[0] - pos[0] * p[2];
    rxp[2] = pos[0] * p[1] - pos[1] * p[0];
    for (int k = 0; k < 3; k++)
        L[k] = rxp[k] + h[k];
}

static void pair_momenta(const test_results *r, int row, double p[3], double L[3])
{
    static const double IA[3] = {0.04, 0.05, 0.06}, IB[3] = {0.02, 0.015, 0.01};
    double pa[3], La[3], pb[3], Lb[3];
    body_momenta(r, "a", 3, IA, row, pa, La);
    body_momenta(r, "b", 1.5, IB, row, pb, Lb);
    for (int k = 0; k < 3; k++) {
        p[k] = pa[k] + pb[k];
        L[k] = La[k] + Lb[k];
    }
}

TEST(bushing_reaction_is_opposite_with_the_arm_so_momentum_is_conserved)
{
    test_results r;
    CHECK(test_run_model(PAIR, NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    double p0[3], L0[3], dp = 0, dL = 0, scale = 0;
    pair_momenta(&r, 0, p0, L0);
    for (int n = 0; n < r.n_rows; n++) {
        double p[3], L[3];
        pair_momenta(&r, n, p, L);
        for (int k = 0; k < 3; k++) {
            dp = fmax(dp, fabs(p[k] - p0[k]));
            dL = fmax(dL, fabs(L[k] - L0[k]));
        }
    }
    scale = sqrt(L0[0] * L0[0] + L0[1] * L0[1] + L0[2] * L0[2]);
    CHECK_MSG(dp < 1e-8, "momentum changes by %.3g", dp);
    CHECK_MSG(dL < 1e-8 * scale, "angular momentum changes by %.3g (of %.3g)", dL, scale);
    /* the outputs: J's force opposite, its torque about its origin -T - D x F */
    double worst = 0;
    for (int n = 0; n < r.n_rows; n += 7) {
        double D[3], F[3], T[3], RT[3], RF[3];
        for (int k = 0; k < 3; k++) {
            D[k] = test_value(&r, "deflection", k, n);
            F[k] = test_value(&r, "force", k, n);
            T[k] = test_value(&r, "torque", k, n);
            RF[k] = test_value(&r, "reaction_force", k, n);
            RT[k] = test_value(&r, "reaction_torque", k, n);
        }
        double dxf[3] = {D[1] * F[2] - D[2] * F[1], D[2] * F[0] - D[0] * F[2], D[0] * F[1] - D[1] * F[0]};
        for (int k = 0; k < 3; k++) {
            worst = fmax(worst, fabs(RF[k] + F[k]));
            worst = fmax(worst, fabs(RT[k] + T[k] + dxf[k]));
        }
    }
    CHECK_MSG(worst < 1e-12, "reaction outputs off by %.3g", worst);
    double balance = energy_balance_error(&r);
    CHECK_MSG(balance < 1e-6 * test_value(&r, "total", 0, 0), "energy balance off by %.3g J", balance);
    CHECK(test_value(&r, "dissipated", 0, r.n_rows - 1) > 0.3); /* the relative motion is damped out */
    test_results_free(&r);
}

/* Adams' torques are the gradient of (1/2) kt a^2 only to second order in
 * the angles: without damping, the work the Power output books as
 * non-conservative is the remainder, of higher order. Relative to the energy
 * the springs exchange it shrinks at least in proportion to the angles
 * (measured: with their square) when the relative motion is halved, where a
 * torque law off at second order would keep the same fraction. */
static double nonconservative_fraction(const char *scale)
{
    const char *sets[] = {"c=0", "ct=0", scale, NULL};
    test_results r;
    CHECK(test_run_model(PAIR, sets, NULL, &r) == 0);
    CHECK(r.status == MBS_OK);
    double lo = INFINITY, hi = -INFINITY, remainder = 0;
    for (int n = 0; n < r.n_rows; n++) {
        lo = fmin(lo, test_value(&r, "potential", 0, n));
        hi = fmax(hi, test_value(&r, "potential", 0, n));
        remainder = fmax(remainder, fabs(test_value(&r, "dissipated", 0, n)));
    }
    CHECK(energy_balance_error(&r) < 1e-6 * test_value(&r, "total", 0, 0));
    test_results_free(&r);
    return remainder / (hi - lo);
}

TEST(bushing_without_damping_is_conservative_to_second_order)
{
    double full = nonconservative_fraction("s=1"), half = nonconservative_fraction("s=0.5");
    CHECK_MSG(full < 0.05, "non-conservative work is %.3g of the potential energy's swing", full);
    CHECK_MSG(half / full < 0.6, "halving the motion scales the remainder by %.3g", half / full);
}

/* ---- beam ---- */

/* beam_cantilever.xml's values */
static const double L = 0.5, E = 2e10, G = 1e7, AREA = 1.6e-4, IXX = 4e-8, IYY = 3e-9, IZZ = 2e-9, ASY = 1.2,
                    ASZ = 1.1, TIP_M = 1, TIP_J = 0.01;

TEST(beam_static_tip_load_deflects_as_timoshenko)
{
    static const char *const sets[] = {"fx=1000", "fy=10", "fz=-5", "tx=0.1", NULL};
    test_results r;
    CHECK(test_run_model(BEAM, sets, static_analysis, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    double bend_y = 10 * L * L * L / (3 * E * IZZ), shear_y = 10 * L * ASY / (G * AREA);
    double bend_z = -5 * L * L * L / (3 * E * IYY), shear_z = -5 * L * ASZ / (G * AREA);
    double expect[6] = {1000 * L / (E * AREA), bend_y + shear_y, bend_z + shear_z, 0.1 * L / (G * IXX),
                        5 * L * L / (2 * E * IYY), 10 * L * L / (2 * E * IZZ)};
    CHECK(shear_y > 0.25 * bend_y); /* both terms matter */
    for (int k = 0; k < 6; k++)
        CHECK_NEAR(test_value(&r, "deflection", k, 0), expect[k], 1e-9 * fabs(expect[k]));
    test_results_free(&r);
    /* without shear areas, Euler-Bernoulli */
    static const char *const eb[] = {"fy=10", "asy=0", NULL};
    CHECK(test_run_model(BEAM, eb, static_analysis, &r) == 0);
    CHECK(r.status == MBS_OK);
    CHECK_NEAR(test_value(&r, "deflection", 1, 0), bend_y, 1e-9 * bend_y);
    test_results_free(&r);
}

/* The planar bending of the tip body, q = (y, c) in the xy plane or
 * (z, b) in the xz plane: diag(m, J) q'' + K q = 0 from (q0, 0) at rest,
 * solved by the two modes. sign = -1 for K26, +1 for K35. */
static void bending_modes(double EI, double as, double sign, double q0, double t, double *y, double *rot)
{
    double phi = 12 * EI * as / (G * AREA * L * L);
    double k11 = 12 * EI / (L * L * L * (1 + phi)), k12 = sign * 6 * EI / (L * L * (1 + phi)),
           k22 = (4 + phi) * EI / (L * (1 + phi));
    double a = TIP_M * TIP_J, b = -(k11 * TIP_J + k22 * TIP_M), c = k11 * k22 - k12 * k12;
    double lam[2] = {(-b - sqrt(b * b - 4 * a * c)) / (2 * a), (-b + sqrt(b * b - 4 * a * c)) / (2 * a)};
    *y = *rot = 0;
    for (int k = 0; k < 2; k++) {
        double v0 = k12, v1 = lam[k] * TIP_M - k11; /* (K - lam M) v = 0, first row */
        double n = sqrt(TIP_M * v0 * v0 + TIP_J * v1 * v1);
        v0 /= n;
        v1 /= n;
        double amp = v0 * TIP_M * q0 * cos(sqrt(lam[k]) * t);
        *y += v0 * amp;
        *rot += v1 * amp;
    }
}

TEST(beam_tip_mass_vibrates_at_the_closed_form_frequencies)
{
    static const struct {
        const char *set;
        int q, rot;
        double EI, as, sign;
    } PLANES[2] = {{"uy0=1e-3", 1, 5, E * IZZ, ASY, -1}, {"uz0=1e-3", 2, 4, E * IYY, ASZ, 1}};
    for (int p = 0; p < 2; p++) {
        const char *sets[] = {PLANES[p].set, NULL};
        test_results r;
        CHECK(test_run_model(BEAM, sets, NULL, &r) == 0);
        CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
        double worst_q = 0, worst_rot = 0, amp_rot = 0;
        for (int n = 0; n < r.n_rows; n++) {
            double y, rot;
            bending_modes(PLANES[p].EI, PLANES[p].as, PLANES[p].sign, 1e-3, r.t[n], &y, &rot);
            worst_q = fmax(worst_q, fabs(test_value(&r, "deflection", PLANES[p].q, n) - y));
            worst_rot = fmax(worst_rot, fabs(test_value(&r, "deflection", PLANES[p].rot, n) - rot));
            amp_rot = fmax(amp_rot, fabs(rot));
        }
        CHECK_MSG(worst_q < 1e-6 * 1e-3, "plane %d: deflection off the modes by %.3g", p, worst_q);
        CHECK_MSG(worst_rot < 1e-6 * amp_rot, "plane %d: slope off the modes by %.3g (of %.3g)", p, worst_rot,
                  amp_rot);
        /* (BDF damps the fast slope mode numerically: a drift of a few 1e-7) */
        CHECK(energy_balance_error(&r) < 1e-5 * test_value(&r, "total", 0, 0));
        test_results_free(&r);
    }
    /* torsion: J_x a'' + cratio (G Ixx/L) a' + (G Ixx/L) a = 0, from a0 */
    static const char *const twist[] = {"a0=0.3", "cratio=0.02", NULL};
    test_results r;
    CHECK(test_run_model(BEAM, twist, NULL, &r) == 0);
    CHECK(r.status == MBS_OK);
    double k = G * IXX / L, worst = 0;
    for (int n = 0; n < r.n_rows; n++)
        worst = fmax(worst, fabs(test_value(&r, "deflection", 3, n) - damped(TIP_J, 0.02 * k, k, 0.3, r.t[n])));
    CHECK_MSG(worst < 1e-6 * 0.3, "torsion off the closed form by %.3g", worst);
    /* structural damping dissipates, and the balance closes */
    CHECK(test_value(&r, "dissipated", 0, r.n_rows - 1) > 0.1 * test_value(&r, "total", 0, 0));
    CHECK(energy_balance_error(&r) < 1e-6 * test_value(&r, "total", 0, 0));
    test_results_free(&r);
}

/* models/bushing_engine_mount.xml: the Static analysis (the first row)
 * sinks the engine by m g / (3 kz) without turning; the torque ripple's work
 * then balances the energy. */
TEST(engine_on_three_mounts_sinks_by_its_weight_over_their_stiffness)
{
    test_results r;
    CHECK(test_run_model("models/bushing_engine_mount.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    CHECK_NEAR(test_value(&r, "engine_position", 2, 0), -150 * 9.81 / (3 * 2e5), 1e-12);
    CHECK_NEAR(test_value(&r, "engine_position", 0, 0), 0, 1e-12);
    CHECK_NEAR(test_value(&r, "engine_position", 1, 0), 0, 1e-12);
    CHECK_NEAR(test_value(&r, "engine_rotation", 0, 0), 1, 1e-12);
    CHECK_NEAR(test_value(&r, "engine_rotation", 4, 0), 1, 1e-12);
    CHECK_NEAR(test_value(&r, "front_left_force", 2, 0), 150 * 9.81 / 3, 1e-8);
    /* the ripple rocks the engine (about a millimetre at the mounts) */
    CHECK(series_max_deviation(&r, "front_left_deflection", 2, -150 * 9.81 / (3 * 2e5)) > 2e-4);
    double balance = energy_balance_error(&r), work = fabs(test_value(&r, "dissipated", 0, r.n_rows - 1));
    CHECK(work > 0.1);
    CHECK_MSG(balance < 1e-6 * work, "energy balance off by %.3g J (the ripple's net work %.3g J)", balance, work);
    test_results_free(&r);
}

/* models/beam_anti_roll_bar.xml at a small roll (its geometric nonlinearity
 * grows with the square of the roll: 2.5e-4 at H = 5 mm): in the static
 * equilibrium (the first row) the drop links carry F = H / C. */
TEST(anti_roll_bar_link_force_is_roll_over_the_end_compliance)
{
    const double a = 0.25, b = 1.0, d = 0.02, Eb = 2.1e11, Gb = 8.1e10, H = 5e-4;
    const double A = MBS_TEST_PI * d * d / 4, I = MBS_TEST_PI * pow(d, 4) / 64, J = 2 * I;
    const double C = a * a * a / (3 * Eb * I) + a * (10.0 / 9) / (Gb * A) + a * a * b / (2 * Gb * J);
    static const char *const sets[] = {"H=5e-4", NULL};
    test_results r;
    CHECK(test_run_model("models/beam_anti_roll_bar.xml", sets, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s", r.run.message);
    double F = H / C;
    CHECK_NEAR(test_value(&r, "left_link_force", 2, 0), F, 1e-5 * F);
    CHECK_NEAR(test_value(&r, "right_link_force", 2, 0), -F, 1e-5 * F);
    /* the torsion bar twists by its torque F a over G J / b */
    CHECK_NEAR(test_value(&r, "bar_twist", 3, 0), F * a * b / (Gb * J), 1e-5 * F * a * b / (Gb * J));
    CHECK_NEAR(fabs(test_value(&r, "bar_torque", 0, 0)), F * a, 1e-5 * F * a);
    /* and the roll then reverses: the force follows through -F */
    double lo = INFINITY;
    for (int n = 0; n < r.n_rows; n++)
        lo = fmin(lo, test_value(&r, "left_link_force", 2, n));
    CHECK(lo < -0.9 * F);
    test_results_free(&r);
}

TEST_SUITE(compliance, T(bushing_oscillates_at_sqrt_k_over_m_in_each_of_six_directions),
           T(bushing_damping_gives_the_damped_oscillation_in_each_direction),
           T(bushing_static_load_gives_f_over_k_and_the_preload_shifts_by_p_over_k),
           T(bushing_preload_moves_the_centre_of_the_oscillation_to_p_over_k),
           T(bushing_reaction_is_opposite_with_the_arm_so_momentum_is_conserved),
           T(bushing_without_damping_is_conservative_to_second_order),
           T(beam_static_tip_load_deflects_as_timoshenko), T(beam_tip_mass_vibrates_at_the_closed_form_frequencies),
           T(engine_on_three_mounts_sinks_by_its_weight_over_their_stiffness),
           T(anti_roll_bar_link_force_is_roll_over_the_end_compliance));
