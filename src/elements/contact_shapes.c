/* Force_Contact's shapes and narrow phase (contact_shapes.h, docs/contact.md).
 *
 * Signed distances in the shape's own frame (x its local point):
 *   sphere    d = |x| - r,                           n = x / |x|
 *   box       q = |x| - h (h the half edges); outside d = |max(q, 0)|,
 *             inside d = max_k q_k (the nearest face), n from the nearest feature
 *   cylinder, frustum: a solid of revolution about z of the trapezoid
 *             (0,0) (r0,0) (r1,L) (0,L) in (rho, z): the 2-D signed distance
 *             of (rho, z) from it, the normal turned back about z
 *   ellipsoid (semi-axes a) d ~ k0 (k0 - 1) / k1, k0 = |x / a|, k1 = |x / a^2|,
 *             n = (x / a^2) / |x / a^2|: zero on the surface and of the right
 *             sign, exact on the axes, an approximation elsewhere
 *   TriaMesh  the distance to the nearest point c of its nearest triangle,
 *             negative where x is behind that triangle's face normal
 *             f = (b - a) x (c - a) / |.| (outside where any of the triangles
 *             nearest alike, at a shared edge or vertex, has x in front);
 *             n = (x - c) / |x - c| outside, f inside.
 * A candidate point X of one shape (with a radius rad: a sphere's centre)
 * against the solid T: distance d_T(X) - rad, T's surface at X - d_T n, the
 * shape's at X - rad n, the contact point halfway between. */
#include "contact_shapes.h"
#include "contact_box_edges.h"
#include "../core/vec3.h"

#include <float.h>
#include <math.h>

int mbs_contact_shape_usable(mbs_shape s)
{
    return s == MBS_SHAPE_BOX || s == MBS_SHAPE_CYLINDER || s == MBS_SHAPE_FRUSTUM || s == MBS_SHAPE_SPHERE ||
           s == MBS_SHAPE_ELLIPSOID || s == MBS_SHAPE_MESH;
}

int mbs_contact_pair_usable(mbs_shape a, mbs_shape b)
{
    return mbs_contact_shape_usable(a) && mbs_contact_shape_usable(b) &&
           !(a == MBS_SHAPE_MESH && b == MBS_SHAPE_MESH);
}

void mbs_contact_shape_make(const mbs_model *m, int k, mbs_contact_shape *out)
{
    const mbs_graphic *g = &m->graphics[k];
    *out = (mbs_contact_shape){.graphic = k, .shape = g->shape, .body = g->body};
    v3_copy(out->pos, g->pos);
    for (int i = 0; i < 9; i++)
        out->rot[i] = g->rot[i];
    v3_copy(out->size, g->size);
    switch (g->shape) {
    case MBS_SHAPE_BOX:
        out->radius = 0.5 * v3_norm(g->size);
        out->half_thickness = 0.5 * fmin(g->size[0], fmin(g->size[1], g->size[2]));
        break;
    case MBS_SHAPE_CYLINDER:
    case MBS_SHAPE_FRUSTUM: /* (a cone's tip is thinner: its wider end counts) */
        v3_set(out->centre, 0.0, 0.0, 0.5 * g->size[2]);
        out->radius = hypot(fmax(g->size[0], g->size[1]), 0.5 * g->size[2]);
        out->half_thickness = fmin(fmax(g->size[0], g->size[1]), 0.5 * g->size[2]);
        break;
    case MBS_SHAPE_MESH:
        out->half_thickness = INFINITY;
        out->points = g->points;
        out->n_points = g->n_points;
        out->triangles = g->triangles;
        out->n_triangles = g->n_triangles;
        for (int i = 0; i < g->n_points; i++)
            v3_axpy(out->centre, 1.0 / g->n_points, g->points + 3 * i);
        for (int i = 0; i < g->n_points; i++) {
            double d[3];
            v3_sub(d, g->points + 3 * i, out->centre);
            out->radius = fmax(out->radius, v3_norm(d));
        }
        break;
    default: /* sphere, ellipsoid */
        out->radius = fmax(g->size[0], fmax(g->size[1], g->size[2]));
        out->half_thickness = fmin(g->size[0], fmin(g->size[1], g->size[2]));
        break;
    }
    m3_mul_v(out->body_centre, out->rot, out->centre);
    v3_add(out->body_centre, out->body_centre, out->pos);
}

