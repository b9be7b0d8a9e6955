/* The index of element ids (id_index.h): the elements a reference may
 * name, found by id, with why there is not exactly one. */
#include "id_index.h"
#include "registry.h"
#include "../core/strutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct id_entry {
    int id;
    int elem;
} id_entry;

struct mbs_id_index {
    const mbs_spec *spec;
    id_entry *ids; /* sorted by (id, elem); an id repeated within a kind only once */
    int n_ids;
    int *repeats;  /* [n_elems] the earlier element of the same kind and id, or -1 */
};

static int compare_ids(const void *pa, const void *pb)
{
    const id_entry *a = pa, *b = pb;
    if (a->id != b->id)
        return a->id < b->id ? -1 : 1;
    return a->elem - b->elem;
}

mbs_id_index *mbs_id_index_new(const mbs_spec *s)
{
    mbs_id_index *x = calloc(1, sizeof *x);
    id_entry *all = calloc((size_t)s->n_elems + 1, sizeof *all);
    if (!x || !all || !(x->ids = calloc((size_t)s->n_elems + 1, sizeof *x->ids)) ||
        !(x->repeats = malloc(((size_t)s->n_elems + 1) * sizeof *x->repeats))) {
        free(all);
        mbs_id_index_free(x);
        return NULL;
    }
    x->spec = s;
    int n = 0;
    for (int i = 0; i < s->n_elems; i++) {
        x->repeats[i] = -1;
        if (s->elems[i].kind->family != MBS_FAMILY_NONE && s->elems[i].id > 0 && !s->elems[i].modify)
            all[n++] = (id_entry){s->elems[i].id, i};
    }
    qsort(all, (size_t)n, sizeof *all, compare_ids);
    /* within a run of one id (a few elements at most), an element whose kind
     * came earlier in the run repeats that element's id */
    for (int i = 0, start = 0; i < n; i++) {
        if (i > 0 && all[i].id != all[i - 1].id)
            start = i;
        const mbs_kind *kind = s->elems[all[i].elem].kind;
        for (int j = start; j < i && x->repeats[all[i].elem] < 0; j++)
            if (s->elems[all[j].elem].kind == kind && x->repeats[all[j].elem] < 0)
                x->repeats[all[i].elem] = all[j].elem;
        if (x->repeats[all[i].elem] < 0)
            x->ids[x->n_ids++] = all[i];
    }
    free(all);
    return x;
}

void mbs_id_index_free(mbs_id_index *x)
{
    if (!x)
        return;
    free(x->ids);
    free(x->repeats);
    free(x);
}

int mbs_id_index_repeats(const mbs_id_index *x, int elem)
{
    return x->repeats[elem];
}

static int selects(mbs_select sel, const mbs_kind *k)
{
    return (sel.family == MBS_FAMILY_NONE || k->family == sel.family) && (!sel.kind || k == sel.kind) &&
           (!sel.type || mbs_kind_has_type(k, sel.type));
}

/* The family of what sel selects (of its kind, or of the first kind its
 * element_type names). */
static mbs_family family_of(mbs_select sel)
{
    if (sel.family != MBS_FAMILY_NONE || sel.kind)
        return sel.kind ? sel.kind->family : sel.family;
    for (const mbs_kind *const *k = mbs_registry(); *k; k++)
        if (selects(sel, *k))
            return (*k)->family;
    return MBS_FAMILY_NONE;
}

