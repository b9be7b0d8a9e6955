/* The compiler on bodies and markers: initial poses from direction cosines,
 * 3-1-3 Euler angles and rm_id chains; marker poses in body frames; the
 * inertia moved from the im marker to the centre of mass and into body
 * axes; initial velocities; Marker_Coordinate. Expected values are worked
 * out by hand in the comments (or, for general angles, by quaternion
 * products, independently of the rotation-matrix code). */
#include "../support/harness.h"
#include "../support/series.h"
#include "model_text.h"

#include <string.h>

#define GROUND "<Body_Rigid id=\"1\" isground=\"TRUE\"/>\n<Reference_Marker id=\"10\" body_id=\"1\"/>\n"

static const mbs_body *body(const mbs_model *m, int id)
{
    int i = m ? mbs_model_body_index(m, id) : -1;
    return i < 0 ? NULL : &m->bodies[i];
}

static const mbs_marker *marker(const mbs_model *m, int id)
{
    int i = m ? mbs_model_marker_index(m, id) : -1;
    return i < 0 ? NULL : &m->markers[i];
}

/* "<Mbsim><Model>GROUND ... </Model></Mbsim>" loaded and compiled. */
static int load(text_model *t, const char *elements)
{
    static char xml[8192];
    snprintf(xml, sizeof xml, "<Mbsim><Model>\n" GROUND "%s</Model></Mbsim>\n", elements);
    char buf[512];
    text_model_load(t, xml, NULL, 1);
    CHECK_MSG(t->status == MBS_OK && t->model, "does not load: %s", text_model_error(t, 0, buf, sizeof buf));
    return t->status == MBS_OK && t->model;
}

/* The first error of a model that must not load. */
static const char *first_error(const char *elements, char *buf, size_t size)
{
    static char xml[8192];
    snprintf(xml, sizeof xml, "<Mbsim><Model>\n" GROUND "%s</Model></Mbsim>\n", elements);
    text_model t;
    text_model_load(&t, xml, NULL, 1);
    CHECK(t.status == MBS_E_INPUT);
    text_model_error(&t, 0, buf, size);
    text_model_free(&t);
    return buf;
}

static void check_quat(const double *p, double e0, double e1, double e2, double e3)
{
    CHECK_NEAR(p[0], e0, 1e-14);
    CHECK_NEAR(p[1], e1, 1e-14);
    CHECK_NEAR(p[2], e2, 1e-14);
    CHECK_NEAR(p[3], e3, 1e-14);
}

/* q = a * b (Hamilton product, scalar first) */
static void quat_mul(const double a[4], const double b[4], double q[4])
{
    q[0] = a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3];
    q[1] = a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2];
    q[2] = a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1];
    q[3] = a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0];
}

#define BODY2 "<Body_Rigid id=\"2\" cg_id=\"20\" mass=\"1\" inertia_xx=\"1\" inertia_yy=\"1\" inertia_zz=\"1\"/>\n"

TEST(pose_from_direction_cosines)
{
    text_model t;
    /* rotation by 30 deg about z: x axis (c, s, 0), y axis (-s, c, 0);
     * quaternion (cos 15, 0, 0, sin 15) */
    if (load(&t, BODY2 "<Reference_Marker id=\"20\" body_id=\"2\" pos_x=\"1\" pos_y=\"2\" pos_z=\"3\"\n"
                       " a00=\"cos(pi/6)\" a10=\"sin(pi/6)\" a20=\"0\" a01=\"-sin(pi/6)\" a11=\"cos(pi/6)\" a21=\"0\"\n"
                       " a02=\"0\" a12=\"0\" a22=\"1\"/>\n")) {
        const mbs_body *b = body(t.model, 2);
        CHECK(b->r0[0] == 1 && b->r0[1] == 2 && b->r0[2] == 3);
        check_quat(b->p0, cos(MBS_TEST_PI / 12), 0, 0, sin(MBS_TEST_PI / 12));
    }
    text_model_free(&t);
    /* x -> y, y -> z, z -> x: 120 deg about (1, 1, 1)/sqrt 3, quaternion (1/2, 1/2, 1/2, 1/2) */
    if (load(&t, BODY2 "<Reference_Marker id=\"20\" body_id=\"2\" a00=\"0\" a10=\"1\" a20=\"0\" a01=\"0\" a11=\"0\""
                       " a21=\"1\" a02=\"1\" a12=\"0\" a22=\"0\"/>\n"))
        check_quat(body(t.model, 2)->p0, 0.5, 0.5, 0.5, 0.5);
    text_model_free(&t);
}

