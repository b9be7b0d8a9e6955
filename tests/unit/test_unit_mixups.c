/* Values written for another unit system than the model's Param_Unit
 * (issue 33): gravity whose magnitude is standard gravity times 1000 or
 * 1/1000 (9.81 in a millimetre model makes every weight 1000 times too
 * small), and Force_JointFriction's geometric defaults, lengths meant for
 * millimetre models (1 mm arms), in a metre model (1 m arms). Each is a
 * warning at load time; a model written in its own units gets none. */
#include "../support/harness.h"
#include "model_text.h"

#include <stdio.h>
#include <string.h>

#define MM "<Param_Unit length_unit=\"MILLIMETER\"/>"
#define KM "<Param_Unit length_unit=\"KILOMETER\"/>"
#define MU "mu_static=\"0.5\" mu_dynamic=\"0.3\" "

/* A pendulum on a REVOLUTE joint (or `joint`) with `units` (a Param_Unit
 * or ""), `extra` elements and, unless friction is NULL, joint friction with
 * those attributes; the number of warnings that contain `text`. */
static int warnings(const char *units, const char *joint, const char *extra, const char *friction, const char *text)
{
    char xml[4096], fr[1024] = "";
    if (friction)
        snprintf(fr, sizeof fr, "<Force_JointFriction id=\"1\" joint_id=\"1\" %s/>\n", friction);
    snprintf(xml, sizeof xml,
             "<Mbsim><Model>%s\n"
             "<Body_Rigid id=\"1\" isground=\"TRUE\"/><Reference_Marker id=\"10\" body_id=\"1\"/>\n"
             "<Body_Rigid id=\"2\" cg_id=\"20\" mass=\"1\" inertia_xx=\"1\" inertia_yy=\"1\" inertia_zz=\"1\"/>\n"
             "<Reference_Marker id=\"20\" body_id=\"2\"/>\n"
             "<Constraint_Joint id=\"1\" type=\"%s\" i_marker_id=\"20\" j_marker_id=\"10\"/>\n"
             "%s\n%s"
             "</Model></Mbsim>\n",
             units, joint ? joint : "REVOLUTE", extra, fr);
    text_model t;
    text_model_load(&t, xml, NULL, 1);
    CHECK_MSG(t.status == MBS_OK, "the model does not load (%s %s)", extra, friction ? friction : "");
    int n = 0;
    for (int i = 0; i < t.diags.count; i++)
        n += t.diags.items[i].severity == MBS_SEV_WARNING && strstr(t.diags.items[i].message, text) != NULL;
    text_model_free(&t);
    return n;
}

static int gravity_warnings(const char *units, const char *gravity)
{
    char extra[256];
    snprintf(extra, sizeof extra, "<Force_Gravity %s/>", gravity);
    return warnings(units, NULL, extra, NULL, "standard gravity");
}

TEST(gravity_written_for_another_length_unit_is_pointed_out)
{
    CHECK(warnings(MM, NULL, "<Force_Gravity grav_y=\"-9.81\"/>", NULL,
                   "Force_Gravity: the magnitude of gravity is 9.81 mm/s^2, 999.7 times smaller than standard gravity, "
                   "which is 9806.65 mm/s^2 in this model's units") == 1);
    CHECK(warnings("", NULL, "<Force_Gravity grav_z=\"-9810\"/>", NULL,
                   "the magnitude of gravity is 9810 m/s^2, 1000 times larger than standard gravity, which is 9.80665 "
                   "m/s^2") == 1);
    CHECK(gravity_warnings(MM, "grav_x=\"6000\" grav_y=\"-7000\"") == 0); /* 9220: a tilted 9.4 m/s^2 */
    CHECK(gravity_warnings(KM, "grav_z=\"-9.81\"") == 1);                 /* 9810 m/s^2 */
    CHECK(gravity_warnings(KM, "grav_z=\"-0.00981\"") == 0);
}

TEST(gravity_in_the_models_own_units_is_quiet)
{
    CHECK(gravity_warnings(MM, "grav_y=\"-9810\"") == 0);
    CHECK(gravity_warnings(MM, "grav_z=\"-9806.65\"") == 0);
    CHECK(gravity_warnings("", "grav_y=\"-9.81\"") == 0);
    CHECK(gravity_warnings("", "grav_y=\"-1.62\"") == 0); /* the moon's */
    CHECK(gravity_warnings("", "grav_y=\"0\"") == 0);
}

#define LENGTHS "MotionSolve's default lengths are meant for millimetre models"

TEST(friction_length_defaults_in_a_metre_model_are_pointed_out)
{
    CHECK(warnings("", NULL, "", MU, "pin_radius = 1 m, friction_arm = 1 m and bending_reaction_arm = 1 m by default: "
                                     LENGTHS " (arms of 1 mm); give them in this model's length unit (m)") == 1);
    /* only what the friction uses: no end caps without the reaction force,
     * no bending arm without the bending moment */
    CHECK(warnings("", NULL, "", MU "inputs=\"0010\"", "pin_radius = 1 m and bending_reaction_arm = 1 m by default") == 1);
    CHECK(warnings("", NULL, "", MU "pin_radius=\"0.005\" inputs=\"0100\"",
                   "friction_arm = 1 m by default: " LENGTHS " (arms of 1 mm); give it") == 1);
    CHECK(warnings("", "TRANSLATIONAL", "", MU "inputs=\"0111\"",
                   "reaction_arm = 1 m and initial_overlap = 1000 m by default") == 1);
    CHECK(warnings("", "SPHERICAL", "", MU, "ball_radius = 1 m by default") == 1);
    CHECK(warnings(KM, NULL, "", MU, "pin_radius = 1 km") == 1);
}

TEST(friction_lengths_given_or_in_millimetres_are_quiet)
{
    CHECK(warnings(MM, NULL, "", MU, LENGTHS) == 0);
    CHECK(warnings("", NULL, "", MU "pin_radius=\"0.005\" friction_arm=\"0.007\" bending_reaction_arm=\"0.005\"",
                   LENGTHS) == 0);
    CHECK(warnings("", "TRANSLATIONAL", "", MU "inputs=\"0100\"", LENGTHS) == 0); /* its arms unused */
}

TEST_SUITE(unit_mixups, T(gravity_written_for_another_length_unit_is_pointed_out),
           T(gravity_in_the_models_own_units_is_quiet), T(friction_length_defaults_in_a_metre_model_are_pointed_out),
           T(friction_lengths_given_or_in_millimetres_are_quiet));
