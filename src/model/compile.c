/* The compiler: spec -> model. Checks ids, builds elements stage by stage
 * (referenced elements are built on demand), then lays out the variables. */
#include "geometry.h"
#include "compile.h"
#include "builder.h"
#include "expr_env.h"
#include "id_index.h"
#include "layout.h"
#include "tfunc.h"
#include "../core/rotation.h"
#include "../core/strutil.h"
#include "../core/vec3.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NOT_BUILT, BUILDING, BUILT, FAILED };

/* A run-time expression compiled for an element, with the environment
 * that bound it (kept for derivatives until the model is complete). */
typedef struct built_tfunc {
    mbs_tfunc *f;
    int elem;
    char *what;        /* the attribute it was compiled from */
    mbs_expr_env *env;
} built_tfunc;

/* A note given once per kind however many elements it concerns (a vehicle
 * deck has 600 Post_Graphics): what it says, on how many elements, the
 * first line; for ignored attributes, which ones. */
typedef struct summary {
    const mbs_kind *kind;
    char *text;               /* NULL: the kind's ignored attributes */
    unsigned char *attrs;     /* [kind->n_attrs] given somewhere */
    int count, line;
} summary;

/* Work an element left for when every element is built. */
typedef struct deferred {
    int elem;
    mbs_deferred_fn fn;
    mbs_deferred_ctx_fn fn_ctx; /* instead of fn, with ctx */
    void *ctx;
} deferred;

struct mbs_builder {
    const mbs_spec *spec;
    mbs_model *m;
    mbs_diags *d;
    int *state;     /* [n_elems] NOT_BUILT ... */
    int *result;    /* [n_elems] body/marker/component index, -1 */
    int *made;      /* [n_elems] the component it made (its expressions' owner), -1 */
    mbs_id_index *ids;
    mbs_spec_pose *poses; /* [n_elems] marker poses from the spec, each computed once */
    built_tfunc *tfuncs;
    int n_tfuncs, cap_tfuncs;
    deferred *deferred;
    int n_deferred;
    summary *summaries;
    int n_summaries;
    int unexplained; /* the first element whose build failed without an error, -1 */
};

/* ---- messages ---- */

/* A problem of one element can be met several times (a marker's pose is
 * computed for every element that refers to it): it is reported once. */
static int already_reported(const mbs_diags *d, mbs_severity sev, int line, const char *text)
{
    for (int i = 0; i < d->count; i++)
        if (d->items[i].severity == sev && d->items[i].line == line && d->items[i].message &&
            strcmp(d->items[i].message, text) == 0)
            return 1;
    return 0;
}

static void report(mbs_builder *b, mbs_severity sev, const mbs_spec_elem *e, const char *fmt, va_list ap)
{
    char what[256];
    mbs_spec_describe(e, what, sizeof what);
    char *msg = mbs_vsprintf_alloc(fmt, ap);
    char *text = mbs_sprintf_alloc("%s: %s", what, msg ? msg : "");
    if (!text || !already_reported(b->d, sev, e->line, text))
        mbs_diag_add(b->d, sev, b->spec->path, e->line, "%s", text ? text : what);
    free(text);
    free(msg);
}

int mbs_build_error(mbs_builder *b, const mbs_spec_elem *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(b, MBS_SEV_ERROR, e, fmt, ap);
    va_end(ap);
    return -1;
}

void mbs_build_warning(mbs_builder *b, const mbs_spec_elem *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(b, MBS_SEV_WARNING, e, fmt, ap);
    va_end(ap);
}

void mbs_build_note(mbs_builder *b, const mbs_spec_elem *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(b, MBS_SEV_NOTE, e, fmt, ap);
    va_end(ap);
}

mbs_model *mbs_builder_model(mbs_builder *b)
{
    return b->m;
}

/* ---- ids ---- */

/* Ids are unique per element name (id_index.h): an element repeating the
 * id of another of its kind is reported and not built. */
static int index_ids(mbs_builder *b)
{
    const mbs_spec *s = b->spec;
    b->ids = mbs_id_index_new(s);
    if (!b->ids)
        return -1;
    int ok = 0;
    for (int i = 0; i < s->n_elems; i++) {
        int first = mbs_id_index_repeats(b->ids, i);
        if (first < 0)
            continue;
        mbs_build_error(b, &s->elems[i], "id %d is already used by the %s on line %d (ids are unique among the "
                                         "elements of one name)",
                        s->elems[i].id, s->elems[first].kind->name, s->elems[first].line);
        b->state[i] = FAILED;
        ok = -1;
    }
    return ok;
}

