#!/bin/sh
# Regression: every model in models/ runs with its own settings and its results
# must agree with tests/regression/ref/NAME.h5 (mbsim compare, with the model's
# tolerances from tests/regression/tolerances.txt, where a missing model gets
# the default line). `make update-references`
# writes the references.
# usage: tests/regression/run.sh path/to/mbsim
set -u
mbsim=${1:?usage: run.sh MBSIM}
. tests/regression/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
for model in models/*.xml; do
    [ -e "$model" ] || continue
    name=$(basename "$model" .xml)
    ref=$refdir/$name.h5
    if [ ! -f "$ref" ]; then
        echo "FAILED $model: no reference $ref;" \
            "run 'make update-references MODELS=$model', check and commit it"
        failed=$((failed + 1))
        continue
    fi
    timeout 600 "$mbsim" run "$model" -q -o "$tmp/$name.h5" 2>"$tmp/err"
    st=$?
    if [ ! -f "$tmp/$name.h5" ]; then
        echo "FAILED $model: no results (exit status $st)"
        sed 's/^/    /' "$tmp/err"
        failed=$((failed + 1))
        continue
    fi
    set -- $(tolerance "$name")
    if "$mbsim" compare "$ref" "$tmp/$name.h5" --rtol "$1" --atol "$2" --scaled-atol "$3" >"$tmp/cmp" 2>&1; then
        passed=$((passed + 1))
    else
        echo "FAILED $model: results differ from $ref (rtol $1, atol $2, scaled_atol $3):"
        sed 's/^/    /' "$tmp/cmp"
        echo "    if the change is intended: make update-references MODELS=$model, and commit the reference"
        failed=$((failed + 1))
    fi
done
# A reference without its model is left over from a removed or renamed model.
for ref in "$refdir"/*.h5; do
    [ -e "$ref" ] || continue
    name=$(basename "$ref" .h5)
    if [ ! -f "models/$name.xml" ]; then
        echo "FAILED $ref: models/$name.xml does not exist; remove the reference (make update-references does)"
        failed=$((failed + 1))
    fi
done
echo "regression: $passed passed, $failed failed"
[ $failed -eq 0 ]
