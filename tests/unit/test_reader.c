/* The reader (src/io/): XML normalisation, parameters and --set, units,
 * defaults, and the reporting of every error with its line. */
#include "../support/harness.h"
#include "model_text.h"

#include <stdlib.h>
#include <string.h>

#define GROUND "<Body_Rigid id=\"1\" isground=\"TRUE\"/>\n"
#define CUBE(id, cg) "<Body_Rigid id=\"" #id "\" cg_id=\"" #cg "\" mass=\"1\" inertia_xx=\"1\" inertia_yy=\"1\" inertia_zz=\"1\"/>\n"

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

/* Loads and compiles; a failure is reported with the first error. */
static int load(text_model *t, const char *xml, const char *const *sets)
{
    char buf[512];
    text_model_load(t, xml, sets, 1);
    CHECK_MSG(t->status == MBS_OK && t->model, "does not load: %s", text_model_error(t, 0, buf, sizeof buf));
    return t->status == MBS_OK && t->model;
}

TEST(names_and_keywords_are_case_insensitive)
{
    text_model t;
    if (load(&t, "<mbsim>\n<MODEL>\n"
                 "<body_rigid ID=\"1\" IsGround=\" true \"/>\n"
                 "<REFERENCE_MARKER Id=\"10\" Body_ID=\"1\" POS_X=\"1\"/>\n"
                 "<Body_Rigid id=\"2\" CG_ID=\"20\" Mass=\"2\" INERTIA_XX=\"1\" Inertia_Yy=\"1\" inertia_zz=\"1\"/>\n"
                 "<reference_marker id=\"20\" body_id=\"2\" body_type=\"RigidBody\"/>\n"
                 "<constraint_joint id=\"1\" type=\"revolute\" i_marker_id=\"20\" j_marker_id=\"10\"/>\n"
                 "</MODEL>\n<command>\n<param_transient Linear_Solver=\"Dense\"/>\n"
                 "<SIMULATE analysis_type=\"Transient\" end_time=\"2\"/>\n</command>\n</mbsim>\n",
             NULL)) {
        const mbs_model *m = t.model;
        CHECK(body(m, 1) && body(m, 1)->type == MBS_BODY_GROUND);
        CHECK(body(m, 2) && body(m, 2)->type == MBS_BODY_RIGID && body(m, 2)->mass == 2.0);
        CHECK(marker(m, 10) && marker(m, 10)->pos[0] == 1.0);
        CHECK(m->settings.linear_solver == MBS_LS_DENSE);
        CHECK(m->n_analyses == 1 && m->analyses[0].type == MBS_ANALYSIS_TRANSIENT && m->analyses[0].end_time == 2.0);
        const mbs_spec_elem *j = text_model_elem(&t, "Constraint_Joint", 1);
        CHECK(j && strcmp(mbs_spec_text(j, "type"), "REVOLUTE") == 0);
        CHECK(m->n_comps == 1 && m->n_rows == 5); /* the joint is there: 5 rows */
    }
    text_model_free(&t);
}

TEST(a_bare_model_root)
{
    text_model t;
    if (load(&t, "<Model>\n" GROUND "<Reference_Marker id=\"10\" body_id=\"1\"/>\n</Model>\n", NULL)) {
        CHECK(t.model->n_bodies == 1 && t.model->n_markers == 1);
        CHECK(t.spec.elems[0].line == 2);
    }
    text_model_free(&t);
}

TEST(any_root_name_and_namespaces)
{
    text_model t;
    if (load(&t, "<?xml version=\"1.0\"?>\n<MotionSolve version=\"2019\" "
                 "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:noNamespaceSchemaLocation=\"ms.xsd\">\n"
                 "<Model>\n" GROUND "</Model>\n</MotionSolve>\n",
             NULL))
        CHECK(t.model->n_bodies == 1);
    text_model_free(&t);
    if (load(&t, "<m:Anything xmlns:m=\"urn:example\"><m:Model>\n" GROUND "</m:Model></m:Anything>\n", NULL))
        CHECK(t.model->n_bodies == 1);
    text_model_free(&t);
    if (load(&t, "<Root xmlns=\"urn:example\"><Model>\n" GROUND "</Model></Root>\n", NULL))
        CHECK(t.model->n_bodies == 1);
    text_model_free(&t);
}

