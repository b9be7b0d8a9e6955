#!/bin/sh
# Every broken model in tests/bad/ must be rejected by `validate` and by
# `run`: exit status 2, the expected first error line (tests/bad/NAME.expect),
# no results file left, no crash, no hang.
#   NAME.args    extra arguments (e.g. --set k=1); {usersub} in them stands
#                for the build's user subroutine libraries (BUILD/usersub)
#   NAME.expect  the first error line; "{command}" in it stands for validate
#                or run, "{usersub}" as in NAME.args. With more than one line, the error lines printed
#                must be exactly these (every error is reported).
#   A .expect without its .xml tests a missing file. NAME.adm or NAME.acf
#   (an Adams dataset or command file) stands in for NAME.xml.
# usage: tests/run_bad.sh path/to/mbsim [path/to/build]
set -u
mbsim=${1:?usage: run_bad.sh MBSIM [BUILD]}
build=${2:-build}
dir=tests/bad
# the libraries a model names are found only where the tests say
unset MBSIM_USERSUB_PATH MS_USERSUBDLL
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
for expect in "$dir"/*.expect; do
    name=$(basename "$expect" .expect)
    model="$dir/$name.xml"
    [ -f "$dir/$name.adm" ] && model="$dir/$name.adm"
    [ -f "$dir/$name.acf" ] && model="$dir/$name.acf"
    args=""
    [ -f "$dir/$name.args" ] && args=$(sed "s|{usersub}|$build/usersub|g" "$dir/$name.args")
    nlines=$(wc -l <"$expect")
    ok=1
    for cmd in validate run; do
        out="$tmp/$name.h5"
        sed -e "s/{command}/$cmd/g" -e "s|{usersub}|$build/usersub|g" "$expect" >"$tmp/want"
        if [ "$cmd" = run ]; then
            # shellcheck disable=SC2086
            timeout 20 "$mbsim" run "$model" -o "$out" $args >/dev/null 2>"$tmp/err"
        else
            # shellcheck disable=SC2086
            timeout 20 "$mbsim" validate "$model" $args >/dev/null 2>"$tmp/err"
        fi
        status=$?
        want=$(head -n 1 "$tmp/want")
        got=$(head -n 1 "$tmp/err")
        if [ "$status" -ne 2 ]; then
            echo "FAILED $name ($cmd): exit status $status, expected 2"
            ok=0
        elif [ "$got" != "$want" ]; then
            echo "FAILED $name ($cmd): first error line"
            echo "   got:      $got"
            echo "   expected: $want"
            ok=0
        elif [ "$nlines" -gt 1 ] && ! grep ': error: ' "$tmp/err" | cmp -s - "$tmp/want"; then
            echo "FAILED $name ($cmd): the error lines differ from $expect:"
            grep ': error: ' "$tmp/err" | diff "$tmp/want" - | sed 's/^/   /'
            ok=0
        fi
        if [ -e "$out" ]; then
            echo "FAILED $name ($cmd): a results file was left behind"
            ok=0
        fi
    done
    if [ $ok -eq 1 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
echo "bad input: $passed passed, $failed failed"
[ $failed -eq 0 ]
