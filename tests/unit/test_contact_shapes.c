/* The narrow phase of Force_Contact (src/elements/contact_shapes.c) on
 * shapes placed by hand: signed distances, normals and contact points
 * against the geometry worked out on paper. */
#include "../support/harness.h"
#include "../../src/core/vec3.h"
#include "../../src/elements/contact_shapes.h"

#include <float.h>
#include <math.h>
#include <string.h>

static const double I3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};

static mbs_contact_shape shape(mbs_shape kind, double a, double b, double c)
{
    mbs_contact_shape s;
    memset(&s, 0, sizeof s);
    s.shape = kind;
    v3_set(s.size, a, b, c);
    memcpy(s.rot, I3, sizeof I3);
    s.radius = 1e3; /* no broad phase here */
    return s;
}

typedef struct seen {
    int n;
    mbs_contact_point deepest;
} seen;

static void keep(void *ctx, const mbs_contact_point *cp)
{
    seen *s = ctx;
    if (s->n++ == 0 || cp->distance < s->deepest.distance)
        s->deepest = *cp;
}

/* The least distance of I at p_i (axes R_i) against J at the origin. */
static double pair(const mbs_contact_shape *I, const double p_i[3], const double R_i[9], const mbs_contact_shape *J,
                   seen *s)
{
    mbs_posed_shape pi, pj;
    double zero[3] = {0, 0, 0};
    mbs_contact_pose(I, p_i, R_i, &pi);
    mbs_contact_pose(J, zero, I3, &pj);
    memset(s, 0, sizeof *s);
    return mbs_contact_pair(&pi, &pj, keep, s);
}

TEST(two_spheres_touch_along_the_line_of_their_centres)
{
    mbs_contact_shape a = shape(MBS_SHAPE_SPHERE, 0.1, 0.1, 0.1), b = shape(MBS_SHAPE_SPHERE, 0.2, 0.2, 0.2);
    seen s;
    double p[3] = {0.18, 0.24, 0}; /* 0.3 apart: penetrating by 0 */
    CHECK_NEAR(pair(&a, p, I3, &b, &s), 0.0, 1e-15);
    p[0] = 0.15, p[1] = 0.2; /* 0.25 apart: 0.05 deep, pushed along (0.6, 0.8) */
    CHECK_NEAR(pair(&a, p, I3, &b, &s), -0.05, 1e-15);
    CHECK(s.n == 1);
    CHECK_NEAR(s.deepest.normal[0], 0.6, 1e-15);
    CHECK_NEAR(s.deepest.normal[1], 0.8, 1e-15);
    /* halfway between a's surface (0.25 - 0.1 from b's centre) and b's (0.2) */
    CHECK_NEAR(v3_norm(s.deepest.point), 0.175, 1e-15);
}

TEST(a_sphere_against_a_box_face_edge_and_corner)
{
    mbs_contact_shape ball = shape(MBS_SHAPE_SPHERE, 0.1, 0.1, 0.1), box = shape(MBS_SHAPE_BOX, 2, 2, 2);
    seen s;
    double over_face[3] = {0.3, -0.2, 1.05};
    CHECK_NEAR(pair(&ball, over_face, I3, &box, &s), -0.05, 1e-15);
    CHECK_NEAR(s.deepest.normal[2], 1.0, 1e-15);
    CHECK_NEAR(s.deepest.point[2], 0.975, 1e-15);
    double by_edge[3] = {1.06, 0, 1.08}; /* 0.1 from the edge x = z = 1 */
    CHECK_NEAR(pair(&ball, by_edge, I3, &box, &s), 0.0, 1e-15);
    CHECK_NEAR(s.deepest.normal[0], 0.6, 1e-15);
    double by_corner[3] = {1.2, 1.2, 1.1}; /* sqrt(0.04 + 0.04 + 0.01) = 0.3 from the corner */
    CHECK_NEAR(pair(&ball, by_corner, I3, &box, &s), 0.2, 1e-15);
    double inside[3] = {0.0, 0.0, 0.9}; /* the centre inside, 0.1 below the top: 0.2 deep */
    CHECK_NEAR(pair(&ball, inside, I3, &box, &s), -0.2, 1e-15);
    CHECK_NEAR(s.deepest.normal[2], 1.0, 1e-15);
}

