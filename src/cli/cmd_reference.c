/* mbsim reference: prints the element reference (docs/elements.md) generated
 * from the element tables. */
#include "cli.h"
#include "../io/docgen.h"

#include <stdio.h>
#include <stdlib.h>

int mbs_cmd_reference(int argc, char **argv)
{
    (void)argv;
    if (argc > 1)
        return mbs_cli_usage_error("reference", "no arguments expected");
    char *text = mbs_reference_markdown();
    if (!text)
        return EXIT_FAILED;
    fputs(text, stdout);
    free(text);
    return EXIT_OK;
}