TEST(pose_from_313_euler_angles)
{
    text_model t;
    /* Rz(90) Rx(90): x -> y, y -> z, z -> x, as above */
    if (load(&t, BODY2 "<Reference_Marker id=\"20\" body_id=\"2\" psi=\"pi/2\" theta=\"pi/2\"/>\n"))
        check_quat(body(t.model, 2)->p0, 0.5, 0.5, 0.5, 0.5);
    text_model_free(&t);
    /* general angles: q = qz(psi) qx(theta) qz(phi) */
    double psi = 0.3, theta = 1.1, phi = -0.7;
    double qz1[4] = {cos(psi / 2), 0, 0, sin(psi / 2)}, qx[4] = {cos(theta / 2), sin(theta / 2), 0, 0};
    double qz2[4] = {cos(phi / 2), 0, 0, sin(phi / 2)}, a[4], q[4];
    quat_mul(qz1, qx, a);
    quat_mul(a, qz2, q);
    if (load(&t, BODY2 "<Reference_Marker id=\"20\" body_id=\"2\" psi=\"0.3\" theta=\"1.1\" phi=\"-0.7\"/>\n"))
        check_quat(body(t.model, 2)->p0, q[0], q[1], q[2], q[3]);
    text_model_free(&t);
    /* angles left out are 0 */
    if (load(&t, BODY2 "<Reference_Marker id=\"20\" body_id=\"2\" theta=\"1.1\"/>\n"))
        check_quat(body(t.model, 2)->p0, cos(0.55), sin(0.55), 0, 0);
    text_model_free(&t);
}

TEST(poses_relative_to_rm_id_chains)
{
    text_model t;
    /* A: (1, 0, 0), axes Rz(90).  B = A + Rz(90) (1, 0, 0) = (1, 1, 0), axes Rz(90).
     * C = B + Rz(90) (0, 0, 2) = (1, 1, 2), axes Rz(90) Rz(90) = Rz(180): quaternion (0, 0, 0, 1). */
    if (load(&t, BODY2 "<Reference_Marker id=\"21\" body_id=\"1\" pos_x=\"1\" psi=\"pi/2\"/>\n"
                       "<Reference_Marker id=\"22\" body_id=\"1\" rm_id=\"21\" pos_x=\"1\"/>\n"
                       "<Reference_Marker id=\"20\" body_id=\"2\" rm_id=\"22\" pos_z=\"2\" psi=\"pi/2\"/>\n")) {
        const mbs_body *b = body(t.model, 2);
        CHECK_NEAR(b->r0[0], 1, 1e-15);
        CHECK_NEAR(b->r0[1], 1, 1e-15);
        CHECK_NEAR(b->r0[2], 2, 1e-15);
        check_quat(b->p0, 0, 0, 0, 1);
        /* markers on the ground keep their global pose */
        const mbs_marker *mb = marker(t.model, 22);
        CHECK_NEAR(mb->pos[0], 1, 1e-15);
        CHECK_NEAR(mb->pos[1], 1, 1e-15);
        CHECK_NEAR(mb->rot[3], 1, 1e-15); /* x axis along global y */
    }
    text_model_free(&t);
}

TEST(marker_poses_in_the_body_frame)
{
    text_model t;
    /* body at (1, 2, 3) with axes Rz(90) (body x = global y, body y = -global x);
     * marker at global (1, 3, 3) with global axes: offset (0, 1, 0) global = (1, 0, 0) in body
     * axes; its axes in body axes are Rz(-90) = [0 1 0; -1 0 0; 0 0 1]. */
    if (load(&t, BODY2 "<Reference_Marker id=\"20\" body_id=\"2\" pos_x=\"1\" pos_y=\"2\" pos_z=\"3\" psi=\"pi/2\"/>\n"
                       "<Reference_Marker id=\"21\" body_id=\"2\" pos_x=\"1\" pos_y=\"3\" pos_z=\"3\"/>\n"
                       "<Body_Point id=\"3\" cg_id=\"30\" mass=\"1\"/>\n"
                       "<Reference_Marker id=\"30\" body_id=\"3\" pos_x=\"5\" psi=\"pi/2\"/>\n"
                       "<Reference_Marker id=\"31\" body_id=\"3\" pos_x=\"5\" pos_y=\"1\" psi=\"pi/2\"/>\n")) {
        const mbs_marker *mk = marker(t.model, 21);
        static const double rot[9] = {0, 1, 0, -1, 0, 0, 0, 0, 1};
        CHECK_NEAR(mk->pos[0], 1, 1e-15);
        CHECK_NEAR(mk->pos[1], 0, 1e-15);
        CHECK_NEAR(mk->pos[2], 0, 1e-15);
        for (int i = 0; i < 9; i++)
            CHECK_NEAR(mk->rot[i], rot[i], 1e-15);
        /* the cg marker itself: origin, identity */
        CHECK_NEAR(marker(t.model, 20)->pos[0], 0, 1e-15);
        CHECK_NEAR(marker(t.model, 20)->rot[0], 1, 1e-15);
        /* a point body has no axes: offsets and axes stay global */
        const mbs_marker *mp = marker(t.model, 31);
        CHECK_NEAR(mp->pos[0], 0, 1e-15);
        CHECK_NEAR(mp->pos[1], 1, 1e-15);
        CHECK_NEAR(mp->rot[3], 1, 1e-15);
        CHECK(body(t.model, 3)->r0[0] == 5);
    }
    text_model_free(&t);
}

