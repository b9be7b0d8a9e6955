/* The edge-to-edge candidates of two boxes (src/elements/contact_box_edges.c,
 * docs/contact.md "Edges of two boxes"): two bricks crossed edge on edge, and
 * an edge across a face, against the geometry worked out on paper; and the
 * sum of the candidates' penetrations (what a linear law pushes with)
 * continuous where candidates appear or vanish: as an edge lying across a
 * face tips (one crossing leaves its cone), as a crossing slides past an
 * edge's end, as two crossed edges turn parallel. Each sweep crosses such
 * a place (the count of candidates changes); the largest change in one
 * step must shrink as the steps are made finer (a candidate switched on or
 * off with its depth would change the sum by half or all of it, at any
 * step). */
#include "../support/harness.h"
#include "../../src/core/vec3.h"
#include "../../src/elements/contact_box_edges.h"

#include <float.h>
#include <math.h>
#include <string.h>

static const double A = 0.1, L = 0.4, DEPTH = 1e-3, PI = 3.14159265358979323846;

/* Turns about x and z. */
static void rot_x(double t, double R[9])
{
    const double r[9] = {1, 0, 0, 0, cos(t), -sin(t), 0, sin(t), cos(t)};
    memcpy(R, r, sizeof r);
}

static void rot_z(double t, double R[9])
{
    const double r[9] = {cos(t), -sin(t), 0, sin(t), cos(t), 0, 0, 0, 1};
    memcpy(R, r, sizeof r);
}

/* Brick I (L x A x A, long along its x) turned by yaw about z after a roll
 * of 45 degrees about its long axis, then tipped by tip about global x,
 * centred at p; brick J alike, at the origin, long along x, rolled by roll_j. */
typedef struct placing {
    double yaw, tip, p[3], roll_j;
} placing;

typedef struct sum {
    int n, deep;  /* candidates, and those penetrating */
    double depth; /* sum of max(-distance, 0) */
    mbs_contact_point last;
} sum;

static void add(void *ctx, const mbs_contact_point *cp)
{
    sum *s = ctx;
    s->n++;
    s->deep += cp->distance < 0.0;
    s->depth += fmax(-cp->distance, 0.0);
    s->last = *cp;
}

static double edges(const placing *pl, sum *s)
{
    mbs_contact_shape brick;
    memset(&brick, 0, sizeof brick);
    brick.shape = MBS_SHAPE_BOX;
    v3_set(brick.size, L, A, A);
    brick.radius = 0.5 * v3_norm(brick.size); /* its bounding sphere, as a model's box has */
    mbs_posed_shape I = {.s = &brick}, J = {.s = &brick};
    double roll[9], yaw[9], tip[9], RI[9];
    rot_x(PI / 4, roll), rot_z(pl->yaw, yaw), rot_x(pl->tip, tip);
    m3_mul(RI, yaw, roll);
    m3_mul(I.R, tip, RI);
    v3_copy(I.p, pl->p);
    rot_x(pl->roll_j, J.R);
    v3_zero(J.p);
    memset(s, 0, sizeof *s);
    return mbs_contact_box_edges(&I, &J, add, s);
}

/* I's lower edge along y, DEPTH below J's top (J rolled by roll_j). */
static placing crossed(double roll_j)
{
    placing pl = {.yaw = PI / 2, .roll_j = roll_j};
    pl.p[2] = A / 2 * (cos(roll_j) + sin(roll_j)) + A / sqrt(2.0) - DEPTH;
    return pl;
}

TEST(two_bricks_crossed_edge_on_edge_touch_where_the_edges_cross)
{
    placing pl = crossed(PI / 4);
    sum s;
    CHECK_NEAR(edges(&pl, &s), -DEPTH, 1e-15);
    CHECK(s.n == 1);
    CHECK_NEAR(s.last.normal[2], 1.0, 1e-15); /* pushing I up */
    CHECK_NEAR(s.last.point[2], A / sqrt(2.0) - DEPTH / 2, 1e-15);
    CHECK_NEAR(fabs(s.last.point[0]) + fabs(s.last.point[1]), 0.0, 1e-15);
    pl.p[2] += DEPTH + 0.02; /* apart by 0.02: the same crossing at a positive distance */
    CHECK_NEAR(edges(&pl, &s), 0.02, 1e-15);
    CHECK(s.n == 1 && s.depth == 0.0);
}

