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

/* A shape as /geometry gives it, lengths in metres. */
typedef struct mbs_mesh_shape {
    const char *shape;     /* BOX CYLINDER FRUSTUM SPHERE ELLIPSOID OUTLINE MARKER SPRING MESH COIL */
    double size[3];
    const double *points;  /* OUTLINE, MESH: [n_points x 3] */
    int n_points;
    const int *triangles;  /* MESH: [n_triangles x 3] indices into points */
    int n_triangles;
    int coils;             /* COIL: turns */
} mbs_mesh_shape;

/* The mesh of a shape: solids as triangles with normals; OUTLINE a line
 * strip; MARKER three lines; SPRING a unit-length cylinder along z of radius
 * size[0]; MESH its points and triangles as given (no normals: glTF viewers
 * shade them flat); COIL a line strip from (0, 0, 0) to (0, 0, 1), a helix
 * of radius size[0] and `coils` turns between two radial leads (both
 * stretched with the length between their ends). 0, or -1 (unknown shape,
 * out of memory). */
int mbs_mesh_build(const mbs_mesh_shape *shape, mbs_mesh *mesh);
void mbs_mesh_free(mbs_mesh *mesh);

#endif
