/* String helpers (src/core/strutil.c). */
#include "../support/harness.h"
#include "../../src/core/strutil.h"

#include <stdlib.h>
#include <string.h>

TEST(case_folding)
{
    CHECK(mbs_strcaseeq("IsGround", "isground"));
    CHECK(!mbs_strcaseeq("isground", "isgroun"));
    CHECK(!mbs_strcaseeq("a", "ab"));
    char s[] = "Revolute_1";
    mbs_str_upper(s);
    CHECK(strcmp(s, "REVOLUTE_1") == 0);
    mbs_str_lower(s);
    CHECK(strcmp(s, "revolute_1") == 0);
}

TEST(trim)
{
    char a[] = "  \t TRUE \n";
    CHECK(strcmp(mbs_str_trim(a), "TRUE") == 0);
    char b[] = "   ";
    CHECK(strcmp(mbs_str_trim(b), "") == 0);
    char c[] = "x";
    CHECK(strcmp(mbs_str_trim(c), "x") == 0);
}

TEST(parse_numbers)
{
    double d;
    long l;
    CHECK(mbs_parse_double(" 1.5e3 ", &d) == 0 && d == 1500.0);
    CHECK(mbs_parse_double("1.5x", &d) != 0);
    CHECK(mbs_parse_double("", &d) != 0);
    CHECK(mbs_parse_double("1e999", &d) != 0);
    CHECK(mbs_parse_double("nan", &d) != 0);
    CHECK(mbs_parse_long("42", &l) == 0 && l == 42);
    CHECK(mbs_parse_long("-7 ", &l) == 0 && l == -7);
    CHECK(mbs_parse_long("4.2", &l) != 0);
    CHECK(mbs_parse_long("99999999999999999999999", &l) != 0);
}

TEST(choices)
{
    const char *c = "FIXED|REVOLUTE|SPHERICAL";
    CHECK(mbs_choice_index(c, "FIXED") == 0);
    CHECK(mbs_choice_index(c, "revolute") == 1);
    CHECK(mbs_choice_index(c, "SPHERICAL") == 2);
    CHECK(mbs_choice_index(c, "SPHERE") == -1);
    CHECK(mbs_choice_index(c, "") == -1);
    CHECK(mbs_choice_index(c, "FIXED|REVOLUTE") == -1);
}

TEST(edit_distance)
{
    CHECK(mbs_edit_distance("Body_Rigid", "Body_Rigd") == 1);
    CHECK(mbs_edit_distance("inertia_zz", "intertia_zz") == 1);
    CHECK(mbs_edit_distance("kitten", "sitting") == 3);
    CHECK(mbs_edit_distance("ABC", "abc") == 0); /* case does not count */
    CHECK(mbs_edit_distance("", "abc") == 3);
}

TEST(allocating_printf_and_buffer)
{
    char *s = mbs_sprintf_alloc("%s %d", "id", 42);
    CHECK(s && strcmp(s, "id 42") == 0);
    free(s);
    char *d = mbs_strndup("abcdef", 3);
    CHECK(d && strcmp(d, "abc") == 0);
    free(d);
    CHECK(mbs_strdup(NULL) == NULL);
    mbs_buf b;
    mbs_buf_init(&b);
    for (int i = 0; i < 1000; i++)
        mbs_buf_appendf(&b, "%d,", i % 10);
    mbs_buf_append(&b, "end");
    CHECK(b.len == 2003 && strlen(b.data) == 2003);
    CHECK(strncmp(b.data, "0,1,2,", 6) == 0 && strcmp(b.data + 2000, "end") == 0);
    mbs_buf_free(&b);
    CHECK(b.data == NULL && b.len == 0);
}

TEST(shown_in_messages)
{
    char *a = mbs_str_shown("pivot\nfile.xml:1: error: forged\r\t\x1b[2J", 100);
    CHECK_MSG(strcmp(a, "pivot\\nfile.xml:1: error: forged\\r\\t\\x1b[2J") == 0, "%s", a);
    free(a);
    char *b = mbs_str_shown("abcdefghij", 4);
    CHECK_MSG(strcmp(b, "abcd...(10 bytes)") == 0, "%s", b);
    free(b);
    /* not cut inside a character: "é" is two bytes */
    char *c = mbs_str_shown("ab\xc3\xa9\xc3\xa9", 3);
    CHECK_MSG(strcmp(c, "ab...(6 bytes)") == 0, "%s", c);
    free(c);
    char *d = mbs_str_shown("ab\xc3\xa9\xc3\xa9", 4);
    CHECK_MSG(strcmp(d, "ab\xc3\xa9...(6 bytes)") == 0, "%s", d);
    free(d);
    char *e = mbs_str_shown(NULL, 10);
    CHECK(e && e[0] == '\0');
    free(e);
}

TEST_SUITE(strutil, T(case_folding), T(trim), T(parse_numbers), T(choices), T(edit_distance),
           T(allocating_printf_and_buffer), T(shown_in_messages));
