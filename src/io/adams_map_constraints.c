/* JOINT, JPRIM, MOTION, COUPLER and GCON onto Constraint_Joint,
 * Motion_Joint, Constraint_Coupler.
 *
 * Adams' joints are MotionSolve's (the free axis J's z) except HOOKE: a
 * UNIVERSAL joint keeps z_I perpendicular to z_J, a HOOKE joint x_I
 * perpendicular to y_J (the cross's arms; the same markers may then
 * coincide). mbsim's UNIVERSAL is the former, so a HOOKE joint becomes a
 * UNIVERSAL joint between two markers mbsim adds: at I with its z along x_I
 * (axes y_I z_I x_I) and at J with its z along y_J (axes z_J x_J y_J). Its
 * reaction is then in the added J marker's axes. */
#include "adams_map.h"
#include "../core/strutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char JOINT_FLAGS[] =
    "CONVEL|CYLINDRICAL|FIXED|HOOKE|PLANAR|RACKPIN|REVOLUTE|SCREW|SPHERICAL|TRANSLATIONAL|UNIVERSAL";
static const char *const JOINT_TYPES[] = {"CONSTANT_VELOCITY", "CYLINDRICAL", "FIXED", "UNIVERSAL",
                                          "PLANAR", "RACK_PINION", "REVOLUTE", "SCREW", "SPHERICAL",
                                          "TRANSLATIONAL", "UNIVERSAL"};
enum { J_CONVEL, J_CYLINDRICAL, J_FIXED, J_HOOKE, J_PLANAR, J_RACKPIN, J_REVOLUTE, J_SCREW, J_SPHERICAL,
       J_TRANSLATIONAL, J_UNIVERSAL };

/* A marker mbsim adds at marker `at` (same body, same origin) with its axes
 * the columns `perm` of at's (x y z of the new marker = at's axes perm[0..2]). */
static int permuted_marker(adm_ctx *c, int at, const int perm[3], const char *what)
{
    int id = c->next_marker_id++;
    mbs_spec_elem *m = adm_elem(c, "Reference_Marker", id);
    if (!m)
        return 0;
    char label[96];
    adm_describe(c->cur, label, sizeof label);
    snprintf(label + strlen(label), sizeof label - strlen(label), " %s", what);
    adm_set(c, m, "label", NULL, label);
    adm_set_int(c, m, "body_id", adm_marker_part(c, at));
    adm_set_int(c, m, "rm_id", at);
    static const char *const DC[3][3] = {{"a00", "a10", "a20"}, {"a01", "a11", "a21"}, {"a02", "a12", "a22"}};
    for (int col = 0; col < 3; col++)
        for (int row = 0; row < 3; row++)
            adm_set_num(c, m, DC[col][row], row == perm[col] ? 1.0 : 0.0);
    return id;
}

static int check_markers(adm_ctx *c, const char *i, const char *j)
{
    int bad = 0;
    if (!adm_given(c, i))
        bad = adm_error(c, NULL, "%s is needed", i);
    if (!adm_given(c, j))
        bad = adm_error(c, NULL, "%s is needed", j);
    int bad_i = adm_check_refs(c, i, "MARKER"); /* both, whatever the first says */
    int bad_j = adm_check_refs(c, j, "MARKER");
    if (bad_i || bad_j)
        bad = -1;
    return bad;
}

/* The joint type of JOINT statement s (J_*), -1 when none is given. */
static int joint_type(const adm_stmt *s)
{
    char list[sizeof JOINT_FLAGS];
    memcpy(list, JOINT_FLAGS, sizeof list);
    int k = 0;
    for (char *w = strtok(list, "|"); w; w = strtok(NULL, "|"), k++)
        if (adm_arg(s, w))
            return k;
    return -1;
}

/* IC (REVOLUTE, TRANSLATIONAL), ICTRAN and ICROT (CYLINDRICAL): the joint's
 * displacement and velocity at the start. Each becomes a motion mbsim adds,
 * D = disp + vel t, which the first assembly holds and which is switched off
 * right after it (adams_reader.c writes those commands). */
