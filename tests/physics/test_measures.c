/* Every state measure of run-time expressions against the same quantity
 * computed from sensors at the same output rows (tests/physics/models/measures.xml):
 * I = marker 21, J = marker 31 (also L, the frame of time derivatives), K =
 * marker 11 (a turned ground marker); the definitions, d = p_I - p_J, all global:
 *   D = R_K^T d;   V = R_K^T (d' - w_L x d);   W = R_K^T (w_I - w_J)
 *   ACC = R_K^T (d'' - al_L x d - 2 w_L x d' + w_L x (w_L x d))
 *   WDT = R_K^T ((w_I - w_J)' - w_L x (w_I - w_J))
 *   with Q = R_J^T R_I: AX the angle from y_J to y_I about x_J, AY from z_J to z_I about
 *   y_J, AZ from x_J to x_I about z_J; Q = Rz(psi) Rx(theta) Rz(phi) = Rz(yaw) Ry(-pitch) Rx(roll)
 *   FX..TZ(I,J,K): the load at I's origin from the elements between I and J, in K's axes;
 *   JOINT(id, 0|1, comp[, RM]): the joint's load on its I (0) or J (1) marker. */
#include "../support/harness.h"
#include "../support/run_model.h"
#include "../../src/solver/dae/residual.h"
#include "../../src/solver/dae/sparsity.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void vec(const test_results *r, const char *s, int row, double v[3])
{
    for (int k = 0; k < 3; k++)
        v[k] = test_value(r, s, k, row);
}

static void mat(const test_results *r, const char *s, int row, double R[3][3])
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            R[i][j] = test_value(r, s, 3 * i + j, row);
}

static void sub(double o[3], const double a[3], const double b[3])
{
    for (int k = 0; k < 3; k++)
        o[k] = a[k] - b[k];
}

