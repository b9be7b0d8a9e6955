/* UNITS, PART, MARKER and ACCGRAV onto Param_Unit, Body_Rigid,
 * Reference_Marker and Force_Gravity.
 *
 * Adams places a part by its body coordinate system (BCS): origin QG and
 * body-3-1-3 angles REULER (or the x-point-z-point XG, ZG) in ground
 * coordinates, the identity when none is given. A marker's QP and REULER
 * (or XP, ZP) are given in its part's BCS. mbsim gives each part with a BCS
 * other than the ground's a marker of its own at the BCS (an id above every
 * MARKER's), and places the part's markers relative to it (rm_id). The CM
 * marker is the body's cg marker: its origin the centre of mass, its axes
 * the axes of IP unless IM names another marker, as in mbsim. */
#include "adams_map.h"
#include "../core/rotation.h"
#include "../core/strutil.h"
#include "../core/units.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- UNITS ------------------------------------------------------------------ */

/* A unit's index by Adams' name (MILLISECONDS is Adams' spelling), -1 if none. */
static int unit_index(mbs_base_unit which, const char *name)
{
    int k = mbs_unit_lookup(which, name);
    if (k < 0 && mbs_strcaseeq(name, "MILLISECONDS"))
        k = mbs_unit_lookup(which, "MILLISECOND");
    return k;
}

int adm_map_units(adm_ctx *c, const adm_stmt *s)
{
    (void)s;
    static const char *const ARGS[4] = {"FORCE", "MASS", "LENGTH", "TIME"};
    static const char *const ATTR[4] = {"force_unit", "mass_unit", "length_unit", "time_unit"};
    /* SYSTEM=: force, mass, length, time */
    static const struct {
        const char *name, *units[4];
    } SYSTEMS[] = {
        {"MKS", {"NEWTON", "KILOGRAM", "METER", "SECOND"}},
        {"CGS", {"DYNE", "GRAM", "CENTIMETER", "SECOND"}},
        {"FPS", {"POUND_FORCE", "POUND_MASS", "FOOT", "SECOND"}},
        {"IPS", {"POUND_FORCE", "POUND_MASS", "INCH", "SECOND"}},
        {"NONE", {"NEWTON", "KILOGRAM", "METER", "SECOND"}}, /* numbers as written, UCF 1 */
    };
    const char *names[4] = {"NEWTON", "KILOGRAM", "METER", "SECOND"};
    int bad = 0;
    const char *system = adm_text(c, "SYSTEM");
    if (system) {
        int k = -1;
        for (int i = 0; i < (int)(sizeof SYSTEMS / sizeof SYSTEMS[0]); i++)
            if (strcmp(system, SYSTEMS[i].name) == 0)
                k = i;
        if (k < 0)
            return adm_error(c, "SYSTEM", "SYSTEM = %s is not one of CGS, FPS, IPS, MKS, NONE", system);
        for (int i = 0; i < 4; i++) {
            names[i] = SYSTEMS[k].units[i];
            if (adm_given(c, ARGS[i]))
                bad = adm_error(c, ARGS[i], "SYSTEM and %s exclude each other", ARGS[i]);
        }
    }
    int index[4];
    for (int i = 0; i < 4; i++) {
        if (adm_given(c, ARGS[i]))
            names[i] = adm_text(c, ARGS[i]);
        index[i] = unit_index((mbs_base_unit)i, names[i]);
        if (index[i] < 0)
            bad = adm_error(c, ARGS[i], "%s = %s is not a unit of %s mbsim knows (%s)", ARGS[i], names[i],
                            i == 0 ? "force" : i == 1 ? "mass" : i == 2 ? "length" : "time",
                            mbs_unit_names((mbs_base_unit)i));
    }
    if (bad)
        return -1;
    c->spec->units = (mbs_units){index[0], index[1], index[2], index[3]};
    if (adm_given(c, "UCF")) {
        /* force * UCF = mass * acceleration: the units' own factor, which mbsim applies exactly */
        double ucf = mbs_units_to_si(&c->spec->units, MBS_DIM(0, 1, 1, -2)) / mbs_units_to_si(&c->spec->units, DIM_FORCE);
        double given = adm_num(c, "UCF", 0, 1);
        if (fabs(given - ucf) > 1e-6 * fabs(ucf))
            return adm_error(c, "UCF", "UCF = %g differs from the factor of the named units (%.10g); mbsim converts "
                                       "named units exactly and takes no other factor", given, ucf);
    }
    mbs_spec_elem *e = adm_elem(c, "Param_Unit", 0);
    if (!e)
        return -1;
    for (int i = 0; i < 4; i++)
        adm_set(c, e, ATTR[i], ARGS[i], mbs_unit_name((mbs_base_unit)i, index[i]));
    return 0;
}

