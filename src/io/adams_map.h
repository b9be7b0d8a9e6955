/* Internal to the Adams reader: what the statement -> spec mappings share.
 * A statement becomes one or more spec elements (the kinds of the XML
 * format), whose attribute texts are read by the same code as the XML
 * reader's (spec_values.h), so that a dataset and its XML twin make the same
 * model. */
#ifndef MBS_ADAMS_MAP_H
#define MBS_ADAMS_MAP_H

#include "adams_parse.h"
#include "../model/spec.h"

typedef struct adm_ctx {
    const char *path;
    mbs_diags *d;
    mbs_spec *spec;
    int cap;               /* spec->elems allocated */
    adm_stmt *st;          /* the dataset's statements, read, then the command file's */
    int n;
    int n_dataset;         /* how many of them are the dataset's (0 while it is being mapped: all) */
    const adm_stmt *cur;   /* the statement being mapped (messages) */
    int next_marker_id;    /* ids of the markers mbsim adds (a part's frame, a cm) */
    int *frame_id;         /* per statement: a PART's frame marker, 0 when its BCS is the ground frame */
    int in_command;        /* mapping commands (.acf), not statements */
    int n_simulate;        /* SIMULATE commands mapped */
    int next_motion_id;    /* ids of the motions mbsim adds (a joint's IC) */
    int next_constraint_id; /* ids of the constraints mbsim adds (a motion of markers) */
    int *ic_motions;       /* the motions that hold joints' ICs during the first assembly */
    int n_ic_motions;
    int skipped;           /* the statement being mapped depends on one that failed: left out silently */
} adm_ctx;

/* The table of dataset statements, NULL-terminated. */
extern const adm_stmtdef *const adm_dataset_statements[];
/* The table of commands, NULL-terminated. */
extern const adm_stmtdef *const adm_command_statements[];

/* A new spec element of `kind` for the statement being mapped (its line and
 * Adams/View name), with `id` (0: none). The pointer is valid until the next
 * adm_elem. NULL when out of memory. */
mbs_spec_elem *adm_elem(adm_ctx *c, const char *kind, int id);

/* Sets attribute `attr` of e from text, read by the attribute's type;
 * `arg` names the Adams argument in a message (NULL: the attribute). */
void adm_set(adm_ctx *c, mbs_spec_elem *e, const char *attr, const char *arg, const char *text);
void adm_set_num(adm_ctx *c, mbs_spec_elem *e, const char *attr, double value);
void adm_set_int(adm_ctx *c, mbs_spec_elem *e, const char *attr, long value);

/* Whether the statement being mapped declares argument `name`. */
int adm_declares(const adm_ctx *c, const char *name);
/* Argument values of the statement being mapped. */
int adm_given(const adm_ctx *c, const char *arg);
double adm_num(const adm_ctx *c, const char *arg, int k, double dflt); /* k-th value, or dflt */
int adm_id(const adm_ctx *c, const char *arg, int k);                  /* k-th identifier, or 0 */
/* arg's first value as a whole number of at most 1e9 in size (a count, an order):
 * -1 with an error if it has a fraction or is larger */
int adm_whole(adm_ctx *c, const char *arg, long *out);
const char *adm_text(const adm_ctx *c, const char *arg);               /* or NULL */
/* The flag of `flags` ('|' separated) that was given: its index, -1 none;
 * reports two given together. */
int adm_choice(adm_ctx *c, const char *flags);

/* The element of `kind` and the statement's id that a statement whose
 * FUNCTION is the element's `expr` becomes (VARIABLE, DIFF, GCON): FUNCTION
 * needed, a ROUTINE noted unless FUNCTION is USER(...), which makes the
 * element's type USERSUB (adm_set_user) when it takes one (`user`),
 * else is refused. NULL when it cannot be made (reported). */
mbs_spec_elem *adm_function_elem(adm_ctx *c, const adm_stmt *s, const char *kind, int user);

/* User subroutines (adams_map_user.c). Whether argument `arg` (FUNCTION)
 * is USER(...); e's user subroutine attributes from it and ROUTINE. */
int adm_is_user(const adm_ctx *c, const char *arg);
void adm_set_user(adm_ctx *c, mbs_spec_elem *e, const char *arg);
/* The same onto PREFIX_param_string, PREFIX_dll_name and PREFIX_fnc_name
 * (CONTACT's NORMAL_FUNCTION with NORMAL_ROUTINE onto "cnf", FRICTION_...
 * onto "cff"), the routine named by the argument routine_arg. */
void adm_set_user_to(adm_ctx *c, mbs_spec_elem *e, const char *arg, const char *routine_arg, const char *prefix);
/* A function expression argument, USER(...) refused: NULL (reported) when it
 * cannot be used or was not given. */
