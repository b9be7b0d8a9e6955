/* Consistent states for the DAE (never hand IDA an inconsistent start).
 *
 * With M the mass matrix and G the constraint rows' Jacobian on velocity
 * coordinates (both from the current positions):
 *   redundancy   rank-revealing QR of G^T over the rows of elements on
 *                closed loops (only those can depend on each other);
 *                dependent rows are switched off (multipliers fixed at 0)
 *                with a warning. Where something reads an element's
 *                reaction (joint friction, a sensor, an expression), its
 *                rows are taken first and the others in the model's order
 *                (mbs_rank_in_order), so that the rows left out are those
 *                of elements nobody reads, the last in the file
 *   positions    Newton on g(q, t) = 0 with minimum mass-weighted change:
 *                [M G^T; G 0] [dx; nu] = [0; -g], rotations applied exactly
 *   velocities   the closest velocities in the kinetic-energy metric:
 *                [M G^T; G 0] [u; nu] = [M u0; -g_t]
 *                (a note names every body moved, and by how much)
 *   rates        [M G^T; G 0] [du/dt; lambda] = [f - gyroscopic; -gamma],
 *                gamma = d/dt (G u + g_t) at fixed u (central difference
 *                along the motion), dq/dt = T(q) u, mu = 0, element state
 *                rates from their equations (dz/dt - h = 0).
 * The applied forces and gyroscopic terms are read off the residual
 * evaluated with du/dt = 0 and lambda = 0. */
#include "assemble.h"
#include "augmented.h"
#include "../dae/loops.h"
#include "../dae/residual.h"
#include "state_solve.h"
#include "unclosed_loop.h"
#include "../../core/dense.h"
#include "../../core/rotation.h"
#include "../../core/strutil.h"
#include "../../core/vec3.h"
#include "../eval/joints.h"
#include "../../model/reaction_readers.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct mbs_assembler {
    const mbs_model *m;
    mbs_data *d;
    mbs_augmented *aug;
    double *yp0, *res, *rhs, *ywork, *c_plus, *c_minus;
    /* coupled models: the multipliers the state came with (an integrator's,
     * at an output row or a restart), where the accelerations' solve starts */
    double *lambda_guess; /* [n_rows] */
    /* rows whose multipliers some element's forces read (coupled_rates) */
    int *read_rows;
    int n_read_rows;
    double *read_cols; /* [n_read_rows x nu] */
    /* the bodies each read row's column moves (its joint's and its readers'),
     * read_fp[read_fp_ofs[k] .. read_fp_ofs[k + 1]), and the colours that
     * let rows with no body in common share a residual (read_columns) */
    int *read_fp, *read_fp_ofs, *read_colour, n_read_colours;
    double *read_saved; /* [n_read_rows] the multipliers read_columns moves */
    double *res_base;  /* [nu] */
    mbs_state_solver *states; /* algebraic and implicit element states */
    char *reaction_read; /* [n_comps] something reads its reaction (reaction_readers.h) */
    double *y_given;     /* [ny] the positions an assembly started from (its failure compares) */
    int culprit;         /* the component a failed assembly names first, or -1 */
};

/* Appends to the footprint (read_fp, n entries, capacity *cap) the moving
 * bodies of comp not yet in it (mark[b] == stamp: in it). The new count, or
 * -1 out of memory. */
static long add_bodies(mbs_assembler *a, const mbs_component *comp, int *mark, int stamp, long n, long *cap)
{
    const mbs_model *m = a->m;
    for (int i = 0; i < comp->n_bodies; i++) {
        int b = comp->bodies[i];
        if (b < 0 || m->bodies[b].nu == 0 || mark[b] == stamp)
            continue;
        if (n == *cap) {
            int *grown = realloc(a->read_fp, (size_t)(2 * *cap) * sizeof *grown);
            if (!grown)
                return -1;
            a->read_fp = grown;
            *cap *= 2;
        }
        mark[b] = stamp;
        a->read_fp[n++] = b;
    }
    return n;
}

/* Each read row's footprint (the bodies of its joint and of the elements
 * reading its joint) and a greedy colouring: rows whose footprints share no
 * body take one colour. A 32-link friction chain's 160 read rows: 10
 * colours, so the output rows' consistent accelerations take 10 residuals
 * per Newton iteration instead of 160. 0, or -1 out of memory. */
