/* The utilities user subroutines call (include/mbsim/usersub.h), exported
 * by the mbsim binary to the libraries it loads (the Makefile's dynamic
 * list), and the context they answer from (context.h). Each answers for
 * the routine whose call is under way; a misuse (an unknown name, an id
 * that does not exist, a call outside a routine's) sets errflg and, in a
 * routine's call, ends it: at set-up the model does not load, in a run the
 * run fails, the message saying why. */
#include "../../include/mbsim/usersub.h"
#include "context.h"
#include "reads.h"
#include "../core/rotation.h"
#include "../core/strutil.h"
#include "../core/version.h"
#include "../model/spline.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static mbs_user_context *current;
static mbs_user_messenger messenger;
static void *messenger_ctx;

void mbs_user_enter(mbs_user_context *c)
{
    c->outer = current;
    current = c;
}

void mbs_user_leave(mbs_user_context *c)
{
    current = c->outer;
}

void mbs_user_fail(mbs_user_context *c, const char *fmt, ...)
{
    if (c->failed)
        return;
    c->failed = 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->message, sizeof c->message, fmt, ap);
    va_end(ap);
}

void mbs_user_set_messenger(mbs_user_messenger fn, void *ctx)
{
    messenger = fn;
    messenger_ctx = ctx;
}

static const mbs_model *model_of(const mbs_user_context *c)
{
    return c->b ? mbs_builder_model(c->b) : c->ev->m;
}

/* ---- messages ---- */

/* A routine that reports at every call would flood the terminal: each says
 * at most this many things, then that it goes on saying more. */
#define MAX_MESSAGES 100

/* Whether words equal ignoring case and blanks around ("STOP " is STOP). */
static int word_is(const char *text, const char *word)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%s", text ? text : "");
    return mbs_strcaseeq(mbs_str_trim(buf), word);
}

static void report(mbs_user_context *c, int warning, const char *mesage, int id)
{
    mbs_user_routine *r = c->routine;
    if (r->messages > MAX_MESSAGES)
        return;
    char text[600];
    if (++r->messages > MAX_MESSAGES)
        snprintf(text, sizeof text, "%s: its user subroutine %s says more; its further messages are not shown",
                 r->element, r->label);
    else if (c->b)
        snprintf(text, sizeof text, "its user subroutine %s says: %s (id %d)", r->label, mesage ? mesage : "", id);
    else
        snprintf(text, sizeof text, "%s at t = %.9g: its user subroutine %s says: %s (id %d)", r->element, c->ev->t,
                 r->label, mesage ? mesage : "", id);
    if (c->b && warning)
        mbs_build_warning(c->b, c->e, "%s", text);
    else if (c->b)
        mbs_build_note(c->b, c->e, "%s", text);
    else if (messenger)
        messenger(messenger_ctx, warning, text);
}

void c_errmes(int errflg, const char *mesage, int id, const char *endflg)
{
    if (!errflg || !current)
        return;
    if (word_is(endflg, "STOP"))
        mbs_user_fail(current, "c_errmes STOP: %s (id %d)", mesage ? mesage : "", id);
    else
        report(current, 1, mesage, id);
}

void c_usrmes(int msgflg, const char *mesage, int id, const char *msgtyp)
{
    if (!msgflg || !current)
        return;
    report(current, !word_is(msgtyp, "INFO"), mesage, id);
}

/* ---- the state ---- */

void c_sysfnc(const char *fncnam, const int *ipar, int nsize, double *states, int *errflg)
{
    int failed = current ? mbs_user_read(current, fncnam, ipar, nsize, 0, states, NULL) != 0 : 1;
    if (!current && states)
        *states = 0.0;
    if (errflg)
        *errflg = failed;
}

void c_sysary(const char *fncnam, const int *ipar, int nsize, double *states, int *nstates, int *errflg)
{
    int failed = current ? mbs_user_read(current, fncnam, ipar, nsize, 1, states, nstates) != 0 : 1;
    if (!current && nstates)
        *nstates = 0;
    if (errflg)
        *errflg = failed;
}

void c_timget(double *time)
{
    if (time)
        *time = current && current->ev ? current->ev->d->t_last_step / mbs_units_to_si(&current->ev->m->units, DIM_TIME)
                                       : 0.0;
}

void c_getmod(int *mode)
{
    if (mode)
        *mode = current && current->ev && current->ev->d->static_mode ? 5 : 4;
}

/* ---- data elements ---- */

static void spline(mbs_spline_method method, const char *name, double xval, double zval, int id, int iord,
                   double *array, int *errflg)
{
    int failed = 1;
    if (array)
        array[0] = array[1] = array[2] = 0.0;
    if (current) {
        const mbs_model *m = model_of(current);
        const mbs_spline *s = NULL;
        for (int i = 0; i < m->n_splines && !s; i++)
            if (m->splines[i].id == id)
                s = &m->splines[i];
        if (!s)
            mbs_user_fail(current, "%s: Reference_Spline %d does not exist", name, id);
        else if (zval != 0.0)
            mbs_user_fail(current, "%s: Reference_Spline %d: zval is %g, but mbsim's splines are curves (zval 0)",
                          name, id, zval);
        else if (iord < 0 || iord > 2)
            mbs_user_fail(current, "%s: iord is %d (0, 1 or 2)", name, iord);
        else if (array) {
            array[0] = mbs_spline_value(s, method, xval, iord);
            failed = 0;
        }
    }
    if (errflg)
        *errflg = failed;
}

