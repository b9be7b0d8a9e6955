/* MotionView's conventions read as MotionSolve reads them: boilerplate with
 * one note per kind (and the count), full_label anywhere, six direction
 * cosines (y = z x x), lprf_id on the body itself, Constraint_Jprim,
 * Motion_Joint type CONSTANT, Param_Static and ResOutput honoured, Fortran
 * numbers and multi-line expressions. */
#include "../support/harness.h"
#include "model_text.h"
#include "../../src/model/compile.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define GROUND "<Body_Rigid id=\"1\" isground=\"TRUE\" full_label=\"Model-Ground\"/>\n" \
               "<Reference_Marker id=\"10\" body_id=\"1\" full_label=\"Model-Ground-Origin\"/>\n"
#define BODY2 "<Body_Rigid id=\"2\" cg_id=\"20\" lprf_id=\"21\" mass=\"1.0D0\" inertia_xx=\"1\" inertia_yy=\"1\" " \
              "inertia_zz=\"1\"/>\n<Reference_Marker id=\"20\" body_id=\"2\"/>\n<Reference_Marker id=\"21\" body_id=\"2\"/>\n"

static int load(text_model *t, const char *model, const char *command)
{
    static char xml[16384];
    snprintf(xml, sizeof xml, "<MultiBodySystem><Model>\n" GROUND "%s</Model>%s%s%s</MultiBodySystem>\n", model,
             command ? "<Command>" : "", command ? command : "", command ? "</Command>" : "");
    char buf[512];
    text_model_load(t, xml, NULL, 1);
    CHECK_MSG(t->status == MBS_OK && t->model, "does not load: %s", text_model_error(t, 0, buf, sizeof buf));
    return t->status == MBS_OK && t->model;
}

static int count_notes(const text_model *t, const char *text)
{
    int n = 0;
    for (int i = 0; i < t->diags.count; i++)
        n += t->diags.items[i].severity == MBS_SEV_NOTE && strstr(t->diags.items[i].message, text) != NULL;
    return n;
}

TEST(boilerplate_gives_one_note_per_kind_with_the_count)
{
    text_model t;
    if (load(&t,
             "<Messaging id=\"0\" verbose=\"FALSE\" info=\"TRUE\" anything=\"1\"/>\n"
             "<Param_Simulation id=\"0\" static_on_transient=\"FALSE\"/>\n"
             "<H3DOutput switch_on=\"TRUE\" increment=\"1\"/>\n" BODY2
             "<Reference_Marker id=\"22\" body_id=\"2\"/>\n<Reference_Marker id=\"23\" body_id=\"2\"/>\n"
             "<Constraint_Joint id=\"1\" type=\"TRANSLATIONAL\" i_marker_id=\"20\" j_marker_id=\"10\"/>\n"
             "<Constraint_Joint id=\"2\" type=\"TRANSLATIONAL\" i_marker_id=\"22\" j_marker_id=\"10\"/>\n"
             "<Constraint_Joint id=\"3\" type=\"TRANSLATIONAL\" i_marker_id=\"23\" j_marker_id=\"10\"/>\n"
             "<Motion_Joint id=\"1\" joint_id=\"1\" expr=\"0\" ic_disp=\"0\" ic_vel=\"0\"/>\n"
             "<Motion_Joint id=\"2\" joint_id=\"2\" expr=\"0\" ic_disp=\"0\"/>\n"
             "<Motion_Joint id=\"3\" joint_id=\"3\" expr=\"0\" ic_vel=\"0\"/>\n"
             "<Post_Request id=\"1\" comment=\"z\" type=\"EXPRESSION\" expr1=\"DZ(20)\"/>\n",
             NULL)) {
        CHECK(count_notes(&t, "Messaging: has no effect") == 1);
        CHECK(count_notes(&t, "Param_Simulation: has no effect") == 1);
        CHECK(count_notes(&t, "H3DOutput: has no effect") == 1);
        /* three displacement motions with initial conditions (meant for val_type A): one line, the count */
        CHECK(count_notes(&t, "Motion_Joint") == 1);
        CHECK(count_notes(&t, "Motion_Joint: ic_disp and ic_vel have no effect unless val_type is A (3 elements; "
                              "the first is on this line)") == 1);
        CHECK(count_notes(&t, "full_label") == 0); /* accepted everywhere, silently */
        CHECK(t.diags.errors == 0);
    }
    text_model_free(&t);
}

