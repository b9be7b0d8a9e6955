/* Internal to the Adams reader: statements and their arguments declared as
 * data (adams_statements.c, adams_commands.c), and one statement's text read
 * against its declaration. Everything generic lives here: abbreviations to
 * the shortest unique prefix, value types, D angle suffixes, function
 * expressions that run to a backslash, and the errors for unknown, repeated,
 * ambiguous and ill-typed arguments. */
#ifndef MBS_ADAMS_PARSE_H
#define MBS_ADAMS_PARSE_H

#include "adams_lexer.h"
#include "../core/diag.h"

typedef enum adm_type {
    ADM_FLAG, /* a conditional argument: the keyword alone (GROUND, REVOLUTE, ACTIONONLY) */
    ADM_NUM,  /* numbers, separated by commas; "90D" is in degrees, "1.5D-3" a Fortran exponent */
    ADM_ID,   /* identifiers (whole numbers), separated by commas */
    ADM_WORD, /* a word (upper-cased), or words joined by ':' (T:R, PRELOAD:RFORCE) */
    ADM_TEXT, /* text as written, up to the next comma (COMMENT, FILE, ROUTINE) */
    ADM_EXPR, /* a function expression: to a backslash or the end of the statement */
} adm_type;

typedef struct adm_argdef {
    const char *name;   /* Adams' spelling */
    adm_type type;
    int min, max;       /* ADM_NUM, ADM_ID: how many values (max 0: any number) */
    const char *abbrev; /* Adams' documented shortest form where it is not a unique prefix
                           (C for COMMENT beside CNAMES, F for FORCE beside F1..F8), else NULL */
} adm_argdef;

struct adm_ctx;
struct adm_stmt;

typedef enum adm_effect {
    ADM_CONVERTED, /* mbsim runs it */
    ADM_NO_EFFECT, /* read and checked; settings of Adams' own files or solver that mbsim has no use for */
    ADM_REFUSED,   /* one error per statement */
} adm_effect;

enum { ADM_ID_NONE, ADM_ID_REQUIRED, ADM_ID_OPTIONAL };

typedef struct adm_stmtdef {
    const char *name;
    int id;                    /* ADM_ID_* */
    const adm_argdef *args;
    int n_args;
    adm_effect effect;
    /* Adds the statement's elements to the spec (ADM_CONVERTED), applies
     * what it sets, or reports why not; 0 or -1. NULL: nothing to do. */
    int (*map)(struct adm_ctx *c, const struct adm_stmt *s);
    const char *doc;           /* what mbsim makes of it (ADM_REFUSED: why not) */
    const char *kind;          /* the element kind it becomes (its ids), or NULL */
} adm_stmtdef;

#define ADM_ARGS(a) (a), (int)(sizeof(a) / sizeof((a)[0]))

typedef struct adm_val {
    int given;
    int line;
    double *num; /* ADM_NUM, ADM_ID (D suffixes applied: radians) */
    int n;
    char *text;  /* as written, trimmed (ADM_WORD upper-cased; ADM_EXPR its pieces joined) */
} adm_val;

typedef struct adm_stmt {
    const adm_stmtdef *def;
    int id, has_id;
    int line;
    const char *view_name; /* Adams/View's name of it, or NULL */
    int failed;            /* it could not be read or mapped (reported): what refers to it is left out silently */
    adm_val *v;            /* def->n_args */
} adm_stmt;

/* The declaration `word` (a statement's name or an argument's key, any case)
 * abbreviates: an exact name, else the one name it begins (or Adams'
 * documented abbreviation). NULL when none; *ambiguous lists the candidates
 * when several fit ("REQUEST, RESULTS"). */
const adm_stmtdef *adm_find_statement(const adm_stmtdef *const *defs, const char *word, char *ambiguous,
                                      size_t size);

/* Reads one lexed statement against the table `defs`; reports every problem
 * (file:line: error: ...) and returns 0 when the statement is usable, -1 when
 * not, with *out filled as far as it could be read. */
int adm_parse_statement(const char *path, const adm_raw *raw, const adm_stmtdef *const *defs, mbs_diags *d,
                        adm_stmt *out);
void adm_stmt_free(adm_stmt *s);

/* Reads an Adams number: "-0.4", "1.5E-3", Fortran's "1.5D-3", "90D" (degrees,
 * returned in radians). 0, or -1 when `s` is not a number. */
int adm_parse_number(const char *s, double *out);

/* The value of argument `name` (which must be in the declaration) or NULL when
 * it was not given. */
const adm_val *adm_arg(const adm_stmt *s, const char *name);
/* "PART/2", "ACCGRAV" */
void adm_describe(const adm_stmt *s, char *out, size_t size);

#endif