static int initial_conditions_check(adm_ctx *c, int type)
{
    if (adm_given(c, "IC") && type != J_REVOLUTE && type != J_TRANSLATIONAL)
        return adm_error(c, "IC", "IC is for REVOLUTE and TRANSLATIONAL joints (ICTRAN, ICROT for CYLINDRICAL)");
    static const char *const CYL[] = {"ICTRAN", "ICROT"};
    for (int k = 0; k < 2; k++)
        if (adm_given(c, CYL[k]) && type != J_CYLINDRICAL)
            return adm_error(c, CYL[k], "%s is for CYLINDRICAL joints", CYL[k]);
    return 0;
}

static int initial_conditions(adm_ctx *c, const adm_stmt *s, int type)
{
    static const char *const ARGS[] = {"IC", "ICTRAN", "ICROT"};
    for (int k = 0; k < 3; k++) {
        if (!adm_given(c, ARGS[k]))
            continue;
        int *ids = realloc(c->ic_motions, (size_t)(c->n_ic_motions + 1) * sizeof *ids);
        if (!ids)
            return -1;
        c->ic_motions = ids;
        int id = c->next_motion_id++;
        ids[c->n_ic_motions++] = id;
        mbs_spec_elem *m = adm_elem(c, "Motion_Joint", id);
        if (!m)
            return -1;
        char text[96];
        snprintf(text, sizeof text, "JOINT/%d %s", s->id, ARGS[k]);
        adm_set(c, m, "label", NULL, text);
        adm_set_int(c, m, "joint_id", s->id);
        adm_set(c, m, "val_type", NULL, "D");
        if (type == J_CYLINDRICAL)
            adm_set(c, m, "motion_type", NULL, k == 1 ? "T" : "R");
        snprintf(text, sizeof text, "%.17g + %.17g * t", adm_num(c, ARGS[k], 0, 0), adm_num(c, ARGS[k], 1, 0));
        adm_set(c, m, "expr", ARGS[k], text);
    }
    return 0;
}

int adm_map_joint(adm_ctx *c, const adm_stmt *s)
{
    int type = adm_choice(c, JOINT_FLAGS);
    if (type < 0)
        return adm_error(c, NULL, "the joint's type is needed (one of %s)", JOINT_FLAGS);
    if (check_markers(c, "I", "J") != 0)
        return -1;
    if (initial_conditions_check(c, type) != 0)
        return -1;
    static const char *const FRICTIONISH[] = {"DELTA_V", "MAXIMUM_DEFORMATION", "MU"};
    for (int k = 0; k < 3; k++)
        if (adm_given(c, FRICTIONISH[k]))
            return adm_error(c, FRICTIONISH[k], "%s (the old joint friction) is not supported: use FRICTION/",
                             FRICTIONISH[k]);
    int I = adm_id(c, "I", 0), J = adm_id(c, "J", 0);
    if (type == J_HOOKE) {
        static const int I_AXES[3] = {1, 2, 0}, J_AXES[3] = {2, 0, 1};
        I = permuted_marker(c, I, I_AXES, "I (z along the I marker's x)");
        J = permuted_marker(c, J, J_AXES, "J (z along the J marker's y)");
        if (!I || !J)
            return -1;
    }
    mbs_spec_elem *e = adm_elem(c, "Constraint_Joint", s->id);
    if (!e)
        return -1;
    adm_set(c, e, "type", JOINT_FLAGS, JOINT_TYPES[type]);
    adm_set_int(c, e, "i_marker_id", I);
    adm_set_int(c, e, "j_marker_id", J);
    if (type == J_RACKPIN) {
        if (!adm_given(c, "PD"))
            return adm_error(c, "RACKPIN", "RACKPIN needs PD (the pinion's pitch diameter)");
        adm_set_num(c, e, "pitch_diameter", adm_num(c, "PD", 0, 0));
    } else if (adm_given(c, "PD")) {
        return adm_error(c, "PD", "PD is for RACKPIN joints");
    }
    if (initial_conditions(c, s, type) != 0)
        return -1;
    if (type == J_SCREW) {
        if (!adm_given(c, "PITCH"))
            return adm_error(c, "SCREW", "SCREW needs PITCH");
        adm_set_num(c, e, "pitch", adm_num(c, "PITCH", 0, 0));
    } else if (adm_given(c, "PITCH")) {
        return adm_error(c, "PITCH", "PITCH is for SCREW joints");
    }
    return 0;
}

