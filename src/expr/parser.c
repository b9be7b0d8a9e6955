/* Text -> syntax tree, by recursive descent with a depth limit.
 *
 *   sum     := product (('+' | '-') product)*
 *   product := unary (('*' | '/') unary)*
 *   unary   := ('-' | '+') unary | power
 *   power   := primary [('^' | '**') unary]       a^b^c is refused as ambiguous
 *   primary := number | name | name '(' args ')' | '(' sum ')'
 *   args    := sum ((',' | ':') sum)*            ':' as in MotionSolve's IF(a: b, c, d)
 *   number  := digits ['.' digits] [('e' | 'E' | 'd' | 'D') ['+' | '-'] digits]
 *              | digits ['.' digits] ('d' | 'D')  (degrees: 180D is pi)
 * White space (line breaks too) separates tokens. Names are resolved later
 * (resolve.c); intrinsic functions are checked for their number of
 * arguments here. Each level of unary nesting (the whole text, each
 * parenthesis, each sign) counts towards MBS_EXPR_MAX_DEPTH, and each
 * operator of a chain (1+1+1..., a left-deep tree) towards
 * MBS_EXPR_MAX_HEIGHT with them, so that neither this parser nor the passes
 * after it (resolving, folding, derivatives, code) recurse without bound:
 * a chain of 5000 terms overflowed the stack of the sanitised build. */
#include "expr_internal.h"
#include "../core/vec3.h"
#include "../core/strutil.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct parser {
    const char *text;
    const char *p;
    int depth;
    int height; /* operators of the enclosing chains: a bound on the tree's height */
    char reason[200];
} parser;

static node *fail(parser *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static node *fail(parser *s, const char *fmt, ...)
{
    if (!s->reason[0]) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(s->reason, sizeof s->reason, fmt, ap);
        va_end(ap);
    }
    return NULL;
}

static void skip_space(parser *s)
{
    while (isspace((unsigned char)*s->p))
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
    while (p[n] && !isspace((unsigned char)p[n]) && n < 20)
        n++;
    if (n == 0)
        n = p[0] ? 1 : 0;
    snprintf(buf, size, "%.*s%s", (int)n, p, p[n] && !isspace((unsigned char)p[n]) ? "..." : "");
    return buf;
}

static node *parse_sum(parser *s);
static node *parse_unary(parser *s, int in_exponent);

/* An exponent after the mantissa: [+-] digits; the end of it, or NULL. */
static const char *exponent_end(const char *q)
{
    if (*q == '+' || *q == '-')
        q++;
    if (!isdigit((unsigned char)*q))
        return NULL;
    while (isdigit((unsigned char)*q))
        q++;
    return q;
}

static node *parse_number(parser *s)
{
    const char *start = s->p;
    int digits = 0, degrees = 0;
    while (isdigit((unsigned char)*s->p))
        s->p++, digits++;
    if (*s->p == '.') {
        s->p++;
        while (isdigit((unsigned char)*s->p))
            s->p++, digits++;
    }
    if (!digits)
        return fail(s, "unexpected '.'");
    const char *mantissa_end = s->p;
    if (strchr("eEdD", *s->p) && *s->p) {
        const char *q = exponent_end(s->p + 1);
        if (q)
            s->p = q;
        else if ((*s->p == 'd' || *s->p == 'D') && !is_name_char(s->p[1]) && s->p[1] != '.')
            s->p++, degrees = 1; /* MotionSolve: 180D is 180 degrees */
    }
    if (is_name_char(*s->p) || *s->p == '.') {
        const char *end = s->p;
        while (is_name_char(*end) || *end == '.' || ((*end == '+' || *end == '-') && strchr("eEdD", end[-1])))
            end++;
        if (isalpha((unsigned char)*s->p) && !strchr("eEdD", *s->p))
            return fail(s, "'%.*s' is not a number (write %.*s*%.*s for a product)", (int)(end - start), start,
                        (int)(s->p - start), start, (int)(end - s->p), s->p);
        return fail(s, "'%.*s' is not a number", (int)(end - start), start);
    }
    /* strtod does not know Fortran's D exponent */
    char buf[400];
    size_t n = (size_t)((degrees ? mantissa_end : s->p) - start);
    if (n >= sizeof buf)
        return fail(s, "a number of %zu characters is too long", n);
    for (size_t i = 0; i < n; i++)
        buf[i] = (start[i] == 'd' || start[i] == 'D') ? 'e' : start[i];
    buf[n] = '\0';
    double v = strtod(buf, NULL);
    return mbs_node_num(degrees ? v * MBS_PI / 180.0 : v);
}

