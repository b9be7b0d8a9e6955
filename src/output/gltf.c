/* The glTF 2.0 binary writer of `mbsim animate` (gltf.h).
 *
 * A .glb is a 12-byte header ("glTF", version 2, total length), a JSON chunk
 * (the scene: nodes, meshes, materials, accessors into the buffer, the
 * animation) and a BIN chunk (vertex data, indices, keyframes), each chunk
 * padded to 4 bytes. Node tree:
 *   scene -> the model's node: a fixed rotation that stands the model up
 *            (glTF's up is +y; the model's up, against gravity, is turned
 *            onto it by the shortest rotation, so the axes stay
 *            right-handed: a z-up model has x -> x, y -> -z, z -> y);
 *   model -> one node per body with a pose (animated), one for the ground
 *            (fixed), one per force line and per part of a coil (animated);
 *   body node -> one child per shape, placed by the shape's frame in the
 *            body frame (fixed).
 * Rotations are quaternions (x, y, z, w) = (e1, e2, e3, e0). A force line is
 * a unit cylinder along z: translation at end I, rotation taking z to the
 * direction from I to J, scale (1, 1, |J - I|); a coil (Post_Graphic SPDP)
 * a unit-length helix placed the same way, its damper cylinders nodes of
 * their own with the same rotation and no scale. Times that do not increase
 * (repeated rows) are dropped: glTF needs increasing keyframe times. */
#include "gltf.h"
#include "mesh.h"
#include "../core/rotation.h"
#include "../core/strutil.h"
#include "../core/vec3.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the binary buffer and its views ---- */

typedef struct glb {
    unsigned char *bin;
    size_t len, cap;
    mbs_buf views, accessors;
    int n_views, n_accessors, failed;
} glb;

static size_t append(glb *g, const void *data, size_t n)
{
    size_t at = (g->len + 3) & ~(size_t)3; /* every view starts 4-byte aligned */
    if (at + n > g->cap) {
        size_t cap = g->cap ? g->cap : 4096;
        while (cap < at + n)
            cap *= 2;
        unsigned char *grown = realloc(g->bin, cap);
        if (!grown) {
            g->failed = 1;
            return 0;
        }
        g->bin = grown;
        g->cap = cap;
    }
    memset(g->bin + g->len, 0, at - g->len);
    memcpy(g->bin + at, data, n);
    g->len = at + n;
    return at;
}

/* A view of n bytes of data (target: 34962 vertices, 34963 indices, 0 none). */
static int view(glb *g, const void *data, size_t n, int target)
{
    size_t at = append(g, data, n);
    mbs_buf_appendf(&g->views, "%s{\"buffer\":0,\"byteOffset\":%zu,\"byteLength\":%zu", g->n_views ? "," : "", at, n);
    if (target)
        mbs_buf_appendf(&g->views, ",\"target\":%d", target);
    mbs_buf_append(&g->views, "}");
    return g->n_views++;
}

/* A float accessor of count elements of `comps` components (with its min
 * and max when bounds). Returns its index. */
static int float_accessor(glb *g, const float *v, long count, int comps, int target, int bounds)
{
    static const char *const TYPES[] = {"", "SCALAR", "VEC2", "VEC3", "VEC4"};
    int bv = view(g, v, (size_t)count * (size_t)comps * sizeof *v, target);
    mbs_buf_appendf(&g->accessors, "%s{\"bufferView\":%d,\"componentType\":5126,\"count\":%ld,\"type\":\"%s\"",
                    g->n_accessors ? "," : "", bv, count, TYPES[comps]);
    if (bounds && count > 0) {
        for (int pass = 0; pass < 2; pass++) {
            mbs_buf_append(&g->accessors, pass ? ",\"max\":[" : ",\"min\":[");
            for (int c = 0; c < comps; c++) {
                float x = v[c];
                for (long i = 1; i < count; i++)
                    x = pass ? fmaxf(x, v[i * comps + c]) : fminf(x, v[i * comps + c]);
                mbs_buf_appendf(&g->accessors, "%s%.9g", c ? "," : "", (double)x);
            }
            mbs_buf_append(&g->accessors, "]");
        }
    }
    mbs_buf_append(&g->accessors, "}");
    return g->n_accessors++;
}

