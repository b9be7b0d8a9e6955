/* The spec (spec.h): an element's values by attribute name, freed. */
#include "spec.h"

#include <stdio.h>
#include <stdlib.h>

void mbs_spec_free(mbs_spec *s)
{
    for (int i = 0; i < s->n_elems; i++) {
        mbs_spec_elem *e = &s->elems[i];
        if (e->values)
            for (int a = 0; a < e->kind->n_attrs; a++)
                free(e->values[a].text);
        free(e->values);
        free(e->label);
    }
    free(s->elems);
    for (int i = 0; i < s->n_params; i++)
        free(s->params[i].name);
    free(s->params);
    free(s->path);
    free(s->source);
    free(s->report);
    s->report = NULL;
    s->elems = NULL;
    s->params = NULL;
    s->path = s->source = NULL;
    s->n_elems = s->n_params = 0;
}

const mbs_value *mbs_spec_value(const mbs_spec_elem *e, const char *name)
{
    int i = mbs_kind_attr_index(e->kind, name);
    if (i < 0) {
        /* a programming error in an element file, never a user error */
        fprintf(stderr, "mbsim: internal error: %s has no attribute '%s'\n", e->kind->name, name);
        abort();
    }
    return &e->values[i];
}

int mbs_spec_has(const mbs_spec_elem *e, const char *name)
{
    return mbs_spec_value(e, name)->set;
}

int mbs_spec_given(const mbs_spec_elem *e, const char *name)
{
    return mbs_spec_value(e, name)->present;
}

double mbs_spec_real(const mbs_spec_elem *e, const char *name)
{
    return mbs_spec_value(e, name)->real;
}

long mbs_spec_int(const mbs_spec_elem *e, const char *name)
{
    return mbs_spec_value(e, name)->integer;
}

int mbs_spec_bool(const mbs_spec_elem *e, const char *name)
{
    return mbs_spec_value(e, name)->integer != 0;
}

int mbs_spec_keyword(const mbs_spec_elem *e, const char *name)
{
    return (int)mbs_spec_value(e, name)->integer;
}

const char *mbs_spec_text(const mbs_spec_elem *e, const char *name)
{
    return mbs_spec_value(e, name)->text;
}

void mbs_spec_describe(const mbs_spec_elem *e, char *out, size_t size)
{
    mbs_describe_element(out, size, e->kind->name, e->id, e->label);
}