/* ---- frames ------------------------------------------------------------------- */

static void unit(double v[3])
{
    double n = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    for (int i = 0; i < 3; i++)
        v[i] /= n;
}

static void cross(const double a[3], const double b[3], double c[3])
{
    c[0] = a[1] * b[2] - a[2] * b[1];
    c[1] = a[2] * b[0] - a[0] * b[2];
    c[2] = a[0] * b[1] - a[1] * b[0];
}

/* Axes from Adams' x-point-z-point: the z axis through zp, x towards xp in
 * the xz plane (usexp: x through xp, z towards zp in that plane); o the
 * origin. Columns of R (R[3 i + j], row i, column j). -1 when the points do
 * not span a plane. */
static int axes_from_points(const double o[3], const double xp[3], const double zp[3], int usexp, double R[9])
{
    double a[3], b[3], x[3], y[3], z[3];
    for (int i = 0; i < 3; i++) {
        a[i] = (usexp ? xp[i] : zp[i]) - o[i];
        b[i] = (usexp ? zp[i] : xp[i]) - o[i];
    }
    double na = sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
    if (na == 0)
        return -1;
    unit(a);
    double d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    for (int i = 0; i < 3; i++)
        b[i] -= d * a[i];
    double nb = sqrt(b[0] * b[0] + b[1] * b[1] + b[2] * b[2]);
    if (nb <= 1e-12 * na)
        return -1;
    unit(b);
    for (int i = 0; i < 3; i++) {
        (usexp ? x : z)[i] = a[i];
        (usexp ? z : x)[i] = b[i];
    }
    cross(z, x, y);
    for (int i = 0; i < 3; i++) {
        R[3 * i + 0] = x[i];
        R[3 * i + 1] = y[i];
        R[3 * i + 2] = z[i];
    }
    return 0;
}

/* Sets e's pose (pos_x.., and psi theta phi or direction cosines) from the
 * statement's origin argument and REULER or the point pair. */
static int set_pose(adm_ctx *c, mbs_spec_elem *e, const char *origin, const char *xpoint, const char *zpoint,
                    int usexp)
{
    static const char *const POS[3] = {"pos_x", "pos_y", "pos_z"};
    static const char *const EUL[3] = {"psi", "theta", "phi"};
    static const char *const DC[9] = {"a00", "a01", "a02", "a10", "a11", "a12", "a20", "a21", "a22"};
    double o[3];
    for (int i = 0; i < 3; i++) {
        o[i] = adm_num(c, origin, i, 0);
        if (adm_given(c, origin))
            adm_set_num(c, e, POS[i], o[i]);
    }
    int points = adm_given(c, xpoint) || adm_given(c, zpoint);
    if (points && adm_given(c, "REULER"))
        return adm_error(c, "REULER", "REULER and %s/%s exclude each other", xpoint, zpoint);
    if (adm_given(c, "REULER")) {
        for (int i = 0; i < 3; i++)
            adm_set_num(c, e, EUL[i], adm_num(c, "REULER", i, 0));
    } else if (points) {
        if (!adm_given(c, xpoint) || !adm_given(c, zpoint))
            return adm_error(c, adm_given(c, xpoint) ? xpoint : zpoint,
                             "%s needs %s too (mbsim takes the axes from both points)", adm_given(c, xpoint) ? xpoint : zpoint,
                             adm_given(c, xpoint) ? zpoint : xpoint);
        double xp[3], zp[3], R[9];
        for (int i = 0; i < 3; i++) {
            xp[i] = adm_num(c, xpoint, i, 0);
            zp[i] = adm_num(c, zpoint, i, 0);
        }
        if (axes_from_points(o, xp, zp, usexp, R) != 0)
            return adm_error(c, zpoint, "%s and %s do not span a plane with the origin", xpoint, zpoint);
        for (int i = 0; i < 9; i++)
            adm_set_num(c, e, DC[i], R[i]);
    }
    return 0;
}