static int index_accessor(glb *g, const unsigned *idx, int count)
{
    uint32_t *v = malloc((size_t)count * sizeof *v);
    if (!v) {
        g->failed = 1;
        return 0;
    }
    for (int i = 0; i < count; i++)
        v[i] = idx[i];
    int bv = view(g, v, (size_t)count * sizeof *v, 34963);
    free(v);
    mbs_buf_appendf(&g->accessors, "%s{\"bufferView\":%d,\"componentType\":5125,\"count\":%d,\"type\":\"SCALAR\"}",
                    g->n_accessors ? "," : "", bv, count);
    return g->n_accessors++;
}

/* ---- the scene ---- */

typedef struct scene {
    const mbs_rgeometry *g;
    const mbs_gltf_options *o;
    glb b;
    mbs_buf nodes, meshes, materials, channels, samplers;
    int n_nodes, n_meshes, n_channels, n_samplers;
    long *rows;     /* the rows kept as keyframes */
    long n_keys;
    long rest_row;  /* the row of the rest pose */
    int times_acc;  /* the keyframe times */
} scene;

static void json_string(mbs_buf *b, const char *s)
{
    mbs_buf_append(b, "\"");
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            mbs_buf_appendf(b, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            mbs_buf_appendf(b, "\\u%04x", *s);
        else
            mbs_buf_appendf(b, "%c", *s);
    }
    mbs_buf_append(b, "\"");
}

static int shape_wanted(const scene *s, const mbs_rshape *sh)
{
    if (strcmp(sh->shape, "MARKER") == 0)
        return s->o->markers;
    if (strcmp(sh->source, "joint") == 0 || strcmp(sh->source, "force") == 0)
        return s->o->glyphs;
    return 1;
}

/* A shape between two bodies (a force's line, a coil), drawn by nodes of its own. */
static int between_bodies(const mbs_rshape *sh)
{
    return strcmp(sh->shape, "SPRING") == 0 || strcmp(sh->shape, "COIL") == 0;
}

/* A mesh of one primitive with the shape's colour; its index, or -1. */
static int add_mesh(scene *s, const mbs_rshape *sh)
{
    double k = s->g->length_unit_m;
    mbs_mesh_shape in = {sh->shape, {sh->size[0] * k, sh->size[1] * k, sh->size[2] * k}, NULL, sh->n_points,
                         sh->triangles, sh->n_triangles, sh->coils};
    double *pts = NULL;
    if (sh->n_points > 0 && !(pts = malloc((size_t)sh->n_points * 3 * sizeof *pts)))
        return -1;
    for (int i = 0; i < 3 * sh->n_points; i++)
        pts[i] = sh->points[i] * k;
    in.points = pts;
    mbs_mesh m;
    int rc = mbs_mesh_build(&in, &m);
    free(pts);
    if (rc != 0)
        return -1;
    int pos = float_accessor(&s->b, m.pos, m.n_vertices, 3, 34962, 1);
    int nrm = m.normal ? float_accessor(&s->b, m.normal, m.n_vertices, 3, 34962, 0) : -1;
    int idx = index_accessor(&s->b, m.index, m.n_indices);
    int mode = m.mode == MBS_MESH_TRIANGLES ? 4 : m.mode == MBS_MESH_LINES ? 1 : 3;
    mbs_mesh_free(&m);
    int material = s->n_meshes;
    mbs_buf_appendf(&s->materials,
                    "%s{\"name\":\"material_%d\",\"doubleSided\":true,\"pbrMetallicRoughness\":{\"baseColorFactor\":"
                    "[%.4f,%.4f,%.4f,1],\"metallicFactor\":0,\"roughnessFactor\":0.6}}",
                    material ? "," : "", material, sh->color[0], sh->color[1], sh->color[2]);
    mbs_buf_appendf(&s->meshes, "%s{\"name\":", s->n_meshes ? "," : "");
    json_string(&s->meshes, sh->name);
    mbs_buf_appendf(&s->meshes, ",\"primitives\":[{\"attributes\":{\"POSITION\":%d", pos);
    if (nrm >= 0)
        mbs_buf_appendf(&s->meshes, ",\"NORMAL\":%d", nrm);
    mbs_buf_appendf(&s->meshes, "},\"indices\":%d,\"material\":%d,\"mode\":%d}]}", idx, material, mode);
    return s->n_meshes++;
}

