#!/bin/sh
# Two builds of mbsim side by side on the examples: for each model of
# models/ (or those given) in each formulation, the integrator's steps and
# error-test failures of each, and whether their rows are the same:
# identical (bit for bit), or "< S", the smallest S of 1e-12, 1e-10, ...
# 1e-2 with |new - old| <= 1e-9 + S |old| + S max|old column| (mbsim
# compare --rtol S --scaled-atol S: S relative to the value or to its
# column's range, whichever is larger, noise below 1e-9 left out).
# usage: bench/steps.sh OLD_MBSIM NEW_MBSIM [MODEL...]   (from the repository root)
#   FORMULATIONS  (default "absolute joint")
set -u
old=${1:?usage: steps.sh OLD_MBSIM NEW_MBSIM [MODEL...]}
new=${2:?usage: steps.sh OLD_MBSIM NEW_MBSIM [MODEL...]}
shift 2
models=${*:-models/*.xml}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# stat FILE NAME: a /solver attribute of a results file
stat() { "$new" info "$1" | awk -v k="$2" '$1 == k { print $2 }'; }
# difference A B: "identical", or "< S" (above)
difference() {
    if "$new" compare "$1" "$2" --rtol 0 --atol 0 -qq; then
        echo identical
        return
    fi
    for s in 1e-12 1e-10 1e-8 1e-6 1e-4 1e-2; do
        if "$new" compare "$1" "$2" --rtol $s --scaled-atol $s -qq; then
            echo "< $s"
            return
        fi
    done
    echo "> 1e-2"
}
printf '%-34s %-8s %9s %9s %7s %7s  %s\n' model form steps_old steps_new errf_old errf_new rows
for model in $models; do
    name=$(basename "$model" .xml)
    for f in ${FORMULATIONS:-absolute joint}; do
        if ! "$old" run "$model" -q --formulation "$f" -o "$tmp/old.h5" 2>/dev/null ||
            ! "$new" run "$model" -q --formulation "$f" -o "$tmp/new.h5" 2>/dev/null; then
            printf '%-34s %-8s failed\n' "$name" "$f"
            continue
        fi
        printf '%-34s %-8s %9s %9s %7s %7s  %s\n' "$name" "$f" "$(stat "$tmp/old.h5" steps)" \
            "$(stat "$tmp/new.h5" steps)" "$(stat "$tmp/old.h5" error_test_failures)" \
            "$(stat "$tmp/new.h5" error_test_failures)" "$(difference "$tmp/old.h5" "$tmp/new.h5")"
    done
done
