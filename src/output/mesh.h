/* Shapes of /geometry as triangle (or line) meshes in the shape's own frame,
 * for the glTF writer: positions and normals (float, metres) and indices. */
#ifndef MBS_MESH_H
#define MBS_MESH_H

typedef enum mbs_mesh_mode { MBS_MESH_TRIANGLES, MBS_MESH_LINES, MBS_MESH_LINE_STRIP } mbs_mesh_mode;

typedef struct mbs_mesh {
    mbs_mesh_mode mode;
    float *pos, *normal; /* [n_vertices x 3]; normal NULL for lines */
    int n_vertices;
    unsigned *index;     /* [n_indices] */
    int n_indices;
} mbs_mesh;

/* The mesh of a shape named as in /geometry (BOX, CYLINDER, FRUSTUM, SPHERE,
 * ELLIPSOID, OUTLINE, MARKER; SPRING: a unit-length cylinder along z of
 * radius size[0]), sizes in metres, points (OUTLINE) [n_points x 3] in
 * metres. 0, or -1 (unknown shape, out of memory). */
int mbs_mesh_build(const char *shape, const double size[3], const double *points, int n_points, mbs_mesh *mesh);
void mbs_mesh_free(mbs_mesh *mesh);

#endif
