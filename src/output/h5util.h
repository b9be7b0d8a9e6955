/* Small HDF5 helpers shared by the results writer and reader. */
#ifndef MBS_H5UTIL_H
#define MBS_H5UTIL_H

#include <hdf5.h>
#include <stddef.h>

/* Stops HDF5 from printing its error stacks (errors are reported by us). */
void mbs_h5_quiet(void);

/* File access properties for creating a results file: the file format of
 * HDF5 1.10 at both ends, so that a file written with HDF5 1.14 reads with
 * 1.10 (and SWMR, which needs at least that format, works). Caller closes. */
hid_t mbs_h5_results_fapl(void);

/* File access properties for opening a file in SWMR-read mode (caller
 * closes). A SWMR reader retries a metadata read whose checksum fails, in
 * case the writer was writing it, sleeping twice as long each time (from a
 * nanosecond); HDF5's 100 attempts sleep for hours on a file that is simply
 * damaged. 30 attempts wait 2 s at most in all, time enough for a writer's
 * flush on a loaded machine. */
#define MBS_H5_SWMR_READ_ATTEMPTS 30
hid_t mbs_h5_swmr_read_fapl(void);

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

/* ---- checked reading, for files that may be damaged or foreign ----
 * Each returns 0 with the value, 1 when the attribute is absent, and -1 when
 * it has another type or shape or cannot be read, with the reason in why
 * ("expected a number, found a 1-D array (3) of numbers"). A text is a
 * string (fixed or variable length) holding one value; a number is an
 * integer or a float holding one value. Texts are new allocations. */
#define MBS_H5_MAX_TEXT (1u << 20)  /* bytes of one fixed-length text */
#define MBS_H5_MAX_TEXTS 1000000    /* texts in one attribute */
int mbs_h5_get_text(hid_t loc, const char *name, char **out, char *why, size_t whysize);
int mbs_h5_get_number(hid_t loc, const char *name, double *out, char *why, size_t whysize);
/* A 1-D array of texts (or a single one); *n receives the count. Free with
 * mbs_h5_free_strings. */
int mbs_h5_get_texts(hid_t loc, const char *name, char ***out, int *n, char *why, size_t whysize);
/* The first n texts of a 1-D string dataset (fixed or variable length). */
int mbs_h5_read_texts(hid_t ds, size_t n, char **out);
/* What a type and a dataspace hold, e.g. "a 2-D array (10 x 3) of numbers". */
void mbs_h5_describe(hid_t type, hid_t space, char *out, size_t size);
void mbs_h5_free_strings(char **s, int n);

#endif
