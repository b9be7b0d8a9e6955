#!/bin/sh
# Runs each libFuzzer harness for SECONDS from its seeds, one after the
# other, and fails on the first finding (a crash, a leak, a timeout, running
# out of memory). The seeds: tests/fuzz/corpus/NAME/ (committed), plus
#   model    the models of models/, tests/bad/, tests/cli/models/, tests/physics/models/
#   adams    the Adams datasets of tests/physics/models/ and tests/bad/
#   results  damaged results files made by tests/fuzz/make_results_corpus.sh
# New inputs the fuzzer finds go to a scratch corpus (not into the repository);
# a finding is kept in BUILD/findings/NAME/ with the command to reproduce it.
# libFuzzer's timeout and its slow-unit report are wall clock, so an input
# over FUZZ_TIMEOUT there is a finding only if it is slow alone as well: more
# than FUZZ_TIMEOUT s of CPU, or 6 times that of wall clock (see below).
# usage: tests/fuzz/run.sh BUILD SECONDS MBSIM H5EDIT NAME...
#   (FUZZ_JOBS, default 1: parallel workers per harness; FUZZ_TIMEOUT,
#   default 10: seconds one input may take, wall clock as libFuzzer counts
#   it: a long campaign at nice 19 on a busy machine needs more)
set -u
build=${1:?usage: run.sh BUILD SECONDS MBSIM H5EDIT NAME...}
seconds=${2:?}
mbsim=${3:?}
h5edit=${4:?}
shift 4
jobs=${FUZZ_JOBS:-1}
timeout=${FUZZ_TIMEOUT:-10}
scratch=$build/fuzz-corpus
failed=0
for name in "$@"; do
    harness=$build/fuzz_$name
    work=$scratch/$name
    seeds=$build/fuzz-seeds/$name
    findings=$build/findings/$name
    rm -rf "$seeds"
    mkdir -p "$work" "$seeds" "$findings"
    cp tests/fuzz/corpus/"$name"/* "$seeds"/ 2>/dev/null
    case $name in
    model)
        for f in models/*.xml tests/bad/*.xml tests/cli/models/*.xml tests/physics/models/*.xml; do
            [ -f "$f" ] && cp "$f" "$seeds/$(echo "$f" | tr / _)"
        done
        max_len=65536
        ;;
    adams)
        for f in tests/physics/models/*.adm tests/bad/*.adm; do
            [ -f "$f" ] && cp "$f" "$seeds/$(echo "$f" | tr / _)"
        done
        max_len=65536
        ;;
    results)
        tests/fuzz/make_results_corpus.sh "$mbsim" "$h5edit" "$seeds" >/dev/null || failed=1
        max_len=262144
        ;;
    *) max_len=4096 ;;
    esac
    dict=tests/fuzz/$name.dict
    log=$build/fuzz_$name.log
    echo "fuzz $name: $seconds s from $(ls "$seeds" | wc -l) seeds"
    parallel=""
    [ "$jobs" -gt 1 ] && parallel="-jobs=$jobs -workers=$jobs"
    # -timeout: one input may take $timeout s at most (a hang is a finding);
    # leaks inside libhdf5 itself are suppressed (tests/fuzz/lsan.supp)
    export LSAN_OPTIONS="suppressions=$PWD/tests/fuzz/lsan.supp:print_suppressions=0"
    # shellcheck disable=SC2086
    "$harness" "$work" "$seeds" -dict="$dict" -max_total_time="$seconds" -max_len=$max_len \
        -timeout="$timeout" -rss_limit_mb=2048 -malloc_limit_mb=1024 -print_final_stats=1 \
        -artifact_prefix="$findings/" $parallel >"$log" 2>&1
    st=$?
    if [ "$jobs" -gt 1 ]; then
        cat fuzz-*.log >>"$log" 2>/dev/null
        rm -f fuzz-*.log
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | awk '{ s += $1 } END { print s + 0 }')
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | awk '{ s += $1 } END { print s + 0 }')
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | sed 's/cov: //')
    echo "fuzz $name: $runs runs, $rate runs/s, coverage $cov edges, exit status $st"
    # Inputs over the time limit: on a busy machine one that takes 0.2 s
    # alone has gone over 10 s of wall clock (docs/guarantees.md), a correct
    # program failing for the machine's load. Each is run again alone with
    # the limit as CPU seconds (ulimit -t: a load takes none of them), and
    # with 6 times it as wall clock (a sleep uses no CPU: HDF5's retries
    # slept for hours). Only an input over one of them is a finding; the
    # others are set aside in findings/load/ and named.
    timeouts=0
    for art in "$findings"/timeout-* "$findings"/slow-unit-*; do
        [ -e "$art" ] || continue
        timeouts=$((timeouts + 1))
        if (ulimit -t "$timeout" && exec timeout $((6 * timeout)) "$harness" "$art") >"$log.alone" 2>&1; then
            mkdir -p "$build/findings/load"
            mv "$art" "$build/findings/load/${name}_${art##*/}"
            echo "fuzz $name: ${art##*/} went over $timeout s of wall clock in the campaign but not alone" \
                "(the machine's load, not a finding): $build/findings/load/${name}_${art##*/}"
        fi
    done
    # libFuzzer stops with an error status at a timeout: no finding if that
    # timeout's input was the machine's load
    timed_out_on_load=0
    [ $timeouts -gt 0 ] && ! ls "$findings" | grep -q . && grep -q 'ERROR: libFuzzer: timeout' "$log" &&
        timed_out_on_load=1
    if { [ $st -ne 0 ] && [ $timed_out_on_load -eq 0 ]; } || ls "$findings" | grep -q .; then
        echo "FAILED fuzz $name: a finding (see $log); reproduce with: $harness $findings/<file>"
        grep -m 1 -A 30 'ERROR: \|==ERROR\|runtime error\|deadly signal\|timeout' "$log"
        failed=1
    fi
done
[ $failed -eq 0 ]
