/* Force_Contact's user subroutine laws (contact_user_law.h; the arguments:
 * include/mbsim/usersub.h, docs/contact.md).
 *
 * At a candidate contact with signed distance d, unit normal n (the way I
 * is pushed) and point C halfway between the surfaces, the surfaces' own
 * points are d/2 either side of C:
 *   on I:  P_I = C + (d/2) n     outward normal of I there  -n
 *   on J:  P_J = C - (d/2) n     outward normal of J there  +n
 * and a routine is told them from the origin o of the graphic's frame, in
 * its axes R:  loc = R^T (P - o),  n_own = R^T (outward normal).
 * CNFSUB: gap = d, gapdot = n . v (v: I's material point at C relative to
 * J's), gapdotdot = 0; its result[0] is the normal force F_n, along n on I.
 * CFFSUB works in the contact's axes: e_x along the slip velocity v_t
 * (any tangent when there is none), e_z = n, e_y = e_z x e_x; it is told
 * xdot = (|v_t|, 0, 0), x = 0 and nforce = F_n, and its result is the
 * friction force on I,  F_f = r0 e_x + r1 e_y + r2 e_z.
 * Routines work in the model's units: lengths, velocities and forces are
 * converted on the way in and out. */
#include "contact_user_law.h"
#include "usersub.h"
#include "../core/vec3.h"
#include "../solver/eval/eval.h"

#include <math.h>
#include <string.h>

int mbs_contact_user_law_build(mbs_builder *b, const mbs_spec_elem *e, int user_normal, int user_friction,
                               mbs_contact_user_law *u)
{
    int rc = 0;
    memset(u, 0, sizeof *u);
    if (user_normal && !(u->cnf = mbs_usersub_contact(b, e, MBS_USER_CONTACT_NORMAL)))
        rc = -1;
    /* the friction routine is looked for too: every missing library is reported */
    if (user_friction && !(u->cff = mbs_usersub_contact(b, e, MBS_USER_CONTACT_FRICTION)))
        rc = -1;
    if (rc)
        mbs_contact_user_law_free(u);
    return rc;
}

void mbs_contact_user_law_free(mbs_contact_user_law *u)
{
    mbs_user_routine_release(u->cnf);
    mbs_user_routine_release(u->cff);
    u->cnf = u->cff = NULL;
}

/* loc = R^T (P - o) / L and the outward normal R^T n_out of one side. */
static void on_side(const mbs_posed_shape *S, const double P[3], const double n_out[3], double L, double loc[3],
                    double n_own[3])
{
    double d[3];
    v3_sub(d, P, S->p);
    m3_tmul_v(loc, S->R, d);
    v3_scale(loc, loc, 1.0 / L);
    m3_tmul_v(n_own, S->R, n_out);
}

/* The points and normals both routines are told. */
static void locate(const mbs_contact_user_point *pt, double L, mbs_user_contact *k)
{
    const mbs_contact_point *cp = pt->cp;
    double pi[3], pj[3], minus_n[3];
    v3_copy(pi, cp->point);
    v3_axpy(pi, 0.5 * cp->distance, cp->normal);
    v3_copy(pj, cp->point);
    v3_axpy(pj, -0.5 * cp->distance, cp->normal);
    v3_scale(minus_n, cp->normal, -1.0);
    on_side(pt->I, pi, minus_n, L, k->loci, k->ni);
    on_side(pt->J, pj, cp->normal, L, k->locj, k->nj);
}

double mbs_contact_user_normal(const mbs_eval *ev, const mbs_contact_user_law *u, const mbs_contact_user_point *pt)
{
    const mbs_units *units = &ev->m->units;
    double L = mbs_units_to_si(units, DIM_LENGTH), V = mbs_units_to_si(units, DIM_VELOCITY);
    mbs_user_contact k;
    memset(&k, 0, sizeof k);
    locate(pt, L, &k);
    k.gap = pt->cp->distance / L;
    k.gapdot = pt->vn / V;
    double out[3];
    mbs_user_contact_values(ev, u->cnf, &k, out);
    return out[0] * mbs_units_to_si(units, DIM_FORCE);
}

/* A unit vector perpendicular to unit n: n crossed with the axis least along it. */
static void any_tangent(const double n[3], double t[3])
{
    double axis[3] = {0.0, 0.0, 0.0};
    int i = fabs(n[0]) <= fabs(n[1]) && fabs(n[0]) <= fabs(n[2]) ? 0 : fabs(n[1]) <= fabs(n[2]) ? 1 : 2;
    axis[i] = 1.0;
    v3_cross(t, n, axis);
    v3_scale(t, t, 1.0 / v3_norm(t));
}

void mbs_contact_user_friction(const mbs_eval *ev, const mbs_contact_user_law *u, const mbs_contact_user_point *pt,
                               double fn, double ff[3])
{
    const mbs_units *units = &ev->m->units;
    double L = mbs_units_to_si(units, DIM_LENGTH), V = mbs_units_to_si(units, DIM_VELOCITY);
    double F = mbs_units_to_si(units, DIM_FORCE);
    const double *n = pt->cp->normal;
    double ex[3], ey[3], slip = v3_norm(pt->vt);
    if (slip > 0.0)
        v3_scale(ex, pt->vt, 1.0 / slip);
    else
        any_tangent(n, ex);
    v3_cross(ey, n, ex);
    mbs_user_contact k;
    memset(&k, 0, sizeof k);
    locate(pt, L, &k);
    k.xdot[0] = slip / V;
    k.nforce = fn / F;
    double out[3];
    mbs_user_contact_values(ev, u->cff, &k, out);
    v3_scale(ff, ex, out[0] * F);
    v3_axpy(ff, out[1] * F, ey);
    v3_axpy(ff, out[2] * F, n);
}
