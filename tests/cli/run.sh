#!/bin/sh
# The results workflow from the command line: compare (every outcome and its
# exit status), info, export, sweep, progress on a terminal, SIGINT/SIGTERM,
# kill -9, reading a file while it is written, help texts against docs/cli.md.
# usage: tests/cli/run.sh path/to/mbsim path/to/build   (the build holds h5edit, ptyrun)
set -u
mbsim=$(cd "$(dirname "${1:?usage: run.sh MBSIM BUILD}")" && pwd)/$(basename "$1")
build=${2:?usage: run.sh MBSIM BUILD}
h5edit=$build/h5edit
ptyrun=$build/ptyrun
model=tests/cli/models/swing.xml
tmp=$(mktemp -d)
bg=""
cleanup() {
    [ -n "$bg" ] && kill -9 "$bg" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT
. tests/cli/lib.sh

# ---- the files to compare ----
a=$tmp/a.h5
"$mbsim" run "$model" -q -o "$a" || bad "run $model"
value=$("$mbsim" export "$a" angle | sed -n '102p' | cut -d, -f2) # row 100, t = 1
copy() { cp "$a" "$tmp/$1.h5"; }

# ---- compare ----
copy same
status "compare: equal" 0 "$mbsim" compare "$a" "$tmp/same.h5"
check "compare: equal says so" has "$tmp/out" "result: equal (3 sensors, 401 rows)"

copy near
"$h5edit" "$tmp/near.h5" set angle 100 0 "$(awk -v v="$value" 'BEGIN { printf "%.17g", v * (1 + 1e-8) }')"
status "compare: within tolerance" 0 "$mbsim" compare "$a" "$tmp/near.h5"
status "compare: beyond a tighter tolerance" 1 "$mbsim" compare "$a" "$tmp/near.h5" --rtol 1e-10 --atol 0
check "compare: the worst column and its time" grep -q "angle  *angle  .*  1  *DIFFERENT: 1 of 401 rows" "$tmp/out"

copy scaled
"$h5edit" "$tmp/scaled.h5" set angle 1 0 "$(awk -v v="$("$mbsim" export "$a" angle | sed -n '3p' | cut -d, -f2)" 'BEGIN { printf "%.17g", v + 1e-5 }')"
status "compare: near zero, beyond rtol" 1 "$mbsim" compare "$a" "$tmp/scaled.h5"
status "compare: near zero, within the column's range" 0 "$mbsim" compare "$a" "$tmp/scaled.h5" --scaled-atol 1e-4
status "compare: near zero, beyond a smaller part of it" 1 "$mbsim" compare "$a" "$tmp/scaled.h5" --scaled-atol 1e-6

copy far
"$h5edit" "$tmp/far.h5" set angle 100 0 123
status "compare: value beyond tolerance" 1 "$mbsim" compare "$a" "$tmp/far.h5"
check "compare: names the sensor" grep -q "angle .*DIFFERENT" "$tmp/out"
check "compare: other sensors equal" grep -q "energy .*equal" "$tmp/out"
status "compare: --sensor leaves the difference out" 0 "$mbsim" compare "$a" "$tmp/far.h5" --sensor energy
# --bodies: the bodies' motion (/geometry/bodies) in place of the sensors
status "compare --bodies: a sensor's change is not compared" 0 "$mbsim" compare "$a" "$tmp/far.h5" --bodies
check "compare --bodies: the body by its name" has "$tmp/out" "^  rod  .*equal$"
"$mbsim" run "$model" -q --set L=1.01 -o "$tmp/longer.h5" || bad "run $model with L=1.01"
status "compare --bodies: another motion" 1 "$mbsim" compare "$a" "$tmp/longer.h5" --bodies
check "compare --bodies: ... names the body" has "$tmp/out" "^  rod  .*DIFFERENT"
status "compare: --quiet" 1 "$mbsim" compare "$a" "$tmp/far.h5" -q
check "compare: --quiet prints one line" test "$(wc -l <"$tmp/out")" -eq 1
check "compare: ... naming the sensor that differs" has "$tmp/out" "^result: DIFFERENT (1 sensor beyond tolerance \[angle\])$"

copy nan
"$h5edit" "$tmp/nan.h5" set rod_position 7 1 nan
status "compare: NaN against a number" 1 "$mbsim" compare "$a" "$tmp/nan.h5"
check "compare: NaN reported" has "$tmp/out" "NaN against a number"
status "compare: a number against NaN" 1 "$mbsim" compare "$tmp/nan.h5" "$a" --rtol 1 --atol 1e9
status "compare: NaN in both" 0 "$mbsim" compare "$tmp/nan.h5" "$tmp/nan.h5"

copy missing
"$h5edit" "$tmp/missing.h5" drop energy
status "compare: missing sensor" 1 "$mbsim" compare "$a" "$tmp/missing.h5"
check "compare: missing reported" grep -q "energy .*MISSING in NEW" "$tmp/out"

copy extra
"$h5edit" "$tmp/extra.h5" copy angle angle2
status "compare: extra sensor" 1 "$mbsim" compare "$a" "$tmp/extra.h5"
check "compare: extra reported" grep -q "angle2 .*EXTRA in NEW" "$tmp/out"

copy shifted
"$h5edit" "$tmp/shifted.h5" time 50 0.505
status "compare: other time grid" 1 "$mbsim" compare "$a" "$tmp/shifted.h5"
check "compare: grid reported" has "$tmp/out" "first different time at row 50"
"$mbsim" run "$model" -q -o "$tmp/coarse.h5" --print-interval 0.02
status "compare: other print interval" 1 "$mbsim" compare "$a" "$tmp/coarse.h5"
check "compare: values not compared" has "$tmp/out" "values not compared"
status "compare: other print interval, --interpolate" 0 \
    "$mbsim" compare "$tmp/coarse.h5" "$a" --interpolate --rtol 1e-4 --atol 1e-5
"$mbsim" run "$model" -q -o "$tmp/short.h5" --end-time 2
status "compare: shorter run" 1 "$mbsim" compare "$a" "$tmp/short.h5"
status "compare: shorter run, common times" 0 "$mbsim" compare "$a" "$tmp/short.h5" --interpolate
check "compare: common range reported" has "$tmp/out" "compared at 201 REF times"

copy failed
"$h5edit" "$tmp/failed.h5" status failed
status "compare: other status" 1 "$mbsim" compare "$a" "$tmp/failed.h5"
check "compare: status reported" has "$tmp/out" "status: DIFFERS"

status "compare: missing file" 2 "$mbsim" compare "$a" "$tmp/nonexistent.h5"
check "compare: missing file message" has "$tmp/err" "No such file"
echo "not HDF5" >"$tmp/text.h5"
status "compare: unreadable file" 2 "$mbsim" compare "$tmp/text.h5" "$a"
check "compare: unreadable file message" has "$tmp/err" "not an HDF5 file"
status "compare: unknown --sensor" 2 "$mbsim" compare "$a" "$a" --sensor nosuch
status "compare: one file only" 2 "$mbsim" compare "$a"
status "compare: bad tolerance" 2 "$mbsim" compare "$a" "$a" --rtol -1

# ---- info ----
status "info" 0 "$mbsim" info "$a"
check "info: status" has "$tmp/out" "^status: *completed"
check "info: sensor columns and units" grep -q "rod_position  *BODY 2  *Position  *x \[m\], y \[m\], z \[m\]" "$tmp/out"
check "info: parameters" grep -q "^  m  *1$" "$tmp/out"
check "info: events" has "$tmp/out" "^events: *0"
check "info: solver statistics" grep -q "^  residual_evals  *[1-9]" "$tmp/out"
check "info: rows" has "$tmp/out" "^rows: *401, t = 0 .. 4 s"
check "info: the formulation AUTO chose for a one-joint pendulum" grep -q "^  formulation  *JOINT$" "$tmp/out"

# ---- formulations (issue 10) ----
status "run --formulation joint" 0 "$mbsim" run "$model" -q --formulation joint -o "$tmp/joint.h5"
status "info of the joint run" 0 "$mbsim" info "$tmp/joint.h5"
check "info: formulation JOINT" grep -q "^  formulation  *JOINT$" "$tmp/out"
check "info: its joint coordinates" grep -q "^  joint_coordinates  *1$" "$tmp/out"
check "info: its linear solver" grep -q "^  linear_solver  *TREE$" "$tmp/out"
status "run --formulation absolute" 0 "$mbsim" run "$model" -q --formulation absolute -o "$tmp/absolute.h5"
status "info of the absolute run" 0 "$mbsim" info "$tmp/absolute.h5"
check "info: formulation ABSOLUTE" grep -q "^  formulation  *ABSOLUTE$" "$tmp/out"
check "info: no joint coordinates" test -z "$(grep joint_coordinates "$tmp/out")"
status "the joint run equals the absolute one" 0 "$mbsim" compare "$tmp/absolute.h5" "$tmp/joint.h5" --rtol 1e-4 --atol 1e-5
# joint friction on a tree joint whose I marker is on the ground (the child
# on the J side): the friction reads the backward pass's reaction there too
friction=tests/cli/models/friction_i_on_ground.xml
status "run friction_i_on_ground.xml --formulation absolute" 0 "$mbsim" run "$friction" -q --formulation absolute \
    -o "$tmp/fg_absolute.h5"
status "run friction_i_on_ground.xml --formulation joint" 0 "$mbsim" run "$friction" -q --formulation joint \
    -o "$tmp/fg_joint.h5"
"$mbsim" info "$tmp/fg_joint.h5" >"$tmp/out"
check "friction_i_on_ground.xml: the bearing is a tree joint" grep -q "^  joint_coordinates  *1$" "$tmp/out"
status "friction_i_on_ground.xml: the rotor spins down alike in both formulations" 0 "$mbsim" compare \
    "$tmp/fg_absolute.h5" "$tmp/fg_joint.h5" --rtol 1e-6 --atol 1e-5
status "run --formulation: a bad value" 2 "$mbsim" run "$model" -q --formulation relative -o "$tmp/bad.h5"
check "run --formulation: says what it takes" has "$tmp/err" "--formulation needs auto, absolute or joint"
check "run --formulation: no results file" test ! -e "$tmp/bad.h5"
# the robot axis sticks in its lower stop at 3.70 s: at rtol 1e-10 the
# absolute formulation's error test failed there without end
status "run connector_robot_axis.xml --rtol 1e-10 --formulation absolute" 0 "$mbsim" run \
    models/connector_robot_axis.xml -q --rtol 1e-10 --atol 1e-12 --formulation absolute -o "$tmp/axis.h5"
# joint friction on a revolute tree joint: the mass-matrix Newton (TREE), its
# bristles kept variables; on a spherical one the difference matrix (DENSE)
status "run joint_friction_revolute.xml --formulation joint" 0 "$mbsim" run models/joint_friction_revolute.xml -q \
    --formulation joint -o "$tmp/jf_rev.h5"
check "joint friction on a revolute tree joint: linear solver TREE" \
    test "$("$mbsim" info "$tmp/jf_rev.h5" | awk '$1 == "linear_solver" { print $2 }')" = TREE
status "run joint_friction_spherical.xml --formulation joint" 0 "$mbsim" run models/joint_friction_spherical.xml -q \
    --formulation joint -o "$tmp/jf_sph.h5"
check "joint friction on a spherical tree joint: linear solver DENSE" \
    test "$("$mbsim" info "$tmp/jf_sph.h5" | awk '$1 == "linear_solver" { print $2 }')" = DENSE
# ---- output rows interpolated or stepped onto (--dae-interpolation) ----
# rows every millisecond: stepping onto each costs steps, interpolating none
status "run --dae-interpolation false" 0 "$mbsim" run "$model" -q --print-interval 0.001 --dae-interpolation false \
    -o "$tmp/stepped.h5"
status "run --dae-interpolation true" 0 "$mbsim" run "$model" -q --print-interval 0.001 --dae-interpolation TRUE \
    -o "$tmp/interpolated.h5"
steps_of() { "$mbsim" info "$1" | awk '$1 == "steps" { print $2 }'; }
check "interpolated rows: under half the steps of stepped ones" \
    test $((2 * $(steps_of "$tmp/interpolated.h5"))) -lt "$(steps_of "$tmp/stepped.h5")"
status "interpolated rows equal stepped ones" 0 "$mbsim" compare "$tmp/stepped.h5" "$tmp/interpolated.h5" \
    --rtol 1e-4 --atol 1e-5
# the default (the model says nothing): interpolated rows
status "run without --dae-interpolation" 0 "$mbsim" run "$model" -q --print-interval 0.001 -o "$tmp/default.h5"
check "rows interpolated by default: the steps of the interpolated run" \
    test "$(steps_of "$tmp/default.h5")" -eq "$(steps_of "$tmp/interpolated.h5")"
# a hub driven at 35.44 rad/s turns more than half a turn in a step of joint
# coordinates: interpolated rows still read its angle on the right turn
wheel=tests/physics/models/repro_spinning_wheel.xml
status "run --dae-interpolation true --formulation joint (driven hub)" 0 "$mbsim" run "$wheel" -q \
    --dae-interpolation true --formulation joint -o "$tmp/hub_joint.h5"
hub_angle_error() {
    "$mbsim" export "$1" hub_angle |
        awk -F, 'NR > 1 { e = $2 - 35.4421 * $1; if (e < 0) e = -e; if (e > m) m = e } END { print m + 0 }'
}
check "interpolated rows in joint coordinates: the hub's angle is 35.4421 t within 1e-3 rad" \
    awk -v e="$(hub_angle_error "$tmp/hub_joint.h5")" 'BEGIN { exit !(e < 1e-3) }'
status "run --dae-interpolation: a bad value" 2 "$mbsim" run "$model" -q --dae-interpolation maybe -o "$tmp/bad.h5"
check "run --dae-interpolation: says what it takes" has "$tmp/err" "--dae-interpolation needs true or false"
check "run --dae-interpolation: no results file" test ! -e "$tmp/bad.h5"
status "info: unreadable" 2 "$mbsim" info "$tmp/text.h5"
status "info: missing" 2 "$mbsim" info "$tmp/nonexistent.h5"

# ---- events ----
"$mbsim" run tests/cli/models/stop.xml -q -o "$tmp/stop.h5" || bad "run stop.xml"
status "events: info --events" 0 "$mbsim" info "$tmp/stop.h5" --events
check "events: counted by kind" has "$tmp/out" "^events: *2 (limit_upper_on 1, limit_upper_off 1)$"
check "events: listed" grep -q "^  0.52359[0-9]*  Force_CoordinateSpringDamperExt 1 (label 'stop')  limit_upper_on$" "$tmp/out"
check "events: in the solver statistics" grep -q "^  events  *2$" "$tmp/out"
status "events: compare notes a difference" 1 "$mbsim" compare "$tmp/stop.h5" "$a"
check "events: note" has "$tmp/out" "note: the events differ: REF has 2 events, NEW 0"

# ---- linear analysis ----
"$mbsim" run models/linear_spring_damper.xml -q -o "$tmp/lin.h5" || bad "run linear_spring_damper.xml"
status "linear: info" 0 "$mbsim" info "$tmp/lin.h5"
check "linear: every analysis" grep -q "^analyses: *3$" "$tmp/out"
check "linear: the static's row" grep -q "^  Static  *0  *0  *completed$" "$tmp/out"
check "linear: no row of its own" grep -q "^  Linear  *0  *-  *completed$" "$tmp/out"
check "linear: the transient's rows" grep -q "^  Transient  *0 .. 2  *1 .. 200  *completed$" "$tmp/out"
check "linear: what it computed" grep -q "^linear_1: *t = 0 s, 2 states, 1 inputs, 3 outputs$" "$tmp/out"
check "linear: the eigenvalue table" grep -q "^  mode  *real \[1/s\]  *imag \[1/s\]  *frequency \[1/s\]  *damping ratio$" "$tmp/out"
check "linear: an eigenvalue" grep -q "^  1  *-1  *19.97498436  *3.1831  *0.05$" "$tmp/out"
check "linear: its conjugate" grep -q "^  2  *-1  *-19.97498436  *3.1831  *0.05$" "$tmp/out"
status "linear: a transient's file has one analysis" 0 "$mbsim" info "$a"
check "linear: ... and no linear results" sh -c "grep -q '^analyses: *1$' '$tmp/out' && ! grep -q '^linear_' '$tmp/out'"

# ---- export ----
status "export" 0 "$mbsim" export "$a" angle energy --csv
check "export: header" test "$(head -n 1 "$tmp/out")" = "time [s],angle.angle [rad],energy.value [N*m]"
check "export: one line per row" test "$(wc -l <"$tmp/out")" -eq 402
check "export: row 100" test "$(sed -n '102p' "$tmp/out" | cut -d, -f1,2)" = "1,$value"
status "export: all sensors to a file" 0 "$mbsim" export "$a" -o "$tmp/all.csv"
check "export: every column" test "$(head -n 1 "$tmp/all.csv" | tr ',' '\n' | wc -l)" -eq 6
status "export: NaN" 0 "$mbsim" export "$tmp/nan.h5" rod_position
check "export: nan written" test "$(sed -n '9p' "$tmp/out" | cut -d, -f3)" = nan
status "export: unknown sensor" 2 "$mbsim" export "$a" nosuch -o "$tmp/no.csv"
check "export: unknown sensor leaves no file" test ! -e "$tmp/no.csv"
check "export: lists the sensors" has "$tmp/err" "it has: rod_position, angle, energy"

# ---- a stiff static: steel cantilevers at their closed forms, default settings ----
# (models/beam_steel_cantilevers.xml: EA/L = 2e9 N/m; it used to stop with
# "no static equilibrium found") stretch F L / (E A), bending with shear
# F L^3 / (3 E Izz) + F L ASY / (G A); in metres and in millimetres
near() { awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= 1e-9 * (b < 0 ? -b : b)) }'; }
for twin in models/beam_steel_cantilevers.xml:1 tests/physics/models/beam_steel_cantilevers_mm.xml:1000; do
    f=${twin%%:*}
    unit=${twin##*:}
    status "stiff static $f: run" 0 "$mbsim" run "$f" -q -o "$tmp/cantilevers.h5"
    "$mbsim" export "$tmp/cantilevers.h5" axial bending_y >"$tmp/out" 2>&1
    stretch=$(awk -v u="$unit" 'BEGIN { printf "%.17g", 4e4 * 1 / (2e11 * 0.05 * 0.2) * u }')
    bend=$(awk -v u="$unit" 'BEGIN { E = 2e11; G = E / 2.6; Izz = 0.2 * 0.05^3 / 12
        printf "%.17g", (1e3 / (3 * E * Izz) + 1e3 * 1.2 / (G * 0.01)) * u }')
    check "stiff static $f: stretch $stretch" near "$(sed -n '2p' "$tmp/out" | cut -d, -f2)" "$stretch"
    check "stiff static $f: bending with shear $bend" near "$(sed -n '2p' "$tmp/out" | cut -d, -f9)" "$bend"
done

# ---- an element switched off reads no load (joint friction inactive="STATIC" in a Static) ----
status "switched off: run" 0 "$mbsim" run tests/physics/models/jf_inactive_static.xml -q -o "$tmp/inactive.h5"
status "switched off: export" 0 "$mbsim" export "$tmp/inactive.h5" friction normal power x acceleration
# the last row is the Static's: friction force and torque (columns 2-7), normal force, power 0;
# the frictionless equilibrium m g sin(20 deg) / k; no acceleration
check "switched off: the Static's row" awk -F, 'END {
    for (c = 2; c <= 7; c++) if ($c != 0) exit 1
    if ($20 != 0 || $21 != 0) exit 1
    x = 10 * 9.81 * sin(20 * 3.14159265358979 / 180) / 100
    if ($22 - x > 1e-9 || x - $22 > 1e-9) exit 1
    for (c = 23; c <= 25; c++) if ($c > 1e-9 || $c < -1e-9) exit 1
}' "$tmp/out"
check "switched off: the Transient's row before it holds the block" awk -F, 'NR == 12 { exit !($4 < -33.5 && $20 > 92) }' "$tmp/out"

