/* User subroutine libraries (library.h): the search, dlopen and dlsym.
 * The loader is always given a path with a '/', so that it never searches
 * the system's directories itself; RTLD_NOW makes a library that needs a
 * utility mbsim does not provide fail here, naming it, rather than when
 * the routine first calls it. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "library.h"
#include "../core/strutil.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct mbs_library {
    char *real; /* the file opened, resolved (realpath): one library is opened once */
    char *path; /* as it was first found */
    void *handle;
};

/* The directories of --usersub-path, and every library opened, for the
 * process (libraries are never closed: their routines stay callable). */
static char **extra_dirs;
static int n_extra_dirs;
static mbs_library **opened;
static int n_opened;
static const char *forbidden;
static char *confined_dir;     /* mbs_library_confine: the only directory searched (NULL: not confined) */
static char *confined_default; /* ... and the default library there */

void mbs_library_forbid(const char *why)
{
    forbidden = why;
}

int mbs_library_add_dir(const char *dir)
{
    char **grown = realloc(extra_dirs, (size_t)(n_extra_dirs + 1) * sizeof *grown);
    if (!grown)
        return -1;
    extra_dirs = grown;
    if (!(extra_dirs[n_extra_dirs] = mbs_strdup(dir)))
        return -1;
    n_extra_dirs++;
    return 0;
}

int mbs_library_confine(const char *dir, const char *default_name)
{
    char *d = mbs_strdup(dir), *n = default_name ? mbs_strdup(default_name) : NULL;
    if (!d || (default_name && !n)) {
        free(d);
        free(n);
        return -1;
    }
    free(confined_dir);
    free(confined_default);
    confined_dir = d;
    confined_default = n;
    return 0;
}

const char *mbs_library_default_name(void)
{
    const char *name = confined_dir ? confined_default : getenv("MS_USERSUBDLL");
    return name && *name ? name : NULL;
}

int mbs_library_count(void)
{
    return n_opened;
}

const char *mbs_library_file(int i)
{
    return opened[i]->path;
}

/* The file names a library's name may stand for: "x.so" as written, then
 * "libx.so" and "x.so" for its stem (".so" and ".dll" taken off); NULL
 * after the last. Returns how many, -1 when out of memory. */
static int file_names(const char *base, char *names[4])
{
    char *stem = mbs_strdup(base);
    if (!stem)
        return -1;
    size_t len = strlen(stem);
    int n = 0, so = len > 3 && strcmp(stem + len - 3, ".so") == 0;
    if (so)
        names[n++] = mbs_strdup(stem);
    if (so || (len > 4 && mbs_strcaseeq(stem + len - 4, ".dll")))
        stem[len - (so ? 3 : 4)] = '\0';
    if (strncmp(stem, "lib", 3) != 0)
        names[n++] = mbs_sprintf_alloc("lib%s.so", stem);
    if (!so)
        names[n++] = mbs_sprintf_alloc("%s.so", stem);
    names[n] = NULL;
    free(stem);
    for (int k = 0; k < n; k++)
        if (!names[k])
            return -1;
    return n;
}

/* The directory of a path ("." when it has none), allocated. */
static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return mbs_strdup(".");
    return slash == path ? mbs_strdup("/") : mbs_strndup(path, (size_t)(slash - path));
}

/* `path` against the model's directory unless it is absolute. */
static char *against(const char *model_dir, const char *path)
{
    if (path[0] == '/' || strcmp(model_dir, ".") == 0)
        return mbs_strdup(path);
    return mbs_sprintf_alloc("%s/%s", model_dir, path);
}

static mbs_library *already_open(const char *real)
{
    for (int i = 0; i < n_opened; i++)
        if (strcmp(opened[i]->real, real) == 0)
            return opened[i];
    return NULL;
}

/* Opens the file at `path` (which exists); NULL with the loader's reason. */
static mbs_library *open_file(const char *path, char *err, size_t errsize)
{
    char *real = realpath(path, NULL);
    if (!real) {
        snprintf(err, errsize, "cannot resolve %s", path);
        return NULL;
    }
    mbs_library *lib = already_open(real);
    if (lib) {
        free(real);
        return lib;
    }
    dlerror();
    void *handle = dlopen(real, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *why = dlerror();
        size_t n = strlen(real);
        if (why && strncmp(why, real, n) == 0 && strncmp(why + n, ": ", 2) == 0)
            why += n + 2; /* the loader names the file first */
        snprintf(err, errsize, "library %s cannot be loaded: %s", path, why ? why : "the loader gives no reason");
        free(real);
        return NULL;
    }
    mbs_library **grown = realloc(opened, (size_t)(n_opened + 1) * sizeof *grown);
    lib = calloc(1, sizeof *lib);
    if (grown)
        opened = grown;
    if (!grown || !lib || !(lib->path = mbs_strdup(path))) {
        free(lib);
        free(real);
        snprintf(err, errsize, "out of memory");
        return NULL; /* the handle stays open, unused */
    }
    lib->real = real;
    lib->handle = handle;
    opened[n_opened++] = lib;
    return lib;
}

/* The directories searched, in order, each with where it comes from. */
typedef struct search {
    char **dirs;
    const char **origin;
    int n, cap;
} search;

