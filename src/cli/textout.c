/* The command line's text output (textout.h): tables, exact numbers, CSV,
 * shell quoting. */
#include "textout.h"
#include "../core/strutil.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void mbs_table_init(mbs_table *t, int ncols)
{
    t->ncols = ncols;
    t->nrows = 0;
    t->cells = NULL;
}

void mbs_table_add(mbs_table *t, const char *const *cells)
{
    char **grown = realloc(t->cells, (size_t)(t->nrows + 1) * (size_t)t->ncols * sizeof *grown);
    if (!grown)
        return;
    t->cells = grown;
    for (int k = 0; k < t->ncols; k++)
        t->cells[t->nrows * t->ncols + k] = mbs_strdup(cells[k] ? cells[k] : "");
    t->nrows++;
}

void mbs_table_print(const mbs_table *t, FILE *out, const char *indent)
{
    int *width = calloc((size_t)t->ncols + 1, sizeof *width);
    if (!width)
        return;
    for (int r = 0; r < t->nrows; r++)
        for (int k = 0; k < t->ncols; k++) {
            const char *c = t->cells[r * t->ncols + k];
            int len = c ? (int)strlen(c) : 0;
            if (len > width[k])
                width[k] = len;
        }
    for (int r = 0; r < t->nrows; r++) {
        fputs(indent, out);
        int last = t->ncols - 1; /* no trailing blanks: the last non-empty cell ends the line */
        while (last > 0 && !(t->cells[r * t->ncols + last] && t->cells[r * t->ncols + last][0]))
            last--;
        for (int k = 0; k <= last; k++) {
            const char *c = t->cells[r * t->ncols + k];
            if (k < last)
                fprintf(out, "%-*s  ", width[k], c ? c : "");
            else
                fputs(c ? c : "", out);
        }
        fputc('\n', out);
    }
    free(width);
}

void mbs_table_free(mbs_table *t)
{
    for (int i = 0; i < t->nrows * t->ncols; i++)
        free(t->cells[i]);
    free(t->cells);
    t->cells = NULL;
    t->nrows = 0;
}

void mbs_format_exact(char *out, size_t size, double v)
{
    if (isnan(v)) {
        snprintf(out, size, "nan");
        return;
    }
    if (isinf(v)) {
        snprintf(out, size, "%s", v > 0 ? "inf" : "-inf");
        return;
    }
    for (int digits = 15; digits <= 17; digits++) {
        snprintf(out, size, "%.*g", digits, v);
        if (strtod(out, NULL) == v)
            return;
    }
}

char *mbs_shell_quote(const char *s)
{
    if (*s && strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_./=:,+-@%") == strlen(s))
        return mbs_strdup(s);
    mbs_buf b;
    mbs_buf_init(&b);
    mbs_buf_append(&b, "'");
    for (const char *p = s; *p; p++) {
        if (*p == '\'')
            mbs_buf_append(&b, "'\\''");
        else
            mbs_buf_appendf(&b, "%c", *p);
    }
    mbs_buf_append(&b, "'");
    return b.data;
}

void mbs_csv_field(FILE *out, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

static int add_field(char ***fields, int *n, mbs_buf *b)
{
    char **grown = realloc(*fields, (size_t)(*n + 1) * sizeof *grown);
    if (!grown)
        return -1;
    *fields = grown;
    grown[(*n)++] = b->data ? b->data : mbs_strdup("");
    mbs_buf_init(b); /* the text now belongs to the field */
    return 0;
}

int mbs_csv_read(FILE *f, char ***fields, int *n)
{
    *fields = NULL;
    *n = 0;
    int c = fgetc(f);
    if (c == EOF)
        return 0;
    mbs_buf b;
    mbs_buf_init(&b);
    int quoted = 0, rc = 1;
    for (;; c = fgetc(f)) {
        if (quoted) {
            if (c == EOF) {
                rc = -1; /* an open quote at the end */
                break;
            }
            if (c == '"') {
                int next = fgetc(f);
                if (next != '"') {
                    quoted = 0;
                    ungetc(next, f);
                    continue;
                }
            }
            char ch[2] = {(char)c, '\0'};
            mbs_buf_append(&b, ch);
            continue;
        }
        if (c == EOF || c == '\n' || c == ',') {
            if (add_field(fields, n, &b) != 0)
                rc = -1;
            if (c != ',' || rc < 0)
                break;
        } else if (c == '"') {
            quoted = 1;
        } else if (c != '\r') {
            char ch[2] = {(char)c, '\0'};
            mbs_buf_append(&b, ch);
        }
    }
    mbs_buf_free(&b);
    if (rc < 0) {
        mbs_csv_free(*fields, *n);
        *fields = NULL;
        *n = 0;
    }
    return rc;
}

void mbs_csv_free(char **fields, int n)
{
    for (int i = 0; i < n; i++)
        free(fields[i]);
    free(fields);
}
