/* REQUEST, SENSOR, GRAPHICS and OUTPUT onto Post_Request, Sensor_Event,
 * Post_Graphic and ResOutput.
 *
 * REQUEST/n becomes the dataset REQUEST_n with Adams' eight components in
 * Adams' order (magnitude, x, y, z, magnitude, then the three rotational
 * ones), each written as the expression Adams' request evaluates:
 *   DISPLACEMENT  DM(I,J) DX DY DZ(I,J,RM), 0, PSI THETA PHI(I,J)
 *                 (YAW PITCH ROLL with OUTPUT/YPR)
 *   VELOCITY      VM(I,J) VX VY VZ(I,J,RM), WM(I,J) WX WY WZ(I,J,RM)
 *   ACCELERATION  ACCM(I,J) ACCX ACCY ACCZ(I,J,RM), WDTM(I,J) WDTX WDTY WDTZ(I,J,RM)
 *   FORCE         FM(I,J) FX FY FZ(I,J,RM), TM(I,J) TX TY TZ(I,J,RM)
 *   F1..F8        the functions as written, 0 where one is not given
 *   FUNCTION = USER(...)  the eight values of the user subroutine REQSUB
 * J and RM default to the ground frame (0). */
#include "adams_map.h"
#include "../core/strutil.h"

#include <stdio.h>
#include <string.h>

static int dataset_has_ypr(const adm_ctx *c)
{
    for (int i = 0; i < c->n; i++)
        if (c->st[i].def && strcmp(c->st[i].def->name, "OUTPUT") == 0 && adm_arg(&c->st[i], "YPR"))
            return 1;
    return 0;
}

