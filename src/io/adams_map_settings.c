/* INTEGRATOR and EQUILIBRIUM onto Param_Transient and Param_Static.
 *
 * mbsim integrates with SUNDIALS IDA (variable-order BDF, like GSTIFF) in
 * every case: ERROR sets its tolerances (integr_tol, rtol and atol
 * together), HMAX, HMIN, HINIT, KMAX its step limits and order,
 * INTERPOLATE=OFF makes it step onto every output time. The choice of
 * Adams' integrator and formulation (GSTIFF, HHT, SI2, I3, ...) and its
 * corrector settings have no counterpart (a note says so). EQUILIBRIUM's
 * MAXIT, IMBALANCE and ERROR are KINSOL's iteration limit, force imbalance
 * and position change. */
#include "adams_map.h"

#include <stdio.h>
#include <string.h>

int adm_map_integrator(adm_ctx *c, const adm_stmt *s)
{
    mbs_spec_elem *e = adm_elem(c, "Param_Transient", 0);
    if (!e)
        return -1;
    static const char *const ARG[] = {"ERROR", "HMAX", "HMIN", "HINIT"};
    static const char *const ATTR[] = {"integr_tol", "h_max", "h_min", "h0_max"};
    for (int k = 0; k < 4; k++)
        if (adm_given(c, ARG[k]))
            adm_set_num(c, e, ATTR[k], adm_num(c, ARG[k], 0, 0));
    long n;
    if (adm_given(c, "KMAX")) {
        if (adm_whole(c, "KMAX", &n) != 0)
            return -1;
        adm_set_int(c, e, "max_order", n);
    }
    if (adm_given(c, "INTERPOLATE")) {
        const char *v = adm_text(c, "INTERPOLATE");
        if (strcmp(v, "ON") != 0 && strcmp(v, "OFF") != 0)
            return adm_error(c, "INTERPOLATE", "INTERPOLATE = %s: ON or OFF", v);
        adm_set(c, e, "dae_interpolation", "INTERPOLATE", strcmp(v, "ON") == 0 ? "TRUE" : "FALSE");
    }
    char ignored[256] = "";
    for (int i = 0; i < s->def->n_args; i++) {
        const char *a = s->def->args[i].name;
        int used = 0;
        for (int k = 0; k < 4; k++)
            used |= strcmp(a, ARG[k]) == 0;
        used |= strcmp(a, "KMAX") == 0 || strcmp(a, "INTERPOLATE") == 0;
        if (s->v[i].given && !used)
            snprintf(ignored + strlen(ignored), sizeof ignored - strlen(ignored), "%s%s", ignored[0] ? ", " : "", a);
    }
    if (ignored[0])
        adm_note(c, "%s: no effect (mbsim integrates with IDA, variable-order BDF)", ignored);
    return 0;
}

int adm_map_equilibrium(adm_ctx *c, const adm_stmt *s)
{
    mbs_spec_elem *e = adm_elem(c, "Param_Static", 0);
    if (!e)
        return -1;
    long n;
    if (adm_given(c, "MAXIT")) {
        if (adm_whole(c, "MAXIT", &n) != 0)
            return -1;
        adm_set_int(c, e, "max_num_iter", n);
    }
    if (adm_given(c, "IMBALANCE"))
        adm_set_num(c, e, "max_imbalance", adm_num(c, "IMBALANCE", 0, 0));
    if (adm_given(c, "ERROR"))
        adm_set_num(c, e, "max_error", adm_num(c, "ERROR", 0, 0));
    if (adm_given(c, "DYNAMIC"))
        return adm_error(c, "DYNAMIC", "a dynamic (damped transient) equilibrium is not supported");
    char ignored[256] = "";
    for (int i = 0; i < s->def->n_args; i++) {
        const char *a = s->def->args[i].name;
        if (s->v[i].given && strcmp(a, "MAXIT") && strcmp(a, "IMBALANCE") && strcmp(a, "ERROR"))
            snprintf(ignored + strlen(ignored), sizeof ignored - strlen(ignored), "%s%s", ignored[0] ? ", " : "", a);
    }
    if (ignored[0])
        adm_note(c, "%s: no effect (mbsim finds the equilibrium with KINSOL)", ignored);
    return 0;
}
