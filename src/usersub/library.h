/* Finding and opening the shared libraries that hold user subroutines, and
 * the routines in them: the one place that knows dlopen and dlsym
 * (library.c). A library is named as MotionSolve users name it,
 * usrsub_dll_name: "libNAME.so", "NAME.so", "NAME" (either file), "NAME.dll"
 * (a Windows deck: NAME's .so), or a path. A path that exists is opened as
 * it is; otherwise its file name is looked for like a plain name, in:
 *   1. the model file's directory,
 *   2. each directory given with mbs_library_add_dir (--usersub-path), in order,
 *   3. each directory of MBSIM_USERSUB_PATH (':' separated), in order.
 * No other directory is searched (not the system's: a routine must be the
 * user's own); in an FMU's binary, only its own folder of libraries
 * (mbs_library_confine). Each library is opened once per process and stays
 * open. */
#ifndef MBS_LIBRARY_H
#define MBS_LIBRARY_H

#include <stddef.h>

typedef struct mbs_library mbs_library;

/* From now on no library is opened: mbs_library_open fails saying `why`
 * (the fuzzers: a model names any file, and loading it runs its code). */
void mbs_library_forbid(const char *why);

/* Adds a directory searched after the model's (kept for the process). */
int mbs_library_add_dir(const char *dir);

/* From now on a library is looked for in `dir` alone, by its file name
 * (the name as written, then the names above), whatever path the model
 * gives and whatever the search path: an FMU's binary opens only the
 * libraries packed with it (docs/fmi.md). `default_name` stands for
 * MS_USERSUBDLL (NULL: no default library). -1 when out of memory. */
int mbs_library_confine(const char *dir, const char *default_name);

/* The library of elements that name none: MS_USERSUBDLL, or the confined
 * default; NULL when there is none. */
const char *mbs_library_default_name(void);

/* The libraries opened so far in this process, in the order opened: how
 * many, and the path each was found at (a name it stands for, or the path
 * given: not resolved, so that its file name is one the search looks for). */
int mbs_library_count(void);
const char *mbs_library_file(int i);

/* Opens library `name` for a model read from `model_path`. On failure
 * returns NULL and writes why to err: the name and every place looked in,
 * or the loader's complaint about a file found. */
mbs_library *mbs_library_open(const char *name, const char *model_path, char *err, size_t errsize);

/* The file opened (a path). */
const char *mbs_library_path(const mbs_library *lib);

/* The routine named `symbol` in lib, or NULL. */
void *mbs_library_routine(const mbs_library *lib, const char *symbol);

#endif
