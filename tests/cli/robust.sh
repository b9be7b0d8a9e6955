#!/bin/sh
# Nothing lost, nothing hangs, nothing crashes (issue 14), from the command
# line: an output path that is the model, signals as batch systems send them,
# results files damaged or foreign, a file left by a killed run and
# `mbsim recover`, runs that used to hang or fail without naming their cause.
# usage: tests/cli/robust.sh path/to/mbsim path/to/build   (the build holds h5edit)
set -u
mbsim=${1:?usage: robust.sh MBSIM BUILD}
build=${2:?usage: robust.sh MBSIM BUILD}
h5edit=$build/h5edit
model=tests/cli/models/swing.xml
models=tests/cli/models
tmp=$(mktemp -d)
bg=""
cleanup() {
    [ -n "$bg" ] && kill -9 "$bg" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT
passed=0
failed=0

ok() { passed=$((passed + 1)); }
bad() { echo "FAILED $*"; failed=$((failed + 1)); }
check() {
    name=$1
    shift
    if "$@"; then ok; else bad "$name"; fi
}
# status NAME WANT COMMAND...: the command's exit status must be WANT
status() {
    name=$1
    want=$2
    shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    if [ "$got" -eq "$want" ]; then ok; else
        bad "$name: exit status $got, expected $want"
        sed 's/^/    /' "$tmp/out" "$tmp/err" | head -20
    fi
}
has() { grep -q -- "$2" "$1"; }
rows() { "$mbsim" info "$1" 2>/dev/null | sed -n 's/^rows: *\([0-9]*\).*/\1/p'; }
wait_rows() {
    i=0
    while [ $i -lt 300 ]; do
        r=$(rows "$1")
        [ -n "$r" ] && [ "$r" -gt 0 ] && return 0
        sleep 0.2
        i=$((i + 1))
    done
    return 1
}

# ---- an output path that is the model: exit 2, the model unchanged ----
# unchanged NAME FILE: FILE still holds the model
unchanged() { check "$1: the model unchanged" cmp -s "$model" "$2"; }
fresh() { rm -f "$tmp/m.xml" && cp "$model" "$tmp/m.xml"; }
fresh
status "output is the model" 2 "$mbsim" run "$tmp/m.xml" -o "$tmp/m.xml"
unchanged "output is the model" "$tmp/m.xml"
check "output is the model: says so" has "$tmp/err" "output file $tmp/m.xml is the model file $tmp/m.xml"
cp "$model" "$tmp/x.h5"
status "model named x.h5, default output" 2 sh -c "cd '$tmp' && '$PWD/$mbsim' run x.h5"
unchanged "model named x.h5, default output" "$tmp/x.h5"
fresh
ln -s m.xml "$tmp/link.h5"
status "output a symlink to the model" 2 "$mbsim" run "$tmp/m.xml" -o "$tmp/link.h5"
unchanged "output a symlink to the model" "$tmp/m.xml"
fresh
ln "$tmp/m.xml" "$tmp/hard.h5"
status "output a hard link to the model" 2 "$mbsim" run "$tmp/m.xml" -o "$tmp/hard.h5"
unchanged "output a hard link to the model" "$tmp/m.xml"
mkdir "$tmp/sw"
cp "$model" "$tmp/sw/sweep.csv"
status "sweep whose table is the model" 2 "$mbsim" sweep "$tmp/sw/sweep.csv" --vary m=1,2 -o "$tmp/sw"
unchanged "sweep whose table is the model" "$tmp/sw/sweep.csv"
check "sweep whose table is the model: says so" has "$tmp/err" "would overwrite the model file"
"$mbsim" run "$model" -q -o "$tmp/r.h5" --end-time 0.1 || bad "run for export"
cp "$tmp/r.h5" "$tmp/r0.h5"
status "export over the results file" 2 "$mbsim" export "$tmp/r.h5" -o "$tmp/r.h5"
check "export over the results file: unchanged" cmp -s "$tmp/r.h5" "$tmp/r0.h5"

# ---- signals as timeout(1), Slurm and a kill of the process group send them ----
# A second SIGTERM a moment after the first is the same request: the run
# says it was interrupted and its file is an ordinary file any HDF5 reader
# opens (h5py, MATLAB: no SWMR), status "interrupted". The second signal
# used to end the process at once, the file left flagged as open for writing.
# sigrun NAME FILE: a long run of the test model in the background
sigrun() {
    "$mbsim" run "$model" -o "$2" --end-time 1e7 2>"$tmp/sigerr" &
    bg=$!
    check "$1: the file fills" wait_rows "$2"
}
# sigdone NAME FILE STATUS SIGNAL: how the run ended, and its file
sigdone() {
    wait $bg
    got=$?
    bg=""
    if [ $got -eq "$3" ]; then ok; else bad "$1: exit status $got, expected $3"; fi
    check "$1: the run says so" has "$tmp/sigerr" "interrupted at t = .* ($4)"
    check "$1: an ordinary HDF5 file" "$h5edit" "$2" check
    status "$1: readable" 0 "$mbsim" info "$2"
    check "$1: status interrupted" has "$tmp/out" "^status: *interrupted"
    check "$1: the message names the signal" has "$tmp/out" "^message: *interrupted by $4"
}
for delay in 0 0.001 0.005 0.02; do
    sigrun "SIGTERM twice, $delay s apart" "$tmp/twice.h5"
    kill -TERM $bg
    sleep $delay
    kill -TERM $bg 2>/dev/null
    sigdone "SIGTERM twice, $delay s apart" "$tmp/twice.h5" 143 SIGTERM
done
# The report's own command (timeout signals the run, then its process group),
# then more tries of it: the second signal came at a random moment.
for limit in 3 1 1 1; do
    f=$tmp/timeout.h5
    rm -f "$f"
    timeout $limit "$mbsim" run models/pendulum.xml --end-time 4000 -o "$f" 2>"$tmp/sigerr"
    got=$?
    if [ $got -eq 124 ]; then ok; else bad "timeout $limit: exit status $got, expected timeout's 124"; fi
    check "timeout $limit: the run says it was interrupted" has "$tmp/sigerr" "interrupted at t = .* (SIGTERM)"
    check "timeout $limit: an ordinary HDF5 file" "$h5edit" "$f" check
    status "timeout $limit: readable" 0 "$mbsim" info "$f"
    check "timeout $limit: status interrupted" has "$tmp/out" "^status: *interrupted"
done
# SIGHUP (a closed terminal or ssh session) and the warnings batch systems
# send before a kill (SIGUSR1, SIGUSR2, SIGXCPU) end the run the same way,
# with 128 + the signal's number.
for sig in HUP:1 USR1:10 USR2:12 XCPU:24; do
    sname=${sig%:*}
    sigrun "SIG$sname" "$tmp/sig$sname.h5"
    kill -$sname $bg
    sigdone "SIG$sname" "$tmp/sig$sname.h5" $((128 + ${sig#*:})) "SIG$sname"
done
# A second signal long after the first, while the run still computes, ends
# the process at once (an escape from a stuck run): here the run stops within
# a step, so a later signal finds it finished and changes nothing.
sigrun "SIGINT, then SIGINT 2.5 s later" "$tmp/late.h5"
kill -INT $bg
sleep 2.5
kill -INT $bg 2>/dev/null
sigdone "SIGINT, then SIGINT 2.5 s later" "$tmp/late.h5" 130 SIGINT

echo "cli (robustness): $passed passed, $failed failed"
[ $failed -eq 0 ]
