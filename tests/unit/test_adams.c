/* The Adams dataset reader: statements, continuation lines, abbreviations,
 * D angle suffixes, function expressions across lines and backslashes,
 * UNITS, a part's BCS, and every error of one dataset reported in one pass
 * with its line. */
#include "../support/harness.h"
#include "model_text.h"
#include "../../src/io/adams_parse.h"

#include <math.h>
#include <string.h>

#define PI 3.14159265358979323846

static const mbs_spec_elem *elem(const text_model *t, const char *kind, int id)
{
    const mbs_spec_elem *e = text_model_elem(t, kind, id);
    CHECK_MSG(e != NULL, "no %s %d", kind, id);
    return e;
}

TEST(numbers_as_adams_writes_them)
{
    double v;
    CHECK(adm_parse_number("-.4", &v) == 0 && v == -0.4);
    CHECK(adm_parse_number("1.5D-3", &v) == 0 && fabs(v - 1.5e-3) < 1e-18);
    CHECK(adm_parse_number("1.0E+2", &v) == 0 && v == 100.0);
    CHECK(adm_parse_number("90D", &v) == 0 && fabs(v - PI / 2) < 1e-15);
    CHECK(adm_parse_number("-28.64788976d", &v) == 0 && fabs(v + 0.5) < 1e-9);
    CHECK(adm_parse_number("0201", &v) == 0 && v == 201.0);
    CHECK(adm_parse_number("D", &v) != 0);
    CHECK(adm_parse_number("1.2.3", &v) != 0);
    CHECK(adm_parse_number("PI", &v) != 0);
}

static const char PART_TEXT[] = "title line: PART/99 here is not a statement\n"
                                "UNITS/, LENGTH = MILLIMETER\n"
                                "PART/1, GROUND\n"
                                "MARKER/10, PART = 1\n"
                                "!  adams_view_name='link'\n"
                                "PAR/2, MASS = 3, CM = 20\n"
                                ", IP = 1, 2, 3, 4, 5, 6, QG = 100, 0, 0, REU = 90D, 0, 0\n"
                                "marker/20, part = 2, qp = 10, 0, 0 ! a comment, QP = 1\n"
                                "MARKER/21, PART=2, REULER=0.5, 0, 0\n"
                                "JOINT/1, REV, I = 21, J = 10\n"
                                "END\n"
                                "PART/3, MASS = ?, this is after END\n";

TEST(part_and_markers_in_the_parts_bcs)
{
    text_model t;
    text_model_load_as(&t, PART_TEXT, ".adm", NULL, 0);
    char buf[512];
    CHECK_MSG(t.status == MBS_OK, "%s", text_model_error(&t, 0, buf, sizeof buf));
    const mbs_spec_elem *body = elem(&t, "Body_Rigid", 2);
    if (body) {
        CHECK(body->label && strcmp(body->label, "link") == 0); /* Adams/View's name */
        CHECK(mbs_spec_real(body, "mass") == 3.0);
        CHECK(mbs_spec_int(body, "cg_id") == 20);
        /* IP = xx, yy, zz, xy, xz, yz (kg mm^2 -> kg m^2) */
        CHECK(fabs(mbs_spec_real(body, "inertia_xy") - 4e-6) < 1e-18);
        CHECK(fabs(mbs_spec_real(body, "inertia_xz") - 5e-6) < 1e-18);
        CHECK(fabs(mbs_spec_real(body, "inertia_yz") - 6e-6) < 1e-18);
    }
    /* the BCS is a marker of the part (an id above every MARKER's), the markers are relative to it */
    const mbs_spec_elem *frame = elem(&t, "Reference_Marker", 22);
    const mbs_spec_elem *cm = elem(&t, "Reference_Marker", 20);
    if (frame && cm) {
        CHECK(mbs_spec_int(frame, "body_id") == 2 && !mbs_spec_has(frame, "rm_id"));
        CHECK(fabs(mbs_spec_real(frame, "pos_x") - 0.1) < 1e-15);
        CHECK(fabs(mbs_spec_real(frame, "psi") - PI / 2) < 1e-15);
        CHECK(mbs_spec_int(cm, "rm_id") == 22);
        CHECK(fabs(mbs_spec_real(cm, "pos_x") - 0.01) < 1e-15); /* the comment's QP = 1 is not read */
    }
    const mbs_spec_elem *m21 = elem(&t, "Reference_Marker", 21);
    if (m21)
        CHECK(mbs_spec_real(m21, "psi") == 0.5); /* radians without D */
    const mbs_spec_elem *j = elem(&t, "Constraint_Joint", 1);
    if (j)
        CHECK(strcmp(mbs_spec_text(j, "type"), "REVOLUTE") == 0);
    CHECK(text_model_elem(&t, "Body_Rigid", 3) == NULL); /* after END */
    CHECK(t.spec.report && strstr(t.spec.report, "PART"));
    text_model_free(&t);
}

