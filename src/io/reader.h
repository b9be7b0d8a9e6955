/* Reading a model file: XML (libxml2, no network, no DTDs or entities),
 * normalisation, schema validation, parameters, units and attribute values.
 * The result is a spec (model/spec.h): what the file says, in SI. */
#ifndef MBS_READER_H
#define MBS_READER_H

#include "../core/diag.h"
#include "../core/status.h"
#include "../model/spec.h"

typedef struct mbs_override {
    const char *name;   /* parameter name */
    const char *value;  /* number or expression over earlier parameters */
} mbs_override;

/* Reads and checks `path`. Every problem found is reported to `d`; returns
 * MBS_OK, MBS_E_INPUT (bad model or missing file) or MBS_E_NOMEM. */
mbs_status mbs_read_model(const char *path, const mbs_override *overrides, int n_overrides,
                          mbs_diags *d, mbs_spec *out);

/* Reads an Adams/Solver dataset (.adm) into a spec, with the commands of the
 * Adams command file `commands` (.acf; NULL: none). `path` may itself be a
 * command file, whose first line names the dataset. out->report gets the
 * table of statements read, converted and refused. */
mbs_status mbs_read_adams(const char *path, const char *commands, const mbs_override *overrides, int n_overrides,
                          mbs_diags *d, mbs_spec *out);
/* 1 when path names an Adams file (.adm or .acf, any case). */
int mbs_is_adams_path(const char *path);
/* 1 when path names an Adams command file (.acf, any case). */
int mbs_is_adams_commands_path(const char *path);

/* Validates `xml_text` against the generated schema only (for tests and
 * `mbsim schema --check`). */
mbs_status mbs_validate_text(const char *name, const char *xml_text, size_t len, mbs_diags *d);

/* The libxml2 version mbsim was built with, e.g. "2.9.14". */
const char *mbs_xml_library_version(void);

#endif
