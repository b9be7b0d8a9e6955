/* The XML schema of the model format, generated from the element tables so
 * that the schema, the reader and the documentation cannot disagree.
 * schemas/mbsim.xsd is this text, committed for editors and other tools. */
#ifndef MBS_SCHEMA_H
#define MBS_SCHEMA_H

/* Returns the XSD as a new string (caller frees). */
char *mbs_schema_text(void);

/* Canonical names of the container elements. */
#define MBS_ROOT_NAME "Mbsim"
#define MBS_PARAMETERS_NAME "Parameters"
#define MBS_PARAMETER_NAME "Parameter"
#define MBS_MODEL_NAME "Model"
#define MBS_COMMAND_NAME "Command"

#include <stddef.h>

/* Where an element of this placement (MBS_IN_MODEL, ...) may stand, for
 * messages and the reference: "<Model> or <Command>, or directly inside the
 * root element before <Model>", each container's name between `open` and
 * `close` ("`<", ">`" for Markdown). */
void mbs_describe_placement(char *out, size_t size, unsigned placement, const char *open, const char *close);

#endif
