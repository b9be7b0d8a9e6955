/* A results file finished after its run: summary and compact copy
 * (results_finish.h). */
#include "results_finish.h"
#include "h5util.h"
#include "../core/strutil.h"

#include <hdf5.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>

/* Our own file, closed by its writer: no lock needed (a SWMR reader's shared
 * lock would make a locked read-write open fail). */
static hid_t open_unlocked(const char *path, unsigned flags)
{
    hid_t fapl = flags & H5F_ACC_SWMR_READ ? mbs_h5_swmr_read_fapl() : H5Pcreate(H5P_FILE_ACCESS);
#if H5_VERSION_GE(1, 10, 7)
    H5Pset_file_locking(fapl, 0, 1);
#endif
    hid_t file = H5Fopen(path, flags, fapl);
    H5Pclose(fapl);
    return file;
}

static int write_summary(hid_t file, const void *ctx)
{
    const mbs_results_summary *s = ctx;
    int rc = 0;
    rc |= mbs_h5_attr_string(file, "status", s->status);
    rc |= mbs_h5_attr_string(file, "message", s->message ? s->message : "");
    rc |= mbs_h5_attr_double(file, "t_end_reached", s->t_end_reached);
    hid_t g = H5Gopen2(file, "solver", H5P_DEFAULT);
    rc |= g < 0;
    if (g >= 0) {
        rc |= mbs_h5_attr_string(g, "integrator", s->integrator);
        rc |= mbs_h5_attr_double(g, "rtol", s->rtol);
        rc |= mbs_h5_attr_double(g, "atol", s->atol);
        rc |= mbs_h5_attr_string(g, "linear_solver", s->linear_solver);
        if (s->formulation)
            rc |= mbs_h5_attr_string(g, "formulation", s->formulation);
        if (s->joint_coordinates >= 0)
            rc |= mbs_h5_attr_long(g, "joint_coordinates", s->joint_coordinates);
        rc |= mbs_h5_attr_long(g, "steps", s->steps);
        rc |= mbs_h5_attr_long(g, "residual_evals", s->residual_evals);
        rc |= mbs_h5_attr_long(g, "jacobian_evals", s->jacobian_evals);
        rc |= mbs_h5_attr_long(g, "nonlinear_iterations", s->nonlinear_iterations);
        rc |= mbs_h5_attr_long(g, "error_test_failures", s->error_test_failures);
        rc |= mbs_h5_attr_long(g, "nonlinear_convergence_failures", s->nonlinear_convergence_failures);
        rc |= mbs_h5_attr_long(g, "events", s->events);
        rc |= mbs_h5_attr_double(g, "wall_time_s", s->wall_time_s);
        H5Gclose(g);
    }
    return rc ? -1 : 0;
}

/* ---- the copy ---- */

/* The copy is made object by object, not by H5Ocopy of the groups: HDF5
 * 1.10's H5Ocopy crashes on attributes of variable-length strings kept in
 * dense storage (a group with more than eight, as /solver of a finished
 * run), so attributes are copied here, values read and written again. */

#define MAX_DEPTH 32 /* groups within groups: ours are two deep */

/* Creation order where the object's creation property list tracks it. */
static H5_index_t attribute_order(hid_t obj)
{
    H5I_type_t kind = H5Iget_type(obj);
    hid_t plist = kind == H5I_GROUP ? H5Gget_create_plist(obj) : kind == H5I_DATASET ? H5Dget_create_plist(obj) : -1;
    unsigned flags = 0;
    if (plist >= 0) {
        if (H5Pget_attr_creation_order(plist, &flags) < 0)
            flags = 0;
        H5Pclose(plist);
    }
    return flags & H5P_CRT_ORDER_INDEXED ? H5_INDEX_CRT_ORDER : H5_INDEX_NAME;
}