/* The one element of `id` that sel selects, -1 when there is none or more. */
static int find_elem(const mbs_builder *b, mbs_select sel, int id)
{
    mbs_id_match m = mbs_id_index_find(b->ids, sel, id);
    return m.n == 1 ? m.elem[0] : -1;
}

const mbs_spec_elem *mbs_builder_find(mbs_builder *b, mbs_select sel, int id)
{
    int i = find_elem(b, sel, id);
    return i < 0 ? NULL : &b->spec->elems[i];
}

const mbs_spec_elem *mbs_builder_spec(mbs_builder *b, mbs_family family, int id)
{
    return mbs_builder_find(b, MBS_SELECT_FAMILY(family), id);
}

mbs_spec_pose *mbs_builder_pose(mbs_builder *b, const mbs_spec_elem *e)
{
    return &b->poses[e - b->spec->elems];
}

/* ---- building ---- */

static summary *summary_for(mbs_builder *b, const mbs_spec_elem *e, const char *text)
{
    for (int i = 0; i < b->n_summaries; i++) {
        summary *s = &b->summaries[i];
        if (s->kind == e->kind && ((!s->text && !text) || (s->text && text && strcmp(s->text, text) == 0)))
            return s;
    }
    summary *grown = realloc(b->summaries, (size_t)(b->n_summaries + 1) * sizeof *grown);
    if (!grown)
        return NULL;
    b->summaries = grown;
    summary *s = &b->summaries[b->n_summaries];
    *s = (summary){e->kind, text ? mbs_strdup(text) : NULL,
                   calloc((size_t)e->kind->n_attrs + 1, 1), 0, e->line};
    if (!s->attrs || (text && !s->text)) {
        free(s->attrs);
        free(s->text);
        return NULL;
    }
    b->n_summaries++;
    return s;
}

void mbs_build_summary_note(mbs_builder *b, const mbs_spec_elem *e, const char *text)
{
    summary *s = summary_for(b, e, text);
    if (s) {
        s->count++;
        s->line = s->line < e->line ? s->line : e->line;
    }
}

/* Attributes accepted only so that MotionSolve files run: one note per kind. */
static void note_ignored(mbs_builder *b, const mbs_spec_elem *e)
{
    summary *s = NULL;
    for (int i = 0; i < e->kind->n_attrs; i++)
        if (e->values[i].present && (e->kind->attrs[i].flags & MBS_IGNORED) && (s || (s = summary_for(b, e, NULL))))
            s->attrs[i] = 1;
    if (s) {
        s->count++;
        s->line = s->line < e->line ? s->line : e->line;
    }
}

static void emit_summaries(mbs_builder *b)
{
    for (int i = 0; i < b->n_summaries; i++) {
        summary *s = &b->summaries[i];
        mbs_buf text;
        mbs_buf_init(&text);
        if (s->text) {
            mbs_buf_appendf(&text, "%s: %s", s->kind->name, s->text);
        } else {
            int n = 0;
            mbs_buf_appendf(&text, "%s: ", s->kind->name);
            for (int k = 0; k < s->kind->n_attrs; k++)
                if (s->attrs[k])
                    mbs_buf_appendf(&text, "%s%s", n++ ? ", " : "", s->kind->attrs[k].name);
            mbs_buf_appendf(&text, " %s no effect in mbsim", n == 1 ? "has" : "have");
        }
        if (s->count > 1)
            mbs_buf_appendf(&text, " (%d elements; the first is on this line)", s->count);
        mbs_diag_add(b->d, MBS_SEV_NOTE, b->spec->path, s->line, "%s", text.data ? text.data : "");
        mbs_buf_free(&text);
        free(s->text);
        free(s->attrs);
    }
    free(b->summaries);
}

/* A build (or deferred work) that fails reports why, or an element it
 * refers to does; one that says nothing ran out of memory (what an
 * allocation failure leaves, every other failure being an error). The
 * first such element (the innermost: a referenced element finishes its
 * build first) is named at the end if no error was reported, so that no
 * model compiles with an element left out. */
static void note_unexplained(mbs_builder *b, int i, int rc, int errors_before)
{
    if (rc != 0 && b->d->errors == errors_before && b->unexplained < 0)
        b->unexplained = i;
}

static int build_elem(mbs_builder *b, int i)
{
    const mbs_spec_elem *e = &b->spec->elems[i];
    if (b->state[i] == BUILT)
        return 0;
    if (b->state[i] == FAILED)
        return -1;
    if (b->state[i] == BUILDING)
        return mbs_build_error(b, e, "refers to itself through a chain of references");
    if (e->unreadable) {
        b->state[i] = FAILED; /* the reader reported its error */
        return -1;
    }
    b->state[i] = BUILDING;
    if (!e->modify) /* (a modify command's build is the kind's too: MBS_MODIFIABLE) */
        note_ignored(b, e);
    int errors = b->d->errors;
    int rc = e->kind->build ? e->kind->build(b, e) : 0;
    b->state[i] = rc == 0 ? BUILT : FAILED;
    note_unexplained(b, i, rc, errors);
    return rc;
}

