/* What the commands share (cli.h): diagnostics printed, usage errors,
 * --set overrides, a model loaded, user subroutine paths, options parsed. */
#include "cli.h"
#include "../core/strutil.h"
#include "../model/compile.h"
#include "../model/spec.h"
#include "../usersub/context.h"
#include "../usersub/library.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void mbs_cli_print_diags(const mbs_diags *d, int quiet)
{
    for (int i = 0; i < d->count; i++) {
        const mbs_diag *g = &d->items[i];
        if ((g->severity == MBS_SEV_NOTE && quiet >= 1) || (g->severity == MBS_SEV_WARNING && quiet >= 2))
            continue;
        char *line = mbs_diag_format(g);
        if (line)
            fprintf(stderr, "%s\n", line);
        free(line);
    }
    if (d->max_errors > 0 && d->errors > d->max_errors)
        fprintf(stderr, "mbsim: %d more errors not shown\n", d->errors - d->max_errors);
}

int mbs_cli_usage_error(const char *command, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "mbsim %s: error: ", command);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, " (see 'mbsim help %s')\n", command);
    va_end(ap);
    return EXIT_BAD_INPUT;
}

int mbs_cli_add_override(mbs_overrides *o, const char *command, const char *arg)
{
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg || !eq[1])
        return mbs_cli_usage_error(command, "--set needs NAME=VALUE, got '%s'", arg);
    mbs_override *items = realloc(o->items, (size_t)(o->count + 1) * sizeof *items);
    if (!items)
        return EXIT_BAD_INPUT;
    o->items = items;
    items[o->count].name = mbs_strndup(arg, (size_t)(eq - arg));
    items[o->count].value = mbs_strdup(eq + 1);
    o->count++;
    return 0;
}

void mbs_cli_free_overrides(mbs_overrides *o)
{
    for (int i = 0; i < o->count; i++) {
        free((char *)o->items[i].name);
        free((char *)o->items[i].value);
    }
    free(o->items);
    o->items = NULL;
    o->count = 0;
}

int mbs_cli_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

struct mbs_model *mbs_cli_load_model(const char *path, const mbs_overrides *o, int quiet)
{
    return mbs_cli_load_model_with(path, NULL, o, quiet, NULL);
}

struct mbs_model *mbs_cli_load_model_with(const char *path, const char *commands, const mbs_overrides *o, int quiet,
                                          char **report)
{
    mbs_diags d;
    mbs_diags_init(&d);
    d.max_errors = 100;
    mbs_spec spec;
    mbs_model *model = NULL;
    mbs_status st;
    if (commands && !mbs_is_adams_path(path)) {
        mbs_cli_usage_error("run", "--commands takes an Adams command file (.acf) for an Adams dataset (.adm); %s "
                            "is not one (an XML model has its <Command> block)", path);
        return NULL;
    }
    if (commands)
        st = mbs_read_adams(path, commands, o ? o->items : NULL, o ? o->count : 0, &d, &spec);
    else
        st = mbs_read_model(path, o ? o->items : NULL, o ? o->count : 0, &d, &spec);
    if (report) {
        *report = spec.report;
        spec.report = NULL;
    }
    if (st == MBS_OK) {
        mbs_compile(&spec, &d, &model);
    } else if (spec.checkable) {
        /* compiled only for the model's other errors (its notes and warnings would be about a
         * model with pieces left out), all reported in file order */
        int first = d.count;
        mbs_compile(&spec, &d, &model);
        mbs_model_free(model);
        model = NULL;
        mbs_diags_keep_errors(&d, first);
        mbs_diags_sort_by_line(&d, 0);
    }
    mbs_spec_free(&spec);
    mbs_cli_print_diags(&d, quiet);
    mbs_diags_free(&d);
    return model;
}

int mbs_cli_usersub_path(const char *command, const char *dir)
{
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return mbs_cli_usage_error(command, "--usersub-path %s is not a directory", dir);
    if (mbs_library_add_dir(dir) != 0)
        return mbs_cli_usage_error(command, "out of memory");
    return 0;
}

