/* mbsim schema: prints the XML schema generated from the element tables
 * (schemas/mbsim.xsd is this output). */
#include "cli.h"
#include "../io/schema.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

int mbs_cmd_schema(int argc, char **argv)
{
    mbs_cli_getopt_begin();
    if (mbs_cli_getopt(argc, argv, "schema", "", NULL) != -1)
        return EXIT_BAD_INPUT;
    if (optind < argc)
        return mbs_cli_usage_error("schema", "no arguments expected");
    char *text = mbs_schema_text();
    if (!text)
        return EXIT_FAILED;
    fputs(text, stdout);
    free(text);
    return EXIT_OK;
}
