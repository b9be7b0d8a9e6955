/* Test helper: alters a copy of a results file so that `mbsim compare` has
 * something to find, or damages it as a foreign or hostile file would be
 * (the tests must not depend on Python or h5py).
 *
 *   h5edit FILE set SENSOR ROW COL VALUE   one value (VALUE may be nan, inf)
 *   h5edit FILE drop SENSOR                delete a sensor
 *   h5edit FILE copy SENSOR NEWNAME        add a sensor (a copy of one)
 *   h5edit FILE time ROW VALUE             one time value
 *   h5edit FILE status STATUS              the root attribute status
 *
 * Damage, for the tests of untrusted files (OBJ is a path in the file, "/"
 * for the root group; an existing attribute or object is replaced):
 *   h5edit FILE attr OBJ NAME double V          a scalar double attribute
 *   h5edit FILE attr OBJ NAME doubles V...      a 1-D double array
 *   h5edit FILE attr OBJ NAME strings S...      a 1-D array of variable-length strings
 *   h5edit FILE attr OBJ NAME fixed S           a scalar fixed-length string
 *   h5edit FILE attr OBJ NAME int V             a scalar 64-bit integer
 *   h5edit FILE attr OBJ NAME compound          a scalar compound {int a; double b}
 *   h5edit FILE attr OBJ NAME empty             a null-dataspace double
 *   h5edit FILE delattr OBJ NAME                delete an attribute
 *   h5edit FILE dataset PATH doubles R C        an R x C double dataset (C = 0: 1-D of R)
 *   h5edit FILE dataset PATH doubles3 A B C     a 3-D double dataset
 *   h5edit FILE dataset PATH strings N          a 1-D dataset of N variable-length strings
 *   h5edit FILE dataset PATH ints N             a 1-D dataset of N integers
 *   h5edit FILE dataset PATH scalar             a scalar double dataset
 *   h5edit FILE group PATH                      an empty group
 *   h5edit FILE unlink PATH                     delete a link
 *   h5edit FILE softlink PATH TARGET            a soft link (TARGET need not exist)
 *   h5edit FILE extent PATH ROWS                a chunked dataset's rows, nothing written
 *
 *   h5edit FILE check    opens the file as an ordinary HDF5 reader does (h5py,
 *                        MATLAB: no SWMR); exit 0 if it opens, 1 if not
 *   h5edit FILE eoa      prints where the file's contents end as its superblock
 *                        records them (a killed run's file may be longer: rows
 *                        written after the last flush that nothing points to)
 */
#include "h5damage.h"

#include <hdf5.h>
#include <stdio.h>
#include <string.h>

/* As h5py.File(path) or MATLAB's h5info: no SWMR, default locking. */
static int check_openable(const char *path)
{
    hid_t file = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    if (file < 0)
        return 1;
    return H5Fclose(file) < 0 ? 1 : 0;
}

/* As mbsim opens a run's file: SWMR-read, so a killed run's file opens. */
static int print_eoa(const char *path)
{
    hid_t file = H5Fopen(path, H5F_ACC_RDONLY | H5F_ACC_SWMR_READ, H5P_DEFAULT);
    if (file < 0)
        return 1;
    haddr_t eoa = 0;
    int rc = H5Fget_eoa(file, &eoa) < 0;
    if (!rc)
        printf("%llu\n", (unsigned long long)eoa);
    return (H5Fclose(file) < 0 || rc) ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "h5edit: usage: h5edit FILE OPERATION ARGS... (see tests/cli/h5edit.c)\n");
        return 1;
    }
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
    if (strcmp(argv[2], "check") == 0)
        return check_openable(argv[1]);
    if (strcmp(argv[2], "eoa") == 0)
        return print_eoa(argv[1]);
    hid_t file = H5Fopen(argv[1], H5F_ACC_RDWR, H5P_DEFAULT);
    if (file < 0) {
        fprintf(stderr, "h5edit: cannot open the file\n");
        return 1;
    }
    int rc = h5damage_apply(file, argc - 2, argv + 2);
    if (H5Fclose(file) < 0) {
        fprintf(stderr, "h5edit: cannot close the file\n");
        rc = 1;
    }
    return rc;
}