static int build_elem(mbs_builder *b, int i);

int mbs_builder_resolve(mbs_builder *b, mbs_select sel, int id, const char *what, const char *chooser, char *msg,
                        size_t size)
{
    msg[0] = '\0';
    mbs_id_match m = mbs_id_index_find(b->ids, sel, id);
    if (m.n != 1) {
        mbs_id_match_explain(b->spec, &m, sel, what, id, chooser, msg, size);
        return -1;
    }
    int i = m.elem[0];
    if (build_elem(b, i) != 0)
        return -2; /* the referenced element reported its own error */
    if (b->result[i] < 0) {
        snprintf(msg, size, "%s %d is a %s, which cannot be used here", what, id, b->spec->elems[i].kind->name);
        return -1;
    }
    return b->result[i];
}

static int ref_id(mbs_builder *b, const mbs_spec_elem *e, const char *attr, int id, mbs_select sel,
                  const char *chooser)
{
    char msg[512];
    int r = mbs_builder_resolve(b, sel, id, attr, chooser, msg, sizeof msg);
    if (r == -1)
        mbs_build_error(b, e, "%s", msg);
    return r < 0 ? -1 : r;
}

static int ref_attr(mbs_builder *b, const mbs_spec_elem *e, const char *attr, mbs_select sel, const char *chooser)
{
    const mbs_value *v = mbs_spec_value(e, attr);
    if (!v->set)
        return mbs_build_error(b, e, "missing required attribute '%s'", attr);
    return ref_id(b, e, attr, (int)v->integer, sel, chooser);
}

const mbs_spec_elem *mbs_ref_spec(mbs_builder *b, const mbs_spec_elem *e, const char *what, int id, mbs_select sel)
{
    mbs_id_match m = mbs_id_index_find(b->ids, sel, id);
    if (m.n == 1)
        return &b->spec->elems[m.elem[0]];
    char msg[512];
    mbs_id_match_explain(b->spec, &m, sel, what, id, NULL, msg, sizeof msg);
    mbs_build_error(b, e, "%s", msg);
    return NULL;
}

int mbs_ref_body(mbs_builder *b, const mbs_spec_elem *e, const char *attr)
{
    return ref_attr(b, e, attr, MBS_SELECT_FAMILY(MBS_FAMILY_BODY), NULL);
}

int mbs_ref_marker(mbs_builder *b, const mbs_spec_elem *e, const char *attr)
{
    return ref_attr(b, e, attr, MBS_SELECT_FAMILY(MBS_FAMILY_MARKER), NULL);
}

int mbs_ref_joint(mbs_builder *b, const mbs_spec_elem *e, const char *attr)
{
    return ref_attr(b, e, attr, MBS_SELECT_TYPE("JOINT"), NULL);
}

int mbs_ref_select(mbs_builder *b, const mbs_spec_elem *e, const char *attr, mbs_select sel, const char *chooser)
{
    return ref_attr(b, e, attr, sel, chooser);
}

int mbs_ref_frame_marker(mbs_builder *b, const mbs_spec_elem *e, const char *attr)
{
    int k = ref_attr(b, e, attr, MBS_SELECT_FAMILY(MBS_FAMILY_MARKER), NULL);
    if (k >= 0 && b->m->markers[k].type != MBS_MARKER_FRAME)
        return mbs_build_error(b, e, "%s %ld is a Marker_Coordinate; a Reference_Marker is needed here", attr,
                               mbs_spec_int(e, attr));
    return k;
}

int mbs_ref_marker_pair(mbs_builder *b, const mbs_spec_elem *e, int *I, int *J)
{
    *I = mbs_ref_frame_marker(b, e, "i_marker_id");
    *J = mbs_ref_frame_marker(b, e, "j_marker_id");
    if (*I < 0 || *J < 0)
        return -1;
    if (*I == *J)
        return mbs_build_error(b, e, "i_marker_id and j_marker_id are the same marker (%ld); the element acts "
                                     "between two",
                               mbs_spec_int(e, "i_marker_id"));
    return 0;
}

static int defer(mbs_builder *b, const mbs_spec_elem *e, deferred d)
{
    deferred *grown = realloc(b->deferred, (size_t)(b->n_deferred + 1) * sizeof *grown);
    if (!grown)
        return -1;
    b->deferred = grown;
    d.elem = (int)(e - b->spec->elems);
    b->deferred[b->n_deferred++] = d;
    return 0;
}

