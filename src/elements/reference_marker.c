/* Reference_Marker (MotionSolve): a frame fixed on a body.
 *
 * Pose at t = 0, in global coordinates or relative to marker rm_id:
 *   origin  p = p_rm + R_rm (pos_x, pos_y, pos_z)
 *   axes    R = R_rm R_given, R_given one of
 *           direction cosines  [a00 a01 a02; a10 a11 a12; a20 a21 a22] (columns = x, y, z axes)
 *           body 3-1-3 Euler   Rz(psi) Rx(theta) Rz(phi)
 *           body 3-2-1 angles  Rz(yaw) Ry(pitch) Rx(roll)
 *           Euler parameters   A(e0, e1, e2, e3), e0 the scalar part
 *           default            identity
 * In the body frame (origin at the centre of mass, axes of the cg marker,
 * r0 and A0 at t = 0):  pos_body = A0^T (p - r0),  rot_body = A0^T R. */
#include "reference_marker.h"
#include "modify_commands.h"
#include "../core/rotation.h"
#include "../core/strutil.h"
#include "../core/vec3.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among the elements of this name; another element may share it)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"body_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "body the marker is fixed on", NULL},
    {"body_type", MBS_ATTR_KEYWORD, "RIGIDBODY", DIM_NONE, 0, "RIGIDBODY|POINTBODY",
     "kind of body (informational; checked against body_id)", NULL},
    {"rm_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_BY_COMMAND, NULL, "marker the pose is given relative to (default: global)", NULL},
    {"pos_x", MBS_ATTR_REAL, "0", DIM_LENGTH, MBS_BY_COMMAND, NULL, "origin x", NULL},
    {"pos_y", MBS_ATTR_REAL, "0", DIM_LENGTH, MBS_BY_COMMAND, NULL, "origin y", NULL},
    {"pos_z", MBS_ATTR_REAL, "0", DIM_LENGTH, MBS_BY_COMMAND, NULL, "origin z", NULL},
    {"a00", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_BY_COMMAND, NULL, "direction cosine: x axis, x component", NULL},
    {"a10", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_BY_COMMAND, NULL, "direction cosine: x axis, y component", NULL},
    {"a20", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_BY_COMMAND, NULL, "direction cosine: x axis, z component", NULL},
    {"a01", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_BY_COMMAND, NULL, "direction cosine: y axis, x component", NULL},
    {"a11", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_BY_COMMAND, NULL, "direction cosine: y axis, y component", NULL},
    {"a21", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_BY_COMMAND, NULL, "direction cosine: y axis, z component", NULL},
    {"a02", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_BY_COMMAND, NULL, "direction cosine: z axis, x component", NULL},
    {"a12", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_BY_COMMAND, NULL, "direction cosine: z axis, y component", NULL},
    {"a22", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_BY_COMMAND, NULL, "direction cosine: z axis, z component", NULL},
    {"psi", MBS_ATTR_REAL, NULL, DIM_ANGLE, MBS_ANGLE | MBS_BY_COMMAND, NULL, "3-1-3 Euler angle about z", NULL},
    {"theta", MBS_ATTR_REAL, NULL, DIM_ANGLE, MBS_ANGLE | MBS_BY_COMMAND, NULL, "3-1-3 Euler angle about the new x", NULL},
    {"phi", MBS_ATTR_REAL, NULL, DIM_ANGLE, MBS_ANGLE | MBS_BY_COMMAND, NULL, "3-1-3 Euler angle about the new z", NULL},
    {"yaw", MBS_ATTR_REAL, NULL, DIM_ANGLE, MBS_ANGLE | MBS_BY_COMMAND, NULL, "3-2-1 angle about z", NULL},
    {"pitch", MBS_ATTR_REAL, NULL, DIM_ANGLE, MBS_ANGLE | MBS_BY_COMMAND, NULL, "3-2-1 angle about the new y", NULL},
    {"roll", MBS_ATTR_REAL, NULL, DIM_ANGLE, MBS_ANGLE | MBS_BY_COMMAND, NULL, "3-2-1 angle about the new x", NULL},
    {"e0", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_BY_COMMAND, NULL, "Euler parameter (scalar part)", NULL},
    {"e1", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_BY_COMMAND, NULL, "Euler parameter", NULL},
    {"e2", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_BY_COMMAND, NULL, "Euler parameter", NULL},
    {"e3", MBS_ATTR_REAL, NULL, DIM_NONE, MBS_BY_COMMAND, NULL, "Euler parameter", NULL},
};

typedef struct orientation_group {
    const char *kind;
    const char *names[9];
    int n;
} orientation_group;

