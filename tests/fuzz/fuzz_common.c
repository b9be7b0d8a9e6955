#include "fuzz_common.h"
#include "../../src/core/diag.h"
#include "../../src/io/reader.h"
#include "../../src/model/compile.h"
#include "../../src/model/model.h"
#include "../../src/usersub/library.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

const char *fuzz_scratch_path(const char *ext)
{
    static char path[256];
    const char *dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    snprintf(path, sizeof path, "%s/mbsim_fuzz_%ld%s", dir, (long)getpid(), ext);
    return path;
}

const char *fuzz_scratch_file(const uint8_t *data, size_t size, const char *ext)
{
    const char *path = fuzz_scratch_path(ext);
    FILE *f = fopen(path, "wb");
    if (!f)
        return NULL;
    size_t n = size ? fwrite(data, 1, size, f) : 0;
    return fclose(f) == 0 && n == size ? path : NULL;
}

void fuzz_check_one_line(const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; p && *p; p++)
        if (*p < 0x20 || *p == 0x7f) {
            fprintf(stderr, "a message holds control character 0x%02x: %s\n", *p, s);
            abort();
        }
}

void fuzz_read_model(const uint8_t *data, size_t size, const char *ext)
{
    /* a model may name any file as a user subroutine's library: none is loaded here */
    mbs_library_forbid("user subroutine libraries are not loaded by the fuzzers");
    const char *path = fuzz_scratch_file(data, size, ext);
    if (!path)
        return;
    mbs_diags d;
    mbs_diags_init(&d);
    d.max_errors = 100; /* as the command line */
    mbs_spec spec;
    mbs_model *m = NULL;
    if (mbs_read_model(path, NULL, 0, &d, &spec) == MBS_OK && mbs_compile(&spec, &d, &m) == MBS_OK) {
        (void)mbs_output_rows(m);
        (void)mbs_model_dof(m);
    }
    mbs_spec_free(&spec);
    mbs_model_free(m);
    for (int i = 0; i < d.count; i++) {
        char *line = mbs_diag_format(&d.items[i]);
        fuzz_check_one_line(line);
        free(line);
    }
    mbs_diags_free(&d);
}
