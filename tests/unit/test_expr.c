/* Expressions (src/expr/): parameters and constants, run-time variables,
 * derivatives, and what malformed or hostile text gets for an answer.
 * The functions themselves are tested in test_expr_functions.c. */
#include "../support/harness.h"
#include "../../src/expr/expr.h"

#include <stdlib.h>
#include <string.h>

static const char *const PARAM_NAMES[] = {"k", "L"};
static const double PARAM_VALUES[] = {2000.0, 0.5};
static const char *const T_ONLY[] = {"t"};

static mbs_scope params_only(void)
{
    mbs_scope s = {PARAM_NAMES, PARAM_VALUES, 2, NULL, 0, NULL};
    return s;
}

/* Value of a constant expression, NAN (and the reason in err) if it does not compile. */
static double value_of(const char *text, char *err, size_t size)
{
    mbs_scope s = params_only();
    mbs_expr *e = mbs_expr_compile(text, &s, err, size);
    if (!e)
        return NAN;
    double v = mbs_expr_eval(e, NULL);
    mbs_expr_free(e);
    return v;
}

static double value(const char *text)
{
    char err[512];
    double v = value_of(text, err, sizeof err);
    CHECK_MSG(!isnan(v), "'%s' does not compile: %s", text, err);
    return v;
}

/* The reason a text is refused ("" if it compiles). */
static const char *refusal(const char *text, char *err, size_t size)
{
    mbs_scope s = params_only();
    s.var_names = T_ONLY;
    s.n_vars = 1;
    mbs_expr *e = mbs_expr_compile(text, &s, err, size);
    if (e) {
        mbs_expr_free(e);
        err[0] = '\0';
    }
    return err;
}

TEST(numbers_parameters_and_constants)
{
    CHECK_NEAR(value("2*k"), 4000.0, 0);
    CHECK_NEAR(value("L/2"), 0.25, 0);
    CHECK_NEAR(value("sin(pi/6)"), 0.5, 1e-15);
    CHECK_NEAR(value("e"), exp(1.0), 1e-15);
    CHECK_NEAR(value("-L^2"), -0.25, 0); /* the power binds tighter than the sign */
    CHECK_NEAR(value("2^-1"), 0.5, 0);
    CHECK_NEAR(value("1.5e-3*2"), 3e-3, 1e-18);
    CHECK_NEAR(value(".5 + 5."), 5.5, 0);
    CHECK_NEAR(value("1E+3"), 1000.0, 0);
    CHECK_NEAR(value("  k\n - 1 "), 1999.0, 0); /* line breaks are white space */
    CHECK_NEAR(value("+L"), 0.5, 0);            /* a unary plus changes nothing */
    CHECK_NEAR(value("2*+k"), 4000.0, 0);
    CHECK_NEAR(value("(2^3)^2"), 64.0, 0);
    CHECK_NEAR(value("2^(3^2)"), 512.0, 0);
    CHECK_NEAR(value("L^2 + k^2"), 0.25 + 4e6, 0); /* powers in separate terms */
    CHECK_NEAR(value("L^2*2^3"), 2.0, 0);
    CHECK_NEAR(value("abs(-3) + sqrt(16)"), 7.0, 0);
}

TEST(run_time_variables_and_derivative)
{
    static const char *const vars[] = {"t", "q"};
    mbs_scope s = params_only();
    s.var_names = vars;
    s.n_vars = 2;
    char err[512];
    mbs_expr *e = mbs_expr_compile("L*sin(3*t) + q^2", &s, err, sizeof err);
    CHECK_MSG(e != NULL, "%s", err);
    if (!e)
        return;
    CHECK(mbs_expr_uses(e, "t"));
    CHECK(mbs_expr_uses(e, "q"));
    double at[2] = {0.2, 3.0};
    CHECK_NEAR(mbs_expr_eval(e, at), 0.5 * sin(0.6) + 9.0, 1e-14);
    mbs_expr *d = mbs_expr_derivative(e, "t", NULL);
    CHECK(d != NULL);
    if (d) {
        /* d/dt (L sin 3t + q^2) = 3 L cos 3t */
        CHECK_NEAR(mbs_expr_eval(d, at), 1.5 * cos(0.6), 1e-14);
        mbs_expr_free(d);
    }
    mbs_expr_free(e);
}

TEST(a_parameter_given_twice_takes_the_last_value)
{
    /* --set appends a later definition of the same name */
    static const char *const names[] = {"k", "k"};
    static const double values[] = {1.0, 7.0};
    mbs_scope s = {names, values, 2, NULL, 0, NULL};
    char err[256];
    mbs_expr *e = mbs_expr_compile("k", &s, err, sizeof err);
    CHECK(e != NULL);
    if (e) {
        CHECK_NEAR(mbs_expr_eval(e, NULL), 7.0, 0);
        mbs_expr_free(e);
    }
}