/* One attribute, whatever its type. */
static herr_t copy_attribute(hid_t from, const char *name, const H5A_info_t *info, void *data)
{
    (void)info;
    hid_t to = *(hid_t *)data;
    hid_t a = H5Aopen(from, name, H5P_DEFAULT);
    hid_t ftype = H5Aget_type(a), space = H5Aget_space(a);
    hid_t mtype = H5Tget_native_type(ftype, H5T_DIR_ASCEND);
    hssize_t n = H5Sget_simple_extent_npoints(space);
    size_t size = H5Tget_size(mtype);
    void *buf = calloc((size_t)(n > 0 ? n : 1), size > 0 ? size : 1);
    herr_t rc = -1;
    if (buf && H5Aread(a, mtype, buf) >= 0) {
        hid_t b = H5Acreate2(to, name, ftype, space, H5P_DEFAULT, H5P_DEFAULT);
        if (b >= 0) {
            rc = H5Awrite(b, mtype, buf);
            H5Aclose(b);
        }
        if (H5Tis_variable_str(mtype) > 0 || H5Tdetect_class(mtype, H5T_VLEN) > 0)
            H5Dvlen_reclaim(mtype, space, H5P_DEFAULT, buf);
    }
    free(buf);
    H5Tclose(mtype);
    H5Tclose(ftype);
    H5Sclose(space);
    H5Aclose(a);
    return rc < 0 ? -1 : 0;
}

/* A new group's creation properties with the creation-order tracking of
 * group g (g's own list is not reused: it carries g's link bookkeeping,
 * which corrupts the new group's). */
static hid_t same_order_gcpl(hid_t g)
{
    hid_t old = H5Gget_create_plist(g);
    unsigned links = 0, attrs = 0;
    if (old >= 0) {
        if (H5Pget_link_creation_order(old, &links) < 0)
            links = 0;
        if (H5Pget_attr_creation_order(old, &attrs) < 0)
            attrs = 0;
        H5Pclose(old);
    }
    hid_t gcpl = H5Pcreate(H5P_GROUP_CREATE);
    if (gcpl >= 0 && ((links && H5Pset_link_creation_order(gcpl, links) < 0) ||
                      (attrs && H5Pset_attr_creation_order(gcpl, attrs) < 0))) {
        H5Pclose(gcpl);
        return -1;
    }
    return gcpl;
}

static int copy_attributes(hid_t from, hid_t to)
{
    hsize_t idx = 0;
    return H5Aiterate2(from, attribute_order(from), H5_ITER_INC, &idx, copy_attribute, &to) < 0 ? -1 : 0;
}

typedef struct copy_into {
    hid_t to;
    int depth;
} copy_into;

static herr_t copy_link(hid_t from, const char *name, const H5L_info_t *info, void *data);

/* The links of a group, in creation order where the group tracks it. */
static int copy_links(hid_t from, hid_t to, int depth)
{
    hid_t gcpl = H5Gget_create_plist(from);
    unsigned flags = 0;
    if (gcpl >= 0) {
        if (H5Pget_link_creation_order(gcpl, &flags) < 0)
            flags = 0;
        H5Pclose(gcpl);
    }
    copy_into into = {to, depth};
    hsize_t idx = 0;
    H5_index_t order = flags & H5P_CRT_ORDER_INDEXED ? H5_INDEX_CRT_ORDER : H5_INDEX_NAME;
    return H5Literate(from, order, H5_ITER_INC, &idx, copy_link, &into) < 0 ? -1 : 0;
}

