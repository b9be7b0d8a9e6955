/* String helpers (strutil.h). */
#include "strutil.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *mbs_strdup(const char *s)
{
    return s ? mbs_strndup(s, strlen(s)) : NULL;
}

char *mbs_strndup(const char *s, size_t n)
{
    char *r = malloc(n + 1);
    if (r) {
        memcpy(r, s, n);
        r[n] = '\0';
    }
    return r;
}

char *mbs_vsprintf_alloc(const char *fmt, va_list ap)
{
    va_list copy;
    va_copy(copy, ap);
    int n = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    if (n < 0)
        return NULL;
    char *r = malloc((size_t)n + 1);
    if (r)
        vsnprintf(r, (size_t)n + 1, fmt, ap);
    return r;
}

char *mbs_sprintf_alloc(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *r = mbs_vsprintf_alloc(fmt, ap);
    va_end(ap);
    return r;
}

int mbs_strcaseeq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return 0;
    return *a == *b;
}

void mbs_str_lower(char *s)
{
    for (; *s; s++)
        *s = (char)tolower((unsigned char)*s);
}

void mbs_str_upper(char *s)
{
    for (; *s; s++)
        *s = (char)toupper((unsigned char)*s);
}

char *mbs_str_trim(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    size_t start = 0;
    while (isspace((unsigned char)s[start]))
        start++;
    if (start)
        memmove(s, s + start, n - start + 1);
    return s;
}

int mbs_parse_double(const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || errno == ERANGE || !isfinite(v))
        return -1;
    while (isspace((unsigned char)*end))
        end++;
    if (*end)
        return -1;
    *out = v;
    return 0;
}

int mbs_parse_long(const char *s, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || errno == ERANGE)
        return -1;
    while (isspace((unsigned char)*end))
        end++;
    if (*end)
        return -1;
    *out = v;
    return 0;
}

int mbs_choice_index(const char *choices, const char *word)
{
    size_t wlen = strlen(word);
    int index = 0;
    const char *p = choices;
    while (*p) {
        const char *bar = strchr(p, '|');
        size_t len = bar ? (size_t)(bar - p) : strlen(p);
        if (len == wlen) {
            size_t i = 0;
            while (i < len && tolower((unsigned char)p[i]) == tolower((unsigned char)word[i]))
                i++;
            if (i == len)
                return index;
        }
        index++;
        if (!bar)
            break;
        p = bar + 1;
    }
    return -1;
}

int mbs_edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 64 || lb > 64)
        return 99;
    int row[65];
    for (size_t j = 0; j <= lb; j++)
        row[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int diag = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int up = row[j];
            int cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
            int best = diag + cost;
            if (row[j] + 1 < best)
                best = row[j] + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

void mbs_buf_init(mbs_buf *b)
{
    b->data = NULL;
    b->len = b->cap = 0;
}

void mbs_buf_free(mbs_buf *b)
{
    free(b->data);
    mbs_buf_init(b);
}

static void buf_reserve(mbs_buf *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra + 1)
        cap *= 2;
    char *d = realloc(b->data, cap);
    if (!d)
        abort(); /* out of memory while building text: nothing sensible to do */
    b->data = d;
    b->cap = cap;
}

void mbs_buf_append(mbs_buf *b, const char *s)
{
    size_t n = strlen(s);
    buf_reserve(b, n);
    memcpy(b->data + b->len, s, n + 1);
    b->len += n;
}

void mbs_buf_appendf(mbs_buf *b, const char *fmt, ...)
{
    va_list ap, copy;
    va_start(ap, fmt);
    va_copy(copy, ap);
    int n = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    if (n > 0) {
        buf_reserve(b, (size_t)n);
        vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
        b->len += (size_t)n;
    }
    va_end(ap);
}

char *mbs_str_shown(const char *s, size_t max)
{
    mbs_buf b;
    mbs_buf_init(&b);
    size_t len = s ? strlen(s) : 0;
    size_t i = 0;
    for (; i < len && (size_t)b.len < max; i++) {
        unsigned char c = (unsigned char)s[i];
        char esc[8];
        if (c == '\n' || c == '\r' || c == '\t')
            snprintf(esc, sizeof esc, "\\%c", c == '\n' ? 'n' : c == '\r' ? 'r' : 't');
        else if (c < 0x20 || c == 0x7f)
            snprintf(esc, sizeof esc, "\\x%02x", c);
        else
            esc[0] = (char)c, esc[1] = '\0';
        mbs_buf_append(&b, esc);
    }
    /* cut inside a UTF-8 character (continuation bytes are 10xxxxxx):
     * drop the bytes of it already copied, which were copied as they are */
    if (i < len && ((unsigned char)s[i] & 0xC0) == 0x80) {
        while (i > 0 && ((unsigned char)s[i - 1] & 0xC0) == 0x80)
            b.len--, i--;
        if (i > 0)
            b.len--, i--;
        b.data[b.len] = '\0';
    }
    if (i < len)
        mbs_buf_appendf(&b, "...(%zu bytes)", len);
    if (!b.data)
        mbs_buf_append(&b, "");
    return b.data;
}

int mbs_parse_numbers(const char *text, double **out, int *n, char *bad, size_t badsize)
{
    *out = NULL;
    *n = 0;
    char *copy = mbs_strdup(text ? text : "");
    if (!copy)
        return -1;
    int cap = 0, rc = 0;
    for (char *tok = strtok(copy, " \t\r\n,"); tok && rc == 0; tok = strtok(NULL, " \t\r\n,")) {
        double v;
        if (mbs_parse_double(tok, &v) != 0) {
            if (bad && badsize)
                snprintf(bad, badsize, "%s", tok);
            rc = -2;
            break;
        }
        if (*n == cap) {
            cap = cap ? 2 * cap : 16;
            double *grown = realloc(*out, (size_t)cap * sizeof *grown);
            if (!grown) {
                rc = -1;
                break;
            }
            *out = grown;
        }
        (*out)[(*n)++] = v;
    }
    free(copy);
    if (rc != 0) {
        free(*out);
        *out = NULL;
        *n = 0;
    }
    return rc;
}