int mbs_builder_defer(mbs_builder *b, const mbs_spec_elem *e, mbs_deferred_fn fn)
{
    return defer(b, e, (deferred){0, fn, NULL, NULL});
}

int mbs_builder_defer_ctx(mbs_builder *b, const mbs_spec_elem *e, mbs_deferred_ctx_fn fn, void *ctx)
{
    return defer(b, e, (deferred){0, NULL, fn, ctx});
}

int mbs_builder_index(mbs_builder *b, mbs_family family, int id)
{
    mbs_id_match m = mbs_id_index_find(b->ids, MBS_SELECT_FAMILY(family), id);
    if (m.n == 0)
        return -1;
    if (m.n > 1)
        return -3;
    if (build_elem(b, m.elem[0]) != 0 || b->result[m.elem[0]] < 0)
        return -2;
    return b->result[m.elem[0]];
}

int mbs_ref_marker_id(mbs_builder *b, const mbs_spec_elem *e, const char *attr, int id)
{
    return ref_id(b, e, attr, id, MBS_SELECT_FAMILY(MBS_FAMILY_MARKER), NULL);
}

int mbs_ref_component(mbs_builder *b, const mbs_spec_elem *e, const char *attr, mbs_family family)
{
    return ref_attr(b, e, attr, MBS_SELECT_FAMILY(family), NULL);
}

int mbs_ref_element(mbs_builder *b, const mbs_spec_elem *e, const char *attr, mbs_family family)
{
    return ref_attr(b, e, attr, MBS_SELECT_FAMILY(family), NULL);
}

int mbs_ref_element_id(mbs_builder *b, const mbs_spec_elem *e, const char *what, int id, mbs_family family)
{
    return ref_id(b, e, what, id, MBS_SELECT_FAMILY(family), NULL);
}

static void set_result(mbs_builder *b, const mbs_spec_elem *e, int index)
{
    b->result[e - b->spec->elems] = index;
}

int mbs_builder_result(mbs_builder *b, const mbs_spec_elem *e)
{
    return b->result[e - b->spec->elems];
}

int mbs_builder_set_index(mbs_builder *b, const mbs_spec_elem *e, int index)
{
    if (index < 0)
        return -1;
    set_result(b, e, index);
    return 0;
}

#define GROW(arr, n) do { \
        void *grown_ = realloc((arr), (size_t)((n) + 1) * sizeof *(arr)); \
        if (!grown_) return -1; \
        (arr) = grown_; \
    } while (0)

int mbs_add_body(mbs_builder *b, const mbs_spec_elem *e, const mbs_body *body)
{
    mbs_model *m = b->m;
    GROW(m->bodies, m->n_bodies);
    mbs_body *nb = &m->bodies[m->n_bodies];
    *nb = *body;
    nb->id = e->id;
    nb->label = mbs_strdup(e->label);
    nb->line = e->line;
    nb->quat_mu = -1;
    set_result(b, e, m->n_bodies);
    return m->n_bodies++;
}

int mbs_add_marker(mbs_builder *b, const mbs_spec_elem *e, const mbs_marker *marker)
{
    mbs_model *m = b->m;
    GROW(m->markers, m->n_markers);
    mbs_marker *nm = &m->markers[m->n_markers];
    *nm = *marker;
    nm->id = e->id;
    nm->label = mbs_strdup(e->label);
    nm->line = e->line;
    set_result(b, e, m->n_markers);
    return m->n_markers++;
}

mbs_component *mbs_add_component(mbs_builder *b, const mbs_spec_elem *e, const mbs_component_ops *ops,
                                 void *params)
{
    mbs_model *m = b->m;
    void *grown = realloc(m->comps, (size_t)(m->n_comps + 1) * sizeof *m->comps);
    if (!grown) {
        if (ops->free_params)
            ops->free_params(params);
        return NULL;
    }
    m->comps = grown;
    mbs_component *c = &m->comps[m->n_comps];
    memset(c, 0, sizeof *c);
    c->ops = ops;
    c->kind = e->kind;
    c->id = e->id;
    c->label = mbs_strdup(e->label);
    c->line = e->line;
    c->params = params;
    set_result(b, e, m->n_comps);
    b->made[e - b->spec->elems] = m->n_comps;
    m->n_comps++;
    return c;
}

void mbs_component_couple_body(mbs_component *c, int body)
{
    for (int i = 0; i < c->n_bodies; i++)
        if (c->bodies[i] == body)
            return;
    int *grown = realloc(c->bodies, (size_t)(c->n_bodies + 1) * sizeof *grown);
    if (!grown)
        return;
    c->bodies = grown;
    c->bodies[c->n_bodies++] = body;
}

