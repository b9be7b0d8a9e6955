# What the command-line test scripts share (sourced by run.sh and robust.sh,
# which set mbsim, tmp and bg, the process running in the background): a
# tally of passed and failed checks, and the checks themselves.
# shellcheck disable=SC2154
passed=0
failed=0

ok() { passed=$((passed + 1)); }
bad() { echo "FAILED $*"; failed=$((failed + 1)); }
# check NAME COMMAND...: the command must succeed
check() {
    name=$1
    shift
    if "$@"; then ok; else bad "$name"; fi
}
# status NAME WANT COMMAND...: the command's exit status must be WANT (its
# output in $tmp/out and $tmp/err)
status() {
    name=$1
    want=$2
    shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    if grep -q "ERROR: AddressSanitizer\|ERROR: LeakSanitizer\|runtime error:" "$tmp/err"; then
        bad "$name: a sanitizer's report"
        sed 's/^/    /' "$tmp/err" | head -20
    elif [ "$got" -eq "$want" ]; then ok; else
        bad "$name: exit status $got, expected $want"
        sed 's/^/    /' "$tmp/out" "$tmp/err" | head -20
    fi
}
# rows FILE: the number of rows mbsim info reports (empty if unreadable)
rows() { "$mbsim" info "$1" 2>/dev/null | sed -n 's/^rows: *\([0-9]*\).*/\1/p'; }
# wait_for COMMAND...: until the command succeeds, at most 60 s and only
# while the run in the background, $bg, goes on. A test waits on what it
# needs, never a fixed time: a loaded machine or the sanitizers' build runs
# many times slower (a run flushes its rows once a second, so 60 s is some
# 60 flushes).
wait_for() {
    i=0
    while [ $i -lt 300 ]; do
        "$@" && return 0
        [ -n "$bg" ] && ! kill -0 "$bg" 2>/dev/null && return 1
        sleep 0.2
        i=$((i + 1))
    done
    return 1
}
# has_rows FILE [N]: the file has more than N rows (0 unless given)
has_rows() {
    r=$(rows "$1")
    [ -n "$r" ] && [ "$r" -gt "${2:-0}" ]
}
# wait_rows FILE [N]: until the file has more than N rows
wait_rows() { wait_for has_rows "$@"; }
# has FILE PATTERN: a line of FILE matches
has() { grep -q -- "$2" "$1"; }
lacks() { ! grep -q -- "$2" "$1"; }