# ---- plot ----
pngstat=$build/pngstat
blue="31 119 180 40" # the first line colour
status "plot: every sensor, PNG" 0 "$mbsim" plot "$a" -o "$tmp/all.png"
check "plot: PNG of 1000 x 3 * 260 pixels" test "$("$pngstat" "$tmp/all.png" | cut -d' ' -f1,2)" = "1000 780"
for i in 0 1 2; do
    n=$("$pngstat" "$tmp/all.png" $blue 0 $((i * 260)) 1000 $(((i + 1) * 260)) | cut -d' ' -f3)
    check "plot: panel $i has its line ($n pixels)" test "$n" -gt 300
done
status "plot: --size, one column" 0 "$mbsim" plot "$a" rod_position:y --size=640x480 -o "$tmp/y.png"
check "plot: --size" test "$("$pngstat" "$tmp/y.png" | cut -d' ' -f1,2)" = "640 480"
# the bob swings about y = -0.5 (L = 1): its line spans most of the panel's height
check "plot: the line spans the panel" sh -c "'$pngstat' '$tmp/y.png' $blue | awk '{ exit !(\$3 > 500) }'"
svgtext() { perl -0ne 'while (/<text[^>]*>(.*?)<\/text>/gs) { my $t = $1; $t =~ s/<[^>]*>//g; $t =~ s/&#x([0-9A-Fa-f]+);/chr(hex($1))/ge; print "$t\n"; }' "$1"; }
status "plot: SVG" 0 "$mbsim" plot "$a" angle energy -o "$tmp/p.svg"
svgtext "$tmp/p.svg" >"$tmp/svgtext"
check "plot: SVG names the time axis with its unit" grep -qx "time \[s\]" "$tmp/svgtext"
check "plot: SVG names the y axes with their units" sh -c "grep -qx 'angle \[rad\]' '$tmp/svgtext' && grep -qx 'energy \[N\*m\]' '$tmp/svgtext'"
status "plot: PDF" 0 "$mbsim" plot "$a" angle -o "$tmp/p.pdf"
check "plot: a PDF" test "$(head -c 5 "$tmp/p.pdf")" = "%PDF-"
status "plot: two files overlaid, a phase plot" 0 "$mbsim" plot "$a" "$tmp/coarse.h5" angle --x rod_position:x -o "$tmp/phase.svg"
svgtext "$tmp/phase.svg" >"$tmp/svgtext"
check "plot: the legend names both files" sh -c "grep -qx '$a' '$tmp/svgtext' && grep -qx '$tmp/coarse.h5' '$tmp/svgtext'"
check "plot: --x labels the x axis" grep -qx "rod_position:x" "$tmp/svgtext"
status "plot: events marked" 0 "$mbsim" plot "$tmp/stop.h5" -o "$tmp/stop.png"
check "plot: the event lines" sh -c "'$pngstat' '$tmp/stop.png' 200 0 200 60 | awk '{ exit !(\$3 > 100) }'"
status "plot: unknown sensor" 2 "$mbsim" plot "$a" nosuch -o "$tmp/no.png"
check "plot: ... names the sensors" has "$tmp/err" "has no sensor 'nosuch' (it has: rod_position, angle, energy)"
check "plot: ... and writes nothing" test ! -e "$tmp/no.png"
status "plot: unknown column" 2 "$mbsim" plot "$a" rod_position:w -o "$tmp/no.png"
status "plot: another format" 2 "$mbsim" plot "$a" -o "$tmp/no.gif"
status "plot: no -o" 2 "$mbsim" plot "$a"

