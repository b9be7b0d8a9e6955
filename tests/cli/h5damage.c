/* Damage done to results files, for the tests of files that are damaged or
 * foreign: the operations of h5edit (its comment lists them), applied to an
 * open file; also the results fuzzer's mutations (tests/fuzz/fuzz_results.c).
 * Test code: it writes whatever it is asked to. */
#include "h5damage.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int h5damage_quiet;

static int fail(const char *what)
{
    if (!h5damage_quiet)
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

static hid_t vlen_string(void)
{
    hid_t type = H5Tcopy(H5T_C_S1);
    H5Tset_size(type, H5T_VARIABLE);
    return type;
}

/* Writes an attribute of any type and shape, replacing one of that name. */
static int write_attr(hid_t loc, const char *name, hid_t type, hid_t space, const void *data)
{
    if (H5Aexists(loc, name) > 0)
        H5Adelete(loc, name);
    hid_t a = H5Acreate2(loc, name, type, space, H5P_DEFAULT, H5P_DEFAULT);
    herr_t rc = a < 0 ? -1 : data ? H5Awrite(a, type, data) : 0;
    if (a >= 0)
        H5Aclose(a);
    return rc < 0 ? fail("cannot write the attribute") : 0;
}

static int set_status(hid_t file, const char *status)
{
    hid_t type = vlen_string(), space = H5Screate(H5S_SCALAR);
    int rc = write_attr(file, "status", type, space, &status);
    H5Sclose(space);
    H5Tclose(type);
    return rc;
}

/* h5edit FILE attr OBJ NAME KIND VALUES... */
static int damage_attr(hid_t file, const char *obj, const char *name, const char *kind, int n, char **values)
{
    hid_t loc = H5Oopen(file, obj, H5P_DEFAULT);
    if (loc < 0)
        return fail("no such object");
    hsize_t dim = (hsize_t)n;
    hid_t scalar = H5Screate(H5S_SCALAR), array = H5Screate_simple(1, &dim, NULL);
    int rc;
    if (strcmp(kind, "double") == 0 && n == 1) {
        double v = strtod(values[0], NULL);
        rc = write_attr(loc, name, H5T_NATIVE_DOUBLE, scalar, &v);
    } else if (strcmp(kind, "doubles") == 0 && n >= 1) {
        double *v = calloc((size_t)n, sizeof *v);
        for (int i = 0; v && i < n; i++)
            v[i] = strtod(values[i], NULL);
        rc = v ? write_attr(loc, name, H5T_NATIVE_DOUBLE, array, v) : fail("out of memory");
        free(v);
    } else if (strcmp(kind, "strings") == 0 && n >= 1) {
        hid_t type = vlen_string();
        rc = write_attr(loc, name, type, array, values);
        H5Tclose(type);
    } else if (strcmp(kind, "fixed") == 0 && n == 1) {
        hid_t type = H5Tcopy(H5T_C_S1);
        H5Tset_size(type, strlen(values[0]) + 1);
        rc = write_attr(loc, name, type, scalar, values[0]);
        H5Tclose(type);
    } else if (strcmp(kind, "int") == 0 && n == 1) {
        long long v = strtoll(values[0], NULL, 10);
        rc = write_attr(loc, name, H5T_NATIVE_LLONG, scalar, &v);
    } else if (strcmp(kind, "compound") == 0 && n == 0) {
        struct {
            int a;
            double b;
        } v = {1, 2.0};
        hid_t type = H5Tcreate(H5T_COMPOUND, sizeof v);
        H5Tinsert(type, "a", 0, H5T_NATIVE_INT);
        H5Tinsert(type, "b", sizeof(double), H5T_NATIVE_DOUBLE);
        rc = write_attr(loc, name, type, scalar, &v);
        H5Tclose(type);
    } else if (strcmp(kind, "empty") == 0 && n == 0) {
        hid_t null_space = H5Screate(H5S_NULL);
        rc = write_attr(loc, name, H5T_NATIVE_DOUBLE, null_space, NULL);
        H5Sclose(null_space);
    } else {
        rc = fail("bad attribute kind or values");
    }
    H5Sclose(array);
    H5Sclose(scalar);
    H5Oclose(loc);
    return rc;
}

static int replace_link(hid_t file, const char *path)
{
    if (H5Lexists(file, path, H5P_DEFAULT) > 0 && H5Ldelete(file, path, H5P_DEFAULT) < 0)
        return fail("cannot delete the old object");
    return 0;
}

/* h5edit FILE dataset PATH KIND SIZES... : filled with 0, 1, 2, ... */
static int damage_dataset(hid_t file, const char *path, const char *kind, int n, char **sizes)
{
    if (replace_link(file, path) != 0)
        return 1;
    hsize_t dims[3] = {0, 0, 0};
    int rank = 0;
    for (int i = 0; i < n && i < 3; i++)
        dims[rank++] = (hsize_t)strtoul(sizes[i], NULL, 10);
    if (strcmp(kind, "doubles") == 0 && n == 2 && dims[1] == 0)
        rank = 1;
    else if (!((strcmp(kind, "doubles") == 0 && n == 2) || (strcmp(kind, "doubles3") == 0 && n == 3) ||
               (strcmp(kind, "strings") == 0 && n == 1) || (strcmp(kind, "ints") == 0 && n == 1) ||
               (strcmp(kind, "scalar") == 0 && n == 0)))
        return fail("bad dataset kind or sizes");
    hid_t space = rank > 0 ? H5Screate_simple(rank, dims, NULL) : H5Screate(H5S_SCALAR);
    hssize_t count = H5Sget_simple_extent_npoints(space);
    if (count < 0 || count > 1000000) { /* the fuzzer's mutator asks for any size; a test file stays small */
        H5Sclose(space);
        return fail("a dataset of more than a million values");
    }
    int is_text = strcmp(kind, "strings") == 0, is_int = strcmp(kind, "ints") == 0;
    hid_t type = is_text ? vlen_string() : H5Tcopy(is_int ? H5T_NATIVE_INT : H5T_NATIVE_DOUBLE);
    void *data = calloc((size_t)count + 1, is_text ? sizeof(char *) : sizeof(double));
    for (hssize_t i = 0; data && i < count; i++) {
        if (is_text)
            ((const char **)data)[i] = "text";
        else if (is_int)
            ((int *)data)[i] = (int)i;
        else
            ((double *)data)[i] = (double)i;
    }
    hid_t ds = H5Dcreate2(file, path, type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    herr_t rc = ds < 0 || !data ? -1 : H5Dwrite(ds, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, data);
    if (ds >= 0)
        H5Dclose(ds);
    free(data);
    H5Tclose(type);
    H5Sclose(space);
    return rc < 0 ? fail("cannot write the dataset") : 0;
}

static int damage_group(hid_t file, const char *path)
{
    if (replace_link(file, path) != 0)
        return 1;
    hid_t g = H5Gcreate2(file, path, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    if (g < 0)
        return fail("cannot create the group");
    H5Gclose(g);
    return 0;
}

static int soft_link(hid_t file, const char *path, const char *target)
{
    if (replace_link(file, path) != 0)
        return 1;
    return H5Lcreate_soft(target, file, path, H5P_DEFAULT, H5P_DEFAULT) < 0 ? fail("cannot create the link") : 0;
}

/* A chunked dataset's first dimension set to rows (no data written). */
static int set_extent(hid_t file, const char *path, unsigned long long rows)
{
    hid_t ds = H5Dopen2(file, path, H5P_DEFAULT);
    if (ds < 0)
        return fail("no such dataset");
    hid_t space = H5Dget_space(ds);
    hsize_t dims[H5S_MAX_RANK];
    int rank = H5Sget_simple_extent_dims(space, dims, NULL);
    H5Sclose(space);
    herr_t rc = -1;
    if (rank >= 1) {
        dims[0] = (hsize_t)rows;
        rc = H5Dset_extent(ds, dims);
    }
    H5Dclose(ds);
    return rc < 0 ? fail("cannot set the extent") : 0;
}

int h5damage_apply(hid_t file, int argc, char **argv)
{
    if (argc < 1)
        return fail("no operation");
    const char *op = argv[0];
    char path[512];
    if (strcmp(op, "set") == 0 && argc == 5) {
        snprintf(path, sizeof path, "sensors/%s", argv[1]);
        return set_value(file, path, atol(argv[2]), atol(argv[3]), strtod(argv[4], NULL));
    }
    if (strcmp(op, "time") == 0 && argc == 3)
        return set_value(file, "time", atol(argv[1]), 0, strtod(argv[2], NULL));
    if (strcmp(op, "drop") == 0 && argc == 2) {
        snprintf(path, sizeof path, "sensors/%s", argv[1]);
        return H5Ldelete(file, path, H5P_DEFAULT) < 0 ? fail("cannot delete the sensor") : 0;
    }
    if (strcmp(op, "copy") == 0 && argc == 3) {
        char to[512];
        snprintf(path, sizeof path, "sensors/%s", argv[1]);
        snprintf(to, sizeof to, "sensors/%s", argv[2]);
        return H5Ocopy(file, path, file, to, H5P_DEFAULT, H5P_DEFAULT) < 0 ? fail("cannot copy the sensor") : 0;
    }
    if (strcmp(op, "status") == 0 && argc == 2)
        return set_status(file, argv[1]);
    if (strcmp(op, "attr") == 0 && argc >= 4)
        return damage_attr(file, argv[1], argv[2], argv[3], argc - 4, argv + 4);
    if (strcmp(op, "delattr") == 0 && argc == 3)
        return H5Adelete_by_name(file, argv[1], argv[2], H5P_DEFAULT) < 0 ? fail("cannot delete the attribute") : 0;
    if (strcmp(op, "dataset") == 0 && argc >= 3)
        return damage_dataset(file, argv[1], argv[2], argc - 3, argv + 3);
    if (strcmp(op, "group") == 0 && argc == 2)
        return damage_group(file, argv[1]);
    if (strcmp(op, "unlink") == 0 && argc == 2)
        return H5Ldelete(file, argv[1], H5P_DEFAULT) < 0 ? fail("cannot delete the link") : 0;
    if (strcmp(op, "softlink") == 0 && argc == 3)
        return soft_link(file, argv[1], argv[2]);
    if (strcmp(op, "extent") == 0 && argc == 3)
        return set_extent(file, argv[1], strtoull(argv[2], NULL, 10));
    return fail("bad arguments");
}
