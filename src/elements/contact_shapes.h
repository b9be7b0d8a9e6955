/* The geometry of Force_Contact (docs/contact.md): the Post_Graphic shapes
 * two bodies carry, posed in global axes, and for a pair of shapes the
 * points where they touch or come closest (narrow phase), behind a broad
 * phase of bounding spheres.
 *
 * Every solid (sphere, box, cylinder, frustum, ellipsoid) has a signed
 * distance function d(x): negative inside, zero on its surface, with the
 * outward normal as its gradient (exact for all but the ellipsoid); a
 * TriaMesh has the distance to its nearest triangle, negative behind that
 * triangle's face (its normal by the right-hand rule of its points' order,
 * out of the solid). A pair
 * is tested by the points of one shape that can reach the other first,
 * each against the other's d(x):
 *   sphere      its centre, less its radius
 *   box         its 8 corners
 *   cylinder,   on each end circle, its point deepest along the other
 *   frustum     shape's normal, and three more at quarter turns from it
 *   ellipsoid   its point deepest along the other shape's normal
 *   TriaMesh    its vertices
 * in both directions (a sphere only by its centre); two meshes do not
 * touch. Two boxes are tested besides where their edges cross
 * (contact_box_edges.h). Each tested point is a candidate contact: its signed distance,
 * the unit normal along which the I shape is pushed, and the contact point
 * halfway between the two surfaces. */
#ifndef MBS_CONTACT_SHAPES_H
#define MBS_CONTACT_SHAPES_H

#include "../model/model.h"

/* A Post_Graphic as a contact shape, fixed on its body. */
typedef struct mbs_contact_shape {
    int graphic;            /* index in m->graphics */
    mbs_shape shape;        /* BOX, CYLINDER, FRUSTUM, SPHERE, ELLIPSOID or MESH */
    int body;
    double pos[3], rot[9];  /* shape frame in body axes (from the centre of mass) */
    double size[3];         /* as mbs_graphic's */
    const double *points;   /* MESH: [n_points x 3] vertices, shape frame (the model's) */
    int n_points;
    const int *triangles;   /* MESH: [n_triangles x 3] point indices (the model's) */
    int n_triangles;
    double centre[3];       /* bounding sphere: centre (shape frame) and radius */
    double radius;
    double body_centre[3];  /* its centre in body axes, from the centre of mass */
    double half_thickness;  /* the depth at which a point entering it is halfway through its thinnest
                               part (INFINITY for a mesh: behind its faces is inside to any depth) */
} mbs_contact_shape;

/* A shape where its body is now: origin and axes, global. */
typedef struct mbs_posed_shape {
    const mbs_contact_shape *s;
    double p[3], R[9];
} mbs_posed_shape;

/* One candidate contact of a pair (I shape, J shape). */
typedef struct mbs_contact_point {
    double distance;  /* signed: < 0 penetrating (depth = -distance) */
    double normal[3]; /* unit, global: the direction the I shape is pushed */
    double point[3];  /* global: halfway between the two surfaces */
} mbs_contact_point;

/* Whether a shape may take part in a contact, and whether two may touch
 * each other (not two meshes). */
int mbs_contact_shape_usable(mbs_shape s);
int mbs_contact_pair_usable(mbs_shape a, mbs_shape b);

/* The contact shape of graphic g (index k): bounding sphere included. */
void mbs_contact_shape_make(const mbs_model *m, int k, mbs_contact_shape *out);

/* The shape on its body at centre of mass r and axes A (body -> global). */
void mbs_contact_pose(const mbs_contact_shape *s, const double r[3], const double A[9], mbs_posed_shape *out);

/* The centre of a shape's bounding sphere, global, its body's centre of
 * mass at r with axes A (body -> global). */
void mbs_contact_bounding_centre(const mbs_contact_shape *s, const double r[3], const double A[9], double c[3]);

/* The gap between two shapes' bounding spheres of centres cI, cJ: where it
 * is > 0 the pair has no candidates and mbs_contact_pair returns it, so
 * that a caller may skip posing them. */
double mbs_contact_bounds_gap(const mbs_contact_shape *I, const double cI[3], const mbs_contact_shape *J,
                              const double cJ[3]);

/* Called for each candidate of a pair; ctx is the caller's. */
typedef void (*mbs_contact_visit)(void *ctx, const mbs_contact_point *cp);

/* The narrow phase of I against J: every candidate handed to visit (none
 * when the bounding spheres are apart). Returns the least signed distance
 * of the candidates, or where the bounding spheres are apart the gap
 * between them (> 0): a function of the state whose sign change is the
 * onset or end of contact (the element's root function). */
double mbs_contact_pair(const mbs_posed_shape *I, const mbs_posed_shape *J, mbs_contact_visit visit, void *ctx);

#endif
