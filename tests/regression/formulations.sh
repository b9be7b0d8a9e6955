#!/bin/sh
# Two formulations checking each other (issue 10): every model in models/
# runs in absolute coordinates and in joint coordinates (--formulation), and
# the two results files must agree (mbsim compare, with the tolerances of
# tests/regression/formulations.txt). Also checked: each run used the
# formulation it was asked for (/solver formulation), and the models listed
# with a `coordinates` line integrated that many joint coordinates, and
# AUTO chose what the `auto` lines say.
# usage: tests/regression/formulations.sh path/to/mbsim
set -u
mbsim=${1:?usage: formulations.sh MBSIM}
table=tests/regression/formulations.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

# field MODEL COLUMN: the model's line of the table (or the default's), column 2.. of it
field() {
    awk -v name="$1" -v col="$2" '
        /^[ \t]*(#|$)/ || $1 == "coordinates" || $1 ~ /^auto/ { next }
        $1 == name { found = $col }
        $1 == "default" { fallback = $col }
        END { print (found != "" ? found : fallback) }' "$table"
}
# solver_attr FILE NAME: an attribute of /solver as mbsim info prints it
solver_attr() {
    "$mbsim" info "$1" | awk -v k="$2" '$1 == k { print $2 }'
}
fail() {
    echo "FAILED $model: $*"
    failed=$((failed + 1))
}

for model in models/*.xml; do
    [ -e "$model" ] || continue
    name=$(basename "$model" .xml)
    rtol=$(field "$name" 2) atol=$(field "$name" 3) scaled=$(field "$name" 4) run_rtol=$(field "$name" 5)
    opts=""
    [ "$run_rtol" = "-" ] || opts="--rtol $run_rtol --atol $(field "$name" 6)"
    ok=1
    for f in absolute joint; do
        # shellcheck disable=SC2086 # opts are words
        if ! timeout 600 "$mbsim" run "$model" -q --formulation $f $opts -o "$tmp/$name.$f.h5" 2>"$tmp/err"; then
            fail "the run with --formulation $f failed:"
            sed 's/^/    /' "$tmp/err"
            ok=0
            break
        fi
        used=$(solver_attr "$tmp/$name.$f.h5" formulation)
        if [ "$used" != "$(echo $f | tr a-z A-Z)" ]; then
            fail "--formulation $f ran $used"
            ok=0
        fi
    done
    [ $ok = 1 ] || continue
    want=$(awk -v name="$name" '$1 == "coordinates" && $2 == name { print $3 }' "$table")
    got=$(solver_attr "$tmp/$name.joint.h5" joint_coordinates)
    if [ -n "$want" ] && [ "$got" != "$want" ]; then
        fail "$got joint coordinates, expected $want"
        continue
    fi
    if "$mbsim" compare "$tmp/$name.absolute.h5" "$tmp/$name.joint.h5" --rtol "$rtol" --atol "$atol" \
        --scaled-atol "$scaled" >"$tmp/cmp" 2>&1; then
        passed=$((passed + 1))
    else
        fail "ABSOLUTE and JOINT differ (rtol $rtol, atol $atol, scaled_atol $scaled):"
        sed 's/^/    /' "$tmp/cmp"
    fi
done
# auto_chose NAME FILE WANT: what AUTO ran for a model (a short run: the
# choice is made before the first step)
auto_chose() {
    model=$1
    if ! "$mbsim" run "$2" -q --end-time 1e-3 -o "$tmp/auto.h5" 2>"$tmp/err"; then
        fail "the run under AUTO failed:"
        sed 's/^/    /' "$tmp/err"
        return
    fi
    used=$(solver_attr "$tmp/auto.h5" formulation)
    if [ "$used" = "$3" ]; then
        passed=$((passed + 1))
    else
        fail "AUTO ran $used, expected $3"
    fi
    rm -f "$tmp/auto.h5"
}
while read -r kind name want _; do
    case $kind in
    auto) auto_chose "models/$name.xml" "models/$name.xml" "$want" ;;
    auto-chain)
        SPRINGS=1 bench/make_chain.sh "$name" 1 >"$tmp/chain.xml"
        auto_chose "a sprung chain of $name links" "$tmp/chain.xml" "$want" ;;
    auto-linear-chain)
        SPRINGS=linear bench/make_chain.sh "$name" 1 >"$tmp/chain.xml"
        auto_chose "a chain of $name links with translational springs" "$tmp/chain.xml" "$want" ;;
    auto-friction-chain)
        FRICTION=1 bench/make_chain.sh "$name" 1 >"$tmp/chain.xml"
        auto_chose "a chain of $name links with joint friction" "$tmp/chain.xml" "$want" ;;
    auto-sprung-friction-chain)
        SPRINGS=linear FRICTION=1 bench/make_chain.sh "$name" 1 >"$tmp/chain.xml"
        auto_chose "a chain of $name links with translational springs and joint friction" "$tmp/chain.xml" "$want" ;;
    esac
done <"$table"
echo "formulations: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
