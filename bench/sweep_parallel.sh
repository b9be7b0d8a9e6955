#!/bin/sh
# Parallel sweeps: 8 equal points (the pendulum, each a few seconds of
# computing) with -j 1 and with -j 2; on two free cores the second should take
# about half the wall time. Not a test: timings depend on the machine. On a
# busy machine the speed-up is smaller; "points at once" (the sum of the
# points' wall times over the sweep's) still shows that -j 2 keeps two runs
# going all the time.
# usage: bench/sweep_parallel.sh [path/to/mbsim] [END_TIME]
#   (from the top of the source tree; END_TIME sets the work per point, default 300)
set -eu
mbsim=${1:-build/mbsim}
end=${2:-300}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cores=$(nproc 2>/dev/null || echo "?")
echo "sweep of 8 equal points (models/pendulum.xml, --end-time $end), $cores cores available," \
    "load average $(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?')"
for j in 1 2; do
    start=$(date +%s.%N)
    "$mbsim" sweep models/pendulum.xml --vary m=1,1,1,1,1,1,1,1 --end-time "$end" -j $j -o "$tmp/j$j" -q
    stop=$(date +%s.%N)
    wall=$(echo "$start $stop" | awk '{ printf "%.2f", $2 - $1 }')
    points=$(awk -F, 'NR > 1 { s += $(NF - 2) } END { printf "%.2f", s }' "$tmp/j$j/sweep.csv")
    echo "-j $j: wall $wall s (sum of the points' wall times $points s," \
        "$(echo "$points $wall" | awk '{ printf "%.2f", $1 / $2 }') points at once)"
    eval "wall_$j=$wall"
done
echo "speed-up -j 2 over -j 1: $(echo "$wall_1 $wall_2" | awk '{ printf "%.2f", $1 / $2 }')"