int adm_map_request(adm_ctx *c, const adm_stmt *s)
{
    static const char *const FN[8] = {"F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8"};
    static const char *const EXPR[8] = {"expr1", "expr2", "expr3", "expr4", "expr5", "expr6", "expr7", "expr8"};
    int type = adm_choice(c, "DISPLACEMENT|VELOCITY|ACCELERATION|FORCE");
    int functions = 0;
    for (int k = 0; k < 8; k++)
        functions |= adm_given(c, FN[k]);
    int user = adm_is_user(c, "FUNCTION"); /* REQSUB gives the eight values */
    if (adm_given(c, "FUNCTION") && !user) {
        if (adm_expression(c, "FUNCTION"))
            adm_error(c, "FUNCTION", "FUNCTION is only for USER(...) requests; write F1 .. F8");
        return -1;
    }
    if (user && (type >= 0 || functions))
        return adm_error(c, "FUNCTION", "a request is either of a kind (DISPLACEMENT, VELOCITY, ACCELERATION, FORCE), "
                                        "of functions F1 .. F8 or of a user subroutine (FUNCTION = USER(...)), one of "
                                        "them");
    if (type >= 0 && functions)
        return adm_error(c, NULL, "a request is either of a kind (DISPLACEMENT, VELOCITY, ACCELERATION, FORCE) or "
                                  "of functions F1 .. F8, not both");
    if (type < 0 && !functions && !user)
        return adm_error(c, NULL, "say what is requested: DISPLACEMENT, VELOCITY, ACCELERATION, FORCE or F1 .. F8");
    if (type >= 0 && !adm_given(c, "I"))
        return adm_error(c, NULL, "I is needed");
    if (adm_check_refs(c, "I", "MARKER") || adm_check_refs(c, "J", "MARKER") || adm_check_refs(c, "RM", "MARKER"))
        return -1;
    char exprs[8][128];
    const char *names, *units;
    int I = adm_id(c, "I", 0), J = adm_id(c, "J", 0), R = adm_id(c, "RM", 0);
    if (type >= 0) {
        static const struct {
            const char *f[8];
            const char *names, *units;
        } KINDS[4] = {
            {{"DM", "DX", "DY", "DZ", NULL, "PSI", "THETA", "PHI"},
             "mag x y z r_mag psi theta phi",
             "length length length length angle angle angle angle"},
            {{"VM", "VX", "VY", "VZ", "WM", "WX", "WY", "WZ"},
             "mag vx vy vz w_mag wx wy wz",
             "velocity velocity velocity velocity angular_velocity angular_velocity angular_velocity "
             "angular_velocity"},
            {{"ACCM", "ACCX", "ACCY", "ACCZ", "WDTM", "WDTX", "WDTY", "WDTZ"},
             "mag ax ay az wd_mag wdx wdy wdz",
             "acceleration acceleration acceleration acceleration angular_acceleration angular_acceleration "
             "angular_acceleration angular_acceleration"},
            {{"FM", "FX", "FY", "FZ", "TM", "TX", "TY", "TZ"},
             "mag fx fy fz t_mag tx ty tz",
             "force force force force torque torque torque torque"},
        };
        const char *const *f = KINDS[type].f;
        static const char *const YPR[3] = {"YAW", "PITCH", "ROLL"};
        int ypr = type == 0 && dataset_has_ypr(c);
        for (int k = 0; k < 8; k++) {
            if (!f[k])
                snprintf(exprs[k], sizeof exprs[k], "0");
            else if (k == 0 || k == 4 || (type == 0 && k >= 5))
                snprintf(exprs[k], sizeof exprs[k], "%s(%d, %d)", ypr && k >= 5 ? YPR[k - 5] : f[k], I, J);
            else
                snprintf(exprs[k], sizeof exprs[k], "%s(%d, %d, %d)", f[k], I, J, R);
        }
        names = KINDS[type].names;
        units = KINDS[type].units;
        if (ypr)
            names = "mag x y z r_mag yaw pitch roll";
    } else {
        for (int k = 0; k < 8 && !user; k++) {
            const char *t = adm_given(c, FN[k]) ? adm_expression(c, FN[k]) : "0";
            if (!t)
                return -1;
            snprintf(exprs[k], sizeof exprs[k], "%s", t);
            if (strlen(t) >= sizeof exprs[k])
                return adm_error(c, FN[k], "%s is longer than %zu characters", FN[k], sizeof exprs[k] - 1);
        }
        names = "f1 f2 f3 f4 f5 f6 f7 f8";
        units = "no_units no_units no_units no_units no_units no_units no_units no_units";
    }
    mbs_spec_elem *e = adm_elem(c, "Post_Request", s->id);
    if (!e)
        return -1;
    char label[32];
    snprintf(label, sizeof label, "REQUEST_%d", s->id);
    adm_set(c, e, "label", NULL, label);
    adm_set(c, e, "type", NULL, user ? "USERSUB" : "EXPRESSION");
    for (int k = 0; k < 8 && !user; k++)
        adm_set(c, e, EXPR[k], type >= 0 ? NULL : FN[k], exprs[k]);
    if (user)
        adm_set_user(c, e, "FUNCTION");
    adm_note_unused(c, user ? "TITLE|RESULTS_NAME" : "TITLE|RESULTS_NAME|ROUTINE",
                    "the request is the dataset REQUEST_n of the results file");
    adm_set(c, e, "cnames", NULL, names);
    adm_set(c, e, "cunits", NULL, units);
    if (adm_given(c, "COMMENT"))
        adm_set(c, e, "comment", "COMMENT", adm_text(c, "COMMENT"));
    return 0;
}

