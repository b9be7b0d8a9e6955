/* Models written inline in unit tests: the text is put in a temporary file
 * and read (and compiled) exactly as a model file given on the command line.
 * Every diagnostic is kept, with the temporary path shown as "MODEL". */
#ifndef MBS_TEST_MODEL_TEXT_H
#define MBS_TEST_MODEL_TEXT_H

#include "../../src/core/diag.h"
#include "../../src/core/status.h"
#include "../../src/model/model.h"
#include "../../src/model/spec.h"

#include <stddef.h>

typedef struct text_model {
    mbs_status status;  /* of reading, then of compiling */
    mbs_spec spec;      /* what the reader produced */
    mbs_model *model;   /* NULL unless compiled without errors */
    mbs_diags diags;    /* every message */
    char path[64];
} text_model;

/* Reads `xml` with --set overrides ("name=value", NULL-terminated list or
 * NULL) and, when `compile` is set and reading succeeded, compiles it. */
mbs_status text_model_load(text_model *t, const char *xml, const char *const *sets, int compile);
/* The same for a file of another format, named by its suffix (".adm"). */
mbs_status text_model_load_as(text_model *t, const char *text, const char *suffix, const char *const *sets,
                              int compile);
void text_model_free(text_model *t);

/* Error number i (0 = first) as printed, "MODEL:line: error: ..."; "" if
 * there are fewer errors. */
const char *text_model_error(const text_model *t, int i, char *buf, size_t size);

/* The spec element of kind `kind` with id `id`, or NULL. */
const mbs_spec_elem *text_model_elem(const text_model *t, const char *kind, int id);

#endif
