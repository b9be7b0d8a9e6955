/* Geometry of the model (src/model/geometry.c, src/elements/post_graphic.c):
 * the inertia ellipsoid of a body without a graphic against its closed form,
 * on principal axes that are not the body's; Post_Graphic placements, a
 * TriaMesh, an SPDP coil, Outline points and the types not drawn, as
 * MotionView exports write them; the joint glyph; the model's size; its up. */
#include "../support/harness.h"
#include "model_text.h"

#include <math.h>
#include <string.h>

#define PI 3.14159265358979323846

#define GROUND "<Body_Rigid id=\"1\" isground=\"TRUE\"/>\n<Reference_Marker id=\"10\" body_id=\"1\"/>\n"

static int load(text_model *t, const char *elements)
{
    static char xml[8192];
    snprintf(xml, sizeof xml, "<Mbsim><Model>\n" GROUND "%s</Model></Mbsim>\n", elements);
    char buf[512];
    text_model_load(t, xml, NULL, 1);
    CHECK_MSG(t->status == MBS_OK && t->model, "does not load: %s", text_model_error(t, 0, buf, sizeof buf));
    return t->status == MBS_OK && t->model;
}

static const mbs_graphic *graphic(const mbs_model *m, mbs_shape_source source, int k)
{
    for (int i = 0; i < m->n_graphics; i++)
        if (m->graphics[i].source == source && k-- == 0)
            return &m->graphics[i];
    return NULL;
}

TEST(inertia_ellipsoid_of_a_rod)
{
    /* m = 2, Ixx = 0.01, Iyy = Izz = 0.5: a^2 = 5 (0.5 + 0.5 - 0.01) / 4 = 1.2375 along x,
     * b^2 = c^2 = 5 (0.5 + 0.01 - 0.5) / 4 = 0.0125 */
    text_model t;
    if (load(&t, "<Body_Rigid id=\"2\" cg_id=\"20\" mass=\"2\" inertia_xx=\"0.01\" inertia_yy=\"0.5\" "
                 "inertia_zz=\"0.5\"/>\n<Reference_Marker id=\"20\" body_id=\"2\" pos_x=\"3\"/>\n")) {
        const mbs_graphic *g = graphic(t.model, MBS_FROM_INERTIA, 0);
        CHECK(g && g->shape == MBS_SHAPE_ELLIPSOID && g->body == 1);
        double a = 0, bc = 1e9;
        for (int k = 0; g && k < 3; k++) {
            double axis_x = fabs(g->rot[k]); /* x component of principal axis k */
            if (axis_x > 0.99)
                a = g->size[k];
            else
                bc = fmin(bc, g->size[k]);
        }
        CHECK_NEAR(a, sqrt(1.2375), 1e-12);
        CHECK_NEAR(bc, sqrt(0.0125), 1e-12);
        CHECK_NEAR(t.model->size, 3.0, 1e-12); /* from the ground marker at 0 to the body at 3 */
    }
    text_model_free(&t);
}

TEST(inertia_ellipsoid_on_tilted_principal_axes)
{
    /* principal moments 1, 2, 2.5 (m = 1) about axes turned 30 deg about z:
     * Ixx = 1 cos^2 + 2 sin^2 = 1.25, Iyy = 1.75, Ixy = -(2 - 1) sin cos = -0.4330127...
     * (tensor entry; inertia_xy is its negative); semi-axes^2 = 5/2 (3.5, 1.5, 0.5) */
    text_model t;
    if (load(&t, "<Body_Rigid id=\"2\" cg_id=\"20\" mass=\"1\" inertia_xx=\"1.25\" inertia_yy=\"1.75\" "
                 "inertia_zz=\"2.5\" inertia_xy=\"sqrt(3)/4\"/>\n<Reference_Marker id=\"20\" body_id=\"2\"/>\n")) {
        const mbs_graphic *g = graphic(t.model, MBS_FROM_INERTIA, 0);
        CHECK(g != NULL);
        for (int k = 0; g && k < 3; k++) {
            double ax[3] = {g->rot[k], g->rot[3 + k], g->rot[6 + k]};
            double s2 = g->size[k] * g->size[k];
            if (fabs(ax[2]) > 0.99) { /* the z axis: moment 2.5 */
                CHECK_NEAR(s2, 2.5 * 0.5, 1e-9);
            } else if (fabs(ax[0] * cos(PI / 6) + ax[1] * sin(PI / 6)) > 0.99) { /* moment 1 */
                CHECK_NEAR(s2, 2.5 * 3.5, 1e-9);
            } else { /* the axis at 120 deg: moment 2 */
                CHECK_NEAR(fabs(-ax[0] * sin(PI / 6) + ax[1] * cos(PI / 6)), 1.0, 1e-9);
                CHECK_NEAR(s2, 2.5 * 1.5, 1e-9);
            }
        }
        double det = g ? g->rot[0] * (g->rot[4] * g->rot[8] - g->rot[5] * g->rot[7]) -
                             g->rot[1] * (g->rot[3] * g->rot[8] - g->rot[5] * g->rot[6]) +
                             g->rot[2] * (g->rot[3] * g->rot[7] - g->rot[4] * g->rot[6])
                       : 0;
        CHECK_NEAR(det, 1.0, 1e-12); /* a rotation */
    }
    text_model_free(&t);
}