int adm_map_jprim(adm_ctx *c, const adm_stmt *s)
{
    static const char FLAGS[] = "ATPOINT|INLINE|INPLANE|ORIENTATION|PARALLEL_AXES|PERPENDICULAR";
    static const char *const TYPES[] = {"SPHERICAL", "INLINE", "INPLANE", "ORIENTATION", "PARALLEL_AXES",
                                        "PERPENDICULAR"};
    int type = adm_choice(c, FLAGS);
    if (type < 0)
        return adm_error(c, NULL, "the primitive's type is needed (one of %s)", FLAGS);
    if (check_markers(c, "I", "J") != 0)
        return -1;
    mbs_spec_elem *e = adm_elem(c, "Constraint_Jprim", s->id); /* ids of their own, as Adams' JPRIMs have */
    if (!e)
        return -1;
    adm_set(c, e, "type", FLAGS, TYPES[type]);
    adm_set_int(c, e, "i_marker_id", adm_id(c, "I", 0));
    adm_set_int(c, e, "j_marker_id", adm_id(c, "J", 0));
    return 0;
}

/* MOTION/id, I, J, X|Y|Z|B1|B2|B3, FUNCTION = f(t): one coordinate of marker
 * I relative to J held at f(t): X Y Z the displacement in J's axes
 * (DX(I, J, J) ...), B1 B2 B3 the body-fixed 1-2-3 angles (ORIENT(1, k, I,
 * J)), as a Constraint_General q - f(t) = 0 with an id above the dataset's
 * constraints'. Displacements only: a VELOCITY or ACCELERATION marker motion
 * is refused. */
static int marker_motion(adm_ctx *c, const adm_stmt *s)
{
    static const char *const MEASURE[6] = {"DX(%d, %d, %d)", "DY(%d, %d, %d)", "DZ(%d, %d, %d)",
                                           "ORIENT(1, 1, %d, %d)", "ORIENT(1, 2, %d, %d)", "ORIENT(1, 3, %d, %d)"};
    int axis = adm_choice(c, "X|Y|Z|B1|B2|B3");
    if (axis < 0)
        return adm_error(c, NULL, "a motion of markers needs one of X, Y, Z, B1, B2, B3");
    if (!adm_given(c, "I") || !adm_given(c, "J"))
        return adm_error(c, NULL, "a motion of markers needs I and J");
    if (adm_given(c, "TRANSLATIONAL") || adm_given(c, "ROTATIONAL"))
        return adm_error(c, adm_given(c, "ROTATIONAL") ? "ROTATIONAL" : "TRANSLATIONAL",
                         "TRANSLATIONAL and ROTATIONAL are for joint motions (JOINT=)");
    if (adm_choice(c, "DISPLACEMENT|VELOCITY|ACCELERATION") > 0)
        return adm_error(c, adm_given(c, "VELOCITY") ? "VELOCITY" : "ACCELERATION",
                         "a motion of markers is supported as a DISPLACEMENT only");
    if (check_markers(c, "I", "J") != 0)
        return -1;
    if (!adm_given(c, "FUNCTION"))
        return adm_error(c, NULL, "FUNCTION is needed");
    const char *f = adm_expression(c, "FUNCTION");
    if (!f)
        return -1;
    int I = adm_id(c, "I", 0), J = adm_id(c, "J", 0);
    char measure[64], *expr;
    if (axis < 3)
        snprintf(measure, sizeof measure, MEASURE[axis], I, J, J);
    else
        snprintf(measure, sizeof measure, MEASURE[axis], I, J);
    expr = mbs_sprintf_alloc("%s - (%s)", measure, f);
    if (!expr)
        return -1;
    mbs_spec_elem *e = adm_elem(c, "Constraint_General", c->next_constraint_id++);
    if (e) {
        char label[64];
        snprintf(label, sizeof label, "MOTION/%d", s->id);
        adm_set(c, e, "label", NULL, label);
        adm_set(c, e, "expr", "FUNCTION", expr);
        adm_set_int(c, e, "i_marker_id", I);
    }
    free(expr);
    return e ? 0 : -1;
}