int adm_map_sensor(adm_ctx *c, const adm_stmt *s)
{
    if (!adm_given(c, "FUNCTION"))
        return adm_error(c, NULL, "FUNCTION is needed");
    int user = adm_is_user(c, "FUNCTION"); /* SENSUB */
    const char *f = user ? NULL : adm_expression(c, "FUNCTION");
    if (!user && !f)
        return -1;
    if (adm_given(c, "EVALUATE") || adm_given(c, "EVALUATE_ROUTINE"))
        return adm_error(c, adm_given(c, "EVALUATE") ? "EVALUATE" : "EVALUATE_ROUTINE",
                         "EVALUATE is not supported");
    adm_note_unused(c, user ? "BISECTION" : "BISECTION|ROUTINE",
                    "the crossing is located by the integrator's root finding");
    int cmp = adm_choice(c, "EQ|GE|LE");
    mbs_spec_elem *e = adm_elem(c, "Sensor_Event", s->id);
    if (!e)
        return -1;
    if (user) {
        adm_set(c, e, "type", NULL, "USERSUB");
        adm_set_user(c, e, "FUNCTION");
    } else {
        adm_set(c, e, "expr", "FUNCTION", f);
    }
    adm_set_num(c, e, "value", adm_num(c, "VALUE", 0, 0));
    adm_set(c, e, "compare", NULL, cmp == 1 ? "GE" : cmp == 2 ? "LT" : "EQ");
    if (adm_given(c, "HALT"))
        adm_set(c, e, "halt", "HALT", "TRUE");
    if (adm_given(c, "RETURN"))
        adm_set(c, e, "return", "RETURN", "TRUE");
    static const char *const KEPT[][2] = {{"ERROR", "error_tol"}, {"DT", "dt"}, {"STEPSIZE", "stepsize"}};
    for (int k = 0; k < 3; k++)
        if (adm_given(c, KEPT[k][0]))
            adm_set_num(c, e, KEPT[k][1], adm_num(c, KEPT[k][0], 0, 0));
    static const char *const FLAGS[][2] = {{"PRINT", "print"}, {"RESTART", "restart"}, {"CODGEN", "codgen"},
                                           {"YYDUMP", "yydump"}};
    for (int k = 0; k < 4; k++)
        if (adm_given(c, FLAGS[k][0]))
            adm_set(c, e, FLAGS[k][1], FLAGS[k][0], "TRUE");
    return 0;
}

/* ---- GRAPHICS ---------------------------------------------------------------- */

static const char GRAPHIC_FLAGS[] = "ARC|BOX|CIRCLE|CYLINDER|ELLIPSOID|EXTERNAL|FORCE|FRUSTUM|PLANE|POINT|SPDP|"
                                    "SPHERE|TORUS|CURVE";
enum { G_ARC, G_BOX, G_CIRCLE, G_CYLINDER, G_ELLIPSOID, G_EXTERNAL, G_FORCE, G_FRUSTUM, G_PLANE, G_POINT, G_SPDP,
       G_SPHERE, G_TORUS, G_CURVE };

static int graphic_marker(adm_ctx *c, mbs_spec_elem *e, const char *arg, const char *attr)
{
    if (!adm_given(c, arg))
        return adm_error(c, NULL, "%s is needed", arg);
    if (adm_check_refs(c, arg, "MARKER") != 0)
        return -1;
    adm_set_int(c, e, attr, adm_id(c, arg, 0));
    return 0;
}

static void graphic_num(adm_ctx *c, mbs_spec_elem *e, const char *arg, const char *attr)
{
    if (adm_given(c, arg))
        adm_set_num(c, e, attr, adm_num(c, arg, 0, 0));
}

/* A graphic mbsim has no shape for: counted, not drawn (it changes no result). */
int adm_graphic_not_drawn(const adm_stmt *s)
{
    static const char *const NOT_DRAWN[] = {"ARC", "CIRCLE", "EXTERNAL", "FORCE", "PLANE", "POINT", "SPDP", "TORUS",
                                            "CURVE"};
    for (size_t k = 0; k < sizeof NOT_DRAWN / sizeof NOT_DRAWN[0]; k++)
        if (adm_arg(s, NOT_DRAWN[k]))
            return 1;
    return 0;
}