void mbs_component_couple_marker(const mbs_model *m, mbs_component *c, int marker)
{
    const mbs_marker *mk = &m->markers[marker];
    if (mk->type == MBS_MARKER_JOINT_COORD) {
        const mbs_component *joint = &m->comps[mk->joint];
        for (int i = 0; i < joint->n_bodies; i++)
            mbs_component_couple_body(c, joint->bodies[i]);
        return;
    }
    mbs_component_couple_body(c, mk->body);
}

mbs_component *mbs_add_marker_component(mbs_builder *b, const mbs_spec_elem *e, const mbs_component_ops *ops,
                                        void *params, const int *markers, int n_markers,
                                        const mbs_output_desc *outputs, int n_outputs)
{
    mbs_component *c = mbs_add_component(b, e, ops, params);
    if (!c)
        return NULL;
    for (int i = 0; i < n_markers; i++)
        if (markers[i] >= 0)
            mbs_component_couple_marker(b->m, c, markers[i]);
    c->outputs = outputs;
    c->n_outputs = n_outputs;
    return c;
}

void mbs_marker_initial_pose(const mbs_model *m, int marker, double pos[3], double R[9])
{
    const mbs_marker *mk = &m->markers[marker];
    const mbs_body *body = &m->bodies[mk->body];
    double A[9], s[3];
    mbs_quat_to_matrix(body->p0, A);
    m3_mul_v(s, A, mk->pos);
    v3_add(pos, body->r0, s);
    m3_mul(R, A, mk->rot);
}

void mbs_component_depend(mbs_component *c, int other)
{
    int *grown = realloc(c->depends, (size_t)(c->n_depends + 1) * sizeof *grown);
    if (!grown)
        return;
    c->depends = grown;
    c->depends[c->n_depends++] = other;
}

int mbs_add_sensor(mbs_builder *b, const mbs_sensor *s)
{
    mbs_model *m = b->m;
    GROW(m->sensors, m->n_sensors);
    m->sensors[m->n_sensors] = *s;
    return m->n_sensors++;
}

int mbs_add_graphic(mbs_builder *b, const mbs_graphic *g)
{
    mbs_model *m = b->m;
    GROW(m->graphics, m->n_graphics);
    m->graphics[m->n_graphics] = *g;
    return m->n_graphics++;
}

int mbs_add_plant(mbs_builder *b, const mbs_spec_elem *e, const mbs_plant *p, int is_output)
{
    mbs_model *m = b->m;
    mbs_plant **list = is_output ? &m->plant_outputs : &m->plant_inputs;
    int *n = is_output ? &m->n_plant_outputs : &m->n_plant_inputs;
    GROW(*list, *n);
    mbs_plant *np = &(*list)[*n];
    *np = *p;
    np->id = e->id;
    np->label = mbs_strdup(e->label);
    np->line = e->line;
    set_result(b, e, *n);
    return (*n)++;
}

int mbs_add_analysis(mbs_builder *b, const mbs_analysis *a)
{
    mbs_model *m = b->m;
    GROW(m->analyses, m->n_analyses);
    m->analyses[m->n_analyses] = *a;
    return m->n_analyses++;
}

/* Room for one more built tfunc; -1 when out of memory. */
static int tfunc_room(mbs_builder *b)
{
    if (b->n_tfuncs < b->cap_tfuncs)
        return 0;
    int cap = b->cap_tfuncs ? 2 * b->cap_tfuncs : 16;
    built_tfunc *grown = realloc(b->tfuncs, (size_t)cap * sizeof *grown);
    if (!grown)
        return -1;
    b->tfuncs = grown;
    b->cap_tfuncs = cap;
    return 0;
}

mbs_tfunc *mbs_build_expr(mbs_builder *b, const mbs_spec_elem *e, const char *what, const char *text, mbs_dim dim,
                          const char *const *var_names, const mbs_dim *var_dims, int n_vars)
{
    if (tfunc_room(b) != 0)
        return NULL;
    mbs_tfunc *f = mbs_tfunc_new();
    mbs_expr_env *env = f ? mbs_expr_env_create(b, e, f) : NULL;
    if (!env) {
        mbs_tfunc_free(f);
        return NULL;
    }
    mbs_scope params = {b->m->param_names, b->m->param_values, b->m->n_params, NULL, 0, NULL};
    char err[512] = "";
    if (mbs_tfunc_compile(f, text, &params, &b->m->units, dim, var_names, var_dims, n_vars, env, err, sizeof err) !=
        0) {
        if (err[0]) /* (empty: it reads an element whose own error was reported) */
            mbs_build_error(b, e, "%s: %s", what, err);
        mbs_tfunc_free(f);
        mbs_expr_env_free(env);
        return NULL;
    }
    b->tfuncs[b->n_tfuncs++] = (built_tfunc){f, (int)(e - b->spec->elems), mbs_strdup(what), env};
    return f;
}

