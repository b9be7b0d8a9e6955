/* Force_JointFriction's load-time warnings and notes: the N-mm-s bristle
 * defaults in a model of another length unit, mu_dynamic above mu_static,
 * the LuGre passivity condition, and what does not apply to a joint type.
 * (Errors are in tests/bad/joint_friction_*.) Also the LuGre law itself. */
#include "../support/harness.h"
#include "model_text.h"
#include "../../src/elements/lugre.h"

#include <stdio.h>
#include <string.h>

/* A revolute pendulum with `units` (a Param_Unit or "") and the friction's
 * extra attributes; loads it and counts the messages of `severity` that
 * contain `text`. */
static int count(const char *units, const char *friction, mbs_severity severity, const char *text)
{
    char xml[4096];
    snprintf(xml, sizeof xml,
             "<Mbsim><Model>%s\n"
             "<Body_Rigid id=\"1\" isground=\"TRUE\"/><Reference_Marker id=\"10\" body_id=\"1\"/>\n"
             "<Body_Rigid id=\"2\" cg_id=\"20\" mass=\"1\" inertia_xx=\"1\" inertia_yy=\"1\" inertia_zz=\"1\"/>\n"
             "<Reference_Marker id=\"20\" body_id=\"2\"/>\n"
             "<Constraint_Joint id=\"1\" type=\"REVOLUTE\" i_marker_id=\"20\" j_marker_id=\"10\"/>\n"
             "<Force_JointFriction id=\"1\" joint_id=\"1\" %s/>\n"
             "</Model></Mbsim>\n",
             units, friction);
    text_model t;
    text_model_load(&t, xml, NULL, 1);
    CHECK_MSG(t.status == MBS_OK, "the model does not load (%s)", friction);
    int n = 0;
    for (int i = 0; i < t.diags.count; i++)
        n += t.diags.items[i].severity == severity && strstr(t.diags.items[i].message, text) != NULL;
    text_model_free(&t);
    return n;
}

#define MM "<Param_Unit length_unit=\"MILLIMETER\"/>"
#define CM "<Param_Unit length_unit=\"CENTIMETER\"/>"
#define SOFT "1000 times softer"

TEST(default_bristles_in_a_metre_model_are_pointed_out)
{
    const char *plain = "mu_static=\"0.5\" mu_dynamic=\"0.3\"";
    CHECK(count("", plain, MBS_SEV_WARNING, SOFT) == 1);
    CHECK(count("", "mu_static=\"0.5\" mu_dynamic=\"0.3\" bristle_stiffness=\"100\"", MBS_SEV_WARNING, SOFT) == 1);
    CHECK(count(MM, plain, MBS_SEV_WARNING, "softer") == 0);
    CHECK(count(CM, plain, MBS_SEV_WARNING, "10 times softer") == 1);
    CHECK(count("", "mu_static=\"0.5\" mu_dynamic=\"0.3\" bristle_stiffness=\"1e5\"", MBS_SEV_WARNING, "softer") == 0);
}

TEST(dynamic_above_static_friction_is_a_warning)
{
    CHECK(count("", "mu_static=\"0.3\" mu_dynamic=\"0.5\"", MBS_SEV_WARNING, "mu_dynamic (0.5) is larger than mu_static") ==
          1);
    CHECK(count("", "mu_static=\"0.5\" mu_dynamic=\"0.3\"", MBS_SEV_WARNING, "larger than mu_static") == 0);
}