int adm_map_graphics(adm_ctx *c, const adm_stmt *s)
{
    int type = adm_choice(c, GRAPHIC_FLAGS);
    if (adm_given(c, "OUTLINE")) {
        if (type >= 0)
            return adm_error(c, "OUTLINE", "OUTLINE and the graphic's type exclude each other");
        if (adm_check_refs(c, "OUTLINE", "MARKER") != 0)
            return -1;
        mbs_spec_elem *e = adm_elem(c, "Post_Graphic", s->id);
        if (!e)
            return -1;
        adm_set(c, e, "type", NULL, "OUTLINE");
        mbs_buf b;
        mbs_buf_init(&b);
        const adm_val *v = adm_arg(s, "OUTLINE");
        for (int k = 0; k < v->n; k++)
            mbs_buf_appendf(&b, "%s%d", k ? " " : "", (int)v->num[k]);
        adm_set(c, e, "marker_id_list", "OUTLINE", b.data);
        mbs_buf_free(&b);
        return 0;
    }
    if (type < 0)
        return adm_error(c, NULL, "the graphic's type is needed (one of %s, or OUTLINE)", GRAPHIC_FLAGS);
    if (adm_graphic_not_drawn(s))
        return 0; /* the reader counts it as having no effect */
    adm_note_unused(c, "RANGLE|SIDES|SEG|FACETING_TOLERANCE|COLOR|CID|CSEG",
                    "the shape is drawn in full, tessellated as mbsim animate does");
    mbs_spec_elem *e = adm_elem(c, "Post_Graphic", s->id);
    if (!e)
        return -1;
    switch (type) {
    case G_BOX: {
        /* Adams' edges X, Y, Z may be negative (the box on the other side of CORNER); mbsim's are lengths,
         * from a corner marker mbsim adds at the box's least corner when any is */
        adm_set(c, e, "type", NULL, "BOXDEFINEDFROMCORNER");
        if (!adm_given(c, "CORNER"))
            return adm_error(c, NULL, "CORNER is needed");
        if (adm_check_refs(c, "CORNER", "MARKER") != 0)
            return -1;
        static const char *const EDGE[3] = {"X", "Y", "Z"};
        static const char *const LEN[3] = {"length_x", "length_y", "length_z"};
        static const char *const POS[3] = {"pos_x", "pos_y", "pos_z"};
        double edge[3];
        int negative = 0;
        for (int k = 0; k < 3; k++) {
            edge[k] = adm_num(c, EDGE[k], 0, 0);
            negative |= edge[k] < 0;
            adm_set_num(c, e, LEN[k], edge[k] < 0 ? -edge[k] : edge[k]);
        }
        int corner = adm_id(c, "CORNER", 0);
        if (negative) {
            int id = c->next_marker_id++;
            adm_set_int(c, e, "corner_marker_id", id);
            mbs_spec_elem *m = adm_elem(c, "Reference_Marker", id); /* e is not used after this */
            if (!m)
                return -1;
            char label[64];
            snprintf(label, sizeof label, "GRAPHICS/%d corner", s->id);
            adm_set(c, m, "label", NULL, label);
            adm_set_int(c, m, "body_id", adm_marker_part(c, corner));
            adm_set_int(c, m, "rm_id", corner);
            for (int k = 0; k < 3; k++)
                adm_set_num(c, m, POS[k], edge[k] < 0 ? edge[k] : 0.0);
        } else {
            adm_set_int(c, e, "corner_marker_id", corner);
        }
        return 0;
    }
    case G_CYLINDER:
        adm_set(c, e, "type", NULL, "CYLINDER");
        graphic_num(c, e, "LENGTH", "length");
        graphic_num(c, e, "RADIUS", "radius");
        return graphic_marker(c, e, "CM", "center_marker_id");
    case G_FRUSTUM:
        adm_set(c, e, "type", NULL, "FRUSTUM");
        graphic_num(c, e, "LENGTH", "length");
        graphic_num(c, e, "TOP", "top_radius");
        graphic_num(c, e, "BOTTOM", "bottom_radius");
        return graphic_marker(c, e, "CM", "center_marker_id");
    case G_ELLIPSOID:
        adm_set(c, e, "type", NULL, "ELLIPSOID");
        graphic_num(c, e, "XSCALE", "xscale");
        graphic_num(c, e, "YSCALE", "yscale");
        graphic_num(c, e, "ZSCALE", "zscale");
        return graphic_marker(c, e, "CM", "center_marker_id");
    case G_SPHERE:
        adm_set(c, e, "type", NULL, "SPHERE");
        graphic_num(c, e, "RADIUS", "radius");
        return graphic_marker(c, e, "CM", "center_marker_id");
    default:
        return 0;
    }
}

int adm_map_output(adm_ctx *c, const adm_stmt *s)
{
    (void)s;
    if (!adm_given(c, "YPR"))
        return 0;
    mbs_spec_elem *e = adm_elem(c, "ResOutput", 0);
    if (!e)
        return -1;
    adm_set(c, e, "angle_type", "YPR", "YPR");
    return 0;
}
