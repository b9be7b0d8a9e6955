/* Internal to the reader: loading, normalising and schema-validating the
 * XML document. */
#ifndef MBS_XML_LOAD_H
#define MBS_XML_LOAD_H

#include "../core/diag.h"
#include "../core/status.h"

#include <libxml/tree.h>
#include <stddef.h>

/* Reads the whole file; reports a missing, unreadable or empty file. */
mbs_status mbs_xml_read_file(const char *path, char **text, size_t *len, mbs_diags *d);

/* Parses, normalises (root renamed, names matched case-insensitively,
 * keyword values upper-cased) and validates against the schema. On success
 * *doc holds the normalised document. */
mbs_status mbs_xml_load(const char *path, const char *text, size_t len, mbs_diags *d, xmlDocPtr *doc);
/* The same; when the only errors were unknown elements and attributes (each
 * reported and taken out) and the rest is valid, it fails all the same but
 * hands the document without them in *pruned, so that the caller can report
 * the model's other errors in the same pass. */
mbs_status mbs_xml_load_pruned(const char *path, const char *text, size_t len, mbs_diags *d, xmlDocPtr *doc,
                               xmlDocPtr *pruned);

/* The element's source line. */
int mbs_xml_line(xmlNodePtr node);

#endif
