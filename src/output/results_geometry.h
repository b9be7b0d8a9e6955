/* The results file's /geometry (docs/results-format.md): the shapes of the
 * model and the motion of every body that moves in space, written by the
 * results writer and read for `mbsim animate`. One file for both directions,
 * so that the layout is in one place. */
#ifndef MBS_RESULTS_GEOMETRY_H
#define MBS_RESULTS_GEOMETRY_H

#include "results_reader.h"
#include "../model/model.h"

#include <hdf5.h>

/* ---- writing ---- */

/* Creates /geometry with the shapes of m and one empty, extendible pose
 * dataset per moving body (mbs_pose_body), in body order, into pose_ds
 * ([number of such bodies]). 0 or -1. */
int mbs_geometry_create(hid_t file, const mbs_model *m, hid_t (*new_dataset)(hid_t loc, const char *name, int cols),
                        hid_t *pose_ds);

/* ---- reading ---- */

typedef struct mbs_rbody {
    char *name;    /* dataset name under /geometry/bodies */
    long id;
    double *pose;  /* [n_rows x 7]: x y z e0 e1 e2 e3 (model length units) */
} mbs_rbody;

typedef struct mbs_rshape {
    char *name, *shape, *source; /* shape: BOX CYLINDER FRUSTUM SPHERE ELLIPSOID OUTLINE MARKER SPRING MESH COIL */
    int body, body2;             /* index into bodies, -1: ground (fixed) */
    double position[3], rotation[9], size[3], color[3], position2[3];
    double *points;              /* OUTLINE, MESH: [n_points x 3] */
    int n_points;
    int *triangles;              /* MESH: [n_triangles x 3], each index below n_points */
    int n_triangles;
    int coils;                   /* COIL: turns */
    double damper[6];            /* COIL: radius, gap, length of the damper at I, then at J */
} mbs_rshape;

typedef struct mbs_rgeometry {
    double length_unit_m; /* metres per model length unit */
    double time_unit_s;   /* seconds per model time unit */
    double model_size;    /* model length units */
    double up[3];         /* the model's up (against gravity), global axes */
    mbs_rbody *bodies;
    int n_bodies;
    mbs_rshape *shapes;
    int n_shapes;
    long n_rows;          /* rows of every pose (those of /time) */
} mbs_rgeometry;

/* Reads /geometry of an open results file. 0, or -1 with the reason in err
 * (e.g. a file written before /geometry existed). */
int mbs_geometry_read(const mbs_results *r, mbs_rgeometry *g, char *err, size_t errsize);
void mbs_geometry_free(mbs_rgeometry *g);

#endif