int adm_map_motion(adm_ctx *c, const adm_stmt *s)
{
    if (!adm_given(c, "JOINT")) {
        static const char *const MARKERS[] = {"I", "J", "X", "Y", "Z", "B1", "B2", "B3"};
        for (int k = 0; k < 8; k++)
            if (adm_given(c, MARKERS[k]))
                return marker_motion(c, s);
        return adm_error(c, NULL, "JOINT is needed (the joint whose motion is prescribed), or I and J with one of "
                                  "X, Y, Z, B1, B2, B3");
    }
    static const char *const MARKER_ONLY[] = {"I", "J", "X", "Y", "Z", "B1", "B2", "B3"};
    for (int k = 0; k < 8; k++)
        if (adm_given(c, MARKER_ONLY[k]))
            return adm_error(c, MARKER_ONLY[k], "%s is for a motion of markers, not of a JOINT", MARKER_ONLY[k]);
    if (adm_check_refs(c, "JOINT", "JOINT") != 0)
        return -1;
    const adm_stmt *j = adm_find(c, "JOINT", adm_id(c, "JOINT", 0));
    int rt = adm_choice(c, "TRANSLATIONAL|ROTATIONAL");
    int kind = adm_choice(c, "DISPLACEMENT|VELOCITY|ACCELERATION");
    if (!adm_given(c, "FUNCTION"))
        return adm_error(c, NULL, "FUNCTION is needed");
    int user = adm_is_user(c, "FUNCTION"); /* MOTSUB */
    const char *f = user ? NULL : adm_expression(c, "FUNCTION");
    if (!user && !f)
        return -1;
    int jt = j ? joint_type(j) : -1;
    if (jt == J_CYLINDRICAL && rt < 0)
        return adm_error(c, NULL, "JOINT/%d is CYLINDRICAL: say TRANSLATIONAL or ROTATIONAL", j->id);
    if ((jt == J_REVOLUTE && rt == 0) || (jt == J_TRANSLATIONAL && rt == 1))
        return adm_error(c, rt == 0 ? "TRANSLATIONAL" : "ROTATIONAL", "JOINT/%d is %s: it has no %s motion", j->id,
                         jt == J_REVOLUTE ? "REVOLUTE" : "TRANSLATIONAL", rt == 0 ? "translational" : "rotational");
    if (!user)
        adm_note_unused(c, "ROUTINE", "no USER function names it");
    mbs_spec_elem *e = adm_elem(c, "Motion_Joint", s->id);
    if (!e)
        return -1;
    adm_set_int(c, e, "joint_id", j ? j->id : adm_id(c, "JOINT", 0));
    adm_set(c, e, "val_type", NULL, kind == 1 ? "V" : kind == 2 ? "A" : "D");
    if (jt == J_CYLINDRICAL)
        adm_set(c, e, "motion_type", NULL, rt == 0 ? "T" : "R");
    if (user) {
        adm_set(c, e, "type", NULL, "USERSUB");
        adm_set_user(c, e, "FUNCTION");
    } else {
        adm_set(c, e, "expr", "FUNCTION", f);
    }
    if (adm_given(c, "ICDISP"))
        adm_set_num(c, e, "ic_disp", adm_num(c, "ICDISP", 0, 0));
    if (adm_given(c, "ICVEL"))
        adm_set_num(c, e, "ic_vel", adm_num(c, "ICVEL", 0, 0));
    return 0;
}

