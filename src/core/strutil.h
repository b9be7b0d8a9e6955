/* Small string helpers: allocation-returning printf, case folding, parsing
 * numbers, "did you mean" distances, a growing text buffer. */
#ifndef MBS_STRUTIL_H
#define MBS_STRUTIL_H

#include <stdarg.h>
#include <stddef.h>

char *mbs_strdup(const char *s);
char *mbs_strndup(const char *s, size_t n);
char *mbs_sprintf_alloc(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *mbs_vsprintf_alloc(const char *fmt, va_list ap);

int mbs_strcaseeq(const char *a, const char *b);
void mbs_str_lower(char *s);
void mbs_str_upper(char *s);
/* Trims leading and trailing white space in place; returns s. */
char *mbs_str_trim(char *s);

/* Parses a whole string as a double / a long; returns 0 on success. */
int mbs_parse_double(const char *s, double *out);
int mbs_parse_long(const char *s, long *out);

/* The numbers of a list separated by white space or commas (NULL text: an
 * empty list), in a new array (*out, free it); 0, -1 out of memory, or -2
 * with the first token that is not a number in `bad`. */
int mbs_parse_numbers(const char *text, double **out, int *n, char *bad, size_t badsize);

/* Index of `word` (case-insensitive) in a '|' separated list, or -1. */
int mbs_choice_index(const char *choices, const char *word);

/* Edit distance, for "did you mean" hints. */
int mbs_edit_distance(const char *a, const char *b);

/* Text from a file, made fit for a one-line message: control characters
 * escaped (\n, \r, \t, \xNN), and cut after max bytes (at a character
 * boundary) with "..." and the full length, e.g. "AAAA...(40000 bytes)".
 * A new allocation (NULL when out of memory). */
#define MBS_SHOWN_NAME 64 /* what messages show of a name or a value */
char *mbs_str_shown(const char *s, size_t max);

/* Growable text buffer. */
typedef struct mbs_buf {
    char *data;
    size_t len, cap;
} mbs_buf;

void mbs_buf_init(mbs_buf *b);
void mbs_buf_free(mbs_buf *b);
void mbs_buf_append(mbs_buf *b, const char *s);
void mbs_buf_appendf(mbs_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
