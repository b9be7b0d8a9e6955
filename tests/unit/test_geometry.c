/* Geometry of the model (src/model/geometry.c, src/elements/post_graphic.c):
 * the inertia ellipsoid of a body without a graphic against its closed form,
 * on principal axes that are not the body's; Post_Graphic placements; the
 * joint glyph; the model's size; its up. */
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
           T(post_graphic_shapes), T(up_is_against_gravity));
