/* SHA-256 (FIPS 180-4), for the model's fingerprint in the results file. */
#ifndef MBS_SHA256_H
#define MBS_SHA256_H

#include <stddef.h>

/* Writes the digest of data as 64 lower-case hex digits plus NUL. */
void mbs_sha256_hex(const void *data, size_t len, char out[65]);

#endif
