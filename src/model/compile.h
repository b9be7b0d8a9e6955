/* spec -> model (see model.h). */
#ifndef MBS_COMPILE_H
#define MBS_COMPILE_H

#include "model.h"
#include "../core/diag.h"
#include "../core/status.h"

/* Builds the model; reports every problem to d. MBS_E_INPUT if any error. */
mbs_status mbs_compile(const mbs_spec *spec, mbs_diags *d, mbs_model **out);

#endif