static int colour_read_rows(mbs_assembler *a)
{
    const mbs_model *m = a->m;
    int nr = a->n_read_rows, nb = m->n_bodies, ok = 1;
    long n = 0, cap = 4 * (long)nr + 4;
    int *mark = malloc(((size_t)nb + 1) * sizeof *mark);
    int *comp_of_row = malloc(((size_t)m->n_rows + 1) * sizeof *comp_of_row);
    a->read_fp = malloc((size_t)cap * sizeof *a->read_fp);
    a->read_fp_ofs = malloc(((size_t)nr + 1) * sizeof *a->read_fp_ofs);
    a->read_colour = malloc(((size_t)nr + 1) * sizeof *a->read_colour);
    a->read_saved = malloc(((size_t)nr + 1) * sizeof *a->read_saved);
    char *used = NULL; /* [colours x nb]: the colour has a row moving body b */
    if (!mark || !comp_of_row || !a->read_fp || !a->read_fp_ofs || !a->read_colour || !a->read_saved)
        ok = 0;
    for (int b = 0; ok && b < nb; b++)
        mark[b] = -1;
    for (int c = 0; ok && c < m->n_comps; c++)
        for (int r = 0; r < m->comps[c].n_hrows + m->comps[c].n_vrows; r++)
            comp_of_row[m->comps[c].row_ofs + r] = c;
    for (int k = 0; ok && k < nr; k++) {
        int cr = comp_of_row[a->read_rows[k]];
        a->read_fp_ofs[k] = (int)n;
        n = add_bodies(a, &m->comps[cr], mark, k, n, &cap);
        for (int c = 0; n >= 0 && c < m->n_comps; c++)
            for (int d = 0; n >= 0 && d < m->comps[c].n_depends; d++)
                if (m->comps[c].depends[d] == cr)
                    n = add_bodies(a, &m->comps[c], mark, k, n, &cap);
        ok = n >= 0;
    }
    if (ok)
        a->read_fp_ofs[nr] = (int)n;
    a->n_read_colours = 0;
    for (int k = 0; ok && k < nr; k++) {
        int colour = 0;
        for (; colour < a->n_read_colours; colour++) {
            int clash = 0;
            for (int i = a->read_fp_ofs[k]; i < a->read_fp_ofs[k + 1] && !clash; i++)
                clash = used[(size_t)colour * nb + a->read_fp[i]];
            if (!clash)
                break;
        }
        if (colour == a->n_read_colours) { /* a new colour */
            char *grown = realloc(used, (size_t)(colour + 1) * (size_t)nb + 1);
            if (!grown) {
                ok = 0;
                break;
            }
            used = grown;
            memset(used + (size_t)colour * nb, 0, (size_t)nb);
            a->n_read_colours++;
        }
        a->read_colour[k] = colour;
        for (int i = a->read_fp_ofs[k]; i < a->read_fp_ofs[k + 1]; i++)
            used[(size_t)colour * nb + a->read_fp[i]] = 1;
    }
    free(mark);
    free(comp_of_row);
    free(used);
    return ok ? 0 : -1;
}

/* The rows of every component whose multipliers another one reads. */
static int find_read_rows(mbs_assembler *a)
{
    const mbs_model *m = a->m;
    char *read = calloc((size_t)m->n_comps + 1, 1);
    if (!read)
        return -1;
    for (int c = 0; c < m->n_comps; c++)
        for (int k = 0; k < m->comps[c].n_depends; k++)
            read[m->comps[c].depends[k]] = 1;
    int n = 0;
    for (int c = 0; c < m->n_comps; c++)
        if (read[c])
            n += m->comps[c].n_hrows + m->comps[c].n_vrows;
    a->read_rows = malloc(((size_t)n + 1) * sizeof *a->read_rows);
    a->read_cols = malloc(((size_t)n * m->nu + 1) * sizeof *a->read_cols);
    a->res_base = malloc(((size_t)m->nu + 1) * sizeof *a->res_base);
    if (!a->read_rows || !a->read_cols || !a->res_base) {
        free(read);
        return -1;
    }
    for (int c = 0; c < m->n_comps; c++)
        for (int r = 0; read[c] && r < m->comps[c].n_hrows + m->comps[c].n_vrows; r++)
            a->read_rows[a->n_read_rows++] = m->comps[c].row_ofs + r;
    free(read);
    return colour_read_rows(a);
}

mbs_assembler *mbs_assembler_create(const mbs_model *m, mbs_data *d, int sparse)
{
    mbs_assembler *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    a->m = m;
    a->d = d;
    a->aug = mbs_augmented_create(m, sparse);
    size_t ny = (size_t)m->ny + 1, na = (size_t)(m->nu + m->n_rows) + 1, nr = (size_t)m->n_rows + 1;
    a->yp0 = calloc(ny, sizeof *a->yp0);
    a->res = calloc(ny, sizeof *a->res);
    a->ywork = calloc(ny, sizeof *a->ywork);
    a->y_given = calloc(ny, sizeof *a->y_given);
    a->culprit = -1;
    a->rhs = calloc(na, sizeof *a->rhs);
    a->c_plus = calloc(nr, sizeof *a->c_plus);
    a->c_minus = calloc(nr, sizeof *a->c_minus);
    a->lambda_guess = calloc(nr, sizeof *a->lambda_guess);
    a->states = mbs_state_solver_create(m, d);
    a->reaction_read = malloc((size_t)m->n_comps + 1);
    if (a->reaction_read)
        mbs_reaction_readers(m, a->reaction_read);
    if (!a->reaction_read || !a->y_given || !a->aug || !a->yp0 || !a->res || !a->ywork || !a->rhs || !a->c_plus || !a->c_minus || !a->lambda_guess || !a->states ||
        find_read_rows(a) != 0) {
        mbs_assembler_free(a);
        return NULL;
    }
    return a;
}