TEST(layout_text_and_comments_inside_elements)
{
    text_model t;
    if (load(&t, "<Mbsim><Model>\n<Body_Rigid id=\"1\" isground=\"TRUE\">\n  <!-- the ground -->\n\n</Body_Rigid>\n"
                 "</Model></Mbsim>\n",
             NULL))
        CHECK(t.model->n_bodies == 1);
    text_model_free(&t);
}

TEST(param_transient_in_model_or_command)
{
    text_model t;
    if (load(&t, "<Mbsim><Model>\n" GROUND "<Param_Transient rtol=\"1e-9\"/>\n</Model></Mbsim>\n", NULL)) {
        CHECK(t.model->settings.rtol == 1e-9);
        CHECK(t.model->settings.line == 3);
    }
    text_model_free(&t);
    if (load(&t, "<Mbsim><Model>\n" GROUND "</Model><Command>\n<Param_Transient integr_tol=\"1e-5\"/>\n"
                 "</Command></Mbsim>\n",
             NULL)) {
        CHECK(t.model->settings.rtol == 1e-5);
        CHECK(t.model->settings.atol == 1e-5);
    }
    text_model_free(&t);
    /* MotionSolve's command changes the model's settings (before the first analysis: for all) */
    if (load(&t, "<Mbsim><Model>\n" GROUND "<Param_Transient rtol=\"1e-9\" h_max=\"0.1\"/>\n</Model><Command>\n"
                 "<Param_Transient rtol=\"1e-7\"/>\n</Command></Mbsim>\n",
             NULL)) {
        CHECK(t.model->settings.rtol == 1e-7);
        CHECK(t.model->settings.h_max == 0.1);
    }
    text_model_free(&t);
    /* two in <Model> contradict each other */
    char buf[512];
    text_model_load(&t, "<Mbsim><Model>\n" GROUND "<Param_Transient rtol=\"1e-9\"/>\n"
                        "<Param_Transient rtol=\"1e-7\"/>\n</Model></Mbsim>\n", NULL, 1);
    CHECK(t.status == MBS_E_INPUT);
    CHECK_MSG(strcmp(text_model_error(&t, 0, buf, sizeof buf),
                     "MODEL:4: error: Param_Transient: Param_Transient is already given on line 3") == 0, "%s", buf);
    text_model_free(&t);
}

static const char PARAMETRIC[] =
    "<Mbsim>\n"
    "  <Parameters>\n"
    "    <Parameter name=\"k\" value=\"2\"/>\n"
    "    <Parameter name=\"L\" value=\"2*k\"/>\n"
    "    <Parameter name=\"angle\" value=\"pi/6\"/>\n"
    "  </Parameters>\n"
    "  <Model>\n" GROUND
    "    <Reference_Marker id=\"10\" body_id=\"1\" pos_x=\"L/2\" pos_y=\"sin(angle)\" pos_z=\"k^-1\"/>\n"
    "  </Model>\n"
    "</Mbsim>\n";

TEST(parameters_and_expressions)
{
    text_model t;
    if (load(&t, PARAMETRIC, NULL)) {
        const mbs_marker *mk = marker(t.model, 10);
        CHECK_NEAR(mk->pos[0], 2.0, 0);
        CHECK_NEAR(mk->pos[1], 0.5, 1e-15);
        CHECK_NEAR(mk->pos[2], 0.5, 0);
        CHECK(t.model->n_params == 3);
        CHECK(strcmp(t.model->params[1].name, "L") == 0 && t.model->params[1].value == 4.0);
        CHECK(!t.model->params[0].overridden);
        CHECK(t.spec.params[2].line == 5);
    }
    text_model_free(&t);
}