int adm_map_coupler(adm_ctx *c, const adm_stmt *s)
{
    if (adm_given(c, "FUNCTION"))
        return adm_error(c, "FUNCTION", "a coupler given by a FUNCTION (or USER) is not supported; give SCALES");
    if (!adm_given(c, "JOINTS") || !adm_given(c, "SCALES"))
        return adm_error(c, NULL, "JOINTS and SCALES are needed");
    if (adm_check_refs(c, "JOINTS", "JOINT") != 0)
        return -1;
    const adm_val *joints = adm_arg(s, "JOINTS"), *scales = adm_arg(s, "SCALES");
    if (joints->n != scales->n)
        return adm_error(c, "SCALES", "SCALES has %d values for %d JOINTS", scales->n, joints->n);
    /* TYPE = T:R[:T], one letter a joint */
    char types[3] = {0, 0, 0};
    const char *t = adm_text(c, "TYPE");
    if (t) {
        int k = 0;
        for (const char *p = t; *p && k <= 3; p++) {
            if (*p == ':')
                continue;
            if ((*p != 'T' && *p != 'R') || k == 3 || (p[1] && p[1] != ':'))
                return adm_error(c, "TYPE", "TYPE = %s: one T or R a joint, separated by ':'", t);
            types[k++] = *p;
        }
        if (k != joints->n)
            return adm_error(c, "TYPE", "TYPE has %d letters for %d JOINTS", k, joints->n);
    }
    mbs_spec_elem *e = adm_elem(c, "Constraint_Coupler", s->id);
    if (!e)
        return -1;
    static const char *const JID[3] = {"joint1_id", "joint2_id", "joint3_id"};
    static const char *const FREE[3] = {"freedom_1", "freedom_2", "freedom_3"};
    char coefficients[128] = "";
    for (int k = 0; k < joints->n; k++) {
        adm_set_int(c, e, JID[k], (long)joints->num[k]);
        if (types[k]) {
            char one[2] = {types[k], 0};
            adm_set(c, e, FREE[k], "TYPE", one);
        }
        snprintf(coefficients + strlen(coefficients), sizeof coefficients - strlen(coefficients), "%s%.17g",
                 k ? " " : "", scales->num[k]);
    }
    adm_set(c, e, "coefficients", "SCALES", coefficients);
    return 0;
}

/* GEAR: two joints (REVOLUTE, CYLINDRICAL: their rotation; TRANSLATIONAL: a
 * rack) on a common carrier part, meshing where the common-velocity marker
 * CV stands: the material points of the two gears at CV's origin p have the
 * same velocity along z_CV. With q_k joint k's coordinate (I relative to J,
 * about or along z_J at o_J, the J marker's origin) and the carrier on its J
 * side (s_k = 1) or I side (s_k = -1), gear k's point moves relative to the
 * carrier at s_k q_k' u_k along z_CV,
 *   u_k = (z_J x (p - o_J)) . z_CV  (a rotation),   u_k = z_J . z_CV  (a rack),
 * so the constraint is the coupler s_1 u_1 q_1 - s_2 u_2 q_2 = 0, its
 * coefficients from the dataset's geometry at t = 0 (a fixed ratio, as
 * Adams' GEAR has). */