void mbs_assembler_free(mbs_assembler *a)
{
    if (!a)
        return;
    mbs_augmented_free(a->aug);
    free(a->yp0);
    free(a->res);
    free(a->ywork);
    free(a->y_given);
    free(a->rhs);
    free(a->c_plus);
    free(a->c_minus);
    free(a->lambda_guess);
    free(a->read_rows);
    free(a->read_cols);
    free(a->read_fp);
    free(a->read_fp_ofs);
    free(a->read_colour);
    free(a->read_saved);
    free(a->res_base);
    mbs_state_solver_free(a->states);
    free(a->reaction_read);
    free(a);
}

static void evaluate(mbs_assembler *a, double t, const double *y, const double *yp)
{
    a->d->eval_failed = 0;
    mbs_residual(a->m, a->d, t, y, yp, a->res);
}

/* ---- redundancy ---- */

typedef struct dense_row_ctx {
    double *col;     /* column of G^T = row of G, compact columns */
    const int *map;  /* velocity coordinate -> compact column */
} dense_row_ctx;

static void put_dense(void *ctx, int col, double value)
{
    dense_row_ctx *c = ctx;
    c->col[c->map[col]] += value;
}

/* Dense rank analysis costs O(rows^2 columns); beyond this many entries it
 * runs only when a factorisation has shown the constraints singular. */
#define DENSE_RANK_LIMIT 4000000.0

/* The load components (bits of mbs_joint_unused_loads) as a list:
 * "F_z, T_x and T_y". */
static void name_loads(unsigned bits, char *out, size_t size)
{
    static const char *const NAMES[6] = {"F_x", "F_y", "F_z", "T_x", "T_y", "T_z"};
    int n = 0, total = 0;
    for (int k = 0; k < 6; k++)
        total += (bits >> k) & 1u;
    size_t len = 0;
    out[0] = '\0';
    for (int k = 0; k < 6 && len < size; k++)
        if ((bits >> k) & 1u) {
            n++;
            len += (size_t)snprintf(out + len, size - len, "%s%s", n == 1 ? "" : n == total ? " and " : ", ",
                                    NAMES[k]);
        }
}

/* The joint whose reaction component c reads (a joint-local law that
 * does: joint friction), or -1. */
static int reaction_read(const mbs_model *m, int c)
{
    const mbs_component *comp = &m->comps[c];
    mbs_joint_local l;
    return comp->ops->joint_local && comp->ops->joint_local(comp, &l) && l.reads_reaction ? l.joint : -1;
}

/* Joint friction (a joint-local law reading its joint's reaction) whose
 * joint lost rows: it no longer sees their share of the joint's load (the
 * other constraints of the loop carry it), a warning each naming the
 * components. The rows' Jacobians are those of the last evaluation (at t,
 * y). */
static void warn_friction_unloaded(mbs_assembler *a, double t, const double *y, mbs_diags *diag)
{
    const mbs_model *m = a->m;
    mbs_eval ev = {m, a->d, t, y, a->yp0, a->res};
    for (int c = 0; c < m->n_comps; c++) {
        const mbs_component *comp = &m->comps[c];
        int read = reaction_read(m, c);
        if (read < 0 || !mbs_component_active(m, a->d, c))
            continue;
        const mbs_component *joint = &m->comps[read];
        int lost = 0;
        for (int r = 0; r < joint->n_hrows + joint->n_vrows; r++)
            lost += a->d->row_enabled[joint->row_ofs + r] && !a->d->row_active[joint->row_ofs + r];
        if (!lost)
            continue;
        char what[256], jwhat[256], loads[64];
        mbs_component_describe(comp, what, sizeof what);
        mbs_component_describe(joint, jwhat, sizeof jwhat);
        name_loads(mbs_joint_unused_loads(joint, &ev, a->d->row_active), loads, sizeof loads);
        mbs_diag_add(diag, MBS_SEV_WARNING, m->path, comp->line,
                     "%s: %d of the constraint equations of %s, whose reaction it reads, are redundant and left out: "
                     "the friction does not see their share of the joint's %s (J's axes), which the other joints of "
                     "the loop carry; how a closed loop shares such loads is indeterminate for rigid bodies (see "
                     "docs/joint-friction.md)",
                     what, lost, jwhat, loads[0] ? loads : "load");
    }
}

static void warn_dropped(mbs_assembler *a, double t, const double *y, mbs_diags *diag)
{
    const mbs_model *m = a->m;
    for (int c = 0; c < m->n_comps; c++) {
        const mbs_component *comp = &m->comps[c];
        int n_rows = comp->n_hrows + comp->n_vrows, lost = 0;
        for (int r = 0; r < n_rows; r++)
            lost += a->d->row_enabled[comp->row_ofs + r] && !a->d->row_active[comp->row_ofs + r];
        if (lost) {
            char what[256];
            mbs_component_describe(comp, what, sizeof what);
            mbs_diag_add(diag, MBS_SEV_WARNING, m->path, comp->line,
                         "%s: %d of its %d constraint equations are redundant (they repeat what other "
                         "constraints impose) and are left out; their reaction forces are carried by the others",
                         what, lost, n_rows);
        }
    }
    warn_friction_unloaded(a, t, y, diag);
}

