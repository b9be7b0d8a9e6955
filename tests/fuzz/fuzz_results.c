/* libFuzzer harness: the results reader (src/output/results_reader.c) and
 * what info, export, compare and recover do with a file. A damaged or
 * foreign file must be one error, never a crash.
 *
 * The inputs are HDF5 files: the seeds are results files as mbsim writes
 * them and damaged as tests/cli/damages.txt says
 * (tests/fuzz/make_results_corpus.sh), and the mutations are damage done
 * through HDF5 (LLVMFuzzerCustomMutator below: the h5edit operations of
 * tests/cli/h5damage.c with random arguments: attributes and datasets of
 * any type, shape and value, objects removed, replaced, linked, extended).
 * Bytes are not mutated at random: libhdf5 1.10.8 itself crashes on some
 * corrupt byte streams (docs/guarantees.md), which would bury what this
 * harness is for, mbsim's own reading of what a well-formed file holds. */
#include "fuzz_common.h"
#include "../cli/h5damage.h"
#include "../../src/output/results_compare.h"
#include "../../src/output/results_reader.h"
#include "../../src/output/results_recover.h"

#include <hdf5.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* What `info`, `export` and `compare` read of an opened file. */
static void read_all(const mbs_results *r)
{
    mbs_revents ev;
    if (mbs_results_events(r, &ev) == 0)
        for (long i = 0; i < ev.n; i++)
            (void)(strlen(ev.element[i]) + strlen(ev.kind[i]));
    mbs_results_free_events(&ev);
    for (int i = 0; i < r->n_sensors; i++) {
        double *v = mbs_results_sensor_values(r, i);
        double sum = 0.0;
        for (long k = 0; v && k < r->n_rows * r->sensors[i].ncols; k++)
            sum += v[k];
        (void)sum;
        free(v);
    }
    (void)mbs_results_solver_number(r, "steps");
    (void)mbs_results_writer_state(r);
    mbs_compare_options o = {1e-6, 1e-9, 0.0, -1.0, 1, NULL, 0};
    mbs_comparison c;
    char err[512];
    if (mbs_compare(r, r, &o, &c, err, sizeof err) == 0)
        mbs_comparison_free(&c);
}

/* Every HDF5 object opened is closed again (a leak: ours, or, after a
 * mutation, the test tool's). */
static void check_all_closed(const char *after)
{
    hid_t ids[16];
    ssize_t open = H5Fget_obj_ids(H5F_OBJ_ALL, H5F_OBJ_ALL, 16, ids);
    if (open != 0) {
        fprintf(stderr, "%zd HDF5 objects left open after %s:\n", open, after);
        for (ssize_t i = 0; i < open && i < 16; i++) {
            char name[256] = "";
            H5Iget_name(ids[i], name, sizeof name);
            fprintf(stderr, "  an object of HDF5 type %d, %s\n", (int)H5Iget_type(ids[i]), name);
        }
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_scratch_file(data, size, ".h5");
    if (!path)
        return 0;
    mbs_results r;
    char err[1024];
    if (mbs_results_open(path, &r, err, sizeof err) != 0) {
        check_all_closed("a failed open");
        return 0;
    }
    read_all(&r);
    char *unit = strdup(r.time_unit);
    mbs_recovery what = {r.n_rows, r.n_events, r.n_rows > 0 ? r.time[r.n_rows - 1] : NAN, unit ? unit : "", 1};
    mbs_results_free(&r);
    if (mbs_results_recover(path, &what, err, sizeof err) == 0 && mbs_results_open(path, &r, err, sizeof err) == 0)
        mbs_results_free(&r);
    free(unit);
    check_all_closed("reading and recovering");
    return 0;
}

/* ---- the mutator ---- */

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);

typedef struct object_list {
    char *paths[256];
    int n;
} object_list;

static herr_t collect_object(hid_t obj, const char *name, const H5O_info_t *info, void *data)
{
    (void)obj;
    (void)info;
    object_list *l = data;
    if (l->n < 256)
        l->paths[l->n++] = strdup(name[0] == '.' && !name[1] ? "/" : name);
    return 0;
}

static const char *pick(const char *const *list, int n, unsigned *seed)
{
    return list[rand_r(seed) % n];
}

#define PICK(list, seed) pick(list, (int)(sizeof list / sizeof list[0]), seed)

static const char *const ATTR_NAMES[] = {
    "format", "format_version", "status", "message", "t_end_reached", "writer_pid", "writer_host",
    "model_file", "model_sha256", "created", "mbsim_version", "units", "type", "element_id", "output",
    "columns", "steps", "k", "x", "integrator", "rtol"};
