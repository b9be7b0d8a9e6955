#include "expr.h"
#include "../core/strutil.h"

#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <matheval.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct mbs_expr {
    void *evaluator;
    int n_used;
    char **used_names;  /* variables the evaluator refers to */
    double *used_values;
    int *var_index;     /* per used name: run-time variable index, or -1 if fixed */
    mbs_scope scope;    /* kept for derivatives (pointers, not copies) */
};

/* Names libmatheval treats as constants and as functions; a parameter may
 * not take one of them. */
static const char *const CONSTANTS[] = {
    "e", "log2e", "log10e", "ln2", "ln10", "pi", "pi_2", "pi_4", "1_pi", "2_pi", "2_sqrtpi",
    "sqrt2", "sqrt1_2", NULL};
static const char *const FUNCTIONS[] = {
    "exp", "log", "sqrt", "sin", "cos", "tan", "cot", "sec", "csc",
    "asin", "acos", "atan", "acot", "asec", "acsc", "sinh", "cosh", "tanh", "coth", "sech",
    "csch", "asinh", "acosh", "atanh", "acoth", "asech", "acsch", "abs", "step", "delta",
    "nandelta", "erf", NULL};

static int in_list(const char *const *list, const char *name, size_t len)
{
    for (int i = 0; list[i]; i++)
        if (strlen(list[i]) == len && strncmp(list[i], name, len) == 0)
            return 1;
    return 0;
}

int mbs_expr_valid_name(const char *name)
{
    if (!name || !(isalpha((unsigned char)name[0]) || name[0] == '_'))
        return 0;
    for (const char *p = name; *p; p++)
        if (!(isalnum((unsigned char)*p) || *p == '_'))
            return 0;
    return !in_list(CONSTANTS, name, strlen(name)) && !in_list(FUNCTIONS, name, strlen(name));
}

/* ---- syntax check ------------------------------------------------------------
 * libmatheval's parser leaks its partial tree on a syntax error, echoes
 * characters it does not know to stdout and skips them ("x!" reads as "x"),
 * and runs out of stack on very deep input. So every text is checked here
 * against the grammar libmatheval accepts, and only well-formed text is
 * handed to it:
 *   expr    := unary (op unary)*        op: + - * / ^
 *   unary   := '-' unary | '+' unary | primary
 *   primary := number | name | function '(' expr ')' | '(' expr ')'
 * libmatheval has no unary '+': it is blanked out, which changes nothing.
 * A chain a^b^c is refused: libmatheval computes (a^b)^c where most readers
 * expect a^(b^c). */

enum { MAX_EXPR_LENGTH = 10000, MAX_EXPR_DEPTH = 100 };

typedef struct syntax {
    char *text;  /* working copy: white space and unary '+' become ' ' */
    char *p;
    int depth;
    char reason[200];
} syntax;