void c_akispl(double xval, double zval, int id, int iord, double *array, int *errflg)
{
    spline(MBS_SPLINE_AKIMA, "c_akispl", xval, zval, id, iord, array, errflg);
}

void c_cubspl(double xval, double zval, int id, int iord, double *array, int *errflg)
{
    spline(MBS_SPLINE_CUBIC, "c_cubspl", xval, zval, id, iord, array, errflg);
}

void c_linspl(double xval, double zval, int id, int iord, double *array, int *errflg)
{
    spline(MBS_SPLINE_LINEAR, "c_linspl", xval, zval, id, iord, array, errflg);
}

void c_gtaray(int id, double *array, int *number, int *istat)
{
    int status = -2, n = 0;
    const mbs_model *m = current ? model_of(current) : NULL;
    for (int i = 0; m && i < m->n_arrays && status == -2; i++) {
        if (m->arrays[i].id != id)
            continue;
        status = m->arrays[i].type == MBS_ARRAY_IC ? 0 : -1;
        if (status == 0) {
            n = m->arrays[i].n;
            if (array)
                memcpy(array, m->arrays[i].values, (size_t)n * sizeof *array);
        }
    }
    if (number)
        *number = n;
    if (istat)
        *istat = status;
}

/* ---- general ---- */

void c_getver(char *value)
{
    if (value)
        snprintf(value, 32, "mbsim %s", MBS_VERSION_STRING);
}

/* R = Rz(yaw) Ry(-pitch) Rx(roll) (MotionSolve's pitch turns about -y). */
static void ypr_to_matrix(const double a[3], double R[9])
{
    double cy = cos(a[0]), sy = sin(a[0]), cp = cos(-a[1]), sp = sin(-a[1]), cr = cos(a[2]), sr = sin(a[2]);
    double m[9] = {cy * cp, cy * sp * sr - sy * cr, cy * sp * cr + sy * sr,
                   sy * cp, sy * sp * sr + cy * cr, sy * sp * cr - cy * sr,
                   -sp,     cp * sr,                cp * cr};
    memcpy(R, m, sizeof m);
}

enum { ROT_EULER, ROT_YPR, ROT_EULPAR, ROT_RODPAR, ROT_COSINES, ROT_UNKNOWN };

static int rotation_system(const char *name)
{
    static const char *const NAMES[] = {"EULER", "YPR", "EULPAR", "RODPAR", "COSINES"};
    if (word_is(name, "B313"))
        return ROT_EULER;
    for (int i = 0; i < ROT_UNKNOWN; i++)
        if (word_is(name, NAMES[i]))
            return i;
    return ROT_UNKNOWN;
}

/* Rotation matrices are row-major, the columns the rotated frame's axes;
 * COSINES lists them column by column (a11 a21 a31 a12 ...). */
void c_rcnvrt(const char *sys1, const double *coord1, const char *sys2, double *coord2, int *istat)
{
    int from = rotation_system(sys1), to = rotation_system(sys2);
    double R[9], p[4];
    int status = from == ROT_UNKNOWN || to == ROT_UNKNOWN || !coord1 || !coord2;
    if (!status) {
        switch (from) {
        case ROT_EULER: mbs_euler313_to_matrix(coord1[0], coord1[1], coord1[2], R); break;
        case ROT_YPR: ypr_to_matrix(coord1, R); break;
        case ROT_EULPAR:
            memcpy(p, coord1, sizeof p);
            mbs_quat_normalise(p);
            mbs_quat_to_matrix(p, R);
            break;
        case ROT_RODPAR: /* r = e / e0: the quaternion (1, r) normalised */
            p[0] = 1.0;
            memcpy(p + 1, coord1, 3 * sizeof *p);
            mbs_quat_normalise(p);
            mbs_quat_to_matrix(p, R);
            break;
        default:
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < 3; j++)
                    R[3 * i + j] = coord1[3 * j + i];
        }
        switch (to) {
        case ROT_EULER: mbs_matrix_to_euler313(R, coord2); break;
        case ROT_YPR: mbs_matrix_to_ypr(R, coord2); break;
        case ROT_EULPAR: mbs_matrix_to_quat(R, coord2); break;
        case ROT_RODPAR:
            mbs_matrix_to_quat(R, p);
            if (p[0] == 0.0)
                status = 1; /* a half turn has no Rodrigues parameters */
            for (int k = 0; k < 3 && !status; k++)
                coord2[k] = p[k + 1] / p[0];
            break;
        default:
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < 3; j++)
                    coord2[3 * j + i] = R[3 * i + j];
        }
    }
    if (istat)
        *istat = status;
}
