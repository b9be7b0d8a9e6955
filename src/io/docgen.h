/* The element reference (docs/elements.md), generated from the element
 * tables like the schema, so the documentation cannot drift from the code. */
#ifndef MBS_DOCGEN_H
#define MBS_DOCGEN_H

/* Markdown text of every element kind (caller frees). */
char *mbs_reference_markdown(void);

#endif
