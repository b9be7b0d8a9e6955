/* modelDescription.xml of a model's co-simulation FMU, FMI 2.0 or 3.0
 * (docs/fmi.md): the variables of variables.h, the capability flags the
 * binary (src/fmu/) honours, the model's first Transient as the default
 * experiment. */
#ifndef MBS_FMI_DESCRIPTION_H
#define MBS_FMI_DESCRIPTION_H

#include "variables.h"

/* The FMU's own file in resources/: "model FILE", "token TOKEN",
 * "set NAME=VALUE", "output SENSOR.COLUMN", "usersub FILE" and
 * "usersub-default FILE" lines (mbsim fmu writes it, the binary reads it:
 * fmu/instance.c). */
#define MBS_FMI_CONFIG "mbsim-fmu.txt"
/* The folder beside the FMU binary (binaries/PLATFORM/) that holds the
 * model's user subroutine libraries (fmu/usersub_scope.h). */
#define MBS_FMI_USERSUB_DIR "usersub"

typedef struct mbs_fmi_identity {
    int version;            /* 2 or 3 */
    const char *model_name; /* the model file's base name */
    const char *identifier; /* modelIdentifier: the binary's name, a C identifier */
    const char *token;      /* guid (FMI 2), instantiationToken (FMI 3) */
} mbs_fmi_identity;

/* The description's text (free it), or NULL when out of memory. */
char *mbs_fmi_description(const mbs_model *m, const mbs_fmi_vars *vars, const mbs_fmi_identity *id);

/* modelIdentifier from a file name: its base name without the extension,
 * every character not allowed in a C identifier replaced by '_' (and '_'
 * before a leading digit); at most size - 1 characters. */
void mbs_fmi_identifier(const char *path, char *out, size_t size);

#endif