TEST(integer_attributes_take_expressions)
{
    text_model t;
    static const char xml[] = "<Mbsim><Parameters><Parameter name=\"n\" value=\"50\"/></Parameters><Model>\n" GROUND
                              "</Model><Command>\n<Param_Transient max_order=\"n/25\"/>\n"
                              "<Simulate analysis_type=\"TRANSIENT\" end_time=\"2\" num_steps=\"4*n\"/>\n"
                              "</Command></Mbsim>\n";
    if (load(&t, xml, NULL)) {
        CHECK(t.model->settings.max_order == 2);
        CHECK_NEAR(t.model->analyses[0].print_interval, 0.01, 1e-15);
    }
    text_model_free(&t);
    static const char *const odd[] = {"n=51", NULL};
    char buf[512];
    CHECK(text_model_load(&t, xml, odd, 1) == MBS_E_INPUT);
    CHECK_MSG(strcmp(text_model_error(&t, 0, buf, sizeof buf),
                     "MODEL:4: error: Param_Transient: max_order: 'n/25' is not an integer (it gives 2.04)") == 0, "%s",
              buf);
    text_model_free(&t);
}

TEST(set_overrides_a_parameter_and_those_derived_from_it)
{
    text_model t;
    static const char *const sets[] = {"k=3", NULL};
    if (load(&t, PARAMETRIC, sets)) {
        CHECK(t.model->params[0].value == 3.0 && t.model->params[0].overridden);
        CHECK(t.model->params[1].value == 6.0 && !t.model->params[1].overridden);
        CHECK_NEAR(marker(t.model, 10)->pos[0], 3.0, 0);
        CHECK_NEAR(marker(t.model, 10)->pos[2], 1.0 / 3.0, 1e-16);
    }
    text_model_free(&t);
    /* the value may be an expression of the parameters declared before */
    static const char *const sets2[] = {"L=10*k", "angle=pi/2", NULL};
    if (load(&t, PARAMETRIC, sets2)) {
        CHECK_NEAR(marker(t.model, 10)->pos[0], 10.0, 0);
        CHECK_NEAR(marker(t.model, 10)->pos[1], 1.0, 1e-15);
    }
    text_model_free(&t);
}

TEST(set_errors)
{
    text_model t;
    char buf[512];
    static const char *const unknown[] = {"K=3", NULL};
    CHECK(text_model_load(&t, PARAMETRIC, unknown, 1) == MBS_E_INPUT);
    text_model_error(&t, 0, buf, sizeof buf);
    CHECK_MSG(strstr(buf, "mbsim: error: --set K: no parameter 'K' is declared in ") == buf &&
                  strstr(buf, " (declared: k, L, angle)") != NULL, "%s", buf);
    text_model_free(&t);
    static const char *const later[] = {"k=L", NULL};
    CHECK(text_model_load(&t, PARAMETRIC, later, 1) == MBS_E_INPUT);
    CHECK_MSG(strcmp(text_model_error(&t, 0, buf, sizeof buf),
                     "mbsim: error: --set k=L: unknown name 'L' (known: none; constants pi, e)") == 0, "%s", buf);
    text_model_free(&t);
}

/* A parameter named like a built-in constant (a Young's modulus E) shadows
 * it in every expression of the model, in any case, with one note naming
 * both; --set changes it like any parameter. */