TEST(unknown_names_are_reported_with_the_known_ones)
{
    char err[512];
    CHECK(strcmp(refusal("2*kk", err, sizeof err), "unknown name 'kk' (known: t, k, L; constants pi, e)") == 0);
    /* names are not case-sensitive (MotionSolve's are not): PI is pi, T is t */
    CHECK_MSG(refusal("PI/2", err, sizeof err)[0] == '\0', "%s", err);
    CHECK_MSG(refusal("T*2", err, sizeof err)[0] == '\0', "%s", err);
}

/* Each text with the reason it is refused. */
TEST(malformed_text_is_refused_with_its_reason)
{
    static const char *const cases[][2] = {
        {"k+", "malformed expression 'k+': it ends too early: a number, a name or '(' is missing at the end"},
        {"2*(3", "malformed expression '2*(3': a ')' is missing"},
        {"(1))", "malformed expression '(1))': ')' without a matching '('"},
        {"1 2", "malformed expression '1 2': an operator is missing before '2'"},
        {"2k", "malformed expression '2k': '2k' is not a number (write 2*k for a product)"},
        {"3e", "malformed expression '3e': '3e' is not a number"},
        {"1..2", "malformed expression '1..2': '1..2' is not a number"},
        {"sin 2", "malformed expression 'sin 2': function 'sin' needs its argument in parentheses, as in sin(x)"},
        {"sinn(2)", "malformed expression 'sinn(2)': 'sinn' is not a function (did you mean 'sin'?)"},
        {"k(2)", "malformed expression 'k(2)': 'k' is not a function"},
        {"sin(1,2)", "malformed expression 'sin(1,2)': function 'sin' takes one argument"},
        {"1,5", "malformed expression '1,5': unexpected ',' (the decimal point is '.')"},
        {"2^3^2", "malformed expression '2^3^2': a^b^c is ambiguous: write (a^b)^c or a^(b^c)"},
        {"*2", "malformed expression '*2': '*' where a number, a name or '(' is expected"},
        {"", "malformed expression '': it is empty"},
        {" \t", "malformed expression ' \t': it is empty"},
        /* characters that are no part of the language */
        {"3!", "malformed expression '3!': unexpected character '!'"},
        {"k # spring", "malformed expression 'k # spring': unexpected character '#'"},
        {"0.5.", "malformed expression '0.5.': '0.5.' is not a number"},
        {"k;", "malformed expression 'k;': unexpected character ';'"},
        {"x\xc3\xa9", "malformed expression 'x\xc3\xa9': unexpected character '\xc3\xa9'"},
        {"t[1]", "malformed expression 't[1]': unexpected character '['"},
    };
    char err[512];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *got = refusal(cases[i][0], err, sizeof err);
        CHECK_MSG(strcmp(got, cases[i][1]) == 0, "'%s':\n   got      %s\n   expected %s", cases[i][0], got,
                  cases[i][1]);
    }
}

/* "((...(1)...))" with n pairs */
static void nested(char *out, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        out[k++] = '(';
    out[k++] = '1';
    for (int i = 0; i < n; i++)
        out[k++] = ')';
    out[k] = '\0';
}

TEST(long_or_deep_text_is_refused)
{
    /* the compiler recurses over the tree: its depth is bounded */
    size_t n = 20001;
    char *text = malloc(n + 1);
    for (size_t i = 0; i < n; i++)
        text[i] = (i % 2) ? '+' : '1';
    text[n] = '\0';
    char err[512];
    CHECK(strstr(refusal(text, err, sizeof err), "is too long (20001 characters; at most 10000)") != NULL);
    /* the whole text is one level, each parenthesis another */
    char deep[400];
    nested(deep, 100);
    CHECK(strstr(refusal(deep, err, sizeof err), "nested too deeply (more than 100 levels)") != NULL);
    nested(deep, 99);
    CHECK_MSG(refusal(deep, err, sizeof err)[0] == '\0', "%s", err);
    /* a chain of operators is a tree as high as it is long: 1+1+...+1
     * with 1001 operators is refused (5000 overflowed the sanitised build's
     * stack), with 1000 it compiles, and so does a longer chain split by
     * parentheses; the same for products */
    static const char OPS[2] = {'+', '*'};
    for (int o = 0; o < 2; o++) {
        for (size_t i = 0; i < 2003; i++)
            text[i] = (i % 2) ? OPS[o] : '1';
        text[2003] = '\0'; /* 1001 operators */
        CHECK(strstr(refusal(text, err, sizeof err), "too many operators in a row (more than 1000 levels") != NULL);
        text[2001] = '\0'; /* 1000 */
        CHECK_MSG(refusal(text, err, sizeof err)[0] == '\0', "%s", err);
    }
    size_t k = 0;
    for (int g = 0; g < 8; g++) { /* (1+...+1)+(1+...+1)+...: 8 groups of 600 */
        text[k++] = g ? '+' : '(';
        if (g)
            text[k++] = '(';
        for (int i = 0; i < 600; i++) {
            text[k++] = '1';
            text[k++] = i < 599 ? '+' : ')';
        }
    }
    text[k] = '\0';
    CHECK_MSG(refusal(text, err, sizeof err)[0] == '\0', "%s", err);
    free(text);
}

/* Random token strings compile or are refused with a reason, and what
 * compiles evaluates and differentiates (ASan checks the memory under make
 * check-asan). */
