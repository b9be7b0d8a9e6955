/* The shapes of /geometry as meshes for the glTF writer (mesh.h).
 *
 * Fixed tessellations: 32 segments around an axis (and per turn of a
 * coil), 16 rings for spheres and ellipsoids. An ellipsoid is a unit sphere
 * scaled by its semi-axes; its normals are scaled by their inverses (then
 * normalised), as a normal transforms. A coil of n turns and radius r is
 * the helix (r cos a, r sin a, a / (2 pi n)), 0 <= a <= 2 pi n, reached from
 * the axis' ends (0, 0, 0) and (0, 0, 1) by radial leads. */
#include "mesh.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SEGMENTS 32
#define RINGS 16
#define PI 3.14159265358979323846

typedef struct builder {
    mbs_mesh *m;
    int cap_v, cap_i, failed;
} builder;

static int vertex(builder *b, double x, double y, double z, double nx, double ny, double nz)
{
    mbs_mesh *m = b->m;
    if (m->n_vertices == b->cap_v) {
        b->cap_v = b->cap_v ? 2 * b->cap_v : 64;
        float *p = realloc(m->pos, (size_t)b->cap_v * 3 * sizeof *p);
        if (p)
            m->pos = p;
        float *n = p ? realloc(m->normal, (size_t)b->cap_v * 3 * sizeof *n) : NULL;
        if (n)
            m->normal = n;
        if (!p || !n) {
            b->failed = 1;
            b->cap_v = m->n_vertices;
            return 0;
        }
    }
    float *p = m->pos + 3 * m->n_vertices, *n = m->normal + 3 * m->n_vertices;
    double len = sqrt(nx * nx + ny * ny + nz * nz);
    if (len == 0.0)
        len = 1.0;
    p[0] = (float)x, p[1] = (float)y, p[2] = (float)z;
    n[0] = (float)(nx / len), n[1] = (float)(ny / len), n[2] = (float)(nz / len);
    return m->n_vertices++;
}

static void index_(builder *b, int i)
{
    mbs_mesh *m = b->m;
    if (m->n_indices == b->cap_i) {
        b->cap_i = b->cap_i ? 2 * b->cap_i : 128;
        unsigned *grown = realloc(m->index, (size_t)b->cap_i * sizeof *grown);
        if (!grown) {
            b->failed = 1;
            b->cap_i = m->n_indices;
            return;
        }
        m->index = grown;
    }
    m->index[m->n_indices++] = (unsigned)i;
}

static void triangle(builder *b, int i, int j, int k)
{
    index_(b, i);
    index_(b, j);
    index_(b, k);
}

static void box(builder *b, const double s[3])
{
    double h[3] = {s[0] / 2, s[1] / 2, s[2] / 2};
    for (int axis = 0; axis < 3; axis++)
        for (int sign = -1; sign <= 1; sign += 2) {
            /* the face normal to `axis` on side `sign`, counter-clockwise seen from outside */
            int u = (axis + 1) % 3, v = (axis + 2) % 3;
            int first = b->m->n_vertices;
            for (int c = 0; c < 4; c++) {
                double p[3], n[3] = {0, 0, 0};
                double cu = (c == 1 || c == 2) ? 1 : -1, cv = c >= 2 ? 1 : -1;
                p[axis] = sign * h[axis];
                p[u] = cu * h[u];
                p[v] = cv * h[v] * sign;
                n[axis] = sign;
                vertex(b, p[0], p[1], p[2], n[0], n[1], n[2]);
            }
            triangle(b, first, first + 1, first + 2);
            triangle(b, first, first + 2, first + 3);
        }
}

/* Cylinder (r0 == r1) or frustum from z = 0 (radius r0) to z = len (r1), closed. */
static void frustum(builder *b, double r0, double r1, double len)
{
    double slope = (r0 - r1) / len; /* the side's normal leans up by this */
    int first = b->m->n_vertices;
    for (int k = 0; k <= SEGMENTS; k++) {
        double a = 2 * PI * k / SEGMENTS, c = cos(a), s = sin(a);
        vertex(b, r0 * c, r0 * s, 0, c, s, slope);
        vertex(b, r1 * c, r1 * s, len, c, s, slope);
    }
    for (int k = 0; k < SEGMENTS; k++) {
        int i = first + 2 * k;
        triangle(b, i, i + 2, i + 1);
        triangle(b, i + 1, i + 2, i + 3);
    }
    for (int end = 0; end < 2; end++) {
        double r = end ? r1 : r0, z = end ? len : 0, nz = end ? 1 : -1;
        if (r <= 0)
            continue;
        int centre = vertex(b, 0, 0, z, 0, 0, nz);
        for (int k = 0; k <= SEGMENTS; k++) {
            double a = 2 * PI * k / SEGMENTS;
            vertex(b, r * cos(a), r * sin(a), z, 0, 0, nz);
        }
        for (int k = 0; k < SEGMENTS; k++) {
            if (end)
                triangle(b, centre, centre + 1 + k, centre + 2 + k);
            else
                triangle(b, centre, centre + 2 + k, centre + 1 + k);
        }
    }
}