TEST(six_direction_cosines_complete_the_y_axis)
{
    text_model t;
    /* x along global y, z along global z: y = z x x = -x global */
    if (load(&t,
             "<Reference_Marker id=\"11\" body_id=\"1\" a00=\"0.0\" a10=\"1.0\" a20=\"0.0\" a02=\"0.0\" a12=\"0.0\" "
             "a22=\"1.0\"/>\n"
             "<Reference_Marker id=\"12\" body_id=\"1\" a00=\"0.6\" a10=\"0.8\" a20=\"0\" a02=\"0\" a12=\"0\" a22=\"-1\"/>\n",
             NULL)) {
        const mbs_marker *k = &t.model->markers[mbs_model_marker_index(t.model, 11)];
        static const double want[9] = {0, -1, 0, 1, 0, 0, 0, 0, 1}; /* rows of R, columns x y z */
        for (int i = 0; i < 9; i++)
            CHECK_NEAR(k->rot[i], want[i], 1e-15);
        /* y = z x x = (0,0,-1) x (0.6,0.8,0) = (0.8, -0.6, 0) */
        const mbs_marker *l = &t.model->markers[mbs_model_marker_index(t.model, 12)];
        CHECK_NEAR(l->rot[1], 0.8, 1e-15);
        CHECK_NEAR(l->rot[4], -0.6, 1e-15);
        CHECK_NEAR(l->rot[7], 0.0, 1e-15);
    }
    text_model_free(&t);
}

TEST(lprf_id_names_a_marker_on_the_body_itself)
{
    text_model t;
    if (load(&t, BODY2, NULL))
        CHECK(t.diags.errors == 0);
    text_model_free(&t);
    /* on another body it is an error */
    static char xml[4096];
    snprintf(xml, sizeof xml,
             "<MultiBodySystem><Model>" GROUND
             "<Body_Rigid id=\"2\" cg_id=\"20\" lprf_id=\"10\" mass=\"1\" inertia_xx=\"1\" inertia_yy=\"1\" "
             "inertia_zz=\"1\"/><Reference_Marker id=\"20\" body_id=\"2\"/></Model></MultiBodySystem>");
    text_model_load(&t, xml, NULL, 1);
    char buf[512];
    CHECK(t.status == MBS_E_INPUT);
    CHECK_MSG(strstr(text_model_error(&t, 0, buf, sizeof buf), "lprf_id") != NULL, "%s", buf);
    text_model_free(&t);
}

/* Constraint_Jprim is the joint element under its own name: ids of its own
 * (a Constraint_Joint of the same id besides it), a joint for the solver. */
TEST(constraint_jprim_is_a_joint_under_its_own_name_and_constant_motions)
{
    text_model t;
    if (load(&t,
             BODY2 "<Constraint_Jprim id=\"2\" type=\"INPLANE\" i_marker_id=\"20\" j_marker_id=\"10\"/>\n"
                   "<Constraint_Joint id=\"2\" type=\"TRANSLATIONAL\" i_marker_id=\"21\" j_marker_id=\"10\"/>\n"
                   "<Motion_Joint id=\"1\" joint_id=\"2\" type=\"CONSTANT\" val=\"0.25\"/>\n",
             NULL)) {
        int p = mbs_model_component_index(t.model, "Constraint_Jprim", 2);
        int j = mbs_model_component_index(t.model, "Constraint_Joint", 2);
        CHECK(p >= 0 && j >= 0 && p != j);
        /* it loaded: joint_id 2 names the Constraint_Joint (an INPLANE primitive has no coordinate to drive) */
        CHECK(mbs_model_component_index(t.model, "Motion_Joint", 1) >= 0);
    }
    text_model_free(&t);
}

TEST(settings_mbsim_can_honour_are_honoured)
{
    text_model t;
    if (load(&t,
             "<Param_Static method=\"FIM_D\" max_num_iter=\"37\" max_imbalance=\"1.0E-4\" max_error=\"1.0E-12\"/>\n"
             "<ResOutput angle_type=\"YPR\" mrf_file=\"TRUE\"/>\n",
             NULL)) {
        CHECK(t.model->settings.static_max_iter == 37);
        CHECK_NEAR(t.model->settings.static_imbalance, 1e-4, 1e-18);
        CHECK_NEAR(t.model->settings.static_step_tol, 1e-12, 1e-24);
        CHECK(t.model->output_ypr == 1);
    }
    text_model_free(&t);
}

/* Every MotionView deck asks for a first step (h0_max 1e-8) below its
 * smallest step (h_min 1e-6): h_min wins, the first step is h_min. */
