/* The unit systems and physical dimensions (units.h): factors to SI,
 * names and symbols, dimensions described in messages. */
#include "units.h"
#include "strutil.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct unit_def {
    const char *name;
    const char *symbol;
    double si; /* value of one unit in SI */
} unit_def;

/* MotionSolve's unit names (Param_Unit reference), SI factors from NIST SP 811. */
static const unit_def FORCE_UNITS[] = {
    {"NEWTON", "N", 1.0},
    {"KNEWTON", "kN", 1e3},
    {"KILONEWTON", "kN", 1e3},
    {"MEGANEWTON", "MN", 1e6},
    {"CENTINEWTON", "cN", 1e-2},
    {"MILLINEWTON", "mN", 1e-3},
    {"MICRONEWTON", "uN", 1e-6},
    {"NANONEWTON", "nN", 1e-9},
    {"DYNE", "dyn", 1e-5},
    {"KILOGRAM_FORCE", "kgf", 9.80665},
    {"POUND_FORCE", "lbf", 4.4482216152605},
    {"KPOUND_FORCE", "klbf", 4448.2216152605},
    {"OUNCE_FORCE", "ozf", 0.27801385095378125},
    {"POUNDAL", "pdl", 0.138254954376},
};

static const unit_def MASS_UNITS[] = {
    {"KILOGRAM", "kg", 1.0},
    {"GRAM", "g", 1e-3},
    {"MILLIGRAM", "mg", 1e-6},
    {"MICROGRAM", "ug", 1e-9},
    {"NANOGRAM", "ng", 1e-12},
    {"MEGAGRAM", "Mg", 1e3},
    {"TONNE", "t", 1e3},
    {"POUND_MASS", "lbm", 0.45359237},
    {"KPOUND_MASS", "klbm", 453.59237},
    {"OUNCE_MASS", "ozm", 0.028349523125},
    {"SLUG", "slug", 14.593902937206364},
    {"SLINCH", "slinch", 175.12683524647636},
    {"US_TON", "ton", 907.18474},
};

static const unit_def LENGTH_UNITS[] = {
    {"METER", "m", 1.0},
    {"MILLIMETER", "mm", 1e-3},
    {"CENTIMETER", "cm", 1e-2},
    {"KILOMETER", "km", 1e3},
    {"MICROMETER", "um", 1e-6},
    {"NANOMETER", "nm", 1e-9},
    {"ANGSTROM", "A", 1e-10},
    {"INCH", "in", 0.0254},
    {"FOOT", "ft", 0.3048},
    {"YARD", "yd", 0.9144},
    {"MILE", "mi", 1609.344},
    {"MILLIINCH", "mil", 2.54e-5},
    {"MILS", "mil", 2.54e-5},
    {"MICROINCH", "uin", 2.54e-8},
};

static const unit_def TIME_UNITS[] = {
    {"SECOND", "s", 1.0},
    {"MILLISECOND", "ms", 1e-3},
    {"MICROSECOND", "us", 1e-6},
    {"NANOSECOND", "ns", 1e-9},
    {"MINUTE", "min", 60.0},
    {"HOUR", "h", 3600.0},
    {"DAY", "d", 86400.0},
};

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

static const unit_def *table(mbs_base_unit which, int *n)
{
    switch (which) {
    case MBS_UNIT_FORCE: *n = COUNT(FORCE_UNITS); return FORCE_UNITS;
    case MBS_UNIT_MASS: *n = COUNT(MASS_UNITS); return MASS_UNITS;
    case MBS_UNIT_LENGTH: *n = COUNT(LENGTH_UNITS); return LENGTH_UNITS;
    case MBS_UNIT_TIME: *n = COUNT(TIME_UNITS); return TIME_UNITS;
    }
    *n = 0;
    return NULL;
}

void mbs_units_si(mbs_units *u)
{
    u->force = u->mass = u->length = u->time = 0;
}