TEST(function_expressions_across_lines_and_backslashes)
{
    static const char TEXT[] = "functions\n"
                               "PART/1, GROUND\n"
                               "MARKER/1, PART = 1\n"
                               "MARKER/2, PART = 1, QP = 1, 0, 0\n"
                               "SFORCE/1, TRANSLATIONAL, I = 2, J = 1\n"
                               ", FUNCTION = -10*(DM(2,1) - 1)\n"
                               ", - 2*VR(2,1)\n"
                               ", + STEP(TIME, 0, 0,\n"
                               ", 1, 5)\n"
                               "REQUEST/7, F2=DX(2,1)\\F3=POLY(TIME, 0, 1, 2)\\F8=VARVAL(3),C=three columns\n"
                               "VARIABLE/3, IC = 1, FUNCTION = DM(2, 1)\n"
                               "END\n";
    text_model t;
    text_model_load_as(&t, TEXT, ".adm", NULL, 0);
    char buf[512];
    CHECK_MSG(t.status == MBS_OK, "%s", text_model_error(&t, 0, buf, sizeof buf));
    const mbs_spec_elem *f = elem(&t, "Force_Scalar_TwoBody", 1);
    if (f)
        CHECK_MSG(strcmp(mbs_spec_text(f, "val"), "-10*(DM(2,1) - 1)  - 2*VR(2,1)  + STEP(TIME, 0, 0,  1, 5)") == 0,
                  "%s", mbs_spec_text(f, "val"));
    const mbs_spec_elem *r = elem(&t, "Post_Request", 7);
    if (r) {
        CHECK(strcmp(r->label, "REQUEST_7") == 0);
        CHECK(strcmp(mbs_spec_text(r, "expr2"), "DX(2,1)") == 0);
        CHECK(strcmp(mbs_spec_text(r, "expr3"), "POLY(TIME, 0, 1, 2)") == 0);
        CHECK(strcmp(mbs_spec_text(r, "expr8"), "VARVAL(3)") == 0);
        CHECK(strcmp(mbs_spec_text(r, "expr1"), "0") == 0);
        CHECK(strcmp(mbs_spec_text(r, "comment"), "three columns") == 0);
    }
    text_model_free(&t);
}

