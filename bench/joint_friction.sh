#!/bin/sh
# Joint friction's cost: the N-link chain (bench/make_chain.sh) with and
# without LuGre friction in every joint (FRICTION=1), same tolerance, in
# absolute coordinates (KLU) and in joint coordinates (the friction on tree
# joints, from the backward pass's reactions). A third chain has friction
# too weak to change the motion (FRICTION=weak: mu 1e-5, no bristle damping
# or viscous term): its ratio to the plain chain is what the friction
# elements cost by themselves; the friction chain's ratio adds what the
# friction does to the motion (joints sticking and slipping: more, smaller
# steps). A fourth has lubricated joints (FRICTION=lubricated: mu 0.01, no
# bristle damping: the bristles' relaxation sigma0 |v| / mu reaches 1e7
# |v|), run in both formulations (issue 26: absolute coordinates against
# joint ones), and the weak chain in absolute coordinates too (the elements'
# own cost there). Each joint-coordinate run is repeated REPEAT times (default
# 5), each absolute-coordinate run of the lubricated and weak chains REPEAT_ABS times
# (default 3), and the least CPU time kept (single runs vary by a third on
# a busy machine; steps, residuals and matrices do not vary). Prints the
# runs and the ratios of the CPU times.
# usage: bench/joint_friction.sh [N] [END_TIME] [RTOL]   (from the repository root, after make bench)
set -eu
n=${1:-32}
end=${2:-10}
rtol=${3:-1e-6}
repeat=${REPEAT:-5}
repeat_abs=${REPEAT_ABS:-3}
bin=build/chain_bench
[ -x "$bin" ] || { echo "build it first: make bench"; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bench/make_chain.sh "$n" "$end" "$rtol" > "$tmp/plain.xml"
FRICTION=1 bench/make_chain.sh "$n" "$end" "$rtol" > "$tmp/friction.xml"
FRICTION=weak bench/make_chain.sh "$n" "$end" "$rtol" > "$tmp/weak.xml"
FRICTION=lubricated bench/make_chain.sh "$n" "$end" "$rtol" > "$tmp/lubricated.xml"

# run NAME SOLVER TIMES: the run of $tmp/NAME.xml with the least CPU time
# of TIMES, printed and kept in $tmp/NAME.SOLVER
run() {
    : > "$tmp/$1.all"
    i=0
    while [ "$i" -lt "$3" ]; do
        "$bin" "$tmp/$1.xml" "$2" >> "$tmp/$1.all"
        i=$((i + 1))
    done
    sort -g -k4,4 "$tmp/$1.all" | head -n 1 > "$tmp/$1.$2"
    printf "%-9s " "$1"
    cat "$tmp/$1.$2"
}
cpu() { awk '{ print $4 }' "$tmp/$1"; }
ratio() { awk -v a="$(cpu "$2")" -v b="$(cpu "$3")" -v what="$1" 'BEGIN { printf "%s: %.2f\n", what, a / b }'; }

printf "%-9s %-6s %-5s %10s %10s %8s %10s %8s %6s %7s %7s\n" model asked used wall_s cpu_s steps res_evals jac_evals eqs conv_f err_f
run plain klu 1
run friction klu 1
ratio "CPU time with friction / without, absolute coordinates" friction.klu plain.klu
run plain joint "$repeat"
run friction joint "$repeat"
run weak joint "$repeat"
ratio "CPU time with friction / without, joint coordinates" friction.joint plain.joint
ratio "CPU time with weak friction / without, joint coordinates (the elements by themselves)" weak.joint plain.joint
ratio "CPU time with friction, absolute / joint coordinates" friction.klu friction.joint
run lubricated klu "$repeat_abs"
run lubricated joint "$repeat"
run weak klu "$repeat_abs"
ratio "CPU time with lubricated friction, absolute / joint coordinates" lubricated.klu lubricated.joint
ratio "CPU time with lubricated friction / without, absolute coordinates" lubricated.klu plain.klu
ratio "CPU time with lubricated friction / without, joint coordinates" lubricated.joint plain.joint
ratio "CPU time with weak friction / without, absolute coordinates (the elements by themselves)" weak.klu plain.klu
ratio "CPU time without friction, absolute / joint coordinates (the formulations by themselves)" plain.klu plain.joint
ratio "CPU time without friction in absolute coordinates / with lubricated friction in joint ones" plain.klu lubricated.joint
# the share of the lubricated absolute run that is the friction's own: what
# the same formulation takes more with it than without
awk -v f="$(cpu lubricated.klu)" -v p="$(cpu plain.klu)" 'BEGIN { printf "share of the lubricated absolute run that friction adds: %.0f %%\n", 100 * (f - p) / f }'
