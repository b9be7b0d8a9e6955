/* mbsim reference: prints the element reference (docs/elements.md) generated
 * from the element tables. */
#include "cli.h"
#include "../io/docgen.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

int mbs_cmd_reference(int argc, char **argv)
{
    mbs_cli_getopt_begin();
    if (mbs_cli_getopt(argc, argv, "reference", "", NULL) != -1)
        return EXIT_BAD_INPUT;
    if (optind < argc)
        return mbs_cli_usage_error("reference", "no arguments expected");
    char *text = mbs_reference_markdown();
    if (!text)
        return EXIT_FAILED;
    fputs(text, stdout);
    free(text);
    return EXIT_OK;
}
