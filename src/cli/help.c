/* Help texts: `mbsim --help` and `mbsim help COMMAND` (docs/cli.md says the same). */
#include "cli.h"

#include <stdio.h>
#include <string.h>

static const char OVERVIEW[] =
    "mbsim - multibody dynamics simulator\n"
    "\n"
    "usage: mbsim COMMAND [ARGS]\n"
    "\n"
    "commands:\n"
    "  run MODEL.xml        simulate and write the results file (HDF5)\n"
    "  validate MODEL.xml   check a model and print a summary\n"
    "  schema               print the XML schema of the model format\n"
    "  reference            print the element reference (Markdown)\n"
    "  help COMMAND         details of one command\n"
    "\n"
    "  mbsim --version      print the version\n"
    "\n"
    "exit status: 0 success, 1 the run failed, 2 bad input (no results file is written)\n";

static const char RUN[] =
    "usage: mbsim run MODEL.xml [-o OUT.h5] [--set NAME=VALUE]... [--end-time T]\n"
    "                 [--print-interval DT] [--rtol R] [--atol A]\n"
    "                 [--linear-solver auto|dense|klu] [--quiet]\n"
    "\n"
    "Runs the model's analyses (<Simulate> commands; without any, a transient to t = 1)\n"
    "and writes every sensor at every output time to OUT.h5 (default: the model's base\n"
    "name with .h5, in the current directory).\n"
    "\n"
    "  -o, --output FILE      results file\n"
    "  --set NAME=VALUE       override a <Parameter> (repeatable)\n"
    "  --end-time T           end of the last transient analysis (model time units)\n"
    "  --print-interval DT    output spacing of every transient analysis\n"
    "  --rtol R, --atol A     integrator tolerances (atol in model length units)\n"
    "  --linear-solver S      auto (default), dense or klu\n"
    "  -q, --quiet            print nothing but errors\n"
    "\n"
    "On a terminal a progress line shows on stderr. SIGINT or SIGTERM end the run\n"
    "cleanly: the results so far are kept with status \"interrupted\".\n"
    "\n"
    "exit status: 0 completed, 1 the run failed (results kept, status \"failed\"),\n"
    "2 bad input (no results file), 130 / 143 interrupted by SIGINT / SIGTERM\n";

static const char VALIDATE[] =
    "usage: mbsim validate MODEL.xml [--set NAME=VALUE]...\n"
    "\n"
    "Checks the model against the schema and for semantic errors (dangling ids, bad\n"
    "inertia, ...), reporting every problem as 'file:line: error: ...', then prints a\n"
    "summary: bodies, markers, joints, forces, sensors, degrees of freedom.\n"
    "\n"
    "exit status: 0 valid, 2 invalid\n";

static const char SCHEMA[] =
    "usage: mbsim schema\n"
    "\n"
    "Prints the XML schema (XSD) of the model format, generated from the element\n"
    "tables; schemas/mbsim.xsd is this output.\n";

static const char REFERENCE[] =
    "usage: mbsim reference\n"
    "\n"
    "Prints the reference of every element kind (attributes, types, defaults,\n"
    "dimensions) in Markdown, generated from the element tables; docs/elements.md\n"
    "is this output.\n";

static const char HELP[] =
    "usage: mbsim help [COMMAND]\n"
    "\n"
    "Prints the help of COMMAND, or the list of commands.\n";

typedef struct help_entry {
    const char *command;
    const char *text;
} help_entry;

static const help_entry ENTRIES[] = {
    {"run", RUN},
    {"validate", VALIDATE},
    {"schema", SCHEMA},
    {"reference", REFERENCE},
    {"help", HELP},
};

const char *mbs_help_text(const char *command)
{
    if (!command)
        return OVERVIEW;
    for (size_t i = 0; i < sizeof ENTRIES / sizeof ENTRIES[0]; i++)
        if (strcmp(ENTRIES[i].command, command) == 0)
            return ENTRIES[i].text;
    return NULL;
}

int mbs_cmd_help(int argc, char **argv)
{
    if (argc < 2) {
        fputs(OVERVIEW, stdout);
        return EXIT_OK;
    }
    const char *text = mbs_help_text(argv[1]);
    if (!text) {
        fprintf(stderr, "mbsim help: error: unknown command '%s' (see 'mbsim --help')\n", argv[1]);
        return EXIT_BAD_INPUT;
    }
    fputs(text, stdout);
    return EXIT_OK;
}