TEST(every_error_of_a_dataset_in_one_pass)
{
    static const char TEXT[] = "errors\n"
                               ", QP = 1, 2, 3\n"                       /* 2: continuation without a statement */
                               "PART/1, GROUND\n"
                               "MARKER/1, PART = 1, QP = 1, 2\n"       /* 4: QP takes 3 values */
                               "MARKER/2, PART = 7\n"                  /* 5: no PART/7 */
                               "PART/2, MASS = heavy, CM = 1, IP = 1, 1, 1\n" /* 6: not a number */
                               "JOINT/1, R, I = 1, J = 2\n"            /* 7: RACKPIN or REVOLUTE */
                               "WIDGET/1, SIZE = 2\n"                  /* 8: unknown statement */
                               "ACCGRAV/, KGRAV = -9.81, COLOUR = 3\n" /* 9: unknown argument */
                               "CONTACT/1, IGEOM = 1, JGEOM = 2\n"     /* 10: refused */
                               "SFORCE/1, ROTATIONAL, I = 1, J = 99, FUNCTION = 1\n" /* 11: no MARKER/99 */
                               "END\n";
    text_model t;
    text_model_load_as(&t, TEXT, ".adm", NULL, 0);
    CHECK(t.status == MBS_E_INPUT);
    static const char *const WANT[] = {
        ":2: error: a continuation line (starting with ',') without a statement to continue",
        ":4: error: MARKER/1: QP takes 3 values, not 2",
        ":6: error: PART/2: MASS: 'heavy' is not a number",
        ":7: error: JOINT/1: 'R' is not a unique abbreviation (it could be RACKPIN, REVOLUTE)",
        ":8: error: unknown statement 'WIDGET'",
        ":9: error: ACCGRAV: unknown argument 'COLOUR'",
        ":10: error: CONTACT/1: refused: contacts between solids are not supported",
        ":5: error: MARKER/2: PART = 7: there is no PART/7",
        ":11: error: SFORCE/1: J = 99: there is no MARKER/99",
    };
    char buf[512];
    for (size_t i = 0; i < sizeof WANT / sizeof WANT[0]; i++) {
        const char *got = text_model_error(&t, (int)i, buf, sizeof buf);
        CHECK_MSG(strstr(got, WANT[i]) != NULL, "error %zu: got '%s', want '...%s'", i, got, WANT[i]);
    }
    CHECK_MSG(text_model_error(&t, (int)(sizeof WANT / sizeof WANT[0]), buf, sizeof buf)[0] == '\0',
              "one error too many: %s", buf);
    text_model_free(&t);
}

/* FUNCTION = USER(...) and ROUTINE's forms onto the user subroutine
 * attributes (read only: no library is loaded). */
static const char USER_TEXT[] = "user subroutines\n"
                                "PART/1, GROUND\n"
                                "MARKER/1, PART = 1\n"
                                "MARKER/2, PART = 1, FLOATING\n"
                                "SFORCE/1, TRANS, I = 1, J = 1, FUNCTION = USER(1, 2,\n"
                                ", 3.5)\\, ROUTINE = mylib::MYSFO\n"
                                "SFORCE/2, ROT, I = 1, J = 1, FUNCTION = USER()\\, ROUTINE = C:/libs/tyre.dll::\n"
                                "SFORCE/3, TRANS, I = 1, J = 1, FUNCTION = USER(1)\\, ROUTINE = ::mine\n"
                                "SFORCE/4, TRANS, I = 1, J = 1, FUNCTION = USER(1)\\, ROUTINE = mine\n"
                                "SFORCE/5, TRANS, I = 1, J = 1, FUNCTION = USER(1)\n"
                                "VTORQUE/6, I = 1, JFLOAT = 2, RM = 1, FUNCTION = USER(7)\n"
                                "VARIABLE/1, FUNCTION = USER(8)\n"
                                "END\n";

TEST(user_functions_name_their_routines)
{
    text_model t;
    text_model_load_as(&t, USER_TEXT, ".adm", NULL, 0);
    char buf[512];
    CHECK_MSG(t.status == MBS_OK, "%s", text_model_error(&t, 0, buf, sizeof buf));
    static const struct {
        const char *kind;
        int id;
        const char *params, *library, *function; /* NULL: not given */
    } WANT[] = {
        {"Force_Scalar_TwoBody", 1, "USER(1, 2,  3.5)", "mylib", "MYSFO"}, /* the continuation line's space kept */
        {"Force_Scalar_TwoBody", 2, "USER()", "C:/libs/tyre.dll", NULL},
        {"Force_Scalar_TwoBody", 3, "USER(1)", NULL, "mine"},
        {"Force_Scalar_TwoBody", 4, "USER(1)", NULL, "mine"},
        {"Force_Scalar_TwoBody", 5, "USER(1)", NULL, NULL},
        {"Force_Vector_TwoBody", 6, "USER(7)", NULL, NULL},
        {"Reference_Variable", 1, "USER(8)", NULL, NULL},
    };
    for (size_t i = 0; i < sizeof WANT / sizeof WANT[0]; i++) {
        const mbs_spec_elem *e = elem(&t, WANT[i].kind, WANT[i].id);
        if (!e)
            continue;
        const char *attrs[3] = {"usrsub_param_string", "usrsub_dll_name", "usrsub_fnc_name"};
        const char *want[3] = {WANT[i].params, WANT[i].library, WANT[i].function};
        for (int k = 0; k < 3; k++) {
            const char *got = mbs_spec_given(e, attrs[k]) ? mbs_spec_text(e, attrs[k]) : NULL;
            CHECK_MSG(want[k] ? got && strcmp(got, want[k]) == 0 : got == NULL, "%s %d: %s is '%s', want '%s'",
                      WANT[i].kind, WANT[i].id, attrs[k], got ? got : "(none)", want[k] ? want[k] : "(none)");
        }
        const char *value = strcmp(WANT[i].kind, "Reference_Variable") == 0     ? "expr"
                            : strcmp(WANT[i].kind, "Force_Scalar_TwoBody") == 0 ? "val"
                                                                                : "tz";
        CHECK(!mbs_spec_given(e, value)); /* the routine's, not an expression */
    }
    const mbs_spec_elem *v = elem(&t, "Force_Vector_TwoBody", 6), *var = elem(&t, "Reference_Variable", 1);
    if (v)
        CHECK(strcmp(mbs_spec_text(v, "type"), "TORQUEONLY") == 0); /* VTOSUB */
    if (var)
        CHECK(strcmp(mbs_spec_text(var, "type"), "USERSUB") == 0);
    text_model_free(&t);
}

