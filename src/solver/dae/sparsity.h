/* The structure of the DAE's iteration matrix dF/dy + cj dF/dy', derived
 * from element connectivity (which bodies, multipliers and states each
 * element touches), and a colouring of its columns: columns of one colour
 * share no row, so one residual evaluation per colour gives the whole
 * finite-difference Jacobian. The states of joint friction whose bristle
 * rows friction_refresh.c eliminates keep only their diagonal: their
 * couplings are folded into the bodies' block from the recorded slopes. */
#ifndef MBS_SPARSITY_H
#define MBS_SPARSITY_H

#include "../../model/model.h"

/* How an element enters the pattern (mbs_pattern_build's coupling[c]). */
enum {
    MBS_COUPLING_COLOURED, /* its couplings, which the coloured differences take */
    MBS_COUPLING_ALONE,    /* rows dyn(B) x columns q(B), u(B) of its bodies, left out of the colouring:
                              its slopes are differenced alone (a contact near enough to touch) */
    MBS_COUPLING_NONE      /* none: it exerts nothing before the next Newton matrix (a contact apart) */
};

typedef struct mbs_pattern {
    int n;          /* square: ny x ny */
    long nnz;
    long *colptr;   /* [n+1] compressed sparse column */
    int *rowind;    /* [nnz] sorted within each column */
    long *rowptr;   /* [n+1] the same pattern by rows */
    int *colind;    /* [nnz] */
    char *analytic; /* [n] 1: a column the differences leave out (only its diagonal is in the
                       pattern, set by another: the bristles friction_refresh.c eliminates) */
    int *color;     /* [n] colour of each column, -1 for an analytic one */
    int n_colors;
    int *by_color;  /* [n] columns ordered by colour */
    int *color_ptr; /* [n_colors+1] start of each colour in by_color */
    char *alone;    /* [nnz] 1: an entry only elements differenced alone fill (the colours leave it) */
    char *coupling; /* [n_comps] MBS_COUPLING_* of each element, as built */
} mbs_pattern;

/* The pattern of m's iteration matrix; the states of the components
 * eliminated[c] (may be NULL) keep only their diagonal and are analytic;
 * coupling[c] (NULL: all MBS_COUPLING_COLOURED) says how each element
 * enters it. */
mbs_pattern *mbs_pattern_build(const mbs_model *m, const char *eliminated, const char *coupling);

/* The couplings to start a run's pattern with: the elements whose
 * nearness the Newton matrix follows (ops->near) apart (NONE), the rest
 * COLOURED; NULL where the pattern cannot follow them (none has near, or
 * eliminated marks an element: the friction refresh works on one fixed
 * pattern), and then every element is coloured. *failed is set when out
 * of memory. */
char *mbs_pattern_start_coupling(const mbs_model *m, const char *eliminated, int *failed);
void mbs_pattern_free(mbs_pattern *p);

#endif