static node *name_node(node_kind kind, const char *name, size_t len, int n)
{
    node *x = mbs_node_new(kind, n);
    if (x && !(x->text = mbs_strndup(name, len))) {
        mbs_node_free(x);
        return NULL;
    }
    return x;
}

/* Arguments after '(' up to the matching ')'; up to 40. */
static node *parse_call(parser *s, const char *name, size_t len)
{
    char buf[32];
    node *args[40];
    int n = 0, is_if = len == 2 && tolower((unsigned char)name[0]) == 'i' && tolower((unsigned char)name[1]) == 'f';
    s->p++; /* '(' */
    skip_space(s);
    int empty = *s->p == ')';
    while (!empty) {
        node *a = parse_sum(s);
        if (!a)
            goto bad;
        if (n == 40) {
            mbs_node_free(a);
            fail(s, "'%.*s' has more than 40 arguments", (int)len, name);
            goto bad;
        }
        args[n++] = a;
        skip_space(s);
        if (*s->p == ',' || (*s->p == ':' && is_if && n == 1)) {
            s->p++;
            continue;
        }
        if (*s->p == ':')
            fail(s, "':' separates only the condition of IF from its values, as in IF(x: a, b, c)");
        else if (*s->p != ')')
            fail(s, *s->p ? "')' expected before '%s'" : "a ')' is missing%s", *s->p ? near(s->p, buf, sizeof buf) : "");
        if (*s->p != ')')
            goto bad;
        break;
    }
    s->p++; /* ')' */
    int named, id = mbs_fn_find(name, len, n, &named);
    if (named && id < 0) {
        char arity[64];
        mbs_fn_arity_text(name, len, arity, sizeof arity);
        fail(s, "function '%.*s' %s", (int)len, name, arity);
        goto bad;
    }
    node *x = name_node(N_CALL, name, len, n);
    if (!x)
        goto bad;
    for (int i = 0; i < n; i++)
        x->a[i] = args[i];
    return x;
bad:
    for (int i = 0; i < n; i++)
        mbs_node_free(args[i]);
    return NULL;
}

static node *parse_primary(parser *s)
{
    char buf[32];
    skip_space(s);
    char c = *s->p;
    if (c == '\0')
        return fail(s, "it ends too early: a number, a name or '(' is missing at the end");
    if (c == '(') {
        s->p++;
        node *x = parse_sum(s);
        if (!x)
            return NULL;
        skip_space(s);
        if (*s->p != ')') {
            mbs_node_free(x);
            return fail(s, *s->p ? "')' expected before '%s'" : "a ')' is missing%s",
                        *s->p ? near(s->p, buf, sizeof buf) : "");
        }
        s->p++;
        return x;
    }
    if (isdigit((unsigned char)c) || c == '.') {
        /* libmatheval's constants 1_pi, 2_pi and 2_sqrtpi start with a digit */
        size_t n = 0;
        while (is_name_char(s->p[n]))
            n++;
        double v;
        if (mbs_constant_value(s->p, n, &v)) {
            s->p += n;
            return mbs_node_num(v);
        }
        return parse_number(s);
    }
    if (isalpha((unsigned char)c) || c == '_') {
        const char *name = s->p;
        size_t n = 0;
        while (is_name_char(name[n]))
            n++;
        s->p += n;
        skip_space(s);
        if (*s->p == '(')
            return parse_call(s, name, n);
        if (mbs_fn_is_name(name, n))
            return fail(s, "function '%.*s' needs its argument in parentheses, as in %.*s(x)", (int)n, name, (int)n,
                        name);
        return name_node(N_NAME, name, n, 0);
    }
    if (strchr("*/^)", c))
        return fail(s, "'%c' where a number, a name or '(' is expected", c);
    return fail(s, "unexpected character '%s'", one_char(s->p, buf, sizeof buf));
}

