/* The spec: what a model file says, element by element, with line numbers,
 * after parameters have been substituted and units converted to SI. It is
 * produced by the XML reader and consumed by the compiler. */
#ifndef MBS_SPEC_H
#define MBS_SPEC_H

#include "kind.h"
#include "../core/units.h"

#include <stddef.h>

typedef struct mbs_value {
    int present;      /* written in the file (otherwise the default, if any) */
    int set;          /* has a value: present or defaulted */
    double real;      /* REAL (SI), BOOL (0/1), INT and ID */
    long integer;     /* INT, ID, BOOL, KEYWORD (index into choices) */
    char *text;       /* the text as written (KEYWORD upper-cased) */
} mbs_value;

typedef struct mbs_spec_elem {
    const mbs_kind *kind;
    int line;
    int id;            /* 0 when the kind has no id */
    char *label;       /* NULL when not given */
    int in_command;    /* it stands in <Command> */
    int modify;        /* a modify command: a model element's kind in <Command> (commands.c) */
    mbs_value *values; /* kind->n_attrs entries, in table order */
    int unreadable;    /* reading it reported an error: compiling leaves it out, silently */
} mbs_spec_elem;

typedef struct mbs_parameter {
    char *name;
    double value;      /* value used (after --set) */
    int line;
    int overridden;    /* set from the command line */
} mbs_parameter;

typedef struct mbs_spec {
    char *path;          /* as given on the command line */
    char *source;        /* the model file's bytes */
    size_t source_len;
    mbs_units units;
    mbs_parameter *params;
    int n_params;
    mbs_spec_elem *elems;
    int n_elems;
    char *report;        /* what the reader of another format says of the file (the Adams reader's
                          * statements read, converted and refused), printed by validate; or NULL */
    int checkable;       /* reading failed, but on values or on unknown names (taken out), not on
                          * the structure: what was read may still be compiled, to report the
                          * model's other errors in the same pass */
} mbs_spec;

void mbs_spec_free(mbs_spec *s);

/* Attribute accessors by name (the name must be in the kind's table). */
const mbs_value *mbs_spec_value(const mbs_spec_elem *e, const char *name);
int mbs_spec_has(const mbs_spec_elem *e, const char *name);  /* set, present or defaulted */
int mbs_spec_given(const mbs_spec_elem *e, const char *name); /* written in the file */
double mbs_spec_real(const mbs_spec_elem *e, const char *name);
long mbs_spec_int(const mbs_spec_elem *e, const char *name);
int mbs_spec_bool(const mbs_spec_elem *e, const char *name);
int mbs_spec_keyword(const mbs_spec_elem *e, const char *name);  /* index into choices */
const char *mbs_spec_text(const mbs_spec_elem *e, const char *name);

/* "Constraint_Joint 7 (label 'pivot')" */
void mbs_spec_describe(const mbs_spec_elem *e, char *out, size_t size);

#endif
