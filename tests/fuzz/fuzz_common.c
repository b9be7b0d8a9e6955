#include "fuzz_common.h"

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