TEST(post_graphic_shapes)
{
    /* body cg at (1, 0, 0); a box from its corner marker at (2, 0, 0) with edges 0.2 0.4 0.6:
     * centre at (2.1, 0.2, 0.3) global = (1.1, 0.2, 0.3) in the body frame */
    text_model t;
    if (load(&t, "<Body_Rigid id=\"2\" cg_id=\"20\" mass=\"1\" inertia_xx=\"1\" inertia_yy=\"1\" inertia_zz=\"1\"/>\n"
                 "<Reference_Marker id=\"20\" body_id=\"2\" pos_x=\"1\"/>\n"
                 "<Reference_Marker id=\"21\" body_id=\"2\" pos_x=\"2\"/>\n"
                 "<Post_Graphic id=\"1\" type=\"BoxDefinedFromCorner\" corner_marker_id=\"21\" length_x=\"0.2\" "
                 "length_y=\"0.4\" length_z=\"0.6\" color=\"255:0:51\"/>\n"
                 "<Post_Graphic id=\"2\" type=\"Ellipsoid\" center_marker_id=\"20\" xscale=\"1\" yscale=\"2\" "
                 "zscale=\"3\"/>\n"
                 "<Constraint_Joint id=\"1\" type=\"REVOLUTE\" i_marker_id=\"20\" j_marker_id=\"10\"/>\n")) {
        const mbs_graphic *box = graphic(t.model, MBS_FROM_POST_GRAPHIC, 0);
        const mbs_graphic *ell = graphic(t.model, MBS_FROM_POST_GRAPHIC, 1);
        CHECK(box && box->shape == MBS_SHAPE_BOX);
        CHECK_NEAR(box ? box->pos[0] : 0, 1.1, 1e-12);
        CHECK_NEAR(box ? box->pos[1] : 0, 0.2, 1e-12);
        CHECK_NEAR(box ? box->pos[2] : 0, 0.3, 1e-12);
        CHECK_NEAR(box ? box->color[2] : 0, 0.2, 1e-12);
        CHECK(ell && ell->shape == MBS_SHAPE_ELLIPSOID && ell->size[0] == 0.5 && ell->size[2] == 1.5);
        CHECK(graphic(t.model, MBS_FROM_INERTIA, 0) == NULL); /* the body has graphics of its own */
        const mbs_graphic *j = graphic(t.model, MBS_FROM_JOINT, 0);
        CHECK(j && j->shape == MBS_SHAPE_CYLINDER && j->body == 0);
    }
    text_model_free(&t);
}

/* A body whose markers are turned a quarter turn about z (x -> y): shapes
 * given in their frames land turned in the body frame. */
#define ARM                                                                                                       \
    "<Body_Rigid id=\"2\" cg_id=\"20\" mass=\"1\" inertia_xx=\"1\" inertia_yy=\"1\" inertia_zz=\"1\"/>\n"                 \
    "<Reference_Marker id=\"20\" body_id=\"2\" pos_x=\"1000\"/>\n"                                                   \
    "<Reference_Marker id=\"21\" body_id=\"2\" pos_x=\"1000\" pos_y=\"500\" a00=\"0\" a10=\"1\" a20=\"0\" a02=\"0\" "     \
    "a12=\"0\" a22=\"1\"/>\n"

