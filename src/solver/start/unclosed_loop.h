/* Why the constraints cannot be closed, in the model's own terms: the
 * closed loop around the constraint row furthest from closed, its elements,
 * how far apart its joints' markers stay in the model's length unit, and
 * which joint was open before the assembly (at the start, in the model as
 * written: usually the misplaced marker): what a failed assembly says
 * (assemble.c). */
#ifndef MBS_UNCLOSED_LOOP_H
#define MBS_UNCLOSED_LOOP_H

#include "../eval/data.h"

#include <stddef.h>

/* Writes "the loop of <elements> (at the closest the assembly came, its
 * joints' markers are up to 106 mm apart; before it, markers 42 ('...')
 * and 11 ('...') of Constraint_Joint 4 (label 'D') were 376 mm apart)" for
 * the loop of row worst_row (loops.c; the element alone where it lies on
 * no loop) at the positions y (where the assembly stopped) and y_given
 * (before it), evaluating d at both. Returns the component to report at:
 * the joint open before the assembly, else the row's; -1 if worst_row is. */
int mbs_describe_unclosed(const mbs_model *m, mbs_data *d, double t, const double *y_given, const double *y,
                          int worst_row, char *out, size_t size);

#endif
