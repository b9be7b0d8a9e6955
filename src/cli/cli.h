/* The command line: one function per command, sharing option parsing and
 * diagnostics printing. Only this layer prints and chooses exit codes. */
#ifndef MBS_CLI_H
#define MBS_CLI_H

#include "../core/diag.h"
#include "../core/status.h"
#include "../io/reader.h"

#include "../core/version.h"

/* Exit statuses (SPEC 2). */
enum { EXIT_OK = 0, EXIT_FAILED = 1, EXIT_BAD_INPUT = 2, EXIT_SIGINT = 130, EXIT_SIGTERM = 143 };

int mbs_cmd_run(int argc, char **argv);
int mbs_cmd_validate(int argc, char **argv);
int mbs_cmd_compare(int argc, char **argv);
int mbs_cmd_info(int argc, char **argv);
int mbs_cmd_export(int argc, char **argv);
int mbs_cmd_recover(int argc, char **argv);
int mbs_cmd_sweep(int argc, char **argv);
int mbs_cmd_schema(int argc, char **argv);
int mbs_cmd_reference(int argc, char **argv);
int mbs_cmd_help(int argc, char **argv);
int mbs_cmd_plot(int argc, char **argv);
int mbs_cmd_animate(int argc, char **argv);
int mbs_cmd_fmu(int argc, char **argv);

/* argv[0] of mbsim, for running itself where /proc/self/exe is missing. */
extern const char *mbs_cli_program;

/* How much a command says besides its errors and its output proper: -q
 * (quiet 1) drops progress, notes and summaries but keeps warnings; -qq
 * (quiet 2) drops warnings too. MBS_QUIET_MAX caps the count of -q. */
#define MBS_QUIET_MAX 2
/* Prints the diagnostics to stderr: errors always, warnings unless quiet
 * is 2, notes only when it is 0. */
void mbs_cli_print_diags(const mbs_diags *d, int quiet);
/* Reports a usage error for `command` and returns EXIT_BAD_INPUT. */
int mbs_cli_usage_error(const char *command, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Options by getopt_long, GNU style: options and operands in any order,
 * `--` ends the options, long options may be abbreviated and take their value
 * as `--name=value` or `--name value`, short ones may be grouped (`-qo F`).
 * Call mbs_cli_getopt_begin() once, then mbs_cli_getopt() until it returns
 * -1; the operands are then argv[optind..argc-1]. Returns an option's code,
 * or '?' after reporting a usage error (unknown or ambiguous option, missing
 * value, value given to an option that takes none). shortopts as getopt's. */
struct option;
void mbs_cli_getopt_begin(void);
int mbs_cli_getopt(int argc, char **argv, const char *command, const char *shortopts, const struct option *longopts);
/* The first operand not yet taken (advancing optind), or NULL. */
const char *mbs_cli_operand(int argc, char **argv);
/* The one model file operand of `command` in *model: 0, or a usage error
 * (none given, or more than one). */
int mbs_cli_model_operand(int argc, char **argv, const char *command, const char **model);
/* The default output of a command on a model: its base name with
 * `extension` (".h5"), in the current directory; a new string. */
char *mbs_cli_default_output(const char *model, const char *extension);

/* --set NAME=VALUE options, collected. */
typedef struct mbs_overrides {
    mbs_override *items;
    int count;
} mbs_overrides;
/* Parses "NAME=VALUE"; returns 0 or reports a usage error. */
int mbs_cli_add_override(mbs_overrides *o, const char *command, const char *arg);
void mbs_cli_free_overrides(mbs_overrides *o);

/* 1 if both paths name one existing file (symbolic links followed, hard
 * links included), else 0: an output must never overwrite an input. */
int mbs_cli_same_file(const char *a, const char *b);

/* Reads and compiles a model; prints diagnostics. Returns the model or NULL. */
struct mbs_model;
struct mbs_model *mbs_cli_load_model(const char *path, const mbs_overrides *o, int quiet);
/* The same with an Adams command file for an Adams dataset (commands NULL:
 * none); *report (if not NULL) gets what the reader says of a file in
 * another format (the Adams coverage table), or NULL. */
struct mbs_model *mbs_cli_load_model_with(const char *path, const char *commands, const mbs_overrides *o, int quiet,
                                          char **report);

/* --usersub-path DIR: a directory searched for user subroutine libraries;
 * 0, or reports a usage error (DIR is not a directory). */
int mbs_cli_usersub_path(const char *command, const char *dir);
/* The messages user subroutines give during a run (c_usrmes, c_errmes that
 * goes on) are printed to stderr: notes unless quiet, warnings unless quiet 2. */
void mbs_cli_usersub_messages(int quiet);

/* `mbsim --version`: mbsim's and the libraries' versions it was built with. */
void mbs_cli_print_version(void);

/* Help texts. */
const char *mbs_help_text(const char *command);

#endif
