/* The results file's /geometry, written and read (results_geometry.h).
 *
 * Layout (lengths in the model's length unit):
 *   /geometry                 attrs length_unit, length_unit_m, time_unit_s, model_size,
 *                             up[3] (the model's up: against gravity)
 *   /geometry/bodies/<name>   float64 [n x 7] x y z e0 e1 e2 e3, appended with
 *                             /time; attrs body_id, columns, units
 *   /geometry/shapes/<NNN>    a group per shape, attrs name, shape, source,
 *                             body, body_id (body "" = ground), position[3],
 *                             rotation[9] (row-major; columns = the shape's
 *                             axes in the body frame), size[3], color[3];
 *                             SPRING, COIL: body2, body2_id, position2[3];
 *                             COIL: coils, damper[6];
 *                             OUTLINE, MESH: dataset points [k x 3];
 *                             MESH: dataset triangles int [m x 3] */
#include "results_geometry.h"
#include "h5util.h"
#include "../core/strutil.h"
#include "../solver/analysis/sense.h"
#include "../core/vec3.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const SHAPE_NAMES[MBS_SHAPE_COUNT] = {"BOX",    "CYLINDER", "FRUSTUM", "SPHERE", "ELLIPSOID",
                                                         "OUTLINE", "MARKER",  "SPRING",  "MESH",   "COIL"};
static const char *const SOURCE_NAMES[] = {"post_graphic", "inertia", "joint", "force"};

/* ---- writing ---- */

static int attr_doubles(hid_t loc, const char *name, const double *v, int n)
{
    hsize_t dim = (hsize_t)n;
    hid_t space = H5Screate_simple(1, &dim, NULL);
    hid_t a = H5Acreate2(loc, name, H5T_NATIVE_DOUBLE, space, H5P_DEFAULT, H5P_DEFAULT);
    herr_t rc = a < 0 ? -1 : H5Awrite(a, H5T_NATIVE_DOUBLE, v);
    if (a >= 0)
        H5Aclose(a);
    H5Sclose(space);
    return rc < 0 ? -1 : 0;
}