/* sigma2 > sigma1 (mu_s - mu_d) / mu_d is sufficient for passivity. */
TEST(the_passivity_condition_is_checked)
{
    const char *base = "mu_static=\"0.5\" mu_dynamic=\"0.25\" damping_effects=\"0.3\" viscous_effects=";
    char attrs[256];
    snprintf(attrs, sizeof attrs, "%s\"0.29\"", base); /* needs > 0.3 */
    CHECK(count(MM, attrs, MBS_SEV_WARNING, "passivity") == 1);
    snprintf(attrs, sizeof attrs, "%s\"0.31\"", base);
    CHECK(count(MM, attrs, MBS_SEV_WARNING, "passivity") == 0);
    snprintf(attrs, sizeof attrs, "%s\"0.29\" effect=\"SLIDING\"", base); /* g constant: passive */
    CHECK(count(MM, attrs, MBS_SEV_WARNING, "passivity") == 0);
}

/* The canonical damping misses the bound for any mu_s well above mu_d: the
 * defaults (in N-mm-s, or in another unit, where the softness warning says
 * what is wrong) and the documented values written out are no choice to
 * warn about; damping set otherwise is. */
TEST(the_canonical_damping_is_not_warned_about)
{
    const char *mu = "mu_static=\"0.5\" mu_dynamic=\"0.3\"";
    CHECK(count(MM, mu, MBS_SEV_WARNING, "passivity") == 0);
    CHECK(count("", mu, MBS_SEV_WARNING, "passivity") == 0);
    char attrs[256];
    snprintf(attrs, sizeof attrs, "%s damping_effects=\"0.316\" viscous_effects=\"0.0004\"", mu);
    CHECK(count(MM, attrs, MBS_SEV_WARNING, "passivity") == 0);
    snprintf(attrs, sizeof attrs, "%s bristle_stiffness=\"1e5\" damping_effects=\"316\" viscous_effects=\"0.4\"", mu);
    CHECK(count("", attrs, MBS_SEV_WARNING, "passivity") == 0);
    snprintf(attrs, sizeof attrs, "%s damping_effects=\"1\"", mu); /* three times the canonical value */
    CHECK(count(MM, attrs, MBS_SEV_WARNING, "passivity") == 1);
    snprintf(attrs, sizeof attrs, "%s damping_effects=\"316\"", mu); /* canonical damping, default viscosity */
    CHECK(count("", attrs, MBS_SEV_WARNING, "passivity") == 1);
}

TEST(what_does_not_apply_to_the_joint_type_gets_a_note)
{
    const char *mu = "mu_static=\"0.5\" mu_dynamic=\"0.3\" ";
    char attrs[256];
    snprintf(attrs, sizeof attrs, "%sinputs=\"0101\"", mu);
    CHECK(count(MM, attrs, MBS_SEV_NOTE, "torsional moment (character 4) does not apply to a REVOLUTE") == 1);
    snprintf(attrs, sizeof attrs, "%sinputs=\"1110\"", mu);
    CHECK(count(MM, attrs, MBS_SEV_NOTE, "does not apply") == 0);
    CHECK(count(MM, mu, MBS_SEV_NOTE, "does not apply") == 0); /* the default 1111 is no choice of the user */
    /* nor is 1111 written out, as MotionSolve's files do: every load that applies */
    snprintf(attrs, sizeof attrs, "%sinputs=\"1111\"", mu);
    CHECK(count(MM, attrs, MBS_SEV_NOTE, "does not apply") == 0);
    snprintf(attrs, sizeof attrs, "%sforce_preload=\"2\" ball_radius=\"3\"", mu);
    CHECK(count(MM, attrs, MBS_SEV_NOTE, "force_preload has no effect on a REVOLUTE joint") == 1);
    CHECK(count(MM, attrs, MBS_SEV_NOTE, "ball_radius has no effect on a REVOLUTE joint") == 1);
    snprintf(attrs, sizeof attrs, "%smax_stiction_deform=\"0.1\"", mu);
    CHECK(count(MM, attrs, MBS_SEV_NOTE, "max_stiction_deform has no effect") == 1);
}

/* The law itself: steady sliding gives -(g + sigma2 |v|) v/|v|; at rest the
 * bristle does not relax (no creep); effect switches g. */
