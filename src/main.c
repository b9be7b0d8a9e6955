/* mbsim: the command line. Dispatches to one function per command
 * (src/cli/); everything else is in the library. */
#include "cli/cli.h"
#include "core/isolate.h"

#include <stdio.h>
#include <string.h>

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    /* reads results files, which may be anyone's: run in a child (see below) */
    int reads_results;
} command;

static const command COMMANDS[] = {
    {"run", mbs_cmd_run, 0},
    {"fmu", mbs_cmd_fmu, 0},
    {"validate", mbs_cmd_validate, 0},
    {"compare", mbs_cmd_compare, 1},
    {"info", mbs_cmd_info, 1},
    {"export", mbs_cmd_export, 1},
    {"plot", mbs_cmd_plot, 1},
    {"animate", mbs_cmd_animate, 1},
    {"recover", mbs_cmd_recover, 1},
    {"sweep", mbs_cmd_sweep, 0},
    {"schema", mbs_cmd_schema, 0},
    {"reference", mbs_cmd_reference, 0},
    {"help", mbs_cmd_help, 0},
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
            if (!COMMANDS[i].reads_results)
                return COMMANDS[i].run(argc - 1, argv + 1);
            /* libhdf5 parses a file's own structures and crashes on some
             * corrupt ones (src/core/isolate.h); the command runs in a child
             * so that such a file is one error line and exit 2 */
            int fault = 0;
            int rc = mbs_run_guarded(COMMANDS[i].run, argc - 1, argv + 1, &fault);
            if (rc >= 0)
                return rc;
            char how[64] = "a sanitizer's report";
            if (fault)
                snprintf(how, sizeof how, "signal %d", fault);
            fprintf(stderr,
                    "mbsim %s: error: a results file is corrupt at the level of its HDF5 structures: libhdf5 "
                    "crashed reading it (%s); no results file was changed\n",
                    argv[1], how);
            return EXIT_BAD_INPUT;
        }
    fprintf(stderr, "mbsim: error: unknown command '%s' (see 'mbsim --help')\n", argv[1]);
    return EXIT_BAD_INPUT;
}
