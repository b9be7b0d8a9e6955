/* One Adams statement read against its declaration. */
#include "adams_parse.h"
#include "../core/strutil.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- numbers -------------------------------------------------------------- */

int adm_parse_number(const char *s, double *out)
{
    char buf[64];
    size_t n = strlen(s);
    if (n == 0 || n >= sizeof buf)
        return -1;
    memcpy(buf, s, n + 1);
    int degrees = 0;
    /* digits [. digits] [E|D [sign] digits] [D] */
    size_t i = 0;
    if (buf[i] == '+' || buf[i] == '-')
        i++;
    size_t digits = 0;
    while (isdigit((unsigned char)buf[i]))
        i++, digits++;
    if (buf[i] == '.') {
        i++;
        while (isdigit((unsigned char)buf[i]))
            i++, digits++;
    }
    if (digits == 0)
        return -1;
    if ((buf[i] == 'E' || buf[i] == 'e' || buf[i] == 'D' || buf[i] == 'd') &&
        (isdigit((unsigned char)buf[i + 1]) ||
         ((buf[i + 1] == '+' || buf[i + 1] == '-') && isdigit((unsigned char)buf[i + 2])))) {
        buf[i] = 'E'; /* Fortran's double-precision exponent */
        i += 2;
        while (isdigit((unsigned char)buf[i]))
            i++;
    }
    if (buf[i] == 'D' || buf[i] == 'd') {
        degrees = 1;
        buf[i++] = '\0';
    }
    if (buf[i] != '\0')
        return -1;
    char *end;
    double v = strtod(buf, &end);
    if (!isfinite(v))
        return -1;
    *out = degrees ? v * (3.14159265358979323846 / 180.0) : v;
    return 0;
}

/* ---- names and abbreviations --------------------------------------------- */

static int starts_with(const char *name, const char *word)
{
    return strncasecmp(name, word, strlen(word)) == 0;
}

/* The index of the name `word` abbreviates among n names (names[i] every
 * `stride` bytes from `base`); -1 none, -2 ambiguous (candidates listed). */
typedef const char *(*name_at)(const void *table, int i, const char **abbrev);

static int find_name(const void *table, int n, name_at at, const char *word, char *ambiguous, size_t size)
{
    int count = 0, found = -1, preferred = -1, n_preferred = 0;
    if (ambiguous && size)
        ambiguous[0] = '\0';
    if (!*word)
        return -1;
    for (int i = 0; i < n; i++) {
        const char *abbrev = NULL;
        const char *name = at(table, i, &abbrev);
        if (strcasecmp(name, word) == 0)
            return i;
        if (!starts_with(name, word))
            continue;
        count++;
        found = i;
        if (abbrev && starts_with(word, abbrev)) {
            n_preferred++;
            preferred = i;
        }
    }
    if (n_preferred == 1)
        return preferred;
    if (count <= 1)
        return found;
    if (ambiguous) {
        size_t used = 0;
        for (int i = 0; i < n && used < size; i++) {
            const char *abbrev;
            const char *name = at(table, i, &abbrev);
            if (starts_with(name, word))
                used += (size_t)snprintf(ambiguous + used, size - used, "%s%s", used ? ", " : "", name);
        }
    }
    return -2;
}

static const char *stmt_name_at(const void *table, int i, const char **abbrev)
{
    *abbrev = NULL;
    return ((const adm_stmtdef *const *)table)[i]->name;
}

static const char *arg_name_at(const void *table, int i, const char **abbrev)
{
    const adm_argdef *a = &((const adm_argdef *)table)[i];
    *abbrev = a->abbrev;
    return a->name;
}

const adm_stmtdef *adm_find_statement(const adm_stmtdef *const *defs, const char *word, char *ambiguous,
                                      size_t size)
{
    int n = 0;
    while (defs[n])
        n++;
    int i = find_name(defs, n, stmt_name_at, word, ambiguous, size);
    return i >= 0 ? defs[i] : NULL;
}

const adm_val *adm_arg(const adm_stmt *s, const char *name)
{
    for (int i = 0; i < s->def->n_args; i++)
        if (strcmp(s->def->args[i].name, name) == 0)
            return s->v[i].given ? &s->v[i] : NULL;
    fprintf(stderr, "mbsim: internal error: Adams statement %s has no argument %s\n", s->def->name, name);
    abort();
}

void adm_describe(const adm_stmt *s, char *out, size_t size)
{
    if (s->has_id)
        snprintf(out, size, "%s/%d", s->def->name, s->id);
    else
        snprintf(out, size, "%s", s->def->name);
}