void mbs_contact_bounding_centre(const mbs_contact_shape *s, const double r[3], const double A[9], double c[3])
{
    m3_mul_v(c, A, s->body_centre);
    v3_add(c, c, r);
}

double mbs_contact_bounds_gap(const mbs_contact_shape *I, const double cI[3], const mbs_contact_shape *J,
                              const double cJ[3])
{
    double d[3];
    v3_sub(d, cI, cJ);
    return v3_norm(d) - I->radius - J->radius;
}

void mbs_contact_pose(const mbs_contact_shape *s, const double r[3], const double A[9], mbs_posed_shape *out)
{
    out->s = s;
    m3_mul_v(out->p, A, s->pos);
    v3_add(out->p, out->p, r);
    m3_mul(out->R, A, s->rot);
}

/* ---- signed distances in the shape frame ---- */

static double sphere_distance(double r, const double x[3], double n[3])
{
    double len = v3_norm(x);
    if (len < DBL_MIN)
        v3_set(n, 0.0, 0.0, 1.0);
    else
        v3_scale(n, x, 1.0 / len);
    return len - r;
}

static double box_distance(const double size[3], const double x[3], double n[3])
{
    double q[3], o[3];
    int far = 0;
    for (int k = 0; k < 3; k++) {
        q[k] = fabs(x[k]) - 0.5 * size[k];
        o[k] = fmax(q[k], 0.0);
        if (q[k] > q[far])
            far = k;
    }
    if (q[far] > 0.0) { /* outside: to the nearest face, edge or corner */
        double d = v3_norm(o);
        for (int k = 0; k < 3; k++)
            n[k] = copysign(o[k], x[k]) / d;
        return d;
    }
    v3_zero(n); /* inside: out through the nearest face */
    n[far] = x[far] < 0.0 ? -1.0 : 1.0;
    return q[far];
}

/* Distance of P from the segment A B (2-D), and the unit vector from its
 * nearest point to P. */
static double segment_distance(const double P[2], const double A[2], const double B[2], double u[2])
{
    double ab[2] = {B[0] - A[0], B[1] - A[1]}, len2 = ab[0] * ab[0] + ab[1] * ab[1];
    double t = len2 > 0.0 ? ((P[0] - A[0]) * ab[0] + (P[1] - A[1]) * ab[1]) / len2 : 0.0;
    t = fmin(1.0, fmax(0.0, t));
    double d[2] = {P[0] - A[0] - t * ab[0], P[1] - A[1] - t * ab[1]}, len = hypot(d[0], d[1]);
    if (len < DBL_MIN) {
        u[0] = 1.0, u[1] = 0.0;
        return 0.0;
    }
    u[0] = d[0] / len, u[1] = d[1] / len;
    return len;
}

