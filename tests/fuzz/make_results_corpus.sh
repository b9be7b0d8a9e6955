#!/bin/sh
# The results fuzzer's seeds: small results files as mbsim writes them (a
# completed run with events and parameters, a killed one and the same
# recovered), copies of them damaged as foreign or hostile files are
# (tests/cli/damages.txt), and files cut short.
# usage: tests/fuzz/make_results_corpus.sh MBSIM H5EDIT DIR
set -u
mbsim=${1:?usage: make_results_corpus.sh MBSIM H5EDIT DIR}
h5edit=${2:?}
dir=${3:?}
mkdir -p "$dir"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
model=tests/cli/models/stop_params.xml
"$mbsim" run "$model" -q -o "$dir/completed.h5" --end-time 0.3 --print-interval 0.05 || exit 1
"$mbsim" run tests/cli/models/swing.xml -q -o "$dir/swing.h5" --end-time 0.05 || exit 1
# a killed run: flagged as open for writing, status running. Killed once its
# file has rows, waited for with tests/cli/lib.sh's wait_rows (at most 60 s,
# while the run goes): the fixed 10 s it was are short for a start 20 times
# slower, and a kill before the first rows leaves recover nothing.
. tests/cli/lib.sh
"$mbsim" run "$model" -q -o "$dir/killed.h5" --end-time 1e6 --print-interval 0.05 &
bg=$!
wait_rows "$dir/killed.h5"
kill -9 $bg
wait $bg 2>/dev/null
if ! has_rows "$dir/killed.h5"; then
    echo "make_results_corpus.sh: the run of $model wrote no rows within 60 s" >&2
    exit 1
fi
cp "$dir/killed.h5" "$dir/recovered.h5"
"$mbsim" recover "$dir/recovered.h5" >/dev/null || exit 1
good=$dir/completed.h5
rows=$("$mbsim" info "$good" | sed -n 's/^rows: *\([0-9]*\).*/\1/p')
n=0
sed -e '/^#/d' -e '/^$/d' -e 's/@SENSOR@/x/g' -e 's/@PARAM@/k/g' -e "s/@ROWS@/$rows/g" tests/cli/damages.txt |
    while IFS= read -r damage; do
        n=$((n + 1))
        cp "$good" "$tmp/d.h5"
        # shellcheck disable=SC2086
        "$h5edit" "$tmp/d.h5" $damage && mv "$tmp/d.h5" "$dir/damaged_$n.h5"
    done
# cut short (HDF5 refuses a file shorter than its end-of-file address)
size=$(wc -c <"$good")
for cut in 512 2048 $((size / 2)) $((size - 1)); do
    head -c "$cut" "$good" >"$dir/cut_$cut.h5"
done
# No bit-flipped files: libhdf5 1.10.8 itself crashes on some (a NULL
# dereference in H5T_close_real under H5Ocopy when `recover` copies a file
# whose datatype message is damaged), which is HDF5's to fix, not mbsim's
# (docs/guarantees.md).
ls "$dir" | wc -l