# ---- animate ----
"$mbsim" run tests/cli/models/bob.xml -q -o "$tmp/bob.h5" || bad "run bob.xml"
status "animate" 0 "$mbsim" animate "$tmp/bob.h5" -o "$tmp/bob.glb"
check "animate: a valid glTF 2.0 file" tests/cli/glbcheck.sh "$tmp/bob.glb"
head -c 1000 "$tmp/bob.glb" >"$tmp/cut.glb"
check "animate: the structure check finds a cut file" sh -c "! tests/cli/glbcheck.sh '$tmp/cut.glb' >/dev/null"
json=$(tail -c +21 "$tmp/bob.glb" | head -c "$(od -An -tu4 -j12 -N4 "$tmp/bob.glb" | tr -d ' ')")
check "animate: 201 keyframes (every output time)" test "$(printf '%s' "$json" | jq '.accessors[.animations[0].samplers[0].input].count')" -eq 201
check "animate: the bob's node moves, the ground's does not" test \
    "$(printf '%s' "$json" | jq -r '[.animations[0].channels[].target.node as $n | .nodes[$n].name] | unique | join(",")')" = bob
check "animate: shapes from Post_Graphic" test \
    "$(printf '%s' "$json" | jq -r '[.meshes[].name] | map(select(startswith("Post_Graphic"))) | length')" -eq 2
