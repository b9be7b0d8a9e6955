/* mbsim: the command line. Dispatches to one function per command
 * (src/cli/); everything else is in the library. */
#include "cli/cli.h"

#include <stdio.h>
#include <string.h>

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
} command;

static const command COMMANDS[] = {
    {"run", mbs_cmd_run},
    {"validate", mbs_cmd_validate},
    {"compare", mbs_cmd_compare},
    {"info", mbs_cmd_info},
    {"export", mbs_cmd_export},
    {"plot", mbs_cmd_plot},
    {"animate", mbs_cmd_animate},
    {"recover", mbs_cmd_recover},
    {"sweep", mbs_cmd_sweep},
    {"schema", mbs_cmd_schema},
    {"reference", mbs_cmd_reference},
    {"help", mbs_cmd_help},
};

const char *mbs_cli_program = "mbsim";

int main(int argc, char **argv)
{
    if (argc > 0 && argv[0])
        mbs_cli_program = argv[0];
    if (argc < 2) {
        fputs(mbs_help_text(NULL), stderr);
        return EXIT_BAD_INPUT;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        fputs(mbs_help_text(NULL), stdout);
        return EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0) {
        mbs_cli_print_version();
        return EXIT_OK;
    }
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
        if (strcmp(argv[1], COMMANDS[i].name) == 0) {
            /* `mbsim CMD --help` is `mbsim help CMD` (an operand after `--` is not) */
            for (int k = 2; k < argc && strcmp(argv[k], "--") != 0; k++)
                if (strcmp(argv[k], "--help") == 0 || strcmp(argv[k], "-h") == 0) {
                    fputs(mbs_help_text(argv[1]), stdout);
                    return EXIT_OK;
                }
            return COMMANDS[i].run(argc - 1, argv + 1);
        }
    fprintf(stderr, "mbsim: error: unknown command '%s' (see 'mbsim --help')\n", argv[1]);
    return EXIT_BAD_INPUT;
}