/* Opens a node's JSON (closed by the caller with "}"); returns its index. */
static int begin_node(scene *s, const char *name)
{
    mbs_buf_appendf(&s->nodes, "%s{\"name\":", s->n_nodes ? "," : "");
    json_string(&s->nodes, name);
    return s->n_nodes++;
}

static void node_trs(scene *s, const double t[3], const double q[4] /* x y z w */)
{
    mbs_buf_appendf(&s->nodes, ",\"translation\":[%.9g,%.9g,%.9g],\"rotation\":[%.9g,%.9g,%.9g,%.9g]", t[0], t[1],
                    t[2], q[0], q[1], q[2], q[3]);
}

/* The pose of body b (-1: ground) at row: translation (m) and rotation. */
static void body_pose(const scene *s, int b, long row, double t[3], double q[4])
{
    if (b < 0 || s->g->n_rows == 0) {
        v3_zero(t);
        q[0] = q[1] = q[2] = 0.0, q[3] = 1.0;
        return;
    }
    const double *p = s->g->bodies[b].pose + 7 * row;
    double n = sqrt(p[3] * p[3] + p[4] * p[4] + p[5] * p[5] + p[6] * p[6]);
    if (!(n > 0))
        n = 1.0;
    for (int k = 0; k < 3; k++)
        t[k] = p[k] * s->g->length_unit_m;
    q[0] = p[4] / n, q[1] = p[5] / n, q[2] = p[6] / n, q[3] = p[3] / n;
}

/* A point given in the frame of body b (model units), in global metres at row. */
static void point_at(const scene *s, int b, const double local[3], long row, double out[3])
{
    double t[3], q[4], A[9], pq[4], l[3];
    body_pose(s, b, row, t, q);
    pq[0] = q[3], pq[1] = q[0], pq[2] = q[1], pq[3] = q[2];
    mbs_quat_to_matrix(pq, A);
    v3_scale(l, local, s->g->length_unit_m);
    m3_mul_v(out, A, l);
    v3_add(out, out, t);
}

/* The shortest rotation taking z to the unit vector d, as (x y z w). */
static void z_to(const double d[3], double q[4])
{
    double w = 1.0 + d[2];
    if (w < 1e-9) { /* d = -z: half a turn about x */
        q[0] = 1.0, q[1] = q[2] = 0.0, q[3] = 0.0;
        return;
    }
    q[0] = -d[1], q[1] = d[0], q[2] = 0.0, q[3] = w;
    double n = sqrt(q[0] * q[0] + q[1] * q[1] + q[3] * q[3]);
    for (int k = 0; k < 4; k++)
        q[k] /= n;
}

/* The parts of a shape between two bodies' points I and J: the line (or
 * coil), stretched from I to J; a coil's damper cylinders, of fixed length,
 * one from I + gap d, one ending at J - gap d (d the unit vector from I to J). */
typedef enum line_part { LINE, DAMPER_I, DAMPER_J } line_part;

static void line_pose(const scene *s, const mbs_rshape *sh, line_part part, long row, double t[3], double q[4],
                      double sc[3])
{
    double p2[3], d[3];
    point_at(s, sh->body, sh->position, row, t);
    point_at(s, sh->body2, sh->position2, row, p2);
    v3_sub(d, p2, t);
    double len = v3_norm(d);
    if (len > 0)
        v3_scale(d, d, 1.0 / len);
    else
        v3_set(d, 0, 0, 1);
    z_to(d, q);
    v3_set(sc, 1.0, 1.0, part == LINE ? (len > 0 ? len : 1e-9) : 1.0);
    double k = s->g->length_unit_m;
    if (part == DAMPER_I)
        v3_axpy(t, sh->damper[1] * k, d);
    else if (part == DAMPER_J) {
        v3_copy(t, p2);
        v3_axpy(t, -(sh->damper[4] + sh->damper[5]) * k, d);
    }
}

