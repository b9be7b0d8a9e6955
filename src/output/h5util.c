#include "h5util.h"
#include "../core/strutil.h"

#include <stdlib.h>
#include <string.h>

void mbs_h5_quiet(void)
{
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
}

hid_t mbs_h5_results_fapl(void)
{
    hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
    /* H5F_LIBVER_V110 exists from 1.10.2 on; with 1.10 it is also the latest */
    H5Pset_libver_bounds(fapl, H5F_LIBVER_V110, H5F_LIBVER_V110);
    return fapl;
}

hid_t mbs_h5_vlen_string(void)
{
    hid_t t = H5Tcopy(H5T_C_S1);
    H5Tset_size(t, H5T_VARIABLE);
    H5Tset_cset(t, H5T_CSET_UTF8);
    return t;
}

hid_t mbs_h5_fixed_string(int len)
{
    hid_t t = H5Tcopy(H5T_C_S1);
    H5Tset_size(t, (size_t)len);
    H5Tset_strpad(t, H5T_STR_NULLPAD);
    H5Tset_cset(t, H5T_CSET_UTF8);
    return t;
}

static hid_t new_attribute(hid_t loc, const char *name, hid_t type, hid_t space)
{
    if (H5Aexists(loc, name) > 0)
        H5Adelete(loc, name);
    return H5Acreate2(loc, name, type, space, H5P_DEFAULT, H5P_DEFAULT);
}

int mbs_h5_attr_string(hid_t loc, const char *name, const char *value)
{
    hid_t type = mbs_h5_vlen_string(), space = H5Screate(H5S_SCALAR);
    hid_t a = new_attribute(loc, name, type, space);
    const char *v = value ? value : "";
    herr_t rc = a < 0 ? -1 : H5Awrite(a, type, &v);
    if (a >= 0)
        H5Aclose(a);
    H5Sclose(space);
    H5Tclose(type);
    return rc < 0 ? -1 : 0;
}

int mbs_h5_attr_strings(hid_t loc, const char *name, const char *const *values, int n)
{
    hsize_t dim = (hsize_t)n;
    hid_t type = mbs_h5_vlen_string(), space = H5Screate_simple(1, &dim, NULL);
    hid_t a = new_attribute(loc, name, type, space);
    herr_t rc = a < 0 ? -1 : H5Awrite(a, type, values);
    if (a >= 0)
        H5Aclose(a);
    H5Sclose(space);
    H5Tclose(type);
    return rc < 0 ? -1 : 0;
}

static int attr_scalar(hid_t loc, const char *name, hid_t type, const void *value)
{
    hid_t space = H5Screate(H5S_SCALAR);
    hid_t a = new_attribute(loc, name, type, space);
    herr_t rc = a < 0 ? -1 : H5Awrite(a, type, value);
    if (a >= 0)
        H5Aclose(a);
    H5Sclose(space);
    return rc < 0 ? -1 : 0;
}

int mbs_h5_attr_double(hid_t loc, const char *name, double value)
{
    return attr_scalar(loc, name, H5T_NATIVE_DOUBLE, &value);
}

int mbs_h5_attr_long(hid_t loc, const char *name, long value)
{
    long long v = value;
    return attr_scalar(loc, name, H5T_NATIVE_LLONG, &v);
}

hid_t mbs_h5_growing_dataset(hid_t loc, const char *name, hid_t type, int rank, long cols, hsize_t chunk_rows,
                             hsize_t chunk_cols)
{
    hsize_t dims[2] = {0, cols > 0 ? (hsize_t)cols : 0};
    hsize_t maxdims[2] = {H5S_UNLIMITED, cols >= 0 ? (hsize_t)cols : H5S_UNLIMITED};
    hsize_t chunk[2] = {chunk_rows, chunk_cols};
    hid_t space = H5Screate_simple(rank, dims, maxdims);
    hid_t dcpl = H5Pcreate(H5P_DATASET_CREATE);
    H5Pset_chunk(dcpl, rank, chunk);
    H5Pset_shuffle(dcpl);
    H5Pset_deflate(dcpl, 6);
    hid_t ds = H5Dcreate2(loc, name, type, space, H5P_DEFAULT, dcpl, H5P_DEFAULT);
    H5Pclose(dcpl);
    H5Sclose(space);
    return ds;
}

int mbs_h5_string_dataset(hid_t loc, const char *name, const char *text)
{
    hid_t type = mbs_h5_vlen_string(), space = H5Screate(H5S_SCALAR);
    hid_t ds = H5Dcreate2(loc, name, type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    const char *v = text ? text : "";
    herr_t rc = ds < 0 ? -1 : H5Dwrite(ds, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, &v);
    if (ds >= 0)
        H5Dclose(ds);
    H5Sclose(space);
    H5Tclose(type);
    return rc < 0 ? -1 : 0;
}

char *mbs_h5_read_attr_string(hid_t loc, const char *name)
{
    if (H5Aexists(loc, name) <= 0)
        return NULL;
    hid_t a = H5Aopen(loc, name, H5P_DEFAULT);
    hid_t ftype = H5Aget_type(a);
    char *result = NULL;
    if (H5Tget_class(ftype) == H5T_STRING) {
        if (H5Tis_variable_str(ftype) > 0) {
            hid_t type = mbs_h5_vlen_string();
            char *v = NULL;
            if (H5Aread(a, type, &v) >= 0 && v) {
                result = mbs_strdup(v);
                H5free_memory(v);
            }
            H5Tclose(type);
        } else {
            size_t len = H5Tget_size(ftype);
            result = calloc(len + 1, 1);
            hid_t type = mbs_h5_fixed_string((int)len);
            if (result && H5Aread(a, type, result) < 0) {
                free(result);
                result = NULL;
            }
            H5Tclose(type);
        }
    }
    H5Tclose(ftype);
    H5Aclose(a);
    return result;
}

int mbs_h5_read_attr_double(hid_t loc, const char *name, double *value)
{
    if (H5Aexists(loc, name) <= 0)
        return -1;
    hid_t a = H5Aopen(loc, name, H5P_DEFAULT);
    herr_t rc = H5Aread(a, H5T_NATIVE_DOUBLE, value);
    H5Aclose(a);
    return rc < 0 ? -1 : 0;
}

char **mbs_h5_read_attr_strings(hid_t loc, const char *name, int *n)
{
    *n = 0;
    if (H5Aexists(loc, name) <= 0)
        return NULL;
    hid_t a = H5Aopen(loc, name, H5P_DEFAULT);
    hid_t space = H5Aget_space(a);
    hssize_t count = H5Sget_simple_extent_npoints(space);
    char **raw = calloc((size_t)count + 1, sizeof *raw);
    char **result = calloc((size_t)count + 1, sizeof *result);
    hid_t type = mbs_h5_vlen_string();
    if (raw && result && H5Aread(a, type, raw) >= 0) {
        for (hssize_t i = 0; i < count; i++) {
            result[i] = mbs_strdup(raw[i] ? raw[i] : "");
            H5free_memory(raw[i]);
        }
        *n = (int)count;
    } else {
        free(result);
        result = NULL;
    }
    free(raw);
    H5Tclose(type);
    H5Sclose(space);
    H5Aclose(a);
    return result;
}

void mbs_h5_free_strings(char **s, int n)
{
    if (!s)
        return;
    for (int i = 0; i < n; i++)
        free(s[i]);
    free(s);
}