/* Cylinder (r0 = r1) and frustum: radii r0 at z = 0 and r1 at z = L. */
static double frustum_distance(const double size[3], const double x[3], double n[3])
{
    double r0 = size[0], r1 = size[1], L = size[2], rho = hypot(x[0], x[1]);
    double P[2] = {rho, x[2]}, u[2] = {0.0, 1.0};
    double side_len = hypot(L, r1 - r0), side_n[2] = {L / side_len, -(r1 - r0) / side_len};
    double side = side_n[0] * (rho - r0) + side_n[1] * x[2], d;
    if (x[2] >= 0.0 && x[2] <= L && side <= 0.0) { /* inside: the nearest of bottom, top, side */
        d = -x[2], u[0] = 0.0, u[1] = -1.0;
        if (x[2] - L > d)
            d = x[2] - L, u[0] = 0.0, u[1] = 1.0;
        if (side > d)
            d = side, u[0] = side_n[0], u[1] = side_n[1];
    } else {
        const double c[4][2] = {{0.0, 0.0}, {r0, 0.0}, {r1, L}, {0.0, L}};
        d = DBL_MAX;
        for (int k = 0; k < 3; k++) {
            double uk[2], dk = segment_distance(P, c[k], c[k + 1], uk);
            if (dk < d)
                d = dk, u[0] = uk[0], u[1] = uk[1];
        }
    }
    double ex = rho > DBL_MIN ? x[0] / rho : 1.0, ey = rho > DBL_MIN ? x[1] / rho : 0.0;
    v3_set(n, u[0] * ex, u[0] * ey, u[1]);
    return d;
}

static double ellipsoid_distance(const double a[3], const double x[3], double n[3])
{
    double xa[3], xa2[3];
    for (int k = 0; k < 3; k++)
        xa[k] = x[k] / a[k], xa2[k] = x[k] / (a[k] * a[k]);
    double k0 = v3_norm(xa), k1 = v3_norm(xa2);
    if (k1 < DBL_MIN) {
        v3_set(n, 0.0, 0.0, 1.0);
        return -fmin(a[0], fmin(a[1], a[2]));
    }
    v3_scale(n, xa2, 1.0 / k1);
    return k0 * (k0 - 1.0) / k1;
}

/* The point of triangle a b c nearest to p (the regions of its vertices,
 * edges and face in turn, by barycentric coordinates). */
static void nearest_on_triangle(const double p[3], const double a[3], const double b[3], const double c[3],
                                double q[3])
{
    double ab[3], ac[3], ap[3], bp[3], cp[3];
    v3_sub(ab, b, a), v3_sub(ac, c, a), v3_sub(ap, p, a);
    double d1 = v3_dot(ab, ap), d2 = v3_dot(ac, ap);
    if (d1 <= 0.0 && d2 <= 0.0) {
        v3_copy(q, a);
        return;
    }
    v3_sub(bp, p, b);
    double d3 = v3_dot(ab, bp), d4 = v3_dot(ac, bp);
    if (d3 >= 0.0 && d4 <= d3) {
        v3_copy(q, b);
        return;
    }
    double vc = d1 * d4 - d3 * d2;
    if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0) { /* edge ab */
        v3_copy(q, a);
        v3_axpy(q, d1 / (d1 - d3), ab);
        return;
    }
    v3_sub(cp, p, c);
    double d5 = v3_dot(ab, cp), d6 = v3_dot(ac, cp);
    if (d6 >= 0.0 && d5 <= d6) {
        v3_copy(q, c);
        return;
    }
    double vb = d5 * d2 - d1 * d6;
    if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0) { /* edge ac */
        v3_copy(q, a);
        v3_axpy(q, d2 / (d2 - d6), ac);
        return;
    }
    double va = d3 * d6 - d5 * d4;
    if (va <= 0.0 && d4 - d3 >= 0.0 && d5 - d6 >= 0.0) { /* edge bc */
        double w = (d4 - d3) / ((d4 - d3) + (d5 - d6)), bc[3];
        v3_sub(bc, c, b);
        v3_copy(q, b);
        v3_axpy(q, w, bc);
        return;
    }
    double den = 1.0 / (va + vb + vc); /* inside the face */
    v3_copy(q, a);
    v3_axpy(q, vb * den, ab);
    v3_axpy(q, vc * den, ac);
}