TEST(lugre_law)
{
    mbs_lugre l = {1e5, 316, 0.4, 0.5, 0.3, 0.1, MBS_LUGRE_ALL};
    double v[2] = {0.3, -0.4}, s = 0.5, g = 0.3 + 0.2 * exp(-25.0), z[2], zd[2], mu[2];
    for (int k = 0; k < 2; k++)
        z[k] = g / l.sigma0 * v[k] / s; /* steady deflection */
    mbs_lugre_eval(&l, 2, v, z, zd, mu);
    for (int k = 0; k < 2; k++) {
        CHECK(fabs(zd[k]) < 1e-12);
        CHECK_NEAR(mu[k], -(g + l.sigma2 * s) * v[k] / s, 1e-12);
    }
    double v0 = 0.0, z0 = 3e-6, zd0, mu0;
    mbs_lugre_eval(&l, 1, &v0, &z0, &zd0, &mu0);
    CHECK(zd0 == 0.0);
    CHECK_NEAR(mu0, -l.sigma0 * z0, 1e-15);
    CHECK_NEAR(mbs_lugre_stiction(&l), 0.5, 0);
    l.effect = MBS_LUGRE_SLIDING;
    CHECK_NEAR(mbs_lugre_g(&l, 0.0), 0.3, 0);
    l.effect = MBS_LUGRE_STICTION;
    CHECK_NEAR(mbs_lugre_g(&l, 100.0), 0.5, 0);
}

/* The slopes a Newton matrix takes (mbs_lugre_slopes_at) against central
 * differences of the law, sliding fast and slow (within the Stribeck
 * speed), sticking, both signs, and for each effect. */
TEST(lugre_slopes_are_the_derivatives_of_the_law)
{
    mbs_lugre l = {1e5, 316, 0.4, 0.5, 0.3, 0.1, MBS_LUGRE_ALL};
    const double cases[][2] = {{0.3, 2e-6}, {-0.05, -4e-6}, {0.02, -3e-6}, {1e-4, 1e-6}, {-2e-3, 5e-6}};
    for (int e = 0; e < 3; e++) {
        l.effect = (mbs_lugre_effect)e;
        for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
            double v = cases[i][0], z = cases[i][1], zd[2], mu[2];
            mbs_lugre_slopes sl = mbs_lugre_slopes_at(&l, v, z);
            double hv = 1e-6 * fabs(v), hz = 1e-4 * fabs(z), vs[2] = {v - hv, v + hv}, zs[2] = {z - hz, z + hz};
            for (int k = 0; k < 2; k++)
                mbs_lugre_eval(&l, 1, &v, &zs[k], &zd[k], &mu[k]);
            double dzd_dz = (zd[1] - zd[0]) / (2 * hz), dmu_dz = (mu[1] - mu[0]) / (2 * hz);
            CHECK_MSG(fabs(sl.dzdot_dz - dzd_dz) <= 1e-6 * fabs(dzd_dz) + 1e-9, "case %zu effect %d: %g vs %g", i, e,
                      sl.dzdot_dz, dzd_dz);
            CHECK_MSG(fabs(sl.dmu_dz - dmu_dz) <= 1e-6 * fabs(dmu_dz), "case %zu effect %d: %g vs %g", i, e, sl.dmu_dz,
                      dmu_dz);
            for (int k = 0; k < 2; k++)
                mbs_lugre_eval(&l, 1, &vs[k], &z, &zd[k], &mu[k]);
            double dzd_dv = (zd[1] - zd[0]) / (2 * hv), dmu_dv = (mu[1] - mu[0]) / (2 * hv);
            CHECK_MSG(fabs(sl.dzdot_dv - dzd_dv) <= 1e-5 * fabs(dzd_dv) + 1e-9, "case %zu effect %d: %g vs %g", i, e,
                      sl.dzdot_dv, dzd_dv);
            CHECK_MSG(fabs(sl.dmu_dv - dmu_dv) <= 1e-5 * fabs(dmu_dv) + 1e-9, "case %zu effect %d: %g vs %g", i, e,
                      sl.dmu_dv, dmu_dv);
        }
    }
}