/* Keyframes of one animated path: a sampler and a channel. */
static void animate_path(scene *s, int node, const char *path, const float *values, int comps)
{
    int out = float_accessor(&s->b, values, s->n_keys, comps, 0, 0);
    mbs_buf_appendf(&s->samplers, "%s{\"input\":%d,\"output\":%d,\"interpolation\":\"LINEAR\"}",
                    s->n_samplers ? "," : "", s->times_acc, out);
    mbs_buf_appendf(&s->channels, "%s{\"sampler\":%d,\"target\":{\"node\":%d,\"path\":\"%s\"}}",
                    s->n_channels ? "," : "", s->n_samplers, node, path);
    s->n_samplers++;
    s->n_channels++;
}

/* Keyframes of a body node (b >= 0) or of a part of a line (sh). */
static void animate_node(scene *s, int node, int b, const mbs_rshape *sh, line_part part)
{
    if (s->n_keys < 1)
        return;
    float *tr = malloc((size_t)s->n_keys * 3 * sizeof *tr), *ro = malloc((size_t)s->n_keys * 4 * sizeof *ro);
    float *sc = sh ? malloc((size_t)s->n_keys * 3 * sizeof *sc) : NULL;
    if (!tr || !ro || (sh && !sc)) {
        s->b.failed = 1;
    } else {
        for (long i = 0; i < s->n_keys; i++) {
            double t[3], q[4], scale[3];
            if (sh)
                line_pose(s, sh, part, s->rows[i], t, q, scale);
            else
                body_pose(s, b, s->rows[i], t, q);
            for (int k = 0; k < 3; k++) {
                tr[3 * i + k] = (float)t[k];
                if (sc)
                    sc[3 * i + k] = (float)scale[k];
            }
            for (int k = 0; k < 4; k++)
                ro[4 * i + k] = (float)q[k];
        }
        animate_path(s, node, "translation", tr, 3);
        animate_path(s, node, "rotation", ro, 4);
        if (sc && part == LINE)
            animate_path(s, node, "scale", sc, 3);
    }
    free(tr);
    free(ro);
    free(sc);
}

/* The node of body b (-1 ground) with its shapes as children. */
static int body_node(scene *s, int b, mbs_buf *roots)
{
    const mbs_rgeometry *g = s->g;
    int *children = calloc((size_t)g->n_shapes + 1, sizeof *children), n_children = 0;
    if (!children)
        return -1;
    /* children first: a node's children are listed by index */
    for (int k = 0; k < g->n_shapes; k++) {
        const mbs_rshape *sh = &g->shapes[k];
        if (sh->body != b || between_bodies(sh) || !shape_wanted(s, sh))
            continue;
        int mesh = add_mesh(s, sh);
        if (mesh < 0)
            continue;
        double t[3], p[4], q[4];
        v3_scale(t, sh->position, g->length_unit_m);
        mbs_matrix_to_quat(sh->rotation, p);
        q[0] = p[1], q[1] = p[2], q[2] = p[3], q[3] = p[0];
        children[n_children++] = begin_node(s, sh->name);
        node_trs(s, t, q);
        mbs_buf_appendf(&s->nodes, ",\"mesh\":%d}", mesh);
    }
    int node = begin_node(s, b < 0 ? "ground" : g->bodies[b].name);
    double t[3], q[4];
    body_pose(s, b, s->rest_row, t, q);
    node_trs(s, t, q);
    if (n_children) {
        mbs_buf_append(&s->nodes, ",\"children\":[");
        for (int i = 0; i < n_children; i++)
            mbs_buf_appendf(&s->nodes, "%s%d", i ? "," : "", children[i]);
        mbs_buf_append(&s->nodes, "]");
    }
    mbs_buf_append(&s->nodes, "}");
    free(children);
    mbs_buf_appendf(roots, "%s%d", roots->len ? "," : "", node);
    if (b >= 0)
        animate_node(s, node, b, NULL, LINE);
    return node;
}

/* The node of one part of a line: its mesh (a force's line, a coil, or a
 * coil's damper cylinder) placed, and moved, by line_pose. */
