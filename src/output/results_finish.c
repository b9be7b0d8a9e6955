#include "results_finish.h"
#include "h5util.h"
#include "../core/strutil.h"

#include <hdf5.h>
#include <stdio.h>
#include <stdlib.h>

/* Our own file, closed by its writer: no lock needed (a SWMR reader's shared
 * lock would make a locked read-write open fail). */
static hid_t open_unlocked(const char *path, unsigned flags)
{
    hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
#if H5_VERSION_GE(1, 10, 7)
    H5Pset_file_locking(fapl, 0, 1);
#endif
    hid_t file = H5Fopen(path, flags, fapl);
    H5Pclose(fapl);
    return file;
}

static int write_summary(hid_t file, const mbs_results_summary *s)
{
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

/* One attribute of the root group, whatever its type. */
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

static herr_t copy_link(hid_t from, const char *name, const H5L_info_t *info, void *data)
{
    (void)info;
    hid_t to = *(hid_t *)data;
    return H5Ocopy(from, name, to, name, H5P_DEFAULT, H5P_DEFAULT) < 0 ? -1 : 0;
}

static int compact_copy(const char *path, const char *tmp, const mbs_results_summary *s)
{
    hid_t from = open_unlocked(path, H5F_ACC_RDONLY);
    if (from < 0)
        return -1;
    /* the same file format as the writer's, for the same readers */
    hid_t fapl = mbs_h5_results_fapl();
    hid_t to = H5Fcreate(tmp, H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
    H5Pclose(fapl);
    int rc = to < 0 ? -1 : 0;
    if (rc == 0) {
        hsize_t idx = 0;
        rc |= H5Aiterate2(from, H5_INDEX_NAME, H5_ITER_INC, &idx, copy_attribute, &to) < 0;
        idx = 0;
        rc |= rc == 0 && H5Literate(from, H5_INDEX_NAME, H5_ITER_INC, &idx, copy_link, &to) < 0;
        rc |= rc == 0 && write_summary(to, s) != 0;
        rc |= H5Fclose(to) < 0;
    }
    H5Fclose(from);
    return rc ? -1 : 0;
}

int mbs_results_finish(const char *path, const mbs_results_summary *s)
{
    char *tmp = mbs_sprintf_alloc("%s.part", path);
    if (tmp && compact_copy(path, tmp, s) == 0 && rename(tmp, path) == 0) {
        free(tmp);
        return 0;
    }
    if (tmp)
        remove(tmp);
    free(tmp);
    hid_t file = open_unlocked(path, H5F_ACC_RDWR);
    if (file < 0)
        return -1;
    int rc = write_summary(file, s);
    rc |= H5Fclose(file) < 0;
    return rc ? -1 : 0;
}
