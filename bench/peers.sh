#!/bin/sh
# mbsim against its peers on the N-link pendulum chain, in one run, as ratios
# (the performance issue, item 6). For each N, one after the other:
#   mbsim     the peers' chain (PEERS_DIR/mbsim_chain.py), IDA at RTOL, in
#             FORMULATION (AUTO: joint coordinates for this tree)
#   Simbody   RK-Merson, accuracy 1e-6 (as PEERS_DIR/run_peers.sh runs it)
#   MuJoCo    RK4, h = 1e-3
# each simulating T = 10 s from rest; the tip error of each against
# PEERS_DIR/reference_tips.txt, and the wall-time ratios mbsim/Simbody and
# mbsim/MuJoCo. The peers' drivers are built from PEERS_DIR with its own
# Makefile into a scratch directory; nothing of theirs enters this tree.
#
# usage: bench/peers.sh [N...]      (from the repository root; default 64 128)
# The chain is chaotic: at T = 10 s even the peers' accurate solutions differ
# by 1e-4 to 3e-3 for N = 4..32 (PEERS_DIR/RESULTS.md), so the tip error
# tells accurate runs apart at N = 1, 64, 128 there; use T=1 for other N.
#   PEERS_DIR  the peers' harness (default ../shared/peers)
#   RTOL       mbsim's rtol = atol (default 3e-8: tip error <= 1e-5 at N = 64 and 128)
#   FORMULATION  auto (default), absolute or joint
#   T          simulated time (default 10; reference tips exist for 1 and 10)
# Needs, besides mbsim's own build: libsimbody-dev libmujoco-dev g++ python3
# (benchmark only: apt-get install libsimbody-dev libmujoco-dev).
set -u
peers=${PEERS_DIR:-../shared/peers}
rtol=${RTOL:-3e-8}
form=${FORMULATION:-auto}
T=${T:-10}
ns=${*:-64 128}
[ -f "$peers/reference_tips.txt" ] || { echo "peers.sh: no peers' harness in $peers (set PEERS_DIR)" >&2; exit 2; }
pkg-config --exists simbody || { echo "peers.sh: Simbody missing: apt-get install libsimbody-dev" >&2; exit 2; }
[ -f /usr/include/mujoco/mujoco.h ] || { echo "peers.sh: MuJoCo missing: apt-get install libmujoco-dev" >&2; exit 2; }
if ! command -v g++ >/dev/null || ! command -v python3 >/dev/null; then
    echo "peers.sh: needs g++ and python3" >&2
    exit 2
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
make -s -j2 build/mbsim >/dev/null || { echo "peers.sh: mbsim does not build" >&2; exit 1; }
make -s -C "$peers" BUILD="$tmp/peers" NS="$ns" all >/dev/null 2>"$tmp/build.log" ||
    { cat "$tmp/build.log" >&2; echo "peers.sh: the peers' drivers do not build" >&2; exit 1; }

. bench/lib.sh
# peer_run COMMAND...: "wall x y z" from a driver's RESULT line, or "fail"
peer_run() {
    "$@" 2>/dev/null | awk '/^RESULT/ {
        for (i = 2; i <= NF; i++) { k = index($i, "="); v[substr($i, 1, k - 1)] = substr($i, k + 1) }
        split(v["tip"], p, ","); printf "%.3f %s %s %s\n", v["wall"], p[1], p[2], p[3]; ok = 1 }
        END { if (!ok) print "fail" }'
}

printf "%4s | %9s %9s | %9s %9s | %9s %9s | %12s %12s\n" N "mbsim s" "tip err" "Simbody s" "tip err" \
    "MuJoCo s" "tip err" "mbsim/Simb." "mbsim/MuJoCo"
for n in $ns; do
    python3 "$peers/mbsim_chain.py" "$n" "$T" "$rtol" AUTO >"$tmp/chain.xml"
    t0=$(now)
    if build/mbsim run "$tmp/chain.xml" -o "$tmp/chain.h5" --quiet --formulation "$form" 2>"$tmp/err"; then
        t1=$(now)
        m_wall=$(echo "$t0 $t1" | awk '{ printf "%.3f", $2 - $1 }')
        read -r _ x y z <<EOF
$(build/mbsim export "$tmp/chain.h5" tip | tail -n 1 | tr ',' ' ')
EOF
        m_err=$(tip_error "$n" "$x" "$y" "$z")
    else
        m_wall=fail m_err="$(head -c 60 "$tmp/err")"
    fi
    read -r s_wall x y z <<EOF
$(peer_run "$tmp/peers/simbody_chain" "$n" rkm 1e-6 "$T")
EOF
    s_err=-
    [ "$s_wall" != fail ] && s_err=$(tip_error "$n" "$x" "$y" "$z")
    read -r j_wall x y z <<EOF
$(peer_run "$tmp/peers/mujoco_chain" "$tmp/peers/models/chain_$n.xml" rk4 1e-3 "$T")
EOF
    j_err=-
    [ "$j_wall" != fail ] && j_err=$(tip_error "$n" "$x" "$y" "$z")
    printf "%4s | %9s %9s | %9s %9s | %9s %9s | %12s %12s\n" "$n" "$m_wall" "$m_err" "$s_wall" "$s_err" \
        "$j_wall" "$j_err" "$(ratio "$m_wall" "$s_wall")" "$(ratio "$m_wall" "$j_wall")"
done
