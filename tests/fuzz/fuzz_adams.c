/* libFuzzer harness: the Adams dataset reader (src/io/adams_*.c) and the compiler on
 * any bytes as an Adams dataset (.adm). Every message must be one line; nothing may
 * crash, leak, hang or read out of bounds (ASan, UBSan, libFuzzer's
 * timeout and memory limit). */
#include "fuzz_common.h"
#include "../../src/core/diag.h"
#include "../../src/io/reader.h"
#include "../../src/model/compile.h"
#include "../../src/model/model.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_scratch_file(data, size, ".adm");
    if (!path)
        return 0;
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
    return 0;
}
