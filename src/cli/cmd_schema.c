/* mbsim schema: prints the XML schema generated from the element tables
 * (schemas/mbsim.xsd is this output). */
#include "cli.h"
#include "../io/schema.h"

#include <stdio.h>
#include <stdlib.h>

int mbs_cmd_schema(int argc, char **argv)
{
    (void)argv;
    if (argc > 1)
        return mbs_cli_usage_error("schema", "no arguments expected");
    char *text = mbs_schema_text();
    if (!text)
        return EXIT_FAILED;
    fputs(text, stdout);
    free(text);
    return EXIT_OK;
}
