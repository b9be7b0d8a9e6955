/* Adams' user subroutines: FUNCTION = USER(r1, ..., r30) (with ROUTINE)
 * onto the user subroutine attributes of the element a statement becomes
 * (usrsub_param_string, usrsub_dll_name, usrsub_fnc_name: what MotionSolve's
 * XML writes, read by elements/usersub.c), so that the routine is found
 * and called as an XML model's is (docs/user-subroutines.md).
 *
 * ROUTINE = libname::subname names the library and the function; either
 * may be left out (Adams: "lib::" the default name in lib, "::sub" or
 * "sub" the function sub in the default library). The default library is
 * the one MS_USERSUBDLL names, as for a MotionSolve element that names
 * none; the default name is the statement's routine (SFOSUB for an
 * SFORCE, ...). */
#include "adams_map.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

int adm_is_user(const adm_ctx *c, const char *arg)
{
    const char *f = adm_text(c, arg);
    if (!f)
        return 0;
    while (isspace((unsigned char)*f))
        f++;
    if (strncasecmp(f, "USER", 4) != 0)
        return 0;
    for (f += 4; isspace((unsigned char)*f); f++)
        ;
    return *f == '(';
}

/* text[0 .. n) with the white space around it taken off, into out. */
static void trimmed(const char *text, size_t n, char *out, size_t size)
{
    while (n > 0 && isspace((unsigned char)*text))
        text++, n--;
    while (n > 0 && isspace((unsigned char)text[n - 1]))
        n--;
    if (n >= size)
        n = size - 1;
    memcpy(out, text, n);
    out[n] = '\0';
}

void adm_set_user_to(adm_ctx *c, mbs_spec_elem *e, const char *arg, const char *routine_arg, const char *prefix)
{
    char param[48], dll[48], fnc[48];
    snprintf(param, sizeof param, "%s_param_string", prefix);
    snprintf(dll, sizeof dll, "%s_dll_name", prefix);
    snprintf(fnc, sizeof fnc, "%s_fnc_name", prefix);
    adm_set(c, e, param, arg, adm_text(c, arg));
    const char *r = adm_given(c, routine_arg) ? adm_text(c, routine_arg) : NULL;
    if (!r)
        return;
    /* the last "::" separates them (a Windows path has ':' of its own) */
    const char *sep = NULL;
    for (const char *p = strstr(r, "::"); p; p = strstr(p + 1, "::"))
        sep = p;
    char lib[512], name[256];
    trimmed(r, sep ? (size_t)(sep - r) : 0, lib, sizeof lib);
    trimmed(sep ? sep + 2 : r, strlen(sep ? sep + 2 : r), name, sizeof name);
    if (lib[0])
        adm_set(c, e, dll, routine_arg, lib);
    if (name[0])
        adm_set(c, e, fnc, routine_arg, name);
}

void adm_set_user(adm_ctx *c, mbs_spec_elem *e, const char *arg) { adm_set_user_to(c, e, arg, "ROUTINE", "usrsub"); }

const char *adm_expression(adm_ctx *c, const char *arg)
{
    const char *f = adm_text(c, arg);
    if (!f)
        return NULL;
    if (adm_is_user(c, arg)) {
        adm_error(c, arg, "%s = USER(...): mbsim runs user subroutines for SFORCE, VFORCE, VTORQUE, GFORCE, VARIABLE, "
                          "DIFF, MOTION of a JOINT, REQUEST, SENSOR and GSE (FUNCTION), not here; write the function "
                          "as an expression",
                  arg);
        return NULL;
    }
    return f;
}