/* GRAPHICS as Adams/View writes them: the solids onto Post_Graphics, the
 * shapes mbsim does not draw (a CURVE on its reference marker CRM, as a
 * SOLIDWORKS Motion export writes it; a spring's SPDP) read, checked and
 * left out. */
static const char GRAPHICS_TEXT[] = "graphics\n"
                                    "UNITS/, LENGTH = MILLIMETER\n"
                                    "PART/1, GROUND\n"
                                    "MARKER/10, PART = 1\n"
                                    "MARKER/11, PART = 1, QP = 100, 0, 0\n"
                                    "GRAPHICS/1, CYLINDER, CM = 10, LENGTH = 40, RADIUS = 5\n"
                                    "GRAPHICS/2, FRUSTUM, CM = 11, LENGTH = -30, TOP = 5, BOTTOM = 10\n"
                                    "GRAPHICS/3\n"
                                    ", CURVE\n"
                                    ", CID = 2\n"
                                    ", CRM = 10\n"
                                    "GRAPHICS/4, SPDP, I = 10, J = 11, DA = 10, COILS = 5\n"
                                    "END\n";

TEST(graphics_as_adams_view_writes_them)
{
    text_model t;
    text_model_load_as(&t, GRAPHICS_TEXT, ".adm", NULL, 0);
    char buf[512];
    CHECK_MSG(t.status == MBS_OK, "%s", text_model_error(&t, 0, buf, sizeof buf));
    const mbs_spec_elem *cyl = elem(&t, "Post_Graphic", 1), *fru = elem(&t, "Post_Graphic", 2);
    if (cyl) {
        CHECK(strcmp(mbs_spec_text(cyl, "type"), "CYLINDER") == 0);
        CHECK(mbs_spec_int(cyl, "center_marker_id") == 10);
        CHECK(fabs(mbs_spec_real(cyl, "length") - 0.04) < 1e-15); /* mm -> m */
        CHECK(fabs(mbs_spec_real(cyl, "radius") - 0.005) < 1e-15);
    }
    if (fru) {
        CHECK(strcmp(mbs_spec_text(fru, "type"), "FRUSTUM") == 0);
        CHECK(fabs(mbs_spec_real(fru, "length") + 0.03) < 1e-15); /* along -z */
        CHECK(fabs(mbs_spec_real(fru, "bottom_radius") - 0.01) < 1e-15);
    }
    CHECK(text_model_elem(&t, "Post_Graphic", 3) == NULL); /* not drawn */
    CHECK(text_model_elem(&t, "Post_Graphic", 4) == NULL);
    text_model_free(&t);
}

