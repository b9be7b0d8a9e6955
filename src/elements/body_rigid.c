/* Body_Rigid (MotionSolve): a rigid body, or the ground (isground="TRUE").
 *
 * Coordinates q = (r, p): centre of mass r (global) and unit quaternion p of
 * the body frame, whose axes are those of the cg marker. Velocities
 * u = (v, w_body): centre-of-mass velocity (global) and angular velocity in
 * body axes. Equations (solver/dae/residual.c):
 *   dr/dt = v,  dp/dt = 1/2 L(p)^T w_body,
 *   m dv/dt = f,  J dw_body/dt + w_body x J w_body = n_body.
 * Inertia is given about the im marker's origin in its axes (default: the
 * cg marker); it is moved to the centre of mass by the parallel-axis theorem
 *   J_cg = J_im - m (|d|^2 E - d d^T),  d = origin(im) - r,
 * and rotated into body axes. inertia_xy, _xz, _yz are products of inertia
 * as Adams and MotionSolve define them, the positive integrals
 * I_xy = integral of x y dm: the tensor is
 *   J = [ xx -xy -xz ; -xy yy -yz ; -xz -yz zz ]. */
#include "reference_marker.h"
#include "../core/dense.h"
#include "../core/rotation.h"
#include "../core/vec3.h"

