#!/bin/sh
# The N-link spatial pendulum chain benchmark (issue: DAE core): links of
# 1 kg and 1 m on revolute joints, released from horizontal, 10 s at
# rtol 1e-6, for N = 1, 2, 4, ... 512, in absolute coordinates with the
# dense and the KLU linear solver and with AUTO, and in joint coordinates. Prints wall and CPU time, steps, residual and Jacobian
# evaluations. Dense is skipped above DENSE_MAX links (its cost grows as
# N^3 per factorisation: minutes at N = 64).
# usage: bench/chain.sh [MAX_N] [END_TIME]     (from the repository root, after make bench)
set -eu
max=${1:-512}
end=${2:-10}
dense_max=${DENSE_MAX:-32}
bin=build/chain_bench
[ -x "$bin" ] || { echo "build it first: make bench"; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf "%5s %-6s %-5s %10s %10s %8s %10s %8s %6s %7s %7s\n" N asked used wall_s cpu_s steps res_evals jac_evals eqs conv_f err_f
n=1
while [ "$n" -le "$max" ]; do
    bench/make_chain.sh "$n" "$end" > "$tmp/chain.xml"
    solvers="klu auto joint"
    [ "$n" -le "$dense_max" ] && solvers="dense $solvers"
    for s in $solvers; do
        printf "%5d " "$n"
        "$bin" "$tmp/chain.xml" "$s" || true
    done
    n=$((n * 2))
done