mbs_id_match mbs_id_index_find(const mbs_id_index *x, mbs_select sel, int id)
{
    mbs_id_match m = {0, {-1, -1, -1, -1}, -1};
    mbs_family family = family_of(sel);
    int lo = 0, hi = x->n_ids;
    while (lo < hi) { /* the first entry of id */
        int mid = (lo + hi) / 2;
        if (x->ids[mid].id < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (int i = lo; i < x->n_ids && x->ids[i].id == id; i++) {
        int elem = x->ids[i].elem;
        if (!selects(sel, x->spec->elems[elem].kind)) {
            /* another element of the same sort: what the reference names instead */
            if (m.other < 0 && x->spec->elems[elem].kind->family == family)
                m.other = elem;
        } else {
            if (m.n < MBS_ID_MATCH_KEPT)
                m.elem[m.n] = elem;
            m.n++;
        }
    }
    return m;
}

void mbs_select_describe(mbs_select sel, char *out, size_t size)
{
    if (sel.kind) {
        snprintf(out, size, "%s", sel.kind->name);
        return;
    }
    if (sel.type) {
        const mbs_kind *only = NULL;
        int n = 0;
        for (const mbs_kind *const *k = mbs_registry(); *k; k++)
            if (selects(sel, *k)) {
                only = *k;
                n++;
            }
        if (n == 1)
            snprintf(out, size, "%s", only->name);
        else
            snprintf(out, size, "element of element_type %s", sel.type);
        return;
    }
    snprintf(out, size, "%s", mbs_family_name(sel.family));
}

/* The first of the element_type keywords of candidate `which` that none of
 * the other n - 1 candidates has: what picks it rather than them. NULL
 * when it has none of its own. */
static const char *own_type(const mbs_spec *s, const int *elem, int n, int which, char *word, size_t size)
{
    const mbs_kind *a = s->elems[elem[which]].kind;
    for (const char *p = a->element_types; p && *p;) {
        const char *bar = strchr(p, '|');
        size_t len = bar ? (size_t)(bar - p) : strlen(p);
        snprintf(word, size, "%.*s", (int)len, p);
        int shared = 0;
        for (int k = 0; k < n && !shared; k++)
            shared = k != which && mbs_kind_has_type(s->elems[elem[k]].kind, word);
        if (!shared)
            return word;
        p = bar ? bar + 1 : NULL;
    }
    return NULL;
}

/* " or " before the last of n items, ", " between the others. */
static const char *separator(int k, int n)
{
    return k == 0 ? "" : k == n - 1 ? " or " : ", ";
}

void mbs_id_match_explain(const mbs_spec *s, const mbs_id_match *m, mbs_select sel, const char *what, int id,
                          const char *chooser, char *out, size_t size)
{
    char wanted[96];
    mbs_select_describe(sel, wanted, sizeof wanted);
    /* a function's argument is named by its noun when there is none ("BUSH:
     * Force_Bushing 5 does not exist"), by "id" when there is another */
    const char *subject = strcmp(what, wanted) == 0 ? "id" : what;
    if (m->n == 0 && m->other < 0) {
        snprintf(out, size, "%s %d does not exist", what, id);
    } else if (m->n == 0) {
        const mbs_spec_elem *o = &s->elems[m->other];
        snprintf(out, size, "%s %d is the %s on line %d, not a%s %s", subject, id, o->kind->name, o->line,
                 strchr("aeiouAEIOU", wanted[0]) ? "n" : "", wanted);
    } else {
        /* every candidate kept is named, those past them counted; the hint
         * gives each one's own keyword when each has one */
        int shown = m->n < MBS_ID_MATCH_KEPT ? m->n : MBS_ID_MATCH_KEPT, listed = shown + (m->n > shown);
        char picks[MBS_ID_MATCH_KEPT][32];
        int all_picked = chooser != NULL && m->n == shown;
        mbs_buf names, hint;
        mbs_buf_init(&names);
        mbs_buf_init(&hint);
        for (int k = 0; k < shown; k++) {
            const mbs_spec_elem *c = &s->elems[m->elem[k]];
            mbs_buf_appendf(&names, "%sthe %s on line %d", separator(k, listed), c->kind->name, c->line);
            all_picked = all_picked && own_type(s, m->elem, shown, k, picks[k], sizeof picks[k]) != NULL;
        }
        if (m->n > shown)
            mbs_buf_appendf(&names, " or %d others", m->n - shown);
        if (all_picked) {
            mbs_buf_appendf(&hint, "give %s ", chooser);
            for (int k = 0; k < shown; k++)
                mbs_buf_appendf(&hint, "%s%s", separator(k, shown), picks[k]);
            mbs_buf_append(&hint, " to choose one");
        } else {
            mbs_buf_appendf(&hint, "give %s another id", m->n == 2 ? "one of them" : "all but one");
        }
        snprintf(out, size, "%s %d could be %s (ids are unique per element name only): %s", subject, id,
                 names.data ? names.data : "", hint.data ? hint.data : "");
        mbs_buf_free(&names);
        mbs_buf_free(&hint);
    }
}