TEST(a_parameter_may_be_named_like_a_constant)
{
    static const char xml[] = "<Mbsim><Parameters>\n<Parameter name=\"E\" value=\"2.1e11\"/>\n"
                              "<Parameter name=\"ratio\" value=\"e/1e11\"/></Parameters><Model>\n" GROUND
                              "<Reference_Marker id=\"10\" body_id=\"1\" pos_x=\"E/1e11\" pos_y=\"ratio\" "
                              "pos_z=\"exp(1)\"/>\n</Model></Mbsim>\n";
    text_model t;
    if (load(&t, xml, NULL)) {
        const mbs_marker *mk = marker(t.model, 10);
        CHECK_NEAR(mk->pos[0], 2.1, 1e-15);
        CHECK_NEAR(mk->pos[1], 2.1, 1e-15);
        CHECK_NEAR(mk->pos[2], 2.71828182845904523536, 1e-15); /* the constant's value is still exp(1) */
        int notes = 0;
        for (int i = 0; i < t.diags.count; i++) {
            const mbs_diag *d = &t.diags.items[i];
            if (d->severity != MBS_SEV_NOTE || !strstr(d->message, "shadows"))
                continue;
            notes++;
            CHECK_MSG(d->line == 2 && strcmp(d->message, "Parameter 'E' shadows the built-in constant e: in this "
                                                         "model's expressions E, in any case, is the parameter") == 0,
                      "line %d: %s", d->line, d->message);
        }
        CHECK(notes == 1);
    }
    text_model_free(&t);
    static const char *const sets[] = {"E=3e11", NULL};
    if (load(&t, xml, sets)) {
        CHECK_NEAR(marker(t.model, 10)->pos[0], 3.0, 1e-15);
        CHECK_NEAR(marker(t.model, 10)->pos[1], 3.0, 1e-15);
    }
    text_model_free(&t);
    /* without such a parameter, no note, and e is the constant */
    static const char plain[] = "<Mbsim><Model>\n" GROUND
                                "<Reference_Marker id=\"10\" body_id=\"1\" pos_x=\"E\"/>\n</Model></Mbsim>\n";
    if (load(&t, plain, NULL)) {
        CHECK_NEAR(marker(t.model, 10)->pos[0], 2.71828182845904523536, 1e-15);
        for (int i = 0; i < t.diags.count; i++)
            CHECK(!strstr(t.diags.items[i].message, "shadows"));
    }
    text_model_free(&t);
}

TEST(a_millimetre_gram_model_is_converted_to_si)
{
    text_model t;
    if (load(&t, "<Mbsim><Model>\n"
                 "<Param_Unit force_unit=\"newton\" mass_unit=\"GRAM\" length_unit=\"Millimeter\" time_unit=\"SECOND\"/>\n"
                 GROUND
                 "<Body_Rigid id=\"2\" cg_id=\"20\" mass=\"500\" inertia_xx=\"2e6\" inertia_yy=\"3e6\" inertia_zz=\"4e6\"\n"
                 "            v_ic_x=\"100\" w_ic_z=\"3\"/>\n"
                 "<Reference_Marker id=\"20\" body_id=\"2\" pos_x=\"250\" pos_y=\"-40\" psi=\"pi/2\"/>\n"
                 "<Body_Mass1D id=\"3\" type=\"ROTATIONAL\" mass=\"5e6\" q_ic=\"0.1\" v_ic=\"2\"/>\n"
                 "<Body_Mass1D id=\"4\" mass=\"20\" q_ic=\"7\" v_ic=\"30\"/>\n"
                 "</Model><Command>\n"
                 "<Param_Transient atol=\"1e-3\" h_max=\"0.5\"/>\n"
                 "<Simulate analysis_type=\"TRANSIENT\" end_time=\"2\" print_interval=\"0.1\"/>\n"
                 "</Command></Mbsim>\n",
             NULL)) {
        const mbs_model *m = t.model;
        const mbs_body *b = body(m, 2);
        CHECK_NEAR(b->mass, 0.5, 1e-15);
        CHECK_NEAR(b->r0[0], 0.25, 1e-15);
        CHECK_NEAR(b->r0[1], -0.04, 1e-15);
        /* 2e6 g mm^2 = 2e-3 kg m^2 about the cg x axis = body x axis */
        CHECK_NEAR(b->inertia[0], 2e-3, 1e-15);
        CHECK_NEAR(b->inertia[4], 3e-3, 1e-15);
        CHECK_NEAR(b->inertia[8], 4e-3, 1e-15);
        CHECK_NEAR(b->v0[0], 0.1, 1e-15);
        CHECK_NEAR(b->w0[2], 3.0, 0); /* rad/s: angles are not units */
        /* Body_Mass1D: the dimensions follow its type */
        CHECK_NEAR(body(m, 3)->mass, 5e-3, 1e-15); /* g mm^2 */
        CHECK_NEAR(body(m, 3)->r0[0], 0.1, 0);     /* rad */
        CHECK_NEAR(body(m, 3)->v0[0], 2.0, 0);     /* rad/s */
        CHECK_NEAR(body(m, 4)->mass, 0.02, 1e-15); /* g */
        CHECK_NEAR(body(m, 4)->r0[0], 7e-3, 1e-15);
        CHECK_NEAR(body(m, 4)->v0[0], 0.03, 1e-15);
        CHECK_NEAR(m->settings.atol, 1e-6, 1e-20);
        CHECK_NEAR(m->settings.h_max, 0.5, 0);
        CHECK_NEAR(m->analyses[0].end_time, 2.0, 0);
        /* the model's units are kept for the results */
        CHECK(strcmp(mbs_unit_name(MBS_UNIT_LENGTH, m->units.length), "MILLIMETER") == 0);
        CHECK(strcmp(mbs_unit_name(MBS_UNIT_MASS, m->units.mass), "GRAM") == 0);
        char unit[32];
        mbs_units_format(&m->units, DIM_VELOCITY, 0, unit, sizeof unit);
        CHECK(strcmp(unit, "mm/s") == 0);
    }
    text_model_free(&t);
}

