#!/bin/sh
# Every example in models/ validates and runs to completion.
# usage: tests/run_models.sh path/to/mbsim
set -u
mbsim=${1:?usage: run_models.sh MBSIM}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
for model in models/*.xml; do
    name=$(basename "$model" .xml)
    if ! "$mbsim" validate "$model" >"$tmp/out" 2>&1; then
        echo "FAILED $model: does not validate"; cat "$tmp/out"
        failed=$((failed + 1)); continue
    fi
    if ! timeout 600 "$mbsim" run "$model" -q -o "$tmp/$name.h5" 2>"$tmp/err"; then
        echo "FAILED $model: run failed"; cat "$tmp/err"
        failed=$((failed + 1)); continue
    fi
    passed=$((passed + 1))
done
echo "models: $passed passed, $failed failed"
[ $failed -eq 0 ]