mbs_expr_env *mbs_builder_add_tfunc(mbs_builder *b, const mbs_spec_elem *e, const char *what, mbs_tfunc *f)
{
    if (tfunc_room(b) != 0)
        return NULL;
    mbs_expr_env *env = mbs_expr_env_create(b, e, f);
    char *name = mbs_strdup(what);
    if (!env || !name) {
        mbs_expr_env_free(env);
        free(name);
        return NULL;
    }
    b->tfuncs[b->n_tfuncs++] = (built_tfunc){f, (int)(e - b->spec->elems), name, env};
    return env;
}

mbs_tfunc *mbs_build_tfunc_dim(mbs_builder *b, const mbs_spec_elem *e, const char *attr, mbs_dim dim)
{
    const char *text = mbs_spec_text(e, attr);
    if (!text)
        return NULL;
    static const char *const T[] = {"t"};
    return mbs_build_expr(b, e, attr, text, dim, T, NULL, 1);
}

mbs_tfunc *mbs_builder_find_tfunc(mbs_builder *b, const mbs_spec_elem *owner, const char *attr)
{
    int elem = (int)(owner - b->spec->elems);
    for (int i = 0; i < b->n_tfuncs; i++)
        if (b->tfuncs[i].elem == elem && b->tfuncs[i].what && strcmp(b->tfuncs[i].what, attr) == 0)
            return b->tfuncs[i].f;
    return NULL;
}

int mbs_add_command(mbs_builder *b, const mbs_spec_elem *e, const mbs_command *c)
{
    mbs_model *m = b->m;
    GROW(m->commands, m->n_commands);
    m->commands[m->n_commands] = *c;
    m->commands[m->n_commands].before = m->n_analyses;
    m->commands[m->n_commands].line = e->line;
    return m->n_commands++;
}

mbs_tfunc *mbs_build_tfunc(mbs_builder *b, const mbs_spec_elem *e, const char *attr)
{
    return mbs_build_tfunc_dim(b, e, attr, mbs_kind_attr(e->kind, attr)->dim);
}

/* ---- after building: what the expressions read ---- */

/* FX..TM: the components between the measure's markers I and J (J omitted:
 * every component at I). A constraint with an I marker and no J
 * (Constraint_General, Adams' GCON, whose I marker "extracts the reaction")
 * is between its I marker and any other. */
static int find_load_components(mbs_builder *b, mbs_measure *ms)
{
    const mbs_model *m = b->m;
    int I = ms->marker[0], J = ms->marker[1], n = 0;
    free(ms->comps);
    ms->comps = malloc(((size_t)m->n_comps + 1) * sizeof *ms->comps);
    if (!ms->comps)
        return -1;
    for (int c = 0; c < m->n_comps; c++) {
        int a, z;
        mbs_element_markers(b, c, &a, &z);
        int open_constraint = z < 0 && m->comps[c].kind->family == MBS_FAMILY_CONSTRAINT;
        int between = J >= 0 ? ((a == I && z == J) || (a == J && z == I) || (open_constraint && (a == I || a == J)))
                             : (a == I || z == I);
        if (between && I >= 0)
            ms->comps[n++] = c;
    }
    ms->n_comps = n;
    return 0;
}

/* The component element `elem` made (for a modify command: the one it
 * changes), or -1 (sensors make none). An element may make one and be
 * found by another index (a Reference_Array of a user subroutine: its
 * index among the arrays). */
static int component_of(mbs_builder *b, int elem)
{
    const mbs_spec_elem *e = &b->spec->elems[elem];
    if (e->modify) {
        const mbs_spec_elem *target = mbs_builder_find(b, MBS_SELECT_KIND(e->kind), e->id);
        if (!target)
            return -1;
        elem = (int)(target - b->spec->elems);
    }
    return b->made[elem];
}

/* Couples the element that owns an expression with everything the
 * expression reads, so that the Jacobian's pattern holds those entries. */
