/* mbsim fmu MODEL.xml|DATASET.adm [--commands FILE.acf] [-o OUT.fmu] [--fmi 2|3]
 *           [--set NAME=VALUE]... [--output-column SENSOR[.COLUMN]]...
 *           [--usersub-path DIR]... [--quiet]
 * Writes a co-simulation FMU of the model (docs/fmi.md): a zip archive of
 *   modelDescription.xml          src/fmi/description.c
 *   binaries/linux64/ID.so        FMI 2 (x86_64-linux/ for FMI 3): the FMU
 *                                 binary built as build/fmu/libmbsim_fmu.so,
 *                                 and beside it the libraries it needs
 *   resources/MODEL.xml           the model (or the Adams dataset, and its
 *                                 command file), read by the binary
 *   binaries/PLATFORM/usersub/    the user subroutine libraries the model opened
 *   resources/mbsim-fmu.txt       the model's name, the token, the --set values,
 *                                 the sensor columns that are outputs (--output-column),
 *                                 the libraries packed
 * The archive is written to a temporary name and renamed: a failure leaves
 * no file and an existing one as it was. */
#include "cli.h"
#include "../core/sha256.h"
#include "../core/strutil.h"
#include "../fmi/description.h"
#include "../io/xml_load.h"
#include "../model/model.h"
#include "../usersub/library.h"

#include <dirent.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zip.h>

#define FMU_BINARY "libmbsim_fmu.so"

typedef struct fmu_options {
    const char *model, *output;
    const char *commands; /* an Adams command file for a dataset (--commands) */
    int version;
    mbs_overrides sets;
    const char **columns; /* --output-column */
    int n_columns;
    int quiet;
} fmu_options;

enum { OPT_SET = 256, OPT_FMI, OPT_OUTPUT_COLUMN, OPT_USERSUB_PATH, OPT_COMMANDS };

static const struct option FMU_OPTIONS[] = {
    {"output", required_argument, NULL, 'o'},
    {"fmi", required_argument, NULL, OPT_FMI},
    {"set", required_argument, NULL, OPT_SET},
    {"output-column", required_argument, NULL, OPT_OUTPUT_COLUMN},
    {"usersub-path", required_argument, NULL, OPT_USERSUB_PATH},
    {"commands", required_argument, NULL, OPT_COMMANDS},
    {"quiet", no_argument, NULL, 'q'},
    {NULL, 0, NULL, 0},
};

