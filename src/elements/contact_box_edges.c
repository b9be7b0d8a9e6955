/* Edge-to-edge candidates of two boxes (contact_box_edges.h, docs/contact.md).
 *
 * An edge of I: a + s u, 0 <= s <= La, u unit, its two faces' outward
 * normals f1, f2; an edge of J: b + t v, 0 <= t <= Lb, faces g1, g2. The
 * closest points of the two lines (w0 = a - b, c = u . v, sin^2 = 1 - c^2):
 *   s* = (c (v . w0) - u . w0) / sin^2,   t* = ((v . w0) - c (u . w0)) / sin^2
 *   P = a + s* u (on I's edge),  Q = b + t* v (on J's edge)
 * The normal, from J to I, is the edges' common perpendicular turned out of
 * J at its edge:
 *   n = +-(u x v) / sin,   n . (g1 + g2) >= 0
 * and the signed distance along it d = n . (P - Q) (< 0: the edges have
 * crossed, each into the other box). It counts where the two edges are the
 * boxes' nearest features along n, the edge of J outermost along n and the
 * edge of I outermost along -n: n inside the cone of J's two face normals
 * and -n inside I's,
 *   k = min(n . g1, n . g2, -n . f1, -n . f2) >= 0,
 * and where the closest points lie inside both edges (0 < s* < La,
 * 0 < t* < Lb; at a vertex the corners take over). Then |d| is how far the
 * two boxes' projections on n overlap; where the overlap on a face normal
 * of either box (O, the least of the six, the separating-axis test) is
 * smaller, the boxes meet face first and this pair of edges is not where
 * they touch (a box's vertical edge and a floor's top edge, |d| the box's
 * width).
 *
 * The candidate must not appear or vanish with a penetration (the force
 * would jump, and the least distance with it: IDA's root functions). Apart
 * (d >= 0) it is simply there or not; penetrating, its depth is scaled by
 * weights that fall to 0 before any of the conditions above fails, and
 * held within the distance e of the closest points from the edges' ends:
 *   w_cone = clamp(1 + k / TAU, 0, 1)            (0 at TAU outside the cones)
 *   w_face = clamp(((1 + TAU) O - |d|) / (TAU O), 0, 1), 0 when O <= 0
 *   w_par  = clamp(sin / SIN_MIN - 1, 0, 1)      (parallel edges: no crossing)
 *   e = min(s*, La - s*, t*, Lb - t*)
 *   distance = max(d w_cone w_face w_par, -e)
 * Each weight is 1 in the plain case (two crossed edges, each box's
 * outermost along n; an edge lying flat across a face, k = 0 and |d| = O),
 * so the law sees the true depth there. The contact point is halfway
 * between P and Q. */
#include "contact_box_edges.h"
#include "../core/vec3.h"

#include <float.h>
#include <math.h>

/* How far outside the cones (as a cosine), or how far beyond the face
 * overlap (as a fraction of it), a penetrating candidate fades out: an
 * edge lying across a face and tipped by up to asin(TAU) (6 degrees) still
 * bears at its higher crossing. */
static const double TAU = 0.1;
/* Below this sine of the angle between two edges their crossing point is
 * not defined well enough to push at (it moves by the gap over the sine). */
static const double SIN_MIN = 1e-3;

/* An edge of a posed box: start, unit direction, length, its faces' outward normals. */
typedef struct box_edge {
    double a[3], u[3], len, f1[3], f2[3];
} box_edge;

/* The 12 edges of box B, edge k along axis k / 4 on the sides given by the
 * bits 0 and 1 of k: from p - H_axis + sj H_j + sl H_l (H_i the half edge
 * along axis i, sj, sl = -+1). */
static void edges_of(const mbs_posed_shape *B, box_edge e[12])
{
    double col[3][3], H[3][3];
    for (int i = 0; i < 3; i++) {
        m3_col(col[i], B->R, i);
        v3_scale(H[i], col[i], 0.5 * B->s->size[i]);
    }
    for (int k = 0; k < 12; k++) {
        int axis = k / 4, j = (axis + 1) % 3, l = (axis + 2) % 3;
        double sj = k & 1 ? 1.0 : -1.0, sl = k & 2 ? 1.0 : -1.0;
        box_edge *x = &e[k];
        for (int i = 0; i < 3; i++) {
            x->a[i] = B->p[i] - H[axis][i] + sj * H[j][i] + sl * H[l][i];
            x->u[i] = col[axis][i];
            x->f1[i] = sj * col[j][i];
            x->f2[i] = sl * col[l][i];
        }
        x->len = B->s->size[axis];
    }
}

/* The least overlap of the two boxes' projections on the six face normals:
 * on the axis x, r_B = sum_i (h_i |x . e_i|) (h the half edges, e_i the
 * box's axes) and the overlap r_I + r_J - |x . (p_I - p_J)|. */
static double face_overlap(const mbs_posed_shape *I, const mbs_posed_shape *J)
{
    double c[3], least = DBL_MAX;
    v3_sub(c, I->p, J->p);
    for (int b = 0; b < 6; b++) {
        double x[3], e[3], r = 0.0;
        m3_col(x, b < 3 ? I->R : J->R, b % 3);
        for (int i = 0; i < 3; i++) {
            m3_col(e, I->R, i);
            r += 0.5 * I->s->size[i] * fabs(v3_dot(x, e));
            m3_col(e, J->R, i);
            r += 0.5 * J->s->size[i] * fabs(v3_dot(x, e));
        }
        least = fmin(least, r - fabs(v3_dot(x, c)));
    }
    return least;
}