TEST(a_box_rests_on_a_box_by_its_four_lower_corners)
{
    mbs_contact_shape block = shape(MBS_SHAPE_BOX, 0.2, 0.2, 0.1), floor = shape(MBS_SHAPE_BOX, 4, 4, 1);
    seen s;
    double p[3] = {0, 0, 0.5 + 0.05 - 1e-3}; /* 1 mm into the floor's top */
    CHECK_NEAR(pair(&block, p, I3, &floor, &s), -1e-3, 1e-15);
    CHECK(s.n == 16); /* 8 corners each way */
    CHECK_NEAR(s.deepest.normal[2], 1.0, 1e-15);
}

TEST(a_cylinder_and_a_frustum_by_their_revolved_trapezoid)
{
    /* a frustum of radii 0.2 (base) and 0.1 (top), 0.4 long along z */
    mbs_contact_shape fr = shape(MBS_SHAPE_FRUSTUM, 0.2, 0.1, 0.4), ball = shape(MBS_SHAPE_SPHERE, 0.05, 0.05, 0.05);
    seen s;
    double above[3] = {0, 0, 0.5}; /* 0.1 above the top face, 0.05 radius: 0.05 apart */
    CHECK_NEAR(pair(&ball, above, I3, &fr, &s), 0.05, 1e-15);
    CHECK_NEAR(s.deepest.normal[2], 1.0, 1e-15);
    /* beside the slanted side at mid height (radius 0.15 there): the side's outward
     * normal in (rho, z) is (0.4, 0.1) / |.|, the distance along it */
    double n_rho = 0.4 / hypot(0.4, 0.1), n_z = 0.1 / hypot(0.4, 0.1), d = 0.08;
    double beside[3] = {0.15 + (d + 0.05) * n_rho, 0, 0.2 + (d + 0.05) * n_z};
    CHECK_NEAR(pair(&ball, beside, I3, &fr, &s), d, 1e-14);
    CHECK_NEAR(s.deepest.normal[0], n_rho, 1e-14);
    CHECK_NEAR(s.deepest.normal[2], n_z, 1e-14);
    double below_rim[3] = {0.25, 0, -0.1}; /* nearest: the base rim (0.2, 0): 0.05 and 0.1 away */
    CHECK_NEAR(pair(&ball, below_rim, I3, &fr, &s), hypot(0.05, 0.1) - 0.05, 1e-15);
    /* a cylinder lying on its side on a floor (its axis along y): the lowest
     * points of its end circles, 2 mm deep */
    mbs_contact_shape cyl = shape(MBS_SHAPE_CYLINDER, 0.1, 0.1, 0.3), floor = shape(MBS_SHAPE_BOX, 4, 4, 1);
    const double R[9] = {1, 0, 0, 0, 0, 1, 0, -1, 0}; /* z -> -y: the base at y = 0.15, the top at -0.15 */
    double p[3] = {0, 0.15, 0.5 + 0.1 - 2e-3};
    CHECK_NEAR(pair(&cyl, p, R, &floor, &s), -2e-3, 1e-15);
    CHECK_NEAR(s.deepest.point[2], 0.5 - 1e-3, 1e-15);
}

TEST(an_ellipsoid_touches_by_its_point_deepest_along_the_normal)
{
    mbs_contact_shape ell = shape(MBS_SHAPE_ELLIPSOID, 0.3, 0.2, 0.1), floor = shape(MBS_SHAPE_BOX, 4, 4, 1);
    seen s;
    double p[3] = {0, 0, 0.5 + 0.1 - 1e-3}; /* lying flat: its z semi-axis 0.1 down */
    CHECK_NEAR(pair(&ell, p, I3, &floor, &s), -1e-3, 1e-15);
    /* turned a quarter turn about y: its x semi-axis (0.3) points down */
    const double R[9] = {0, 0, 1, 0, 1, 0, -1, 0, 0};
    double q[3] = {0, 0, 0.5 + 0.3 + 2e-3};
    CHECK_NEAR(pair(&ell, q, R, &floor, &s), 2e-3, 1e-15);
    /* a point on its surface is at distance 0; outside along an axis exactly */
    mbs_contact_shape dot = shape(MBS_SHAPE_SPHERE, 1e-9, 1e-9, 1e-9);
    double on_axis[3] = {0, 0.25, 0};
    mbs_posed_shape pd, pe;
    double zero[3] = {0, 0, 0};
    mbs_contact_pose(&dot, on_axis, I3, &pd);
    mbs_contact_pose(&ell, zero, I3, &pe);
    CHECK_NEAR(mbs_contact_pair(&pd, &pe, NULL, NULL), 0.05 - 1e-9, 1e-12);
}