TEST(time_units_scale_times_and_rates)
{
    text_model t;
    if (load(&t, "<Mbsim><Model>\n<Param_Unit length_unit=\"MILLIMETER\" time_unit=\"MILLISECOND\"/>\n" GROUND
                 "<Body_Point id=\"2\" cg_id=\"20\" mass=\"1\" v_ic_y=\"2\"/>\n"
                 "<Reference_Marker id=\"20\" body_id=\"2\"/>\n"
                 "</Model><Command><Simulate analysis_type=\"TRANSIENT\" end_time=\"500\"/></Command></Mbsim>\n",
             NULL)) {
        CHECK_NEAR(body(t.model, 2)->v0[1], 2.0, 1e-15); /* 2 mm/ms = 2 m/s */
        CHECK_NEAR(t.model->analyses[0].end_time, 0.5, 1e-16);
        CHECK_NEAR(t.model->analyses[0].print_interval, 0.005, 1e-18); /* a hundredth of the span */
    }
    text_model_free(&t);
}

TEST(defaults)
{
    text_model t;
    if (load(&t, "<Mbsim><Model>\n" GROUND CUBE(2, 20) "<Reference_Marker id=\"20\" body_id=\"2\"/>\n"
                 "</Model></Mbsim>\n",
             NULL)) {
        const mbs_model *m = t.model;
        const mbs_body *b = body(m, 2);
        const mbs_marker *mk = marker(m, 20);
        for (int i = 0; i < 3; i++) {
            CHECK(b->r0[i] == 0 && b->v0[i] == 0 && b->w0[i] == 0);
            CHECK(mk->pos[i] == 0);
            for (int j = 0; j < 3; j++)
                CHECK(mk->rot[3 * i + j] == (i == j));
        }
        CHECK(b->p0[0] == 1 && b->p0[1] == 0 && b->p0[2] == 0 && b->p0[3] == 0);
        CHECK(strcmp(mbs_unit_name(MBS_UNIT_LENGTH, m->units.length), "METER") == 0);
        CHECK(m->settings.rtol == 1e-6 && m->settings.atol == 1e-8 && m->settings.max_order == 5);
        CHECK(m->settings.linear_solver == MBS_LS_AUTO && m->settings.line == 0);
        /* no Command: a transient to t = 1 with output every 0.01 */
        CHECK(m->n_analyses == 1 && m->analyses[0].type == MBS_ANALYSIS_TRANSIENT);
        CHECK(m->analyses[0].end_time == 1.0 && m->analyses[0].print_interval == 0.01);
        const mbs_spec_elem *e = text_model_elem(&t, "Body_Rigid", 2);
        CHECK(e && !mbs_spec_given(e, "v_ic_x") && mbs_spec_has(e, "v_ic_x"));
        CHECK(e && !mbs_spec_has(e, "im_id") && e->label == NULL);
    }
    text_model_free(&t);
}