static int line_node(scene *s, const mbs_rshape *sh, const mbs_rshape *drawn, line_part part, mbs_buf *roots)
{
    int mesh = add_mesh(s, drawn);
    if (mesh < 0)
        return -1;
    static const char *const PART[] = {"", " damper at I", " damper at J"};
    char *name = mbs_sprintf_alloc("%s%s", sh->name, PART[part]);
    int node = begin_node(s, name ? name : sh->name);
    free(name);
    double t[3], q[4], sc[3];
    line_pose(s, sh, part, s->rest_row, t, q, sc);
    node_trs(s, t, q);
    mbs_buf_appendf(&s->nodes, ",\"scale\":[%.9g,%.9g,%.9g],\"mesh\":%d}", sc[0], sc[1], sc[2], mesh);
    mbs_buf_appendf(roots, "%s%d", roots->len ? "," : "", node);
    animate_node(s, node, -1, sh, part);
    return node;
}

/* A force's line, or a coil with its damper cylinders (those of length > 0
 * and radius > 0). */
static void line_nodes(scene *s, const mbs_rshape *sh, mbs_buf *roots)
{
    line_node(s, sh, sh, LINE, roots);
    for (int end = 0; strcmp(sh->shape, "COIL") == 0 && end < 2; end++) {
        const double *d = sh->damper + 3 * end; /* radius, gap, length */
        if (!(d[0] > 0 && d[2] > 0))
            continue;
        mbs_rshape cylinder = *sh;
        cylinder.shape = "CYLINDER";
        v3_set(cylinder.size, d[0], d[0], d[2]);
        line_node(s, sh, &cylinder, end ? DAMPER_J : DAMPER_I, roots);
    }
}

/* The shortest rotation taking the unit vector u to +y, as (x y z w):
 * (u x y, 1 + u . y) = (-u_z, 0, u_x, 1 + u_y) normalised; half a turn
 * about x when u = -y. */
static void up_to_y(const double u[3], double q[4])
{
    double w = 1.0 + u[1];
    if (w < 1e-9) {
        q[0] = 1.0, q[1] = q[2] = q[3] = 0.0;
        return;
    }
    q[0] = -u[2] + 0.0, q[1] = 0.0, q[2] = u[0] + 0.0, q[3] = w; /* + 0.0: no -0 in the file */
    double n = sqrt(q[0] * q[0] + q[2] * q[2] + q[3] * q[3]);
    for (int k = 0; k < 4; k++)
        q[k] /= n;
}

/* The model's node, parent of every other root: it stands the model up. */
static int model_node(scene *s, const mbs_buf *roots)
{
    double u[3], q[4], t[3] = {0.0, 0.0, 0.0};
    v3_scale(u, s->g->up, 1.0 / v3_norm(s->g->up));
    up_to_y(u, q);
    int node = begin_node(s, "model");
    node_trs(s, t, q);
    mbs_buf_appendf(&s->nodes, ",\"children\":[%s]}", roots->data ? roots->data : "");
    return node;
}

/* Rows with increasing times, and the rest row (the last at or before rest_time). */
static int choose_rows(scene *s, const double *time)
{
    s->rows = malloc(((size_t)s->g->n_rows + 1) * sizeof *s->rows);
    if (!s->rows)
        return -1;
    s->rest_row = 0;
    for (long i = 0; i < s->g->n_rows; i++) {
        if (s->n_keys > 0 && !(time[i] > time[s->rows[s->n_keys - 1]]))
            continue;
        s->rows[s->n_keys++] = i;
        if (time[i] <= s->o->rest_time)
            s->rest_row = i;
    }
    float *t = malloc(((size_t)s->n_keys + 1) * sizeof *t);
    if (!t)
        return -1;
    for (long i = 0; i < s->n_keys; i++)
        t[i] = (float)(time[s->rows[i]] * s->g->time_unit_s);
    s->times_acc = s->n_keys > 0 ? float_accessor(&s->b, t, s->n_keys, 1, 0, 1) : -1;
    free(t);
    return 0;
}