static int has_note(const text_model *t, const char *text)
{
    for (int i = 0; i < t->diags.count; i++)
        if (t->diags.items[i].severity == MBS_SEV_NOTE && strstr(t->diags.items[i].message, text))
            return 1;
    return 0;
}

TEST(triamesh_points_and_triangles_as_the_text_gives_them)
{
    /* millimetres: the points in metres, in marker 21's frame (its origin (0, 0.5, 0) from the
     * body's centre of mass, its x along the body's y); MotionView's comments in the text */
    text_model t;
    if (load(&t, "<Param_Unit length_unit=\"MILLIMETER\"/>\n" ARM
                 "<Post_Graphic id=\"1\" type=\"TriaMesh\" ref_marker_id=\"21\" num_point=\"4\" num_triangle=\"2\" "
                 "refinement_level=\"0\" is_material_inside=\"TRUE\">\n<!-- Node Position -->\n 0 0 0 100 0 0\n"
                 " 100 200 0 0 200 300\n<!-- Tria Connectivity -->\n 0 1 2 0 2 3\n</Post_Graphic>\n")) {
        const mbs_graphic *g = graphic(t.model, MBS_FROM_POST_GRAPHIC, 0);
        CHECK(g && g->shape == MBS_SHAPE_MESH && g->body == 1 && g->n_points == 4 && g->n_triangles == 2);
        static const double P[12] = {0, 0, 0, 0.1, 0, 0, 0.1, 0.2, 0, 0, 0.2, 0.3};
        static const int T[6] = {0, 1, 2, 0, 2, 3};
        for (int i = 0; g && g->n_points == 4 && i < 12; i++)
            CHECK_NEAR(g->points[i], P[i], 1e-15);
        for (int i = 0; g && g->n_triangles == 2 && i < 6; i++)
            CHECK(g->triangles[i] == T[i]);
        CHECK_NEAR(g ? g->pos[1] : 0, 0.5, 1e-15);
        CHECK_NEAR(g ? g->rot[3] : 0, 1.0, 1e-15); /* the shape's x is the body's y */
    }
    text_model_free(&t);
}

TEST(frustum_of_negative_length_runs_along_minus_z)
{
    /* length -50: the same frustum turned half a turn about x (z -> -z, y -> -y, x kept);
     * a zero top radius (a cone) and a zero bottom radius are both shapes */
    text_model t;
    if (load(&t, ARM "<Post_Graphic id=\"1\" type=\"Frustum\" center_marker_id=\"21\" top_radius=\"0.\" "
                     "bottom_radius=\"33\" length=\"-50.\" ends_type=\"BOTTOM_ONLY\"/>\n"
                     "<Post_Graphic id=\"2\" type=\"Frustum\" center_marker_id=\"21\" top_radius=\"7\" "
                     "bottom_radius=\"0\" length=\"5\"/>\n")) {
        const mbs_graphic *g = graphic(t.model, MBS_FROM_POST_GRAPHIC, 0);
        CHECK(g && g->shape == MBS_SHAPE_FRUSTUM && g->size[0] == 33 && g->size[1] == 0 && g->size[2] == 50);
        /* columns: x = the marker's x = body y; y = -(the marker's y) = body x; z = -(body z) */
        static const double R[9] = {0, 1, 0, 1, 0, 0, 0, 0, -1};
        for (int i = 0; g && i < 9; i++)
            CHECK_NEAR(g->rot[i], R[i], 1e-15);
        const mbs_graphic *cone = graphic(t.model, MBS_FROM_POST_GRAPHIC, 1);
        CHECK(cone && cone->size[0] == 0 && cone->size[1] == 7 && cone->size[2] == 5 && cone->rot[8] == 1);
    }
    text_model_free(&t);
}