/* A [rows x cols] dataset of `type` (native) from v. */
static int write_table(hid_t grp, const char *name, hid_t type, const void *v, int rows, int cols)
{
    hsize_t dims[2] = {(hsize_t)rows, (hsize_t)cols};
    hid_t space = H5Screate_simple(2, dims, NULL);
    hid_t ds = H5Dcreate2(grp, name, type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    int rc = !v || ds < 0 || H5Dwrite(ds, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, v) < 0;
    if (ds >= 0)
        H5Dclose(ds);
    H5Sclose(space);
    return rc ? -1 : 0;
}

/* The dataset name of body i: its label, or body_<id> when the label cannot
 * name a dataset or another body has it. */
static char *body_name(const mbs_model *m, int i)
{
    const mbs_body *b = &m->bodies[i];
    int usable = b->label && b->label[0] && !strchr(b->label, '/') && strcmp(b->label, ".") != 0;
    for (int k = 0; usable && k < m->n_bodies; k++)
        usable = k == i || !m->bodies[k].label || strcmp(m->bodies[k].label, b->label) != 0;
    return usable ? mbs_strdup(b->label) : mbs_sprintf_alloc("body_%d", b->id);
}

static int write_shape(hid_t shapes, const mbs_model *m, int k, int key_no, double to_length)
{
    const mbs_graphic *g = &m->graphics[k];
    char key[16];
    snprintf(key, sizeof key, "%03d", key_no);
    /* The attributes stay in the object header ("compact"): HDF5 1.10 crashes
     * copying variable-length string attributes from dense storage, which
     * the end of a run does (results_finish.c). */
    hid_t gcpl = H5Pcreate(H5P_GROUP_CREATE);
    H5Pset_attr_phase_change(gcpl, 32, 24);
    hid_t grp = H5Gcreate2(shapes, key, H5P_DEFAULT, gcpl, H5P_DEFAULT);
    H5Pclose(gcpl);
    if (grp < 0)
        return -1;
    double pos[3], size[3], pos2[3], damper[6];
    for (int c = 0; c < 3; c++) {
        pos[c] = g->pos[c] * to_length;
        pos2[c] = g->pos2[c] * to_length;
        size[c] = g->size[c] * to_length;
    }
    for (int c = 0; c < 6; c++)
        damper[c] = g->damper[c] * to_length;
    int ground = m->bodies[g->body].type == MBS_BODY_GROUND;
    char *body = ground ? mbs_strdup("") : body_name(m, g->body);
    int rc = 0;
    rc |= mbs_h5_attr_string(grp, "name", g->name);
    rc |= mbs_h5_attr_string(grp, "shape", SHAPE_NAMES[g->shape]);
    rc |= mbs_h5_attr_string(grp, "source", SOURCE_NAMES[g->source]);
    rc |= mbs_h5_attr_string(grp, "body", body);
    rc |= mbs_h5_attr_long(grp, "body_id", m->bodies[g->body].id);
    rc |= attr_doubles(grp, "position", pos, 3);
    rc |= attr_doubles(grp, "rotation", g->rot, 9);
    rc |= attr_doubles(grp, "size", size, 3);
    rc |= attr_doubles(grp, "color", g->color, 3);
    free(body);
    if (g->shape == MBS_SHAPE_SPRING || g->shape == MBS_SHAPE_COIL) {
        char *body2 = m->bodies[g->body2].type == MBS_BODY_GROUND ? mbs_strdup("") : body_name(m, g->body2);
        rc |= mbs_h5_attr_string(grp, "body2", body2);
        rc |= mbs_h5_attr_long(grp, "body2_id", m->bodies[g->body2].id);
        rc |= attr_doubles(grp, "position2", pos2, 3);
        free(body2);
    }
    if (g->shape == MBS_SHAPE_COIL) {
        rc |= mbs_h5_attr_long(grp, "coils", g->coils);
        rc |= attr_doubles(grp, "damper", damper, 6);
    }
    if (g->shape == MBS_SHAPE_OUTLINE || g->shape == MBS_SHAPE_MESH) {
        double *p = malloc((size_t)g->n_points * 3 * sizeof *p);
        for (int i = 0; p && i < 3 * g->n_points; i++)
            p[i] = g->points[i] * to_length;
        rc |= write_table(grp, "points", H5T_NATIVE_DOUBLE, p, g->n_points, 3);
        free(p);
    }
    if (g->shape == MBS_SHAPE_MESH)
        rc |= write_table(grp, "triangles", H5T_NATIVE_INT, g->triangles, g->n_triangles, 3);
    H5Gclose(grp);
    return rc ? -1 : 0;
}

int mbs_geometry_create(hid_t file, const mbs_model *m, hid_t (*new_dataset)(hid_t loc, const char *name, int cols),
                        hid_t *pose_ds)
{
    double to_length = 1.0 / mbs_units_to_si(&m->units, DIM_LENGTH);
    char unit[32];
    mbs_units_format(&m->units, DIM_LENGTH, 0, unit, sizeof unit);
    hid_t gcpl = H5Pcreate(H5P_GROUP_CREATE);
    H5Pset_link_creation_order(gcpl, H5P_CRT_ORDER_TRACKED | H5P_CRT_ORDER_INDEXED);
    hid_t geo = H5Gcreate2(file, "geometry", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    hid_t bodies = geo >= 0 ? H5Gcreate2(geo, "bodies", H5P_DEFAULT, gcpl, H5P_DEFAULT) : -1;
    hid_t shapes = geo >= 0 ? H5Gcreate2(geo, "shapes", H5P_DEFAULT, gcpl, H5P_DEFAULT) : -1;
    int rc = geo < 0 || bodies < 0 || shapes < 0 ? -1 : 0;
    if (rc == 0) {
        rc |= mbs_h5_attr_string(geo, "length_unit", unit);
        rc |= mbs_h5_attr_double(geo, "length_unit_m", 1.0 / to_length);
        rc |= mbs_h5_attr_double(geo, "time_unit_s", mbs_units_to_si(&m->units, DIM_TIME));
        rc |= mbs_h5_attr_double(geo, "model_size", m->size * to_length);
        rc |= attr_doubles(geo, "up", m->up, 3);
    }
    static const char *const COLUMNS[MBS_POSE_WIDTH] = {"x", "y", "z", "e0", "e1", "e2", "e3"};
    const char *units[MBS_POSE_WIDTH] = {unit, unit, unit, "", "", "", ""};
    int n = 0;
    for (int i = 0; rc == 0 && i < m->n_bodies; i++) {
        if (!mbs_pose_body(&m->bodies[i]))
            continue;
        char *name = body_name(m, i);
        hid_t ds = name ? new_dataset(bodies, name, MBS_POSE_WIDTH) : -1;
        pose_ds[n++] = ds;
        rc |= ds < 0 || mbs_h5_attr_long(ds, "body_id", m->bodies[i].id) != 0 ||
              mbs_h5_attr_strings(ds, "columns", COLUMNS, MBS_POSE_WIDTH) != 0 ||
              mbs_h5_attr_strings(ds, "units", units, MBS_POSE_WIDTH) != 0;
        free(name);
    }
    for (int k = 0, written = 0; rc == 0 && k < m->n_graphics; k++)
        if (!m->graphics[k].hidden) /* a contact's shape that is not drawn */
            rc |= write_shape(shapes, m, k, written++, to_length);
    if (shapes >= 0)
        H5Gclose(shapes);
    if (bodies >= 0)
        H5Gclose(bodies);
    if (geo >= 0)
        H5Gclose(geo);
    H5Pclose(gcpl);
    return rc ? -1 : 0;
}

/* ---- reading ---- */

static int read_doubles_attr(hid_t loc, const char *name, double *v, int n)
{
    if (H5Aexists(loc, name) <= 0)
        return -1;
    hid_t a = H5Aopen(loc, name, H5P_DEFAULT);
    hid_t space = a >= 0 ? H5Aget_space(a) : -1;
    int ok = space >= 0 && H5Sget_simple_extent_npoints(space) == n &&
             H5Aread(a, H5T_NATIVE_DOUBLE, v) >= 0;
    if (space >= 0)
        H5Sclose(space);
    if (a >= 0)
        H5Aclose(a);
    return ok ? 0 : -1;
}

/* The first `rows` rows of a [* x cols] dataset, as `type` (native, of
 * `size` bytes). */
static void *read_rows(hid_t loc, const char *name, long rows, int cols, hid_t type, size_t size)
{
    hid_t ds = H5Dopen2(loc, name, H5P_DEFAULT);
    if (ds < 0)
        return NULL;
    void *v = malloc(((size_t)rows * (size_t)cols + 1) * size);
    hid_t fspace = H5Dget_space(ds);
    hsize_t dims[2] = {0, 0};
    int ok = v && fspace >= 0 && H5Sget_simple_extent_ndims(fspace) == 2 &&
             H5Sget_simple_extent_dims(fspace, dims, NULL) == 2 && dims[1] == (hsize_t)cols &&
             dims[0] >= (hsize_t)rows;
    if (ok && rows > 0) {
        hsize_t off[2] = {0, 0}, cnt[2] = {(hsize_t)rows, (hsize_t)cols};
        H5Sselect_hyperslab(fspace, H5S_SELECT_SET, off, NULL, cnt, NULL);
        hid_t mspace = H5Screate_simple(2, cnt, NULL);
        ok = H5Dread(ds, type, mspace, fspace, H5P_DEFAULT, v) >= 0;
        H5Sclose(mspace);
    }
    if (fspace >= 0)
        H5Sclose(fspace);
    H5Dclose(ds);
    if (!ok) {
        free(v);
        return NULL;
    }
    return v;
}

static double *read_table(hid_t loc, const char *name, long rows, int cols)
{
    return read_rows(loc, name, rows, cols, H5T_NATIVE_DOUBLE, sizeof(double));
}

/* The rows of a whole [k x cols] dataset (k >= 1): *rows and the values, or NULL. */
static void *read_all_rows(hid_t grp, const char *name, int cols, hid_t type, size_t size, int *rows)
{
    hid_t ds = H5Dopen2(grp, name, H5P_DEFAULT);
    hid_t space = ds >= 0 ? H5Dget_space(ds) : -1;
    hsize_t dims[2] = {0, 0};
    if (space >= 0 && H5Sget_simple_extent_ndims(space) == 2)
        H5Sget_simple_extent_dims(space, dims, NULL);
    if (space >= 0)
        H5Sclose(space);
    if (ds >= 0)
        H5Dclose(ds);
    *rows = dims[1] == (hsize_t)cols && dims[0] > 0 && dims[0] < (1u << 28) ? (int)dims[0] : 0;
    return *rows > 0 ? read_rows(grp, name, *rows, cols, type, size) : NULL;
}

typedef struct list_ctx {
    char **names;
    int n, failed;
} list_ctx;

static herr_t list_name(hid_t g, const char *name, const H5L_info_t *info, void *data)
{
    (void)g;
    (void)info;
    list_ctx *c = data;
    char **grown = realloc(c->names, (size_t)(c->n + 1) * sizeof *grown);
    if (!grown) {
        c->failed = 1;
        return -1;
    }
    c->names = grown;
    c->names[c->n++] = mbs_strdup(name);
    return 0;
}

/* The names in a group, in creation order (the model's). */
static int list_group(hid_t g, list_ctx *c)
{
    memset(c, 0, sizeof *c);
    hsize_t idx = 0;
    if (H5Literate(g, H5_INDEX_CRT_ORDER, H5_ITER_INC, &idx, list_name, c) < 0) {
        idx = 0; /* a group written without creation order */
        for (int i = 0; i < c->n; i++)
            free(c->names[i]);
        c->n = 0;
        if (c->failed || H5Literate(g, H5_INDEX_NAME, H5_ITER_INC, &idx, list_name, c) < 0)
            return -1;
    }
    return 0;
}

static void free_list(list_ctx *c)
{
    for (int i = 0; i < c->n; i++)
        free(c->names[i]);
    free(c->names);
}

static int body_index(const mbs_rgeometry *g, const char *name)
{
    if (!name || !name[0])
        return -1;
    for (int i = 0; i < g->n_bodies; i++)
        if (strcmp(g->bodies[i].name, name) == 0)
            return i;
    return -2;
}

/* A text or number attribute, checked for its type and shape (the file
 * may be damaged or foreign): NULL or -1 when it is not what it should be. */
static char *text_attr(hid_t loc, const char *name)
{
    char *text = NULL, why[256];
    return mbs_h5_get_text(loc, name, &text, why, sizeof why) == 0 ? text : NULL;
}

static int number_attr(hid_t loc, const char *name, double *value)
{
    char why[256];
    return mbs_h5_get_number(loc, name, value, why, sizeof why);
}

static int read_shape(hid_t shapes, const char *key, mbs_rgeometry *g, mbs_rshape *s)
{
    memset(s, 0, sizeof s[0]);
    s->body = s->body2 = -1;
    hid_t grp = H5Gopen2(shapes, key, H5P_DEFAULT);
    if (grp < 0)
        return -1;
    s->name = text_attr(grp, "name");
    s->shape = text_attr(grp, "shape");
    s->source = text_attr(grp, "source");
    char *body = text_attr(grp, "body");
    s->body = body_index(g, body);
    free(body);
    int rc = !s->name || !s->shape || !s->source || s->body < -1;
    rc |= read_doubles_attr(grp, "position", s->position, 3) != 0;
    rc |= read_doubles_attr(grp, "rotation", s->rotation, 9) != 0;
    rc |= read_doubles_attr(grp, "size", s->size, 3) != 0;
    rc |= read_doubles_attr(grp, "color", s->color, 3) != 0;
    int coil = strcmp(s->shape, "COIL") == 0, mesh = strcmp(s->shape, "MESH") == 0;
    if (rc == 0 && (strcmp(s->shape, "SPRING") == 0 || coil)) {
        char *body2 = text_attr(grp, "body2");
        s->body2 = body_index(g, body2);
        free(body2);
        rc |= s->body2 < -1 || read_doubles_attr(grp, "position2", s->position2, 3) != 0;
    }
    if (rc == 0 && coil) {
        double coils;
        rc |= number_attr(grp, "coils", &coils) != 0 || !(coils >= 0 && coils <= 10000) ||
              read_doubles_attr(grp, "damper", s->damper, 6) != 0;
        s->coils = rc ? 0 : (int)coils;
    }
    if (rc == 0 && (strcmp(s->shape, "OUTLINE") == 0 || mesh)) {
        s->points = read_all_rows(grp, "points", 3, H5T_NATIVE_DOUBLE, sizeof(double), &s->n_points);
        rc |= !s->points;
    }
    if (rc == 0 && mesh) { /* indices into the points: a damaged file must not send the writer astray */
        s->triangles = read_all_rows(grp, "triangles", 3, H5T_NATIVE_INT, sizeof(int), &s->n_triangles);
        rc |= !s->triangles;
        for (int i = 0; rc == 0 && i < 3 * s->n_triangles; i++)
            rc |= s->triangles[i] < 0 || s->triangles[i] >= s->n_points;
    }
    H5Gclose(grp);
    return rc ? -1 : 0;
}

int mbs_geometry_read(const mbs_results *r, mbs_rgeometry *g, char *err, size_t errsize)
{
    memset(g, 0, sizeof *g);
    g->n_rows = r->n_rows;
    if (H5Lexists(r->file, "geometry", H5P_DEFAULT) <= 0) {
        snprintf(err, errsize, "%s has no /geometry (written by an mbsim before 0.2?): run the model again",
                 r->path);
        return -1;
    }
    hid_t geo = H5Gopen2(r->file, "geometry", H5P_DEFAULT);
    hid_t bodies = geo >= 0 ? H5Gopen2(geo, "bodies", H5P_DEFAULT) : -1;
    hid_t shapes = geo >= 0 ? H5Gopen2(geo, "shapes", H5P_DEFAULT) : -1;
    int rc = geo < 0 || bodies < 0 || shapes < 0 || number_attr(geo, "length_unit_m", &g->length_unit_m) != 0 ||
             number_attr(geo, "time_unit_s", &g->time_unit_s) != 0 ||
             number_attr(geo, "model_size", &g->model_size) != 0;
    /* a file written before `up` existed is drawn with its axes as they are */
    if (rc == 0 && H5Aexists(geo, "up") > 0)
        rc = read_doubles_attr(geo, "up", g->up, 3) != 0 || !(v3_norm(g->up) > 0.0);
    else
        v3_set(g->up, 0.0, 1.0, 0.0);
    list_ctx names;
    if (rc == 0 && list_group(bodies, &names) == 0) {
        g->bodies = calloc((size_t)names.n + 1, sizeof *g->bodies);
        for (int i = 0; g->bodies && i < names.n; i++) {
            mbs_rbody *b = &g->bodies[g->n_bodies++];
            b->name = names.names[i];
            names.names[i] = NULL;
            b->pose = read_table(bodies, b->name, r->n_rows, 7);
            rc |= !b->pose;
        }
        rc |= !g->bodies;
        free_list(&names);
    } else {
        rc = 1;
    }
    if (rc == 0 && list_group(shapes, &names) == 0) {
        g->shapes = calloc((size_t)names.n + 1, sizeof *g->shapes);
        for (int i = 0; g->shapes && i < names.n && rc == 0; i++)
            rc |= read_shape(shapes, names.names[i], g, &g->shapes[g->n_shapes++]) != 0;
        rc |= !g->shapes;
        free_list(&names);
    } else {
        rc = 1;
    }
    if (shapes >= 0)
        H5Gclose(shapes);
    if (bodies >= 0)
        H5Gclose(bodies);
    if (geo >= 0)
        H5Gclose(geo);
    if (rc) {
        snprintf(err, errsize, "%s: /geometry is damaged or incomplete", r->path);
        mbs_geometry_free(g);
        return -1;
    }
    return 0;
}

void mbs_geometry_free(mbs_rgeometry *g)
{
    for (int i = 0; i < g->n_bodies; i++) {
        free(g->bodies[i].name);
        free(g->bodies[i].pose);
    }
    for (int i = 0; i < g->n_shapes; i++) {
        free(g->shapes[i].name);
        free(g->shapes[i].shape);
        free(g->shapes[i].source);
        free(g->shapes[i].points);
        free(g->shapes[i].triangles);
    }
    free(g->bodies);
    free(g->shapes);
    memset(g, 0, sizeof *g);
}
