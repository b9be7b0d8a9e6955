/* libFuzzer harness: the expression compiler (src/expr/) on any text:
 * compiling with a permissive model environment, evaluating and
 * differentiating (mbs_expr_fuzz, the library's own entry point), and the
 * refusal as the reader reports it: one line, whatever the text held. */
#include "fuzz_common.h"
#include "../../src/core/diag.h"
#include "../../src/expr/expr.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    (void)mbs_expr_fuzz((const char *)data, size);
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0'; /* a NUL inside ends the text, as in an attribute */
    static const char *const fixed_names[] = {"k", "L", "stiffness", "offset"};
    static const double fixed_values[] = {2000.0, 0.5, 10.0, -1.0};
    static const char *const var_names[] = {"t", "q", "v"};
    mbs_scope scope = {fixed_names, fixed_values, 4, var_names, 3, NULL};
    char err[512];
    mbs_expr *e = mbs_expr_compile(text, &scope, err, sizeof err);
    if (!e) {
        mbs_diags d;
        mbs_diags_init(&d);
        mbs_diag_add(&d, MBS_SEV_ERROR, "model.xml", 1, "%s", err);
        char *line = mbs_diag_format(&d.items[0]);
        fuzz_check_one_line(line);
        free(line);
        mbs_diags_free(&d);
    }
    mbs_expr_free(e);
    (void)mbs_expr_valid_name(text);
    free(text);
    return 0;
}