static int parse(int argc, char **argv, fmu_options *o)
{
    memset(o, 0, sizeof *o);
    o->version = 2;
    mbs_cli_getopt_begin();
    int code;
    while ((code = mbs_cli_getopt(argc, argv, "fmu", "o:q", FMU_OPTIONS)) != -1) {
        int rc = 0;
        switch (code) {
        case 'o': o->output = optarg; break;
        case 'q': o->quiet += o->quiet < MBS_QUIET_MAX; break;
        case OPT_SET: rc = mbs_cli_add_override(&o->sets, "fmu", optarg); break;
        case OPT_USERSUB_PATH: rc = mbs_cli_usersub_path("fmu", optarg); break;
        case OPT_COMMANDS: o->commands = optarg; break;
        case OPT_OUTPUT_COLUMN: {
            const char **grown = realloc(o->columns, (size_t)(o->n_columns + 1) * sizeof *grown);
            if (!grown)
                return mbs_cli_usage_error("fmu", "out of memory");
            o->columns = grown;
            o->columns[o->n_columns++] = optarg;
            break;
        }
        case OPT_FMI:
            if (strcmp(optarg, "2") == 0 || strcmp(optarg, "3") == 0)
                o->version = optarg[0] - '0';
            else
                rc = mbs_cli_usage_error("fmu", "--fmi needs 2 or 3, got '%s'", optarg);
            break;
        default: return EXIT_BAD_INPUT;
        }
        if (rc != 0)
            return rc;
    }
    return mbs_cli_model_operand(argc, argv, "fmu", &o->model);
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* The folder of the FMU binary: $MBSIM_FMU_DIR, else fmu/ beside the mbsim
 * binary (the build tree), else ../lib/mbsim/fmu/ from it (an installation). */
static char *binary_dir(void)
{
    const char *env = getenv("MBSIM_FMU_DIR");
    if (env && env[0])
        return mbs_strdup(env);
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return NULL;
    exe[n] = '\0';
    *strrchr(exe, '/') = '\0';
    const char *const tries[] = {"%s/fmu", "%s/../lib/mbsim/fmu"};
    for (size_t i = 0; i < sizeof tries / sizeof tries[0]; i++) {
        char *dir = mbs_sprintf_alloc(tries[i], exe);
        char *so = dir ? mbs_sprintf_alloc("%s/%s", dir, FMU_BINARY) : NULL;
        struct stat st;
        int found = so && stat(so, &st) == 0;
        free(so);
        if (found)
            return dir;
        free(dir);
    }
    return NULL;
}

/* The SHA-256 of a file's text, read as the model's was (of nothing when it
 * cannot be read: the model was read from it just before). */
static void file_hash(const char *path, char out[65])
{
    char *text = NULL;
    size_t len = 0;
    mbs_diags d;
    mbs_diags_init(&d);
    if (mbs_xml_read_file(path, &text, &len, &d) != MBS_OK)
        len = 0;
    mbs_sha256_hex(text ? text : "", text ? len : 0, out);
    free(text);
    mbs_diags_free(&d);
}

/* The token binding description and binary: a GUID-shaped digest of the
 * model's text (and its command file's), the --set values and the FMI
 * version. */
static void make_token(const mbs_model *m, const fmu_options *o, char out[40])
{
    mbs_buf b;
    mbs_buf_init(&b);
    mbs_buf_appendf(&b, "fmi %d\n", o->version);
    for (int i = 0; i < o->sets.count; i++)
        mbs_buf_appendf(&b, "set %s=%s\n", o->sets.items[i].name, o->sets.items[i].value);
    for (int i = 0; i < o->n_columns; i++)
        mbs_buf_appendf(&b, "output %s\n", o->columns[i]);
    char text_hash[65], h[65];
    if (o->commands) {
        file_hash(o->commands, text_hash);
        mbs_buf_appendf(&b, "commands %s\n", text_hash);
    }
    mbs_sha256_hex(m->source, m->source_len, text_hash);
    mbs_buf_append(&b, text_hash);
    mbs_sha256_hex(b.data ? b.data : "", b.len, h);
    mbs_buf_free(&b);
    snprintf(out, 40, "{%.8s-%.4s-%.4s-%.4s-%.12s}", h, h + 8, h + 12, h + 16, h + 20);
}

/* Adds text as a file of the archive (copied: the source owns it). */
static int add_text(zip_t *z, const char *name, const char *text)
{
    zip_source_t *src = zip_source_buffer(z, mbs_strdup(text), strlen(text), 1);
    if (!src)
        return -1;
    if (zip_file_add(z, name, src, ZIP_FL_OVERWRITE | ZIP_FL_ENC_UTF_8) < 0) {
        zip_source_free(src);
        return -1;
    }
    return 0;
}

/* Adds the file at path as name, with its Unix mode (executable stays so);
 * deflated at the fastest level: the libraries are tens of megabytes, and
 * the default level took half a minute for 40 % less. */
static int add_file(zip_t *z, const char *name, const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return -1;
    zip_source_t *src = zip_source_file(z, path, 0, -1);
    if (!src)
        return -1;
    zip_int64_t i = zip_file_add(z, name, src, ZIP_FL_OVERWRITE | ZIP_FL_ENC_UTF_8);
    if (i < 0) {
        zip_source_free(src);
        return -1;
    }
    zip_file_set_external_attributes(z, (zip_uint64_t)i, 0, ZIP_OPSYS_UNIX, ((zip_uint32_t)st.st_mode & 0777) << 16);
    zip_set_file_compression(z, (zip_uint64_t)i, ZIP_CM_DEFLATE, 1);
    return 0;
}

/* binaries/PLATFORM/: the FMU binary as ID.so, and every library beside it. */
static int add_binaries(zip_t *z, const char *dir, const char *platform, const char *id)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    int rc = 0;
    struct dirent *e;
    while (rc == 0 && (e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.' || !strstr(e->d_name, ".so"))
            continue;
        char *path = mbs_sprintf_alloc("%s/%s", dir, e->d_name);
        char *name = strcmp(e->d_name, FMU_BINARY) == 0 ? mbs_sprintf_alloc("binaries/%s/%s.so", platform, id)
                                                         : mbs_sprintf_alloc("binaries/%s/%s", platform, e->d_name);
        rc = path && name ? add_file(z, name, path) : -1;
        free(path);
        free(name);
    }
    closedir(d);
    return rc;
}

/* binaries/PLATFORM/usersub/: every user subroutine library the model
 * opened when it was loaded (the only model this process loads), under
 * its file's name, which the FMU binary looks for there alone
 * (fmu/usersub_scope.h); each a "usersub FILE" line of the config. */
static int add_usersub(zip_t *z, const char *platform, mbs_buf *config)
{
    int rc = 0;
    for (int i = 0; rc == 0 && i < mbs_library_count(); i++) {
        const char *file = mbs_library_file(i);
        char *name = mbs_sprintf_alloc("binaries/%s/%s/%s", platform, MBS_FMI_USERSUB_DIR, base_name(file));
        rc = name ? add_file(z, name, file) : -1;
        mbs_buf_appendf(config, "usersub %s\n", base_name(file));
        free(name);
    }
    const char *default_library = mbs_library_default_name();
    if (default_library && mbs_library_count() > 0)
        mbs_buf_appendf(config, "usersub-default %s\n", base_name(default_library));
    return rc;
}

/* Two libraries of one file name would be one file in the FMU: refused,
 * naming both. */
static int check_usersub_names(const mbs_model *m)
{
    for (int i = 0; i < mbs_library_count(); i++)
        for (int j = 0; j < i; j++)
            if (strcmp(base_name(mbs_library_file(i)), base_name(mbs_library_file(j))) == 0) {
                fprintf(stderr, "%s: error: the user subroutine libraries %s and %s have one file name: the FMU "
                                "packs its libraries in one folder by their names; rename one\n",
                        m->path, mbs_library_file(j), mbs_library_file(i));
                return EXIT_BAD_INPUT;
            }
    return 0;
}

static int write_fmu(const mbs_model *m, const fmu_options *o, const char *out, const char *bin_dir)
{
    char id[256], token[40];
    mbs_fmi_identifier(out, id, sizeof id);
    make_token(m, o, token);
    mbs_fmi_vars vars;
    char err[512];
    if (mbs_fmi_vars_make(m, o->columns, o->n_columns, &vars, err, sizeof err) != 0) {
        fprintf(stderr, "mbsim fmu: error: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    mbs_fmi_identity identity = {o->version, base_name(o->model), id, token};
    char *description = mbs_fmi_description(m, &vars, &identity);
    mbs_buf config;
    mbs_buf_init(&config);
    mbs_buf_appendf(&config, "model %s\ntoken %s\n", base_name(o->model), token);
    if (o->commands)
        mbs_buf_appendf(&config, "commands %s\n", base_name(o->commands));
    for (int i = 0; i < o->sets.count; i++)
        mbs_buf_appendf(&config, "set %s=%s\n", o->sets.items[i].name, o->sets.items[i].value);
    for (int i = 0; i < o->n_columns; i++)
        mbs_buf_appendf(&config, "output %s\n", o->columns[i]);

    char *tmp = mbs_sprintf_alloc("%s.tmp%ld", out, (long)getpid());
    int zip_err = 0;
    zip_t *z = tmp ? zip_open(tmp, ZIP_CREATE | ZIP_TRUNCATE, &zip_err) : NULL;
    const char *platform = o->version == 2 ? "linux64" : "x86_64-linux";
    char *resource = mbs_sprintf_alloc("resources/%s", base_name(o->model));
    char *commands = o->commands ? mbs_sprintf_alloc("resources/%s", base_name(o->commands)) : NULL;
    int rc = !z || !description || !config.data || !resource || (o->commands && !commands) ||
             add_text(z, "modelDescription.xml", description) || add_binaries(z, bin_dir, platform, id) ||
             add_usersub(z, platform, &config) || add_file(z, resource, o->model) ||
             (commands && add_file(z, commands, o->commands)) ||
             add_text(z, "resources/" MBS_FMI_CONFIG, config.data);
    if (z && rc == 0)
        rc = zip_close(z) != 0;
    else if (z)
        zip_discard(z);
    if (rc == 0 && rename(tmp, out) != 0)
        rc = 1;
    if (rc != 0) {
        if (tmp)
            unlink(tmp);
        fprintf(stderr, "mbsim fmu: error: cannot write %s\n", out);
    } else if (!o->quiet) {
        fprintf(stderr, "mbsim fmu: %s: FMI %d.0 co-simulation FMU '%s' with %d input%s, %d output%s, %d parameter%s -> %s\n",
                m->path, o->version, id, vars.n_inputs, vars.n_inputs == 1 ? "" : "s", vars.n_outputs,
                vars.n_outputs == 1 ? "" : "s", m->n_params, m->n_params == 1 ? "" : "s", out);
    }
    free(resource);
    free(commands);
    free(tmp);
    mbs_buf_free(&config);
    free(description);
    mbs_fmi_vars_free(&vars);
    return rc == 0 ? EXIT_OK : EXIT_FAILED;
}

int mbs_cmd_fmu(int argc, char **argv)
{
    fmu_options o;
    int rc = parse(argc, argv, &o);
    if (rc != 0) {
        mbs_cli_free_overrides(&o.sets);
        free(o.columns);
        return rc;
    }
    char *out = o.output ? mbs_strdup(o.output) : mbs_cli_default_output(o.model, ".fmu");
    char *bin_dir = binary_dir();
    mbs_model *m = NULL;
    if (!out) {
        rc = EXIT_FAILED;
    } else if (mbs_cli_same_file(out, o.model)) {
        fprintf(stderr, "mbsim fmu: error: the output file %s is the model file %s; choose another with -o\n", out,
                o.model);
        rc = EXIT_BAD_INPUT;
    } else if (!bin_dir) {
        fprintf(stderr, "mbsim fmu: error: the FMU binary (%s) is not beside mbsim: build it with 'make' or set "
                        "MBSIM_FMU_DIR\n",
                FMU_BINARY);
        rc = EXIT_FAILED;
    } else if (mbs_is_adams_commands_path(o.model)) {
        /* its first line names the dataset, which the FMU would have to carry too */
        rc = mbs_cli_usage_error("fmu", "%s is an Adams command file: give its dataset and it, mbsim fmu "
                                        "DATASET.adm --commands %s",
                                 o.model, o.model);
    } else if (o.commands && (!mbs_is_adams_commands_path(o.commands) || !mbs_is_adams_path(o.model))) {
        rc = mbs_cli_usage_error("fmu", "--commands takes an Adams command file (.acf) for an Adams dataset (.adm); "
                                        "%s and %s are not those (an XML model has its <Command> block)",
                                 o.model, o.commands);
    } else if ((m = mbs_cli_load_model_with(o.model, o.commands, &o.sets, o.quiet, NULL)) == NULL) {
        rc = EXIT_BAD_INPUT;
    } else {
        int has_transient = 0;
        for (int i = 0; i < m->n_analyses; i++)
            has_transient |= m->analyses[i].type == MBS_ANALYSIS_TRANSIENT;
        rc = check_usersub_names(m);
        if (rc != 0) {
            /* said */
        } else if (!has_transient) {
            fprintf(stderr, "%s: error: the model has no Transient analysis: the FMU integrates with its settings "
                            "(add %s)\n",
                    o.commands ? o.commands : m->path,
                    o.commands ? "SIMULATE/DYNAMIC, END = t, DTOUT = dt to the command file"
                               : "<Simulate analysis_type=\"Transient\" .../>");
            rc = EXIT_BAD_INPUT;
        } else {
            if (m->n_plant_inputs == 0 && m->n_plant_outputs == 0 && o.n_columns == 0 && o.quiet == 0)
                fprintf(stderr, "%s: note: the model has no Control_PlantInput or Control_PlantOutput: the FMU has "
                                "parameters only\n",
                        m->path);
            rc = write_fmu(m, &o, out, bin_dir);
        }
    }
    mbs_model_free(m);
    free(bin_dir);
    free(out);
    mbs_cli_free_overrides(&o.sets);
    free(o.columns);
    return rc;
}
