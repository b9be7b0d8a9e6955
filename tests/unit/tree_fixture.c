/* The shared set-up of the tree's unit tests (tree_fixture.h). */
#include "tree_fixture.h"
#include "../support/harness.h"
#include "../../src/core/rotation.h"
#include "../../src/core/vec3.h"
#include "../../src/solver/dae/residual.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void tree_fixture_teardown(tree_fixture *f)
{
    mbs_tree_free(&f->tree);
    mbs_data_free(f->d);
    free(f->y);
    free(f->yp);
    free(f->res);
    text_model_free(&f->t);
}

int tree_fixture_setup(tree_fixture *f, const char *model, int n_joints, int n_coords, int n_pos, double *q,
                       double *qd, double *qdd)
{
    memset(f, 0, sizeof *f);
    char buf[512];
    text_model_load(&f->t, model, NULL, 1);
    CHECK_MSG(f->t.status == MBS_OK && f->t.model, "does not load: %s", text_model_error(&f->t, 0, buf, sizeof buf));
    if (!f->t.model) {
        tree_fixture_teardown(f);
        return -1;
    }
    const mbs_model *m = f->t.model;
    f->d = mbs_data_create(m);
    f->y = calloc((size_t)m->ny + 1, sizeof *f->y);
    f->yp = calloc((size_t)m->ny + 1, sizeof *f->yp);
    f->res = calloc((size_t)m->ny + 1, sizeof *f->res);
    for (int b = 0; b < m->n_bodies; b++)
        if (m->bodies[b].type == MBS_BODY_RIGID) {
            v3_copy(f->y + m->bodies[b].q_ofs, m->bodies[b].r0);
            memcpy(f->y + m->bodies[b].q_ofs + 3, m->bodies[b].p0, 4 * sizeof(double));
        }
    mbs_update_bodies(m, f->d, f->y, f->yp);
    CHECK(mbs_tree_build(&f->tree, m, f->d, 1) == 0);
    CHECK_MSG(f->tree.n_joints == n_joints && f->tree.n_coords == n_coords && f->tree.n_pos == n_pos,
              "tree of %d joints, %d rates, %d positions", f->tree.n_joints, f->tree.n_coords, f->tree.n_pos);
    if (f->tree.n_joints != n_joints || f->tree.n_coords != n_coords || f->tree.n_pos != n_pos) {
        tree_fixture_teardown(f);
        return -1;
    }
    mbs_eval ev = {m, f->d, 0.0, f->y, f->yp, f->res};
    mbs_tree_start(&f->tree, m, &ev, q, qd, qdd);
    return 0;
}

double tree_fixture_pose_error(const tree_fixture *f)
{
    const mbs_model *m = f->t.model;
    double worst = 0;
    for (int b = 0; b < m->n_bodies; b++) {
        if (m->bodies[b].type != MBS_BODY_RIGID)
            continue;
        double A0[9];
        mbs_quat_to_matrix(m->bodies[b].p0, A0);
        for (int i = 0; i < 3; i++)
            worst = fmax(worst, fabs(f->d->bodies[b].r[i] - m->bodies[b].r0[i]));
        for (int i = 0; i < 9; i++)
            worst = fmax(worst, fabs(f->d->bodies[b].A[i] - A0[i]));
    }
    return worst;
}

static void record(const tree_fixture *f, double *r, double *v, double *w)
{
    for (int b = 0; b < f->t.model->n_bodies; b++) {
        v3_copy(r + 3 * b, f->d->bodies[b].r);
        v3_copy(v + 3 * b, f->d->bodies[b].v);
        v3_copy(w + 3 * b, f->d->bodies[b].w);
    }
}

static void check_differences(const tree_fixture *f, double *const r[2], double *const v[2], double *const w[2],
                              double h)
{
    double worst_v = 0, worst_a = 0, worst_al = 0;
    for (int b = 0; b < f->t.model->n_bodies; b++) {
        if (f->tree.body_joint[b] < 0)
            continue;
        const mbs_body_state *s = &f->d->bodies[b];
        for (int i = 0; i < 3; i++) {
            worst_v = fmax(worst_v, fabs((r[1][3 * b + i] - r[0][3 * b + i]) / (2 * h) - s->v[i]));
            worst_a = fmax(worst_a, fabs((v[1][3 * b + i] - v[0][3 * b + i]) / (2 * h) - s->a[i]));
            worst_al = fmax(worst_al, fabs((w[1][3 * b + i] - w[0][3 * b + i]) / (2 * h) - s->alpha[i]));
        }
    }
    CHECK_MSG(worst_v < 1e-8, "velocities off by %.3g", worst_v);
    CHECK_MSG(worst_a < 1e-8, "accelerations off by %.3g", worst_a);
    CHECK_MSG(worst_al < 1e-8, "angular accelerations off by %.3g", worst_al);
}

static void plain_path(const tree_fixture *f, const double *q, const double *u, const double *ud, double h,
                       double *qh, double *uh)
{
    for (int k = 0; k < f->tree.n_coords; k++) {
        qh[k] = q[k] + u[k] * h + 0.5 * ud[k] * h * h;
        uh[k] = u[k] + ud[k] * h;
    }
}

