/* libFuzzer harness: the model reader and compiler (src/io, src/model) on
 * any bytes as a model file (user subroutine libraries are not loaded).
 * Every message must be one line; nothing may crash, leak, hang or read
 * out of bounds (ASan, UBSan, libFuzzer's timeout and memory limit). */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_read_model(data, size, ".xml");
    return 0;
}
