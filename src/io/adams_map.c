/* What the statement -> spec mappings share: new elements, attribute values
 * read as the XML reader reads them, argument access and messages. */
#include "adams_map.h"
#include "spec_values.h"
#include "../core/strutil.h"
#include "../model/registry.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const mbs_scope NO_PARAMETERS = {NULL, NULL, 0, NULL, 0, NULL};

mbs_spec_elem *adm_elem(adm_ctx *c, const char *kind_name, int id)
{
    const mbs_kind *kind = mbs_registry_find(kind_name);
    if (!kind) {
        fprintf(stderr, "mbsim: internal error: no element kind %s\n", kind_name);
        abort();
    }
    mbs_spec *s = c->spec;
    if (s->n_elems == c->cap) {
        int cap = c->cap ? 2 * c->cap : 64;
        mbs_spec_elem *e = realloc(s->elems, (size_t)cap * sizeof *e);
        if (!e)
            return NULL;
        s->elems = e;
        c->cap = cap;
    }
    mbs_spec_elem *e = &s->elems[s->n_elems];
    if (mbs_spec_elem_init(e, kind, c->cur ? c->cur->line : 0) != 0)
        return NULL;
    s->n_elems++;
    e->id = id;
    e->in_command = c->in_command;
    e->modify = c->in_command && !(kind->placement & MBS_IN_COMMAND);
    if (c->cur && c->cur->view_name && mbs_kind_attr(kind, "label"))
        e->label = mbs_strdup(c->cur->view_name);
    if (id && mbs_kind_attr(kind, "id")) {
        char text[16];
        snprintf(text, sizeof text, "%d", id);
        adm_set(c, e, "id", NULL, text);
    }
    return e;
}

void adm_set(adm_ctx *c, mbs_spec_elem *e, const char *attr, const char *arg, const char *text)
{
    int i = mbs_kind_attr_index(e->kind, attr);
    if (i < 0) {
        fprintf(stderr, "mbsim: internal error: %s has no attribute %s\n", e->kind->name, attr);
        abort();
    }
    if (strcmp(attr, "label") == 0) {
        free(e->label);
        e->label = mbs_strdup(text);
    }
    mbs_value *v = &e->values[i];
    v->present = v->set = 1;
    char err[512];
    if (mbs_spec_parse_value(&c->spec->units, &NO_PARAMETERS, &e->kind->attrs[i], text, v, err, sizeof err) != 0) {
        adm_error(c, arg, "%s: %s", arg ? arg : attr, err);
        e->unreadable = 1;
    }
}

void adm_set_num(adm_ctx *c, mbs_spec_elem *e, const char *attr, double value)
{
    char text[40];
    snprintf(text, sizeof text, "%.17g", value);
    adm_set(c, e, attr, NULL, text);
}

void adm_set_int(adm_ctx *c, mbs_spec_elem *e, const char *attr, long value)
{
    char text[24];
    snprintf(text, sizeof text, "%ld", value);
    adm_set(c, e, attr, NULL, text);
}

mbs_spec_elem *adm_function_elem(adm_ctx *c, const adm_stmt *s, const char *kind, int user)
{
    if (!adm_given(c, "FUNCTION")) {
        adm_error(c, NULL, "FUNCTION is needed");
        return NULL;
    }
    if (user && adm_is_user(c, "FUNCTION")) {
        mbs_spec_elem *e = adm_elem(c, kind, s->id);
        if (e) {
            adm_set(c, e, "type", NULL, "USERSUB");
            adm_set_user(c, e, "FUNCTION");
        }
        return e;
    }
    const char *f = adm_expression(c, "FUNCTION");
    if (!f)
        return NULL;
    adm_note_unused(c, "ROUTINE", "no USER function names it");
    mbs_spec_elem *e = adm_elem(c, kind, s->id);
    if (e)
        adm_set(c, e, "expr", "FUNCTION", f);
    return e;
}

int adm_declares(const adm_ctx *c, const char *name)
{
    for (int i = 0; c->cur && i < c->cur->def->n_args; i++)
        if (strcmp(c->cur->def->args[i].name, name) == 0)
            return 1;
    return 0;
}

int adm_given(const adm_ctx *c, const char *arg)
{
    return adm_arg(c->cur, arg) != NULL;
}

double adm_num(const adm_ctx *c, const char *arg, int k, double dflt)
{
    const adm_val *v = adm_arg(c->cur, arg);
    return v && k < v->n ? v->num[k] : dflt;
}