#include <math.h>
#include <string.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among the elements of this name; another element may share it)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"isground", MBS_ATTR_BOOL, "FALSE", DIM_NONE, 0, NULL, "TRUE: this body is the fixed ground", NULL},
    {"cg_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL,
     "marker at the centre of mass; its axes are the body axes (required unless isground)", NULL},
    {"im_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "marker the inertia is given about (default cg_id)", NULL},
    {"lprf_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL,
     "local part reference frame: a marker on this body (checked, informational)", NULL},
    {"mass", MBS_ATTR_REAL, NULL, DIM_MASS, 0, NULL, "mass, > 0 (required unless isground)", NULL},
    {"inertia_xx", MBS_ATTR_REAL, NULL, DIM_INERTIA, 0, NULL, "moment of inertia about im's x axis (required unless isground)", NULL},
    {"inertia_yy", MBS_ATTR_REAL, NULL, DIM_INERTIA, 0, NULL, "moment of inertia about im's y axis (required unless isground)", NULL},
    {"inertia_zz", MBS_ATTR_REAL, NULL, DIM_INERTIA, 0, NULL, "moment of inertia about im's z axis (required unless isground)", NULL},
    {"inertia_xy", MBS_ATTR_REAL, "0", DIM_INERTIA, 0, NULL, "product of inertia, integral of x y dm (the tensor entry is its negative)", NULL},
    {"inertia_yz", MBS_ATTR_REAL, "0", DIM_INERTIA, 0, NULL, "product of inertia, integral of y z dm", NULL},
    {"inertia_xz", MBS_ATTR_REAL, "0", DIM_INERTIA, 0, NULL, "product of inertia, integral of x z dm", NULL},
    {"v_ic_x", MBS_ATTR_REAL, "0", DIM_VELOCITY, 0, NULL, "initial velocity of the centre of mass, x", NULL},
    {"v_ic_y", MBS_ATTR_REAL, "0", DIM_VELOCITY, 0, NULL, "initial velocity, y", NULL},
    {"v_ic_z", MBS_ATTR_REAL, "0", DIM_VELOCITY, 0, NULL, "initial velocity, z", NULL},
    {"w_ic_x", MBS_ATTR_REAL, "0", DIM_ANGULAR_VELOCITY, 0, NULL, "initial angular velocity, x", NULL},
    {"w_ic_y", MBS_ATTR_REAL, "0", DIM_ANGULAR_VELOCITY, 0, NULL, "initial angular velocity, y", NULL},
    {"w_ic_z", MBS_ATTR_REAL, "0", DIM_ANGULAR_VELOCITY, 0, NULL, "initial angular velocity, z", NULL},
    {"v_ic_x_flag", MBS_ATTR_BOOL, "FALSE", DIM_NONE, MBS_IGNORED, NULL, "accepted for MotionSolve files, no effect", NULL},
    {"v_ic_y_flag", MBS_ATTR_BOOL, "FALSE", DIM_NONE, MBS_IGNORED, NULL, "accepted for MotionSolve files, no effect", NULL},
    {"v_ic_z_flag", MBS_ATTR_BOOL, "FALSE", DIM_NONE, MBS_IGNORED, NULL, "accepted for MotionSolve files, no effect", NULL},
    {"w_ic_x_flag", MBS_ATTR_BOOL, "FALSE", DIM_NONE, MBS_IGNORED, NULL, "accepted for MotionSolve files, no effect", NULL},
    {"w_ic_y_flag", MBS_ATTR_BOOL, "FALSE", DIM_NONE, MBS_IGNORED, NULL, "accepted for MotionSolve files, no effect", NULL},
    {"w_ic_z_flag", MBS_ATTR_BOOL, "FALSE", DIM_NONE, MBS_IGNORED, NULL, "accepted for MotionSolve files, no effect", NULL},
    {"vm_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "marker whose axes v_ic_* are given in (default global)", NULL},
    {"wm_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "marker whose axes w_ic_* are given in (default global)", NULL},
};

/* Components of an initial-velocity vector, rotated from marker `attr`'s axes if given. */
static int initial_vector(mbs_builder *b, const mbs_spec_elem *e, const char *names[3], const char *attr,
                          double out[3])
{
    double local[3];
    for (int i = 0; i < 3; i++)
        local[i] = mbs_spec_real(e, names[i]);
    if (!mbs_spec_has(e, attr)) {
        v3_copy(out, local);
        return 0;
    }
    double p[3], R[9];
    if (mbs_marker_spec_pose(b, e, attr, p, R) != 0)
        return -1;
    m3_mul_v(out, R, local);
    return 0;
}

/* `which` names the tensor in messages ("the inertia tensor", "the inertia
 * tensor about the centre of mass"). */
static int check_inertia(mbs_builder *b, const mbs_spec_elem *e, const double J[9], const char *which)
{
    double eig[3];
    mbs_sym3_eigenvalues(J, eig);
    double scale = fabs(eig[2]) > 0 ? fabs(eig[2]) : 1.0;
    if (eig[0] <= 1e-12 * scale)
        return mbs_build_error(b, e, "%s is not positive definite (principal moments %.6g, %.6g, %.6g)", which,
                               eig[0], eig[1], eig[2]);
    if (eig[0] + eig[1] < eig[2] * (1.0 - 1e-9))
        return mbs_build_error(b, e, "%s violates the triangle inequality: principal moments %.6g + %.6g < %.6g",
                               which, eig[0], eig[1], eig[2]);
    return 0;
}

/* Is marker `attr` of e fixed on this body? */
static int check_on_body(mbs_builder *b, const mbs_spec_elem *e, const char *attr)
{
    int id = (int)mbs_spec_int(e, attr);
    const mbs_spec_elem *mk = mbs_ref_spec(b, e, attr, id, MBS_SELECT_FAMILY(MBS_FAMILY_MARKER));
    if (!mk)
        return -1;
    long body = mbs_spec_has(mk, "body_id") ? mbs_spec_int(mk, "body_id") : -1;
    if (body != e->id)
        return mbs_build_error(b, e, "%s %d is on body %ld, not on this body", attr, id, body);
    return 0;
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    mbs_body body;
    memset(&body, 0, sizeof body);
    body.p0[0] = 1.0;
    if (mbs_spec_bool(e, "isground")) {
        body.type = MBS_BODY_GROUND;
        return mbs_add_body(b, e, &body) < 0 ? -1 : 0;
    }
    body.type = MBS_BODY_RIGID;
    body.nq = 7;
    body.nu = 6;
    int bad = 0;
    if (!mbs_spec_has(e, "cg_id"))
        return mbs_build_error(b, e, "missing required attribute 'cg_id' (only the ground may omit it)");
    if (!mbs_spec_has(e, "mass"))
        return mbs_build_error(b, e, "missing required attribute 'mass'");
    body.mass = mbs_spec_real(e, "mass");
    if (!(body.mass > 0))
        bad |= mbs_build_error(b, e, "mass must be > 0 (is %g)",
                               body.mass / mbs_units_to_si(&mbs_builder_model(b)->units, DIM_MASS));
    /* optional in the table because the ground needs none */
    static const char *const DIAGONAL[3] = {"inertia_xx", "inertia_yy", "inertia_zz"};
    for (int i = 0; i < 3; i++)
        if (!mbs_spec_given(e, DIAGONAL[i]))
            return mbs_build_error(b, e, "missing required attribute '%s' (only the ground may omit it)", DIAGONAL[i]);
    double A0[9];
    if (mbs_marker_spec_pose(b, e, "cg_id", body.r0, A0) != 0 || check_on_body(b, e, "cg_id") != 0)
        return -1;
    mbs_matrix_to_quat(A0, body.p0);
    mbs_quat_to_matrix(body.p0, A0);

    /* inertia: given about im in im axes -> about the centre of mass in body axes */
    /* products of inertia are the positive integrals (Adams' convention):
     * the tensor's off-diagonal entries are their negatives */
    double xy = mbs_spec_real(e, "inertia_xy"), xz = mbs_spec_real(e, "inertia_xz"), yz = mbs_spec_real(e, "inertia_yz");
    double Jim[9] = {mbs_spec_real(e, "inertia_xx"), -xy, -xz,
                     -xy, mbs_spec_real(e, "inertia_yy"), -yz,
                     -xz, -yz, mbs_spec_real(e, "inertia_zz")};
    if (check_inertia(b, e, Jim, "the inertia tensor") != 0)
        bad = -1;
    const char *im_attr = mbs_spec_has(e, "im_id") ? "im_id" : "cg_id";
    double pim[3], Rim[9];
    if (mbs_marker_spec_pose(b, e, im_attr, pim, Rim) != 0 || check_on_body(b, e, im_attr) != 0)
        return -1;
    double T[9], Jg[9], d[3];
    m3_mul(T, Rim, Jim);
    m3_mul_t(Jg, T, Rim); /* global axes, about the im origin */
    v3_sub(d, pim, body.r0);
    double dd = v3_dot(d, d);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            Jg[3 * i + j] -= body.mass * ((i == j ? dd : 0.0) - d[i] * d[j]);
    m3_tmul(T, A0, Jg);
    m3_mul(body.inertia, T, A0);
    if (!bad && mbs_spec_has(e, "im_id") &&
        check_inertia(b, e, body.inertia, "the inertia tensor moved from im_id to the centre of mass") != 0)
        bad = -1;

    /* the local part reference frame is a marker on this body (MotionView
     * writes one for every body): checked from the file, not built, since
     * building it would need this body */
    if (mbs_spec_has(e, "lprf_id") && check_on_body(b, e, "lprf_id") != 0)
        bad = -1;
    static const char *V[3] = {"v_ic_x", "v_ic_y", "v_ic_z"};
    static const char *W[3] = {"w_ic_x", "w_ic_y", "w_ic_z"};
    if (initial_vector(b, e, V, "vm_id", body.v0) != 0 || initial_vector(b, e, W, "wm_id", body.w0) != 0)
        bad = -1;
    if (bad)
        return -1;
    return mbs_add_body(b, e, &body) < 0 ? -1 : 0;
}

const mbs_kind mbs_kind_body_rigid = {
    "Body_Rigid", MBS_FAMILY_BODY, MBS_IN_MODEL, MBS_STAGE_BODIES, ATTRS, MBS_COUNT_OF(ATTRS),
    "A rigid body with mass and inertia, or the ground (isground=\"TRUE\"). Its configuration at t = 0 "
    "is its cg marker: origin = centre of mass, axes = body axes. The inertia tensor is given about the "
    "im marker (default cg) in its axes; it must be positive definite and satisfy the triangle "
    "inequalities. Initial velocities are of the centre of mass, in global axes (or vm_id / wm_id axes). "
    "The *_flag attributes are accepted for MotionSolve files; initial velocities are always made "
    "consistent with the constraints by the smallest (mass-weighted) change.",
    build,
    NULL,
};
