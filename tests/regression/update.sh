#!/bin/sh
# Rewrites the regression references: runs each model (default: every model in
# models/, and then removes references of models that no longer exist) and
# keeps its results as tests/regression/ref/NAME.h5. Only on purpose: check
# what changed (mbsim compare OLD NEW) and commit the references.
# usage: tests/regression/update.sh path/to/mbsim [models/NAME.xml...]
set -u
mbsim=${1:?usage: update.sh MBSIM [MODEL...]}
shift
. tests/regression/lib.sh
all=0
if [ $# -eq 0 ]; then
    all=1
    set -- models/*.xml
fi
mkdir -p "$refdir"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
for model in "$@"; do
    [ -e "$model" ] || { echo "no such model: $model"; failed=$((failed + 1)); continue; }
    name=$(basename "$model" .xml)
    if timeout 600 "$mbsim" run "$model" -q -o "$tmp/$name.h5" 2>"$tmp/err"; then
        if [ -f "$refdir/$name.h5" ] && "$mbsim" compare "$refdir/$name.h5" "$tmp/$name.h5" -q \
            --rtol 0 --atol 0 >"$tmp/cmp" 2>&1; then
            echo "unchanged $refdir/$name.h5"
        else
            [ -f "$refdir/$name.h5" ] && echo "was: $(cat "$tmp/cmp")"
            mv "$tmp/$name.h5" "$refdir/$name.h5"
            echo "updated   $refdir/$name.h5 ($(wc -c <"$refdir/$name.h5") bytes)"
        fi
    else
        echo "FAILED $model: the run did not complete; its reference is left as it was"
        sed 's/^/    /' "$tmp/err"
        failed=$((failed + 1))
    fi
done
if [ $all -eq 1 ]; then
    for ref in "$refdir"/*.h5; do
        [ -e "$ref" ] || continue
        name=$(basename "$ref" .h5)
        [ -f "models/$name.xml" ] || { rm -f "$ref"; echo "removed   $ref (no models/$name.xml)"; }
    done
fi
[ $failed -eq 0 ]