TEST(inertia_about_the_cg_in_body_axes)
{
    text_model t;
    /* im axes = body axes (both Rz(90)); im at global (0, 1, 0) = body (1, 0, 0), d = (1, 0, 0).
     * J_cg = J_im - m (|d|^2 E - d d^T) = J_im - 2 diag(0, 1, 1):
     * [2 0.5 0; 0.5 5 0; 0 0 6] -> [2 0.5 0; 0.5 3 0; 0 0 4]. Products of inertia are
     * the positive integrals (Adams' convention): the tensor entry is -inertia_xy. */
    if (load(&t, "<Body_Rigid id=\"2\" cg_id=\"20\" im_id=\"21\" mass=\"2\" inertia_xx=\"2\" inertia_yy=\"5\"\n"
                 "            inertia_zz=\"6\" inertia_xy=\"-0.5\"/>\n"
                 "<Reference_Marker id=\"20\" body_id=\"2\" psi=\"pi/2\"/>\n"
                 "<Reference_Marker id=\"21\" body_id=\"2\" pos_y=\"1\" psi=\"pi/2\"/>\n")) {
        static const double J[9] = {2, 0.5, 0, 0.5, 3, 0, 0, 0, 4};
        for (int i = 0; i < 9; i++)
            CHECK_NEAR(body(t.model, 2)->inertia[i], J[i], 1e-14);
    }
    text_model_free(&t);
    /* im with global axes at global (0, 1, 0), J_im = diag(4, 1, 5):
     * about the cg, global axes: diag(4 - 2, 1, 5 - 2) = diag(2, 1, 3);
     * in body axes (x = global y, y = -global x): diag(1, 2, 3). */
    if (load(&t, "<Body_Rigid id=\"2\" cg_id=\"20\" im_id=\"21\" mass=\"2\" inertia_xx=\"4\" inertia_yy=\"1\""
                 " inertia_zz=\"5\"/>\n"
                 "<Reference_Marker id=\"20\" body_id=\"2\" psi=\"pi/2\"/>\n"
                 "<Reference_Marker id=\"21\" body_id=\"2\" pos_y=\"1\"/>\n")) {
        static const double J[9] = {1, 0, 0, 0, 2, 0, 0, 0, 3};
        for (int i = 0; i < 9; i++)
            CHECK_NEAR(body(t.model, 2)->inertia[i], J[i], 1e-14);
    }
    text_model_free(&t);
    /* without im_id the tensor is about the cg in cg axes, unchanged */
    if (load(&t, "<Body_Rigid id=\"2\" cg_id=\"20\" mass=\"2\" inertia_xx=\"1\" inertia_yy=\"2\" inertia_zz=\"2.5\""
                 " inertia_yz=\"0.25\" inertia_xz=\"-0.125\"/>\n"
                 "<Reference_Marker id=\"20\" body_id=\"2\" psi=\"0.4\" theta=\"0.2\" pos_x=\"3\"/>\n")) {
        static const double J[9] = {1, 0, 0.125, 0, 2, -0.25, 0.125, -0.25, 2.5};
        for (int i = 0; i < 9; i++)
            CHECK_NEAR(body(t.model, 2)->inertia[i], J[i], 1e-14);
    }
    text_model_free(&t);
}