int adm_id(const adm_ctx *c, const char *arg, int k)
{
    const adm_val *v = adm_arg(c->cur, arg);
    return v && k < v->n ? (int)v->num[k] : 0;
}

/* The test is written so that NaN fails it too. */
int adm_whole(adm_ctx *c, const char *arg, long *out)
{
    double v = adm_num(c, arg, 0, 0);
    if (!(fabs(v) <= 1e9) || v != floor(v))
        return adm_error(c, arg, "%s = %g: a whole number is needed (at most 1e9)", arg, v);
    *out = (long)v;
    return 0;
}

const char *adm_text(const adm_ctx *c, const char *arg)
{
    const adm_val *v = adm_arg(c->cur, arg);
    return v ? v->text : NULL;
}

int adm_choice(adm_ctx *c, const char *flags)
{
    char *list = mbs_strdup(flags);
    int found = -1, k = 0;
    char first[64] = "";
    for (char *w = list ? strtok(list, "|") : NULL; w; w = strtok(NULL, "|"), k++)
        if (adm_given(c, w)) {
            if (found >= 0) {
                adm_error(c, w, "%s and %s exclude each other", first, w);
                break;
            }
            found = k;
            snprintf(first, sizeof first, "%s", w);
        }
    free(list);
    return found;
}

void adm_note_unused(adm_ctx *c, const char *args, const char *why)
{
    char *list = mbs_strdup(args);
    char given[256] = "";
    for (char *w = list ? strtok(list, "|") : NULL; w; w = strtok(NULL, "|"))
        if (adm_declares(c, w) && adm_given(c, w))
            snprintf(given + strlen(given), sizeof given - strlen(given), "%s%s", given[0] ? ", " : "", w);
    free(list);
    if (given[0])
        adm_note(c, "%s: no effect (%s)", given, why);
}

static int arg_line(const adm_ctx *c, const char *arg)
{
    if (arg && c->cur)
        for (int i = 0; i < c->cur->def->n_args; i++)
            if (strcmp(c->cur->def->args[i].name, arg) == 0 && c->cur->v[i].given)
                return c->cur->v[i].line;
    return c->cur ? c->cur->line : 0;
}

/* "STATEMENT/id: message" at `line`. */
static void report(adm_ctx *c, mbs_severity sev, int line, const char *fmt, va_list ap)
{
    char what[64] = "";
    if (c->cur)
        adm_describe(c->cur, what, sizeof what);
    char msg[1024];
    vsnprintf(msg, sizeof msg, fmt, ap);
    mbs_diag_add(c->d, sev, c->path, line, "%s: %s", what, msg);
}

int adm_error(adm_ctx *c, const char *arg, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(c, MBS_SEV_ERROR, arg_line(c, arg), fmt, ap);
    va_end(ap);
    return -1;
}

void adm_note(adm_ctx *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(c, MBS_SEV_NOTE, c->cur ? c->cur->line : 0, fmt, ap);
    va_end(ap);
}

const adm_stmt *adm_find(const adm_ctx *c, const char *name, int id)
{
    int n = c->n_dataset ? c->n_dataset : c->n; /* commands refer to the dataset's statements */
    for (int i = 0; i < n; i++)
        if (c->st[i].def && c->st[i].has_id && c->st[i].id == id && strcmp(c->st[i].def->name, name) == 0)
            return &c->st[i];
    return NULL;
}

int adm_depends_on_failed(adm_ctx *c, const adm_stmt *s)
{
    if (s && s->failed)
        c->skipped = 1;
    return c->skipped;
}

int adm_check_refs(adm_ctx *c, const char *arg, const char *name)
{
    const adm_val *v = adm_arg(c->cur, arg);
    for (int k = 0; v && k < v->n; k++) {
        int id = (int)v->num[k];
        const adm_stmt *target = id != 0 ? adm_find(c, name, id) : NULL;
        if (id != 0 && !target)
            return adm_error(c, arg, "%s = %d: there is no %s/%d", arg, id, name, id);
        if (target && strcmp(name, "MARKER") == 0 && target->failed)
            c->skipped = 1; /* its marker is gone: reported already */
        if (target && target->failed)
            c->skipped = 1;
    }
    return c->skipped ? -1 : 0;
}

int adm_marker_part(const adm_ctx *c, int marker_id)
{
    const adm_stmt *m = adm_find(c, "MARKER", marker_id);
    const adm_val *v = m ? adm_arg(m, "PART") : NULL;
    return v && v->n ? (int)v->num[0] : 0;
}
