/* The dissipated energy's error weight (src/solver/dae/weights.c): relative
 * to its total variation, |E_d| plus the energy it has given back. */
#include "../support/harness.h"
#include "model_text.h"
#include "../../src/solver/dae/weights.h"

#include <math.h>
#include <stdlib.h>

TEST(energy_that_only_grows_gives_nothing_back)
{
    mbs_energy_flow f = {0};
    for (int i = 0; i <= 100; i++)
        mbs_energy_flow_add(&f, 0.37 * i * i);
    CHECK(mbs_energy_flow_returned(&f) == 0.0);
    mbs_energy_flow g = {0};
    for (int i = 0; i <= 100; i++)
        mbs_energy_flow_add(&g, -1e-3 * i); /* a drive's work: only falls */
    CHECK(mbs_energy_flow_returned(&g) == 0.0);
}

TEST(a_swing_gives_back_what_it_took)
{
    /* a spring's exchange in unequal steps: up to 5 J and back to 0, up to
     * 3 J and down to 1 J: gained 8 J, lost 7 J; the total variation 15 J
     * less the net change 1 J */
    static const double e[] = {0.0, 0.5, 2.0, 4.5, 5.0, 3.0, 0.25, 0.0, 1.5, 3.0, 2.0, 1.0};
    mbs_energy_flow f = {0};
    for (size_t i = 0; i < sizeof e / sizeof *e; i++)
        mbs_energy_flow_add(&f, e[i]);
    CHECK(mbs_energy_flow_returned(&f) == 14.0);
    /* the same swing from another origin: the same */
    mbs_energy_flow g = {0};
    for (size_t i = 0; i < sizeof e / sizeof *e; i++)
        mbs_energy_flow_add(&g, e[i] - 2.0);
    CHECK(mbs_energy_flow_returned(&g) == 14.0);
}

TEST(the_weight_of_the_dissipated_energy)
{
    static const char xml[] = "<Mbsim version=\"1\"><Model>"
                              "<Body_Rigid id=\"1\" isground=\"TRUE\"/>"
                              "<Body_Rigid id=\"2\" cg_id=\"20\" mass=\"1\" inertia_xx=\"1\" "
                              "inertia_yy=\"1\" inertia_zz=\"1\"/>"
                              "<Reference_Marker id=\"20\" body_id=\"2\"/>"
                              "</Model></Mbsim>";
    text_model t;
    CHECK(text_model_load(&t, xml, NULL, 1) == MBS_OK && t.model);
    if (!t.model) {
        text_model_free(&t);
        return;
    }
    const mbs_model *m = t.model;
    double *x = calloc((size_t)m->ny, sizeof *x), *atol = calloc((size_t)m->ny, sizeof *atol);
    double *w = calloc((size_t)m->ny, sizeof *w);
    for (int i = 0; i < m->ny; i++)
        atol[i] = 1e-10;
    int e = m->ofs_z + m->energy_state;
    x[e] = -0.25;
    /* nothing given back: the plain rule */
    mbs_abs_weights(m, NULL, m->ny, x, atol, 1e-8, 1e-3, 0.0, w);
    CHECK(w[e] == 1.0 / (1e-8 * 0.25 + 1e-10));
    /* 4 J given back: relative to 4.25 J */
    mbs_abs_weights(m, NULL, m->ny, x, atol, 1e-8, 1e-3, 4.0, w);
    CHECK_NEAR(w[e], 1.0 / (1e-8 * 4.25 + 1e-10), 1e-9 * w[e]);
    /* the other variables keep theirs */
    for (int i = 0; i < m->ofs_lambda; i++)
        if (i != e)
            CHECK(w[i] == 1.0 / (1e-8 * fabs(x[i]) + 1e-10));
    free(x);
    free(atol);
    free(w);
    text_model_free(&t);
}

TEST_SUITE(energy_weight, T(energy_that_only_grows_gives_nothing_back), T(a_swing_gives_back_what_it_took),
           T(the_weight_of_the_dissipated_energy));