static double mesh_distance(const mbs_contact_shape *s, const double x[3], double n[3])
{
    double best = DBL_MAX, face_n[3] = {0.0, 0.0, 1.0}, near[3] = {0.0, 0.0, 0.0};
    int in_front = 0;
    for (int t = 0; t < s->n_triangles; t++) {
        const int *v = s->triangles + 3 * t;
        const double *a = s->points + 3 * v[0], *b = s->points + 3 * v[1], *c = s->points + 3 * v[2];
        double q[3], d[3], ab[3], ac[3], f[3];
        nearest_on_triangle(x, a, b, c, q);
        v3_sub(d, x, q);
        double dist = v3_norm(d);
        if (dist > best * (1.0 + 1e-12) + DBL_MIN)
            continue;
        v3_sub(ab, b, a), v3_sub(ac, c, a), v3_cross(f, ab, ac);
        double len = v3_norm(f);
        if (len < DBL_MIN)
            continue; /* a degenerate triangle: no face */
        v3_scale(f, f, 1.0 / len);
        int front = v3_dot(d, f) >= 0.0;
        if (dist < best * (1.0 - 1e-12)) { /* nearer than all before: the others tied no more */
            in_front = front;
            v3_copy(face_n, f);
        } else {
            in_front |= front;
        }
        best = fmin(best, dist);
        v3_copy(near, q);
    }
    if (best == DBL_MAX) {
        v3_set(n, 0.0, 0.0, 1.0);
        return DBL_MAX;
    }
    if (!in_front) {
        v3_copy(n, face_n);
        return -best;
    }
    double d[3];
    v3_sub(d, x, near);
    if (best > DBL_MIN)
        v3_scale(n, d, 1.0 / best);
    else
        v3_copy(n, face_n);
    return best;
}

/* Signed distance of the global point X from the solid T, and T's outward
 * normal there (global). */
static double distance_from(const mbs_posed_shape *T, const double X[3], double n[3])
{
    double rel[3], x[3], nl[3], d;
    v3_sub(rel, X, T->p);
    m3_tmul_v(x, T->R, rel);
    const mbs_contact_shape *s = T->s;
    switch (s->shape) {
    case MBS_SHAPE_SPHERE: d = sphere_distance(s->size[0], x, nl); break;
    case MBS_SHAPE_BOX: d = box_distance(s->size, x, nl); break;
    case MBS_SHAPE_ELLIPSOID: d = ellipsoid_distance(s->size, x, nl); break;
    case MBS_SHAPE_MESH: d = mesh_distance(s, x, nl); break;
    default: d = frustum_distance(s->size, x, nl); break;
    }
    m3_mul_v(n, T->R, nl);
    return d;
}

/* ---- candidate points ---- */

typedef struct pair_walk {
    mbs_contact_visit visit;
    void *ctx;
    double least;
} pair_walk;

/* The candidate at X (radius rad) of shape S against solid T; S_is_I says
 * which way the normal points. */
static void candidate(pair_walk *w, const mbs_posed_shape *T, const double X[3], double rad, int S_is_I)
{
    mbs_contact_point cp;
    double n[3], d = distance_from(T, X, n);
    cp.distance = d - rad;
    v3_scale(cp.normal, n, S_is_I ? 1.0 : -1.0);
    for (int k = 0; k < 3; k++)
        cp.point[k] = X[k] - 0.5 * (d + rad) * n[k];
    if (cp.distance < w->least)
        w->least = cp.distance;
    if (w->visit)
        w->visit(w->ctx, &cp);
}

static void local_point(const mbs_posed_shape *S, const double x[3], double X[3])
{
    m3_mul_v(X, S->R, x);
    v3_add(X, X, S->p);
}

/* An end circle of a cylinder or frustum (centre c, radius r, axis a):
 * its point deepest along -n, n being T's normal at c, and three more at
 * quarter turns, so that an end lying flat on T rests on four points. */