/* The independent rows among rows[0 .. n_rows) from G^T (n_cols x n_rows,
 * destroyed): perm[0 .. rank) independent, the rest dependent; the rank,
 * or -1 out of memory. With n_first > 0 the first n_first rows (those whose
 * reactions something reads) are taken first and all in their order
 * (mbs_rank_in_order), unless that finds another rank than the pivoted QR
 * (nearly dependent rows): then the QR's choice. */
static int independent_rows(double *Gt, int n_cols, int n_rows, int n_first, int *perm)
{
    if (n_first == 0)
        return mbs_qr_rank(Gt, n_cols, n_rows, 1e-9, perm);
    double *copy = malloc(((size_t)n_cols * n_rows + 1) * sizeof *copy);
    if (!copy)
        return -1;
    memcpy(copy, Gt, (size_t)n_cols * n_rows * sizeof *copy);
    int rank = mbs_qr_rank(Gt, n_cols, n_rows, 1e-9, perm);
    int *ordered = malloc(((size_t)n_rows + 1) * sizeof *ordered);
    int rank_ordered = ordered ? mbs_rank_in_order(copy, n_cols, n_rows, 1e-8, ordered) : -1;
    if (rank_ordered == rank)
        memcpy(perm, ordered, (size_t)n_rows * sizeof *perm);
    free(copy);
    free(ordered);
    return rank;
}

int mbs_find_redundant(mbs_assembler *a, double t, const double *y, int force, mbs_diags *diag)
{
    const mbs_model *m = a->m;
    char *on_loop = calloc((size_t)m->n_comps + 1, 1);
    int *rows = malloc(((size_t)m->n_rows + 1) * sizeof *rows);
    int *map = malloc(((size_t)m->nu + 1) * sizeof *map);
    double *Gt = NULL;
    int *perm = NULL, result = -1;
    if (!on_loop || !rows || !map || mbs_loop_components(m, on_loop) < 0)
        goto done;
    /* from the rows in use (commands may have changed them since the last analysis) */
    memcpy(a->d->row_active, a->d->row_enabled, (size_t)m->n_rows);
    /* the rows of elements on loops, those whose reactions are read first,
     * and the velocity coordinates they touch */
    int n_rows = 0, n_cols = 0, n_first = 0;
    for (int i = 0; i < m->nu; i++)
        map[i] = -1;
    for (int pass = 0; pass < 2; pass++)
        for (int c = 0; c < m->n_comps; c++) {
            const mbs_component *comp = &m->comps[c];
            if (!on_loop[c] || a->reaction_read[c] != (pass == 0))
                continue;
            for (int r = 0; r < comp->n_hrows + comp->n_vrows; r++)
                if (a->d->row_enabled[comp->row_ofs + r])
                    rows[n_rows++] = comp->row_ofs + r;
            n_first += pass == 0 ? n_rows - n_first : 0;
            for (int k = 0; k < comp->n_bodies; k++) {
                const mbs_body *b = &m->bodies[comp->bodies[k]];
                for (int i = 0; i < b->nu; i++)
                    if (map[b->u_ofs - m->ofs_u + i] < 0)
                        map[b->u_ofs - m->ofs_u + i] = n_cols++;
            }
        }
    result = 0;
    if (n_rows == 0)
        goto done;
    if (!force && (double)n_rows * n_cols > DENSE_RANK_LIMIT) {
        result = MBS_RANK_SKIPPED;
        goto done;
    }
    evaluate(a, t, y, a->yp0);
    /* Gt is n_cols x n_rows, row-major: column k holds row rows[k] of G */
    Gt = calloc((size_t)n_cols * n_rows + 1, sizeof *Gt);
    double *colbuf = calloc((size_t)n_cols + 1, sizeof *colbuf);
    perm = malloc(((size_t)n_rows + 1) * sizeof *perm);
    if (!Gt || !colbuf || !perm) {
        free(colbuf);
        result = -1;
        goto done;
    }
    for (int k = 0; k < n_rows; k++) {
        memset(colbuf, 0, (size_t)n_cols * sizeof *colbuf);
        dense_row_ctx c = {colbuf, map};
        mbs_row_coefficients(m, a->d, rows[k], put_dense, &c);
        for (int i = 0; i < n_cols; i++)
            Gt[(size_t)i * n_rows + k] = colbuf[i];
    }
    free(colbuf);
    int rank = independent_rows(Gt, n_cols, n_rows, n_first, perm);
    if (rank < 0) {
        result = -1;
        goto done;
    }
    for (int k = rank; k < n_rows; k++)
        a->d->row_active[rows[perm[k]]] = 0;
    result = n_rows - rank;
    if (result > 0)
        warn_dropped(a, t, y, diag);
done:
    free(on_loop);
    free(rows);
    free(map);
    free(Gt);
    free(perm);
    return result;
}

/* ---- positions ---- */

/* Largest |g| over the holonomic rows that are active (or, with `dropped`,
 * over those the redundancy analysis switched off). */