static void print_usersub_message(void *ctx, int warning, const char *text)
{
    int quiet = *(const int *)ctx;
    if (warning ? quiet < 2 : quiet == 0)
        fprintf(stderr, "mbsim run: %s: %s\n", warning ? "warning" : "note", text);
}

void mbs_cli_usersub_messages(int quiet)
{
    static int quiet_flag;
    quiet_flag = quiet;
    mbs_user_set_messenger(print_usersub_message, &quiet_flag);
}

void mbs_cli_getopt_begin(void)
{
    optind = 0; /* glibc: start afresh, with the option string read again */
    opterr = 0; /* mbsim's own messages */
}

/* "--name[=value]" of a long option as typed -> the length of name. */
static size_t typed_name_length(const char *word)
{
    return strcspn(word + 2, "=");
}

/* The long options whose names begin with what was typed, as "--a, --b". */
static void matching_names(const struct option *longopts, const char *typed, size_t len, mbs_buf *out, int *count)
{
    *count = 0;
    for (const struct option *o = longopts; o && o->name; o++)
        if (strncmp(o->name, typed, len) == 0) {
            if (strlen(o->name) == len) { /* an exact match is never ambiguous */
                *count = 1;
                mbs_buf_free(out);
                mbs_buf_appendf(out, "--%s", o->name);
                return;
            }
            mbs_buf_appendf(out, "%s--%s", (*count)++ ? ", " : "", o->name);
        }
}

static int option_error(int code, char **argv, const char *command, const struct option *longopts)
{
    const char *word = optind > 0 ? argv[optind - 1] : "";
    int is_long = word && strncmp(word, "--", 2) == 0;
    if (!is_long) {
        if (code == ':')
            return mbs_cli_usage_error(command, "-%c needs a value", optopt);
        return mbs_cli_usage_error(command, "unknown option '-%c'", optopt);
    }
    size_t len = typed_name_length(word);
    mbs_buf names;
    mbs_buf_init(&names);
    int count;
    matching_names(longopts, word + 2, len, &names, &count);
    const char *full = names.data ? names.data : word;
    if (count == 0)
        mbs_cli_usage_error(command, "unknown option '%.*s'", (int)len + 2, word);
    else if (count > 1)
        mbs_cli_usage_error(command, "ambiguous option '%.*s' (could be %s)", (int)len + 2, word, full);
    else if (code == ':')
        mbs_cli_usage_error(command, "%s needs a value", full);
    else
        mbs_cli_usage_error(command, "%s takes no value", full);
    mbs_buf_free(&names);
    return '?';
}

int mbs_cli_getopt(int argc, char **argv, const char *command, const char *shortopts, const struct option *longopts)
{
    static const struct option none[] = {{NULL, 0, NULL, 0}};
    char spec[64];
    /* ':' first: a missing value is told apart from an unknown option */
    snprintf(spec, sizeof spec, ":%s", shortopts ? shortopts : "");
    int code = getopt_long(argc, argv, spec, longopts ? longopts : none, NULL);
    if (code == '?' || code == ':') {
        option_error(code, argv, command, longopts);
        return '?';
    }
    return code;
}

const char *mbs_cli_operand(int argc, char **argv)
{
    return optind < argc ? argv[optind++] : NULL;
}

int mbs_cli_model_operand(int argc, char **argv, const char *command, const char **model)
{
    *model = mbs_cli_operand(argc, argv);
    if (!*model)
        return mbs_cli_usage_error(command, "no model file given");
    if (optind < argc)
        return mbs_cli_usage_error(command, "only one model file, please");
    return 0;
}

char *mbs_cli_default_output(const char *model, const char *extension)
{
    const char *base = strrchr(model, '/');
    base = base ? base + 1 : model;
    const char *dot = strrchr(base, '.');
    size_t len = dot && dot != base ? (size_t)(dot - base) : strlen(base);
    return mbs_sprintf_alloc("%.*s%s", (int)len, base, extension);
}
