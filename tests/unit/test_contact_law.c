/* Force_Contact's laws (src/elements/contact_law.c) at the touch: whether
 * a law is smooth there (mbs_contact_law_smooth_at_touch, which decides
 * whether the integrator steps on past a contact's onset or starts anew)
 * against the law itself. Smooth: the force is o(p), its secant slope
 * F(p)/p falls with p; with a kink it tends to the spring's slope. */
#include "../support/harness.h"
#include "../../src/elements/contact_law.h"

/* F(p)/p at p = 1e-10 over the same at p = 1e-8, entering at 0.1 m/s:
 * 0.1 for k p^1.5 (slope k e p^(e-1)), 1 for a linear spring. */
static double slope_ratio(const mbs_contact_law *law)
{
    double elastic = 0.0;
    double lo = mbs_contact_normal(law, 1e-10, 0.1, &elastic) / 1e-10;
    double hi = mbs_contact_normal(law, 1e-8, 0.1, &elastic) / 1e-8;
    return lo / hi;
}

TEST(a_law_is_smooth_at_the_touch_where_its_force_is_of_higher_order)
{
    const double exponents[] = {1.0, 1.1, 1.5, 2.2};
    for (int k = 0; k < 4; k++) {
        mbs_contact_law impact = {.cnf = MBS_CNF_IMPACT, .k = 1e6, .exponent = exponents[k], .cmax = 20, .dmax = 1e-3};
        double ratio = slope_ratio(&impact);
        int smooth = mbs_contact_law_smooth_at_touch(&impact);
        CHECK_MSG(smooth == (ratio < 0.9), "IMPACT e = %g: F(p)/p falls to %.3g of itself over 1e-8 .. 1e-10 m, "
                  "smooth_at_touch %d", exponents[k], ratio, smooth);
    }
    mbs_contact_law poisson = {.cnf = MBS_CNF_POISSON, .penalty = 1e7, .restitution = 0.8, .v_n = 1e-3};
    double ratio = slope_ratio(&poisson);
    CHECK_MSG(ratio > 0.9 && !mbs_contact_law_smooth_at_touch(&poisson),
              "POISSON: F(p)/p keeps %.3g of itself (a kink), smooth_at_touch %d", ratio,
              mbs_contact_law_smooth_at_touch(&poisson));
    mbs_contact_law user = {.cnf = MBS_CNF_USER}; /* the user's CNFSUB: unknown, not smooth */
    CHECK(!mbs_contact_law_smooth_at_touch(&user));
    mbs_contact_law user_friction = {.cnf = MBS_CNF_IMPACT, .k = 1e6, .exponent = 1.5, .cff = MBS_CFF_USER};
    CHECK_MSG(!mbs_contact_law_smooth_at_touch(&user_friction), "Hertz with the user's CFFSUB: unknown, not smooth");
}

TEST_SUITE(contact_law, T(a_law_is_smooth_at_the_touch_where_its_force_is_of_higher_order));