const char *adm_expression(adm_ctx *c, const char *arg);

/* One note naming the arguments of `args` ('|' separated) that were given
 * and that mbsim accepts with no effect, and why. */
void adm_note_unused(adm_ctx *c, const char *args, const char *why);

/* "file:line: error: PART/2: ..." at the statement's (or its argument's) line;
 * returns -1. */
int adm_error(adm_ctx *c, const char *arg, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void adm_note(adm_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Whether statement s failed (was refused or could not be read): a
 * statement that depends on it is left out without a message of its own
 * (c->skipped), its cause being reported already. */
int adm_depends_on_failed(adm_ctx *c, const adm_stmt *s);
/* The first statement `name` (canonical) with `id` in the dataset, or NULL. */
const adm_stmt *adm_find(const adm_ctx *c, const char *name, int id);
/* Checks that `arg`'s identifiers name existing statements `name`; -1 after
 * reporting one that does not. */
int adm_check_refs(adm_ctx *c, const char *arg, const char *name);

/* Statement mappings (adams_map_*.c). */
int adm_map_units(adm_ctx *c, const adm_stmt *s);
int adm_map_part(adm_ctx *c, const adm_stmt *s);
int adm_map_marker(adm_ctx *c, const adm_stmt *s);
int adm_map_accgrav(adm_ctx *c, const adm_stmt *s);
int adm_map_joint(adm_ctx *c, const adm_stmt *s);
int adm_map_jprim(adm_ctx *c, const adm_stmt *s);
int adm_map_motion(adm_ctx *c, const adm_stmt *s);
int adm_map_coupler(adm_ctx *c, const adm_stmt *s);
int adm_map_gcon(adm_ctx *c, const adm_stmt *s);
int adm_map_gear(adm_ctx *c, const adm_stmt *s);
int adm_map_sforce(adm_ctx *c, const adm_stmt *s);
int adm_map_vforce(adm_ctx *c, const adm_stmt *s);
int adm_map_springdamper(adm_ctx *c, const adm_stmt *s);
int adm_map_bushing(adm_ctx *c, const adm_stmt *s);
int adm_map_beam(adm_ctx *c, const adm_stmt *s);
int adm_map_field(adm_ctx *c, const adm_stmt *s);
int adm_map_friction(adm_ctx *c, const adm_stmt *s);
int adm_map_contact(adm_ctx *c, const adm_stmt *s);
int adm_map_variable(adm_ctx *c, const adm_stmt *s);
int adm_map_diff(adm_ctx *c, const adm_stmt *s);
int adm_map_array(adm_ctx *c, const adm_stmt *s);
int adm_map_spline(adm_ctx *c, const adm_stmt *s);
int adm_map_string(adm_ctx *c, const adm_stmt *s);
int adm_map_plant(adm_ctx *c, const adm_stmt *s);
int adm_map_matrix(adm_ctx *c, const adm_stmt *s);
int adm_map_lse(adm_ctx *c, const adm_stmt *s);
int adm_map_gse(adm_ctx *c, const adm_stmt *s);
int adm_map_tfsiso(adm_ctx *c, const adm_stmt *s);
int adm_map_request(adm_ctx *c, const adm_stmt *s);
int adm_map_sensor(adm_ctx *c, const adm_stmt *s);
int adm_map_graphics(adm_ctx *c, const adm_stmt *s);
int adm_map_output(adm_ctx *c, const adm_stmt *s);
int adm_map_integrator(adm_ctx *c, const adm_stmt *s);
int adm_map_equilibrium(adm_ctx *c, const adm_stmt *s);
/* commands */
int adm_map_simulate(adm_ctx *c, const adm_stmt *s);
int adm_map_activate(adm_ctx *c, const adm_stmt *s);
int adm_map_modify(adm_ctx *c, const adm_stmt *s);
int adm_map_stop(adm_ctx *c, const adm_stmt *s);

/* A marker's position and axes (columns, R[3 i + j]) in ground at t = 0 as
 * the dataset writes them (before any assembly); -1 for a floating marker or
 * one whose statements failed. */
int adm_marker_global(const adm_ctx *c, int marker, double p[3], double R[9]);
/* Whether a PART statement places its BCS (QG, REULER, XG, ZG). */
int adm_part_has_frame(const adm_stmt *part);
/* A GRAPHICS statement of a kind mbsim does not draw (FORCE, SPDP,
 * EXTERNAL, ...): read and checked, no effect on any result. */
int adm_graphic_not_drawn(const adm_stmt *s);
/* The part a marker statement is on (its PART=), 0 when unknown. */
int adm_marker_part(const adm_ctx *c, int marker_id);

#endif