static double position_error(const mbs_assembler *a, int dropped, int *worst_row)
{
    const mbs_model *m = a->m;
    double err = 0.0;
    *worst_row = -1;
    for (int r = 0; r < m->n_rows; r++)
        if (a->d->row_enabled[r] && a->d->row_active[r] == !dropped && m->row_mu[r] >= 0 &&
            fabs(a->d->rows[r].g) > err) {
            err = fabs(a->d->rows[r].g);
            *worst_row = r;
        }
    return err;
}

static void normalise_quaternions(const mbs_model *m, double *y)
{
    for (int i = 0; i < m->n_bodies; i++)
        if (m->bodies[i].type == MBS_BODY_RIGID)
            mbs_quat_normalise(y + m->bodies[i].q_ofs + 3);
}

static void apply_displacement(const mbs_model *m, double *y, const double *dx)
{
    for (int i = 0; i < m->n_bodies; i++) {
        const mbs_body *b = &m->bodies[i];
        const double *x = dx + (b->u_ofs - m->ofs_u);
        double *q = y + b->q_ofs;
        switch (b->type) {
        case MBS_BODY_RIGID:
            v3_add(q, q, x);
            mbs_quat_rotate_body(q + 3, x + 3);
            break;
        case MBS_BODY_POINT:
            v3_add(q, q, x);
            break;
        case MBS_BODY_MASS1D:
            q[0] += x[0];
            break;
        case MBS_BODY_GROUND:
            break;
        }
    }
}

static double length_scale(const mbs_model *m)
{
    double L = 1.0;
    for (int i = 0; i < m->n_bodies; i++)
        if (m->bodies[i].type == MBS_BODY_RIGID || m->bodies[i].type == MBS_BODY_POINT)
            L = fmax(L, v3_norm(m->bodies[i].r0));
    return L;
}

/* The message of a failed assembly: "cannot assemble the model at t = ..:
 * <why> <the loop of the row furthest from closed, with the gaps of its
 * joints' markers (unclosed_loop.h)><tail>"; the component to name first
 * goes to a->culprit. */
static int fail_assembly(mbs_assembler *a, double t, const double *y, int worst_row, const char *why, const char *tail,
                         char *msg, size_t msgsize)
{
    char loop[1500];
    a->culprit = mbs_describe_unclosed(a->m, a->d, t, a->y_given, y, worst_row, loop, sizeof loop);
    snprintf(msg, msgsize, "cannot assemble the model at t = %g: %s %s%s", t, why, loop, tail);
    return -1;
}

/* Rows dropped as dependent must hold by themselves once the others do;
 * if they do not, the constraints contradict each other (over-determined
 * rather than merely redundant). */
static int dropped_rows_hold(mbs_assembler *a, double t, const double *y, double tol, char *msg, size_t msgsize)
{
    int worst_row;
    double err = position_error(a, 1, &worst_row);
    if (err <= 1e3 * tol)
        return 0;
    return fail_assembly(a, t, y, worst_row,
                         "the constraints contradict each other (more equations than the bodies can satisfy) around",
                         "", msg, msgsize);
}

int mbs_assemble_positions(mbs_assembler *a, double t, double *y, char *msg, size_t msgsize)
{
    const mbs_model *m = a->m;
    double tol = 1e-12 * length_scale(m);
    double previous = INFINITY, best = INFINITY;
    int worse = 0, worst_row = -1;
    a->culprit = -1;
    memcpy(a->y_given, y, (size_t)m->ny * sizeof *y);
    for (int iter = 0; iter < 60; iter++) {
        normalise_quaternions(m, y);
        evaluate(a, t, y, a->yp0);
        double err = position_error(a, 0, &worst_row);
        if (err <= tol)
            return dropped_rows_hold(a, t, y, tol, msg, msgsize);
        if (err < best) { /* the closest so far, which a failure describes */
            best = err;
            memcpy(a->ywork, y, (size_t)m->ny * sizeof *y);
        }
        if (err >= previous && ++worse > 5)
            break;
        previous = fmin(previous, err);
        if (mbs_augmented_factor(a->aug, a->d, 1) != 0)
            return fail_assembly(a, t, y, worst_row, "the constraint equations are singular near this configuration, in",
                                 "", msg, msgsize);
        memset(a->rhs, 0, (size_t)(m->nu + m->n_rows) * sizeof *a->rhs);
        for (int r = 0; r < m->n_rows; r++)
            if (a->d->row_active[r] && m->row_mu[r] >= 0)
                a->rhs[m->nu + r] = -a->d->rows[r].g;
        if (mbs_augmented_solve(a->aug, a->rhs) != 0)
            break;
        apply_displacement(m, y, a->rhs);
    }
    memcpy(y, a->ywork, (size_t)m->ny * sizeof *y);
    evaluate(a, t, y, a->yp0);
    position_error(a, 0, &worst_row);
    return fail_assembly(a, t, y, worst_row, "the constraints cannot all be satisfied in",
                         ": check the markers of its joints", msg, msgsize);
}

int mbs_assembler_culprit(const mbs_assembler *a)
{
    return a->culprit;
}

/* ---- velocities ---- */