# Rendered headless by F3D (a VTK viewer) at two times: the red bob is where
# the results put it. Camera 5 m in front of (0, -0.5, 0), 30 degree view:
# a point (x, y) in the plane z = 0 is drawn at 200 + k x, 200 - k (y + 0.5)
# with k = 200 / (5 tan 15 deg).
for at in 0.25 0.9; do
    status "animate --at $at" 0 "$mbsim" animate "$tmp/bob.h5" --at $at -o "$tmp/at.glb"
    timeout 120 xvfb-run -a f3d --output="$tmp/at.png" --resolution=400,400 --camera-position=0,-0.5,5 \
        --camera-focal-point=0,-0.5,0 --camera-view-up=0,1,0 --camera-view-angle=30 "$tmp/at.glb" >/dev/null 2>&1
    want=$("$mbsim" export "$tmp/bob.h5" bob | awk -F, -v T=$at 'NR > 1 && $1 <= T { x = $2; y = $3 }
        END { k = 200 / (5 * sin(atan2(1, 1) / 3) / cos(atan2(1, 1) / 3)); printf "%.2f %.2f", 200 + k * x, 200 - k * (y + 0.5) }')
    got=$("$pngstat" "$tmp/at.png" 230 20 20 90 2>/dev/null | cut -d' ' -f4,5)
    check "animate: at t = $at the bob is drawn at $got, the results put it at $want" \
        awk -v g="$got" -v w="$want" 'BEGIN { split(g, a, " "); split(w, b, " ");
            exit !(a[1] >= 0 && (a[1] - b[1])^2 + (a[2] - b[2])^2 < 9) }'
done
# The Whipple bicycle (gravity along -z) stands on glTF's +y: at every frame
# each wheel's centre is its radius above the road (rR = 0.3, rF = 0.35 m; the
# lean stays below 1e-3 rad), its axle (the body's y) is level, and it rolls
# forward along +x (the model's x, kept: a right-handed turn of z onto y).
"$mbsim" run models/whipple_bicycle.xml --end-time 0.2 -q -o "$tmp/bike.h5" || bad "run whipple_bicycle.xml"
status "animate: the Whipple bicycle" 0 "$mbsim" animate "$tmp/bike.h5" -o "$tmp/bike.glb"
for wheel in "rear wheel:0.3" "front wheel:0.35"; do
    body=${wheel%:*} r=${wheel#*:}
    tests/cli/glbpoint.sh "$tmp/bike.glb" "$body" 0 0 0 >"$tmp/centre"
    tests/cli/glbpoint.sh "$tmp/bike.glb" "$body" 0 1 0 >"$tmp/axle"
    check "animate: the $body stands on +y, its centre $r m up at every frame" awk -v r="$r" \
        '{ n++; if ((($3 - r) ^ 2) > 1e-6) bad = 1 } NR == 1 { x0 = $2 } END { exit bad || n != 21 || !($2 - x0 > 0.9) }' \
        "$tmp/centre"
    check "animate: the $body's axle is level at every frame" sh -c \
        "paste -d' ' '$tmp/centre' '$tmp/axle' | awk '{ if ((\$7 - \$3) ^ 2 > 1e-4) bad = 1 } END { exit bad || NR != 21 }'"
done
# Post_Graphics as a MotionView export writes them (millimetres): the TriaMesh
# is drawn with its points (in metres, in its marker's frame) and triangles as
# given; the SPDP coil's ends are on the arm's tip (where the results put it)
# and on the ground anchor (400, 100, 900) mm at every frame, its damper
# cylinders la = 20 mm from the tip and lb + ld = 130 mm from the anchor.
gfx_model=tests/cli/models/export_graphics.xml
status "animate: an export's Post_Graphics run" 0 "$mbsim" run "$gfx_model" -o "$tmp/gfx.h5"
check "animate: ... the UserGra is one note" has "$tmp/err" "$gfx_model:192: note: Post_Graphic: type USERGRA is not drawn by mbsim animate"
status "animate: TriaMesh and SPDP" 0 "$mbsim" animate "$tmp/gfx.h5" -o "$tmp/gfx.glb"
check "animate: ... a valid glTF 2.0 file" tests/cli/glbcheck.sh "$tmp/gfx.glb"
tests/cli/glbmesh.sh "$tmp/gfx.glb" "Post_Graphic 90001 (label 'Arm mesh')" >"$tmp/mesh"
check "animate: the TriaMesh's points, as given" awk '$1 == "points" {
        n = split("-100 -30 -20 100 -30 -20 100 30 -20 -100 30 -20 0 0 60", want, " ")
        for (i = 1; i <= n; i++) if ((($(i + 1) - want[i] / 1000) ^ 2) > 1e-14) bad = 1
        found = NF - 1 == n }
    END { exit bad || !found }' "$tmp/mesh"
check "animate: the TriaMesh's triangles, as given" test \
    "$(sed -n 's/^indices  *//p' "$tmp/mesh" | xargs)" = "0 2 1 0 3 2 0 1 4 1 2 4 2 3 4 3 0 4"
coil="Post_Graphic 90002 (label 'Coil spring')"
# the tip, first row of each time (as the glb's keyframes): glTF (x, z, -y) in metres
"$mbsim" export "$tmp/gfx.h5" "Arm tip displacement" | awk -F, 'NR > 1 && (NR == 2 || $1 != last) { last = $1
    printf "%s %.9g %.9g %.9g\n", $1, $2 / 1000, $4 / 1000, -$3 / 1000 }' >"$tmp/tip"
tests/cli/glbpoint.sh "$tmp/gfx.glb" "$coil" 0 0 0 >"$tmp/coil_i"
tests/cli/glbpoint.sh "$tmp/gfx.glb" "$coil" 0 0 1 >"$tmp/coil_j"
tests/cli/glbpoint.sh "$tmp/gfx.glb" "$coil damper at I" 0 0 0 >"$tmp/damper_i"
tests/cli/glbpoint.sh "$tmp/gfx.glb" "$coil damper at J" 0 0 0.12 >"$tmp/damper_j"
check "animate: the coil's first end is on the arm's tip at all 21 frames" sh -c "paste -d' ' '$tmp/tip' '$tmp/coil_i' |
    awk '{ if ((\$1 - \$5) ^ 2 > 1e-12 || (\$2 - \$6) ^ 2 + (\$3 - \$7) ^ 2 + (\$4 - \$8) ^ 2 > 1e-12) bad = 1 }
         NR == 3 { moved = (\$2 - 0.4) ^ 2 + (\$3 - 0.5) ^ 2 > 1e-4 } END { exit bad || NR != 21 || !moved }'"
check "animate: the coil's second end is on the anchor at all 21 frames" awk \
    '{ if (($2 - 0.4) ^ 2 + ($3 - 0.9) ^ 2 + ($4 + 0.1) ^ 2 > 1e-12) bad = 1 } END { exit bad || NR != 21 }' "$tmp/coil_j"
check "animate: the dampers stay la from the tip and lb from the anchor" sh -c "paste -d' ' '$tmp/tip' '$tmp/damper_i' '$tmp/damper_j' |
    awk '{ di = sqrt((\$2 - \$6) ^ 2 + (\$3 - \$7) ^ 2 + (\$4 - \$8) ^ 2)
           dj = sqrt((0.4 - \$10) ^ 2 + (0.9 - \$11) ^ 2 + (-0.1 - \$12) ^ 2)
           if ((di - 0.02) ^ 2 > 1e-12 || (dj - 0.01) ^ 2 > 1e-12) bad = 1 } END { exit bad || NR != 21 }'"
status "animate: a file without /geometry" 2 "$mbsim" animate "$tmp/text.h5" -o "$tmp/no.glb"
status "animate: not .glb" 2 "$mbsim" animate "$tmp/bob.h5" -o "$tmp/no.gltf"
check "animate: bad input writes nothing" test ! -e "$tmp/no.glb"

# ---- sweep ----
sw=$tmp/sweep
status "sweep: 6 points, one invalid" 1 "$mbsim" sweep "$model" --vary m=1,2,-1,3,4,5 -j 2 -o "$sw"
check "sweep: 5 results files" test "$(ls "$sw"/*.h5 | wc -l)" -eq 5
check "sweep: 6 rows in sweep.csv" test "$(wc -l <"$sw/sweep.csv")" -eq 7
check "sweep: csv header" test "$(head -n 1 "$sw/sweep.csv")" = "index,m,status,exit_code,wall_time_s,file,message"
check "sweep: the failure recorded" grep -q '^2,-1,invalid,2,[0-9.]*,,.*mass must be > 0' "$sw/sweep.csv"
check "sweep: the others completed" test "$(grep -c ',completed,0,' "$sw/sweep.csv")" -eq 5
check "sweep: the failure reported" has "$tmp/err" "point 2 (m=-1): invalid"
check "sweep: the failure's log kept" has "$sw/swing_002.log" "mass must be > 0"
status "sweep: point 3's file" 0 "$mbsim" info "$sw/swing_003.h5"
check "sweep: point 3 ran with m=3" grep -q "^  m  *3$" "$tmp/out"
check "sweep: every file completed" sh -c "for f in $sw/*.h5; do $mbsim info \$f | grep -q '^status: *completed' || exit 1; done"