static const orientation_group GROUPS[] = {
    {"direction cosines", {"a00", "a10", "a20", "a01", "a11", "a21", "a02", "a12", "a22"}, 9},
    {"3-1-3 Euler angles", {"psi", "theta", "phi"}, 3},
    {"3-2-1 angles", {"yaw", "pitch", "roll"}, 3},
    {"Euler parameters", {"e0", "e1", "e2", "e3"}, 4},
};

/* The x and z columns (a00 a10 a20, a02 a12 a22) and nothing of y: how
 * MotionView writes direction cosines. */
static int six_cosines(const mbs_spec_elem *e)
{
    static const char *const XZ[6] = {"a00", "a10", "a20", "a02", "a12", "a22"};
    int n = 0;
    for (int i = 0; i < 6; i++)
        n += mbs_spec_given(e, XZ[i]);
    return n == 6 && !mbs_spec_given(e, "a01") && !mbs_spec_given(e, "a11") && !mbs_spec_given(e, "a21");
}

/* Which orientation group is given: its index, -1 for none, -2 after
 * reporting mixed or partial groups. */
static int orientation_kind(mbs_builder *b, const mbs_spec_elem *e)
{
    int chosen = -1;
    for (int g = 0; g < MBS_COUNT_OF(GROUPS); g++) {
        int given = 0;
        for (int i = 0; i < GROUPS[g].n; i++)
            given += mbs_spec_given(e, GROUPS[g].names[i]);
        if (!given)
            continue;
        if (chosen >= 0) {
            mbs_build_error(b, e, "give one orientation only (%s and %s are both given)", GROUPS[chosen].kind,
                            GROUPS[g].kind);
            return -2;
        }
        /* angles may be partly given (the others are 0); matrices and
         * quaternions may not, except MotionSolve's six direction cosines
         * (the x and z columns) */
        if (given != GROUPS[g].n && g != 1 && g != 2 && !(g == 0 && six_cosines(e))) {
            if (g == 0)
                mbs_build_error(b, e, "direction cosines need all nine of a00..a22, or the six of the x and z "
                                      "columns (a00 a10 a20 a02 a12 a22)");
            else
                mbs_build_error(b, e, "%s need all of %s..%s", GROUPS[g].kind, GROUPS[g].names[0],
                                GROUPS[g].names[GROUPS[g].n - 1]);
            return -2;
        }
        chosen = g;
    }
    return chosen;
}

static double angle_or_zero(const mbs_spec_elem *e, const char *name)
{
    return mbs_spec_has(e, name) ? mbs_spec_real(e, name) : 0.0;
}

static int given_rotation(mbs_builder *b, const mbs_spec_elem *e, double R[9])
{
    int g = orientation_kind(b, e);
    if (g < -1)
        return -1;
    switch (g) {
    case 0: {
        /* a_rc = row r, column c */
        static const char *names[9] = {"a00", "a01", "a02", "a10", "a11", "a12", "a20", "a21", "a22"};
        for (int i = 0; i < 9; i++)
            R[i] = mbs_spec_given(e, names[i]) ? mbs_spec_real(e, names[i]) : 0.0;
        if (six_cosines(e)) { /* y = z x x, as MotionSolve completes the frame */
            double x[3] = {R[0], R[3], R[6]}, z[3] = {R[2], R[5], R[8]}, y[3];
            v3_cross(y, z, x);
            R[1] = y[0];
            R[4] = y[1];
            R[7] = y[2];
        }
        double err = mbs_orthonormality_error(R);
        if (err > 1e-6)
            return mbs_build_error(b, e, "direction cosines are not orthonormal (|A^T A - I| = %.3g > 1e-6)", err);
        if (mbs_m3_det(R) < 0)
            return mbs_build_error(b, e, "direction cosines form a left-handed frame (determinant -1)");
        return 0;
    }
    case 1:
        mbs_euler313_to_matrix(angle_or_zero(e, "psi"), angle_or_zero(e, "theta"), angle_or_zero(e, "phi"), R);
        return 0;
    case 2: {
        double y = angle_or_zero(e, "yaw"), p = angle_or_zero(e, "pitch"), r = angle_or_zero(e, "roll");
        double cy = cos(y), sy = sin(y), cp = cos(p), sp = sin(p), cr = cos(r), sr = sin(r);
        double Rz[9] = {cy, -sy, 0, sy, cy, 0, 0, 0, 1};
        double Ry[9] = {cp, 0, sp, 0, 1, 0, -sp, 0, cp};
        double Rx[9] = {1, 0, 0, 0, cr, -sr, 0, sr, cr};
        double T[9];
        m3_mul(T, Rz, Ry);
        m3_mul(R, T, Rx);
        return 0;
    }
    case 3: {
        double p[4] = {mbs_spec_real(e, "e0"), mbs_spec_real(e, "e1"), mbs_spec_real(e, "e2"),
                       mbs_spec_real(e, "e3")};
        double n = sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2] + p[3] * p[3]);
        if (fabs(n - 1.0) > 1e-6)
            return mbs_build_error(b, e, "Euler parameters e0..e3 must have unit length (|e| = %.9g)", n);
        mbs_quat_to_matrix(p, R);
        return 0;
    }
    default:
        m3_identity(R);
        return 0;
    }
}

