/* Post_Graphic (MotionSolve): a shape drawn on a body, for pictures and
 * animations only (no mass, no contact). Each shape is placed by a marker,
 * whose body carries it:
 *   BoxDefinedFromCenter  centre_marker_id: a box of edges length_x, _y, _z
 *                         along the marker's axes, centred on its origin
 *   BoxDefinedFromCorner  corner_marker_id: the same box with a corner at the
 *                         origin, spanning +x +y +z
 *   Cylinder              centre_marker_id: base centred on the origin, axis
 *                         along the marker's z, radius and length
 *   Frustum               as the cylinder, bottom_radius at the base,
 *                         top_radius at z = length
 *   Sphere                centre_marker_id, radius
 *   Ellipsoid             centre_marker_id; xscale, yscale, zscale are the
 *                         DIAMETERS along the marker's axes (as MotionSolve's)
 *   Outline               a polyline through the origins of the markers in
 *                         marker_id_list (all on one body)
 *   Marker                the axes of center_marker_id, `length` long
 * color "R:G:B" (0..255). Stored in the results file under /geometry. */
#include "../model/builder.h"
#include "../core/strutil.h"
#include "../core/vec3.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TYPES "BOXDEFINEDFROMCENTER|BOXDEFINEDFROMCORNER|CYLINDER|FRUSTUM|SPHERE|ELLIPSOID|OUTLINE|MARKER"
enum { BOX_CENTER, BOX_CORNER, CYLINDER, FRUSTUM, SPHERE, ELLIPSOID, OUTLINE, MARKER };

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "graphic id (unique among graphics)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name", NULL},
    {"type", MBS_ATTR_KEYWORD, NULL, DIM_NONE, MBS_REQUIRED, TYPES, "the shape", NULL},
    {"center_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL,
     "marker placing the shape (all types but BoxDefinedFromCorner and Outline)", NULL},
    {"corner_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "BoxDefinedFromCorner: marker at a corner", NULL},
    {"length_x", MBS_ATTR_REAL, NULL, DIM_LENGTH, 0, NULL, "box: edge along the marker's x", NULL},
    {"length_y", MBS_ATTR_REAL, NULL, DIM_LENGTH, 0, NULL, "box: edge along the marker's y", NULL},
    {"length_z", MBS_ATTR_REAL, NULL, DIM_LENGTH, 0, NULL, "box: edge along the marker's z", NULL},
    {"radius", MBS_ATTR_REAL, NULL, DIM_LENGTH, 0, NULL, "cylinder, sphere: radius", NULL},
    {"length", MBS_ATTR_REAL, NULL, DIM_LENGTH, 0, NULL, "cylinder, frustum: length along z; marker: axis length",
     NULL},
    {"top_radius", MBS_ATTR_REAL, NULL, DIM_LENGTH, 0, NULL, "frustum: radius at z = length", NULL},
    {"bottom_radius", MBS_ATTR_REAL, NULL, DIM_LENGTH, 0, NULL, "frustum: radius at the base", NULL},
    {"xscale", MBS_ATTR_REAL, NULL, DIM_LENGTH, 0, NULL, "ellipsoid: diameter along the marker's x", NULL},
    {"yscale", MBS_ATTR_REAL, NULL, DIM_LENGTH, 0, NULL, "ellipsoid: diameter along the marker's y", NULL},
    {"zscale", MBS_ATTR_REAL, NULL, DIM_LENGTH, 0, NULL, "ellipsoid: diameter along the marker's z", NULL},
    {"marker_id_list", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "outline: marker ids, space or comma separated",
     NULL},
    {"color", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "R:G:B, each 0..255 (default: a colour per body)", NULL},
    {"hidden", MBS_ATTR_BOOL, "FALSE", DIM_NONE, 0, NULL, "TRUE: not drawn", NULL},
    {"is_material_inside", MBS_ATTR_BOOL, NULL, DIM_NONE, MBS_IGNORED, NULL, "contact only", NULL},
    {"refinement_level", MBS_ATTR_INT, NULL, DIM_NONE, MBS_IGNORED, NULL, "tessellation (a fixed one is used)",
     NULL},
    {"ends_type", MBS_ATTR_KEYWORD, NULL, DIM_NONE, MBS_IGNORED, "OPEN|CLOSED|TOP_ONLY|BOTTOM_ONLY",
     "cylinder and frustum ends (always closed)", NULL},
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

static int outline(mbs_builder *b, const mbs_spec_elem *e, mbs_graphic *g)
{
    const mbs_model *m = mbs_builder_model(b);
    if (!mbs_spec_has(e, "marker_id_list"))
        return mbs_build_error(b, e, "type OUTLINE needs marker_id_list");
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
    m3_identity(g->rot);
    return rc;
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    const mbs_model *m = mbs_builder_model(b);
    int type = mbs_spec_keyword(e, "type");
    if (mbs_spec_bool(e, "hidden"))
        return 0;
    mbs_graphic g;
    memset(&g, 0, sizeof g);
    g.source = MBS_FROM_POST_GRAPHIC;
    g.body2 = -1;
    int bad = 0;
    if (parse_color(b, e, g.color) != 0)
        return -1;
    if (type == OUTLINE) {
        g.shape = MBS_SHAPE_OUTLINE;
        if (outline(b, e, &g) != 0) {
            free(g.points);
            return -1;
        }
    } else {
        const char *marker_attr = type == BOX_CORNER ? "corner_marker_id" : "center_marker_id";
        if (!mbs_spec_has(e, marker_attr))
            return mbs_build_error(b, e, "type %s needs %s", mbs_spec_text(e, "type"), marker_attr);
        int k = mbs_ref_frame_marker(b, e, marker_attr);
        if (k < 0)
            return -1;
        place(m, k, &g);
        switch (type) {
        case BOX_CENTER:
        case BOX_CORNER:
            g.shape = MBS_SHAPE_BOX;
            g.size[0] = positive(b, e, "length_x", &bad);
            g.size[1] = positive(b, e, "length_y", &bad);
            g.size[2] = positive(b, e, "length_z", &bad);
            if (type == BOX_CORNER) { /* the centre, half the diagonal from the corner */
                double half[3] = {g.size[0] / 2, g.size[1] / 2, g.size[2] / 2}, d[3];
                m3_mul_v(d, g.rot, half);
                v3_add(g.pos, g.pos, d);
            }
            break;
        case CYLINDER:
            g.shape = MBS_SHAPE_CYLINDER;
            g.size[0] = g.size[1] = positive(b, e, "radius", &bad);
            g.size[2] = positive(b, e, "length", &bad);
            break;
        case FRUSTUM:
            g.shape = MBS_SHAPE_FRUSTUM;
            g.size[0] = positive(b, e, "bottom_radius", &bad);
            g.size[1] = mbs_spec_has(e, "top_radius") ? mbs_spec_real(e, "top_radius") : -1.0;
            if (!(g.size[1] >= 0.0))
                bad = mbs_build_error(b, e, "type FRUSTUM needs top_radius >= 0");
            g.size[2] = positive(b, e, "length", &bad);
            break;
        case SPHERE:
            g.shape = MBS_SHAPE_SPHERE;
            g.size[0] = g.size[1] = g.size[2] = positive(b, e, "radius", &bad);
            break;
        case ELLIPSOID:
            g.shape = MBS_SHAPE_ELLIPSOID;
            g.size[0] = positive(b, e, "xscale", &bad) / 2;
            g.size[1] = positive(b, e, "yscale", &bad) / 2;
            g.size[2] = positive(b, e, "zscale", &bad) / 2;
            break;
        default:
            g.shape = MBS_SHAPE_MARKER;
            g.size[0] = mbs_spec_has(e, "length") ? positive(b, e, "length", &bad) : 0.0; /* 0: by model size */
            break;
        }
    }
    if (bad) {
        free(g.points);
        return -1;
    }
    char name[200];
    mbs_describe_element(name, sizeof name, "Post_Graphic", e->id, e->label);
    g.name = mbs_strdup(name);
    return mbs_add_graphic(b, &g) < 0 ? -1 : 0;
}

const mbs_kind mbs_kind_post_graphic = {
    "Post_Graphic", MBS_FAMILY_GRAPHIC, MBS_IN_MODEL, MBS_STAGE_SENSORS, ATTRS, MBS_COUNT_OF(ATTRS),
    "MotionSolve's graphic: a shape carried by the body of its marker, for `mbsim animate` and any viewer of "
    "the results file's /geometry; no mass and no contact. Types BoxDefinedFromCenter, BoxDefinedFromCorner, "
    "Cylinder and Frustum (base at the marker, axis along its z), Sphere, Ellipsoid (xscale yscale zscale are "
    "diameters), Outline (a polyline through markers of one body) and Marker (the marker's axes). Bodies "
    "without a graphic are drawn as their inertia ellipsoid, joints and force elements as glyphs.",
    build,
    NULL,
};