static const char *const VALUES[] = {
    "0", "1", "-1", "2", "3", "1e300", "-1e300", "nan", "inf", "-inf", "2147483648", "1e-300", "0.5",
    "mbsim-results", "running", "completed", "killed", "value", "x\ny", "", "\x1b[2J"};
static const char *const KINDS[] = {"double", "doubles", "strings", "fixed", "int", "compound", "empty"};
static const char *const CHILDREN[] = {"time", "sensors", "events", "parameters", "solver", "model", "x",
                                       "force", "element", "kind", "source", "extra"};
static const char *const SIZES[] = {"0", "1", "2", "3", "10", "17", "100", "101", "1000"};

/* One random damage: the arguments of an h5edit operation. */
static int random_damage(const object_list *objects, unsigned *seed, char **argv, char *path)
{
    const char *obj = objects->paths[rand_r(seed) % objects->n];
    /* an object, or a new name beside or inside one */
    if (rand_r(seed) % 3 == 0)
        snprintf(path, 512, "%s%s%s", strcmp(obj, "/") ? obj : "", "/", PICK(CHILDREN, seed));
    else
        snprintf(path, 512, "%s", obj);
    int argc = 0;
    switch (rand_r(seed) % 8) {
    case 0:
    case 1: {
        const char *kind = PICK(KINDS, seed);
        argv[argc++] = "attr";
        argv[argc++] = (char *)obj;
        argv[argc++] = (char *)PICK(ATTR_NAMES, seed);
        argv[argc++] = (char *)kind;
        int n = !strcmp(kind, "compound") || !strcmp(kind, "empty") ? 0
                : !strcmp(kind, "doubles") || !strcmp(kind, "strings") ? 1 + rand_r(seed) % 4
                                                                          : 1;
        for (int i = 0; i < n; i++)
            argv[argc++] = (char *)PICK(VALUES, seed);
        break;
    }
    case 2:
        argv[argc++] = "delattr";
        argv[argc++] = (char *)obj;
        argv[argc++] = (char *)PICK(ATTR_NAMES, seed);
        break;
    case 3: {
        static const char *const DATASETS[] = {"doubles", "doubles", "doubles3", "strings", "ints", "scalar"};
        const char *kind = PICK(DATASETS, seed);
        argv[argc++] = "dataset";
        argv[argc++] = path;
        argv[argc++] = (char *)kind;
        int n = !strcmp(kind, "doubles") ? 2 : !strcmp(kind, "doubles3") ? 3 : !strcmp(kind, "scalar") ? 0 : 1;
        for (int i = 0; i < n; i++)
            argv[argc++] = (char *)PICK(SIZES, seed);
        break;
    }
    case 4:
        argv[argc++] = rand_r(seed) % 2 ? "group" : "unlink";
        argv[argc++] = path;
        break;
    case 5:
        argv[argc++] = "softlink";
        argv[argc++] = path;
        argv[argc++] = objects->paths[rand_r(seed) % objects->n];
        break;
    case 6:
        argv[argc++] = "extent";
        argv[argc++] = (char *)obj;
        argv[argc++] = (char *)PICK(SIZES, seed);
        break;
    default:
        argv[argc++] = "time";
        argv[argc++] = (char *)PICK(SIZES, seed);
        argv[argc++] = (char *)PICK(VALUES, seed);
        break;
    }
    return argc;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
    const char *path = fuzz_scratch_path(".mutating.h5");
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size) {
        if (f)
            fclose(f);
        return size;
    }
    fclose(f);
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
    h5damage_quiet = 1;
    hid_t file = H5Fopen(path, H5F_ACC_RDWR, H5P_DEFAULT);
    if (file < 0)
        return size; /* not a file HDF5 opens for writing: left as it is */
    object_list objects = {{NULL}, 0};
    H5Ovisit2(file, H5_INDEX_NAME, H5_ITER_INC, collect_object, &objects, H5O_INFO_BASIC);
    int damages = 1 + (int)(seed % 3);
    for (int k = 0; k < damages && objects.n > 0; k++) {
        char *argv[16], target[512];
        int argc = random_damage(&objects, &seed, argv, target);
        h5damage_apply(file, argc, argv);
    }
    for (int i = 0; i < objects.n; i++)
        free(objects.paths[i]);
    H5Fclose(file);
    check_all_closed("a mutation");
    /* the damaged file, if it fits */
    uint8_t *out = malloc(max_size + 1);
    f = out ? fopen(path, "rb") : NULL;
    size_t n = f ? fread(out, 1, max_size + 1, f) : 0;
    if (f)
        fclose(f);
    if (n > 0 && n <= max_size) {
        memcpy(data, out, n);
        size = n;
    }
    free(out);
    return size;
}
