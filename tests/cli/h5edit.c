/* Test helper: alters a copy of a results file so that `mbsim compare` has
 * something to find (the tests must not depend on Python or h5py).
 *
 *   h5edit FILE set SENSOR ROW COL VALUE   one value (VALUE may be nan, inf)
 *   h5edit FILE drop SENSOR                delete a sensor
 *   h5edit FILE copy SENSOR NEWNAME        add a sensor (a copy of one)
 *   h5edit FILE time ROW VALUE             one time value
 *   h5edit FILE status STATUS              the root attribute status
 */
#include <hdf5.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(const char *what)
{
    fprintf(stderr, "h5edit: %s\n", what);
    return 1;
}

/* One element of a 1-D or 2-D double dataset. */
static int set_value(hid_t file, const char *path, long row, long col, double value)
{
    hid_t ds = H5Dopen2(file, path, H5P_DEFAULT);
    if (ds < 0)
        return fail("no such dataset");
    hid_t space = H5Dget_space(ds);
    int rank = H5Sget_simple_extent_ndims(space);
    hsize_t off[2] = {(hsize_t)row, (hsize_t)col}, one[2] = {1, 1};
    H5Sselect_hyperslab(space, H5S_SELECT_SET, off, NULL, one, NULL);
    hid_t mem = H5Screate_simple(rank, one, NULL);
    herr_t rc = H5Dwrite(ds, H5T_NATIVE_DOUBLE, mem, space, H5P_DEFAULT, &value);
    H5Sclose(mem);
    H5Sclose(space);
    H5Dclose(ds);
    return rc < 0 ? fail("cannot write the value") : 0;
}

static int set_status(hid_t file, const char *status)
{
    hid_t type = H5Tcopy(H5T_C_S1);
    H5Tset_size(type, H5T_VARIABLE);
    hid_t space = H5Screate(H5S_SCALAR);
    if (H5Aexists(file, "status") > 0)
        H5Adelete(file, "status");
    hid_t a = H5Acreate2(file, "status", type, space, H5P_DEFAULT, H5P_DEFAULT);
    herr_t rc = a < 0 ? -1 : H5Awrite(a, type, &status);
    if (a >= 0)
        H5Aclose(a);
    H5Sclose(space);
    H5Tclose(type);
    return rc < 0 ? fail("cannot write status") : 0;
}

int main(int argc, char **argv)
{
    if (argc < 3)
        return fail("usage: h5edit FILE set|drop|copy|time|status ...");
    hid_t file = H5Fopen(argv[1], H5F_ACC_RDWR, H5P_DEFAULT);
    if (file < 0)
        return fail("cannot open the file");
    const char *op = argv[2];
    char path[512];
    int rc;
    if (strcmp(op, "set") == 0 && argc == 7) {
        snprintf(path, sizeof path, "sensors/%s", argv[3]);
        rc = set_value(file, path, atol(argv[4]), atol(argv[5]), strtod(argv[6], NULL));
    } else if (strcmp(op, "time") == 0 && argc == 5) {
        rc = set_value(file, "time", atol(argv[3]), 0, strtod(argv[4], NULL));
    } else if (strcmp(op, "drop") == 0 && argc == 4) {
        snprintf(path, sizeof path, "sensors/%s", argv[3]);
        rc = H5Ldelete(file, path, H5P_DEFAULT) < 0 ? fail("cannot delete the sensor") : 0;
    } else if (strcmp(op, "copy") == 0 && argc == 5) {
        char to[512];
        snprintf(path, sizeof path, "sensors/%s", argv[3]);
        snprintf(to, sizeof to, "sensors/%s", argv[4]);
        rc = H5Ocopy(file, path, file, to, H5P_DEFAULT, H5P_DEFAULT) < 0 ? fail("cannot copy the sensor") : 0;
    } else if (strcmp(op, "status") == 0 && argc == 4) {
        rc = set_status(file, argv[3]);
    } else {
        rc = fail("bad arguments");
    }
    if (H5Fclose(file) < 0)
        rc = fail("cannot close the file");
    return rc;
}
