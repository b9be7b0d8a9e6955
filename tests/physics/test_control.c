/* MotionView's data and control elements in the shape its exports write them,
 * checked against closed forms:
 *   tests/physics/models/export_arrays_splines.xml  arrays whose values or variable ids are the
 *       element's text; a spline curve as rows "x y" against the same points given the older way;
 *       spline surfaces against a bilinear function and against their curves */
#include "../support/harness.h"
#include "../support/run_model.h"

#include <math.h>

TEST(arrays_and_splines_as_exports_write_them)
{
    test_results r;
    CHECK(test_run_model("tests/physics/models/export_arrays_splines.xml", NULL, NULL, &r) == 0);
    CHECK_MSG(r.status == MBS_OK, "run failed: %s %s", r.run.message, r.errors);
    CHECK(r.n_rows == 101);
    for (int i = 0; i < r.n_rows; i++) {
        double t = r.t[i];
        /* a U array read from rows of ids: ARYVAL(U, k) is the k-th variable (in the text's order) */
        for (int k = 0; k < 3; k++)
            CHECK_NEAR(test_value(&r, "arrays", k, i), 0.0, 0);
        CHECK_NEAR(test_value(&r, "arrays", 5, i), 1 - t * t, 1e-9);
        /* an IC array over two rows: its 4th and 6th numbers */
        CHECK_NEAR(test_value(&r, "arrays", 3, i), 42.5, 0);
        CHECK_NEAR(test_value(&r, "arrays", 4, i), 0.125, 0);
        /* the curve given as rows "x y" (num_x) is the curve given as pairs (num_xy_pair) */
        for (int k = 0; k < 6; k += 2)
            CHECK_NEAR(test_value(&r, "curves", k, i), test_value(&r, "curves", k + 1, i), 0);
        /* a bilinear surface y = 2 + 3 x - z + 0.5 x z: every method is exact, beyond the data too
         * (x from -0.25 to 4.25, z from -0.3 to 2.3) */
        double x = 4.5 * t - 0.25, z = 2.6 * t - 0.3, exact = 2 + 3 * x - z + 0.5 * x * z;
        for (int k = 0; k < 3; k++)
            CHECK_NEAR(test_value(&r, "surfaces", k, i), exact, 1e-12);
        /* two curves, c(x) at z = 1 and 2 c(x) at z = 3: at z = 2 the mean 1.5 c(x); along
         * z = 1 + 2t the share of the second curve grows, y = (1 + t) c(x) */
        CHECK_NEAR(test_value(&r, "surfaces", 3, i), 1.5 * test_value(&r, "surfaces", 4, i), 1e-12);
        CHECK_NEAR(test_value(&r, "surfaces", 5, i), (1 + t) * test_value(&r, "surfaces", 6, i), 1e-12);
    }
    test_results_free(&r);
}

TEST_SUITE(control, T(arrays_and_splines_as_exports_write_them));
