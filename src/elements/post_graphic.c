/* Post_Graphic (MotionSolve): a shape drawn on a body, for pictures and
 * animations, and the shapes a Force_Contact names (no mass). Each shape is placed by a marker,
 * whose body carries it:
 *   BoxDefinedFromCenter  centre_marker_id: a box of edges length_x, _y, _z
 *                         along the marker's axes, centred on its origin
 *   BoxDefinedFromCorner  corner_marker_id: the same box with a corner at the
 *                         origin, spanning +x +y +z
 *   Cylinder              centre_marker_id: base centred on the origin, axis
 *                         along the marker's z, radius and length (a negative
 *                         length runs along -z)
 *   Frustum               as the cylinder, bottom_radius at the base,
 *                         top_radius at z = length
 *   Sphere                centre_marker_id, radius
 *   Ellipsoid             centre_marker_id; xscale, yscale, zscale are the
 *                         DIAMETERS along the marker's axes (as MotionSolve's)
 *   Outline               a polyline through the origins of the markers in
 *                         marker_id_list (all on one body), or through the
 *                         points x y z of the element's text, in the frame of
 *                         ref_marker_id
 *   TriaMesh              triangles in the frame of ref_marker_id: the text
 *                         holds num_point points (x y z), then num_triangle
 *                         triangles (three point indices from 0), as
 *                         MotionView exports them
 *   SPDP                  a coil spring from i_marker_id to j_marker_id
 *                         (MotionSolve's and Adams' spring-damper graphic):
 *                         da its diameter, ncoil its turns; a damper cylinder
 *                         of diameter db at I, from la to la + lc along the
 *                         line to J, and one of diameter dc at J, from lb to
 *                         lb + ld along the line to I
 *   Marker                the axes of center_marker_id, `length` long
 * The other MotionSolve types (Parasolid, Arc, Point, ...) are read with
 * whatever attributes they carry and not drawn: one note per type says so.
 * color "R:G:B" (0..255). Stored in the results file under /geometry. */
#include "../model/builder.h"
#include "../core/strutil.h"
#include "../core/vec3.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DRAWN "BOXDEFINEDFROMCENTER|BOXDEFINEDFROMCORNER|CYLINDER|FRUSTUM|SPHERE|ELLIPSOID|OUTLINE|MARKER|TRIAMESH|SPDP"
#define NOT_DRAWN                                                                                                \
    "PARASOLID|DEFORMSURFACE|PLANE|PARAMSURFACE|ARC|CIRCLE|DEFORMCURVE|LINEMESH|PARAMCURVE|POINT|USERGRA"
