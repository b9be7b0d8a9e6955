/* An element whose build fails without reporting an error (what running
 * out of memory leaves) stops the model from compiling: the compiler names
 * it, and only it, when nothing else was reported (src/model/compile.c,
 * note_unexplained). The failure is a kind whose build returns -1 and says
 * nothing, put in place of a Post_Graphic's. */
#include "../support/harness.h"
#include "model_text.h"
#include "../../src/model/compile.h"
#include "../../src/model/kind.h"

#include <stdio.h>
#include <string.h>

static int silent_build(struct mbs_builder *b, const struct mbs_spec_elem *e)
{
    (void)b;
    (void)e;
    return -1;
}

/* A box (Post_Graphic 2, line 6) on a floor (Post_Graphic 1, line 4); with
 * `contact`, a Force_Contact between them on line 7; `extra` after it. */
static void model_text(char *xml, size_t size, int contact, const char *extra)
{
    snprintf(xml, size,
             "<Mbsim><Model>\n"
             "<Body_Rigid id=\"1\" isground=\"TRUE\"/><Reference_Marker id=\"10\" body_id=\"1\"/>\n"
             "<Body_Rigid id=\"2\" cg_id=\"20\" mass=\"1\" inertia_xx=\"1\" inertia_yy=\"1\" inertia_zz=\"1\"/>\n"
             "<Post_Graphic id=\"1\" type=\"BoxDefinedFromCenter\" center_marker_id=\"10\" length_x=\"3\" "
             "length_y=\"1\" length_z=\"0.2\"/>\n"
             "<Reference_Marker id=\"20\" body_id=\"2\" pos_z=\"0.15\"/>\n"
             "<Post_Graphic id=\"2\" label=\"lid\" type=\"BoxDefinedFromCenter\" center_marker_id=\"20\" "
             "length_x=\"0.3\" length_y=\"0.2\" length_z=\"0.1\"/>\n"
             "%s\n%s\n"
             "</Model></Mbsim>\n",
             contact ? "<Force_Contact id=\"7\" num_i_graphics=\"1\" i_graphics_id=\"2\" num_j_graphics=\"1\" "
                       "j_graphics_id=\"1\" cnf_type=\"IMPACT\" stiffness=\"1e7\" exponent=\"1\" damping=\"0\" "
                       "dmax=\"1e-6\"/>"
                     : "",
             extra);
}

/* Reads the model of model_text, gives Post_Graphic 2 the silent kind,
 * compiles; the errors' count and the first as printed. */
static mbs_status compile_with_silent_graphic(int contact, const char *extra, int *errors, char *first, size_t size)
{
    char xml[4096];
    model_text(xml, sizeof xml, contact, extra);
    text_model t;
    text_model_load(&t, xml, NULL, 0);
    CHECK_MSG(t.status == MBS_OK, "the model does not read");
    const mbs_spec_elem *e = text_model_elem(&t, "Post_Graphic", 2);
    CHECK(e != NULL);
    if (!e) {
        text_model_free(&t);
        *errors = 0;
        first[0] = '\0';
        return MBS_OK;
    }
    const mbs_kind *own = e->kind;
    mbs_kind silent = *own;
    silent.build = silent_build;
    ((mbs_spec_elem *)e)->kind = &silent;
    mbs_status st = mbs_compile(&t.spec, &t.diags, &t.model);
    *errors = t.diags.errors;
    text_model_error(&t, 0, first, size);
    ((mbs_spec_elem *)e)->kind = own;
    text_model_free(&t);
    return st;
}

TEST(a_build_failing_without_a_word_is_named)
{
    char first[512];
    int errors;
    mbs_status st = compile_with_silent_graphic(0, "", &errors, first, sizeof first);
    CHECK_MSG(st != MBS_OK, "the model compiled without Post_Graphic 2");
    CHECK_MSG(errors == 1 && strstr(first, "MODEL:6: error: Post_Graphic 2") && strstr(first, "lid") &&
                  strstr(first, "out of memory"),
              "%d errors, the first: '%s'", errors, first);
}

/* The contact refers to the graphic and fails with it, silently too: the
 * graphic, whose failure is the cause, is the one named. */
TEST(the_element_failing_first_is_named_not_those_referring_to_it)
{
    char first[512];
    int errors;
    mbs_status st = compile_with_silent_graphic(1, "", &errors, first, sizeof first);
    CHECK_MSG(st != MBS_OK, "the model compiled without Post_Graphic 2 and the contact");
    CHECK_MSG(errors == 1 && strstr(first, "MODEL:6: error: Post_Graphic 2"), "%d errors, the first: '%s'", errors,
              first);
}

/* With an error of its own elsewhere, the model is refused for that: no
 * guess about memory is added. */
TEST(nothing_is_added_to_a_reported_error)
{
    char first[512];
    int errors;
    mbs_status st = compile_with_silent_graphic(0, "<Reference_Marker id=\"30\" body_id=\"99\"/>", &errors, first, sizeof first);
    CHECK(st != MBS_OK);
    CHECK_MSG(errors == 1 && strstr(first, "MODEL:8:") && !strstr(first, "out of memory"),
              "%d errors, the first: '%s'", errors, first);
}

TEST_SUITE(unexplained_failure, T(a_build_failing_without_a_word_is_named),
           T(the_element_failing_first_is_named_not_those_referring_to_it), T(nothing_is_added_to_a_reported_error));
