/* Element ids (SPEC 1): unique per element name, not per family. A real
 * MotionView export holds a Constraint_Jprim, a Force_SpringDamper and a
 * Force_Bushing that all have id 214001. A reference says which elements
 * it may name (mbs_select: joint_id a Constraint_Joint, body_id any body,
 * BUSH(id) a Force_Bushing, element_type FORCE any action force); the index
 * finds the elements of an id it selects and, when there is not exactly
 * one, says why in words, naming both elements when two could be meant. */
#ifndef MBS_ID_INDEX_H
#define MBS_ID_INDEX_H

#include "spec.h"

#include <stddef.h>

/* Which elements a reference may name: those of `family` (MBS_FAMILY_NONE:
 * any family), of kind `kind` only (NULL: any), of a kind MotionSolve's
 * element_type keyword `type` names (mbs_kind.element_types; NULL: any). */
typedef struct mbs_select {
    mbs_family family;
    const mbs_kind *kind;
    const char *type;
} mbs_select;

#define MBS_SELECT_FAMILY(f) ((mbs_select){(f), NULL, NULL})
#define MBS_SELECT_KIND(k) ((mbs_select){MBS_FAMILY_NONE, (k), NULL})
#define MBS_SELECT_TYPE(t) ((mbs_select){MBS_FAMILY_NONE, NULL, (t)})

typedef struct mbs_id_index mbs_id_index;

/* The ids of the spec's elements that have one (modify commands, which
 * name an element of the model, left out). NULL when out of memory. */
mbs_id_index *mbs_id_index_new(const mbs_spec *s);
void mbs_id_index_free(mbs_id_index *x);

/* The element before `elem` of the same kind and id (elem repeats its id:
 * an error), or -1. A repeated id is not indexed again. */
int mbs_id_index_repeats(const mbs_id_index *x, int elem);

/* The elements of `id` that sel selects: n of them (the first
 * MBS_ID_MATCH_KEPT in elem, to name them in a message), and when n = 0 an
 * element of that id and of the same family that the selection leaves out
 * (-1 if none), to say what the reference names instead (joint_id 5 of a
 * Constraint_Coupler). */
#define MBS_ID_MATCH_KEPT 4
typedef struct mbs_id_match {
    int n;
    int elem[MBS_ID_MATCH_KEPT];
    int other;
} mbs_id_match;
mbs_id_match mbs_id_index_find(const mbs_id_index *x, mbs_select sel, int id);

/* Why a match with n != 1 names no element, as the end of a message about
 * reference `what` (an attribute, "element_id", or a function's noun):
 *   "joint_id 7 does not exist"
 *   "joint_id 214001 is the Constraint_Jprim on line 40, not a Constraint_Joint"
 *   "element_id 214001 could be the Force_SpringDamper on line 9 or the
 *    Force_Bushing on line 12 (ids are unique per element name only): give
 *    element_type SPDP or BUSH to choose one"
 * (three or more: "the A on line 9, the B on line 12 or the C on line 14";
 * past MBS_ID_MATCH_KEPT, "or N others")
 * `chooser` is the attribute that picks a kind by its element_type (NULL
 * when the reference has none; then the hint is to give one of them
 * another id, as it is too when their kinds share their keywords). */
void mbs_id_match_explain(const mbs_spec *s, const mbs_id_match *m, mbs_select sel, const char *what, int id,
                          const char *chooser, char *out, size_t size);

/* What sel selects, as a noun: "Constraint_Joint", "marker", "element of
 * element_type FORCE". */
void mbs_select_describe(mbs_select sel, char *out, size_t size);

#endif