/* The pose a statement's origin argument and REULER or point pair give:
 * origin o, axes R (columns); identity when none is given. -1 when the
 * points do not span a plane. */
static int pose_of(const adm_stmt *s, const char *origin, const char *xpoint, const char *zpoint, int usexp,
                   double o[3], double R[9])
{
    const adm_val *q = adm_arg(s, origin), *e = adm_arg(s, "REULER"), *xp = adm_arg(s, xpoint),
                  *zp = adm_arg(s, zpoint);
    for (int i = 0; i < 3; i++)
        o[i] = q && i < q->n ? q->num[i] : 0.0;
    if (e && e->n == 3) {
        mbs_euler313_to_matrix(e->num[0], e->num[1], e->num[2], R);
        return 0;
    }
    if (xp && zp && xp->n == 3 && zp->n == 3)
        return axes_from_points(o, xp->num, zp->num, usexp, R);
    for (int i = 0; i < 9; i++)
        R[i] = i % 4 == 0 ? 1.0 : 0.0;
    return 0;
}

int adm_marker_global(const adm_ctx *c, int marker, double p[3], double R[9])
{
    const adm_stmt *m = adm_find(c, "MARKER", marker);
    const adm_stmt *part = m ? adm_find(c, "PART", adm_marker_part(c, marker)) : NULL;
    if (!m || !part || m->failed || part->failed || adm_arg(m, "FLOATING"))
        return -1;
    double ob[3], Rb[9], ol[3], Rl[9];
    if (pose_of(part, "QG", "XG", "ZG", 0, ob, Rb) != 0 || pose_of(m, "QP", "XP", "ZP", adm_arg(m, "USEXP") != NULL,
                                                                 ol, Rl) != 0)
        return -1;
    for (int i = 0; i < 3; i++) {
        p[i] = ob[i];
        for (int k = 0; k < 3; k++) {
            p[i] += Rb[3 * i + k] * ol[k];
            R[3 * i + k] = 0.0;
            for (int j = 0; j < 3; j++)
                R[3 * i + k] += Rb[3 * i + j] * Rl[3 * j + k];
        }
    }
    return 0;
}

/* The marker at a part's BCS, or 0 when the BCS is the ground frame. */
static int part_frame(const adm_ctx *c, const adm_stmt *part)
{
    for (int i = 0; i < c->n; i++)
        if (&c->st[i] == part)
            return c->frame_id[i];
    return 0;
}

int adm_part_has_frame(const adm_stmt *part)
{
    return adm_arg(part, "QG") || adm_arg(part, "REULER") || adm_arg(part, "XG") || adm_arg(part, "ZG");
}

/* ---- PART ------------------------------------------------------------------- */

