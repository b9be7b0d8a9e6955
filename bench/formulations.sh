#!/bin/sh
# Absolute against joint coordinates (issue 10), side by side in one run:
#   chain    the peers' planar N-link chain (PEERS_DIR/mbsim_chain.py) for
#            each N, T seconds at RTOL; tip error against
#            PEERS_DIR/reference_tips.txt where it has N and T
#   models   the closed-loop, stiff and 3-D examples of models/ (Andrews'
#            squeezer, the four-bar, the slider-crank, the bushing mount,
#            the 3-D double pendulum on spherical joints, the stiff flyball
#            governor, the beam anti-roll bar), at their own settings
# Each run: wall time, steps, residual and Jacobian evaluations, what the
# joint run integrated in (joint coordinates, linear solver), and the ratio
# joint/absolute of the wall times.
#
# usage: bench/formulations.sh [N...]   (from the repository root; default 1 4 16 64 128 256)
#   PEERS_DIR  the peers' harness (default ../shared/peers)
#   RTOL       the chain's rtol = atol (default 1e-7)
#   T          the chain's simulated time (default 10; tips exist for T = 1 and 10)
#   MODELS     the other models (default as above; "" for none)
set -u
peers=${PEERS_DIR:-../shared/peers}
rtol=${RTOL:-1e-7}
T=${T:-10}
ns=${*:-1 4 16 64 128 256}
models=${MODELS-models/andrews.xml models/four_bar.xml models/slider_crank.xml models/bushing_engine_mount.xml models/double_pendulum_3d.xml models/flyball_governor.xml models/beam_anti_roll_bar.xml}
[ -f "$peers/mbsim_chain.py" ] || { echo "formulations.sh: no peers' harness in $peers (set PEERS_DIR)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "formulations.sh: needs python3" >&2; exit 2; }
make -s -j2 build/mbsim >/dev/null || { echo "formulations.sh: mbsim does not build" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. bench/lib.sh
# stat FILE NAME: a /solver attribute of a results file
stat() { build/mbsim info "$1" | awk -v k="$2" '$1 == k { print $2 }'; }
# one NAME MODEL FORMULATION: prints "wall steps res jac coords solver tip_error"
one() {
    name=$1 model=$2 f=$3
    t0=$(now)
    if ! build/mbsim run "$model" -q --formulation "$f" -o "$tmp/$f.h5" 2>"$tmp/err"; then
        echo "fail - - - - - -"
        return
    fi
    t1=$(now)
    err=-
    case $name in
    chain*)
        read -r _ x y z <<EOF
$(build/mbsim export "$tmp/$f.h5" tip | tail -n 1 | tr ',' ' ')
EOF
        err=$(tip_error "${name#chain}" "$x" "$y" "$z") ;;
    esac
    coords=$(stat "$tmp/$f.h5" joint_coordinates)
    echo "$(echo "$t0 $t1" | awk '{ printf "%.3f", $2 - $1 }') $(stat "$tmp/$f.h5" steps)" \
        "$(stat "$tmp/$f.h5" residual_evals) $(stat "$tmp/$f.h5" jacobian_evals) ${coords:--}" \
        "$(stat "$tmp/$f.h5" linear_solver) $err"
}
# row NAME MODEL
row() {
    name=$1
    # shellcheck disable=SC2046 # the fields of one's line
    set -- $(one "$name" "$2" absolute) $(one "$name" "$2" joint)
    ratio=$(awk -v a="$1" -v j="$8" 'BEGIN { if (a + 0 > 0 && j + 0 > 0) printf "%.3f", j / a; else printf "-" }')
    printf "%-22s | %8s %7s %8s %6s %7s | %8s %7s %8s %6s %6s %-5s %7s | %6s\n" "$name" "$1" "$2" "$3" "$4" "$7" \
        "$8" "$9" "${10}" "${11}" "${12}" "${13}" "${14}" "$ratio"
}

printf "%-22s | %-40s | %-55s | %6s\n" "" "absolute" "joint" "joint/"
printf "%-22s | %8s %7s %8s %6s %7s | %8s %7s %8s %6s %6s %-5s %7s | %6s\n" model wall_s steps res jac tip_err \
    wall_s steps res jac coords LS tip_err abs.
for n in $ns; do
    python3 "$peers/mbsim_chain.py" "$n" "$T" "$rtol" >"$tmp/chain$n.xml"
    row "chain$n" "$tmp/chain$n.xml"
done
for m in $models; do
    row "$(basename "$m" .xml)" "$m"
done