/* a 0.2 x 0.2 x 0.1 box as 8 points and 12 triangles, wound outwards */
static const double CUBE_POINTS[24] = {-0.1, -0.1, -0.05, 0.1, -0.1, -0.05, 0.1, 0.1, -0.05, -0.1, 0.1, -0.05,
                                       -0.1, -0.1, 0.05,  0.1, -0.1, 0.05,  0.1, 0.1, 0.05,  -0.1, 0.1, 0.05};
static const int CUBE_TRIANGLES[36] = {0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4,
                                       1, 2, 6, 1, 6, 5, 2, 3, 7, 2, 7, 6, 3, 0, 4, 3, 4, 7};

TEST(a_mesh_is_a_solid_behind_its_faces)
{
    mbs_contact_shape mesh = shape(MBS_SHAPE_MESH, 0, 0, 0), ball = shape(MBS_SHAPE_SPHERE, 0.02, 0.02, 0.02);
    mesh.points = CUBE_POINTS, mesh.n_points = 8, mesh.triangles = CUBE_TRIANGLES, mesh.n_triangles = 12;
    seen s;
    double above[3] = {0.03, -0.04, 0.08}; /* 0.03 over the top face: 0.01 apart */
    CHECK_NEAR(pair(&ball, above, I3, &mesh, &s), 0.01, 1e-15);
    CHECK_NEAR(s.deepest.normal[2], 1.0, 1e-15);
    double inside[3] = {0.0, 0.09, 0.0}; /* 0.01 inside the face y = 0.1: 0.03 deep */
    CHECK_NEAR(pair(&ball, inside, I3, &mesh, &s), -0.03, 1e-15);
    CHECK_NEAR(s.deepest.normal[1], 1.0, 1e-15);
    double by_edge[3] = {0.13, 0.0, 0.09}; /* 0.05 from the edge x = 0.1, z = 0.05 (0.03, 0.04) */
    CHECK_NEAR(pair(&ball, by_edge, I3, &mesh, &s), 0.03, 1e-15);
    CHECK_NEAR(s.deepest.normal[0], 0.6, 1e-15);
    CHECK_NEAR(s.deepest.normal[2], 0.8, 1e-15);
    double by_corner[3] = {0.12, 0.12, 0.06}; /* from the corner (0.1, 0.1, 0.05): sqrt(0.0009) */
    CHECK_NEAR(pair(&ball, by_corner, I3, &mesh, &s), 0.03 - 0.02, 1e-15);
}

TEST(bounding_spheres_apart_give_their_gap)
{
    mbs_contact_shape a = shape(MBS_SHAPE_BOX, 1, 1, 1), b = shape(MBS_SHAPE_BOX, 1, 1, 1);
    a.radius = b.radius = 0.5 * sqrt(3.0);
    seen s;
    double far[3] = {5, 0, 0};
    CHECK_NEAR(pair(&a, far, I3, &b, &s), 5 - sqrt(3.0), 1e-15);
    CHECK(s.n == 0);
    CHECK(mbs_contact_pair_usable(MBS_SHAPE_MESH, MBS_SHAPE_BOX));
    CHECK(!mbs_contact_pair_usable(MBS_SHAPE_MESH, MBS_SHAPE_MESH));
    CHECK(!mbs_contact_shape_usable(MBS_SHAPE_OUTLINE));
}

TEST_SUITE(contact_shapes, T(two_spheres_touch_along_the_line_of_their_centres),
           T(a_sphere_against_a_box_face_edge_and_corner), T(a_box_rests_on_a_box_by_its_four_lower_corners),
           T(a_cylinder_and_a_frustum_by_their_revolved_trapezoid),
           T(an_ellipsoid_touches_by_its_point_deepest_along_the_normal), T(a_mesh_is_a_solid_behind_its_faces),
           T(bounding_spheres_apart_give_their_gap));