/* The slopes of a channel of 2 and 3 components (the cylindrical and
 * spherical joints': mbs_lugre_vector_slopes_at) against central
 * differences of the law in each component of v and z, sliding fast, slow
 * and sticking, for each effect. */
TEST(lugre_vector_slopes_are_the_derivatives_of_the_law)
{
    mbs_lugre l = {1e5, 316, 0.4, 0.5, 0.3, 0.1, MBS_LUGRE_ALL};
    const double cases[][6] = {{0.3, -0.1, 0.05, 2e-6, -1e-6, 3e-6},
                               {0.02, 0.01, -0.03, -3e-6, 1e-6, 2e-6},
                               {1e-4, -2e-4, 5e-5, 1e-6, 2e-6, -1e-6}};
    for (int e = 0; e < 3; e++) {
        l.effect = (mbs_lugre_effect)e;
        for (int n = 2; n <= 3; n++)
            for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
                const double *v = cases[i], *z = cases[i] + 3;
                mbs_lugre_vector_slopes sl;
                mbs_lugre_vector_slopes_at(&l, n, v, z, &sl);
                for (int j = 0; j < n; j++) {
                    double vp[2][3], zp[2][3], zd[2][3], mu[2][3], hv = 1e-6 * fabs(v[j]), hz = 1e-4 * fabs(z[j]);
                    for (int s = 0; s < 2; s++) {
                        memcpy(vp[s], v, sizeof vp[s]);
                        memcpy(zp[s], z, sizeof zp[s]);
                        vp[s][j] += s ? hv : -hv;
                        zp[s][j] += s ? hz : -hz;
                    }
                    for (int k = 0; k < n; k++) { /* each component's slope on v_j */
                        for (int s = 0; s < 2; s++)
                            mbs_lugre_eval(&l, n, vp[s], z, zd[s], mu[s]);
                        double dv = (zd[1][k] - zd[0][k]) / (2 * hv);
                        CHECK_MSG(fabs(sl.dzdot_dv[k][j] - dv) <= 1e-5 * fabs(dv) + 1e-9,
                                  "n %d case %zu effect %d: dz%d'/dv%d %g vs %g", n, i, e, k, j, sl.dzdot_dv[k][j], dv);
                        for (int s = 0; s < 2; s++)
                            mbs_lugre_eval(&l, n, v, zp[s], zd[s], mu[s]);
                        double dz = (zd[1][k] - zd[0][k]) / (2 * hz), dmu = (mu[1][k] - mu[0][k]) / (2 * hz);
                        double want = k == j ? sl.dzdot_dz : 0.0, want_mu = k == j ? sl.dmu_dz : 0.0;
                        CHECK_MSG(fabs(want - dz) <= 1e-6 * fabs(sl.dzdot_dz) + 1e-9,
                                  "n %d case %zu effect %d: dz%d'/dz%d %g vs %g", n, i, e, k, j, want, dz);
                        CHECK_MSG(fabs(want_mu - dmu) <= 1e-6 * fabs(sl.dmu_dz),
                                  "n %d case %zu effect %d: dmu%d/dz%d %g vs %g", n, i, e, k, j, want_mu, dmu);
                    }
                }
            }
    }
}

TEST_SUITE(joint_friction_checks, T(default_bristles_in_a_metre_model_are_pointed_out),
           T(dynamic_above_static_friction_is_a_warning), T(the_passivity_condition_is_checked),
           T(the_canonical_damping_is_not_warned_about),
           T(what_does_not_apply_to_the_joint_type_gets_a_note), T(lugre_law),
           T(lugre_slopes_are_the_derivatives_of_the_law), T(lugre_vector_slopes_are_the_derivatives_of_the_law));
