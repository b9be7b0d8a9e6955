/* The list of element kinds the model format knows. */
#ifndef MBS_REGISTRY_H
#define MBS_REGISTRY_H

#include "kind.h"

/* NULL-terminated array of every kind, in documentation order. */
const mbs_kind *const *mbs_registry(void);

const mbs_kind *mbs_registry_find(const char *name);
/* Closest known element name to a misspelt one, or NULL. */
const char *mbs_registry_suggest(const char *name);

/* Every element_type keyword the kinds carry ('|' separated, in registry
 * order): what Deactivate, Activate and a Sensor's element_type accept. */
const char *mbs_registry_element_types(void);

#endif