static int write_glb(const char *path, const char *json, size_t json_len, const unsigned char *bin, size_t bin_len)
{
    uint32_t jpad = (uint32_t)((4 - json_len % 4) % 4), bpad = (uint32_t)((4 - bin_len % 4) % 4);
    uint32_t jlen = (uint32_t)json_len + jpad, blen = (uint32_t)bin_len + bpad;
    uint32_t total = 12 + 8 + jlen + (bin_len ? 8 + blen : 0);
    uint32_t header[3] = {0x46546C67u /* "glTF" */, 2, total};
    uint32_t jhead[2] = {jlen, 0x4E4F534Au /* "JSON" */}, bhead[2] = {blen, 0x004E4942u /* "BIN\0" */};
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    int rc = fwrite(header, 4, 3, f) != 3 || fwrite(jhead, 4, 2, f) != 2 || fwrite(json, 1, json_len, f) != json_len;
    for (uint32_t i = 0; i < jpad; i++)
        rc |= fputc(' ', f) == EOF;
    if (bin_len) {
        rc |= fwrite(bhead, 4, 2, f) != 2 || fwrite(bin, 1, bin_len, f) != bin_len;
        for (uint32_t i = 0; i < bpad; i++)
            rc |= fputc(0, f) == EOF;
    }
    rc |= fclose(f) != 0;
    if (rc)
        remove(path);
    return rc ? -1 : 0;
}

int mbs_gltf_write(const char *path, const mbs_rgeometry *g, const double *time, const mbs_gltf_options *o,
                   char *err, size_t errsize)
{
    scene s;
    memset(&s, 0, sizeof s);
    s.g = g;
    s.o = o;
    mbs_buf roots, json;
    mbs_buf_init(&roots);
    mbs_buf_init(&json);
    int rc = choose_rows(&s, time);
    for (int b = -1; rc == 0 && b < g->n_bodies; b++)
        rc = body_node(&s, b, &roots) < 0 ? -1 : 0;
    for (int k = 0; rc == 0 && k < g->n_shapes; k++)
        if (between_bodies(&g->shapes[k]) && shape_wanted(&s, &g->shapes[k]))
            line_nodes(&s, &g->shapes[k], &roots);
    int top = rc == 0 ? model_node(&s, &roots) : -1;
    if (rc == 0 && !s.b.failed) {
        mbs_buf_appendf(&json, "{\"asset\":{\"version\":\"2.0\",\"generator\":\"mbsim animate\"},\"scene\":0,"
                               "\"scenes\":[{\"name\":\"mbsim\",\"nodes\":[%d]}],\"nodes\":[%s]",
                        top, s.nodes.data ? s.nodes.data : "");
        if (s.n_meshes)
            mbs_buf_appendf(&json, ",\"meshes\":[%s],\"materials\":[%s]", s.meshes.data, s.materials.data);
        if (s.n_channels)
            mbs_buf_appendf(&json, ",\"animations\":[{\"name\":\"motion\",\"channels\":[%s],\"samplers\":[%s]}]",
                            s.channels.data, s.samplers.data);
        if (s.b.n_accessors)
            mbs_buf_appendf(&json, ",\"accessors\":[%s],\"bufferViews\":[%s],\"buffers\":[{\"byteLength\":%zu}]",
                            s.b.accessors.data, s.b.views.data, (s.b.len + 3) & ~(size_t)3);
        mbs_buf_append(&json, "}");
    }
    if (rc != 0 || s.b.failed || !json.data) {
        snprintf(err, errsize, "out of memory writing %s", path);
        rc = -1;
    } else if (write_glb(path, json.data, json.len, s.b.bin, s.b.len) != 0) {
        snprintf(err, errsize, "cannot write %s: %s", path, strerror(errno));
        rc = -1;
    }
    mbs_buf_free(&roots);
    mbs_buf_free(&json);
    mbs_buf_free(&s.nodes);
    mbs_buf_free(&s.meshes);
    mbs_buf_free(&s.materials);
    mbs_buf_free(&s.channels);
    mbs_buf_free(&s.samplers);
    mbs_buf_free(&s.b.views);
    mbs_buf_free(&s.b.accessors);
    free(s.b.bin);
    free(s.rows);
    return rc;
}
