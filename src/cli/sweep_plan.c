/* The points of a parameter sweep (sweep_plan.h): the --vary axes read,
 * the values of each point. */
#include "sweep_plan.h"
#include "../core/strutil.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int valid_name(const char *s, size_t len)
{
    if (len == 0 || !(isalpha((unsigned char)s[0]) || s[0] == '_'))
        return 0;
    for (size_t i = 1; i < len; i++)
        if (!(isalnum((unsigned char)s[i]) || s[i] == '_'))
            return 0;
    return 1;
}

static int add_value(mbs_sweep_axis *a, char *value)
{
    char **grown = realloc(a->values, (size_t)(a->n + 1) * sizeof *grown);
    if (!value || !grown) {
        free(value);
        if (grown)
            a->values = grown;
        return -1;
    }
    a->values = grown;
    a->values[a->n++] = value;
    return 0;
}

/* START:STOP:COUNT, the ends exactly as given. */
static int parse_range(mbs_sweep_axis *a, const char *spec, char *err, size_t errsize)
{
    char *text = mbs_strdup(spec);
    char *first = text ? strchr(text, ':') : NULL;
    char *second = first ? strchr(first + 1, ':') : NULL;
    double start, stop;
    long count;
    int ok = second && !strchr(second + 1, ':');
    if (ok) {
        *first = *second = '\0';
        ok = mbs_parse_double(text, &start) == 0 && mbs_parse_double(first + 1, &stop) == 0 &&
             mbs_parse_long(second + 1, &count) == 0 && isfinite(start) && isfinite(stop);
    }
    free(text);
    if (!ok) {
        snprintf(err, errsize, "--vary %s=%s: a range is START:STOP:COUNT with numbers, e.g. 0.1:0.5:5", a->name, spec);
        return -1;
    }
    if (count < 1 || count > MBS_SWEEP_MAX_POINTS) {
        snprintf(err, errsize, "--vary %s=%s: COUNT must be 1 .. %ld", a->name, spec, MBS_SWEEP_MAX_POINTS);
        return -1;
    }
    for (long i = 0; i < count; i++) {
        double v = count == 1 ? start : i == count - 1 ? stop : start + (stop - start) * (double)i / (double)(count - 1);
        /* 15 digits: 0.1:0.5:5 gives 0.3, not 0.30000000000000004 */
        if (add_value(a, mbs_sprintf_alloc("%.15g", v)) != 0) {
            snprintf(err, errsize, "out of memory");
            return -1;
        }
    }
    return 0;
}

static int parse_list(mbs_sweep_axis *a, const char *spec, char *err, size_t errsize)
{
    const char *p = spec;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char *value = mbs_strndup(p, len);
        if (value)
            mbs_str_trim(value);
        if (value && !value[0]) {
            free(value);
            snprintf(err, errsize, "--vary %s=%s: an empty value", a->name, spec);
            return -1;
        }
        if (add_value(a, value) != 0) {
            snprintf(err, errsize, "out of memory");
            return -1;
        }
        if (!comma)
            return 0;
        p = comma + 1;
    }
}

int mbs_sweep_add_axis(mbs_sweep_plan *p, const char *arg, char *err, size_t errsize)
{
    const char *eq = strchr(arg, '=');
    if (!eq || !valid_name(arg, (size_t)(eq - arg)) || !eq[1]) {
        snprintf(err, errsize, "--vary needs NAME=V1,V2,... or NAME=START:STOP:COUNT, got '%s'", arg);
        return -1;
    }
    for (int i = 0; i < p->n_axes; i++)
        if (strlen(p->axes[i].name) == (size_t)(eq - arg) && strncmp(p->axes[i].name, arg, (size_t)(eq - arg)) == 0) {
            snprintf(err, errsize, "--vary %.*s is given twice", (int)(eq - arg), arg);
            return -1;
        }
    mbs_sweep_axis *grown = realloc(p->axes, (size_t)(p->n_axes + 1) * sizeof *grown);
    if (!grown) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    p->axes = grown;
    mbs_sweep_axis *a = &p->axes[p->n_axes++];
    memset(a, 0, sizeof *a);
    a->name = mbs_strndup(arg, (size_t)(eq - arg));
    const char *spec = eq + 1;
    int rc = strchr(spec, ':') && !strchr(spec, ',') ? parse_range(a, spec, err, errsize)
                                                      : parse_list(a, spec, err, errsize);
    if (rc != 0)
        return -1;
    long total = p->n_points > 0 ? p->n_points : 1;
    if (total > MBS_SWEEP_MAX_POINTS / a->n) {
        snprintf(err, errsize, "the sweep has more than %ld points", MBS_SWEEP_MAX_POINTS);
        return -1;
    }
    p->n_points = total * a->n;
    return 0;
}

void mbs_sweep_point(const mbs_sweep_plan *p, long index, int *which)
{
    for (int i = p->n_axes - 1; i >= 0; i--) {
        which[i] = (int)(index % p->axes[i].n);
        index /= p->axes[i].n;
    }
}

void mbs_sweep_plan_free(mbs_sweep_plan *p)
{
    for (int i = 0; i < p->n_axes; i++) {
        for (int k = 0; k < p->axes[i].n; k++)
            free(p->axes[i].values[k]);
        free(p->axes[i].values);
        free(p->axes[i].name);
    }
    free(p->axes);
    memset(p, 0, sizeof *p);
}