int adm_map_part(adm_ctx *c, const adm_stmt *s)
{
    int frame = part_frame(c, s);
    if (adm_given(c, "GROUND")) {
        static const char *const BODY_ONLY[] = {"MASS", "CM", "IM", "IP", "VX", "VY", "VZ", "WX", "WY", "WZ", "VM", "WM"};
        for (size_t i = 0; i < sizeof BODY_ONLY / sizeof BODY_ONLY[0]; i++)
            if (adm_given(c, BODY_ONLY[i]))
                return adm_error(c, BODY_ONLY[i], "the ground part takes no %s", BODY_ONLY[i]);
        if (frame)
            return adm_error(c, "QG", "the ground part's frame is the ground frame: QG, REULER, XG, ZG are not "
                                      "supported on it");
        for (int i = 0; i < c->n; i++)
            if (&c->st[i] != s && c->st[i].def == s->def && adm_arg(&c->st[i], "GROUND") && &c->st[i] < s)
                return adm_error(c, "GROUND", "a second ground part (the first is PART/%d, line %d)", c->st[i].id,
                                 c->st[i].line);
        mbs_spec_elem *e = adm_elem(c, "Body_Rigid", s->id);
        if (!e)
            return -1;
        adm_set(c, e, "isground", "GROUND", "TRUE");
        return 0;
    }
    if (!adm_given(c, "MASS"))
        return adm_error(c, NULL, "a part without MASS (a massless part) is not supported: give it a mass, or fix "
                                  "it to a part that has one");
    if (!adm_given(c, "IP"))
        return adm_error(c, NULL, "a part with MASS needs IP (its moments of inertia)");
    int bad = 0;
    if (adm_check_refs(c, "CM", "MARKER") || adm_check_refs(c, "IM", "MARKER") || adm_check_refs(c, "VM", "MARKER") ||
        adm_check_refs(c, "WM", "MARKER"))
        bad = -1;
    static const char *const ON_PART[] = {"CM", "IM"};
    for (int i = 0; i < 2 && !bad; i++)
        if (adm_given(c, ON_PART[i]) && adm_marker_part(c, adm_id(c, ON_PART[i], 0)) != s->id)
            bad = adm_error(c, ON_PART[i], "%s = %d: MARKER/%d is on PART/%d, not on this part", ON_PART[i],
                            adm_id(c, ON_PART[i], 0), adm_id(c, ON_PART[i], 0), adm_marker_part(c, adm_id(c, ON_PART[i], 0)));
    if (bad)
        return -1;
    if (frame) { /* the BCS as a marker of the part */
        mbs_spec_elem *f = adm_elem(c, "Reference_Marker", frame);
        if (!f)
            return -1;
        char label[64];
        snprintf(label, sizeof label, "PART/%d frame", s->id);
        adm_set(c, f, "label", NULL, label);
        adm_set_int(c, f, "body_id", s->id);
        if (set_pose(c, f, "QG", "XG", "ZG", 0) != 0)
            return -1;
    }
    int cm = adm_id(c, "CM", 0);
    if (!cm) { /* Adams: the centre of mass at the BCS origin, the inertia in its axes */
        cm = c->next_marker_id++;
        mbs_spec_elem *m = adm_elem(c, "Reference_Marker", cm);
        if (!m)
            return -1;
        char label[64];
        snprintf(label, sizeof label, "PART/%d cm", s->id);
        adm_set(c, m, "label", NULL, label);
        adm_set_int(c, m, "body_id", s->id);
        if (frame)
            adm_set_int(c, m, "rm_id", frame);
    }
    mbs_spec_elem *e = adm_elem(c, "Body_Rigid", s->id);
    if (!e)
        return -1;
    adm_set_int(c, e, "cg_id", cm);
    if (adm_given(c, "IM"))
        adm_set_int(c, e, "im_id", adm_id(c, "IM", 0));
    adm_set_num(c, e, "mass", adm_num(c, "MASS", 0, 0));
    /* IP = xx, yy, zz [, xy, xz, yz], products as positive integrals (mbsim's too) */
    static const char *const IP[6] = {"inertia_xx", "inertia_yy", "inertia_zz", "inertia_xy", "inertia_xz",
                                      "inertia_yz"};
    const adm_val *ip = adm_arg(s, "IP");
    if (ip->n != 3 && ip->n != 6)
        return adm_error(c, "IP", "IP takes 3 or 6 values (xx, yy, zz [, xy, xz, yz]), not %d", ip->n);
    for (int i = 0; i < ip->n; i++)
        adm_set_num(c, e, IP[i], ip->num[i]);
    static const char *const V[6] = {"VX", "VY", "VZ", "WX", "WY", "WZ"};
    static const char *const VIC[6] = {"v_ic_x", "v_ic_y", "v_ic_z", "w_ic_x", "w_ic_y", "w_ic_z"};
    for (int i = 0; i < 6; i++)
        if (adm_given(c, V[i]))
            adm_set_num(c, e, VIC[i], adm_num(c, V[i], 0, 0));
    if (adm_given(c, "VM"))
        adm_set_int(c, e, "vm_id", adm_id(c, "VM", 0));
    if (adm_given(c, "WM"))
        adm_set_int(c, e, "wm_id", adm_id(c, "WM", 0));
    adm_note_unused(c, "EXACT", "mbsim's assembly moves the parts by the smallest mass-weighted change");
    adm_note_unused(c, "MATERIAL", "the part's MASS and IP are what counts");
    if (adm_given(c, "PLANAR"))
        return adm_error(c, "PLANAR", "planar parts are not supported");
    return 0;
}