extern const mbs_kind mbs_kind_reference_marker;

/* Reports, on e, the rm_id cycle that `start` is on. */
static void report_cycle(mbs_builder *b, const mbs_spec_elem *e, const mbs_spec_elem *start)
{
    mbs_buf chain;
    mbs_buf_init(&chain);
    const mbs_spec_elem *mk = start;
    do {
        mbs_buf_appendf(&chain, "%d -> ", mk->id);
        mk = mbs_builder_find(b, MBS_SELECT_KIND(&mbs_kind_reference_marker), (int)mbs_spec_int(mk, "rm_id"));
    } while (mk && mk != start);
    mbs_buf_appendf(&chain, "%d", start->id);
    mbs_build_error(b, e, "rm_id references form a cycle (%s)", chain.data);
    mbs_buf_free(&chain);
}

/* The marker e's pose is given relative to: NULL for the global frame, or
 * when rm_id names no Reference_Marker (then reported, *failed set). */
static const mbs_spec_elem *relative_to(mbs_builder *b, const mbs_spec_elem *e, int *failed)
{
    *failed = 0;
    if (!mbs_spec_has(e, "rm_id"))
        return NULL;
    int id = (int)mbs_spec_int(e, "rm_id");
    const mbs_spec_elem *mk = mbs_ref_spec(b, e, "rm_id", id, MBS_SELECT_FAMILY(MBS_FAMILY_MARKER));
    if (!mk || mk->kind != &mbs_kind_reference_marker) {
        if (mk)
            mbs_build_error(b, e, "rm_id %d is a %s; a Reference_Marker is needed here", id, mk->kind->name);
        *failed = 1;
        return NULL;
    }
    return mk;
}

/* e's own position and axes, relative to `base` (NULL: global). */
static int compose_pose(mbs_builder *b, const mbs_spec_elem *e, const mbs_spec_pose *base, mbs_spec_pose *out)
{
    double local[3] = {mbs_spec_real(e, "pos_x"), mbs_spec_real(e, "pos_y"), mbs_spec_real(e, "pos_z")};
    double Rl[9];
    if (given_rotation(b, e, Rl) != 0)
        return -1;
    if (!base) {
        v3_copy(out->pos, local);
        memcpy(out->R, Rl, sizeof Rl);
        return 0;
    }
    double off[3];
    m3_mul_v(off, base->R, local);
    v3_add(out->pos, base->pos, off);
    m3_mul(out->R, base->R, Rl);
    return 0;
}

/* Follows the rm_id chain from e to the first marker whose pose is known or
 * that is given globally, then composes the poses back along the chain.
 * Every pose is kept (mbs_builder_pose): each marker is computed once, so a
 * chain of n markers costs O(n) however its markers are referred to, and no
 * recursion grows with its length. A marker met twice is a cycle. */
int mbs_reference_marker_pose(mbs_builder *b, const mbs_spec_elem *e, double pos[3], double R[9])
{
    const mbs_spec_elem **chain = NULL;
    size_t n = 0, cap = 0;
    int failed = 0;
    const mbs_spec_elem *mk = e;
    while (mk && !failed) {
        mbs_spec_pose *p = mbs_builder_pose(b, mk);
        if (p->state == MBS_POSE_DONE)
            break;
        if (p->state == MBS_POSE_FAILED || p->state == MBS_POSE_ON_CHAIN) {
            if (p->state == MBS_POSE_ON_CHAIN)
                report_cycle(b, e, mk);
            failed = 1;
            break;
        }
        if (n == cap) {
            cap = cap ? 2 * cap : 16;
            const mbs_spec_elem **grown = realloc(chain, cap * sizeof *grown);
            if (!grown) {
                failed = 1;
                break;
            }
            chain = grown;
        }
        chain[n++] = mk;
        p->state = MBS_POSE_ON_CHAIN;
        mk = relative_to(b, mk, &failed);
    }
    /* mk: the marker the last one on the chain is relative to (NULL: global) */
    const mbs_spec_pose *base = mk && !failed ? mbs_builder_pose(b, mk) : NULL;
    for (size_t i = n; i-- > 0;) {
        mbs_spec_pose *p = mbs_builder_pose(b, chain[i]);
        failed = failed || compose_pose(b, chain[i], base, p) != 0;
        p->state = failed ? MBS_POSE_FAILED : MBS_POSE_DONE;
        base = p;
    }
    free(chain);
    const mbs_spec_pose *p = mbs_builder_pose(b, e);
    if (p->state != MBS_POSE_DONE)
        return -1;
    v3_copy(pos, p->pos);
    memcpy(R, p->R, sizeof p->R);
    return 0;
}