static void mass_times(const mbs_model *m, const double *u, double *out)
{
    for (int i = 0; i < m->n_bodies; i++) {
        const mbs_body *b = &m->bodies[i];
        int k = b->u_ofs - m->ofs_u;
        switch (b->type) {
        case MBS_BODY_RIGID:
            for (int j = 0; j < 3; j++)
                out[k + j] = b->mass * u[k + j];
            m3_mul_v(out + k + 3, b->inertia, u + k + 3);
            break;
        case MBS_BODY_POINT:
            for (int j = 0; j < 3; j++)
                out[k + j] = b->mass * u[k + j];
            break;
        case MBS_BODY_MASS1D:
            out[k] = b->mass * u[k];
            break;
        case MBS_BODY_GROUND:
            break;
        }
    }
}

int mbs_project_velocities(mbs_assembler *a, double t, double *y, char *msg, size_t msgsize)
{
    const mbs_model *m = a->m;
    evaluate(a, t, y, a->yp0);
    if (m->n_rows == 0)
        return 0;
    if (mbs_augmented_factor(a->aug, a->d, 0) != 0) {
        snprintf(msg, msgsize, "cannot make the velocities consistent at t = %g: the constraints are singular", t);
        return -1;
    }
    double *u = y + m->ofs_u;
    mass_times(m, u, a->rhs);
    for (int r = 0; r < m->n_rows; r++)
        a->rhs[m->nu + r] = a->d->row_active[r] ? -a->d->rows[r].gt : 0.0;
    if (mbs_augmented_solve(a->aug, a->rhs) != 0) {
        snprintf(msg, msgsize, "cannot make the velocities consistent at t = %g", t);
        return -1;
    }
    memcpy(u, a->rhs, (size_t)m->nu * sizeof *u);
    return 0;
}

/* ---- rates and multipliers ---- */

/* dq/dt = T(q) u for every body. */
static void position_rates(const mbs_model *m, const double *y, double *qdot)
{
    for (int i = 0; i < m->n_bodies; i++) {
        const mbs_body *b = &m->bodies[i];
        const double *u = y + b->u_ofs;
        double *qd = qdot + (b->q_ofs - m->ofs_q);
        switch (b->type) {
        case MBS_BODY_RIGID: {
            double L[12];
            mbs_quat_L(y + b->q_ofs + 3, L);
            v3_copy(qd, u);
            for (int k = 0; k < 4; k++)
                qd[3 + k] = 0.5 * (L[k] * u[3] + L[4 + k] * u[4] + L[8 + k] * u[5]);
            break;
        }
        case MBS_BODY_POINT:
            v3_copy(qd, u);
            break;
        case MBS_BODY_MASS1D:
            qd[0] = u[0];
            break;
        case MBS_BODY_GROUND:
            break;
        }
    }
}

/* Rates of the constraint rows, G(q, t) u + g_t(q, t), at q + s dq/dt, t + s. */
static void row_rates_along(mbs_assembler *a, double t, const double *y, const double *qdot, double s, double *out)
{
    const mbs_model *m = a->m;
    memcpy(a->ywork, y, (size_t)m->ny * sizeof *y);
    for (int i = 0; i < m->nq; i++)
        a->ywork[m->ofs_q + i] += s * qdot[i];
    memset(a->ywork + m->ofs_lambda, 0, (size_t)(m->ny - m->ofs_lambda) * sizeof *a->ywork);
    evaluate(a, t + s, a->ywork, a->yp0);
    for (int r = 0; r < m->n_rows; r++)
        out[r] = a->res[m->ofs_lambda + r];
}

/* the floors: accelerations in m/s^2 or rad/s^2, multipliers in N or N m */
#define COUPLED_ACCEL_FLOOR 1e-3
#define COUPLED_LAMBDA_FLOOR 1e-3

/* The force rows' dependence on each multiplier that forces read: columns
 * d(residual of the force rows)/d(lambda_r) by differences (G_r^T plus, e.g.,
 * the joint friction's dependence on its joint's reaction), a colour of
 * rows at a time (colour_read_rows): each column takes the velocity rows of
 * its footprint's bodies, the only ones it moves. */
static int read_columns(mbs_assembler *a, double t, double *y, const double *yp)
{
    const mbs_model *m = a->m;
    memcpy(a->res_base, a->res + m->ofs_u, (size_t)m->nu * sizeof *a->res_base);
    for (int colour = 0; colour < a->n_read_colours; colour++) {
        for (int k = 0; k < a->n_read_rows; k++)
            if (a->read_colour[k] == colour) {
                double *lambda = &y[m->ofs_lambda + a->read_rows[k]];
                a->read_saved[k] = *lambda;
                *lambda += 1e-7 * fmax(fabs(*lambda), 1.0);
            }
        evaluate(a, t, y, yp);
        for (int k = 0; k < a->n_read_rows; k++) {
            if (a->read_colour[k] != colour)
                continue;
            double *lambda = &y[m->ofs_lambda + a->read_rows[k]], inc = *lambda - a->read_saved[k];
            *lambda = a->read_saved[k];
            double *col = a->read_cols + (size_t)k * m->nu;
            memset(col, 0, (size_t)m->nu * sizeof *col);
            for (int i = a->read_fp_ofs[k]; i < a->read_fp_ofs[k + 1]; i++) {
                const mbs_body *b = &m->bodies[a->read_fp[i]];
                for (int u = b->u_ofs - m->ofs_u; u < b->u_ofs - m->ofs_u + b->nu; u++)
                    col[u] = (a->res[m->ofs_u + u] - a->res_base[u]) / inc;
            }
        }
        if (a->d->eval_failed)
            return -1;
    }
    return 0;
}