/* ---- MARKER ------------------------------------------------------------------- */

int adm_map_marker(adm_ctx *c, const adm_stmt *s)
{
    static const char *const FLEX[] = {"FLEX_BODY", "NODE_ID", "FE_PART", "NODE_LABEL", "POINT_MASS", "CURVE"};
    for (size_t i = 0; i < sizeof FLEX / sizeof FLEX[0]; i++)
        if (adm_given(c, FLEX[i]))
            return adm_error(c, FLEX[i], "markers on %s are not supported (only on rigid PARTs)", FLEX[i]);
    if (!adm_given(c, "PART"))
        return adm_error(c, NULL, "PART is needed (the part the marker is on)");
    const adm_stmt *part = adm_find(c, "PART", adm_id(c, "PART", 0));
    if (!part)
        return adm_error(c, "PART", "PART = %d: there is no PART/%d", adm_id(c, "PART", 0), adm_id(c, "PART", 0));
    if (adm_depends_on_failed(c, part))
        return -1;
    mbs_spec_elem *e = adm_elem(c, "Reference_Marker", s->id);
    if (!e)
        return -1;
    adm_set_int(c, e, "body_id", part->id);
    int frame = part_frame(c, part);
    if (frame)
        adm_set_int(c, e, "rm_id", frame);
    if (adm_given(c, "FLOATING")) {
        /* a floating marker has no pose of its own: mbsim's elements that take one (VFORCE's JFLOAT) use only
         * its part, and apply the reaction at I's origin as Adams does */
        static const char *const POSE[] = {"QP", "REULER", "XP", "ZP"};
        for (size_t i = 0; i < 4; i++)
            if (adm_given(c, POSE[i]))
                return adm_error(c, POSE[i], "a FLOATING marker takes no %s", POSE[i]);
        return 0;
    }
    return set_pose(c, e, "QP", "XP", "ZP", adm_given(c, "USEXP"));
}

/* ---- ACCGRAV ------------------------------------------------------------------- */

int adm_map_accgrav(adm_ctx *c, const adm_stmt *s)
{
    (void)s;
    mbs_spec_elem *e = adm_elem(c, "Force_Gravity", 0);
    if (!e)
        return -1;
    static const char *const ARGS[3] = {"IGRAV", "JGRAV", "KGRAV"};
    static const char *const ATTR[3] = {"grav_x", "grav_y", "grav_z"};
    for (int i = 0; i < 3; i++)
        adm_set_num(c, e, ATTR[i], adm_num(c, ARGS[i], 0, 0));
    return 0;
}