void tree_fixture_check_path(tree_fixture *f, tree_fixture_path *path, const double *q, const double *u,
                             const double *ud)
{
    const mbs_model *m = f->t.model;
    const double h = 1e-5;
    size_t n = (size_t)m->n_bodies * 3 + 1;
    double *r[2], *v[2], *w[2];
    double *qh = calloc((size_t)f->tree.n_pos + 1, sizeof *qh), *uh = calloc((size_t)f->tree.n_coords + 1, sizeof *uh);
    for (int s = 0; s < 2; s++) {
        r[s] = calloc(n, sizeof(double));
        v[s] = calloc(n, sizeof(double));
        w[s] = calloc(n, sizeof(double));
    }
    if (!qh || !uh || !r[0] || !r[1] || !v[0] || !v[1] || !w[0] || !w[1]) {
        CHECK_MSG(0, "out of memory");
    } else {
        for (int s = 0; s < 2; s++) {
            if (path)
                path(q, u, ud, s ? h : -h, qh, uh);
            else
                plain_path(f, q, u, ud, s ? h : -h, qh, uh);
            mbs_tree_forward(&f->tree, m, f->d, qh, uh, ud, NULL, NULL);
            record(f, r[s], v[s], w[s]);
        }
        mbs_tree_forward(&f->tree, m, f->d, q, u, ud, NULL, NULL);
        check_differences(f, r, v, w, h);
    }
    for (int s = 0; s < 2; s++) {
        free(r[s]);
        free(v[s]);
        free(w[s]);
    }
    free(qh);
    free(uh);
}

double tree_fixture_kinetic_energy(const tree_fixture *f)
{
    const mbs_model *m = f->t.model;
    double energy = 0;
    for (int b = 0; b < m->n_bodies; b++) {
        const mbs_body *body = &m->bodies[b];
        const mbs_body_state *s = &f->d->bodies[b];
        if (body->type != MBS_BODY_RIGID)
            continue;
        double Jw[3];
        m3_mul_v(Jw, body->inertia, s->wb);
        energy += 0.5 * body->mass * v3_dot(s->v, s->v) + 0.5 * v3_dot(s->wb, Jw);
    }
    return energy;
}

void tree_fixture_quaternion_path(const double p[4], const double w[3], const double wd[3], double h,
                                  double out[4])
{
    double L[12], Ld[12], pd[4];
    mbs_quat_L(p, L);
    for (int i = 0; i < 4; i++)
        pd[i] = 0.5 * (L[i] * w[0] + L[4 + i] * w[1] + L[8 + i] * w[2]);
    mbs_quat_L(pd, Ld);
    for (int i = 0; i < 4; i++) {
        double pdd = 0.5 * (L[i] * wd[0] + L[4 + i] * wd[1] + L[8 + i] * wd[2]) +
                     0.5 * (Ld[i] * w[0] + Ld[4 + i] * w[1] + Ld[8 + i] * w[2]);
        out[i] = p[i] + pd[i] * h + 0.5 * pdd * h * h;
    }
}

void tree_fixture_check_mass_matrix(tree_fixture *f, const double *q, const double *u, const double *ud, int n)
{
    const mbs_model *m = f->t.model;
    double *M = calloc((size_t)n * n, sizeof *M), *zero = calloc((size_t)n, sizeof *zero);
    double *res = calloc((size_t)n, sizeof *res), *stab = calloc((size_t)n, sizeof *stab);
    double *x = calloc((size_t)n, sizeof *x);
    if (!M || !zero || !res || !stab || !x) {
        CHECK_MSG(0, "out of memory");
    } else {
        mbs_tree_forward(&f->tree, m, f->d, q, u, zero, NULL, NULL);
        mbs_tree_mass_matrix(&f->tree, m, f->d, M, n);
        double quad = 0;
        for (int k = 0; k < n; k++)
            for (int l = 0; l < n; l++)
                quad += 0.5 * u[k] * M[(size_t)n * l + k] * u[l];
        double energy = tree_fixture_kinetic_energy(f);
        CHECK_NEAR(quad, energy, 1e-12 * energy);
        mbs_tree_forward(&f->tree, m, f->d, q, zero, ud, NULL, NULL);
        mbs_tree_project(&f->tree, m, f->d, res, stab);
        for (int k = 0; k < n; k++) {
            double Mq = 0;
            for (int l = 0; l < n; l++)
                Mq += M[(size_t)n * l + k] * ud[l];
            CHECK_NEAR(res[k], Mq, 1e-12 * (1 + fabs(Mq)));
        }
        CHECK(mbs_tree_articulate(&f->tree, m, f->d, NULL) == 0);
        mbs_tree_solve_mass(&f->tree, res, x);
        for (int k = 0; k < n; k++)
            CHECK_NEAR(x[k], ud[k], 1e-12);
    }
    free(M);
    free(zero);
    free(res);
    free(stab);
    free(x);
}