static int syntax_fail(syntax *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int syntax_fail(syntax *s, const char *fmt, ...)
{
    if (!s->reason[0]) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(s->reason, sizeof s->reason, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static void skip_space(syntax *s)
{
    while (*s->p == ' ')
        s->p++;
}

static int is_name_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* The character at p for messages (a whole UTF-8 sequence). */
static const char *one_char(const char *p, char *buf, size_t size)
{
    size_t n = 1;
    while (n < 4 && ((unsigned char)p[n] & 0xC0) == 0x80)
        n++;
    snprintf(buf, size, "%.*s", (int)n, p);
    return buf;
}

/* A short quotation of the text at p for messages. */
static const char *near(const char *p, char *buf, size_t size)
{
    size_t n = 0;
    while (p[n] && p[n] != ' ' && n < 20)
        n++;
    if (n == 0)
        n = p[0] ? 1 : 0;
    snprintf(buf, size, "%.*s%s", (int)n, p, p[n] && p[n] != ' ' ? "..." : "");
    return buf;
}

static int parse_expr(syntax *s);

static int parse_number(syntax *s)
{
    char *start = s->p;
    int digits = 0;
    while (isdigit((unsigned char)*s->p))
        s->p++, digits++;
    if (*s->p == '.') {
        s->p++;
        while (isdigit((unsigned char)*s->p))
            s->p++, digits++;
    }
    if (!digits)
        return syntax_fail(s, "unexpected '.'");
    if (*s->p == 'e' || *s->p == 'E') {
        char *q = s->p + 1;
        if (*q == '+' || *q == '-')
            q++;
        if (isdigit((unsigned char)*q)) {
            while (isdigit((unsigned char)*q))
                q++;
            s->p = q;
        }
    }
    if (is_name_char(*s->p) || *s->p == '.') {
        char *end = s->p;
        while (is_name_char(*end) || *end == '.' || ((*end == '+' || *end == '-') && (end[-1] == 'e' || end[-1] == 'E')))
            end++;
        if (isalpha((unsigned char)*s->p) && *s->p != 'e' && *s->p != 'E')
            return syntax_fail(s, "'%.*s' is not a number (write %.*s*%.*s for a product)", (int)(end - start), start,
                               (int)(s->p - start), start, (int)(end - s->p), s->p);
        return syntax_fail(s, "'%.*s' is not a number", (int)(end - start), start);
    }
    return 0;
}

static int parse_primary(syntax *s)
{
    char buf[32];
    skip_space(s);
    char c = *s->p;
    if (c == '\0')
        return syntax_fail(s, "it ends too early: a number, a name or '(' is missing at the end");
    if (c == '(') {
        s->p++;
        if (parse_expr(s) != 0)
            return -1;
        skip_space(s);
        if (*s->p != ')')
            return syntax_fail(s, *s->p ? "')' expected before '%s'" : "a ')' is missing%s",
                               *s->p ? near(s->p, buf, sizeof buf) : "");
        s->p++;
        return 0;
    }
    if (isdigit((unsigned char)c) || c == '.') {
        /* libmatheval's constants 1_pi, 2_pi and 2_sqrtpi start with a digit */
        size_t n = 0;
        while (is_name_char(s->p[n]))
            n++;
        if (in_list(CONSTANTS, s->p, n)) {
            s->p += n;
            return 0;
        }
        return parse_number(s);
    }
    if (isalpha((unsigned char)c) || c == '_') {
        char *name = s->p;
        size_t n = 0;
        while (is_name_char(name[n]))
            n++;
        s->p += n;
        int function = in_list(FUNCTIONS, name, n);
        skip_space(s);
        if (function && *s->p != '(')
            return syntax_fail(s, "function '%.*s' needs its argument in parentheses, as in %.*s(x)", (int)n, name,
                               (int)n, name);
        if (!function && *s->p == '(') {
            char lower[64];
            size_t k;
            for (k = 0; k < n && k + 1 < sizeof lower; k++)
                lower[k] = (char)tolower((unsigned char)name[k]);
            if (in_list(FUNCTIONS, lower, k))
                return syntax_fail(s, "'%.*s' is not a function (did you mean '%.*s'?)", (int)n, name, (int)k, lower);
            return syntax_fail(s, "'%.*s' is not a function", (int)n, name);
        }
        if (function) {
            s->p++;
            if (parse_expr(s) != 0)
                return -1;
            skip_space(s);
            if (*s->p == ',')
                return syntax_fail(s, "function '%.*s' takes one argument", (int)n, name);
            if (*s->p != ')')
                return syntax_fail(s, *s->p ? "')' expected before '%s'" : "a ')' is missing%s",
                                   *s->p ? near(s->p, buf, sizeof buf) : "");
            s->p++;
        }
        return 0;
    }
    if (strchr("*/^)", c))
        return syntax_fail(s, "'%c' where a number, a name or '(' is expected", c);
    return syntax_fail(s, "unexpected character '%s'", one_char(s->p, buf, sizeof buf));
}

static int parse_unary(syntax *s)
{
    skip_space(s);
    if (++s->depth > MAX_EXPR_DEPTH)
        return syntax_fail(s, "nested too deeply (more than %d levels)", MAX_EXPR_DEPTH);
    int rc;
    if (*s->p == '-' || *s->p == '+') {
        if (*s->p == '+')
            *s->p = ' ';
        s->p++;
        rc = parse_unary(s);
    } else {
        rc = parse_primary(s);
    }
    s->depth--;
    return rc;
}

static int parse_expr(syntax *s)
{
    char buf[32];
    int powers = 0;
    if (parse_unary(s) != 0)
        return -1;
    for (;;) {
        skip_space(s);
        char c = *s->p;
        if (c == '\0' || c == ')' || c == ',')
            return 0;
        if (!strchr("+-*/^", c)) {
            if (is_name_char(c) || c == '(' || c == '.')
                return syntax_fail(s, "an operator is missing before '%s'", near(s->p, buf, sizeof buf));
            return syntax_fail(s, "unexpected character '%s'", one_char(s->p, buf, sizeof buf));
        }
        /* a chain of powers is ambiguous; powers in separate terms are not */
        powers = c == '^' ? powers + 1 : 0;
        if (powers > 1)
            return syntax_fail(s, "a^b^c is ambiguous: write (a^b)^c or a^(b^c)");
        s->p++;
        if (parse_unary(s) != 0)
            return -1;
    }
}

/* Checks `s->text` (white space already blanked); on failure s->reason says why. */
static int check_syntax(syntax *s)
{
    s->p = s->text;
    s->depth = 0;
    s->reason[0] = '\0';
    skip_space(s);
    if (!*s->p)
        return syntax_fail(s, "it is empty");
    if (parse_expr(s) != 0)
        return -1;
    if (*s->p == ')')
        return syntax_fail(s, "')' without a matching '('");
    if (*s->p == ',')
        return syntax_fail(s, "unexpected ','%s", s->p > s->text && isdigit((unsigned char)s->p[-1]) &&
                                                  isdigit((unsigned char)s->p[1]) ? " (the decimal point is '.')" : "");
    return 0;
}

/* The text quoted in messages, shortened when long. */
static void quote_text(const char *text, char *out, size_t size)
{
    size_t n = strlen(text);
    if (n <= 60)
        snprintf(out, size, "%s", text);
    else
        snprintf(out, size, "%.50s...", text);
}

static void list_known(const mbs_scope *s, char *out, size_t size)
{
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < s->n_vars && used < size; i++)
        used += (size_t)snprintf(out + used, size - used, "%s%s", used ? ", " : "", s->var_names[i]);
    for (int i = 0; i < s->n_fixed && used < size; i++)
        used += (size_t)snprintf(out + used, size - used, "%s%s", used ? ", " : "", s->fixed_names[i]);
    if (!out[0])
        snprintf(out, size, "none");
}

/* A known name that differs from `name` only in case, or NULL. */
static const char *same_but_case(const mbs_scope *s, const char *name)
{
    for (int i = 0; i < s->n_vars; i++)
        if (mbs_strcaseeq(s->var_names[i], name))
            return s->var_names[i];
    for (int i = 0; i < s->n_fixed; i++)
        if (mbs_strcaseeq(s->fixed_names[i], name))
            return s->fixed_names[i];
    for (int i = 0; CONSTANTS[i]; i++)
        if (mbs_strcaseeq(CONSTANTS[i], name))
            return CONSTANTS[i];
    return NULL;
}

/* Wraps an evaluator: resolves each variable it uses against the scope. */
static mbs_expr *wrap(void *evaluator, const mbs_scope *scope, char *err, size_t errsize)
{
    char **names;
    int count;
    evaluator_get_variables(evaluator, &names, &count);
    mbs_expr *e = calloc(1, sizeof *e);
    if (!e) {
        evaluator_destroy(evaluator);
        return NULL;
    }
    e->evaluator = evaluator;
    e->scope = *scope;
    e->n_used = count;
    e->used_names = calloc((size_t)count + 1, sizeof *e->used_names);
    e->used_values = calloc((size_t)count + 1, sizeof *e->used_values);
    e->var_index = calloc((size_t)count + 1, sizeof *e->var_index);
    if (!e->used_names || !e->used_values || !e->var_index) {
        mbs_expr_free(e);
        return NULL;
    }
    for (int i = 0; i < count; i++) {
        e->used_names[i] = names[i];
        e->var_index[i] = -2;
        for (int k = 0; k < scope->n_vars; k++)
            if (strcmp(scope->var_names[k], names[i]) == 0)
                e->var_index[i] = k;
        if (e->var_index[i] != -2)
            continue;
        /* the last definition of a fixed name wins (parameters may be redefined by --set) */
        for (int k = scope->n_fixed - 1; k >= 0; k--)
            if (strcmp(scope->fixed_names[k], names[i]) == 0) {
                e->var_index[i] = -1;
                e->used_values[i] = scope->fixed_values[k];
                break;
            }
        if (e->var_index[i] == -2) {
            if (err) {
                const char *hint = same_but_case(scope, names[i]);
                char known[400];
                list_known(scope, known, sizeof known);
                if (hint)
                    snprintf(err, errsize, "unknown name '%s' (did you mean '%s'? names are case-sensitive)", names[i],
                             hint);
                else
                    snprintf(err, errsize, "unknown name '%s' (known: %s; constants pi, e)", names[i], known);
            }
            mbs_expr_free(e);
            return NULL;
        }
    }
    return e;
}

mbs_expr *mbs_expr_compile(const char *text, const mbs_scope *scope, char *err, size_t errsize)
{
    if (err && errsize)
        err[0] = '\0';
    if (!text)
        text = "";
    char shown[80];
    quote_text(text, shown, sizeof shown);
    size_t len = strlen(text);
    if (len > MAX_EXPR_LENGTH) {
        if (err)
            snprintf(err, errsize, "expression '%s' is too long (%zu characters; at most %d)", shown, len,
                     MAX_EXPR_LENGTH);
        return NULL;
    }
    syntax s;
    s.text = mbs_strdup(text);
    if (!s.text)
        return NULL;
    for (char *p = s.text; *p; p++)
        if (isspace((unsigned char)*p))
            *p = ' '; /* libmatheval refuses line breaks */
    void *ev = NULL;
    if (check_syntax(&s) == 0) {
        ev = evaluator_create(s.text);
        if (!ev)
            snprintf(s.reason, sizeof s.reason, "libmatheval cannot parse it");
    }
    free(s.text);
    if (!ev) {
        if (err)
            snprintf(err, errsize, "malformed expression '%s': %s", shown, s.reason);
        return NULL;
    }
    return wrap(ev, scope, err, errsize);
}

/* ---- VARVAL ---- */

void mbs_expr_varval_name(int id, char *out, size_t size)
{
    snprintf(out, size, "_varval%d", id);
}

/* At p: "VARVAL" (any case) as a whole name followed by '('. */
static int at_varval(const char *text, const char *p)
{
    if (p > text && is_name_char(p[-1]))
        return 0;
    if (strncasecmp(p, "varval", 6) != 0 || is_name_char(p[6]))
        return 0;
    const char *q = p + 6;
    while (isspace((unsigned char)*q))
        q++;
    return *q == '(';
}

char *mbs_expr_rewrite_varval(const char *text, int *ids, int max_ids, int *n, char *err, size_t errsize)
{
    *n = 0;
    mbs_buf out;
    mbs_buf_init(&out);
    const char *p = text ? text : "";
    const char *start = p;
    while (*p) {
        if (!at_varval(start, p)) {
            mbs_buf_appendf(&out, "%c", *p++);
            continue;
        }
        const char *q = strchr(p, '(') + 1;
        char *end;
        long id = strtol(q, &end, 10);
        while (isspace((unsigned char)*end))
            end++;
        if (end == q || *end != ')' || id <= 0 || id > INT_MAX) {
            snprintf(err, errsize, "VARVAL needs the id of a Reference_Variable, as in VARVAL(3)");
            mbs_buf_free(&out);
            return NULL;
        }
        int known = 0;
        for (int k = 0; k < *n; k++)
            known |= ids[k] == (int)id;
        if (!known) {
            if (*n == max_ids) {
                snprintf(err, errsize, "more than %d different VARVALs in one expression", max_ids);
                mbs_buf_free(&out);
                return NULL;
            }
            ids[(*n)++] = (int)id;
        }
        char name[32];
        mbs_expr_varval_name((int)id, name, sizeof name);
        mbs_buf_appendf(&out, "%s", name);
        p = end + 1;
    }
    return out.data ? out.data : mbs_strdup("");
}

double mbs_expr_eval(mbs_expr *e, const double *vars)
{
    for (int i = 0; i < e->n_used; i++)
        if (e->var_index[i] >= 0)
            e->used_values[i] = vars[e->var_index[i]];
    return evaluator_evaluate(e->evaluator, e->n_used, e->used_names, e->used_values);
}

mbs_expr *mbs_expr_derivative(const mbs_expr *e, const char *var)
{
    void *d = evaluator_derivative(e->evaluator, (char *)var);
    if (!d)
        return NULL;
    return wrap(d, &e->scope, NULL, 0);
}

int mbs_expr_uses(const mbs_expr *e, const char *var)
{
    for (int i = 0; i < e->n_used; i++)
        if (e->var_index[i] >= 0 && strcmp(e->scope.var_names[e->var_index[i]], var) == 0)
            return 1;
    return 0;
}

const char *mbs_expr_text(const mbs_expr *e)
{
    return evaluator_get_string(e->evaluator);
}

void mbs_expr_free(mbs_expr *e)
{
    if (!e)
        return;
    if (e->evaluator)
        evaluator_destroy(e->evaluator);
    free(e->used_names);
    free(e->used_values);
    free(e->var_index);
    free(e);
}
