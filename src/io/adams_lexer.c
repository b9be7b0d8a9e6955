/* Adams/Solver statements from the text of a dataset or command file. */
#include "adams_lexer.h"
#include "../core/strutil.h"

#include <ctype.h>
#include <strings.h>
#include <stdlib.h>
#include <string.h>

typedef struct growing {
    char *text;
    int *lines;
    size_t len, cap;
} growing;

static int grow_append(growing *g, const char *s, size_t n, int line)
{
    if (g->len + n + 1 > g->cap) {
        size_t cap = (g->len + n + 1) * 2;
        char *t = realloc(g->text, cap);
        if (!t)
            return -1;
        g->text = t;
        int *l = realloc(g->lines, cap * sizeof *l);
        if (!l)
            return -1;
        g->lines = l;
        g->cap = cap;
    }
    memcpy(g->text + g->len, s, n);
    for (size_t i = 0; i < n; i++)
        g->lines[g->len + i] = line;
    g->len += n;
    g->text[g->len] = '\0';
    return 0;
}

static int push_statement(adm_lexed *out, growing *g, int line, char **view_name)
{
    adm_raw *st = realloc(out->st, (size_t)(out->n + 1) * sizeof *st);
    if (!st)
        return -1;
    out->st = st;
    st[out->n++] = (adm_raw){g->text, g->lines, line, *view_name};
    *view_name = NULL;
    memset(g, 0, sizeof *g);
    return 0;
}

/* Adams/View writes each object's name in a comment above its statement:
 * "!   adams_view_name='PART_2'". The last such name is kept for the next
 * statement. */
static void view_name_of(const char *comment, size_t n, char **name)
{
    static const char KEY[] = "adams_view_name='";
    size_t k = sizeof KEY - 1;
    for (size_t i = 0; i + k <= n; i++)
        if (strncmp(comment + i, KEY, k) == 0) {
            const char *q = memchr(comment + i + k, '\'', n - i - k);
            if (!q)
                return;
            free(*name);
            *name = mbs_strndup(comment + i + k, (size_t)(q - comment - i - k));
            return;
        }
}

/* "END" alone (any case), the statement that ends a dataset. */
static int is_end(const char *s, size_t n)
{
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        n--;
    return n == 3 && strncasecmp(s, "END", 3) == 0;
}

mbs_status adm_lex(const char *path, const char *text, size_t len, int header_lines, mbs_diags *d,
                   adm_lexed *out)
{
    memset(out, 0, sizeof *out);
    if (memchr(text, '\0', len)) {
        mbs_diag_add(d, MBS_SEV_ERROR, path, 0, "the file holds a NUL byte: it is not an Adams dataset (text)");
        return MBS_E_INPUT;
    }
    growing g = {0};
    char *view_name = NULL, *g_view = NULL; /* the name for the next statement; the pending statement's */
    int g_line = 0, errors = 0, line = 0;
    size_t pos = 0;
    while (pos < len) {
        size_t eol = pos;
        while (eol < len && text[eol] != '\n')
            eol++;
        line++;
        size_t n = eol - pos;
        const char *s = text + pos;
        pos = eol + 1;
        if (n > 0 && s[n - 1] == '\r')
            n--;
        if (out->n_header < header_lines) {
            out->header[out->n_header++] = mbs_strndup(s, n);
            continue;
        }
        if (out->end_line)
            continue; /* Adams reads nothing after END */
        const char *bang = memchr(s, '!', n);
        if (bang) {
            view_name_of(bang, n - (size_t)(bang - s), &view_name);
            n = (size_t)(bang - s);
        }
        size_t a = 0;
        while (a < n && isspace((unsigned char)s[a]))
            a++;
        if (a == n)
            continue;
        if (s[a] == ',') {
            if (!g.text) {
                if (errors++ < 20)
                    mbs_diag_add(d, MBS_SEV_ERROR, path, line,
                                 "a continuation line (starting with ',') without a statement to continue");
                continue;
            }
            char cont = ADM_CONT;
            if (grow_append(&g, &cont, 1, line) != 0 || grow_append(&g, s + a + 1, n - a - 1, line) != 0)
                goto nomem;
            continue;
        }
        if (g.text && push_statement(out, &g, g_line, &g_view) != 0)
            goto nomem;
        if (is_end(s + a, n - a)) {
            out->end_line = line;
            continue;
        }
        g_line = line;
        free(g_view);
        g_view = view_name;
        view_name = NULL;
        if (grow_append(&g, s + a, n - a, line) != 0)
            goto nomem;
    }
    if (g.text && push_statement(out, &g, g_line, &g_view) != 0)
        goto nomem;
    free(view_name);
    free(g_view);
    return errors ? MBS_E_INPUT : MBS_OK;
nomem:
    free(view_name);
    free(g_view);
    free(g.text);
    free(g.lines);
    return MBS_E_NOMEM;
}

void adm_lexed_free(adm_lexed *l)
{
    for (int i = 0; i < l->n; i++) {
        free(l->st[i].text);
        free(l->st[i].lines);
        free(l->st[i].view_name);
    }
    free(l->st);
    free(l->header[0]);
    free(l->header[1]);
    memset(l, 0, sizeof *l);
}