status "sweep: emit commands" 0 "$mbsim" sweep "$model" --vary L=1,2 --vary m=0.5:1.5:3 -o "$tmp/emit" --emit-commands --end-time 1
check "sweep: one command per point" test "$(wc -l <"$tmp/out")" -eq 6
check "sweep: the last --vary fastest, the binary by its absolute path" test "$(sed -n '2p' "$tmp/out")" = \
    "$mbsim run $model -o $tmp/emit/swing_001.h5 --quiet --set L=1 --set m=1 --end-time 1"
check "sweep: emit runs nothing" test "$(ls "$tmp/emit" | grep -c '\.h5$')" -eq 0
check "sweep: emit writes the index" test "$(grep -c ',pending,' "$tmp/emit/sweep.csv")" -eq 6
cp "$tmp/out" "$tmp/commands"
status "sweep: an emitted command runs as printed" 0 sh -c "$(sed -n '6p' "$tmp/commands")"
check "sweep: ... and writes its file" test -f "$tmp/emit/swing_005.h5"
# GNU parallel runs them, with no mbsim on PATH
status "sweep: emitted commands under GNU parallel" 0 env PATH=/usr/bin:/bin parallel -j 2 <"$tmp/commands"
check "sweep: ... every point's file" test "$(ls "$tmp/emit" | grep -c '\.h5$')" -eq 6
rm "$tmp/emit/swing_002.h5"
status "sweep: --collect with one file missing" 1 "$mbsim" sweep --collect "$tmp/emit" --summary angle:angle:max \
    --summary energy:value:mean
c=$tmp/emit/sweep.csv
check "sweep: --collect header" test "$(head -n 1 "$c")" = \
    "index,L,m,status,exit_code,wall_time_s,file,message,angle:angle:max,energy:value:mean"
check "sweep: --collect: 5 completed" test "$(grep -c ',completed,0,[0-9.]*,swing_00[0-9].h5,,' "$c")" -eq 5
check "sweep: --collect: the missing one" grep -q '^2,1,1.5,missing,,,swing_002.h5,no results file,,$' "$c"
# the summaries are the file's own: max of the angle, mean of the energy over the rows
want=$("$mbsim" export "$tmp/emit/swing_004.h5" angle energy | awk -F, 'NR == 2 { mx = $2 } NR > 1 { if ($2 > mx) mx = $2; s += $3; n++ } END { printf "%.12g %.12g", mx, s / n }')
got=$(awk -F, '$1 == 4 { printf "%.12g %.12g", $9, $10 }' "$c")
check "sweep: --summary max and mean ($got, want $want)" test "$got" = "$want"
status "sweep: a summary of a sensor the model lacks" 2 "$mbsim" sweep "$model" --vary m=1,2 --summary nosuch:x:max -o "$tmp/nosweep"
check "sweep: ... names the sensors" has "$tmp/err" "has no sensor 'nosuch' (it has: rod_position, angle, energy)"
status "sweep: a bad statistic" 2 "$mbsim" sweep "$model" --vary m=1,2 --summary angle:angle:median -o "$tmp/nosweep"
status "sweep: --collect of no directory" 2 "$mbsim" sweep --collect "$tmp/nonexistent"

# --collect where sweep.csv is gone (never copied back from a cluster, deleted):
# the table rebuilt from the results files alone, each with its /parameters
cp "$c" "$tmp/collected.csv"
rm "$c"
status "sweep: --collect without sweep.csv" 1 "$mbsim" sweep --collect "$tmp/emit" --summary angle:angle:max \
    --summary energy:value:mean
check "sweep: ... says it rebuilt the table" has "$tmp/err" \
    "note: no $tmp/emit/sweep.csv: rebuilt from the 5 results files of $model (varied: L, m)"
# the same rows, values (the missing point's from the grid), files, statuses and summaries
check "sweep: ... the table --collect made from sweep.csv" cmp "$c" "$tmp/collected.csv"
# the sweep run here: a rejected point has no file (its log says why), a stray file
cp "$sw/sweep.csv" "$tmp/ran.csv"
rm "$sw/sweep.csv"
cp "$a" "$sw/reference.h5"
status "sweep: --collect of a sweep run here, its table deleted" 1 "$mbsim" sweep --collect "$sw"
check "sweep: ... leaves out a file not named as a point" has "$tmp/err" \
    "left out, not results files of this sweep (swing_NNN.h5): reference.h5$"
# every column the sweep wrote but the wall time (the file's is the run's, not the process's); the
# rejected point's m (-1) is in no file
check "sweep: ... the rows, files, statuses and messages of the sweep's table" test \
    "$(cut -d, -f1,3,4,6- "$sw/sweep.csv")" = "$(cut -d, -f1,3,4,6- "$tmp/ran.csv")"
check "sweep: ... the values of m" test "$(cut -d, -f2 "$sw/sweep.csv" | tr '\n' ' ')" = "m 1 2  3 4 5 "
check "sweep: ... the rejected point's message, from its log" grep -q \
    '^2,,invalid,2,,,.*: error: Body_Rigid 2 (label .rod.): mass must be > 0 (is -1)$' "$sw/sweep.csv"
mkdir "$tmp/empty"
cp "$a" "$tmp/empty/reference.h5"
status "sweep: --collect of a directory without results files of a sweep" 2 "$mbsim" sweep --collect "$tmp/empty"
check "sweep: ... says so" has "$tmp/err" "has no sweep.csv, and no results files of a sweep (MODEL_NNN.h5)"
check "sweep: ... and writes no table" test ! -e "$tmp/empty/sweep.csv"
status "sweep: summaries of a sweep run here" 0 "$mbsim" sweep "$model" --vary m=1,2 --end-time 0.5 -o "$tmp/sum" \
    --summary rod_position:y:min --summary angle:angle:last
check "sweep: ... in sweep.csv" test "$(awk -F, 'NR > 1 && $8 != "" && $9 != ""' "$tmp/sum/sweep.csv" | wc -l)" -eq 2
want=$("$mbsim" export "$tmp/sum/swing_001.h5" angle | tail -n 1 | cut -d, -f2)
check "sweep: ... the last value" test "$(awk -F, '$1 == 1 { print $9 }' "$tmp/sum/sweep.csv")" = "$want"

# summaries against closed forms: sine.xml turns a rod by the angle -A sin(2 pi t), 0 .. 0.6 s
# in steps of 0.01 s, so every extremum below falls on an output time
sine=$tmp/sine
status "sweep: absmax and windowed summaries" 0 "$mbsim" sweep tests/cli/models/sine.xml --vary A=0.5,2 -o "$sine" \
    --summary angle:angle:max --summary angle:angle:absmax --summary angle:angle:max@0.3:0.5 \
    --summary angle:angle:min@0.3:0.5 --summary angle:angle:last@:0.3 --summary angle:angle:absmax@0.5:
# near ROW COLUMN FILE EXPR: in FILE, column COLUMN of point ROW is within 1e-9 of EXPR (awk, of A and pi)
near() {
    awk -F, "BEGIN { pi = atan2(0, -1) } \$1 == $1 { A = \$2; d = \$$2 - ($4); found = d < 1e-9 && d > -1e-9 }
        END { exit !found }" "$3"
}
for i in 0 1; do
    c=$sine/sweep.csv
    check "sweep: point $i: max = A sin(0.2 pi), at the end" near $i 8 "$c" "A*sin(0.2*pi)"
    check "sweep: point $i: absmax = A, the minimum's size" near $i 9 "$c" "A"
    check "sweep: point $i: max@0.3:0.5 = 0, at the window's end" near $i 10 "$c" "0"
    check "sweep: point $i: min@0.3:0.5 = -A sin(0.6 pi), at its start" near $i 11 "$c" "-A*sin(0.6*pi)"
    check "sweep: point $i: last@:0.3 = -A sin(0.6 pi)" near $i 12 "$c" "-A*sin(0.6*pi)"
    check "sweep: point $i: absmax@0.5: = A sin(0.2 pi)" near $i 13 "$c" "A*sin(0.2*pi)"