TEST(initial_velocities)
{
    text_model t;
    /* global axes by default; in the axes of vm_id / wm_id when given (Rz(90): x -> y) */
    if (load(&t, BODY2 "<Reference_Marker id=\"20\" body_id=\"2\"/>\n"
                       "<Body_Rigid id=\"3\" cg_id=\"30\" vm_id=\"11\" wm_id=\"11\" mass=\"1\" inertia_xx=\"1\""
                       " inertia_yy=\"1\" inertia_zz=\"1\" v_ic_x=\"2\" w_ic_x=\"5\" w_ic_z=\"1\"/>\n"
                       "<Reference_Marker id=\"30\" body_id=\"3\"/>\n"
                       "<Reference_Marker id=\"11\" body_id=\"1\" psi=\"pi/2\"/>\n"
                       "<Body_Point id=\"4\" cg_id=\"40\" mass=\"1\" v_ic_x=\"1\" v_ic_y=\"2\" v_ic_z=\"3\"/>\n"
                       "<Reference_Marker id=\"40\" body_id=\"4\"/>\n")) {
        const mbs_body *b = body(t.model, 3);
        CHECK_NEAR(b->v0[0], 0, 1e-15);
        CHECK_NEAR(b->v0[1], 2, 1e-15);
        CHECK_NEAR(b->w0[1], 5, 1e-15);
        CHECK_NEAR(b->w0[2], 1, 1e-15);
        const mbs_body *p = body(t.model, 4);
        CHECK(p->v0[0] == 1 && p->v0[1] == 2 && p->v0[2] == 3);
        CHECK(body(t.model, 2)->v0[0] == 0 && body(t.model, 2)->w0[2] == 0);
    }
    text_model_free(&t);
}

TEST(coordinates_of_each_body_kind)
{
    text_model t;
    if (load(&t, BODY2 "<Reference_Marker id=\"20\" body_id=\"2\"/>\n"
                       "<Body_Point id=\"3\" cg_id=\"30\" mass=\"1\"/>\n<Reference_Marker id=\"30\" body_id=\"3\"/>\n"
                       "<Body_Mass1D id=\"4\" mass=\"3\" q_ic=\"0.5\"/>\n")) {
        const mbs_model *m = t.model;
        CHECK(body(m, 1)->nq == 0 && body(m, 1)->nu == 0);
        CHECK(body(m, 2)->nq == 7 && body(m, 2)->nu == 6);
        CHECK(body(m, 3)->nq == 3 && body(m, 3)->nu == 3);
        CHECK(body(m, 4)->nq == 1 && body(m, 4)->nu == 1 && body(m, 4)->mass == 3 && body(m, 4)->r0[0] == 0.5);
        CHECK(m->nq == 11 && m->nu == 10);
    }
    text_model_free(&t);
}

TEST(marker_coordinates)
{
    text_model t;
    if (load(&t, BODY2 "<Reference_Marker id=\"20\" body_id=\"2\"/>\n"
                       "<Constraint_Joint id=\"1\" type=\"REVOLUTE\" i_marker_id=\"20\" j_marker_id=\"10\"/>\n"
                       "<Body_Mass1D id=\"4\" type=\"ROTATIONAL\" mass=\"3\"/>\n"
                       "<Marker_Coordinate id=\"50\" body_id=\"2\" coordinate=\"1\"/>\n"
                       "<Marker_Coordinate id=\"51\" joint_id=\"1\"/>\n"
                       "<Marker_Coordinate id=\"52\" body_id=\"4\"/>\n"
                       "<Marker_Coordinate id=\"53\" body_id=\"1\" coordinate=\"2\"/>\n")) {
        const mbs_marker *a = marker(t.model, 50), *j = marker(t.model, 51), *s = marker(t.model, 52);
        CHECK(a->type == MBS_MARKER_BODY_COORD && a->coordinate == 1 && !a->is_angle);
        CHECK(j->type == MBS_MARKER_JOINT_COORD && j->coordinate == 0 && j->is_angle);
        CHECK(s->type == MBS_MARKER_BODY_COORD && s->is_angle);
        CHECK(marker(t.model, 53)->type == MBS_MARKER_BODY_COORD);
    }
    text_model_free(&t);
}

