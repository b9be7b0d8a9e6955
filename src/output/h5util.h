/* Small HDF5 helpers shared by the results writer and reader. */
#ifndef MBS_H5UTIL_H
#define MBS_H5UTIL_H

#include <hdf5.h>

/* Stops HDF5 from printing its error stacks (errors are reported by us). */
void mbs_h5_quiet(void);

/* File access properties for creating a results file: the file format of
 * HDF5 1.10 at both ends, so that a file written with HDF5 1.14 reads with
 * 1.10 (and SWMR, which needs at least that format, works). Caller closes. */
hid_t mbs_h5_results_fapl(void);

/* Attributes, replaced if they exist. Return 0 or -1. */
int mbs_h5_attr_string(hid_t loc, const char *name, const char *value);
int mbs_h5_attr_strings(hid_t loc, const char *name, const char *const *values, int n);
int mbs_h5_attr_double(hid_t loc, const char *name, double value);
int mbs_h5_attr_long(hid_t loc, const char *name, long value);

/* A chunked, compressed (shuffle + deflate) dataset that starts empty and
 * grows along its rows: rank 1, or rank 2 with `cols` columns (cols < 0: the
 * columns grow too). */
hid_t mbs_h5_growing_dataset(hid_t loc, const char *name, hid_t type, int rank, long cols, hsize_t chunk_rows,
                             hsize_t chunk_cols);

/* A scalar variable-length string dataset. */
int mbs_h5_string_dataset(hid_t loc, const char *name, const char *text);

/* A fixed-length, NUL-padded string type of len bytes (caller closes). */
hid_t mbs_h5_fixed_string(int len);
/* A variable-length UTF-8 string type (caller closes). */
hid_t mbs_h5_vlen_string(void);

/* Reading attributes: NULL / -1 if absent. Strings are new allocations. */
char *mbs_h5_read_attr_string(hid_t loc, const char *name);
int mbs_h5_read_attr_double(hid_t loc, const char *name, double *value);
/* An array of strings; *n receives the count. Free with mbs_h5_free_strings. */
char **mbs_h5_read_attr_strings(hid_t loc, const char *name, int *n);
void mbs_h5_free_strings(char **s, int n);

#endif