done
# --collect keeps the table's summary columns, recomputed from the files
cp "$sine/sweep.csv" "$tmp/sine.csv"
status "sweep: --collect keeps the summary columns" 0 "$mbsim" sweep --collect "$sine"
check "sweep: ... the same header" test "$(head -n 1 "$sine/sweep.csv")" = "$(head -n 1 "$tmp/sine.csv")"
check "sweep: ... the same values" test "$(cut -d, -f8- "$sine/sweep.csv")" = "$(cut -d, -f8- "$tmp/sine.csv")"
status "sweep: --collect adds a summary after them" 0 "$mbsim" sweep --collect "$sine" --summary angle:angle:min \
    --summary angle:angle:max
check "sweep: ... one column more" test "$(head -n 1 "$sine/sweep.csv")" = "$(head -n 1 "$tmp/sine.csv"),angle:angle:min"
check "sweep: ... min = -A" near 1 14 "$sine/sweep.csv" "-A"
# a typo in a column: the same error from --collect as from a sweep (exit 2), nothing written
# (on the sweep of swing.xml above)
cp "$tmp/sum/sweep.csv" "$tmp/sum.csv"
status "sweep: a summary of a column the sensor lacks" 2 "$mbsim" sweep "$model" --vary m=1 -o "$tmp/nosweep" \
    --summary angle:angel:max
cp "$tmp/err" "$tmp/run_err"
check "sweep: ... lists the columns" has "$tmp/run_err" \
    "^mbsim sweep: error: --summary angle:angel:max: sensor 'angle' has no column 'angel' (it has: angle) (see 'mbsim help sweep')$"
status "sweep: --collect with a summary of a column the sensor lacks" 2 "$mbsim" sweep --collect "$tmp/sum" \
    --summary angle:angel:max
check "sweep: ... the sweep's message" cmp "$tmp/err" "$tmp/run_err"
check "sweep: ... the table left as it was" cmp "$tmp/sum/sweep.csv" "$tmp/sum.csv"
status "sweep: --collect with a summary of a sensor the files lack" 2 "$mbsim" sweep --collect "$tmp/sum" \
    --summary angel:angle:max
check "sweep: ... lists the sensors" has "$tmp/err" "swing_000.h5 has no sensor 'angel' (it has: rod_position, angle, energy)"
# a window no row lies in: a warning (every value would be nan)
status "sweep: --collect with a window beyond the runs" 0 "$mbsim" sweep --collect "$sine" --summary angle:angle:max@6:7 -q
check "sweep: ... warns" has "$tmp/err" "warning: --summary angle:angle:max@6:7: no output row of any point lies in the window 6 .. 7"
status "sweep: a window that ends before it begins" 2 "$mbsim" sweep --collect "$sine" --summary angle:angle:max@2:1
status "sweep: a window that is not T0:T1" 2 "$mbsim" sweep --collect "$sine" --summary angle:angle:max@2
check "sweep: ... says what a window is" has "$tmp/err" "the window '2' is not T0:T1"

status "sweep: undeclared parameter" 2 "$mbsim" sweep "$model" --vary k=1,2 -o "$tmp/nosweep"
check "sweep: names the declared ones" has "$tmp/err" "declared: L, m"
check "sweep: bad input creates nothing" test ! -e "$tmp/nosweep"
status "sweep: bad range" 2 "$mbsim" sweep "$model" --vary m=1:2 -o "$tmp/nosweep"
status "sweep: missing model" 2 "$mbsim" sweep "$tmp/none.xml" --vary m=1,2 -o "$tmp/nosweep"
check "sweep: missing model creates nothing" test ! -e "$tmp/nosweep"

# SIGINT stops a sweep: running points interrupted, their files kept, the rest not run.
"$mbsim" sweep "$model" --vary m=1,2,3,4 -j 2 --end-time 1e6 -o "$tmp/swint" -q &
bg=$!
check "sweep: SIGINT: the first points run" wait_rows "$tmp/swint/swing_001.h5"
wait_rows "$tmp/swint/swing_000.h5"
kill -INT $bg
wait $bg
got=$?
bg=""
if [ $got -eq 130 ]; then ok; else bad "sweep: SIGINT: exit status $got, expected 130"; fi
check "sweep: SIGINT: running points interrupted" test "$(grep -c ',interrupted,130,.*,swing_00[01].h5,' "$tmp/swint/sweep.csv")" -eq 2
check "sweep: SIGINT: the others not run" test "$(grep -c ',not run,,,,' "$tmp/swint/sweep.csv")" -eq 2
status "sweep: SIGINT: an interrupted point's file" 0 "$mbsim" info "$tmp/swint/swing_000.h5"
check "sweep: SIGINT: its status" has "$tmp/out" "^status: *interrupted"

# ---- progress on a terminal ----
# the progress line: time, percent, steps, rate and ETA (shown once the run
# has gone half a second); progress_shown FILE: it, and three updates
progress_line='t = [0-9.e+-]+ s +[0-9.]+%  [0-9]+ steps  [0-9]+ steps/s  ETA [0-9.]+ (s|min|h|d)'
progress_shown() {
    grep -Eqs "$progress_line" "$1" && [ "$(tr '\r' '\n' <"$1" | grep -c 'steps/s')" -ge 3 ]
}
# a long run, stopped once its progress line shows all that, however fast or
# slow it goes (a fixed second need not: on a loaded machine the run may get
# too little of it to step through three updates)
"$ptyrun" "$tmp/tty" "$mbsim" run "$model" -o "$tmp/p.h5" --end-time 1e6 &
bg=$!
wait_for progress_shown "$tmp/tty"
kill -INT $bg
wait $bg
got=$?
bg=""
if [ $got -eq 130 ]; then ok; else bad "progress: run on a terminal: exit status $got, expected 130"; fi
check "progress: shown" grep -q "steps/s" "$tmp/tty"
check "progress: time, percent, steps, rate, ETA" grep -Eq "$progress_line" "$tmp/tty"
check "progress: several updates" test "$(tr '\r' '\n' <"$tmp/tty" | grep -c 'steps/s')" -ge 3
check "progress: interruption reported" grep -q "interrupted at t = " "$tmp/tty"
status "progress: --quiet" 0 "$ptyrun" "$tmp/tty" "$mbsim" run "$model" -o "$tmp/p.h5" --end-time 100 --quiet
check "progress: none with --quiet" test ! -s "$tmp/tty"
status "progress: not a terminal" 0 "$mbsim" run "$model" -o "$tmp/p.h5" --end-time 100
check "progress: none when stderr is a file" sh -c "! grep -q 'steps/s' '$tmp/err'"
status "progress: sweep on a terminal" 0 "$ptyrun" "$tmp/tty" "$mbsim" sweep "$model" --vary m=1,2,3 -o "$tmp/sw2" -j 2
check "progress: sweep points shown" grep -q "sweep: [0-9] of 3 done, 0 failed" "$tmp/tty"

# ---- SIGINT, SIGTERM: results kept, status interrupted ----
for sig in INT TERM; do
    want=130
    [ $sig = TERM ] && want=143
    f=$tmp/sig$sig.h5
    "$mbsim" run "$model" -o "$f" --end-time 1e6 -q &
    bg=$!
    check "SIG$sig: the file fills while running" wait_rows "$f"
    kill -$sig $bg
    wait $bg
    got=$?
    bg=""
    if [ $got -eq $want ]; then ok; else bad "SIG$sig: exit status $got, expected $want"; fi
    status "SIG$sig: readable" 0 "$mbsim" info "$f"
    check "SIG$sig: status interrupted" has "$tmp/out" "^status: *interrupted"
    check "SIG$sig: solver statistics" grep -q "^  steps  *[1-9]" "$tmp/out"
done

