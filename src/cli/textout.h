/* Text output of the command line: aligned tables (mbsim info, compare),
 * numbers that read back exactly (export, sweep), CSV (export, sweep), shell
 * quoting (sweep). */
#ifndef MBS_TEXTOUT_H
#define MBS_TEXTOUT_H

#include <stddef.h>
#include <stdio.h>

typedef struct mbs_table {
    int ncols, nrows;
    char **cells; /* [nrows * ncols] */
} mbs_table;

void mbs_table_init(mbs_table *t, int ncols);
/* Appends a row of ncols texts (copied; NULL is empty). */
void mbs_table_add(mbs_table *t, const char *const *cells);
/* Prints every row, columns padded to their widest cell, two spaces apart. */
void mbs_table_print(const mbs_table *t, FILE *out, const char *indent);
void mbs_table_free(mbs_table *t);

/* The shortest of %.15g, %.16g, %.17g that reads back as v; nan, inf, -inf. */
void mbs_format_exact(char *out, size_t size, double v);

/* One CSV field: quoted (quotes doubled) when it holds a comma, a quote or
 * a line break. */
void mbs_csv_field(FILE *out, const char *s);
/* Splits one CSV record (RFC 4180, the form mbs_csv_field writes) read from
 * f into fields (new allocations, *n of them; free with mbs_csv_free).
 * Returns 1 for a record, 0 at the end of the file, -1 on a malformed one. */
int mbs_csv_read(FILE *f, char ***fields, int *n);
void mbs_csv_free(char **fields, int n);

/* s as one shell word: unchanged when it is safe, else in single quotes. */
char *mbs_shell_quote(const char *s);

#endif