TEST(a_first_step_below_the_smallest_step_as_exports_write_them)
{
    text_model t;
    if (load(&t,
             "<Param_Unit length_unit=\"MILLIMETER\" time_unit=\"MILLISECOND\"/>\n"
             "<Param_Transient integrator_type=\"DSTIFF\" integr_tol=\"0.001\" h_max=\"0.01\" "
             "h0_max=\"1.0000E-08\" h_min=\"1.0000E-06\" max_order=\"5\"/>\n",
             NULL)) {
        CHECK_NEAR(t.model->settings.h0, 1e-9, 1e-23); /* ms */
        CHECK_NEAR(t.model->settings.h_min, 1e-9, 1e-23);
        CHECK_NEAR(t.model->settings.h_max, 1e-5, 1e-19);
        CHECK(count_notes(&t, "h0_max 1e-08 is below h_min 1e-06: h_min wins (no step is shorter, the first one "
                              "included: the first step is 1e-06)") == 1);
    }
    text_model_free(&t);
}

/* MotionView 2022 writes <Messaging> directly inside the root, before
 * <Model>; the other settings may stand there too, read as in <Model>. */
TEST(settings_directly_inside_the_root_before_the_model)
{
    text_model t;
    text_model_load(&t,
                    "<MultiBodySystem>\n"
                    "  <Messaging id=\"0\" verbose=\"FALSE\" info=\"TRUE\" warning=\"TRUE\" error=\"TRUE\"/>\n"
                    "  <Param_Transient integrator_type=\"DSTIFF\" integr_tol=\"0.003\" h_max=\"0.01\"/>\n"
                    "  <Param_Static method=\"FIM_D\" max_num_iter=\"41\"/>\n"
                    "  <ResOutput angle_type=\"YPR\" mrf_file=\"TRUE\"/>\n"
                    "  <H3DOutput switch_on=\"TRUE\" increment=\"1\"/>\n"
                    "  <Model>\n" GROUND "  </Model>\n"
                    "</MultiBodySystem>\n",
                    NULL, 1);
    char buf[512];
    CHECK_MSG(t.status == MBS_OK && t.model, "does not load: %s", text_model_error(&t, 0, buf, sizeof buf));
    if (t.model) {
        CHECK_NEAR(t.model->settings.rtol, 0.003, 1e-18);
        CHECK_NEAR(t.model->settings.h_max, 0.01, 1e-18);
        CHECK(t.model->settings.static_max_iter == 41);
        CHECK(t.model->output_ypr == 1);
        CHECK(count_notes(&t, "Messaging: has no effect") == 1);
        CHECK(count_notes(&t, "H3DOutput: has no effect") == 1);
        /* read before the model's own elements, in file order */
        CHECK(t.spec.n_elems == 7 && strcmp(t.spec.elems[0].kind->name, "Messaging") == 0 &&
              t.spec.elems[0].line == 2 && !t.spec.elems[0].in_command);
    }
    text_model_free(&t);
}

TEST(numbers_and_expressions_as_motionsolve_writes_them)
{
    text_model t;
    /* 1.0D0, -9810.0D0, **, an expression over three lines, 180D */
    if (load(&t,
             "<Param_Unit length_unit=\"MILLIMETER\"/>\n"
             "<Force_Gravity grav_z=\"-9810.0D0\"/>\n"
             "<Reference_Marker id=\"11\" body_id=\"1\" pos_x=\"2.0D0**2\" pos_y=\"1.5d1\" psi=\"90D\"/>\n" BODY2
             "<Force_Vector_OneBody id=\"1\" i_marker_id=\"20\" fz_expression=\"-(STEP(TIME, 0, 0, 0.1, 10)\n"
             "      + 0.04*VZ(20))\n      * 1.0D0\"/>\n",
             NULL)) {
        const mbs_marker *k = &t.model->markers[mbs_model_marker_index(t.model, 11)];
        CHECK_NEAR(k->pos[0], 0.004, 1e-15); /* 4 mm */
        CHECK_NEAR(k->pos[1], 0.015, 1e-15);
        CHECK_NEAR(k->rot[0], 0.0, 1e-15); /* turned 90 degrees about z */
        CHECK_NEAR(k->rot[3], 1.0, 1e-15);
    }
    text_model_free(&t);
}

TEST_SUITE(motionsolve, T(boilerplate_gives_one_note_per_kind_with_the_count), T(six_direction_cosines_complete_the_y_axis),
           T(lprf_id_names_a_marker_on_the_body_itself), T(constraint_jprim_is_a_joint_under_its_own_name_and_constant_motions),
           T(settings_mbsim_can_honour_are_honoured), T(settings_directly_inside_the_root_before_the_model),
           T(a_first_step_below_the_smallest_step_as_exports_write_them),
           T(numbers_and_expressions_as_motionsolve_writes_them));