TEST(spdp_coil_between_its_markers)
{
    text_model t;
    if (load(&t, ARM "<Post_Graphic id=\"1\" type=\"SPDP\" i_marker_id=\"21\" j_marker_id=\"10\" Da=\"100.\" "
                     "Db=\"30\" Dc=\"40\" La=\"1\" Lb=\"2\" Lc=\"3\" Ld=\"4\" ncoil=\"4\"/>\n")) {
        const mbs_graphic *g = graphic(t.model, MBS_FROM_POST_GRAPHIC, 0);
        CHECK(g && g->shape == MBS_SHAPE_COIL && g->body == 1 && g->body2 == 0 && g->coils == 4);
        CHECK(g && g->pos[1] == 500 && g->pos2[0] == 0 && g->size[0] == 50);
        static const double D[6] = {15, 1, 3, 20, 2, 4}; /* radius, gap, length at I, then at J */
        for (int i = 0; g && i < 6; i++)
            CHECK_NEAR(g->damper[i], D[i], 1e-15);
        /* the coil is not the arm's own shape: the arm keeps its inertia ellipsoid */
        CHECK(graphic(t.model, MBS_FROM_INERTIA, 0) != NULL);
    }
    text_model_free(&t);
}

TEST(outline_through_points_of_the_text)
{
    text_model t;
    if (load(&t, ARM "<Post_Graphic id=\"1\" type=\"Outline\" ref_marker_id=\"21\" num_point=\"3\">"
                     "0 0 0, 1 0 0, 1 2 0</Post_Graphic>\n")) {
        const mbs_graphic *g = graphic(t.model, MBS_FROM_POST_GRAPHIC, 0);
        CHECK(g && g->shape == MBS_SHAPE_OUTLINE && g->n_points == 3 && g->points[7] == 2 && g->pos[1] == 500);
    }
    text_model_free(&t);
}

TEST(types_not_drawn_are_read_with_any_attribute_and_one_note)
{
    /* attributes of a type mbsim does not draw are MotionSolve's; a drawn type still refuses
     * an attribute of no type */
    text_model t;
    if (load(&t, "<Post_Graphic id=\"1\" type=\"UserGra\" ref_marker_id=\"10\" usrsub_param_string=\"USER(599)\" "
                 "usrsub_dll_name=\"NULL\" usrsub_fnc_name=\"GRASUB\"/>\n"
                 "<Post_Graphic id=\"2\" type=\"UserGra\" ref_marker_id=\"10\" usrsub_fnc_name=\"GRASUB\"/>\n"
                 "<Post_Graphic id=\"3\" type=\"Parasolid\" whatever=\"1\"/>\n")) {
        CHECK(graphic(t.model, MBS_FROM_POST_GRAPHIC, 0) == NULL);
        CHECK(has_note(&t, "Post_Graphic: type USERGRA is not drawn by mbsim animate (2 elements"));
        CHECK(has_note(&t, "Post_Graphic: type PARASOLID is not drawn by mbsim animate"));
    }
    text_model_free(&t);
    char buf[512];
    text_model_load(&t, "<Mbsim><Model>" GROUND "<Post_Graphic id=\"1\" type=\"Sphere\" center_marker_id=\"10\" "
                        "radius=\"1\" usrsub_fnc_name=\"GRASUB\"/></Model></Mbsim>\n", NULL, 1);
    CHECK(strstr(text_model_error(&t, 0, buf, sizeof buf), "unknown attribute 'usrsub_fnc_name'") != NULL);
    text_model_free(&t);
}

TEST(up_is_against_gravity)
{
    /* two gravity elements add: g = (3, 0, -4), up = -g / 5; without gravity: +z */
    text_model t;
    if (load(&t, "<Force_Gravity grav_x=\"1\" grav_z=\"-4\"/>\n<Force_Gravity grav_x=\"2\"/>\n")) {
        CHECK_NEAR(t.model->up[0], -0.6, 1e-15);
        CHECK_NEAR(t.model->up[1], 0.0, 1e-15);
        CHECK_NEAR(t.model->up[2], 0.8, 1e-15);
    }
    text_model_free(&t);
    if (load(&t, "")) {
        CHECK(t.model->up[0] == 0.0 && t.model->up[1] == 0.0 && t.model->up[2] == 1.0);
    }
    text_model_free(&t);
}

TEST_SUITE(geometry, T(inertia_ellipsoid_of_a_rod), T(inertia_ellipsoid_on_tilted_principal_axes),
           T(post_graphic_shapes), T(triamesh_points_and_triangles_as_the_text_gives_them),
           T(frustum_of_negative_length_runs_along_minus_z), T(spdp_coil_between_its_markers),
           T(outline_through_points_of_the_text), T(types_not_drawn_are_read_with_any_attribute_and_one_note),
           T(up_is_against_gravity));
