/* libFuzzer harness: the Adams dataset reader (src/io/adams_*.c) and the compiler on
 * any bytes as an Adams dataset (.adm). Every message must be one line; nothing may
 * crash, leak, hang or read out of bounds (ASan, UBSan, libFuzzer's
 * timeout and memory limit). */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_read_model(data, size, ".adm");
    return 0;
}
