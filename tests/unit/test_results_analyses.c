/* /analyses and /linear in the results file (src/output/results_analyses.c):
 * what the writer puts there is what HDF5 reads back (shapes, row-major
 * matrices, names, eigenvalues, modes), and what `info` reads. */
#include "../support/harness.h"
#include "model_text.h"
#include "../../src/output/h5util.h"
#include "../../src/output/results_analyses.h"
#include "../../src/output/results_writer.h"

#include <hdf5.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char MODEL[] =
    "<Mbsim version=\"1\"><Model>\n"
    "  <Body_Rigid id=\"1\" isground=\"TRUE\"/>\n"
    "  <Body_Rigid id=\"2\" label=\"b\" cg_id=\"20\" mass=\"1\" inertia_xx=\"1\" inertia_yy=\"1\" inertia_zz=\"1\"/>\n"
    "  <Reference_Marker id=\"20\" body_id=\"2\"/>\n"
    "  <Sensor id=\"1\" type=\"BODY\" element_id=\"2\" output=\"Position\"/>\n"
    "</Model><Command>\n"
    "  <Simulate analysis_type=\"Static\"/>\n"
    "  <Simulate analysis_type=\"Linear\"/>\n"
    "</Command></Mbsim>\n";

/* A made-up result: 2 states, 1 input, 1 output, 3 mode coordinates. */
static char *NAMES[] = {"b.z", "b.vz"}, *UNITS[] = {"m", "m/s"}, *IN[] = {"push"}, *IN_UNITS[] = {""};
static char *OUT[] = {"height"}, *OUT_UNITS[] = {"m"};
static char *MOTIONS[] = {"b.x", "b.y", "b.z"}, *MOTION_UNITS[] = {"m", "m", "m"};
static double A[] = {0, 1, -400, -2}, B[] = {0, 0.5}, C[] = {1, 0}, D[] = {0};
static double RE[] = {-1, -1}, IM[] = {19.97, -19.97}, DAMP[] = {0.05, 0.05}, FREQ[] = {3.18, 3.18};
static double MODE_RE[] = {0, 0, 1, 0, 0, 1}, MODE_IM[] = {0, 0.25, 0, 0, -0.25, 0};

static mbs_linear_result made_up(void)
{
    mbs_linear_result l = {1.5, 2, 1, 1, NAMES, UNITS, IN, IN_UNITS, OUT, OUT_UNITS, A, B, C, D, 1, RE, IM, DAMP,
                           FREQ, 3, MOTIONS, MOTION_UNITS, MODE_RE, MODE_IM};
    return l;
}

/* A dataset's dimensions (rank returned), its values into out when given. */
static int read_dataset(hid_t file, const char *path, hsize_t dims[2], hid_t type, void *out)
{
    hid_t ds = H5Dopen2(file, path, H5P_DEFAULT);
    if (ds < 0)
        return -1;
    hid_t space = H5Dget_space(ds);
    int rank = H5Sget_simple_extent_ndims(space);
    dims[0] = dims[1] = 0;
    H5Sget_simple_extent_dims(space, dims, NULL);
    if (out)
        H5Dread(ds, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, out);
    H5Sclose(space);
    H5Dclose(ds);
    return rank;
}

TEST(linear_results_read_back_as_written)
{
    text_model t;
    CHECK(text_model_load(&t, MODEL, NULL, 1) == MBS_OK);
    char path[64], err[256];
    snprintf(path, sizeof path, "/tmp/mbsim_analyses_%d.h5", (int)getpid());
    mbs_results_writer *w = t.model ? mbs_results_create(path, t.model, err, sizeof err) : NULL;
    CHECK_MSG(w != NULL, "%s", err);
    if (!w) {
        text_model_free(&t);
        return;
    }
    mbs_linear_result lin = made_up();
    CHECK(mbs_results_analysis(w, "Static", 0.0, 0.0, 0, 0, "completed") == 0);
    CHECK(mbs_results_analysis(w, "Linear", 0.0, 0.0, -1, -1, "completed") == 0);
    CHECK(mbs_results_linear(w, 0, &lin) == 0);
    mbs_results_summary s = {"completed", "", 0.0, "IDA", 1e-6, 1e-8, "DENSE", "ABSOLUTE", -1, 0, 0, 0, 0, 0, 0, 0, 0.0};
    CHECK(mbs_results_close(w, &s, err, sizeof err) == 0);

    hid_t file = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    CHECK(file >= 0);
    hsize_t dims[2];
    double a[4] = {0}, eig[4] = {0}, modes[6] = {0}, time = 0;
    CHECK(read_dataset(file, "/linear/linear_1/A", dims, H5T_NATIVE_DOUBLE, a) == 2 && dims[0] == 2 && dims[1] == 2);
    CHECK(a[1] == 1 && a[2] == -400); /* row-major: A[0][1], A[1][0] */
    CHECK(read_dataset(file, "/linear/linear_1/B", dims, 0, NULL) == 2 && dims[0] == 2 && dims[1] == 1);
    CHECK(read_dataset(file, "/linear/linear_1/C", dims, 0, NULL) == 2 && dims[0] == 1 && dims[1] == 2);
    CHECK(read_dataset(file, "/linear/linear_1/eigenvalues", dims, H5T_NATIVE_DOUBLE, eig) == 2 && dims[0] == 2 &&
          dims[1] == 2);
    CHECK(eig[0] == -1 && eig[1] == 19.97 && eig[3] == -19.97);
    CHECK(read_dataset(file, "/linear/linear_1/modes_imag", dims, H5T_NATIVE_DOUBLE, modes) == 2 && dims[0] == 2 &&
          dims[1] == 3 && modes[1] == 0.25 && modes[4] == -0.25);
    CHECK(read_dataset(file, "/linear/linear_1/time", dims, H5T_NATIVE_DOUBLE, &time) == 1 && time == 1.5);
    char names[2][97] = {{0}}; /* NUL-padded, not NUL-terminated */
    hid_t text = mbs_h5_fixed_string(97);
    CHECK(read_dataset(file, "/linear/linear_1/state_names", dims, text, names) == 1 && dims[0] == 2);
    CHECK(strcmp(names[1], "b.vz") == 0);
    H5Tclose(text);
    H5Fclose(file);

    /* what mbsim info reads */
    file = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    mbs_ranalysis *an = NULL;
    long n_an = 0;
    CHECK(mbs_results_read_analyses(file, &an, &n_an) == 0 && n_an == 2);
    if (n_an == 2)
        CHECK(strcmp(an[0].kind, "Static") == 0 && an[0].first_row == 0 && strcmp(an[1].kind, "Linear") == 0 &&
              an[1].first_row == -1 && strcmp(an[1].status, "completed") == 0);
    free(an);
    mbs_rlinear *rl = NULL;
    int n_rl = 0;
    CHECK(mbs_results_read_linear(file, &rl, &n_rl) == 0 && n_rl == 1);
    if (n_rl == 1)
        CHECK(strcmp(rl[0].name, "linear_1") == 0 && rl[0].t == 1.5 && rl[0].n == 2 && rl[0].n_inputs == 1 &&
              rl[0].n_outputs == 1 && rl[0].n_eigen == 2 && rl[0].eig_im[0] == 19.97 && rl[0].damping[1] == 0.05);
    mbs_results_free_linear(rl, n_rl);
    H5Fclose(file);
    remove(path);
    text_model_free(&t);
}

TEST_SUITE(results_analyses, T(linear_results_read_back_as_written));