/* What a failure of coupled_rates names: the joint whose multipliers, read
 * by forces, moved most in the last update (relative to themselves), and
 * the joint friction that reads them. */
static void name_restless(const mbs_assembler *a, const double *y, char *out, size_t size)
{
    const mbs_model *m = a->m;
    int worst = -1;
    double most = -1.0;
    for (int k = 0; k < a->n_read_rows; k++) {
        int r = a->read_rows[k];
        double step = fabs(a->rhs[m->nu + r]) / fmax(fabs(y[m->ofs_lambda + r]), COUPLED_LAMBDA_FLOOR);
        if (step > most) {
            most = step;
            worst = m->row_comp[r];
        }
    }
    if (worst < 0) {
        snprintf(out, size, "the joints' reactions");
        return;
    }
    char joint[128], friction[128] = "";
    mbs_component_describe(&m->comps[worst], joint, sizeof joint);
    for (int c = 0; c < m->n_comps && !friction[0]; c++)
        if (reaction_read(m, c) == worst)
            mbs_component_describe(&m->comps[c], friction, sizeof friction);
    snprintf(out, size, "%s%s%s", joint, friction[0] ? ", read by " : "", friction);
}

/* When forces depend on the multipliers (joint friction reads its joint's
 * reaction), the system for du/dt and lambda is nonlinear:
 *   M du/dt - f(lambda) + G^T lambda = 0,   G du/dt + gamma = 0.
 * Newton from the solution with the forces at lambda = 0 (already in yp, y),
 * the matrix's upper-right columns of the multipliers that forces read
 * formed by differences; the constraint rows stay satisfied (linear, their
 * right side does not change). A fixed-point iteration on [M G^T; G 0] is
 * not enough: a LuGre bristle starting relaxed on a moving joint has a
 * friction coefficient far above 1 for an instant. */
static int coupled_rates(mbs_assembler *a, double t, double *y, double *yp, char *msg, size_t msgsize)
{
    const mbs_model *m = a->m;
    double previous = INFINITY;
    for (int iter = 0; iter < 60; iter++) {
        evaluate(a, t, y, yp);
        if (a->d->eval_failed || read_columns(a, t, y, yp) != 0) {
            snprintf(msg, msgsize, "%s", a->d->eval_message);
            return -1;
        }
        for (int i = 0; i < m->nu; i++)
            a->rhs[i] = -a->res_base[i];
        memset(a->rhs + m->nu, 0, (size_t)m->n_rows * sizeof *a->rhs);
        if (mbs_augmented_factor_coupled(a->aug, a->d, a->read_rows, a->n_read_rows, a->read_cols) != 0 ||
            mbs_augmented_solve(a->aug, a->rhs) != 0)
            break;
        for (int i = 0; i < m->nu; i++)
            yp[m->ofs_u + i] += a->rhs[i];
        for (int r = 0; r < m->n_rows; r++)
            y[m->ofs_lambda + r] += a->rhs[m->nu + r];
        double change = fmax(mbs_relative_change(a->rhs, yp + m->ofs_u, m->nu, COUPLED_ACCEL_FLOOR),
                             mbs_relative_change(a->rhs + m->nu, y + m->ofs_lambda, m->n_rows, COUPLED_LAMBDA_FLOOR));
        /* converged far below what the integrator's start needs, or (Newton
         * stalling on rounding) close to it. Where a normal force passes
         * zero (a revolute's axial load, smoothed within 1e-9 of the
         * weight) the difference columns straddle the smoothing and Newton
         * converges only linearly: 1e-10 is reached, 1e-12 may not be. */
        if (change <= 1e-10 || (change <= 1e-8 && change >= previous))
            return 0;
        previous = change;
    }
    char what[300];
    name_restless(a, y, what, sizeof what);
    snprintf(msg, msgsize,
             "cannot compute consistent accelerations at t = %g: the forces that depend on joint reactions (joint "
             "friction) and the reactions do not settle on a solution (moving most: %s)", t, what);
    return -1;
}

/* du/dt and lambda for the current states: [M G^T; G 0] with the forces at
 * du/dt = 0, lambda = 0, Newton when forces read multipliers; then the
 * explicit state rates (dz/dt - h = 0 gives dz/dt = -residual at 0). */