enum { BOX_CENTER, BOX_CORNER, CYLINDER, FRUSTUM, SPHERE, ELLIPSOID, OUTLINE, MARKER, TRIAMESH, SPDP, N_DRAWN };

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "graphic id (unique among graphics)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name", NULL},
    {"type", MBS_ATTR_KEYWORD, NULL, DIM_NONE, MBS_REQUIRED, DRAWN "|" NOT_DRAWN,
     "the shape (the types after SPDP are read and not drawn)", NULL},
    {"center_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL,
     "marker placing the shape (boxes from the centre, cylinder, frustum, sphere, ellipsoid, marker)", NULL},
    {"corner_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "BoxDefinedFromCorner: marker at a corner", NULL},
    {"ref_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL,
     "TriaMesh, Outline with points: the marker whose frame the points are given in", NULL},
    {"i_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "SPDP: the spring's first end", NULL},
    {"j_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "SPDP: the spring's second end", NULL},
    {"length_x", MBS_ATTR_REAL, NULL, DIM_LENGTH, 0, NULL, "box: edge along the marker's x", NULL},
    {"length_y", MBS_ATTR_REAL, NULL, DIM_LENGTH, 0, NULL, "box: edge along the marker's y", NULL},
    {"length_z", MBS_ATTR_REAL, NULL, DIM_LENGTH, 0, NULL, "box: edge along the marker's z", NULL},
    {"radius", MBS_ATTR_REAL, NULL, DIM_LENGTH, 0, NULL, "cylinder, sphere: radius", NULL},
    {"length", MBS_ATTR_REAL, NULL, DIM_LENGTH, 0, NULL,
     "cylinder, frustum: length along z (negative: along -z); marker: axis length", NULL},
    {"top_radius", MBS_ATTR_REAL, NULL, DIM_LENGTH, 0, NULL, "frustum: radius at z = length", NULL},
    {"bottom_radius", MBS_ATTR_REAL, NULL, DIM_LENGTH, 0, NULL, "frustum: radius at the base", NULL},
    {"xscale", MBS_ATTR_REAL, NULL, DIM_LENGTH, 0, NULL, "ellipsoid: diameter along the marker's x", NULL},
    {"yscale", MBS_ATTR_REAL, NULL, DIM_LENGTH, 0, NULL, "ellipsoid: diameter along the marker's y", NULL},
    {"zscale", MBS_ATTR_REAL, NULL, DIM_LENGTH, 0, NULL, "ellipsoid: diameter along the marker's z", NULL},
    {"marker_id_list", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "outline: marker ids, space or comma separated",
     NULL},
    {"num_point", MBS_ATTR_INT, NULL, DIM_NONE, 0, NULL,
     "TriaMesh: how many points the text holds (Outline: checked against the text when given)", NULL},
    {"num_triangle", MBS_ATTR_INT, NULL, DIM_NONE, 0, NULL, "TriaMesh: how many triangles follow the points", NULL},
    {"numbers", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_CONTENT, NULL,
     "TriaMesh: the points (x y z each, in the length unit) then the triangles (three point indices each, from "
     "0); Outline with ref_marker_id: the points, x y z each. White space or commas between numbers",
     NULL},
    {"da", MBS_ATTR_REAL, "0", DIM_LENGTH, 0, NULL, "SPDP: the spring's diameter", NULL},
    {"db", MBS_ATTR_REAL, "0", DIM_LENGTH, 0, NULL, "SPDP: the diameter of the damper at I", NULL},
    {"dc", MBS_ATTR_REAL, "0", DIM_LENGTH, 0, NULL, "SPDP: the diameter of the damper at J", NULL},
    {"la", MBS_ATTR_REAL, "0", DIM_LENGTH, 0, NULL, "SPDP: from I to the end of the damper at I", NULL},
    {"lb", MBS_ATTR_REAL, "0", DIM_LENGTH, 0, NULL, "SPDP: from J to the end of the damper at J", NULL},
    {"lc", MBS_ATTR_REAL, "0", DIM_LENGTH, 0, NULL, "SPDP: the length of the damper at I (0: none)", NULL},
    {"ld", MBS_ATTR_REAL, "0", DIM_LENGTH, 0, NULL, "SPDP: the length of the damper at J (0: none)", NULL},
    {"ncoil", MBS_ATTR_INT, "0", DIM_NONE, 0, NULL, "SPDP: the spring's turns (0: a straight line)", NULL},
    {"color", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "R:G:B, each 0..255 (default: a colour per body)", NULL},
    {"hidden", MBS_ATTR_BOOL, "FALSE", DIM_NONE, 0, NULL, "TRUE: not drawn (a Force_Contact may still name it)", NULL},
    {"is_material_inside", MBS_ATTR_BOOL, NULL, DIM_NONE, MBS_IGNORED, NULL,
     "contact: which side of a surface is solid (mbsim's contact shapes are solids)", NULL},
    {"refinement_level", MBS_ATTR_INT, NULL, DIM_NONE, MBS_IGNORED, NULL, "tessellation (a fixed one is used)",
     NULL},
    {"ends_type", MBS_ATTR_KEYWORD, NULL, DIM_NONE, MBS_IGNORED, "OPEN|CLOSED|TOP_ONLY|BOTTOM_ONLY",
     "cylinder and frustum ends (always closed)", NULL},
    {"*", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_ANY_ATTRIBUTE, NOT_DRAWN,
     "the types mbsim does not draw (those after SPDP in `type`'s list) take any attribute: accepted and ignored",
     NULL},
};

/* A required length: present and > 0 (0 after reporting otherwise). */
static double positive(mbs_builder *b, const mbs_spec_elem *e, const char *attr, int *bad)
{
    if (!mbs_spec_has(e, attr)) {
        *bad = mbs_build_error(b, e, "type %s needs %s", mbs_spec_text(e, "type"), attr);
        return 0.0;
    }
    double v = mbs_spec_real(e, attr);
    if (!(v > 0.0))
        *bad = mbs_build_error(b, e, "%s must be > 0, got %g", attr, v);
    return v;
}

/* A length that may be 0 (absent: 0); negative ones are reported. */
static double not_negative(mbs_builder *b, const mbs_spec_elem *e, const char *attr, int *bad)
{
    double v = mbs_spec_has(e, attr) ? mbs_spec_real(e, attr) : 0.0;
    if (!(v >= 0.0))
        *bad = mbs_build_error(b, e, "%s must be >= 0, got %g", attr, v);
    return v;
}

static int parse_color(mbs_builder *b, const mbs_spec_elem *e, double rgb[3])
{
    if (!mbs_spec_has(e, "color")) {
        rgb[0] = -1.0; /* the body's colour, chosen with the defaults */
        return 0;
    }
    int c[3];
    char tail;
    const char *text = mbs_spec_text(e, "color");
    if (sscanf(text, "%d:%d:%d%c", &c[0], &c[1], &c[2], &tail) != 3 || c[0] < 0 || c[0] > 255 || c[1] < 0 ||
        c[1] > 255 || c[2] < 0 || c[2] > 255)
        return mbs_build_error(b, e, "color '%s' is not R:G:B with each 0..255", text);
    for (int k = 0; k < 3; k++)
        rgb[k] = c[k] / 255.0;
    return 0;
}

/* Places g in the frame of marker k (its body's frame). */
static void place(const mbs_model *m, int k, mbs_graphic *g)
{
    const mbs_marker *mk = &m->markers[k];
    g->body = mk->body;
    v3_copy(g->pos, mk->pos);
    memcpy(g->rot, mk->rot, sizeof g->rot);
}

/* Places g by the marker its type names (center_marker_id, ...); -1 after
 * reporting when it is missing or not a Reference_Marker. */
static int place_by(mbs_builder *b, const mbs_spec_elem *e, const char *attr, mbs_graphic *g)
{
    if (!mbs_spec_has(e, attr))
        return mbs_build_error(b, e, "type %s needs %s", mbs_spec_text(e, "type"), attr);
    int k = mbs_ref_frame_marker(b, e, attr);
    if (k < 0)
        return -1;
    place(mbs_builder_model(b), k, g);
    return 0;
}

/* The numbers of the element's text, n of them; -1 after reporting. */
static int text_numbers(mbs_builder *b, const mbs_spec_elem *e, double **v, int *n)
{
    char bad[64];
    *v = NULL;
    *n = 0;
    int rc = mbs_parse_numbers(mbs_spec_has(e, "numbers") ? mbs_spec_text(e, "numbers") : NULL, v, n, bad, sizeof bad);
    if (rc == -2)
        return mbs_build_error(b, e, "the text: '%s' is not a number", bad);
    if (rc != 0)
        return mbs_build_error(b, e, "out of memory reading the numbers of the text");
    return 0;
}

/* Points x y z (model length unit) as the shape's points (SI). */
static int take_points(mbs_builder *b, const mbs_spec_elem *e, const double *v, int n_points, mbs_graphic *g)
{
    double to_si = mbs_units_to_si(&mbs_builder_model(b)->units, DIM_LENGTH);
    g->points = malloc(((size_t)n_points * 3 + 1) * sizeof *g->points);
    if (!g->points)
        return mbs_build_error(b, e, "out of memory for its %d points", n_points);
    for (int i = 0; i < 3 * n_points; i++)
        g->points[i] = v[i] * to_si;
    g->n_points = n_points;
    return 0;
}

static int outline_of_markers(mbs_builder *b, const mbs_spec_elem *e, mbs_graphic *g)
{
    const mbs_model *m = mbs_builder_model(b);
    char *list = mbs_strdup(mbs_spec_text(e, "marker_id_list"));
    int rc = list ? 0 : -1;
    for (char *tok = list ? strtok(list, " ,\t\n") : NULL; tok && rc == 0; tok = strtok(NULL, " ,\t\n")) {
        long id;
        if (mbs_parse_long(tok, &id) != 0 || id < 1) {
            rc = mbs_build_error(b, e, "marker_id_list: '%s' is not a marker id", tok);
            break;
        }
        int k = mbs_ref_marker_id(b, e, "marker_id_list", (int)id);
        if (k < 0 || m->markers[k].type != MBS_MARKER_FRAME) {
            rc = k < 0 ? -1 : mbs_build_error(b, e, "marker_id_list: marker %ld is not a Reference_Marker", id);
            break;
        }
        if (g->n_points == 0)
            g->body = m->markers[k].body;
        else if (m->markers[k].body != g->body) {
            rc = mbs_build_error(b, e, "marker_id_list: marker %ld is on another body than the first marker", id);
            break;
        }
        double *grown = realloc(g->points, (size_t)(g->n_points + 1) * 3 * sizeof *grown);
        if (!grown) {
            rc = -1;
            break;
        }
        g->points = grown;
        v3_copy(g->points + 3 * g->n_points++, m->markers[k].pos);
    }
    free(list);
    if (rc == 0 && g->n_points < 2)
        rc = mbs_build_error(b, e, "marker_id_list needs at least 2 markers");
    m3_identity(g->rot); /* the points are in the body frame */
    return rc;
}

/* An outline through the points of the text, in ref_marker_id's frame. */
static int outline_of_points(mbs_builder *b, const mbs_spec_elem *e, mbs_graphic *g)
{
    if (place_by(b, e, "ref_marker_id", g) != 0)
        return -1;
    double *v;
    int n;
    if (text_numbers(b, e, &v, &n) != 0)
        return -1;
    int rc = 0;
    if (n % 3 != 0 || n < 6)
        rc = mbs_build_error(b, e, "the text holds %d numbers; an outline needs points x y z, at least 2", n);
    else if (mbs_spec_given(e, "num_point") && mbs_spec_int(e, "num_point") != n / 3)
        rc = mbs_build_error(b, e, "num_point is %ld, the text holds %d points", mbs_spec_int(e, "num_point"), n / 3);
    else
        rc = take_points(b, e, v, n / 3, g);
    free(v);
    return rc;
}

static int outline(mbs_builder *b, const mbs_spec_elem *e, mbs_graphic *g)
{
    g->shape = MBS_SHAPE_OUTLINE;
    int by_markers = mbs_spec_has(e, "marker_id_list"), by_points = mbs_spec_has(e, "ref_marker_id");
    if (by_markers && by_points)
        return mbs_build_error(b, e, "type OUTLINE takes marker_id_list or ref_marker_id with points, not both");
    if (!by_markers && !by_points)
        return mbs_build_error(b, e, "type OUTLINE needs marker_id_list, or ref_marker_id and its points as the text");
    return by_markers ? outline_of_markers(b, e, g) : outline_of_points(b, e, g);
}

/* An edge of a mesh's triangle, its ends in increasing order; forward
 * when the triangle runs from the lower to the higher. */
typedef struct {
    int lo, hi, forward;
} mesh_edge;

static int edge_order(const void *a, const void *b)
{
    const mesh_edge *x = a, *y = b;
    if (x->lo != y->lo)
        return x->lo < y->lo ? -1 : 1;
    if (x->hi != y->hi)
        return x->hi < y->hi ? -1 : 1;
    return x->forward - y->forward;
}

/* The volume a closed mesh encloses, by the divergence theorem over its
 * triangles (a, b, c):
 *     V = (1/6) sum a . (b x c),
 * positive when they are wound counter-clockwise seen from outside (the
 * order by which Force_Contact takes the side behind the faces as solid),
 * negative when the mesh is inside out. NaN when the mesh is not closed
 * (an edge not shared by exactly two triangles, once each way): an open
 * surface (a floor of two triangles) has no inside to be wrong about.
 * -1 when out of memory. */
static int closed_mesh_volume(const double *p, const int *t, int nt, double *volume)
{
    mesh_edge *edges = malloc((size_t)nt * 3 * sizeof *edges);
    if (!edges)
        return -1;
    for (int i = 0; i < nt; i++)
        for (int k = 0; k < 3; k++) {
            int from = t[3 * i + k], to = t[3 * i + (k + 1) % 3];
            edges[3 * i + k] = (mesh_edge){from < to ? from : to, from < to ? to : from, from < to};
        }
    qsort(edges, (size_t)nt * 3, sizeof *edges, edge_order);
    int closed = 1;
    for (int i = 0; closed && i < 3 * nt; i += 2)
        closed = i + 1 < 3 * nt && edges[i].lo == edges[i + 1].lo && edges[i].hi == edges[i + 1].hi &&
                 !edges[i].forward && edges[i + 1].forward &&
                 (i + 2 >= 3 * nt || edges[i + 2].lo != edges[i].lo || edges[i + 2].hi != edges[i].hi);
    free(edges);
    double v = 0, bc[3];
    for (int i = 0; closed && i < nt; i++) {
        v3_cross(bc, &p[3 * t[3 * i + 1]], &p[3 * t[3 * i + 2]]);
        v += v3_dot(&p[3 * t[3 * i]], bc) / 6;
    }
    *volume = closed ? v : NAN;
    return 0;
}

/* TriaMesh: the text is num_point points, then num_triangle triples of
 * point indices (from 0), in ref_marker_id's frame. */
static int triamesh(mbs_builder *b, const mbs_spec_elem *e, mbs_graphic *g)
{
    g->shape = MBS_SHAPE_MESH;
    if (place_by(b, e, "ref_marker_id", g) != 0)
        return -1;
    if (!mbs_spec_has(e, "num_point") || !mbs_spec_has(e, "num_triangle"))
        return mbs_build_error(b, e, "type TRIAMESH needs num_point and num_triangle");
    long np = mbs_spec_int(e, "num_point"), nt = mbs_spec_int(e, "num_triangle");
    if (np < 3 || nt < 1 || np > 100000000 || nt > 100000000)
        return mbs_build_error(b, e, "type TRIAMESH needs num_point >= 3 and num_triangle >= 1, got %ld and %ld",
                               np, nt);
    double *v;
    int n;
    if (text_numbers(b, e, &v, &n) != 0)
        return -1;
    int rc = 0;
    if ((long)n != 3 * np + 3 * nt)
        rc = mbs_build_error(b, e,
                             "the text holds %d numbers; num_point %ld and num_triangle %ld need %ld (x y z of each "
                             "point, then the three point indices of each triangle)",
                             n, np, nt, 3 * np + 3 * nt);
    for (long i = 0; rc == 0 && i < 3 * nt; i++) {
        double k = v[3 * np + i];
        if (!(k >= 0 && k < (double)np && k == floor(k)))
            rc = mbs_build_error(b, e, "triangle %ld: point index %g is not one of 0 .. %ld (they count from 0)",
                                 i / 3 + 1, k, np - 1);
    }
    if (rc == 0)
        rc = take_points(b, e, v, (int)np, g);
    if (rc == 0 && !(g->triangles = malloc((size_t)nt * 3 * sizeof *g->triangles)))
        rc = mbs_build_error(b, e, "TriaMesh: out of memory for its %ld triangles", nt);
    for (long i = 0; rc == 0 && i < 3 * nt; i++)
        g->triangles[i] = (int)v[3 * np + i];
    if (rc == 0)
        g->n_triangles = (int)nt;
    free(v);
    double volume;
    if (rc == 0 && closed_mesh_volume(g->points, g->triangles, g->n_triangles, &volume) != 0)
        rc = mbs_build_error(b, e,
                             "TriaMesh: out of memory checking whether the mesh is closed (the %ld triangles' "
                             "3 edges each, sorted)", nt);
    else if (rc == 0 && volume < 0)
        mbs_build_warning(b, e,
                          "TriaMesh: its triangles are wound clockwise seen from outside (the closed mesh encloses "
                          "a negative volume): a Force_Contact takes its outside for solid; list each triangle's "
                          "points counter-clockwise seen from outside");
    return rc;
}

/* SPDP: a coil from I to J, damper cylinders at both ends. */
static int spdp(mbs_builder *b, const mbs_spec_elem *e, mbs_graphic *g)
{
    const mbs_model *m = mbs_builder_model(b);
    g->shape = MBS_SHAPE_COIL;
    if (!mbs_spec_has(e, "i_marker_id") || !mbs_spec_has(e, "j_marker_id"))
        return mbs_build_error(b, e, "type SPDP needs i_marker_id and j_marker_id");
    int I, J;
    if (mbs_ref_marker_pair(b, e, &I, &J) != 0)
        return -1;
    g->body = m->markers[I].body;
    v3_copy(g->pos, m->markers[I].pos);
    m3_identity(g->rot);
    g->body2 = m->markers[J].body;
    v3_copy(g->pos2, m->markers[J].pos);
    int bad = 0;
    g->size[0] = not_negative(b, e, "da", &bad) / 2;
    static const char *const DAMPER[6] = {"db", "la", "lc", "dc", "lb", "ld"};
    for (int k = 0; k < 6; k++)
        g->damper[k] = not_negative(b, e, DAMPER[k], &bad) / (k % 3 == 0 ? 2 : 1); /* diameters -> radii */
    long coils = mbs_spec_int(e, "ncoil");
    if (coils < 0 || coils > 10000)
        bad = mbs_build_error(b, e, "ncoil must be 0 .. 10000, got %ld", coils);
    g->coils = (int)coils;
    return bad;
}

/* Cylinder and frustum: radii at the base and the top; a negative length
 * runs along -z, drawn as the same shape turned half a turn about x. */
static int frustum(mbs_builder *b, const mbs_spec_elem *e, int type, mbs_graphic *g)
{
    int bad = 0;
    if (type == CYLINDER) {
        g->shape = MBS_SHAPE_CYLINDER;
        g->size[0] = g->size[1] = positive(b, e, "radius", &bad);
    } else {
        g->shape = MBS_SHAPE_FRUSTUM;
        if (!mbs_spec_has(e, "bottom_radius") || !mbs_spec_has(e, "top_radius"))
            return mbs_build_error(b, e, "type FRUSTUM needs bottom_radius and top_radius");
        g->size[0] = not_negative(b, e, "bottom_radius", &bad);
        g->size[1] = not_negative(b, e, "top_radius", &bad);
        if (!bad && g->size[0] == 0.0 && g->size[1] == 0.0)
            bad = mbs_build_error(b, e, "bottom_radius and top_radius are both 0");
    }
    if (!mbs_spec_has(e, "length"))
        return mbs_build_error(b, e, "type %s needs length", mbs_spec_text(e, "type"));
    double length = mbs_spec_real(e, "length");
    if (!(length != 0.0 && isfinite(length)))
        return mbs_build_error(b, e, "length must not be 0, got %g", length);
    g->size[2] = fabs(length);
    if (length < 0.0) /* (x, y, z) -> (x, -y, -z): the marker's -z, right-handed */
        for (int r = 0; r < 3; r++)
            g->rot[3 * r + 1] = -g->rot[3 * r + 1], g->rot[3 * r + 2] = -g->rot[3 * r + 2];
    return bad;
}

/* The solids placed by one marker: boxes, sphere, ellipsoid, the marker's axes. */
static int solid(mbs_builder *b, const mbs_spec_elem *e, int type, mbs_graphic *g)
{
    int bad = 0;
    switch (type) {
    case BOX_CENTER:
    case BOX_CORNER:
        g->shape = MBS_SHAPE_BOX;
        g->size[0] = positive(b, e, "length_x", &bad);
        g->size[1] = positive(b, e, "length_y", &bad);
        g->size[2] = positive(b, e, "length_z", &bad);
        if (type == BOX_CORNER) { /* the centre, half the diagonal from the corner */
            double half[3] = {g->size[0] / 2, g->size[1] / 2, g->size[2] / 2}, d[3];
            m3_mul_v(d, g->rot, half);
            v3_add(g->pos, g->pos, d);
        }
        break;
    case SPHERE:
        g->shape = MBS_SHAPE_SPHERE;
        g->size[0] = g->size[1] = g->size[2] = positive(b, e, "radius", &bad);
        break;
    case ELLIPSOID:
        g->shape = MBS_SHAPE_ELLIPSOID;
        g->size[0] = positive(b, e, "xscale", &bad) / 2;
        g->size[1] = positive(b, e, "yscale", &bad) / 2;
        g->size[2] = positive(b, e, "zscale", &bad) / 2;
        break;
    default:
        g->shape = MBS_SHAPE_MARKER;
        g->size[0] = mbs_spec_has(e, "length") ? positive(b, e, "length", &bad) : 0.0; /* 0: by model size */
        break;
    }
    return bad;
}

static int shape(mbs_builder *b, const mbs_spec_elem *e, int type, mbs_graphic *g)
{
    switch (type) {
    case OUTLINE:
        return outline(b, e, g);
    case TRIAMESH:
        return triamesh(b, e, g);
    case SPDP:
        return spdp(b, e, g);
    default:
        break;
    }
    if (place_by(b, e, type == BOX_CORNER ? "corner_marker_id" : "center_marker_id", g) != 0)
        return -1;
    return type == CYLINDER || type == FRUSTUM ? frustum(b, e, type, g) : solid(b, e, type, g);
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    int type = mbs_spec_keyword(e, "type");
    if (type >= N_DRAWN) {
        if (mbs_spec_bool(e, "hidden")) /* not to be drawn anyway */
            return 0;
        char text[128];
        snprintf(text, sizeof text, "type %s is not drawn by mbsim animate", mbs_spec_text(e, "type"));
        mbs_build_summary_note(b, e, text);
        return 0;
    }
    mbs_graphic g;
    memset(&g, 0, sizeof g);
    g.source = MBS_FROM_POST_GRAPHIC;
    g.body2 = -1;
    g.hidden = mbs_spec_bool(e, "hidden"); /* not drawn, but a Force_Contact may name it */
    if (parse_color(b, e, g.color) != 0)
        return -1;
    char name[200];
    mbs_describe_element(name, sizeof name, "Post_Graphic", e->id, e->label);
    int k = -1;
    if (shape(b, e, type, &g) != 0 || !(g.name = mbs_strdup(name)) || (k = mbs_add_graphic(b, &g)) < 0) {
        free(g.name);
        free(g.points);
        free(g.triangles);
        return -1;
    }
    return mbs_builder_set_index(b, e, k); /* Force_Contact finds it by its id */
}

const mbs_kind mbs_kind_post_graphic = {
    "Post_Graphic", MBS_FAMILY_GRAPHIC, MBS_IN_MODEL, MBS_STAGE_SENSORS, ATTRS, MBS_COUNT_OF(ATTRS),
    "MotionSolve's graphic: a shape carried by the body of its marker, for `mbsim animate` and any viewer of "
    "the results file's /geometry, and a shape for Force_Contact; no mass. Types BoxDefinedFromCenter, BoxDefinedFromCorner, "
    "Cylinder and Frustum (base at the marker, axis along its z; a negative length along -z), Sphere, Ellipsoid "
    "(xscale yscale zscale are diameters), Outline (a polyline through markers of one body, or through points "
    "given as the text in ref_marker_id's frame), TriaMesh (num_point points then num_triangle triangles of "
    "point indices from 0, as the text, in ref_marker_id's frame), SPDP (a coil spring of diameter da and "
    "ncoil turns stretched between i_marker_id and j_marker_id, with damper cylinders at its ends) and Marker "
    "(the marker's axes). MotionSolve's other types (Parasolid, Plane, Arc, Circle, Point, LineMesh, UserGra, "
    "...) are read with any attributes and not drawn: one note per type. Bodies without a graphic are drawn "
    "as their inertia ellipsoid, joints and force elements as glyphs.",
    build,
    NULL,
};
