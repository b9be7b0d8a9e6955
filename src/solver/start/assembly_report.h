/* What the consistent start did to the positions the model gave: the bodies
 * it moved most, as a note; a move beyond the limit as a warning (an error
 * with --strict) naming the element whose constraint was furthest from
 * closed, since a body moved metres usually means a misplaced marker. */
#ifndef MBS_ASSEMBLY_REPORT_H
#define MBS_ASSEMBLY_REPORT_H

#include "../eval/data.h"
#include "../../core/diag.h"

/* y_given: the state before assembly, y: after. Evaluates d at y_given.
 * Returns -1 when the report is an error (strict and beyond the limit). */
int mbs_assembly_report(const mbs_model *m, mbs_data *d, double t, const double *y_given, const double *y,
                        mbs_diags *diag);

#endif