# ---- kill -9: the rows flushed up to about a second before are there ----
f=$tmp/killed.h5
"$mbsim" run "$model" -o "$f" --end-time 1e6 -q &
bg=$!
check "kill: the file fills while running" wait_rows "$f"
r0=$(rows "$f")
status "kill: info while running" 0 "$mbsim" info "$f"
check "kill: info says it is being written" has "$tmp/out" "running (being written by process $bg)"
# more rows, flushed while it runs: waited for, not slept for (a run given
# little of the CPU may flush nothing more in a fixed two seconds)
check "kill: flushed while running (more than $r0 rows)" wait_rows "$f" "${r0:-0}"
r1=$(rows "$f")
kill -9 $bg
wait $bg 2>/dev/null
bg=""
r2=$(rows "$f")
check "kill: readable after kill -9, nothing flushed lost ($r1 then ${r2:-no} rows)" test "${r2:-0}" -ge "${r1:-1}"
status "kill: info" 0 "$mbsim" info "$f"
check "kill: status running, writer gone" has "$tmp/out" "is gone: the run was killed"
status "kill: export" 0 "$mbsim" export "$f" angle
check "kill: every row exported" test "$(wc -l <"$tmp/out")" -eq $((${r2:-0} + 1))
status "kill: compare with a complete run" 1 "$mbsim" compare "$f" "$a" --interpolate -q
check "kill: the rows agree, the status does not" has "$tmp/out" "^result: DIFFERENT (status differs)$"
# --collect of a killed point's file, its table gone: status killed
mkdir "$tmp/killed_sweep"
cp "$f" "$tmp/killed_sweep/swing_000.h5"
cp "$a" "$tmp/killed_sweep/swing_001.h5"
status "kill: --collect of a killed point" 1 "$mbsim" sweep --collect "$tmp/killed_sweep"
check "kill: ... its status killed" grep -q "^0,killed,,,swing_000.h5,its run was killed" "$tmp/killed_sweep/sweep.csv"
check "kill: ... the other completed" grep -q "^1,completed,0,[0-9.]*,swing_001.h5,$" "$tmp/killed_sweep/sweep.csv"

# ---- bad input leaves no results file ----
status "run: unwritable output" 2 "$mbsim" run "$model" -o "$tmp/no/such/dir/x.h5"
check "run: unwritable output message" has "$tmp/err" "cannot create results file"
check "run: no file left" test ! -e "$tmp/no"

# ---- options: GNU syntax (getopt_long) ----
status "options: --name=value, grouped short options" 0 "$mbsim" run "$model" --end-time=0.5 -qo "$tmp/opt.h5"
check "options: ... ran to 0.5" sh -c "'$mbsim' info '$tmp/opt.h5' | grep -q '^rows: *51, t = 0 .. 0.5 s'"
check "options: -qo: quiet" test ! -s "$tmp/err"
status "options: abbreviated, options after the operand" 0 "$mbsim" run "$model" --end=0.2 --print-i 0.1 --qui -o "$tmp/opt.h5"
check "options: ... ran to 0.2 every 0.1" sh -c "'$mbsim' info '$tmp/opt.h5' | grep -q '^rows: *3, t = 0 .. 0.2 s'"
status "options: ambiguous abbreviation" 2 "$mbsim" sweep "$model" --vary m=1,2 --e 1
check "options: ambiguous names the candidates" has "$tmp/err" "ambiguous option '--e' (could be --emit-commands, --end-time)"
status "options: unknown option" 2 "$mbsim" run "$model" --no-such
check "options: unknown option message" has "$tmp/err" "^mbsim run: error: unknown option '--no-such' (see 'mbsim help run')$"
status "options: missing value" 2 "$mbsim" run "$model" --end-time
check "options: missing value message" has "$tmp/err" "error: --end-time needs a value"
status "options: value to a flag" 2 "$mbsim" run "$model" --quiet=yes
check "options: value to a flag message" has "$tmp/err" "error: --quiet takes no value"
cp "$model" "$tmp/-dash.xml"
status "options: -- ends the options" 0 sh -c "cd '$tmp' && '$mbsim' run -q -o dash.h5 -- -dash.xml"
check "options: ... and a file named like an option runs" test -f "$tmp/dash.h5"
status "options: --help after -- is an operand" 2 "$mbsim" validate -- --help

status "--version" 0 "$mbsim" --version
check "--version: the libraries' versions" grep -Eq "^built with SUNDIALS [0-9]+\.[0-9]+\.[0-9]+, HDF5 1\.[0-9]+\.[0-9]+, libxml2 2\.[0-9]+\.[0-9]+$" "$tmp/out"

# the file format is pinned to HDF5 1.10's: superblock version 3 (what SWMR needs, what 1.10 reads)
check "results file: HDF5 1.10 superblock" test "$(od -An -tu1 -j8 -N1 "$a" | tr -d ' ')" = 3

# ---- validate: the summary counts degrees of freedom as the run solves them ----
"$mbsim" validate models/four_bar.xml >"$tmp/out" 2>"$tmp/err"
if grep -q "degrees of freedom 1 (18 velocity coordinates - 20 constraint equations, 3 of them redundant)" "$tmp/out" &&
    grep -q "warning: Constraint_Joint .* redundant" "$tmp/err"; then ok; else
    bad "validate: the four-bar's degrees of freedom with its redundant joint equations"
    cat "$tmp/out" "$tmp/err" | sed 's/^/    /'
fi
"$mbsim" validate models/pendulum.xml >"$tmp/out" 2>&1
if grep -q "degrees of freedom 1 (6 velocity coordinates - 5 constraint equations)" "$tmp/out"; then ok; else
    bad "validate: the pendulum's degrees of freedom"
fi

# ---- the assembly report: a joint whose markers are 5 m apart ----
mis=tests/cli/models/misplaced.xml
status "assembly: validate warns" 0 "$mbsim" validate "$mis"
check "assembly: the warning names the joint and the move" grep -q \
    "misplaced.xml:13: warning: Constraint_Joint 7 (label 'hinge'): the assembly at the start moved Body_Rigid 2 (label 'link') by 5 m" "$tmp/err"
check "assembly: a note lists the moves" grep -q "note: assembly at the start moved Body_Rigid 2 (label 'link') by 5 m, 0 deg" "$tmp/err"
status "assembly: run warns, and runs" 0 "$mbsim" run "$mis" -o "$tmp/mis.h5"
check "assembly: run's warning" grep -q "warning: Constraint_Joint 7 (label 'hinge'): the assembly at the start moved" "$tmp/err"
status "assembly: validate --strict" 2 "$mbsim" validate --strict "$mis"
check "assembly: --strict makes it an error" grep -q "misplaced.xml:13: error: Constraint_Joint 7 (label 'hinge')" "$tmp/err"
status "assembly: run --strict" 2 "$mbsim" run --strict "$mis" -o "$tmp/mis_strict.h5"
check "assembly: run --strict leaves no file" test ! -e "$tmp/mis_strict.h5"
status "assembly: a consistent model is quiet" 0 "$mbsim" run models/pendulum.xml -o "$tmp/quiet.h5"
check "assembly: ... no note" sh -c "! grep -q 'assembly' '$tmp/err'"
sed 's|<Simulate |<Param_Transient assembly_move_limit="6"/><Simulate |' "$mis" >"$tmp/limit.xml"
status "assembly: a larger limit" 0 "$mbsim" run --strict "$tmp/limit.xml" -o "$tmp/limit.h5"
check "assembly: ... only the note" sh -c "grep -q 'note: assembly' '$tmp/err' && ! grep -q 'warning' '$tmp/err'"

# ---- a loop that cannot close is bad input for validate and run ----
open=tests/bad/fourbar_loop_open.xml
for strict in "" --strict; do
    # shellcheck disable=SC2086
    status "assembly: validate $strict of a loop that cannot close" 2 "$mbsim" validate $strict "$open"
    check "assembly: ... says so once, naming the loop and the open marker in mm" sh -c \
        "test \$(grep -c 'error: cannot assemble' '$tmp/err') -eq 1 &&
         grep -q 'fourbar_loop_open.xml:40: error: .* the loop of Constraint_Joint 1 (label .A.), .* and Motion_Joint 1 (label .motor.) (at the closest the assembly came, its joints. markers are up to [0-9.]* mm apart; before it, markers 42 (.rocker at D.) and 11 (.D on ground.) of Constraint_Joint 4 (label .D.) were 376 mm apart)' '$tmp/err'"
    check "assembly: ... and no summary" test ! -s "$tmp/out"
done
status "assembly: run of a loop that cannot close" 2 "$mbsim" run "$open" -o "$tmp/open.h5"
check "assembly: ... leaves no results file" test ! -e "$tmp/open.h5"
check "assembly: ... the same error as validate" grep -q "error: cannot assemble the model at t = 0: .*376 mm apart" "$tmp/err"