TEST(an_edge_across_a_face_stands_on_the_two_edges_it_crosses)
{
    placing pl = crossed(0); /* J flat: I's edge across its top face, over both its upper edges */
    sum s;
    CHECK_NEAR(edges(&pl, &s), -DEPTH, 1e-15);
    CHECK(s.n == 2);
    CHECK_NEAR(s.depth, 2 * DEPTH, 1e-15);
}

/* Sweeps x from x0 to x1 in n steps through move(x): the largest change of
 * the summed depth in one step, relative to DEPTH, and the penetrating
 * candidates' counts at both ends. */
static double largest_jump(placing (*move)(double), double x0, double x1, int n, int *n0, int *n1)
{
    double before = 0, jump = 0;
    for (int i = 0; i <= n; i++) {
        placing pl = move(x0 + (x1 - x0) * i / n);
        sum s;
        edges(&pl, &s);
        if (i > 0)
            jump = fmax(jump, fabs(s.depth - before) / DEPTH);
        before = s.depth;
        if (i == 0)
            *n0 = s.deep;
        *n1 = s.deep;
    }
    return jump;
}

static placing tipped_across_a_face(double tip)
{
    placing pl = crossed(0);
    pl.tip = tip;
    return pl;
}

static placing slid_along_its_edge(double y)
{
    placing pl = crossed(PI / 4);
    pl.p[1] = y;
    return pl;
}

static placing slid_across_a_face(double y)
{
    placing pl = crossed(0);
    pl.p[1] = y;
    return pl;
}

static placing turned_parallel(double yaw)
{
    placing pl = crossed(PI / 4);
    pl.yaw = yaw;
    return pl;
}

/* A sum that is continuous changes by less in each step as the steps get
 * finer (tenfold finer: about a tenth, where it has a slope); one that
 * jumps keeps its jump. */
static void check_continuous(const char *what, placing (*move)(double), double x0, double x1, int n, int want0,
                             int want1)
{
    int n0, n1;
    double coarse = largest_jump(move, x0, x1, n, &n0, &n1), fine = largest_jump(move, x0, x1, 10 * n, &n0, &n1);
    CHECK_MSG(n0 == want0 && n1 == want1, "%s: %d then %d crossings in penetration, not %d and %d", what, n0, n1,
              want0, want1);
    CHECK_MSG(fine < 0.3 * coarse && fine < 0.02, "%s: the depth changes by %.3g of itself in a step, %.3g in "
              "steps ten times finer", what, coarse, fine);
}

TEST(the_depth_is_continuous_where_a_crossing_stops_counting)
{
    /* tipped by 0.15 rad about x: the higher crossing leaves its cone (fades out by 0.1 rad) */
    check_continuous("tipping", tipped_across_a_face, 0, 0.15, 1000, 2, 1);
    /* slid along y until the crossing is past I's end (I is L long: its end at y = L / 2) */
    check_continuous("sliding", slid_along_its_edge, 0.19, 0.21, 2000, 1, 0);
    /* across a face, until I's end is past the face's edge at y = -A / 2 (where the depth is
       held to the crossing's distance from I's end) */
    check_continuous("sliding across a face", slid_across_a_face, 0.14, 0.16, 2000, 2, 1);
    /* turned about z until the two edges are parallel */
    check_continuous("turning", turned_parallel, 0.02, 0, 2000, 1, 0);
}

TEST_SUITE(contact_box_edges, T(two_bricks_crossed_edge_on_edge_touch_where_the_edges_cross),
           T(an_edge_across_a_face_stands_on_the_two_edges_it_crosses),
           T(the_depth_is_continuous_where_a_crossing_stops_counting));