int mbs_marker_spec_pose(mbs_builder *b, const mbs_spec_elem *e, const char *attr, double pos[3], double R[9])
{
    int id = (int)mbs_spec_int(e, attr);
    const mbs_spec_elem *mk = mbs_ref_spec(b, e, attr, id, MBS_SELECT_FAMILY(MBS_FAMILY_MARKER));
    if (!mk)
        return -1;
    if (mk->kind != &mbs_kind_reference_marker)
        return mbs_build_error(b, e, "%s %d is a %s; a Reference_Marker is needed here", attr, id, mk->kind->name);
    return mbs_reference_marker_pose(b, mk, pos, R);
}

/* A Reference_Marker in <Command>, MotionSolve's modify command: its
 * pose, given as in the model (global at t = 0, or relative to rm_id), in
 * its body's axes from then on. */
static int modify_marker(mbs_builder *b, const mbs_spec_elem *e, const mbs_spec_elem *target)
{
    int marker = mbs_builder_result(b, target);
    if (marker < 0)
        return -1;
    const mbs_model *m = mbs_builder_model(b);
    if (m->markers[marker].type != MBS_MARKER_FRAME)
        return mbs_build_error(b, e, "marker %d is a Marker_Coordinate, which has no pose", target->id);
    double p[3], R[9];
    if (mbs_reference_marker_pose(b, e, p, R) != 0)
        return -1;
    mbs_command c = {.kind = MBS_CMD_MARKER_POSE, .comp = -1, .marker = marker};
    mbs_marker_in_body(&m->bodies[m->markers[marker].body], p, R, c.pos, c.rot);
    return mbs_add_command(b, e, &c) < 0 ? -1 : 0;
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    if (e->modify)
        return mbs_build_modify(b, e, modify_marker);
    double p[3], R[9];
    if (mbs_reference_marker_pose(b, e, p, R) != 0)
        return -1;
    int body = mbs_ref_body(b, e, "body_id");
    if (body < 0)
        return -1;
    mbs_model *m = mbs_builder_model(b);
    const mbs_body *bd = &m->bodies[body];
    if (bd->type == MBS_BODY_MASS1D)
        return mbs_build_error(b, e, "body_id %d is a Body_Mass1D, which has no frame; use Marker_Coordinate",
                               bd->id);
    int is_point = bd->type == MBS_BODY_POINT;
    if (mbs_spec_given(e, "body_type") && (mbs_spec_keyword(e, "body_type") == 1) != is_point)
        return mbs_build_error(b, e, "body_type %s does not match body_id %d", mbs_spec_text(e, "body_type"),
                               bd->id);
    mbs_marker mk;
    memset(&mk, 0, sizeof mk);
    mk.type = MBS_MARKER_FRAME;
    mk.body = body;
    mk.joint = -1;
    mbs_marker_in_body(bd, p, R, mk.pos, mk.rot);
    return mbs_add_marker(b, e, &mk) < 0 ? -1 : 0;
}

void mbs_marker_in_body(const mbs_body *bd, const double p[3], const double R[9], double pos[3], double rot[9])
{
    double A0[9], d[3];
    mbs_quat_to_matrix(bd->p0, A0);
    if (bd->type == MBS_BODY_GROUND || bd->type == MBS_BODY_POINT)
        m3_identity(A0);
    v3_sub(d, p, bd->type == MBS_BODY_GROUND ? (double[3]){0, 0, 0} : bd->r0);
    m3_tmul_v(pos, A0, d);
    m3_tmul(rot, A0, R);
}

const mbs_kind mbs_kind_reference_marker = {
    "Reference_Marker", MBS_FAMILY_MARKER, MBS_IN_MODEL | MBS_MODIFIABLE, MBS_STAGE_MARKERS, ATTRS, MBS_COUNT_OF(ATTRS),
    "A frame fixed on a body: origin and axes at t = 0, in global coordinates or relative to marker "
    "rm_id. Orientation: nine direction cosines (columns are the marker's x, y, z axes, orthonormal "
    "within 1e-6), 3-1-3 Euler angles psi theta phi, 3-2-1 angles yaw pitch roll, or Euler "
    "parameters e0..e3; default: the axes of the reference frame.",
    build,
    NULL,
};