# ---- Adams datasets and command files (docs/adams.md) ----
adm=tests/physics/models/adams_drop.adm
acf=tests/physics/models/adams_drop.acf
status "adams: validate a dataset" 0 "$mbsim" validate "$adm"
check "adams: validate ends with the coverage table" grep -q "^  SFORCE  *1  *1  *0  *0$" "$tmp/out"
check "adams: the table's total" grep -q "^  total  *8  *8  *0  *0$" "$tmp/out"
status "adams: run a command file" 0 "$mbsim" run "$acf" -q -o "$tmp/drop.h5"
"$mbsim" info "$tmp/drop.h5" >"$tmp/info" 2>&1
check "adams: the command file's two analyses" grep -q "^  Transient  0.5 .. 1 " "$tmp/info"
status "adams: the same with --commands" 0 "$mbsim" run "$adm" --commands "$acf" -q -o "$tmp/drop2.h5"
status "adams: the two runs are one" 0 "$mbsim" compare "$tmp/drop.h5" "$tmp/drop2.h5" --rtol 0 --atol 0
status "adams: validate --commands" 0 "$mbsim" validate "$adm" --commands "$acf"
check "adams: the commands in the table" grep -q "(acf) SIMULATE  *2  *2  *0  *0" "$tmp/out"
status "adams: --commands for an XML model" 2 "$mbsim" run "$model" --commands "$acf" -o "$tmp/x.h5"
check "adams: says why" has "$tmp/err" "takes an Adams command file"
status "adams: a dataset declares no parameters" 2 "$mbsim" run "$adm" --set k=1 -o "$tmp/x.h5"
check "adams: says so" has "$tmp/err" "an Adams dataset declares no parameters"

# ---- what a correct model prints, and --quiet (issue 33) ----
pin=tests/cli/models/pin_friction.xml
status "quiet: friction as MotionSolve writes it, the LuGre parameters left at their defaults" 0 \
    "$mbsim" run "$pin" -o "$tmp/pin.h5"
check "quiet: ... neither a warning nor a note" sh -c "! grep -q 'warning\\|note' '$tmp/err'"
check "quiet: ... the summary line" has "$tmp/err" "^mbsim run: $pin: 51 rows"
status "quiet: damping the user chose, -q" 0 "$mbsim" run "$pin" -q --set sigma1=1 -o "$tmp/pin.h5"
check "quiet: ... its passivity warning kept" has "$tmp/err" \
    "pin_friction.xml:24: warning: Force_JointFriction 2 (label 'damped pin friction'): the LuGre parameters may feed"
check "quiet: ... and nothing else" test "$(wc -l <"$tmp/err")" -eq 1
status "quiet: -qq" 0 "$mbsim" run "$pin" -qq --set sigma1=1 -o "$tmp/pin.h5"
check "quiet: -qq prints nothing" test ! -s "$tmp/err"
status "quiet: --quiet twice" 0 "$mbsim" run "$pin" --quiet --set sigma1=1 --quiet -o "$tmp/pin.h5"
check "quiet: ... prints nothing" test ! -s "$tmp/err"
# the four-bar's redundant joint equations: warnings every command's -q keeps
redundant() { test "$(grep -c "four_bar.xml:[0-9]*: warning: Constraint_Joint .* redundant" "$1")" -eq 2; }
status "quiet: run -q of the four-bar" 0 "$mbsim" run models/four_bar.xml -q -o "$tmp/fb.h5"
check "quiet: ... keeps the redundancy warnings" redundant "$tmp/err"
check "quiet: ... and prints nothing else" test "$(wc -l <"$tmp/err")" -eq 2
status "quiet: validate -q of the four-bar" 0 "$mbsim" validate models/four_bar.xml -q
check "quiet: ... keeps the redundancy warnings" redundant "$tmp/err"
check "quiet: ... no summary" test ! -s "$tmp/out"
status "quiet: validate -qq" 0 "$mbsim" validate models/four_bar.xml -qq
check "quiet: ... prints nothing" test ! -s "$tmp/out" -a ! -s "$tmp/err"
status "quiet: sweep -q of the four-bar" 0 "$mbsim" sweep models/four_bar.xml --vary m=1,2 --end-time 0.1 -q \
    -o "$tmp/fbsweep"
check "quiet: ... the model's warnings, once" redundant "$tmp/err"
check "quiet: ... and nothing else" test "$(wc -l <"$tmp/err")" -eq 2
check "quiet: ... every point's log has them" redundant "$tmp/fbsweep/four_bar_001.log"
status "quiet: sweep -qq" 0 "$mbsim" sweep models/four_bar.xml --vary m=1,2 --end-time 0.1 -qq -o "$tmp/fbsweep"
check "quiet: ... prints nothing" test ! -s "$tmp/err"
status "quiet: a sweep point that fails is reported under -q" 1 "$mbsim" sweep "$model" --vary m=1,-1 -q \
    -o "$tmp/qsweep"
check "quiet: ... as a warning is" has "$tmp/err" "^mbsim sweep: point 1 (m=-1): invalid (exit status 2): .*mass must be > 0"
check "quiet: ... and the summary line is not" sh -c "! grep -q 'points:' '$tmp/err'"
status "quiet: compare -qq" 1 "$mbsim" compare "$a" "$tmp/far.h5" -qq
check "quiet: ... prints nothing" test ! -s "$tmp/out" -a ! -s "$tmp/err"
# compare notes runs made with other parameter values, naming each with both values
"$mbsim" run "$model" -q --set m=2 --set L=1.5 -o "$tmp/m2.h5"
status "compare: runs with other parameters" 1 "$mbsim" compare "$a" "$tmp/m2.h5"
check "compare: ... notes the parameters and both values" has "$tmp/out" \
    "^note: the runs' parameters differ: L (REF 1, NEW 1.5), m (REF 1, NEW 2)$"
status "compare: runs with the same parameters" 0 "$mbsim" compare "$a" "$tmp/same.h5"
check "compare: ... no such note" sh -c "! grep -q parameters '$tmp/out'"
# the bash completion reads the options from the help texts
check "completion: validate --qu completes to --quiet" bash -c ". completion/mbsim.bash; PATH='$(dirname "$mbsim")':\$PATH;
    COMP_WORDS=(mbsim validate --qu); COMP_CWORD=2; _mbsim; [ \"\${COMPREPLY[*]}\" = --quiet ]"

# ---- help texts are those of docs/cli.md ----
# doc_block PATTERN: the first fenced block of docs/cli.md whose first line matches
doc_block() {
    awk -v pat="$1" '
        /^```/ { if (cap) exit; inblock = !inblock; first = inblock; next }
        inblock && first { first = 0; if ($0 ~ pat) cap = 1 }
        cap { print }
    ' docs/cli.md
}
for cmd in run validate fmu sweep info export plot animate compare recover schema reference help; do
    "$mbsim" help $cmd >"$tmp/help"
    doc_block "^usage: mbsim $cmd( |\$)" >"$tmp/doc"
    if cmp -s "$tmp/help" "$tmp/doc"; then ok; else
        bad "docs/cli.md does not show 'mbsim help $cmd' as it is"
        diff "$tmp/doc" "$tmp/help" | head -10
    fi
done
"$mbsim" --help >"$tmp/help"
doc_block "^mbsim - multibody" >"$tmp/doc"
if cmp -s "$tmp/help" "$tmp/doc"; then ok; else bad "docs/cli.md does not show 'mbsim --help' as it is"; fi

# a closed TriaMesh wound clockwise seen from outside is inside out for a
# contact: a warning names it; the same cube wound the right way, and an open
# surface (its top face alone) wound either way, have none
cube=tests/cli/models/mesh_cube.xml
status "inside-out mesh: the cube as wound validates" 0 "$mbsim" validate "$cube"
check "inside-out mesh: no warning for the cube as wound" lacks "$tmp/err" "wound clockwise"
sed 's/^\( *[0-9][0-9]*\) \([0-9][0-9]*\) \([0-9][0-9]*\)$/\1 \3 \2/' "$cube" >"$tmp/inside_out.xml"
status "inside-out mesh: validates" 0 "$mbsim" validate "$tmp/inside_out.xml"
check "inside-out mesh: the warning names the graphic" has "$tmp/err" \
    "inside_out.xml:9: warning: Post_Graphic 1 (label 'cube'): TriaMesh: its triangles are wound clockwise seen from outside"
sed 's/num_triangle="12"/num_triangle="2"/; /^      [0-35-9] [0-9] [0-9]$/d' "$tmp/inside_out.xml" >"$tmp/open.xml"
status "inside-out mesh: an open surface validates" 0 "$mbsim" validate "$tmp/open.xml"
check "inside-out mesh: no warning for an open surface" lacks "$tmp/err" "wound clockwise"

echo "cli: $passed passed, $failed failed"
[ $failed -eq 0 ]