TEST(every_error_is_reported_with_its_line)
{
    char buf[512];
    text_model t;
    /* schema errors */
    text_model_load(&t, "<Mbsim><Model>\n" GROUND
                        "<Reference_Marker id=\"10\" body_id=\"1\" colour=\"red\"/>\n"
                        "<Reference_Marker id=\"11\"/>\n"
                        "<Body_Rigd id=\"3\"/>\n"
                        "</Model></Mbsim>\n", NULL, 1);
    CHECK(t.status == MBS_E_INPUT && t.diags.errors == 3);
    CHECK_MSG(strcmp(text_model_error(&t, 0, buf, sizeof buf),
                     "MODEL:3: error: Reference_Marker 10: unknown attribute 'colour'") == 0, "%s", buf);
    CHECK_MSG(strcmp(text_model_error(&t, 1, buf, sizeof buf),
                     "MODEL:4: error: Reference_Marker 11: missing required attribute 'body_id'") == 0, "%s", buf);
    CHECK_MSG(strcmp(text_model_error(&t, 2, buf, sizeof buf),
                     "MODEL:5: error: unknown element 'Body_Rigd' (did you mean 'Body_Rigid'?)") == 0, "%s", buf);
    text_model_free(&t);
    /* expression errors: each names the attribute */
    text_model_load(&t, "<Mbsim><Model>\n" GROUND
                        "<Reference_Marker id=\"10\" body_id=\"1\" pos_x=\"q\" pos_y=\"1/\"/>\n"
                        "<Reference_Marker id=\"11\" body_id=\"1\" pos_z=\"log(0)\"/>\n"
                        "</Model></Mbsim>\n", NULL, 1);
    CHECK(t.status == MBS_E_INPUT && t.diags.errors == 3);
    CHECK_MSG(strcmp(text_model_error(&t, 0, buf, sizeof buf),
                     "MODEL:3: error: Reference_Marker 10: pos_x: unknown name 'q' (known: none; constants pi, e)") ==
                  0, "%s", buf);
    CHECK_MSG(strstr(text_model_error(&t, 1, buf, sizeof buf), "MODEL:3: error: Reference_Marker 10: pos_y: "
                                                                 "malformed expression '1/'") == buf, "%s", buf);
    CHECK_MSG(strcmp(text_model_error(&t, 2, buf, sizeof buf),
                     "MODEL:4: error: Reference_Marker 11: pos_z: 'log(0)' does not evaluate to a finite number "
                     "(it gives -inf)") == 0, "%s", buf);
    text_model_free(&t);
    /* model errors, in file order although bodies are built before markers */
    text_model_load(&t, "<Mbsim><Model>\n" GROUND
                        "<Reference_Marker id=\"10\" body_id=\"9\"/>\n"
                        "<Reference_Marker id=\"10\" body_id=\"1\"/>\n"
                        "<Body_Rigid id=\"2\" cg_id=\"30\" mass=\"-1\" inertia_xx=\"1\" inertia_yy=\"1\" inertia_zz=\"1\"/>\n"
                        "<Reference_Marker id=\"30\" body_id=\"2\"/>\n"
                        "</Model></Mbsim>\n", NULL, 1);
    CHECK(t.status == MBS_E_INPUT && t.diags.errors == 3 && t.model == NULL);
    CHECK_MSG(strcmp(text_model_error(&t, 0, buf, sizeof buf),
                     "MODEL:3: error: Reference_Marker 10: body_id 9 does not exist") == 0, "%s", buf);
    CHECK_MSG(strcmp(text_model_error(&t, 1, buf, sizeof buf),
                     "MODEL:4: error: Reference_Marker 10: id 10 is already used by the Reference_Marker on line 3 "
                     "(ids are unique among the elements of one name)") == 0, "%s", buf);
    CHECK_MSG(strcmp(text_model_error(&t, 2, buf, sizeof buf),
                     "MODEL:5: error: Body_Rigid 2: mass must be > 0 (is -1)") == 0, "%s", buf);
    text_model_free(&t);
}

