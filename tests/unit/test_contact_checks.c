/* Force_Contact's load-time warnings: mu_dynamic above mu_static, from a
 * model file and from an Adams CONTACT statement (which becomes a
 * Force_Contact: the warning names the statement's line). Errors are in
 * tests/bad/contact_*. */
#include "../support/harness.h"
#include "model_text.h"

#include <stdio.h>
#include <string.h>

/* The message of `severity` containing `text`, or NULL; *n counts them. */
static const mbs_diag *find(const text_model *t, mbs_severity severity, const char *text, int *n)
{
    const mbs_diag *found = NULL;
    *n = 0;
    for (int i = 0; i < t->diags.count; i++)
        if (t->diags.items[i].severity == severity && strstr(t->diags.items[i].message, text) != NULL) {
            found = &t->diags.items[i];
            ++*n;
        }
    return found;
}

/* A box on a floor with the contact's friction coefficients; loads it and
 * returns how many warnings say "larger than mu_static"; *line is the
 * warning's line (the Force_Contact is on line 6). */
static int xml_warnings(const char *mu_static, const char *mu_dynamic, int *line, char *message, size_t size)
{
    char xml[4096];
    snprintf(xml, sizeof xml,
             "<Mbsim><Model>\n"
             "<Body_Rigid id=\"1\" isground=\"TRUE\"/><Reference_Marker id=\"10\" body_id=\"1\"/>\n"
             "<Post_Graphic id=\"1\" type=\"BoxDefinedFromCenter\" center_marker_id=\"10\" length_x=\"3\" length_y=\"1\" length_z=\"0.2\"/>\n"
             "<Body_Rigid id=\"2\" cg_id=\"20\" mass=\"1\" inertia_xx=\"1\" inertia_yy=\"1\" inertia_zz=\"1\"/><Reference_Marker id=\"20\" body_id=\"2\" pos_z=\"0.15\"/>\n"
             "<Post_Graphic id=\"2\" type=\"BoxDefinedFromCenter\" center_marker_id=\"20\" length_x=\"0.3\" length_y=\"0.2\" length_z=\"0.1\"/>\n"
             "<Force_Contact id=\"7\" label=\"box on floor\" num_i_graphics=\"1\" i_graphics_id=\"2\" num_j_graphics=\"1\" j_graphics_id=\"1\" "
             "cnf_type=\"IMPACT\" stiffness=\"1e7\" exponent=\"1\" damping=\"0\" dmax=\"1e-6\" cff_type=\"COULOMB_ON\" "
             "mu_static=\"%s\" mu_dynamic=\"%s\" stiction_trans_vel=\"1e-4\" friction_trans_vel=\"1e-3\"/>\n"
             "</Model></Mbsim>\n",
             mu_static, mu_dynamic);
    text_model t;
    text_model_load(&t, xml, NULL, 1);
    CHECK_MSG(t.status == MBS_OK, "the model does not load (mu_static %s, mu_dynamic %s)", mu_static, mu_dynamic);
    int n;
    const mbs_diag *d = find(&t, MBS_SEV_WARNING, "larger than mu_static", &n);
    *line = d ? d->line : 0;
    snprintf(message, size, "%s", d ? d->message : "");
    text_model_free(&t);
    return n;
}

TEST(contact_dynamic_above_static_friction_is_a_warning)
{
    int line;
    char message[512];
    CHECK(xml_warnings("0.3", "0.5", &line, message, sizeof message) == 1);
    CHECK_MSG(line == 6, "the warning is on line %d, not the Force_Contact's (6)", line);
    CHECK_MSG(strstr(message, "Force_Contact") && strstr(message, "7") && strstr(message, "box on floor") &&
                  strstr(message, "mu_dynamic (0.5) is larger than mu_static (0.3)"),
              "the warning does not name the element and its values: '%s'", message);
    CHECK(xml_warnings("0.5", "0.3", &line, message, sizeof message) == 0);
    CHECK(xml_warnings("0.4", "0.4", &line, message, sizeof message) == 0);
}

/* The same box as an Adams dataset: the CONTACT statement is on line 9. */
TEST(adams_contact_dynamic_above_static_friction_is_a_warning)
{
    static const char TEXT[] =
        "a box on a floor, mu_dynamic above mu_static\n"
        "UNITS/, FORCE = NEWTON, MASS = KILOGRAM, LENGTH = METER, TIME = SECOND\n"
        "PART/1, GROUND\n"
        "MARKER/10, PART = 1, QP = -1, -0.5, -0.2\n"
        "GRAPHICS/1, BOX, CORNER = 10, X = 3, Y = 1, Z = 0.2\n"
        "PART/2, MASS = 1, CM = 20, IP = 1, 1, 1\n"
        "MARKER/20, PART = 2, QP = -0.15, -0.1, 0.1\n"
        "GRAPHICS/2, BOX, CORNER = 20, X = 0.3, Y = 0.2, Z = 0.1\n"
        "CONTACT/4, IGEOM = 2, JGEOM = 1, IMPACT, STIFFNESS = 1.0E+07, EXPONENT = 1, DAMPING = 0\n"
        ", DMAX = 1.0E-06, COULOMB_FRICTION = ON, MU_STATIC = 0.2, MU_DYNAMIC = 0.6\n"
        ", STICTION_TRANSITION_VELOCITY = 1.0E-04, FRICTION_TRANSITION_VELOCITY = 1.0E-03\n"
        "END\n";
    text_model t;
    text_model_load_as(&t, TEXT, ".adm", NULL, 1);
    CHECK_MSG(t.status == MBS_OK, "the dataset does not load");
    int n;
    const mbs_diag *d = find(&t, MBS_SEV_WARNING, "mu_dynamic (0.6) is larger than mu_static (0.2)", &n);
    CHECK_MSG(n == 1, "%d warnings say mu_dynamic is larger", n);
    CHECK_MSG(d && d->line == 9, "the warning is on line %d, not the CONTACT's (9)", d ? d->line : 0);
    CHECK_MSG(d && strstr(d->message, "4"), "the warning does not name CONTACT/4: '%s'", d ? d->message : "");
    text_model_free(&t);
}

TEST_SUITE(contact_checks, T(contact_dynamic_above_static_friction_is_a_warning),
           T(adams_contact_dynamic_above_static_friction_is_a_warning));
