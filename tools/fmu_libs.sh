#!/bin/sh
# tools/fmu_libs.sh LIB.so: copies the shared libraries LIB.so needs, but
# for the C library's own (present on every Linux), into LIB.so's folder,
# so that an FMU made of that folder runs on a machine without them; LIB.so
# finds them there through its rpath $ORIGIN (Makefile, FMU_SO).
set -eu
so=$1
dir=$(dirname "$so")
# the C library and the loader: every system has its own, and they must match it
system='^(linux-vdso|ld-linux|libc|libm|libdl|libpthread|librt|libresolv|libutil)\.so'
# remove what an earlier build copied, then copy what the binary needs now
find "$dir" -maxdepth 1 -name '*.so.*' -type f -delete
ldd "$so" | awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }' | while read -r name path; do
    if echo "$name" | grep -Eq "$system"; then
        continue
    fi
    cp -L "$path" "$dir/$name"
done
