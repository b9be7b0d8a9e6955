/* Shared by the libFuzzer harnesses: the input as a file (the programs
 * read files: a harness goes through the same path), on a memory file
 * system where there is one. */
#ifndef MBS_FUZZ_COMMON_H
#define MBS_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

/* Writes data to this process's scratch file (the same path each time) and
 * returns the path, or NULL. `ext` is its extension (".xml", ".h5"). */
const char *fuzz_scratch_file(const uint8_t *data, size_t size, const char *ext);

/* This process's scratch file with extension ext (not written). */
const char *fuzz_scratch_path(const char *ext);

/* Reads and compiles the input as a model file with extension ext (".xml",
 * ".adm"), as the command line does; every message must be one line. */
void fuzz_read_model(const uint8_t *data, size_t size, const char *ext);

/* Aborts (a finding) unless every character of s is printable or a
 * non-ASCII byte: messages must be one line, whatever the input held. */
void fuzz_check_one_line(const char *s);

#endif