static herr_t copy_link(hid_t from, const char *name, const H5L_info_t *info, void *data)
{
    const copy_into *into = data;
    H5O_info_t oi;
    if (info->type != H5L_TYPE_HARD || into->depth >= MAX_DEPTH ||
        H5Oget_info_by_name2(from, name, &oi, H5O_INFO_BASIC, H5P_DEFAULT) < 0)
        return -1;
    int rc = -1;
    if (oi.type == H5O_TYPE_GROUP) {
        hid_t g = H5Gopen2(from, name, H5P_DEFAULT);
        hid_t gcpl = g >= 0 ? same_order_gcpl(g) : -1;
        hid_t h = gcpl >= 0 ? H5Gcreate2(into->to, name, H5P_DEFAULT, gcpl, H5P_DEFAULT) : -1;
        rc = h >= 0 && copy_links(g, h, into->depth + 1) == 0 && copy_attributes(g, h) == 0 ? 0 : -1;
        if (h >= 0)
            H5Gclose(h);
        if (gcpl >= 0)
            H5Pclose(gcpl);
        if (g >= 0)
            H5Gclose(g);
    } else if (oi.type == H5O_TYPE_DATASET) {
        hid_t ocpypl = H5Pcreate(H5P_OBJECT_COPY);
        H5Pset_copy_object(ocpypl, H5O_COPY_WITHOUT_ATTR_FLAG);
        if (H5Ocopy(from, name, into->to, name, ocpypl, H5P_DEFAULT) >= 0) {
            hid_t a = H5Dopen2(from, name, H5P_DEFAULT), b = H5Dopen2(into->to, name, H5P_DEFAULT);
            rc = a >= 0 && b >= 0 ? copy_attributes(a, b) : -1;
            if (a >= 0)
                H5Dclose(a);
            if (b >= 0)
                H5Dclose(b);
        }
        H5Pclose(ocpypl);
    }
    return rc < 0 ? -1 : 0;
}

static int compact_copy(const char *path, const char *tmp, int (*finish)(hid_t to, const void *ctx), const void *ctx)
{
    hid_t from = open_unlocked(path, H5F_ACC_RDONLY);
    /* a file its killed writer left open in SWMR mode opens only so */
    if (from < 0)
        from = open_unlocked(path, H5F_ACC_RDONLY | H5F_ACC_SWMR_READ);
    if (from < 0)
        return -1;
    /* the same file format as the writer's, for the same readers */
    hid_t fapl = mbs_h5_results_fapl();
    hid_t to = H5Fcreate(tmp, H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
    H5Pclose(fapl);
    int rc = to < 0 ? -1 : 0;
    if (rc == 0) {
        rc |= copy_attributes(from, to) != 0;
        rc |= rc == 0 && copy_links(from, to, 0) != 0;
        rc |= rc == 0 && finish(to, ctx) != 0;
        rc |= H5Fclose(to) < 0;
    }
    H5Fclose(from);
    return rc ? -1 : 0;
}

int mbs_results_compact(const char *path, int (*finish)(hid_t to, const void *ctx), const void *ctx)
{
    char *tmp = mbs_sprintf_alloc("%s.part", path);
    if (tmp && compact_copy(path, tmp, finish, ctx) == 0 && rename(tmp, path) == 0) {
        free(tmp);
        return 0;
    }
    if (tmp)
        remove(tmp);
    free(tmp);
    return -1;
}

double mbs_results_room(const char *path)
{
    double room = INFINITY;
    struct statvfs fs;
    if (statvfs(path, &fs) == 0)
        room = (double)fs.f_bavail * (double)fs.f_frsize;
    struct rlimit limit;
    struct stat st;
    if (getrlimit(RLIMIT_FSIZE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY && stat(path, &st) == 0)
        room = fmin(room, (double)limit.rlim_cur - (double)st.st_size);
    return room;
}

int mbs_results_finish(const char *path, const mbs_results_summary *s)
{
    struct stat st;
    int room_for_copy = stat(path, &st) == 0 && mbs_results_room(path) >= (double)st.st_size + MBS_RESULTS_MARGIN;
    if (room_for_copy && mbs_results_compact(path, write_summary, s) == 0)
        return 0;
    hid_t file = open_unlocked(path, H5F_ACC_RDWR);
    if (file < 0)
        return -1;
    int rc = write_summary(file, s);
    rc |= H5Fclose(file) < 0;
    return rc ? -1 : 0;
}