/* FRICTION onto mbsim's LuGre joint friction in a metre dataset: Adams has
 * no bristle arguments, so the reader gives the canonical LuGre bristle
 * parameters (sigma0 = 1e5 per metre, sigma1 = 316 s/m, sigma2 = 0.4 s/m;
 * MotionSolve's defaults are these numbers in N-mm-s) in the dataset's
 * units: not the millimetre numbers read as metres, 1000 times too soft,
 * with a warning asking for attributes a dataset cannot give. */
static const char FRICTION_TEXT[] = "friction in SI\n"
                                    "UNITS/SYSTEM = MKS\n"
                                    "PART/1, GROUND\n"
                                    "MARKER/1, PART = 1\n"
                                    "PART/2, MASS = 1, CM = 20, IP = 1, 1, 1\n"
                                    "MARKER/20, PART = 2, QP = 0.1, 0, 0\n"
                                    "MARKER/21, PART = 2\n"
                                    "JOINT/1, REVOLUTE, I = 21, J = 1\n"
                                    "FRICTION/1, JOINT = 1, MU_STATIC = 0.2, MU_DYNAMIC = 0.1, PIN_RADIUS = 0.005\n"
                                    ", FRICTION_ARM = 0.005, BENDING_REACTION_ARM = 0.01\n"
                                    "REQUEST/1, D, I = 20, J = 1\n"
                                    "END\n";

TEST(friction_in_a_metre_dataset_has_the_canonical_bristles)
{
    const char *units[] = {"UNITS/SYSTEM = MKS", "UNITS/LENGTH = MILLIMETER"};
    for (int u = 0; u < 2; u++) {
        char text[sizeof FRICTION_TEXT + 64];
        const char *at = strstr(FRICTION_TEXT, "UNITS/SYSTEM = MKS");
        snprintf(text, sizeof text, "%.*s%s%s", (int)(at - FRICTION_TEXT), FRICTION_TEXT, units[u],
                 at + strlen("UNITS/SYSTEM = MKS"));
        if (u) { /* the same lengths in millimetres */
            static const char *const FROM[] = {"QP = 0.1,", "PIN_RADIUS = 0.005", "FRICTION_ARM = 0.005",
                                               "BENDING_REACTION_ARM = 0.01"};
            static const char *const TO[] = {"QP = 100,", "PIN_RADIUS = 5", "FRICTION_ARM = 5",
                                             "BENDING_REACTION_ARM = 10"};
            for (int k = 0; k < 4; k++) {
                char *p = strstr(text, FROM[k]);
                char rest[sizeof text];
                snprintf(rest, sizeof rest, "%s", p + strlen(FROM[k]));
                snprintf(p, sizeof text - (size_t)(p - text), "%s%s", TO[k], rest);
            }
        }
        text_model t;
        text_model_load_as(&t, text, ".adm", NULL, 1);
        char buf[512];
        CHECK_MSG(t.status == MBS_OK, "%s", text_model_error(&t, 0, buf, sizeof buf));
        const mbs_spec_elem *f = elem(&t, "Force_JointFriction", 1);
        if (f) { /* SI values */
            CHECK_MSG(fabs(mbs_spec_real(f, "bristle_stiffness") - 1e5) < 1e-6, "%s: sigma0 %g per m", units[u],
                      mbs_spec_real(f, "bristle_stiffness"));
            CHECK(fabs(mbs_spec_real(f, "damping_effects") - 316.0) < 1e-9);
            CHECK(fabs(mbs_spec_real(f, "viscous_effects") - 0.4) < 1e-12);
            CHECK(fabs(mbs_spec_real(f, "pin_radius") - 0.005) < 1e-15);
        }
        for (int i = 0; i < t.diags.count; i++)
            CHECK_MSG(t.diags.items[i].severity != MBS_SEV_WARNING, "%s: %s", units[u], t.diags.items[i].message);
        text_model_free(&t);
    }
}

TEST_SUITE(adams, T(numbers_as_adams_writes_them), T(part_and_markers_in_the_parts_bcs),
           T(function_expressions_across_lines_and_backslashes), T(every_error_of_a_dataset_in_one_pass),
           T(user_functions_name_their_routines), T(graphics_as_adams_view_writes_them),
           T(friction_in_a_metre_dataset_has_the_canonical_bristles));