TEST(marker_coordinate_errors)
{
    static const char *const cases[][2] = {
        {"<Marker_Coordinate id=\"50\"/>\n", "MODEL:4: error: Marker_Coordinate 50: give exactly one of body_id and joint_id"},
        {BODY2 "<Reference_Marker id=\"20\" body_id=\"2\"/>\n<Marker_Coordinate id=\"50\" body_id=\"2\" coordinate=\"5\"/>\n",
         "MODEL:6: error: Marker_Coordinate 50: coordinate 5 of a Body_Rigid is a quaternion component; use 0, 1, 2 "
         "(centre-of-mass displacement) or a joint's coordinate (joint_id)"},
        {"<Body_Mass1D id=\"4\" mass=\"1\"/>\n<Marker_Coordinate id=\"50\" body_id=\"4\" coordinate=\"1\"/>\n",
         "MODEL:5: error: Marker_Coordinate 50: coordinate 1 does not exist: a Body_Mass1D has coordinate 0 only"},
        {"<Marker_Coordinate id=\"50\" body_id=\"1\" coordinate=\"-1\"/>\n",
         "MODEL:4: error: Marker_Coordinate 50: coordinate -1 does not exist: use 0, 1 or 2 (x, y, z)"},
        {"<Marker_Coordinate id=\"50\" body_id=\"8\"/>\n", "MODEL:4: error: Marker_Coordinate 50: body_id 8 does not exist"},
        {BODY2 "<Reference_Marker id=\"20\" body_id=\"2\"/>\n"
               "<Constraint_Joint id=\"1\" type=\"REVOLUTE\" i_marker_id=\"20\" j_marker_id=\"10\"/>\n"
               "<Marker_Coordinate id=\"50\" joint_id=\"1\" coordinate=\"1\"/>\n",
         "MODEL:7: error: Marker_Coordinate 50: coordinate 1 does not exist: joint 1 has coordinate 0 only"},
        {BODY2 "<Reference_Marker id=\"20\" body_id=\"2\"/>\n"
               "<Constraint_Joint id=\"1\" type=\"FIXED\" i_marker_id=\"20\" j_marker_id=\"10\"/>\n"
               "<Marker_Coordinate id=\"50\" joint_id=\"1\"/>\n",
         "MODEL:7: error: Marker_Coordinate 50: joint_id 1 has no relative coordinate (only REVOLUTE, TRANSLATIONAL "
         "and CYLINDRICAL joints have one)"},
        {"<Marker_Coordinate id=\"50\" body_id=\"1\"/>\n<Reference_Marker id=\"11\" body_id=\"1\" rm_id=\"50\"/>\n",
         "MODEL:5: error: Reference_Marker 11: rm_id 50 is a Marker_Coordinate; a Reference_Marker is needed here"},
    };
    char buf[512];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *got = first_error(cases[i][0], buf, sizeof buf);
        CHECK_MSG(strcmp(got, cases[i][1]) == 0, "case %zu:\n   got      %s\n   expected %s", i, got, cases[i][1]);
    }
}

TEST(body_and_marker_errors)
{
    static const char *const cases[][2] = {
        {BODY2 "<Reference_Marker id=\"20\" body_id=\"1\"/>\n",
         "MODEL:4: error: Body_Rigid 2: cg_id 20 is on body 1, not on this body"},
        {"<Body_Rigid id=\"2\" cg_id=\"20\" mass=\"1\" inertia_xx=\"1\" inertia_yy=\"1\" inertia_zz=\"2.5\"/>\n"
         "<Reference_Marker id=\"20\" body_id=\"2\"/>\n",
         "MODEL:4: error: Body_Rigid 2: the inertia tensor violates the triangle inequality: principal moments 1 + 1 < 2.5"},
        {"<Body_Rigid id=\"2\" cg_id=\"20\" mass=\"1\" inertia_xx=\"1\" inertia_yy=\"1\" inertia_zz=\"1\" inertia_xy=\"1\"/>\n"
         "<Reference_Marker id=\"20\" body_id=\"2\"/>\n",
         "MODEL:4: error: Body_Rigid 2: the inertia tensor is not positive definite (principal moments 0, 1, 2)"},
        {"<Reference_Marker id=\"11\" body_id=\"1\" rm_id=\"11\"/>\n",
         "MODEL:4: error: Reference_Marker 11: rm_id references form a cycle (11 -> 11)"},
        {"<Reference_Marker id=\"11\" body_id=\"1\" e0=\"1\" e1=\"0\" e2=\"0\" e3=\"0.1\"/>\n",
         "MODEL:4: error: Reference_Marker 11: Euler parameters e0..e3 must have unit length (|e| = 1.00498756)"},
        {"<Reference_Marker id=\"11\" body_id=\"1\" yaw=\"1\" theta=\"1\"/>\n",
         "MODEL:4: error: Reference_Marker 11: give one orientation only (3-1-3 Euler angles and 3-2-1 angles are "
         "both given)"},
    };
    char buf[512];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *got = first_error(cases[i][0], buf, sizeof buf);
        CHECK_MSG(strcmp(got, cases[i][1]) == 0, "case %zu:\n   got      %s\n   expected %s", i, got, cases[i][1]);
    }
}

TEST_SUITE(compile, T(pose_from_direction_cosines), T(pose_from_313_euler_angles), T(poses_relative_to_rm_id_chains),
           T(marker_poses_in_the_body_frame), T(inertia_about_the_cg_in_body_axes), T(initial_velocities),
           T(coordinates_of_each_body_kind), T(marker_coordinates), T(marker_coordinate_errors),
           T(body_and_marker_errors));
