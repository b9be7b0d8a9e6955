/* What a modifiable kind's build (MBS_MODIFIABLE, model/kind.h) calls for
 * its element in <Command>, MotionSolve's modify command
 * (modify_commands.c): the command built from the expressions it gives,
 * or from what the kind's own part builds; and that part's tool, a
 * replacement of one of the element's expressions. */
#ifndef MBS_MODIFY_COMMANDS_H
#define MBS_MODIFY_COMMANDS_H

#include "../model/builder.h"
#include "../model/tfunc.h"

/* What a kind's command changes besides the expressions' replacements (a
 * motion's type, a marker's pose), target being the model's element. 0,
 * or -1 after reporting. */
typedef int (*mbs_modify_fn)(mbs_builder *b, const mbs_spec_elem *e, const mbs_spec_elem *target);

/* Builds the modify command e (e->modify): checks that the element exists
 * and that no user subroutine is given, then own(b, e, target), or where
 * own is NULL every expression e gives as a replacement of the element's.
 * 0, or -1 after reporting. */
int mbs_build_modify(mbs_builder *b, const mbs_spec_elem *e, mbs_modify_fn own);

/* A command (an OVERRIDE) replacing the element's expression f, compiled
 * from text with dimension dim and f's variables (and its time derivative
 * where differentiate), for the analyses after the command e. 0, or -1
 * after reporting. */
int mbs_command_override(mbs_builder *b, const mbs_spec_elem *e, const char *what, const mbs_tfunc *f,
                         const char *text, mbs_dim dim, int differentiate);

#endif
