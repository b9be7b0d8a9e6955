#!/bin/sh
# Joint friction's cost: the N-link chain (bench/make_chain.sh) with and
# without LuGre friction in every joint (FRICTION=1), same tolerance, in
# absolute coordinates (KLU) and in joint coordinates (the friction on tree
# joints, from the backward pass's reactions). Prints the runs and the
# ratios of the CPU times.
# usage: bench/joint_friction.sh [N] [END_TIME] [RTOL]   (from the repository root, after make bench)
set -eu
n=${1:-32}
end=${2:-10}
rtol=${3:-1e-6}
bin=build/chain_bench
[ -x "$bin" ] || { echo "build it first: make bench"; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bench/make_chain.sh "$n" "$end" "$rtol" > "$tmp/plain.xml"
FRICTION=1 bench/make_chain.sh "$n" "$end" "$rtol" > "$tmp/friction.xml"
printf "%-9s %-6s %-5s %10s %10s %8s %10s %8s %6s %7s %7s\n" model asked used wall_s cpu_s steps res_evals jac_evals eqs conv_f err_f
for s in klu; do
    printf "%-9s " plain
    "$bin" "$tmp/plain.xml" "$s" | tee "$tmp/p"
    printf "%-9s " friction
    "$bin" "$tmp/friction.xml" "$s" | tee "$tmp/f"
    awk -v a="$(awk '{print $4}' "$tmp/p")" -v b="$(awk '{print $4}' "$tmp/f")" \
        'BEGIN { printf "CPU time with friction / without: %.2f\n", b / a }'
done
printf "%-9s " plain
"$bin" "$tmp/plain.xml" joint | tee "$tmp/j"
printf "%-9s " friction
"$bin" "$tmp/friction.xml" joint | tee "$tmp/fj"
awk -v a="$(awk '{print $4}' "$tmp/j")" -v b="$(awk '{print $4}' "$tmp/fj")" \
    'BEGIN { printf "CPU time with friction / without, joint coordinates: %.2f\n", b / a }'
awk -v a="$(awk '{print $4}' "$tmp/j")" -v b="$(awk '{print $4}' "$tmp/f")" \
    'BEGIN { printf "CPU time with friction (absolute) / without (joint): %.2f\n", b / a }'