TEST(random_token_strings_compile_or_are_refused)
{
    static const char *const tokens[] = {"1", "2.5", ".5", "1e3", "5.", "k", "t", "pi", "e", "sin", "abs", "(",
                                         ")", "+", "-", "*", "/", "^", " ", "_", "2k", "1_pi", "e3", ",", ".", "!",
                                         "1e", "E", "\n", "1e-2"};
    int n_tokens = (int)(sizeof tokens / sizeof tokens[0]);
    unsigned seed = 12345;
    int accepted = 0;
    char err[512];
    for (int it = 0; it < 20000; it++) {
        char text[128] = "";
        int n = 1 + it % 7;
        for (int k = 0; k < n; k++) {
            seed = seed * 1103515245u + 12345u;
            strcat(text, tokens[(seed >> 16) % (unsigned)n_tokens]);
        }
        const char *why = refusal(text, err, sizeof err);
        accepted += why[0] == '\0';
        CHECK_MSG(why[0] == '\0' || strlen(why) > 10, "'%s': %s", text, why);
        int fuzzed = mbs_expr_fuzz(text, strlen(text));
        CHECK(fuzzed == 0 || fuzzed == 1);
    }
    CHECK(accepted > 500); /* the strings are not all nonsense */
}

TEST(valid_parameter_names)
{
    CHECK(mbs_expr_valid_name("k"));
    CHECK(mbs_expr_valid_name("_x1"));
    CHECK(mbs_expr_valid_name("stiffness_2"));
    /* a built-in constant's name, in any case: the parameter shadows it */
    CHECK(mbs_expr_valid_name("E") && strcmp(mbs_expr_constant_named("E"), "e") == 0);
    CHECK(mbs_expr_valid_name("Pi") && strcmp(mbs_expr_constant_named("Pi"), "pi") == 0);
    CHECK(mbs_expr_constant_named("k") == NULL && mbs_expr_constant_named(NULL) == NULL);
    /* TIME and the functions stay reserved (not case-sensitive: Step5 is step5) */
    CHECK(!mbs_expr_valid_name("TIME"));
    CHECK(!mbs_expr_valid_name("Step5"));
    CHECK(!mbs_expr_valid_name("sin"));
    CHECK(!mbs_expr_valid_name("2k"));
    CHECK(!mbs_expr_valid_name("a-b"));
    CHECK(!mbs_expr_valid_name(""));
    CHECK(!mbs_expr_valid_name(NULL));
}

/* A parameter named like a built-in constant shadows it, in any case (a
 * Young's modulus E: e and E are the parameter); the constant's value is
 * still there as exp(1); others keep the constants; two parameters that
 * differ only in case make the name ambiguous. */
TEST(a_parameter_shadows_a_constant)
{
    static const char *const NAMES[] = {"E", "k"};
    static const double VALUES[] = {2.1e11, 3.0};
    mbs_scope s = {NAMES, VALUES, 2, NULL, 0, NULL};
    static const struct {
        const char *text;
        double value;
    } CASES[] = {{"E", 2.1e11}, {"e", 2.1e11}, {"2*E*k", 1.26e12}, {"exp(1)", 2.71828182845904523536},
                 {"pi", 3.14159265358979323846}, {"PI", 3.14159265358979323846}};
    char err[256];
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        err[0] = '\0';
        mbs_expr *x = mbs_expr_compile(CASES[i].text, &s, err, sizeof err);
        CHECK_MSG(x != NULL, "'%s': %s", CASES[i].text, err);
        if (x)
            CHECK_NEAR(mbs_expr_eval(x, NULL), CASES[i].value, 1e-15 * CASES[i].value);
        mbs_expr_free(x);
    }
    static const char *const TWO[] = {"PI", "Pi"};
    static const double TWO_VALUES[] = {1.0, 2.0};
    mbs_scope both = {TWO, TWO_VALUES, 2, NULL, 0, NULL};
    err[0] = '\0';
    mbs_expr *x = mbs_expr_compile("pi", &both, err, sizeof err);
    CHECK(x == NULL && strstr(err, "'pi' is ambiguous") != NULL);
    mbs_expr_free(x);
}

TEST(long_text_is_shortened_in_messages)
{
    char text[200];
    memset(text, 'a', sizeof text - 2);
    text[sizeof text - 2] = '!';
    text[sizeof text - 1] = '\0';
    char err[512];
    refusal(text, err, sizeof err);
    CHECK(strstr(err, "...': unexpected character '!'") != NULL);
    CHECK(strlen(err) < 120);
}

TEST_SUITE(expr, T(numbers_parameters_and_constants), T(run_time_variables_and_derivative),
           T(a_parameter_given_twice_takes_the_last_value), T(unknown_names_are_reported_with_the_known_ones),
           T(malformed_text_is_refused_with_its_reason), T(long_or_deep_text_is_refused),
           T(random_token_strings_compile_or_are_refused), T(valid_parameter_names), T(a_parameter_shadows_a_constant),
           T(long_text_is_shortened_in_messages));