static void ellipsoid(builder *b, const double a[3])
{
    int first = b->m->n_vertices;
    for (int i = 0; i <= RINGS; i++) {
        double th = PI * i / RINGS, st = sin(th), ct = cos(th);
        for (int k = 0; k <= SEGMENTS; k++) {
            double ph = 2 * PI * k / SEGMENTS, x = st * cos(ph), y = st * sin(ph), z = ct;
            vertex(b, a[0] * x, a[1] * y, a[2] * z, x / a[0], y / a[1], z / a[2]);
        }
    }
    for (int i = 0; i < RINGS; i++)
        for (int k = 0; k < SEGMENTS; k++) {
            int p = first + i * (SEGMENTS + 1) + k, q = p + SEGMENTS + 1;
            triangle(b, p, q, p + 1);
            triangle(b, p + 1, q, q + 1);
        }
}

static void coil(builder *b, double r, int turns)
{
    index_(b, vertex(b, 0, 0, 0, 0, 0, 1));
    int n = SEGMENTS * turns;
    for (int k = 0; n > 0 && k <= n; k++) {
        double a = 2 * PI * k / SEGMENTS, z = (double)k / n;
        index_(b, vertex(b, r * cos(a), r * sin(a), z, 0, 0, 1));
    }
    index_(b, vertex(b, 0, 0, 1, 0, 0, 1));
}

static void triangles(builder *b, const double *points, int n_points, const int *tri, int n_triangles)
{
    for (int i = 0; i < n_points; i++)
        vertex(b, points[3 * i], points[3 * i + 1], points[3 * i + 2], 0, 0, 1);
    for (int i = 0; i < n_triangles; i++)
        triangle(b, tri[3 * i], tri[3 * i + 1], tri[3 * i + 2]);
}

int mbs_mesh_build(const mbs_mesh_shape *sh, mbs_mesh *mesh)
{
    memset(mesh, 0, sizeof *mesh);
    builder b = {mesh, 0, 0, 0};
    mesh->mode = MBS_MESH_TRIANGLES;
    const char *shape = sh->shape;
    const double *size = sh->size, *points = sh->points;
    int n_points = sh->n_points, flat = 0; /* flat: no normals */
    if (strcmp(shape, "BOX") == 0) {
        box(&b, size);
    } else if (strcmp(shape, "CYLINDER") == 0) {
        frustum(&b, size[0], size[0], size[2]);
    } else if (strcmp(shape, "FRUSTUM") == 0) {
        frustum(&b, size[0], size[1], size[2]);
    } else if (strcmp(shape, "SPHERE") == 0 || strcmp(shape, "ELLIPSOID") == 0) {
        ellipsoid(&b, size);
    } else if (strcmp(shape, "SPRING") == 0) {
        frustum(&b, size[0], size[0], 1.0);
    } else if (strcmp(shape, "OUTLINE") == 0) {
        mesh->mode = MBS_MESH_LINE_STRIP;
        for (int i = 0; i < n_points; i++)
            index_(&b, vertex(&b, points[3 * i], points[3 * i + 1], points[3 * i + 2], 0, 0, 1));
    } else if (strcmp(shape, "MESH") == 0) {
        triangles(&b, points, n_points, sh->triangles, sh->n_triangles);
        flat = 1;
    } else if (strcmp(shape, "COIL") == 0) {
        mesh->mode = MBS_MESH_LINE_STRIP;
        coil(&b, size[0], sh->coils);
    } else if (strcmp(shape, "MARKER") == 0) {
        mesh->mode = MBS_MESH_LINES;
        for (int axis = 0; axis < 3; axis++) {
            double tip[3] = {0, 0, 0};
            tip[axis] = size[0];
            index_(&b, vertex(&b, 0, 0, 0, 0, 0, 1));
            index_(&b, vertex(&b, tip[0], tip[1], tip[2], 0, 0, 1));
        }
    } else {
        return -1;
    }
    if (b.failed || mesh->n_vertices == 0) {
        mbs_mesh_free(mesh);
        return -1;
    }
    if (mesh->mode != MBS_MESH_TRIANGLES || flat) { /* lines carry no normals */
        free(mesh->normal);
        mesh->normal = NULL;
    }
    return 0;
}

void mbs_mesh_free(mbs_mesh *mesh)
{
    free(mesh->pos);
    free(mesh->normal);
    free(mesh->index);
    memset(mesh, 0, sizeof *mesh);
}
