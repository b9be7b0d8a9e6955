/* Internal to the readers: an attribute's text turned into its typed value
 * (REAL in SI, INT, ID, BOOL, KEYWORD, EXPR checked), by the attribute's
 * table entry. Both the XML reader and the Adams dataset reader fill the
 * spec through these, so a value means the same whichever file it came from. */
#ifndef MBS_SPEC_VALUES_H
#define MBS_SPEC_VALUES_H

#include "../core/diag.h"
#include "../expr/expr.h"
#include "../model/spec.h"

#include <stddef.h>

/* Evaluates a number or an expression over the names of `params` (the
 * parameters declared so far); reports a value that is not finite. */
int mbs_spec_eval_constant(const mbs_scope *params, const char *text, double *out, char *err, size_t errsize);

/* Reads `text` into `v` by `a`'s type; REAL values are converted from the
 * model's units `u` to SI. Returns 0, or -1 with the reason in err. */
int mbs_spec_parse_value(const mbs_units *u, const mbs_scope *params, const mbs_attr *a, const char *text,
                         mbs_value *v, char *err, size_t errsize);

/* A new element of `kind` at `line`: values allocated, nothing set. */
int mbs_spec_elem_init(mbs_spec_elem *e, const mbs_kind *kind, int line);

/* Sets the attributes nobody gave to their defaults; reports a default that
 * does not read (a programming error in a table). */
void mbs_spec_elem_defaults(mbs_spec_elem *e, const mbs_units *u, const mbs_scope *params, mbs_diags *d,
                            const char *path);

#endif