static int accelerations(mbs_assembler *a, double t, double *y, double *yp, double s, char *msg, size_t msgsize)
{
    const mbs_model *m = a->m;
    memset(yp + m->ofs_u, 0, (size_t)m->nu * sizeof *yp);
    memset(y + m->ofs_lambda, 0, (size_t)(m->ny - m->ofs_lambda) * sizeof *y);
    /* Forces that read multipliers (joint friction) are taken at the guess
     * in the linear solve below, so that the Newton of coupled_rates starts
     * next to the solution: from an integrator's state it needs one or two
     * iterations instead of five or more, each of difference columns (22 %
     * of a friction chain's time went to its output rows). The residual is
     * linear in the multipliers otherwise, so the solve gives the increment. */
    if (a->n_read_rows > 0)
        memcpy(y + m->ofs_lambda, a->lambda_guess, (size_t)m->n_rows * sizeof *y);
    /* forces, gyroscopic terms and state rates: residual at du/dt = 0, lambda = 0 */
    evaluate(a, t, y, yp);
    if (a->d->eval_failed) {
        snprintf(msg, msgsize, "%s", a->d->eval_message);
        return -1;
    }
    for (int i = 0; i < m->nz; i++)
        if (mbs_state_is_explicit(a->states, i))
            yp[m->ofs_z + i] = -a->res[m->ofs_z + i];
    for (int i = 0; i < m->nu; i++)
        a->rhs[i] = -a->res[m->ofs_u + i];
    for (int r = 0; r < m->n_rows; r++)
        a->rhs[m->nu + r] = a->d->row_active[r] ? -(a->c_plus[r] - a->c_minus[r]) / (2.0 * s) : 0.0;
    if (mbs_augmented_factor(a->aug, a->d, 0) != 0) {
        snprintf(msg, msgsize, "cannot compute consistent accelerations at t = %g: the constraints are singular", t);
        return -1;
    }
    if (mbs_augmented_solve(a->aug, a->rhs) != 0) {
        snprintf(msg, msgsize, "cannot compute consistent accelerations at t = %g", t);
        return -1;
    }
    memcpy(yp + m->ofs_u, a->rhs, (size_t)m->nu * sizeof *yp);
    for (int r = 0; r < m->n_rows; r++)
        y[m->ofs_lambda + r] += a->rhs[m->nu + r];
    if (a->n_read_rows > 0 && coupled_rates(a, t, y, yp, msg, msgsize) != 0)
        return -1;
    /* state rates that depend on the accelerations or multipliers just found */
    evaluate(a, t, y, yp);
    for (int i = 0; i < m->nz; i++)
        if (mbs_state_is_explicit(a->states, i))
            yp[m->ofs_z + i] -= a->res[m->ofs_z + i];
    return 0;
}

int mbs_consistent_rates(mbs_assembler *a, double t, double *y, double *yp, char *msg, size_t msgsize)
{
    const mbs_model *m = a->m;
    for (int r = 0; a->n_read_rows > 0 && r < m->n_rows; r++) {
        double lambda = y[m->ofs_lambda + r];
        a->lambda_guess[r] = a->d->row_active[r] && isfinite(lambda) ? lambda : 0.0;
    }
    /* multipliers start at 0 (or, coupled, at the guess); they are solved for below */
    memset(y + m->ofs_lambda, 0, (size_t)(m->ny - m->ofs_lambda) * sizeof *y);
    for (int i = 0; i < m->nq + m->nu; i++)
        yp[i] = 0.0;
    memset(yp + m->ofs_lambda, 0, (size_t)(m->ny - m->ofs_lambda) * sizeof *yp);
    position_rates(m, y, yp + m->ofs_q);

    /* gamma by a central difference along the motion at fixed u */
    double vmax = 0.0;
    for (int i = 0; i < m->nq; i++)
        vmax = fmax(vmax, fabs(yp[m->ofs_q + i]));
    double s = 1e-6 / fmax(1.0, vmax);
    if (m->n_rows > 0) {
        row_rates_along(a, t, y, yp + m->ofs_q, s, a->c_plus);
        row_rates_along(a, t, y, yp + m->ofs_q, -s, a->c_minus);
    }
    /* variables and implicit equations may read the accelerations and
     * forces, which may read them: alternate until they settle */
    double change = 0.0;
    if (mbs_solve_states(a->states, t, y, yp, &change, msg, msgsize) != 0)
        return -1;
    for (int iter = 0; iter < 20; iter++) {
        if (accelerations(a, t, y, yp, s, msg, msgsize) != 0)
            return -1;
        if (mbs_state_solver_count(a->states) == 0)
            return 0;
        if (mbs_solve_states(a->states, t, y, yp, &change, msg, msgsize) != 0)
            return -1;
        if (change <= 1e-10)
            return 0;
    }
    snprintf(msg, msgsize, "cannot compute consistent accelerations at t = %g: the variables and the forces that "
                           "read them do not settle", t);
    return -1;
}

int mbs_assembler_solves_states(const mbs_assembler *a)
{
    return mbs_state_solver_count(a->states) > 0;
}

int mbs_make_consistent(mbs_assembler *a, double t, double *y, double *yp, char *msg, size_t msgsize)
{
    if (mbs_assemble_positions(a, t, y, msg, msgsize) != 0)
        return -1;
    if (mbs_project_velocities(a, t, y, msg, msgsize) != 0)
        return -1;
    return mbs_consistent_rates(a, t, y, yp, msg, msgsize);
}