static int at_power(const parser *s)
{
    return *s->p == '^' || (s->p[0] == '*' && s->p[1] == '*');
}

static node *parse_power(parser *s, int in_exponent)
{
    node *x = parse_primary(s);
    if (!x)
        return NULL;
    skip_space(s);
    if (!at_power(s))
        return x;
    if (in_exponent) {
        mbs_node_free(x);
        return fail(s, "a^b^c is ambiguous: write (a^b)^c or a^(b^c)");
    }
    s->p += *s->p == '^' ? 1 : 2;
    node *y = parse_unary(s, 1);
    if (!y) {
        mbs_node_free(x);
        return NULL;
    }
    return mbs_node_binary(N_POW, x, y);
}

static node *parse_unary(parser *s, int in_exponent)
{
    skip_space(s);
    if (++s->depth > MBS_EXPR_MAX_DEPTH)
        return fail(s, "nested too deeply (more than %d levels)", MBS_EXPR_MAX_DEPTH);
    node *x;
    if (*s->p == '-') {
        s->p++;
        x = parse_unary(s, in_exponent);
        x = x ? mbs_node_unary(N_NEG, x) : NULL;
    } else if (*s->p == '+') {
        s->p++;
        x = parse_unary(s, in_exponent);
    } else {
        x = parse_power(s, in_exponent);
    }
    s->depth--;
    return x;
}

/* One more operator in a chain; 0 when the tree would grow too high. */
static int chain_grows(parser *s, int *chain)
{
    ++*chain;
    return ++s->height + s->depth <= MBS_EXPR_MAX_HEIGHT;
}

static node *too_high(parser *s, node *x)
{
    mbs_node_free(x);
    return fail(s, "too many operators in a row (more than %d levels; split it with parentheses?)",
                MBS_EXPR_MAX_HEIGHT);
}

static node *parse_product(parser *s)
{
    int chain = 0;
    node *x = parse_unary(s, 0);
    while (x) {
        skip_space(s);
        char c = *s->p;
        if ((c != '*' && c != '/') || at_power(s))
            break;
        s->p++;
        if (!chain_grows(s, &chain)) {
            x = too_high(s, x);
            break;
        }
        node *y = parse_unary(s, 0);
        x = y ? mbs_node_binary(c == '*' ? N_MUL : N_DIV, x, y) : (mbs_node_free(x), NULL);
    }
    s->height -= chain;
    return x;
}

static node *parse_sum(parser *s)
{
    char buf[32];
    int chain = 0;
    node *x = parse_product(s);
    while (x) {
        skip_space(s);
        char c = *s->p;
        if (c == '+' || c == '-') {
            s->p++;
            if (!chain_grows(s, &chain)) {
                x = too_high(s, x);
                break;
            }
            node *y = parse_product(s);
            x = y ? mbs_node_binary(c == '+' ? N_ADD : N_SUB, x, y) : (mbs_node_free(x), NULL);
            continue;
        }
        if (c == '\0' || c == ')' || c == ',' || c == ':') {
            s->height -= chain;
            return x;
        }
        mbs_node_free(x);
        if (is_name_char(c) || c == '(' || c == '.')
            return fail(s, "an operator is missing before '%s'", near(s->p, buf, sizeof buf));
        return fail(s, "unexpected character '%s'", one_char(s->p, buf, sizeof buf));
    }
    return NULL;
}

node *mbs_expr_parse(const char *text, char *err, size_t errsize)
{
    parser s = {text, text, 0, 0, ""};
    skip_space(&s);
    node *x = NULL;
    if (!*s.p) {
        fail(&s, "it is empty");
    } else if ((x = parse_sum(&s)) != NULL) {
        if (*s.p == ')')
            fail(&s, "')' without a matching '('");
        else if (*s.p == ',')
            fail(&s, "unexpected ','%s", s.p > text && isdigit((unsigned char)s.p[-1]) && isdigit((unsigned char)s.p[1])
                                             ? " (the decimal point is '.')" : "");
        else if (*s.p == ':')
            fail(&s, "unexpected ':'");
        if (*s.p) {
            mbs_node_free(x);
            x = NULL;
        }
    }
    if (!x && err)
        snprintf(err, errsize, "%s", s.reason[0] ? s.reason : "out of memory");
    return x;
}