int mbs_unit_lookup(mbs_base_unit which, const char *name)
{
    int n;
    const unit_def *t = table(which, &n);
    for (int i = 0; i < n; i++)
        if (mbs_strcaseeq(t[i].name, name))
            return i;
    return -1;
}

const char *mbs_unit_names(mbs_base_unit which)
{
    static char lists[4][512];
    char *out = lists[which];
    if (!out[0]) {
        int n;
        const unit_def *t = table(which, &n);
        size_t used = 0;
        for (int i = 0; i < n; i++)
            used += (size_t)snprintf(out + used, sizeof lists[0] - used, "%s%s", i ? "|" : "", t[i].name);
    }
    return out;
}

const char *mbs_unit_name(mbs_base_unit which, int index)
{
    int n;
    return table(which, &n)[index].name;
}

const char *mbs_unit_symbol(mbs_base_unit which, int index)
{
    int n;
    return table(which, &n)[index].symbol;
}

double mbs_units_to_si(const mbs_units *u, mbs_dim d)
{
    return pow(FORCE_UNITS[u->force].si, d.force) * pow(MASS_UNITS[u->mass].si, d.mass) *
           pow(LENGTH_UNITS[u->length].si, d.length) * pow(TIME_UNITS[u->time].si, d.time);
}

int mbs_dim_eq(mbs_dim a, mbs_dim b)
{
    return a.force == b.force && a.mass == b.mass && a.length == b.length && a.time == b.time;
}

static void append_factor(char *out, int size, int *used, const char *sym, int exp, int *count)
{
    if (exp == 0)
        return;
    int e = exp < 0 ? -exp : exp;
    *used += snprintf(out + *used, (size_t)(size - *used), "%s%s", (*count)++ ? "*" : "", sym);
    if (e != 1 && *used < size)
        *used += snprintf(out + *used, (size_t)(size - *used), "^%d", e);
}

/* Writes numerator/denominator form: "N*mm", "mm/s^2", "1/s", "kg*m^2". */
static void format_symbols(const char *syms[4], const int exps[4], const char *angle, char *out, int size)
{
    int used = 0, nnum = 0, nden = 0;
    out[0] = '\0';
    if (angle)
        used += snprintf(out, (size_t)size, "%s", angle), nnum++;
    for (int i = 0; i < 4; i++)
        if (exps[i] > 0)
            append_factor(out, size, &used, syms[i], exps[i], &nnum);
    for (int i = 0; i < 4; i++)
        if (exps[i] < 0)
            nden++;
    if (nden == 0) {
        if (nnum == 0)
            snprintf(out, (size_t)size, "1");
        return;
    }
    if (nnum == 0)
        used += snprintf(out + used, (size_t)(size - used), "1");
    used += snprintf(out + used, (size_t)(size - used), "/");
    int count = 0;
    if (nden > 1)
        used += snprintf(out + used, (size_t)(size - used), "(");
    for (int i = 0; i < 4; i++)
        if (exps[i] < 0)
            append_factor(out, size, &used, syms[i], exps[i], &count);
    if (nden > 1 && used < size)
        snprintf(out + used, (size_t)(size - used), ")");
}

void mbs_units_format(const mbs_units *u, mbs_dim d, int angle, char *out, int size)
{
    const char *syms[4] = {FORCE_UNITS[u->force].symbol, MASS_UNITS[u->mass].symbol,
                           LENGTH_UNITS[u->length].symbol, TIME_UNITS[u->time].symbol};
    const int exps[4] = {d.force, d.mass, d.length, d.time};
    format_symbols(syms, exps, angle ? "rad" : NULL, out, size);
}

void mbs_dim_describe(mbs_dim d, char *out, int size)
{
    const char *syms[4] = {"force", "mass", "length", "time"};
    const int exps[4] = {d.force, d.mass, d.length, d.time};
    format_symbols(syms, exps, NULL, out, size);
    if (strcmp(out, "1") == 0)
        snprintf(out, (size_t)size, "-");
}
