/* Output rows in joint coordinates (joint_rows.c, mbs_joint_system_row):
 * a row made consistent in the tree's own coordinates (accelerations by the
 * articulated-body solve, the tree joints' multipliers from the backward
 * pass's reactions) is the row the absolute path makes consistent
 * (assemble.c: positions and velocities onto the constraints, accelerations
 * and multipliers from the augmented system): every sensor column of every
 * row, reactions and friction outputs included, within 1e-8 of the column's
 * size. Models: joint friction on the five joint types (friction reads the
 * reactions; the translational example's drive is a motion row, which
 * leaves its rows to the absolute path, so a slider without one), a heavy
 * top (a spherical joint's quaternion), a 3-D double pendulum, a spatial
 * arm, and a free body tumbling with a rod on a spherical joint (a free root
 * of the tree, its quaternion and the joint's reaction). */
#include "../support/harness.h"
#include "../support/run_model.h"

#include <math.h>

static int g_absolute_rows;

static void joint_coordinates(mbs_model *m)
{
    m->settings.formulation = MBS_FORM_JOINT;
    m->settings.absolute_rows = g_absolute_rows;
}

static void compare_paths(const char *path)
{
    test_results joint, absolute;
    g_absolute_rows = 0;
    CHECK(test_run_model(path, NULL, joint_coordinates, &joint) == 0);
    g_absolute_rows = 1;
    CHECK(test_run_model(path, NULL, joint_coordinates, &absolute) == 0);
    CHECK_MSG(joint.status == MBS_OK && absolute.status == MBS_OK, "%s: %s / %s", path, joint.run.message,
              absolute.run.message);
    CHECK_MSG(joint.run.joint_coords > 0, "%s: not in joint coordinates", path);
    /* every row but the start's (the consistent start's own) through the
     * joint path in the one run, none in the other */
    CHECK_MSG(joint.run.joint_rows == joint.n_rows - 1 && joint.n_rows > 10, "%s: %ld of %d rows in joint coordinates",
              path, joint.run.joint_rows, joint.n_rows);
    CHECK(absolute.run.joint_rows == 0);
    CHECK(joint.n_rows == absolute.n_rows && joint.width == absolute.width);
    /* the same steps: the row path does not touch the integration */
    CHECK(joint.run.stats.steps == absolute.run.stats.steps);
    for (int c = 0; c < joint.width && joint.n_rows == absolute.n_rows; c++) {
        double size = 0.0, worst = 0.0;
        int at = 0;
        for (int i = 0; i < joint.n_rows; i++)
            size = fmax(size, fabs(absolute.values[(size_t)i * absolute.width + c]));
        for (int i = 0; i < joint.n_rows; i++) {
            double d = fabs(joint.values[(size_t)i * joint.width + c] - absolute.values[(size_t)i * absolute.width + c]);
            if (d > worst) {
                worst = d;
                at = i;
            }
        }
        CHECK_MSG(worst <= 1e-8 * size + 1e-13, "%s: column %d differs by %.3g (of %.3g) at t = %g", path, c, worst, size,
                  joint.t[at]);
    }
    test_results_free(&joint);
    test_results_free(&absolute);
}

TEST(joint_friction_rows_in_joint_coordinates_equal_the_absolute_path)
{
    compare_paths("models/joint_friction_revolute.xml");
    compare_paths("models/joint_friction_universal.xml");
    compare_paths("tests/physics/models/jf_slider.xml");
    compare_paths("models/joint_friction_cylindrical.xml");
    compare_paths("models/joint_friction_spherical.xml");
}

TEST(tree_rows_in_joint_coordinates_equal_the_absolute_path)
{
    compare_paths("models/heavy_top.xml");
    compare_paths("models/double_pendulum_3d.xml");
    compare_paths("models/spatial_arm.xml");
    compare_paths("tests/physics/models/free_tumbler.xml");
}

TEST_SUITE(joint_rows, T(joint_friction_rows_in_joint_coordinates_equal_the_absolute_path),
           T(tree_rows_in_joint_coordinates_equal_the_absolute_path));