int adm_map_gear(adm_ctx *c, const adm_stmt *s)
{
    if (!adm_given(c, "JOINTS") || !adm_given(c, "CV"))
        return adm_error(c, NULL, "JOINTS and CV are needed");
    if (adm_check_refs(c, "JOINTS", "JOINT") != 0 || adm_check_refs(c, "CV", "MARKER") != 0)
        return -1;
    const adm_val *joints = adm_arg(s, "JOINTS");
    double p[3], Rcv[9];
    if (adm_marker_global(c, adm_id(c, "CV", 0), p, Rcv) != 0)
        return adm_error(c, "CV", "CV = %d: the marker has no pose of its own (a FLOATING marker)", adm_id(c, "CV", 0));
    const adm_stmt *js[2];
    int ip[2], jp[2];
    for (int k = 0; k < 2; k++) {
        js[k] = adm_find(c, "JOINT", (int)joints->num[k]);
        if (!js[k])
            return adm_error(c, "JOINTS", "JOINTS: %d names no JOINT", (int)joints->num[k]);
        int t = joint_type(js[k]);
        if (t != J_REVOLUTE && t != J_CYLINDRICAL && t != J_TRANSLATIONAL)
            return adm_error(c, "JOINTS", "JOINT/%d is not REVOLUTE, CYLINDRICAL or TRANSLATIONAL", js[k]->id);
        /* the JOINT may come later in the dataset, its own errors not yet reported */
        if (!adm_arg(js[k], "I") || !adm_arg(js[k], "J"))
            return adm_error(c, "JOINTS", "JOINT/%d has no I or no J marker", js[k]->id);
        ip[k] = adm_marker_part(c, (int)adm_arg(js[k], "I")->num[0]);
        jp[k] = adm_marker_part(c, (int)adm_arg(js[k], "J")->num[0]);
    }
    /* the carrier: the part the two joints share */
    int carrier = jp[0] == jp[1] || jp[0] == ip[1] ? jp[0] : ip[0] == jp[1] || ip[0] == ip[1] ? ip[0] : 0;
    if (!carrier)
        return adm_error(c, "JOINTS", "JOINT/%d and JOINT/%d share no part (the gears' carrier)", js[0]->id, js[1]->id);
    double coef[2];
    for (int k = 0; k < 2; k++) {
        double o[3], R[9], z[3], zcv[3] = {Rcv[2], Rcv[5], Rcv[8]};
        adm_marker_global(c, (int)adm_arg(js[k], "J")->num[0], o, R);
        z[0] = R[2], z[1] = R[5], z[2] = R[8];
        double u;
        if (joint_type(js[k]) == J_TRANSLATIONAL) {
            u = z[0] * zcv[0] + z[1] * zcv[1] + z[2] * zcv[2];
        } else {
            double d[3] = {p[0] - o[0], p[1] - o[1], p[2] - o[2]};
            double v[3] = {z[1] * d[2] - z[2] * d[1], z[2] * d[0] - z[0] * d[2], z[0] * d[1] - z[1] * d[0]};
            u = v[0] * zcv[0] + v[1] * zcv[1] + v[2] * zcv[2];
        }
        double side = jp[k] == carrier ? 1.0 : -1.0;
        coef[k] = (k == 0 ? 1.0 : -1.0) * side * u;
        if (u * u < 1e-24)
            return adm_error(c, "CV", "JOINT/%d does not move the point of CV along CV's z axis (the marker is on "
                                      "its axis, or its z axis is across the motion)", js[k]->id);
    }
    mbs_spec_elem *e = adm_elem(c, "Constraint_Coupler", s->id);
    if (!e)
        return -1;
    char text[96];
    for (int k = 0; k < 2; k++) {
        adm_set_int(c, e, k ? "joint2_id" : "joint1_id", js[k]->id);
        adm_set(c, e, k ? "freedom_2" : "freedom_1", NULL, joint_type(js[k]) == J_TRANSLATIONAL ? "T" : "R");
    }
    snprintf(text, sizeof text, "%.17g %.17g", coef[0], coef[1]);
    adm_set(c, e, "coefficients", "CV", text);
    return 0;
}

int adm_map_gcon(adm_ctx *c, const adm_stmt *s)
{
    if (adm_check_refs(c, "I", "MARKER") != 0)
        return -1;
    mbs_spec_elem *e = adm_function_elem(c, s, "Constraint_General", 0);
    if (!e)
        return -1;
    if (adm_given(c, "I"))
        adm_set_int(c, e, "i_marker_id", adm_id(c, "I", 0));
    return 0;
}
