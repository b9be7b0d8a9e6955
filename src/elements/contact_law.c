/* Force_Contact's normal and friction laws (contact_law.h, docs/contact.md).
 *
 * IMPACT (Adams' and MotionSolve's, the same code as the IMPACT function of
 * expressions): p the penetration, dp its rate (positive entering),
 *   F = max(0, k p^e + STEP(p, 0, 0, dmax, cmax) dp)
 * POISSON: a penalty spring that stores penalty p^2/2 entering and gives
 * back e^2 of it leaving, so that the speed after an impact is e times the
 * speed before (energy e^2); the switch is smoothed over the rate:
 *   F = penalty p (e^2 + (1 - e^2) STEP(dp, -v_n, 0, v_n, 1))
 * Friction (Adams' velocity-based Coulomb law) on the slip speed s:
 *   s <= v_s        mu = STEP(s, -v_s, -mu_s, v_s, mu_s)   (stiction, through 0)
 *   v_s < s < v_d   mu = STEP(s, v_s, mu_s, v_d, mu_d)
 *   s >= v_d        mu = mu_d
 * and DYNAMICS_ONLY: mu = STEP(s, -v_d, -mu_d, v_d, mu_d) up to v_d, then mu_d. */
#include "contact_law.h"
#include "../expr/expr.h"

#include <math.h>

double mbs_contact_normal(const mbs_contact_law *law, double p, double dp, double *elastic)
{
    double dF_dp, dF_ddp;
    if (law->cnf == MBS_CNF_IMPACT) {
        *elastic = law->k * pow(p, law->exponent);
        return mbs_impact_law(p, dp, law->k, law->exponent, law->cmax, law->dmax, &dF_dp, &dF_ddp);
    }
    double e2 = law->restitution * law->restitution;
    *elastic = law->penalty * p;
    return *elastic * (e2 + (1.0 - e2) * mbs_step(dp, -law->v_n, 0.0, law->v_n, 1.0, NULL));
}

double mbs_contact_potential(const mbs_contact_law *law, double p)
{
    if (law->cnf == MBS_CNF_IMPACT)
        return law->k * pow(p, law->exponent + 1.0) / (law->exponent + 1.0);
    if (law->cnf == MBS_CNF_USER)
        return 0.0;
    return 0.5 * law->penalty * p * p;
}

int mbs_contact_law_smooth_at_touch(const mbs_contact_law *law)
{
    return law->cnf == MBS_CNF_IMPACT && law->exponent > 1.0 && law->cff != MBS_CFF_USER;
}

double mbs_contact_mu(const mbs_contact_law *law, double s)
{
    switch (law->cff) {
    case MBS_CFF_ON:
        if (s <= law->v_s)
            return mbs_step(s, -law->v_s, -law->mu_s, law->v_s, law->mu_s, NULL);
        return mbs_step(s, law->v_s, law->mu_s, law->v_d, law->mu_d, NULL);
    case MBS_CFF_DYNAMIC_ONLY:
        return mbs_step(s, -law->v_d, -law->mu_d, law->v_d, law->mu_d, NULL);
    default:
        return 0.0;
    }
}