/* Adds dir (taken); -1 when out of memory. */
static int add_dir(search *s, char *dir, const char *origin)
{
    if (!dir)
        return -1;
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->dirs[i], dir) == 0) {
            free(dir);
            return 0;
        }
    if (s->n == s->cap) {
        int cap = s->cap ? 2 * s->cap : 8;
        char **dirs = realloc(s->dirs, (size_t)cap * sizeof *dirs);
        if (dirs)
            s->dirs = dirs;
        const char **origins = realloc(s->origin, (size_t)cap * sizeof *origins);
        if (origins)
            s->origin = origins;
        if (!dirs || !origins) {
            free(dir);
            return -1;
        }
        s->cap = cap;
    }
    s->dirs[s->n] = dir;
    s->origin[s->n++] = origin;
    return 0;
}

static int search_dirs(search *s, const char *given, const char *model_dir)
{
    if (confined_dir)
        return add_dir(s, mbs_strdup(confined_dir), "the FMU's libraries");
    int rc = 0;
    if (strchr(given, '/')) {
        char *dir = dir_of(given);
        rc |= add_dir(s, dir ? against(model_dir, dir) : NULL, "the path given");
        free(dir);
    }
    rc |= add_dir(s, mbs_strdup(model_dir), "the model's directory");
    for (int i = 0; i < n_extra_dirs; i++)
        rc |= add_dir(s, mbs_strdup(extra_dirs[i]), "--usersub-path");
    const char *env = getenv("MBSIM_USERSUB_PATH");
    char *copy = env ? mbs_strdup(env) : NULL;
    for (char *save = NULL, *d = copy ? strtok_r(copy, ":", &save) : NULL; d; d = strtok_r(NULL, ":", &save))
        rc |= add_dir(s, mbs_strdup(d), "MBSIM_USERSUB_PATH");
    free(copy);
    return rc;
}

/* "library 'x' not found: looked for libx.so or x.so in A, B (--usersub-path),
 * C (MBSIM_USERSUB_PATH)" */
static void describe_search(const search *s, const char *given, char *const *names, char *err, size_t errsize)
{
    mbs_buf b;
    mbs_buf_init(&b);
    mbs_buf_appendf(&b, "library '%s' not found: looked for ", given);
    for (int k = 0; names[k]; k++)
        mbs_buf_appendf(&b, "%s%s", k == 0 ? "" : names[k + 1] ? ", " : " or ", names[k]);
    mbs_buf_appendf(&b, " in ");
    for (int i = 0; i < s->n; i++) {
        mbs_buf_appendf(&b, "%s%s", i ? ", " : "", s->dirs[i]);
        if (i == s->n - 1 || s->origin[i + 1] != s->origin[i])
            mbs_buf_appendf(&b, " (%s)", s->origin[i]);
    }
    if (n_extra_dirs == 0 && !getenv("MBSIM_USERSUB_PATH") && !confined_dir)
        mbs_buf_appendf(&b, "; more directories can be given with --usersub-path or MBSIM_USERSUB_PATH");
    snprintf(err, errsize, "%s", b.data ? b.data : "out of memory");
    mbs_buf_free(&b);
}

/* The first file of a name found in the directories, opened; NULL with
 * why in err. */
static mbs_library *search_and_open(const char *given, const char *model_dir, char *err, size_t errsize)
{
    const char *base = strrchr(given, '/');
    base = base ? base + 1 : given;
    char *names[5] = {NULL, NULL, NULL, NULL, NULL};
    search s = {NULL, NULL, 0, 0};
    mbs_library *lib = NULL;
    int found = 0;
    /* confined, the file packed is the one opened when the model was exported,
     * whose name may be none of a name's stand-ins: "libx.so.1" as written */
    int as_written = confined_dir && strstr(base, ".so.") != NULL;
    if ((as_written && !(names[0] = mbs_strdup(base))) || file_names(base, names + as_written) < 0 ||
        search_dirs(&s, given, model_dir) != 0) {
        snprintf(err, errsize, "out of memory");
        found = 1;
    }
    for (int i = 0; i < s.n && !found; i++)
        for (int k = 0; names[k] && !found; k++) {
            char *path = mbs_sprintf_alloc("%s/%s", s.dirs[i], names[k]);
            if (path && access(path, F_OK) == 0) {
                found = 1;
                lib = open_file(path, err, errsize);
            }
            free(path);
        }
    if (!found)
        describe_search(&s, given, names, err, errsize);
    for (int k = 0; k < 5; k++)
        free(names[k]);
    for (int i = 0; i < s.n; i++)
        free(s.dirs[i]);
    free(s.dirs);
    free(s.origin);
    return lib;
}

mbs_library *mbs_library_open(const char *name, const char *model_path, char *err, size_t errsize)
{
    if (forbidden) {
        snprintf(err, errsize, "library '%s' not opened: %s", name, forbidden);
        return NULL;
    }
    /* a Windows deck's path: its separators are '/' here */
    char *given = mbs_strdup(name), *model_dir = dir_of(model_path ? model_path : "");
    mbs_library *lib = NULL;
    if (!given || !model_dir) {
        snprintf(err, errsize, "out of memory");
    } else {
        for (char *p = given; *p; p++)
            if (*p == '\\')
                *p = '/';
        char *path = strchr(given, '/') && !confined_dir ? against(model_dir, given) : NULL;
        if (path && access(path, F_OK) == 0)
            lib = open_file(path, err, errsize);
        else
            lib = search_and_open(given, model_dir, err, errsize);
        free(path);
    }
    free(given);
    free(model_dir);
    return lib;
}

const char *mbs_library_path(const mbs_library *lib)
{
    return lib->path;
}

void *mbs_library_routine(const mbs_library *lib, const char *symbol)
{
    dlerror();
    return dlsym(lib->handle, symbol);
}
