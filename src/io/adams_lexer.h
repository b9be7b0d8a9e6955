/* Internal to the Adams reader: an Adams/Solver dataset (.adm) or command
 * file (.acf) cut into statements. The title line (a dataset's first line)
 * or the two header lines of a command file (dataset and output names) are
 * kept apart; '!' starts a comment to the end of the line; a line whose first
 * character other than white space is ',' continues the statement above
 * (its comma is kept as ADM_CONT, which separates arguments but joins the
 * pieces of a function expression); END ends a dataset. */
#ifndef MBS_ADAMS_LEXER_H
#define MBS_ADAMS_LEXER_H

#include "../core/diag.h"
#include "../core/status.h"

#include <stddef.h>

#define ADM_CONT '\x1f' /* a continuation line's leading comma */

typedef struct adm_raw {
    char *text;   /* the statement, comments removed, continuation lines joined */
    int *lines;   /* the source line of each byte of text */
    int line;     /* its first line */
    char *view_name; /* the adams_view_name='...' of a comment just above it (Adams/View's name), or NULL */
} adm_raw;

typedef struct adm_lexed {
    char *header[2];  /* title line; or a command file's dataset and output names */
    int n_header;
    adm_raw *st;
    int n;
    int end_line;     /* the line of END, 0 when there is none */
} adm_lexed;

/* Cuts `text` into statements; header_lines is 1 for a dataset (its title),
 * 2 for a command file. Reports continuation lines without a statement and
 * text that is not a statement (e.g. a NUL byte). */
mbs_status adm_lex(const char *path, const char *text, size_t len, int header_lines, mbs_diags *d,
                   adm_lexed *out);
void adm_lexed_free(adm_lexed *l);

#endif