static void couple_reads(mbs_builder *b, int owner, const mbs_measure *ms)
{
    mbs_model *m = b->m;
    mbs_component *c = &m->comps[owner];
    for (int k = 0; k < 4; k++)
        if (ms->marker[k] >= 0)
            mbs_component_couple_marker(m, c, ms->marker[k]);
    int single[1] = {ms->comp};
    const int *others = ms->comps ? ms->comps : single;
    int n = ms->comps ? ms->n_comps : ms->comp >= 0;
    for (int i = 0; i < n; i++) {
        const mbs_component *o = &m->comps[others[i]];
        if (others[i] == owner)
            continue;
        for (int k = 0; k < o->n_bodies; k++)
            mbs_component_couple_body(&m->comps[owner], o->bodies[k]);
        mbs_component_depend(&m->comps[owner], others[i]);
    }
}

static int is_load_measure(const mbs_measure *ms)
{
    return (ms->kind >= MBS_MEAS_FX && ms->kind <= MBS_MEAS_TM) || ms->kind == MBS_MEAS_ELEMENT_LOAD;
}

/* An element's load is found by running its residual contribution
 * (solver/eval/measure.c), so a load may not read a load that reads loads (its
 * own included): that would recurse. Read through a Reference_Variable, an
 * algebraic state, it may. */
static int check_load_reads(mbs_builder *b)
{
    mbs_model *m = b->m;
    unsigned char *reads = calloc((size_t)m->n_comps + 1, 1);
    if (!reads)
        return -1;
    for (int i = 0; i < b->n_tfuncs; i++) {
        int owner = component_of(b, b->tfuncs[i].elem);
        for (int k = 0; owner >= 0 && k < b->tfuncs[i].f->n_measures; k++)
            reads[owner] |= is_load_measure(&b->tfuncs[i].f->measures[k]);
    }
    for (int i = 0; i < b->n_tfuncs; i++) {
        const mbs_tfunc *f = b->tfuncs[i].f;
        if (component_of(b, b->tfuncs[i].elem) < 0)
            continue; /* a request reads loads without applying any */
        for (int k = 0; k < f->n_measures; k++) {
            const mbs_measure *ms = &f->measures[k];
            if (!is_load_measure(ms))
                continue;
            int single[1] = {ms->comp};
            const int *read = ms->comps ? ms->comps : single;
            int n = ms->comps ? ms->n_comps : ms->comp >= 0;
            for (int j = 0; j < n; j++)
                if (reads[read[j]]) {
                    const mbs_component *c = &m->comps[read[j]];
                    mbs_build_error(b, &b->spec->elems[b->tfuncs[i].elem],
                                    "%s: reads the load of %s %d, whose own expression reads element loads (FX.., "
                                    "JOINT, SFORCE, ...); a load cannot be found from loads: read it through a "
                                    "Reference_Variable",
                                    b->tfuncs[i].what, c->kind->name, c->id);
                    break;
                }
        }
    }
    free(reads);
    return 0;
}

static int finish_expressions(mbs_builder *b)
{
    mbs_model *m = b->m;
    m->tfuncs = calloc((size_t)b->n_tfuncs + 1, sizeof *m->tfuncs);
    if (!m->tfuncs)
        return -1;
    for (int i = 0; i < b->n_tfuncs; i++) {
        mbs_tfunc *f = b->tfuncs[i].f;
        int owner = component_of(b, b->tfuncs[i].elem);
        for (int k = 0; k < f->n_measures; k++) {
            mbs_measure *ms = &f->measures[k];
            if (ms->kind >= MBS_MEAS_FX && ms->kind <= MBS_MEAS_TM && find_load_components(b, ms) != 0)
                return -1;
            if (owner >= 0)
                couple_reads(b, owner, ms);
        }
        f->slot = m->n_tfuncs;
        m->tfuncs[m->n_tfuncs++] = f;
        f->env = NULL; /* freed below */
    }
    for (int i = 0; i < m->n_commands; i++)
        if (m->commands[i].kind == MBS_CMD_OVERRIDE)
            m->commands[i].slot = m->commands[i].replaced->slot;
    return check_load_reads(b);
}

static void free_envs(mbs_builder *b)
{
    /* (an element that failed may have freed its expressions: they are not touched) */
    for (int i = 0; i < b->n_tfuncs; i++) {
        mbs_expr_env_free(b->tfuncs[i].env);
        free(b->tfuncs[i].what);
    }
    free(b->tfuncs);
}

/* ---- the compiler ---- */

static int copy_inputs(mbs_model *m, const mbs_spec *spec)
{
    m->path = mbs_strdup(spec->path);
    m->source = mbs_strndup(spec->source ? spec->source : "", spec->source_len);
    m->source_len = spec->source_len;
    m->units = spec->units;
    m->n_params = spec->n_params;
    m->params = calloc((size_t)spec->n_params + 1, sizeof *m->params);
    m->param_names = calloc((size_t)spec->n_params + 1, sizeof *m->param_names);
    m->param_values = calloc((size_t)spec->n_params + 1, sizeof *m->param_values);
    if (!m->path || !m->source || !m->params || !m->param_names || !m->param_values)
        return -1;
    for (int i = 0; i < spec->n_params; i++) {
        m->params[i] = spec->params[i];
        m->params[i].name = mbs_strdup(spec->params[i].name);
        m->param_names[i] = m->params[i].name;
        m->param_values[i] = m->params[i].value;
    }
    return 0;
}