static void cross(double o[3], const double a[3], const double b[3])
{
    double c[3] = {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    memcpy(o, c, sizeof c);
}

static double dot(const double a[3], const double b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static double norm(const double a[3])
{
    return sqrt(dot(a, a));
}

/* R^T v */
static void in_axes(double o[3], double R[3][3], const double v[3])
{
    double c[3];
    for (int j = 0; j < 3; j++)
        c[j] = R[0][j] * v[0] + R[1][j] * v[1] + R[2][j] * v[2];
    memcpy(o, c, sizeof c);
}

/* R v */
static void to_global(double o[3], double R[3][3], const double v[3])
{
    double c[3];
    for (int i = 0; i < 3; i++)
        c[i] = R[i][0] * v[0] + R[i][1] * v[1] + R[i][2] * v[2];
    memcpy(o, c, sizeof c);
}

static void matmul(double o[3][3], double A[3][3], double B[3][3])
{
    double c[3][3];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            c[i][j] = A[i][0] * B[0][j] + A[i][1] * B[1][j] + A[i][2] * B[2][j];
    memcpy(o, c, sizeof c);
}

static void rot(double o[3][3], int axis, double a)
{
    double c = cos(a), s = sin(a);
    memset(o, 0, 9 * sizeof(double));
    int i = (axis + 1) % 3, j = (axis + 2) % 3;
    o[axis][axis] = 1;
    o[i][i] = c;
    o[j][j] = c;
    o[i][j] = -s;
    o[j][i] = s;
}

static double mat_diff(double A[3][3], double B[3][3])
{
    double w = 0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            w = fmax(w, fabs(A[i][j] - B[i][j]));
    return w;
}

#define TOL 1e-9

static void check3(const test_results *r, const char *req, int col0, const double want[3], int row, const char *what)
{
    for (int k = 0; k < 3; k++) {
        double got = test_value(r, req, col0 + k, row);
        CHECK_MSG(fabs(got - want[k]) <= TOL * (1 + fabs(want[k])), "%s[%d] at t = %g: %.12g, want %.12g", what, k,
                  r->t[row], got, want[k]);
    }
}

static void check1(const test_results *r, const char *req, int col, double want, int row, const char *what)
{
    double got = test_value(r, req, col, row);
    CHECK_MSG(fabs(got - want) <= TOL * (1 + fabs(want)), "%s at t = %g: %.12g, want %.12g", what, r->t[row], got,
              want);
}

TEST(every_state_measure_agrees_with_the_sensors)
{
    test_results r;
    CHECK(test_run_model("tests/physics/models/measures.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s %s", r.run.message, r.errors);
    if (r.status != MBS_OK) {
        test_results_free(&r);
        return;
    }
    CHECK(r.n_rows == 11);
    for (int i = 0; i < r.n_rows; i++) {
        double pI[3], vI[3], aI[3], wI[3], alI[3], pJ[3], vJ[3], aJ[3], wJ[3], alJ[3];
        double RI[3][3], RJ[3][3], RK[3][3], Q[3][3];
        vec(&r, "pI", i, pI), vec(&r, "vI", i, vI), vec(&r, "aI", i, aI), vec(&r, "wI", i, wI), vec(&r, "alI", i, alI);
        vec(&r, "pJ", i, pJ), vec(&r, "vJ", i, vJ), vec(&r, "aJ", i, aJ), vec(&r, "wJ", i, wJ), vec(&r, "alJ", i, alJ);
        mat(&r, "RI", i, RI), mat(&r, "RJ", i, RJ), mat(&r, "RK", i, RK);
        double pK[3];
        vec(&r, "pK", i, pK);
        double d[3], dd[3], ddd[3], w[3], wd[3], x[3], y[3];
        sub(d, pI, pJ);
        sub(dd, vI, vJ);
        sub(ddd, aI, aJ);
        sub(w, wI, wJ);
        sub(wd, alI, alJ);

        /* displacements */
        in_axes(x, RK, d);
        check3(&r, "D", 0, x, i, "DX..DZ(I,J,K)");
        check1(&r, "D", 3, norm(d), i, "DM(I,J)");
        check1(&r, "D", 4, pI[0], i, "DX(I)");
        check1(&r, "D", 5, d[1], i, "DY(I,J)");
        in_axes(x, RK, pI);
        check1(&r, "D", 6, x[2], i, "DZ(I,0,K)");

        /* velocities: in J's frame, d' - w_J x d */
        double dL[3];
        cross(x, wJ, d);
        sub(dL, dd, x);
        in_axes(x, RK, dL);
        check3(&r, "V", 0, x, i, "VX..VZ(I,J,K,L)");
        check1(&r, "V", 3, norm(dL), i, "VM(I,J,L)");
        check1(&r, "D", 7, dot(dL, d) / norm(d), i, "VR(I,J,L)");
        check1(&r, "V", 4, vI[0], i, "VX(I)");
        check1(&r, "V", 5, dd[1], i, "VY(I,J)");
        in_axes(x, RK, dd);
        check1(&r, "V", 6, x[2], i, "VZ(I,J,K)");
        check1(&r, "V", 7, dot(dd, d) / norm(d), i, "VR(I,J)");

        /* angular velocities */
        in_axes(x, RK, w);
        check3(&r, "W", 0, x, i, "WX..WZ(I,J,K)");
        check1(&r, "W", 3, norm(w), i, "WM(I,J)");
        check1(&r, "W", 4, wI[0], i, "WX(I)");
        check1(&r, "W", 5, w[1], i, "WY(I,J)");
        in_axes(x, RK, wI);
        check1(&r, "W", 6, x[2], i, "WZ(I,0,K)");
        check1(&r, "W", 7, norm(wI), i, "WM(I)");

        /* accelerations in J's frame */
        double acc[3], t1[3];
        memcpy(acc, ddd, sizeof acc);
        cross(t1, alJ, d);
        sub(acc, acc, t1);
        cross(t1, wJ, dd);
        for (int k = 0; k < 3; k++)
            acc[k] -= 2 * t1[k];
        cross(y, wJ, d);
        cross(t1, wJ, y);
        for (int k = 0; k < 3; k++)
            acc[k] += t1[k];
        in_axes(x, RK, acc);
        check3(&r, "ACC", 0, x, i, "ACCX..ACCZ(I,J,K,L)");
        check1(&r, "ACC", 3, norm(acc), i, "ACCM(I,J,L)");
        check1(&r, "ACC", 4, aI[0], i, "ACCX(I)");
        check1(&r, "ACC", 5, ddd[1], i, "ACCY(I,J)");
        in_axes(x, RK, ddd);
        check1(&r, "ACC", 6, x[2], i, "ACCZ(I,J,K)");
        check1(&r, "ACC", 7, norm(aI), i, "ACCM(I)");

        /* angular accelerations in J's frame */
        double wdt[3];
        cross(t1, wJ, w);
        sub(wdt, wd, t1);
        in_axes(x, RK, wdt);
        check3(&r, "WDT", 0, x, i, "WDTX..WDTZ(I,J,K,L)");
        check1(&r, "WDT", 3, norm(wdt), i, "WDTM(I,J,L)");
        check1(&r, "WDT", 4, alI[0], i, "WDTX(I)");
        check1(&r, "WDT", 5, wd[1], i, "WDTY(I,J)");
        in_axes(x, RK, wd);
        check1(&r, "WDT", 6, x[2], i, "WDTZ(I,J,K)");
        check1(&r, "WDT", 7, norm(alI), i, "WDTM(I)");

        /* orientation: Q = R_J^T R_I */
        double RJt[3][3];
        for (int a = 0; a < 3; a++)
            for (int b = 0; b < 3; b++)
                RJt[a][b] = RJ[b][a];
        matmul(Q, RJt, RI);
        check1(&r, "angles", 0, atan2(Q[2][1], Q[1][1]), i, "AX(I,J)");
        check1(&r, "angles", 1, atan2(Q[0][2], Q[2][2]), i, "AY(I,J)");
        check1(&r, "angles", 2, atan2(Q[1][0], Q[0][0]), i, "AZ(I,J)");
        check1(&r, "angles2", 1, atan2(RI[2][1], RI[1][1]), i, "AX(I)");
        double A[3][3], B[3][3], C[3][3], E[3][3];
        rot(A, 2, test_value(&r, "angles", 3, i));
        rot(B, 0, test_value(&r, "angles", 4, i));
        rot(C, 2, test_value(&r, "angles", 5, i));
        matmul(E, A, B);
        matmul(E, E, C);
        CHECK_MSG(mat_diff(E, Q) < TOL, "Rz(PSI) Rx(THETA) Rz(PHI) is off R_J^T R_I by %.3g at t = %g", mat_diff(E, Q),
                  r.t[i]);
        rot(A, 2, test_value(&r, "angles", 6, i));
        rot(B, 1, -test_value(&r, "angles", 7, i));
        rot(C, 0, test_value(&r, "angles2", 0, i));
        matmul(E, A, B);
        matmul(E, E, C);
        CHECK_MSG(mat_diff(E, Q) < TOL, "Rz(YAW) Ry(-PITCH) Rx(ROLL) is off R_J^T R_I by %.3g at t = %g",
                  mat_diff(E, Q), r.t[i]);
        check1(&r, "angles2", 2, atan2(RI[1][0], RI[0][0]), i, "YAW(I)"); /* 3-2-1: first angle from x */
        double psi = test_value(&r, "angles2", 3, i);
        check1(&r, "angles2", 3, atan2(RI[0][2], -RI[1][2]), i, "PSI(I)");
        (void)psi;

        /* element loads between I and J: the spring (along d, positive pushes apart) and the
         * vector force (at p_I, its torque), both on I */
        double F[3], T[3], fv[3], tv[3];
        double fs = test_value(&r, "spring force", 0, i);
        vec(&r, "push force", i, fv);
        vec(&r, "push torque", i, tv);
        for (int k = 0; k < 3; k++) {
            F[k] = fs * d[k] / norm(d) + fv[k];
            T[k] = tv[k];
        }
        in_axes(x, RK, F);
        check3(&r, "F", 0, x, i, "FX..FZ(I,J,K)");
        check3(&r, "marker force", 0, x, i, "Post_Request MARKER_FORCE fx..fz");
        in_axes(x, RK, T);
        check3(&r, "F", 3, x, i, "TX..TZ(I,J,K)");
        check3(&r, "marker force", 3, x, i, "Post_Request MARKER_FORCE tx..tz");
        check1(&r, "angles2", 4, norm(F), i, "FM(I,J)");
        check1(&r, "angles2", 5, norm(T), i, "TM(I,J)");
        check1(&r, "angles2", 6, F[0], i, "FX(I)");
        check1(&r, "angles2", 7, T[2], i, "TZ(I)");
        /* on J (at J's origin): the opposite force, and the moment of the forces acting at p_I */
        check1(&r, "F", 6, -F[0], i, "FX(J,I)");
        double arm[3], m[3];
        sub(arm, pI, pJ);
        cross(m, arm, F);
        check1(&r, "F", 7, -T[0] - m[0], i, "TX(J,I)");
        /* the vector force's components: fx = -3 DX(I,J,J) in J's axes, ty = -0.5 WY(I,J,J) */
        in_axes(x, RJ, fv);
        in_axes(y, RJ, d);
        CHECK_NEAR(x[0], -3 * y[0], 1e-9);
        CHECK_NEAR(x[1], 0.5, 1e-9);
        CHECK_NEAR(x[2], 1.5 * sin(r.t[i]), 1e-9);
        in_axes(x, RJ, tv);
        in_axes(y, RJ, w);
        CHECK_NEAR(x[1], -0.5 * y[1], 1e-9);
        CHECK_NEAR(x[2], 0.2 * cos(2 * r.t[i]), 1e-9);
        check1(&r, "joint", 6, fabs(fs), i, "SPDP(id,0,1)"); /* comp 1: the magnitude */
        in_axes(x, RJ, fv);
        check1(&r, "joint", 7, x[0], i, "VFORCE(id,0,2,RM)");
        in_axes(x, RJ, tv);
        check1(&r, "joint2", 4, x[2], i, "VTORQ(id,0,8,RM)");

        /* the hinge: the joint's sensor gives the load on I in J's axes (about I's origin) */
        double RH[3][3], fh[3], th[3], fg[3], tg[3];
        mat(&r, "RH", i, RH);
        vec(&r, "hinge force", i, fh);
        vec(&r, "hinge torque", i, th);
        to_global(fg, RH, fh);
        to_global(tg, RH, th);
        check1(&r, "joint", 0, fg[0], i, "JOINT(id,0,2)");
        check1(&r, "joint", 1, fg[1], i, "JOINT(id,0,3)");
        in_axes(x, RK, fg);
        check1(&r, "joint", 2, x[2], i, "JOINT(id,0,4,RM)");
        check1(&r, "joint", 3, norm(fg), i, "JOINT(id,0,1)");
        check1(&r, "joint", 4, -fg[0], i, "JOINT(id,1,2)");
        check1(&r, "joint", 5, -fg[2], i, "JOINT(id,1,4)");
        check1(&r, "joint2", 0, tg[0], i, "JOINT(id,0,6)");
        check1(&r, "joint2", 1, tg[1], i, "JOINT(id,0,7)");
        check1(&r, "joint2", 2, tg[2], i, "JOINT(id,0,8)");
        check1(&r, "joint2", 3, norm(tg), i, "JOINT(id,0,5)");
        check1(&r, "joint2", 5, fg[2], i, "FZ(41,12)");
        check1(&r, "joint2", 6, -fg[2], i, "FZ(12,41)");
        check1(&r, "joint2", 7, -tg[1], i, "TY(12,41)"); /* markers 41 and 12 coincide */
        (void)pK;
    }
    /* the pendulum swings (the hinge force is not just its weight) */
    CHECK(fabs(test_value(&r, "joint", 0, r.n_rows - 1)) > 1.0);
    test_results_free(&r);
}

/* Whether (row, col) is in the pattern. */
static int in_pattern(const mbs_pattern *p, int row, int col)
{
    for (long a = p->colptr[col]; a < p->colptr[col + 1]; a++)
        if (p->rowind[a] == row)
            return 1;
    return 0;
}

/* Every residual entry that changes when one variable (and its rate) is perturbed is in the
 * Jacobian's pattern: what state-dependent expressions read (markers of other bodies, element
 * loads, variables, differential states) reaches the sparsity. */
static void check_pattern_complete(const char *path)
{
    mbs_model *m = NULL;
    char err[512];
    CHECK_MSG(test_load_model(path, NULL, &m, err, sizeof err) == MBS_OK, "%s: %s", path, err);
    if (!m)
        return;
    mbs_pattern *p = mbs_pattern_build(m, NULL, NULL);
    mbs_data *d = mbs_data_create(m);
    size_t n = (size_t)m->ny;
    double *y = calloc(n, sizeof *y), *yp = calloc(n, sizeof *yp), *r0 = calloc(n, sizeof *r0),
           *r1 = calloc(n, sizeof *r1);
    CHECK(p && d && y && yp && r0 && r1);
    if (p && d && y && yp && r0 && r1) {
        srand(7);
        for (size_t j = 0; j < n; j++) {
            y[j] = 0.3 * (rand() / (double)RAND_MAX - 0.5);
            yp[j] = rand() / (double)RAND_MAX - 0.5;
        }
        for (int i = 0; i < m->n_bodies; i++)
            if (m->bodies[i].type == MBS_BODY_RIGID) {
                const mbs_body *b = &m->bodies[i];
                for (int k = 0; k < 3; k++)
                    y[b->q_ofs + k] = b->r0[k] + 0.01 * k;
                memcpy(y + b->q_ofs + 3, b->p0, 4 * sizeof *y);
            }
        mbs_residual(m, d, 0.3, y, yp, r0);
        int missing = 0;
        /* the dissipated energy's row depends on everything, on purpose only its diagonal is kept */
        int energy = m->energy_state >= 0 ? m->ofs_z + m->energy_state : -1;
        for (size_t j = 0; j < n && missing < 5; j++) {
            double yj = y[j], ypj = yp[j];
            y[j] += 1e-5;
            yp[j] += 1e-3;
            mbs_residual(m, d, 0.3, y, yp, r1);
            y[j] = yj;
            yp[j] = ypj;
            for (size_t i = 0; i < n; i++)
                if (r1[i] != r0[i] && (int)i != energy && !in_pattern(p, (int)i, (int)j)) {
                    CHECK_MSG(0, "%s: residual %zu depends on variable %zu outside the pattern", path, i, j);
                    missing++;
                }
        }
    }
    free(y);
    free(yp);
    free(r0);
    free(r1);
    mbs_data_free(d);
    mbs_pattern_free(p);
    mbs_model_free(m);
}

TEST(the_jacobian_pattern_holds_what_expressions_read)
{
    check_pattern_complete("tests/physics/models/measures.xml");
    check_pattern_complete("tests/physics/models/variables.xml");
    check_pattern_complete("models/motionview_rig.xml");
}

TEST_SUITE(measures, T(every_state_measure_agrees_with_the_sensors), T(the_jacobian_pattern_holds_what_expressions_read));