TEST(an_element_is_named_by_the_line_of_its_start_tag)
{
    text_model t;
    /* libxml2 alone would give the line where the start tag ends (7) */
    if (load(&t, "<Mbsim>\n<Model>\n" GROUND "<Reference_Marker\n  id=\"10\"\n  label=\"tip\"\n  body_id=\"1\"/>\n"
                 "<!-- <Reference_Marker id=\"99\"\n\n/> -->\n<?pi <x?>\n"
                 "<Reference_Marker id=\"11\" label=\"a &gt; b\" body_id=\"1\"/><Reference_Marker\n id=\"12\" body_id=\"1\"/>\n"
                 "</Model></Mbsim>\n",
             NULL)) {
        const mbs_spec_elem *e = text_model_elem(&t, "Reference_Marker", 10);
        CHECK(e && e->line == 4 && strcmp(e->label, "tip") == 0);
        CHECK(marker(t.model, 10)->line == 4 && strcmp(marker(t.model, 10)->label, "tip") == 0);
        CHECK(text_model_elem(&t, "Reference_Marker", 11)->line == 12);
        CHECK(text_model_elem(&t, "Reference_Marker", 12)->line == 12);
    }
    text_model_free(&t);
}

TEST(lines_past_65535_are_exact)
{
    /* libxml2 keeps 16 bits of an element's line */
    size_t n = 70000;
    char *xml = malloc(n + 512);
    strcpy(xml, "<Mbsim><Model>\n" GROUND);
    size_t len = strlen(xml);
    memset(xml + len, '\n', n);
    strcpy(xml + len + n, "<Reference_Marker id=\"10\" body_id=\"5\"/>\n<Reference_Marker id=\"11\" colour=\"red\"\n"
                          " body_id=\"1\"/>\ntext\n</Model></Mbsim>\n");
    text_model t;
    char buf[512];
    text_model_load(&t, xml, NULL, 1);
    CHECK_MSG(strcmp(text_model_error(&t, 0, buf, sizeof buf),
                     "MODEL:70004: error: Reference_Marker 11: unknown attribute 'colour'") == 0, "%s", buf);
    CHECK_MSG(strcmp(text_model_error(&t, 1, buf, sizeof buf),
                     "MODEL:70006: error: text 'text' is not allowed inside <Model>") == 0, "%s", buf);
    text_model_free(&t);
    xml[strlen(xml) - strlen("text\n</Model></Mbsim>\n")] = '\0';
    strcat(xml, "</Model></Mbsim>\n");
    char *colour = strstr(xml, " colour=\"red\"");
    memset(colour, ' ', strlen(" colour=\"red\""));
    text_model_load(&t, xml, NULL, 1);
    CHECK_MSG(strcmp(text_model_error(&t, 0, buf, sizeof buf),
                     "MODEL:70003: error: Reference_Marker 10: body_id 5 does not exist") == 0, "%s", buf);
    text_model_free(&t);
    free(xml);
}

TEST(the_source_is_kept_for_the_results_file)
{
    text_model t;
    static const char xml[] = "<Model>" GROUND "</Model>\n";
    if (load(&t, xml, NULL)) {
        CHECK(t.model->source_len == strlen(xml));
        CHECK(strcmp(t.model->source, xml) == 0);
    }
    text_model_free(&t);
}

TEST_SUITE(reader, T(names_and_keywords_are_case_insensitive), T(a_bare_model_root), T(any_root_name_and_namespaces),
           T(layout_text_and_comments_inside_elements), T(param_transient_in_model_or_command),
           T(parameters_and_expressions), T(integer_attributes_take_expressions),
           T(set_overrides_a_parameter_and_those_derived_from_it), T(set_errors),
           T(a_parameter_may_be_named_like_a_constant),
           T(a_millimetre_gram_model_is_converted_to_si), T(time_units_scale_times_and_rates), T(defaults),
           T(every_error_is_reported_with_its_line), T(an_element_is_named_by_the_line_of_its_start_tag),
           T(lines_past_65535_are_exact),
           T(the_source_is_kept_for_the_results_file));
