/* Diagnostics sink: errors, warnings and notes collected with their source
 * location, printed by the command line layer in GCC style
 * ("file:line: error: message"). */
#ifndef MBS_DIAG_H
#define MBS_DIAG_H

#include <stdarg.h>

typedef enum mbs_severity { MBS_SEV_ERROR, MBS_SEV_WARNING, MBS_SEV_NOTE } mbs_severity;

typedef struct mbs_diag {
    mbs_severity severity;
    char *file;   /* may be NULL */
    int line;     /* 0 when there is no line */
    char *message;
} mbs_diag;

typedef struct mbs_diags {
    mbs_diag *items;
    int count, capacity;
    int errors, warnings;
    int max_errors;  /* stop recording errors beyond this many (0 = unlimited) */
} mbs_diags;

void mbs_diags_init(mbs_diags *d);
void mbs_diags_free(mbs_diags *d);

void mbs_diag_add(mbs_diags *d, mbs_severity sev, const char *file, int line,
                  const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void mbs_diag_addv(mbs_diags *d, mbs_severity sev, const char *file, int line,
                   const char *fmt, va_list ap);

/* Formats one diagnostic as "file:line: error: message" into a new string. */
char *mbs_diag_format(const mbs_diag *diag);

/* Sorts the diagnostics from index `first` on by line, stably (messages
 * gathered out of file order are reported in it). */
void mbs_diags_sort_by_line(mbs_diags *d, int first);

/* Drops the warnings and notes from index `first` on, keeping the errors in order. */
void mbs_diags_keep_errors(mbs_diags *d, int first);

/* Keeps only the first `count` diagnostics (used to roll back speculative checks). */
void mbs_diags_truncate(mbs_diags *d, int count);

#endif
