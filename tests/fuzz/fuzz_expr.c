/* libFuzzer harness: the expression compiler (src/io/expr.c, the wrapper
 * around libmatheval) on any text: compiling, evaluating, differentiating
 * with respect to each run-time variable, as elements do. */
#include "fuzz_common.h"
#include "../../src/core/diag.h"
#include "../../src/io/expr.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0'; /* a NUL inside ends the text, as in an attribute */
    static const char *const fixed_names[] = {"k", "L", "stiffness", "offset"};
    static const double fixed_values[] = {2000.0, 0.5, 10.0, -1.0};
    static const char *const var_names[] = {"t", "q", "v"};
    mbs_scope scope = {fixed_names, fixed_values, 4, var_names, 3};
    char err[512];
    mbs_expr *e = mbs_expr_compile(text, &scope, err, sizeof err);
    if (!e) {
        /* as the reader reports it: one line, whatever the text held */
        mbs_diags d;
        mbs_diags_init(&d);
        mbs_diag_add(&d, MBS_SEV_ERROR, "model.xml", 1, "%s", err);
        char *line = mbs_diag_format(&d.items[0]);
        fuzz_check_one_line(line);
        free(line);
        mbs_diags_free(&d);
    } else {
        static const double points[][3] = {{0, 0, 0}, {0.5, -1, 2}, {1e300, -1e-300, 1e9}};
        for (int i = 0; i < 3; i++)
            (void)mbs_expr_eval(e, points[i]);
        (void)mbs_expr_text(e);
        for (int v = 0; v < 3; v++) {
            if (!mbs_expr_uses(e, var_names[v]))
                continue;
            mbs_expr *de = mbs_expr_derivative(e, var_names[v]);
            if (de) {
                (void)mbs_expr_eval(de, points[1]);
                mbs_expr_free(de);
            }
        }
        mbs_expr_free(e);
    }
    (void)mbs_expr_valid_name(text);
    free(text);
    return 0;
}