static void default_settings(mbs_solver_settings *s)
{
    s->rtol = 1e-6;
    s->atol = 1e-8;
    s->h_max = 0.0;
    s->h_min = 0.0;
    s->h0 = 0.0;
    s->max_order = 5;
    s->linear_solver = MBS_LS_AUTO;
    s->formulation = MBS_FORM_AUTO;
    s->interpolate = 1;
    s->line = 0;
}

mbs_status mbs_compile(const mbs_spec *spec, mbs_diags *d, mbs_model **out)
{
    *out = NULL;
    mbs_model *m = calloc(1, sizeof *m);
    if (!m)
        return MBS_E_NOMEM;
    default_settings(&m->settings);
    m->linear = (mbs_linear_settings){-1, -1, 1, 0};
    mbs_builder b = {spec, m, d, NULL, NULL, NULL, NULL, NULL, NULL, 0, 0, NULL, 0, NULL, 0, -1};
    b.state = calloc((size_t)spec->n_elems + 1, sizeof *b.state);
    b.result = malloc(((size_t)spec->n_elems + 1) * sizeof *b.result);
    b.made = malloc(((size_t)spec->n_elems + 1) * sizeof *b.made);
    b.poses = calloc((size_t)spec->n_elems + 1, sizeof *b.poses);
    if (!b.state || !b.result || !b.made || !b.poses || copy_inputs(m, spec) != 0) {
        free(b.state);
        free(b.result);
        free(b.made);
        free(b.poses);
        mbs_model_free(m);
        return MBS_E_NOMEM;
    }
    for (int i = 0; i < spec->n_elems; i++)
        b.result[i] = b.made[i] = -1;
    int errors_before = d->errors, first_diag = d->count;
    if (index_ids(&b) != 0 && !b.ids) {
        free(b.state);
        free(b.result);
        free(b.made);
        free(b.poses);
        mbs_model_free(m);
        return MBS_E_NOMEM;
    }
    for (int stage = 0; stage < MBS_STAGE_COUNT; stage++)
        for (int i = 0; i < spec->n_elems; i++)
            /* what stands in <Command> runs in file order with the analyses */
            if ((spec->elems[i].in_command ? MBS_STAGE_ANALYSES : (int)spec->elems[i].kind->stage) == stage)
                build_elem(&b, i);
    for (int k = 0; k < b.n_deferred; k++) {
        int i = b.deferred[k].elem;
        const deferred *dk = &b.deferred[k];
        int errors = d->errors;
        if (b.state[i] == BUILT &&
            (dk->fn ? dk->fn(&b, &spec->elems[i]) : dk->fn_ctx(&b, &spec->elems[i], dk->ctx)) != 0) {
            b.state[i] = FAILED;
            note_unexplained(&b, i, -1, errors);
        }
    }
    if (d->errors == errors_before && b.unexplained >= 0)
        mbs_build_error(&b, &spec->elems[b.unexplained], "out of memory while building it");
    if (d->errors == errors_before && finish_expressions(&b) != 0)
        mbs_diag_add(d, MBS_SEV_ERROR, m->path, 0, "out of memory");
    emit_summaries(&b);
    mbs_diags_sort_by_line(d, first_diag); /* built by stage, reported in file order */
    if (m->n_analyses == 0) {
        mbs_analysis a = {MBS_ANALYSIS_TRANSIENT, 1.0, 0.01, 0};
        mbs_add_analysis(&b, &a);
    }
    if (d->errors == errors_before) {
        mbs_layout(m, d);
        if (m->n_sensors == 0)
            mbs_diag_add(d, MBS_SEV_WARNING, m->path, 0,
                         "the model has no Sensor or Post_Request: the results file will hold no time series "
                         "(only the bodies' motion, under /geometry, for mbsim animate)");
        if (mbs_geometry_complete(spec, m) != 0)
            mbs_diag_add(d, MBS_SEV_ERROR, m->path, 0, "out of memory");
    }
    free(b.state);
    free(b.result);
    free(b.made);
    mbs_id_index_free(b.ids);
    free(b.poses);
    free_envs(&b);
    free(b.deferred);
    if (d->errors > errors_before) {
        mbs_model_free(m);
        return MBS_E_INPUT;
    }
    *out = m;
    return MBS_OK;
}
