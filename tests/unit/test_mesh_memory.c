/* A TriaMesh Post_Graphic that runs out of memory while it is built (its
 * points, its triangles, the edge list closed_mesh_volume sorts to see
 * whether the mesh is closed) fails with an error of its own, on its line,
 * naming the graphic and what could not be allocated; injected through
 * failing_malloc.h. */
#include "../support/harness.h"
#include "failing_malloc.h"
#include "model_text.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A closed bipyramid over a RING-gon: RING + 2 points, 2 RING triangles,
 * wound counter-clockwise seen from outside. Sizes of what the build
 * allocates (src/elements/post_graphic.c): the points x y z and one more
 * double, the triangles' 3 ints, the edges' 3 ints each, 3 per triangle. */
#define RING 1000
#define N_POINTS (RING + 2)
#define N_TRIANGLES (2 * RING)
#define POINTS_BYTES ((3 * (size_t)N_POINTS + 1) * sizeof(double))
#define TRIANGLES_BYTES (3 * (size_t)N_TRIANGLES * sizeof(int))
#define EDGES_BYTES (3 * (size_t)N_TRIANGLES * 3 * sizeof(int))

/* The model; the Post_Graphic is on line 4. */
static char *bipyramid_model(void)
{
    size_t size = 200000;
    char *xml = malloc(size);
    if (!xml)
        return NULL;
    int at = snprintf(xml, size,
                      "<Mbsim><Model>\n"
                      "<Body_Rigid id=\"1\" isground=\"TRUE\"/>\n"
                      "<Reference_Marker id=\"10\" body_id=\"1\"/>\n"
                      "<Post_Graphic id=\"5\" label=\"gem\" type=\"TriaMesh\" ref_marker_id=\"10\" num_point=\"%d\" "
                      "num_triangle=\"%d\">",
                      N_POINTS, N_TRIANGLES);
    const double pi = acos(-1.0);
    for (int i = 0; i < RING; i++)
        at += snprintf(xml + at, size - (size_t)at, " %.6f %.6f 0", cos(2 * pi * i / RING), sin(2 * pi * i / RING));
    at += snprintf(xml + at, size - (size_t)at, " 0 0 1 0 0 -1\n");
    for (int i = 0; i < RING; i++)
        at += snprintf(xml + at, size - (size_t)at, " %d %d %d %d %d %d", i, (i + 1) % RING, RING, (i + 1) % RING, i,
                       RING + 1);
    snprintf(xml + at, size - (size_t)at, "</Post_Graphic>\n</Model></Mbsim>\n");
    return xml;
}

/* Loads the model with mallocs of `fail_bytes` failing; checks that exactly
 * one did, that the model does not compile, and that the errors include one
 * on the graphic's line naming it, "out of memory" and `what`. */
static void check_failure(size_t fail_bytes, const char *what)
{
    char *xml = bipyramid_model();
    CHECK(xml != NULL);
    if (!xml)
        return;
    text_model t;
    failing_malloc_arm(fail_bytes);
    text_model_load(&t, xml, NULL, 1);
    int failures = failing_malloc_failures();
    failing_malloc_arm(0);
    CHECK_MSG(failures == 1, "%d mallocs of %zu bytes failed, not 1 (%s)", failures, fail_bytes, what);
    CHECK_MSG(t.status != MBS_OK, "the model compiles although the %s could not be allocated", what);
    int found = 0;
    for (int i = 0; i < t.diags.count; i++) {
        const mbs_diag *d = &t.diags.items[i];
        found |= d->severity == MBS_SEV_ERROR && d->line == 4 && strstr(d->message, "Post_Graphic 5") &&
                 strstr(d->message, "gem") && strstr(d->message, "out of memory") && strstr(d->message, what);
    }
    CHECK_MSG(found, "no error on line 4 names Post_Graphic 5 'gem', out of memory and '%s' (%d errors%s%s)", what,
              t.diags.errors, t.diags.count ? ", the first: " : "", t.diags.count ? t.diags.items[0].message : "");
    text_model_free(&t);
    free(xml);
}

TEST(the_mesh_loads_when_memory_suffices)
{
    char *xml = bipyramid_model();
    CHECK(xml != NULL);
    text_model t;
    text_model_load(&t, xml, NULL, 1);
    CHECK_MSG(t.status == MBS_OK && t.diags.errors == 0, "the bipyramid does not load");
    CHECK(t.model && t.model->n_graphics == 1 && t.model->graphics[0].n_triangles == N_TRIANGLES);
    text_model_free(&t);
    free(xml);
}

TEST(out_of_memory_for_the_points_is_named)
{
    check_failure(POINTS_BYTES, "1002 points");
}

TEST(out_of_memory_for_the_triangles_is_named)
{
    check_failure(TRIANGLES_BYTES, "2000 triangles");
}

TEST(out_of_memory_checking_that_the_mesh_is_closed_is_named)
{
    check_failure(EDGES_BYTES, "checking whether the mesh is closed");
}

TEST_SUITE(mesh_memory, T(the_mesh_loads_when_memory_suffices), T(out_of_memory_for_the_points_is_named),
           T(out_of_memory_for_the_triangles_is_named), T(out_of_memory_checking_that_the_mesh_is_closed_is_named));
