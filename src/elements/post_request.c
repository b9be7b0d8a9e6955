/* Post_Request (MotionSolve) recorded as a sensor. Kinematics of marker I
 * relative to marker J (default: the global frame), components in the axes
 * of marker ref_marker_id (default: global):
 *   MARKER_DISPLACEMENT  x y z = R^T (p_I - p_J);  psi theta phi = 3-1-3 angles of A_J^T A_I
 *                        (yaw pitch roll with ResOutput angle_type="YPR")
 *   MARKER_VELOCITY      R^T (v_I - v_J);  R^T (w_I - w_J)
 *   MARKER_ACCELERATION  R^T (a_I - a_J);  R^T (alpha_I - alpha_J)
 * (time derivatives taken in the global frame, as MotionSolve's VX, WX);
 *   MARKER_FORCE         FX FY FZ TX TY TZ (I, J, ref): the force and the torque about I's origin
 *                        that the elements between I and J apply at I
 *   EXPRESSION           expr1 .. expr8, run-time expressions ("NULL": no column)
 * The dataset is named by the label, else by the comment, else sensor_<id>. */
#include "usersub.h"
#include "../core/strutil.h"
#include "../model/outputs.h"
#include "../model/tfunc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among the elements of this name; another element may share it)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "dataset name", NULL},
    {"comment", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL,
     "names the dataset when there is no label ('/' becomes '_'; a name already taken gets _<id>)", NULL},
    {"type", MBS_ATTR_KEYWORD, NULL, DIM_NONE, MBS_REQUIRED,
     "MARKER_DISPLACEMENT|MARKER_VELOCITY|MARKER_ACCELERATION|MARKER_FORCE|EXPRESSION|ELEMENTAL_FORCE|USERSUB",
     "what is requested (ELEMENTAL_FORCE is not supported; USERSUB: the user subroutine REQSUB)", NULL},
    {"i_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "marker observed", NULL},
    {"j_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "marker it is measured from (default global)", NULL},
    {"ref_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, 0, NULL, "marker whose axes the components are in (default global)", NULL},
    {"expr1", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "EXPRESSION: column expr1 (NULL: none)", NULL},
    {"expr2", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "EXPRESSION: column expr2", NULL},
    {"expr3", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "EXPRESSION: column expr3", NULL},
    {"expr4", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "EXPRESSION: column expr4", NULL},
    {"expr5", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "EXPRESSION: column expr5", NULL},
    {"expr6", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "EXPRESSION: column expr6", NULL},
    {"expr7", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "EXPRESSION: column expr7", NULL},
    {"expr8", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "EXPRESSION: column expr8", NULL},
    {"cnames", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL,
     "EXPRESSION, USERSUB: names of the columns expr1 .. expr8, separated by commas or spaces (Adams' CNAMES; "
     "default expr1 ..)", NULL},
    {"cunits", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL,
     "EXPRESSION, USERSUB: what each of expr1 .. expr8 measures, for its unit: no_units, length, angle, velocity, "
     "angular_velocity, acceleration, angular_acceleration, force, torque, mass, time, energy, power "
     "(default no_units)", NULL},
    MBS_USERSUB_ATTRS,
};

enum { DISPLACEMENT, VELOCITY, ACCELERATION, MARKER_FORCE, EXPRESSION, ELEMENTAL_FORCE, USERSUB };

/* The frame marker in `attr`: its index, -1 when absent (the global frame),
 * -2 after reporting a bad reference. */
static int frame_marker(mbs_builder *b, const mbs_spec_elem *e, const char *attr)
{
    if (!mbs_spec_has(e, attr))
        return -1;
    int k = mbs_ref_frame_marker(b, e, attr);
    return k < 0 ? -2 : k;
}

static int is_null(const char *text)
{
    char buf[16];
    snprintf(buf, sizeof buf, "%s", text);
    return mbs_strcaseeq(mbs_str_trim(buf), "NULL");
}

/* The columns of a request. */
typedef struct columns {
    int n;
    const char *names[8];
    char given[8][64];   /* cnames' */
    mbs_dim dims[8];
    unsigned angle_cols; /* bit k: column k is an angle */
} columns;

/* The sensor of e with one column per tfunc exprs[k] (taken, also on failure). */
static int columns_sensor(mbs_builder *b, const mbs_spec_elem *e, const columns *c, mbs_tfunc **exprs)
{
    mbs_output_desc o = {"Value", "", DIM_NONE, NULL, 0, 0};
    o.angle_cols = c->angle_cols;
    char text[128] = "";
    for (int k = 0; k < c->n; k++)
        snprintf(text + strlen(text), sizeof text - strlen(text), "%s%s", k ? " " : "", c->names[k]);
    o.columns = text;
    o.dims = c->dims;
    int s = mbs_add_named_sensor(b, e, mbs_spec_text(e, "comment"), mbs_spec_text(e, "type"), e->id, &o,
                                 MBS_SOURCE_EXPRESSIONS, 0, 0);
    if (s < 0) {
        for (int k = 0; k < c->n; k++)
            mbs_tfunc_free(exprs[k]);
        free(exprs);
        return -1;
    }
    mbs_sensor *sensor = &mbs_builder_model(b)->sensors[s];
    sensor->exprs = exprs;
    if (mbs_spec_has(e, "comment"))
        sensor->comment = mbs_strdup(mbs_spec_text(e, "comment"));
    return 0;
}

/* One column per expression: EXPRESSION's exprK, or MARKER_FORCE's six. */
static int expression_sensor(mbs_builder *b, const mbs_spec_elem *e, const columns *c, const char *const *texts)
{
    static const char *const T[] = {"t"};
    mbs_tfunc **exprs = calloc((size_t)c->n + 1, sizeof *exprs);
    if (!exprs)
        return -1;
    int bad = 0;
    for (int k = 0; k < c->n; k++)
        if (!(exprs[k] = mbs_build_expr(b, e, c->names[k], texts[k], c->dims[k], T, NULL, 1)))
            bad = -1;
    if (bad) {
        for (int k = 0; k < c->n; k++)
            mbs_tfunc_free(exprs[k]);
        free(exprs);
        return -1;
    }
    return columns_sensor(b, e, c, exprs);
}

/* What a column of cunits measures: its dimension and whether it is an angle. */
static const struct {
    const char *word;
    mbs_dim dim;
    int angle;
} CUNITS[] = {
    {"no_units", DIM_NONE, 0},
    {"length", DIM_LENGTH, 0},
    {"angle", DIM_ANGLE, 1},
    {"velocity", DIM_VELOCITY, 0},
    {"angular_velocity", DIM_ANGULAR_VELOCITY, 1},
    {"acceleration", DIM_ACCELERATION, 0},
    {"angular_acceleration", DIM_ANGULAR_ACCELERATION, 1},
    {"force", DIM_FORCE, 0},
    {"torque", DIM_TORQUE, 0},
    {"mass", DIM_MASS, 0},
    {"time", DIM_TIME, 0},
    {"energy", DIM_ENERGY, 0},
    {"power", DIM_POWER, 0},
};

/* The k-th word (0-based) of a list separated by commas or spaces, into out;
 * 0, or -1 when the list is shorter. */
static int list_word(const char *list, int k, char *out, size_t size)
{
    const char *p = list;
    for (int i = 0;; i++) {
        p += strspn(p, ", \t\n");
        if (!*p)
            return -1;
        size_t n = strcspn(p, ", \t\n");
        if (i == k) {
            snprintf(out, size, "%.*s", (int)n, p);
            return 0;
        }
        p += n;
    }
}

static const char *const EXPR_NAMES[8] = {"expr1", "expr2", "expr3", "expr4", "expr5", "expr6", "expr7", "expr8"};

/* Column k (0 .. 7) of the request: named expr<k+1> or by cnames, of the
 * unit cunits gives (default none); -1 after reporting. */
static int add_column(mbs_builder *b, const mbs_spec_elem *e, int k, columns *c)
{
    const char *cnames = mbs_spec_has(e, "cnames") ? mbs_spec_text(e, "cnames") : NULL;
    const char *cunits = mbs_spec_has(e, "cunits") ? mbs_spec_text(e, "cunits") : NULL;
    int n = c->n;
    c->names[n] = EXPR_NAMES[k];
    if (cnames) {
        if (list_word(cnames, k, c->given[n], sizeof c->given[n]) != 0)
            return mbs_build_error(b, e, "cnames names no column for %s", EXPR_NAMES[k]);
        c->names[n] = c->given[n];
    }
    c->dims[n] = DIM_NONE;
    if (cunits) {
        char word[64];
        size_t u = 0;
        if (list_word(cunits, k, word, sizeof word) != 0)
            return mbs_build_error(b, e, "cunits gives no unit for %s", EXPR_NAMES[k]);
        while (u < sizeof CUNITS / sizeof CUNITS[0] && !mbs_strcaseeq(CUNITS[u].word, word))
            u++;
        if (u == sizeof CUNITS / sizeof CUNITS[0])
            return mbs_build_error(b, e, "cunits: '%s' is not one of no_units, length, angle, velocity, "
                                         "angular_velocity, acceleration, angular_acceleration, force, "
                                         "torque, mass, time, energy, power", word);
        c->dims[n] = CUNITS[u].dim;
        if (CUNITS[u].angle)
            c->angle_cols |= 1u << n;
    }
    c->n++;
    return 0;
}

static int expressions(mbs_builder *b, const mbs_spec_elem *e)
{
    columns c;
    memset(&c, 0, sizeof c);
    const char *texts[8];
    for (int k = 0; k < 8; k++)
        if (mbs_spec_has(e, EXPR_NAMES[k]) && !is_null(mbs_spec_text(e, EXPR_NAMES[k]))) {
            texts[c.n] = mbs_spec_text(e, EXPR_NAMES[k]);
            if (add_column(b, e, k, &c) != 0)
                return -1;
        }
    if (c.n == 0)
        return mbs_build_error(b, e, "type EXPRESSION needs at least one of expr1 .. expr8 (other than NULL)");
    return expression_sensor(b, e, &c, texts);
}

/* USERSUB: the eight values of the user subroutine REQSUB, the columns
 * named and measured as EXPRESSION's would be. */
static int user_request(mbs_builder *b, const mbs_spec_elem *e)
{
    columns c;
    memset(&c, 0, sizeof c);
    for (int k = 0; k < 8; k++)
        if (add_column(b, e, k, &c) != 0)
            return -1;
    mbs_tfunc **exprs = calloc(8, sizeof *exprs);
    if (!exprs)
        return -1;
    if (mbs_usersub_build(b, e, "REQSUB", MBS_USER_OUTPUT, 8, c.dims, exprs) != 0) {
        free(exprs);
        return -1;
    }
    return columns_sensor(b, e, &c, exprs);
}

/* MARKER_FORCE as the expressions FX(I, J, ref) ... TZ(I, J, ref). */
static int marker_force(mbs_builder *b, const mbs_spec_elem *e)
{
    static const char *const NAMES[6] = {"fx", "fy", "fz", "tx", "ty", "tz"};
    const mbs_dim dims[6] = {DIM_FORCE, DIM_FORCE, DIM_FORCE, DIM_TORQUE, DIM_TORQUE, DIM_TORQUE};
    long J = mbs_spec_has(e, "j_marker_id") ? mbs_spec_int(e, "j_marker_id") : 0;
    long R = mbs_spec_has(e, "ref_marker_id") ? mbs_spec_int(e, "ref_marker_id") : 0;
    char buf[6][96];
    const char *texts[6];
    columns c;
    memset(&c, 0, sizeof c);
    c.n = 6;
    for (int k = 0; k < 6; k++) {
        snprintf(buf[k], sizeof buf[k], "%s(%ld, %ld, %ld)", NAMES[k], mbs_spec_int(e, "i_marker_id"), J, R);
        texts[k] = buf[k];
        c.names[k] = NAMES[k];
        c.dims[k] = dims[k];
    }
    return expression_sensor(b, e, &c, texts);
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    int type = mbs_spec_keyword(e, "type");
    int user = mbs_usersub_asked(b, e);
    if (user < 0)
        return -1;
    if (user && type != USERSUB)
        return mbs_build_error(b, e, "a user subroutine (usrsub_*) is given but type is %s, not USERSUB",
                               mbs_spec_text(e, "type"));
    if (type == USERSUB)
        return user_request(b, e);
    if (type == EXPRESSION)
        return expressions(b, e);
    if (type == ELEMENTAL_FORCE)
        return mbs_build_error(b, e, "type ELEMENTAL_FORCE is not supported; use MARKER_FORCE or EXPRESSION with "
                                     "JOINT, SFORCE, ... (the element loads), or a Sensor");
    if (!mbs_spec_has(e, "i_marker_id"))
        return mbs_build_error(b, e, "missing required attribute 'i_marker_id'");
    int i = frame_marker(b, e, "i_marker_id");
    int j = frame_marker(b, e, "j_marker_id");
    int r = frame_marker(b, e, "ref_marker_id");
    if (i < 0 || j < -1 || r < -1)
        return -1;
    if (type == MARKER_FORCE)
        return marker_force(b, e);
    int n;
    const mbs_output_desc *table = mbs_pair_outputs(&n);
    mbs_output_desc o = table[type];
    int ypr = type == DISPLACEMENT && mbs_builder_model(b)->output_ypr;
    if (ypr)
        o.columns = "x y z yaw pitch roll";
    int s = mbs_add_named_sensor(b, e, mbs_spec_text(e, "comment"), mbs_spec_text(e, "type"),
                                 (int)mbs_spec_int(e, "i_marker_id"), &o, MBS_SOURCE_MARKER_PAIR, i, type);
    if (s < 0)
        return -1;
    mbs_sensor *sensor = &mbs_builder_model(b)->sensors[s];
    if (mbs_spec_has(e, "comment"))
        sensor->comment = mbs_strdup(mbs_spec_text(e, "comment"));
    sensor->marker_j = j;
    sensor->marker_ref = r;
    sensor->pair_ypr = ypr;
    return 0;
}

const mbs_kind mbs_kind_post_request = {
    "Post_Request", MBS_FAMILY_SENSOR, MBS_IN_MODEL, MBS_STAGE_SENSORS, ATTRS, MBS_COUNT_OF(ATTRS),
    "MotionSolve's output request, recorded as a sensor: MARKER_DISPLACEMENT (x y z of marker I relative "
    "to J, and the 3-1-3 angles psi theta phi of I's axes relative to J's, or yaw pitch roll with "
    "ResOutput angle_type=\"YPR\"), MARKER_VELOCITY (vx vy vz wx wy wz), MARKER_ACCELERATION (ax ay az wdx "
    "wdy wdz), MARKER_FORCE (fx fy fz tx ty tz: the loads at I of the elements between I and J), "
    "components in the axes of ref_marker_id (default global), J defaulting to the global frame; "
    "EXPRESSION: a column for each of expr1 .. expr8 that is not NULL, any run-time expression; USERSUB: "
    "the eight values of a user subroutine REQSUB (columns expr1 .. expr8, or cnames). The "
    "dataset is named by the label, else by the comment, else sensor_<id>.",
    build,
    NULL,
};