static void circle_points(pair_walk *w, const mbs_posed_shape *S, const mbs_posed_shape *T, const double c[3],
                          double r, int S_is_I)
{
    if (r <= 0.0) {
        candidate(w, T, c, 0.0, S_is_I);
        return;
    }
    double n[3], a[3], u[3], v[3], X[3];
    distance_from(T, c, n);
    m3_col(a, S->R, 2);
    v3_scale(u, n, -1.0);
    v3_axpy(u, v3_dot(n, a), a); /* -n without its part along the axis */
    double len = v3_norm(u);
    if (len < 1e-12)
        m3_col(u, S->R, 0);
    else
        v3_scale(u, u, 1.0 / len);
    v3_cross(v, a, u);
    const double turns[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
    for (int k = 0; k < 4; k++) {
        v3_copy(X, c);
        v3_axpy(X, r * turns[k][0], u);
        v3_axpy(X, r * turns[k][1], v);
        candidate(w, T, X, 0.0, S_is_I);
    }
}

/* The candidates of shape S against solid T. */
static void points_against(pair_walk *w, const mbs_posed_shape *S, const mbs_posed_shape *T, int S_is_I)
{
    const mbs_contact_shape *s = S->s;
    double X[3], x[3];
    switch (s->shape) {
    case MBS_SHAPE_SPHERE:
        candidate(w, T, S->p, s->size[0], S_is_I);
        break;
    case MBS_SHAPE_BOX:
        for (int k = 0; k < 8; k++) {
            for (int i = 0; i < 3; i++)
                x[i] = (k >> i & 1 ? 0.5 : -0.5) * s->size[i];
            local_point(S, x, X);
            candidate(w, T, X, 0.0, S_is_I);
        }
        break;
    case MBS_SHAPE_MESH:
        for (int k = 0; k < s->n_points; k++) {
            local_point(S, s->points + 3 * k, X);
            candidate(w, T, X, 0.0, S_is_I);
        }
        break;
    case MBS_SHAPE_ELLIPSOID: { /* support point along -n: a^2 d / |a d|, d = -n in the shape frame */
        double n[3], dl[3];
        distance_from(T, S->p, n);
        v3_scale(n, n, -1.0);
        m3_tmul_v(dl, S->R, n);
        double ad[3] = {s->size[0] * dl[0], s->size[1] * dl[1], s->size[2] * dl[2]}, len = v3_norm(ad);
        for (int i = 0; i < 3; i++)
            x[i] = len > DBL_MIN ? s->size[i] * ad[i] / len : 0.0;
        local_point(S, x, X);
        candidate(w, T, X, 0.0, S_is_I);
        break;
    }
    default: /* cylinder, frustum: the two end circles */
        for (int end = 0; end < 2; end++) {
            v3_set(x, 0.0, 0.0, end ? s->size[2] : 0.0);
            local_point(S, x, X);
            circle_points(w, S, T, X, s->size[end], S_is_I);
        }
        break;
    }
}

double mbs_contact_pair(const mbs_posed_shape *I, const mbs_posed_shape *J, mbs_contact_visit visit, void *ctx)
{
    double cI[3], cJ[3];
    local_point(I, I->s->centre, cI);
    local_point(J, J->s->centre, cJ);
    double gap = mbs_contact_bounds_gap(I->s, cI, J->s, cJ);
    if (gap > 0.0) /* broad phase: the bounding spheres are apart */
        return gap;
    pair_walk w = {visit, ctx, DBL_MAX};
    mbs_shape a = I->s->shape, b = J->s->shape;
    if (a == MBS_SHAPE_SPHERE) {
        points_against(&w, I, J, 1);
    } else if (b == MBS_SHAPE_SPHERE) {
        points_against(&w, J, I, 0);
    } else { /* both ways (not two meshes: refused when the model is built) */
        points_against(&w, I, J, 1);
        points_against(&w, J, I, 0);
    }
    if (a == MBS_SHAPE_BOX && b == MBS_SHAPE_BOX) /* and where their edges cross (contact_box_edges.c) */
        w.least = fmin(w.least, mbs_contact_box_edges(I, J, visit, ctx));
    return w.least;
}