void adm_stmt_free(adm_stmt *s)
{
    if (s->v && s->def)
        for (int i = 0; i < s->def->n_args; i++) {
            free(s->v[i].num);
            free(s->v[i].text);
        }
    free(s->v);
    memset(s, 0, sizeof *s);
}

/* ---- reading the arguments ----------------------------------------------- */

typedef struct parser {
    const char *path;
    const adm_raw *raw;
    const char *t;
    size_t pos, len;
    mbs_diags *d;
    adm_stmt *s;
    char what[96]; /* "PART/2" for messages */
    int errors;
    int bad_value; /* a value of the list being read was reported: its count is not checked */
} parser;

static int is_sep(char c)
{
    return c == ',' || c == ADM_CONT;
}

static int line_at(const parser *p, size_t pos)
{
    return p->raw->lines[pos < p->len ? pos : (p->len ? p->len - 1 : 0)];
}

static void perr(parser *p, size_t pos, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void perr(parser *p, size_t pos, const char *fmt, ...)
{
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    mbs_diag_add(p->d, MBS_SEV_ERROR, p->path, line_at(p, pos), "%s: %s", p->what, msg);
    p->errors++;
}

static void skip_space(parser *p)
{
    while (p->pos < p->len && isspace((unsigned char)p->t[p->pos]))
        p->pos++;
}

/* The item from pos to the next separator or '=' (at parenthesis depth 0),
 * trimmed, in a new string; *stop is the character that ended it. */
static char *read_item(parser *p, char *stop)
{
    size_t a = p->pos;
    int depth = 0;
    while (p->pos < p->len) {
        char c = p->t[p->pos];
        if (c == '(')
            depth++;
        else if (c == ')' && depth > 0)
            depth--;
        else if (depth == 0 && (is_sep(c) || c == '=' || c == '\\'))
            break;
        p->pos++;
    }
    *stop = p->pos < p->len ? p->t[p->pos] : '\0';
    char *item = mbs_strndup(p->t + a, p->pos - a);
    if (item)
        mbs_str_trim(item);
    return item;
}

static int append_number(adm_val *v, double x)
{
    double *num = realloc(v->num, (size_t)(v->n + 1) * sizeof *num);
    if (!num)
        return -1;
    v->num = num;
    num[v->n++] = x;
    return 0;
}

/* The last character other than white space in b, or '\0'. */
static char last_char(const mbs_buf *b)
{
    for (size_t i = b->len; i > 0; i--)
        if (!isspace((unsigned char)b->data[i - 1]))
            return b->data[i - 1];
    return '\0';
}

/* A function expression from pos: it runs to a backslash (which ends it) or
 * the end of the statement. A comma outside parentheses on the same line
 * ends it too (it cannot belong to an expression). A continuation line joins
 * the expression where either side of the line break is an operator (the
 * expression is unfinished, or the new line goes on with + - * /); inside
 * parentheses it is otherwise the comma between a function's arguments; and
 * outside them it starts the next argument. */
static char *read_expression(parser *p)
{
    mbs_buf b;
    mbs_buf_init(&b);
    mbs_buf_append(&b, "");
    int depth = 0;
    while (p->pos < p->len) {
        char c = p->t[p->pos];
        if (c == '\\') {
            p->pos++;
            break;
        }
        if (c == ',' && depth == 0)
            break;
        if (c == ADM_CONT) {
            size_t q = p->pos + 1;
            while (q < p->len && isspace((unsigned char)p->t[q]))
                q++;
            char next = q < p->len ? p->t[q] : '\0';
            char prev = last_char(&b);
            if ((prev && strchr("+-*/^(,:", prev)) || (next && strchr("+-*/^),:", next))) {
                mbs_buf_append(&b, " ");
                p->pos++;
                continue;
            }
            if (depth == 0)
                break;
            mbs_buf_append(&b, ",");
            p->pos++;
            continue;
        }
        if (c == '(')
            depth++;
        else if (c == ')' && depth > 0)
            depth--;
        char one[2] = {c, '\0'};
        mbs_buf_append(&b, one);
        p->pos++;
    }
    if (b.data)
        mbs_str_trim(b.data);
    return b.data;
}

/* A text value: to the next separator or backslash, as written. */
static char *read_text(parser *p)
{
    size_t a = p->pos;
    while (p->pos < p->len && !is_sep(p->t[p->pos]) && p->t[p->pos] != '\\')
        p->pos++;
    char *s = mbs_strndup(p->t + a, p->pos - a);
    if (s)
        mbs_str_trim(s);
    if (p->pos < p->len && p->t[p->pos] == '\\')
        p->pos++;
    return s;
}

static const char *type_name(adm_type t)
{
    switch (t) {
    case ADM_FLAG: return "no value";
    case ADM_NUM: return "numbers";
    case ADM_ID: return "identifiers";
    case ADM_WORD: return "a word";
    case ADM_TEXT: return "text";
    case ADM_EXPR: return "a function expression";
    }
    return "?";
}

/* The declaration `key` names; reports unknown and ambiguous keys. */
static int lookup_arg(parser *p, const char *key, size_t pos)
{
    char amb[512];
    const adm_stmtdef *def = p->s->def;
    int i = find_name(def->args, def->n_args, arg_name_at, key, amb, sizeof amb);
    if (i == -2)
        perr(p, pos, "'%s' is not a unique abbreviation (it could be %s)", key, amb);
    else if (i < 0) {
        char *shown = mbs_str_shown(key, MBS_SHOWN_NAME);
        perr(p, pos, "unknown argument '%s'", shown ? shown : key);
        free(shown);
    }
    return i;
}

static int value_starts(parser *p, int i, size_t pos)
{
    adm_val *v = &p->s->v[i];
    if (v->given) {
        perr(p, pos, "%s is given twice (first on line %d)", p->s->def->args[i].name, v->line);
        free(v->num);
        free(v->text);
        v->num = NULL;
        v->text = NULL;
        v->n = 0;
    }
    v->given = 1;
    v->line = line_at(p, pos);
    return 0;
}

static void check_count(parser *p, int i, size_t pos)
{
    if (p->bad_value) {
        p->bad_value = 0;
        return;
    }
    const adm_argdef *a = &p->s->def->args[i];
    const adm_val *v = &p->s->v[i];
    if (v->n < a->min || (a->max && v->n > a->max)) {
        if (a->min == a->max)
            perr(p, pos, "%s takes %d value%s, not %d", a->name, a->min, a->min == 1 ? "" : "s", v->n);
        else if (a->max)
            perr(p, pos, "%s takes %d to %d values, not %d", a->name, a->min, a->max, v->n);
        else
            perr(p, pos, "%s takes at least %d value%s", a->name, a->min, a->min == 1 ? "" : "s");
    }
}

/* A number of argument i: numbers, or whole numbers for identifiers. */
static void add_value(parser *p, int i, const char *item, size_t pos)
{
    const adm_argdef *a = &p->s->def->args[i];
    double x;
    char *shown = mbs_str_shown(item, MBS_SHOWN_NAME);
    if (adm_parse_number(item, &x) != 0) {
        perr(p, pos, "%s: '%s' is not a number", a->name, shown ? shown : item);
        p->bad_value = 1;
    } else if (a->type == ADM_ID && (x != floor(x) || x < 0 || x > 2147483647.0 || strpbrk(item, "dD"))) {
        perr(p, pos, "%s: '%s' is not an identifier (a whole number)", a->name, shown ? shown : item);
        p->bad_value = 1;
    } else
        append_number(&p->s->v[i], x);
    free(shown);
}

static void read_arguments(parser *p)
{
    int list = -1; /* the argument whose numbers a bare number continues */
    size_t list_pos = 0;
    for (;;) {
        while (p->pos < p->len && (isspace((unsigned char)p->t[p->pos]) || is_sep(p->t[p->pos]) ||
                                   p->t[p->pos] == '\\'))
            p->pos++;
        if (p->pos >= p->len)
            break;
        size_t at = p->pos;
        char stop;
        char *item = read_item(p, &stop);
        if (!item)
            return;
        double x;
        if (stop == '=') {
            if (list >= 0)
                check_count(p, list, list_pos);
            list = -1;
            p->pos++; /* '=' */
            int i = *item ? lookup_arg(p, item, at) : -1;
            if (!*item)
                perr(p, at, "'=' without an argument name before it");
            if (i < 0) { /* skip its value */
                free(item);
                skip_space(p);
                item = read_expression(p);
                free(item);
                continue;
            }
            const adm_argdef *a = &p->s->def->args[i];
            value_starts(p, i, at);
            adm_val *v = &p->s->v[i];
            skip_space(p);
            switch (a->type) {
            case ADM_FLAG:
                perr(p, at, "%s takes no value", a->name);
                free(read_text(p));
                break;
            case ADM_EXPR:
                v->text = read_expression(p);
                if (v->text && !*v->text)
                    perr(p, at, "%s: the function expression is empty", a->name);
                break;
            case ADM_TEXT:
                v->text = read_text(p);
                break;
            case ADM_WORD:
                v->text = read_text(p);
                if (v->text)
                    mbs_str_upper(v->text);
                if (v->text && !*v->text)
                    perr(p, at, "%s needs a value", a->name);
                break;
            case ADM_NUM:
            case ADM_ID: {
                char s2;
                size_t vat = p->pos;
                char *first = read_item(p, &s2);
                if (first && *first)
                    add_value(p, i, first, vat);
                else
                    perr(p, at, "%s needs %s", a->name, type_name(a->type));
                free(first);
                list = i;
                list_pos = at;
                break;
            }
            }
        } else if (adm_parse_number(item, &x) == 0 && list >= 0) {
            add_value(p, list, item, at);
        } else if (*item) {
            if (list >= 0)
                check_count(p, list, list_pos);
            list = -1;
            if (adm_parse_number(item, &x) == 0) {
                perr(p, at, "the number '%s' follows no argument that takes numbers", item);
            } else {
                int i = lookup_arg(p, item, at);
                if (i >= 0) {
                    const adm_argdef *a = &p->s->def->args[i];
                    value_starts(p, i, at);
                    if (a->type != ADM_FLAG)
                        perr(p, at, "%s needs %s (%s = ...)", a->name, type_name(a->type), a->name);
                }
            }
        }
        free(item);
    }
    if (list >= 0)
        check_count(p, list, list_pos);
}

int adm_parse_statement(const char *path, const adm_raw *raw, const adm_stmtdef *const *defs, mbs_diags *d,
                        adm_stmt *out)
{
    memset(out, 0, sizeof *out);
    out->line = raw->line;
    out->view_name = raw->view_name;
    const char *t = raw->text;
    size_t len = strlen(t), k = 0;
    while (k < len && (isalnum((unsigned char)t[k]) || t[k] == '_'))
        k++;
    char *name = mbs_strndup(t, k);
    if (!name)
        return -1;
    char amb[512];
    const adm_stmtdef *def = k ? adm_find_statement(defs, name, amb, sizeof amb) : NULL;
    if (!def) {
        char *shown = mbs_str_shown(k ? name : t, MBS_SHOWN_NAME);
        if (k && amb[0])
            mbs_diag_add(d, MBS_SEV_ERROR, path, raw->line, "'%s' is not a unique abbreviation of a statement "
                         "(it could be %s)", shown, amb);
        else
            mbs_diag_add(d, MBS_SEV_ERROR, path, raw->line, "unknown statement '%s'", shown ? shown : "");
        free(shown);
        free(name);
        return -1;
    }
    free(name);
    out->def = def;
    out->v = calloc((size_t)(def->n_args > 0 ? def->n_args : 1), sizeof *out->v);
    if (!out->v)
        return -1;
    parser p = {path, raw, t, k, len, d, out, "", 0, 0};
    snprintf(p.what, sizeof p.what, "%s", def->name);
    skip_space(&p);
    if (p.pos < len && t[p.pos] == '/') {
        p.pos++;
        skip_space(&p);
        size_t a = p.pos;
        while (p.pos < len && isdigit((unsigned char)t[p.pos]))
            p.pos++;
        size_t b = p.pos;
        skip_space(&p);
        if (b > a && (p.pos >= len || is_sep(t[p.pos]))) {
            long id = 0;
            char digits[16];
            if (b - a < sizeof digits) {
                memcpy(digits, t + a, b - a);
                digits[b - a] = '\0';
                id = strtol(digits, NULL, 10);
            }
            if (b - a >= sizeof digits || id <= 0 || id > 2147483647L) {
                perr(&p, a, "the identifier '%.*s' is not a positive integer of at most 10 digits",
                     (int)(b - a > 20 ? 20 : b - a), t + a);
            } else {
                out->id = (int)id;
                out->has_id = 1;
                snprintf(p.what, sizeof p.what, "%s/%d", def->name, out->id);
            }
        } else {
            p.pos = a; /* no id: arguments follow the slash (OUTPUT/REQSAVE) */
        }
    } else if (p.pos < len && !is_sep(t[p.pos])) {
        perr(&p, p.pos, "'/' expected after the statement's name");
        return -1;
    }
    if (def->id == ADM_ID_REQUIRED && !out->has_id && !p.errors)
        perr(&p, 0, "an identifier is needed (%s/id, ...)", def->name);
    if (def->id == ADM_ID_NONE && out->has_id)
        perr(&p, 0, "%s takes no identifier", def->name);
    if (def->effect != ADM_REFUSED) /* a refused statement is one error, whatever its arguments */
        read_arguments(&p);
    return p.errors ? -1 : 0;
}
