/* The shared set-up of the tree's unit tests (tree_fixture.h). */
#include "tree_fixture.h"
#include "../support/harness.h"
#include "../../src/core/rotation.h"
#include "../../src/core/vec3.h"
#include "../../src/solver/residual.h"

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

void tree_fixture_record(const tree_fixture *f, double *r, double *v, double *w)
{
    for (int b = 0; b < f->t.model->n_bodies; b++) {
        v3_copy(r + 3 * b, f->d->bodies[b].r);
        v3_copy(v + 3 * b, f->d->bodies[b].v);
        v3_copy(w + 3 * b, f->d->bodies[b].w);
    }
}

void tree_fixture_check_differences(const tree_fixture *f, double *const r[2], double *const v[2],
                                    double *const w[2], double h)
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
