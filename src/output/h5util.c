/* HDF5 helpers shared by the results writer and reader (h5util.h). */
#include "h5util.h"
#include "../core/strutil.h"

#include <stdio.h>
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

hid_t mbs_h5_swmr_read_fapl(void)
{
    hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
    H5Pset_metadata_read_attempts(fapl, MBS_H5_SWMR_READ_ATTEMPTS);
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

/* ---- checked reading ---- */

void mbs_h5_describe(hid_t type, hid_t space, char *out, size_t size)
{
    H5T_class_t cls = type >= 0 ? H5Tget_class(type) : H5T_NO_CLASS;
    const char *what = cls == H5T_STRING ? "text" : cls == H5T_INTEGER || cls == H5T_FLOAT ? "number"
                       : cls == H5T_COMPOUND ? "compound value" : cls == H5T_ENUM ? "enumeration value"
                       : cls == H5T_REFERENCE ? "reference" : "value of another type";
    H5S_class_t shape = space >= 0 ? H5Sget_simple_extent_type(space) : H5S_NO_CLASS;
    if (shape == H5S_NULL) {
        snprintf(out, size, "an empty %s (no dataspace)", what);
        return;
    }
    if (shape == H5S_SCALAR) {
        snprintf(out, size, "a%s %s", what[0] == 'e' ? "n" : "", what);
        return;
    }
    int rank = space >= 0 ? H5Sget_simple_extent_ndims(space) : -1;
    hsize_t dims[H5S_MAX_RANK];
    if (rank < 1 || rank > H5S_MAX_RANK || H5Sget_simple_extent_dims(space, dims, NULL) < 0) {
        snprintf(out, size, "a %s of unknown shape", what);
        return;
    }
    int n = snprintf(out, size, "a %d-D array (", rank);
    for (int i = 0; i < rank && n >= 0 && (size_t)n < size; i++)
        n += snprintf(out + n, size - (size_t)n, "%s%llu", i ? " x " : "", (unsigned long long)dims[i]);
    if (n >= 0 && (size_t)n < size)
        snprintf(out + n, size - (size_t)n, ") of %ss", what);
}

/* Opens attribute `name` of loc: 1 if absent, -1 if it cannot be read. */
static int open_attr(hid_t loc, const char *name, hid_t *a, hid_t *type, hid_t *space, char *why, size_t whysize)
{
    htri_t exists = H5Aexists(loc, name);
    if (exists == 0)
        return 1;
    *a = exists > 0 ? H5Aopen(loc, name, H5P_DEFAULT) : -1;
    *type = *a >= 0 ? H5Aget_type(*a) : -1;
    *space = *a >= 0 ? H5Aget_space(*a) : -1;
    if (*a < 0 || *type < 0 || *space < 0) {
        snprintf(why, whysize, "cannot be read");
        return -1;
    }
    return 0;
}

static void close_attr(hid_t a, hid_t type, hid_t space)
{
    if (space >= 0)
        H5Sclose(space);
    if (type >= 0)
        H5Tclose(type);
    if (a >= 0)
        H5Aclose(a);
}

/* A single value: a scalar, or an array of one element. */
static int single_value(hid_t space)
{
    return H5Sget_simple_extent_type(space) != H5S_NULL && H5Sget_simple_extent_npoints(space) == 1;
}

static int wrong(hid_t type, hid_t space, const char *expected, char *why, size_t whysize)
{
    char found[128];
    mbs_h5_describe(type, space, found, sizeof found);
    snprintf(why, whysize, "expected %s, found %s", expected, found);
    return -1;
}

/* Reads n strings of the file type `ftype` (fixed or variable length) from
 * an attribute or dataset into new NUL-terminated texts. The memory type is
 * the file's own (HDF5 converts between no two character sets). */
static int read_strings(hid_t obj, int is_attr, hid_t ftype, hid_t fspace, hid_t mspace, size_t n, char **out)
{
    if (H5Tis_variable_str(ftype) > 0) {
        hid_t type = H5Tcopy(ftype);
        char **raw = calloc(n + 1, sizeof *raw);
        herr_t rc = -1;
        if (raw)
            rc = is_attr ? H5Aread(obj, type, raw) : H5Dread(obj, type, mspace, fspace, H5P_DEFAULT, raw);
        for (size_t i = 0; rc >= 0 && i < n; i++)
            out[i] = mbs_strdup(raw[i] ? raw[i] : "");
        if (rc >= 0)
            for (size_t i = 0; i < n; i++)
                H5free_memory(raw[i]);
        free(raw);
        H5Tclose(type);
        return rc < 0 ? -1 : 0;
    }
    size_t len = H5Tget_size(ftype);
    if (len == 0 || len > MBS_H5_MAX_TEXT)
        return -1;
    hid_t type = H5Tcopy(ftype);
    char *raw = calloc(n * len + 1, 1);
    herr_t rc = -1;
    if (raw)
        rc = is_attr ? H5Aread(obj, type, raw) : H5Dread(obj, type, mspace, fspace, H5P_DEFAULT, raw);
    for (size_t i = 0; rc >= 0 && i < n; i++)
        out[i] = mbs_strndup(raw + i * len, len);
    free(raw);
    H5Tclose(type);
    return rc < 0 ? -1 : 0;
}

int mbs_h5_get_text(hid_t loc, const char *name, char **out, char *why, size_t whysize)
{
    *out = NULL;
    hid_t a = -1, type = -1, space = -1;
    int rc = open_attr(loc, name, &a, &type, &space, why, whysize);
    if (rc == 0) {
        if (H5Tget_class(type) != H5T_STRING || !single_value(space))
            rc = wrong(type, space, "a text", why, whysize);
        else if (read_strings(a, 1, type, -1, -1, 1, out) != 0 || !*out)
            rc = -1, snprintf(why, whysize, "cannot be read as a text");
    }
    close_attr(a, type, space);
    return rc;
}

int mbs_h5_get_number(hid_t loc, const char *name, double *out, char *why, size_t whysize)
{
    hid_t a = -1, type = -1, space = -1;
    int rc = open_attr(loc, name, &a, &type, &space, why, whysize);
    if (rc == 0) {
        H5T_class_t cls = H5Tget_class(type);
        if ((cls != H5T_INTEGER && cls != H5T_FLOAT) || !single_value(space))
            rc = wrong(type, space, "a number", why, whysize);
        else if (H5Aread(a, H5T_NATIVE_DOUBLE, out) < 0)
            rc = -1, snprintf(why, whysize, "cannot be read as a number");
    }
    close_attr(a, type, space);
    return rc;
}

int mbs_h5_get_texts(hid_t loc, const char *name, char ***out, int *n, char *why, size_t whysize)
{
    *out = NULL;
    *n = 0;
    hid_t a = -1, type = -1, space = -1;
    int rc = open_attr(loc, name, &a, &type, &space, why, whysize);
    if (rc == 0) {
        H5S_class_t shape = H5Sget_simple_extent_type(space);
        hssize_t count = H5Sget_simple_extent_npoints(space);
        if (H5Tget_class(type) != H5T_STRING || shape == H5S_NULL ||
            (shape == H5S_SIMPLE && H5Sget_simple_extent_ndims(space) != 1) || count < 0 ||
            count > MBS_H5_MAX_TEXTS) {
            rc = wrong(type, space, "a 1-D array of texts", why, whysize);
        } else {
            char **texts = calloc((size_t)count + 1, sizeof *texts);
            if (!texts || read_strings(a, 1, type, -1, -1, (size_t)count, texts) != 0) {
                mbs_h5_free_strings(texts, (int)count);
                rc = -1;
                snprintf(why, whysize, "cannot be read as texts");
            } else {
                *out = texts;
                *n = (int)count;
            }
        }
    }
    close_attr(a, type, space);
    return rc;
}

int mbs_h5_read_texts(hid_t ds, size_t n, char **out)
{
    hid_t ftype = H5Dget_type(ds), fspace = H5Dget_space(ds);
    int rc = -1;
    if (ftype >= 0 && fspace >= 0 && H5Tget_class(ftype) == H5T_STRING) {
        hsize_t off = 0, cnt = (hsize_t)n;
        hid_t mspace = H5Screate_simple(1, &cnt, NULL);
        if (n == 0)
            rc = 0;
        else if (H5Sselect_hyperslab(fspace, H5S_SELECT_SET, &off, NULL, &cnt, NULL) >= 0)
            rc = read_strings(ds, 0, ftype, fspace, mspace, n, out);
        H5Sclose(mspace);
    }
    if (fspace >= 0)
        H5Sclose(fspace);
    if (ftype >= 0)
        H5Tclose(ftype);
    return rc;
}

void mbs_h5_free_strings(char **s, int n)
{
    if (!s)
        return;
    for (int i = 0; i < n; i++)
        free(s[i]);
    free(s);
}