/* Whether each edge of B comes within the bounding sphere of the other
 * box (centre c, radius r: a box's own centre and half diagonal): an edge
 * outside it cannot touch that box, its distance along n is more than its
 * gap to the sphere, > 0, so leaving it out changes no penetration and no
 * distance through zero. A box on a large floor: the floor's edges are all
 * far, and no pair is tested. */
static int edges_near(const box_edge e[12], const double c[3], double r, int near[12])
{
    int any = 0;
    for (int k = 0; k < 12; k++) {
        double w[3], x[3];
        v3_sub(w, c, e[k].a);
        double s = fmin(fmax(v3_dot(w, e[k].u), 0.0), e[k].len);
        v3_copy(x, e[k].a), v3_axpy(x, s, e[k].u);
        v3_sub(w, c, x);
        near[k] = v3_dot(w, w) <= r * r;
        any |= near[k];
    }
    return any;
}

/* Whether any of the four parallel edges of group a (along one axis) is near. */
static int group_near(const int near[12], int a)
{
    return near[4 * a] || near[4 * a + 1] || near[4 * a + 2] || near[4 * a + 3];
}

static double clamp01(double x)
{
    return fmin(1.0, fmax(0.0, x));
}

double mbs_contact_box_edges(const mbs_posed_shape *I, const mbs_posed_shape *J, mbs_contact_visit visit, void *ctx)
{
    double least = DBL_MAX, O = NAN; /* O when first needed */
    box_edge ei[12], ej[12];
    int near_i[12], near_j[12];
    edges_of(J, ej);
    if (!edges_near(ej, I->p, I->s->radius, near_j))
        return least;
    edges_of(I, ei);
    if (!edges_near(ei, J->p, J->s->radius, near_i))
        return least;
    /* by the directions of the edges (3 x 3), four parallel edges of each box at a time:
       c, sin and the projections u . a, v . a, u . b, v . b are shared */
    for (int ai = 0; ai < 3; ai++) {
        for (int aj = 0; aj < 3; aj++) {
            if (!group_near(near_i, ai) || !group_near(near_j, aj))
                continue;
            const double *u = ei[4 * ai].u, *v = ej[4 * aj].u;
            double c = v3_dot(u, v), s2 = 1.0 - c * c;
            if (s2 <= SIN_MIN * SIN_MIN)
                continue; /* w_par = 0 */
            double ua[4], va[4], ub[4], vb[4];
            for (int m = 0; m < 4; m++) {
                ua[m] = v3_dot(u, ei[4 * ai + m].a), va[m] = v3_dot(v, ei[4 * ai + m].a);
                ub[m] = v3_dot(u, ej[4 * aj + m].a), vb[m] = v3_dot(v, ej[4 * aj + m].a);
            }
            for (int mi = 0; mi < 4; mi++) {
                for (int mj = 0; mj < 4; mj++) {
                    if (!near_i[4 * ai + mi] || !near_j[4 * aj + mj])
                        continue;
                    const box_edge *A = &ei[4 * ai + mi], *B = &ej[4 * aj + mj];
                    /* the closest points first: most pairs of edges do not cross within both */
                    double uw = ua[mi] - ub[mj], vw = va[mi] - vb[mj];
                    double s = (c * vw - uw) / s2, t = (vw - c * uw) / s2;
                    if (!(s > 0.0 && s < A->len && t > 0.0 && t < B->len))
                        continue;
                    double n[3], g[3];
                    v3_cross(n, u, v);
                    double sin = v3_norm(n), w_par = clamp01(sin / SIN_MIN - 1.0);
                    if (w_par == 0.0)
                        continue;
                    v3_add(g, B->f1, B->f2);
                    v3_scale(n, n, v3_dot(n, g) < 0.0 ? -1.0 / sin : 1.0 / sin);
                    double k = fmin(fmin(v3_dot(n, B->f1), v3_dot(n, B->f2)),
                                    -fmax(v3_dot(n, A->f1), v3_dot(n, A->f2)));
                    double w_cone = clamp01(1.0 + k / TAU);
                    if (w_cone == 0.0)
                        continue;
                    double P[3], Q[3], PQ[3];
                    v3_copy(P, A->a), v3_axpy(P, s, A->u);
                    v3_copy(Q, B->a), v3_axpy(Q, t, B->u);
                    v3_sub(PQ, P, Q);
                    double d = v3_dot(n, PQ);
                    if (d < 0.0) {
                        if (isnan(O))
                            O = face_overlap(I, J);
                        double w_face = O > 0.0 ? clamp01(((1.0 + TAU) * O + d) / (TAU * O)) : 0.0;
                        double e = fmin(fmin(s, A->len - s), fmin(t, B->len - t));
                        double w = w_cone * w_face * w_par;
                        if (w == 0.0)
                            continue;
                        d = fmax(d * w, -e);
                    }
                    mbs_contact_point cp = {.distance = d};
                    v3_copy(cp.normal, n);
                    for (int i = 0; i < 3; i++)
                        cp.point[i] = 0.5 * (P[i] + Q[i]);
                    least = fmin(least, d);
                    if (visit)
                        visit(ctx, &cp);
                }
            }
        }
    }
    return least;
}
