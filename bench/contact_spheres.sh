#!/bin/sh
# Spheres settling in a box (issue 30): N balls of radius 0.05 m and 0.1 kg,
# dropped from a loose grid into a box of a floor and four walls (Post_Graphic
# boxes on the ground), Force_Contact IMPACT (Hertz, k = 1e6, damping 20 over
# 1 mm) with Coulomb friction: one contact per ball with the box (its five
# walls as J graphics) and one per pair of balls (N (N - 1) / 2). Prints for
# each N: wall time, steps, residual and Jacobian evaluations, the time per
# step, and the motion as physics: the last row's mean centre height and
# fastest ball (settled: resting layers, a centre a radius above the floor in
# the lowest), and over every row the lowest centre and the largest |x|, |y|
# (no ball through the floor, z >= 0.05 less its penetration, or a wall,
# |x|, |y| <= 0.30 plus its penetration).
#
# usage: bench/contact_spheres.sh [N...]   (from the repository root; default 12 25 50 100)
#   T          simulated time (default 1)
#   FORM       formulation (default absolute; free balls have no tree)
#   DMAX       the penetration over which the damping ramps in (default 1e-3 m)
set -u
T=${T:-1}
dmax=${DMAX:-1e-3}
form=${FORM:-absolute}
ns=${*:-12 25 50 100}
make -s -j2 build/mbsim >/dev/null || { echo "contact_spheres.sh: mbsim does not build" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# model N: the balls on a grid of 5 x 5 per layer, 0.12 m apart, from 0.1 m up
model() {
    awk -v n="$1" -v t="$T" -v dmax="$dmax" 'BEGIN {
        print "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Mbsim version=\"1\">\n  <Model>"
        print "    <Body_Rigid id=\"1\" label=\"ground\" isground=\"TRUE\"/>"
        # floor (top at z = 0) and walls (inner faces at x, y = -0.35 .. 0.35), graphics 1..5
        split("0 0 -0.05 0.8 0.8 0.1|-0.4 0 0.5 0.1 0.8 1|0.4 0 0.5 0.1 0.8 1|0 -0.4 0.5 0.8 0.1 1|0 0.4 0.5 0.8 0.1 1", w, "|")
        for (k = 1; k <= 5; k++) {
            split(w[k], a, " ")
            printf "    <Reference_Marker id=\"%d\" body_id=\"1\" pos_x=\"%s\" pos_y=\"%s\" pos_z=\"%s\"/>\n", k, a[1], a[2], a[3]
            printf "    <Post_Graphic id=\"%d\" type=\"BoxDefinedFromCenter\" center_marker_id=\"%d\" length_x=\"%s\" length_y=\"%s\" length_z=\"%s\"/>\n", k, k, a[4], a[5], a[6]
        }
        for (i = 0; i < n; i++) {
            b = 100 + i; layer = int(i / 25); col = i % 25
            x = (col % 5 - 2) * 0.12 + 0.003 * layer; y = (int(col / 5) - 2) * 0.12 - 0.002 * layer; z = 0.1 + 0.12 * layer
            printf "    <Body_Rigid id=\"%d\" cg_id=\"%d\" mass=\"0.1\" inertia_xx=\"1e-4\" inertia_yy=\"1e-4\" inertia_zz=\"1e-4\"/>\n", b, b
            printf "    <Reference_Marker id=\"%d\" body_id=\"%d\" pos_x=\"%g\" pos_y=\"%g\" pos_z=\"%g\"/>\n", b, b, x, y, z
            printf "    <Post_Graphic id=\"%d\" type=\"Sphere\" center_marker_id=\"%d\" radius=\"0.05\"/>\n", b, b
        }
        law = "cnf_type=\"IMPACT\" stiffness=\"1e6\" exponent=\"1.5\" damping=\"20\" dmax=\"" dmax "\" cff_type=\"Coulomb_On\" mu_static=\"0.3\" mu_dynamic=\"0.2\" stiction_trans_vel=\"1e-3\" friction_trans_vel=\"1e-2\""
        c = 1
        for (i = 0; i < n; i++) {
            printf "    <Force_Contact id=\"%d\" num_i_graphics=\"1\" i_graphics_id=\"%d\" num_j_graphics=\"5\" j_graphics_id=\"1 2 3 4 5\" %s/>\n", c++, 100 + i, law
            for (j = i + 1; j < n; j++)
                printf "    <Force_Contact id=\"%d\" num_i_graphics=\"1\" i_graphics_id=\"%d\" num_j_graphics=\"1\" j_graphics_id=\"%d\" %s/>\n", c++, 100 + i, 100 + j, law
        }
        print "    <Force_Gravity grav_z=\"-9.81\"/>"
        for (i = 0; i < n; i++) {
            printf "    <Sensor id=\"%d\" label=\"p%d\" type=\"BODY\" element_id=\"%d\" output=\"Position\"/>\n", 1 + i, i, 100 + i
            printf "    <Sensor id=\"%d\" label=\"v%d\" type=\"BODY\" element_id=\"%d\" output=\"Velocity\"/>\n", 1001 + i, i, 100 + i
        }
        print "  </Model>\n  <Command>"
        printf "    <Simulate analysis_type=\"Transient\" end_time=\"%s\" print_interval=\"0.01\"/>\n", t
        print "  </Command>\n</Mbsim>"
    }'
}

attr() { build/mbsim info "$1" | awk -v k="$2" '$1 == k { print $2 }'; }

# the motion from the sensors' CSV (columns time, then p<i>.x y z and v<i>.x y z per ball)
motion() {
    build/mbsim export "$1" | awk -F, -v n="$2" 'NR == 1 {
            for (k = 2; k <= NF; k++) col[substr($k, 1, index($k, " ") - 1)] = k
            zmin = 1e9; xymax = 0; next
        }
        {
            sum = 0; vmax = 0
            for (i = 0; i < n; i++) {
                x = $col["p" i ".x"]; y = $col["p" i ".y"]; z = $col["p" i ".z"]
                if (z < zmin) zmin = z
                if (x < 0) x = -x
                if (y < 0) y = -y
                if (x > xymax) xymax = x
                if (y > xymax) xymax = y
                sum += z
                vx = $col["v" i ".x"]; vy = $col["v" i ".y"]; vz = $col["v" i ".z"]
                v = sqrt(vx * vx + vy * vy + vz * vz)
                if (v > vmax) vmax = v
            }
        }
        END { printf "%9.4f %9.2e %9.4f %9.4f", sum / n, vmax, zmin, xymax }'
}

printf '%5s %7s %9s %7s %10s %9s %12s %9s %9s %9s %9s %s\n' N contacts wall_s steps residuals jacobians us_per_step \
    mean_z vmax_end min_z max_xy status
for n in $ns; do
    model "$n" >"$tmp/balls.xml"
    build/mbsim run "$tmp/balls.xml" --formulation "$form" -o "$tmp/balls.h5" >/dev/null 2>"$tmp/err"
    wall=$(attr "$tmp/balls.h5" wall_time_s)
    steps=$(attr "$tmp/balls.h5" steps)
    printf '%5d %7d %9.2f %7d %10d %9d %12.0f %s %s\n' "$n" $((n + n * (n - 1) / 2)) "$wall" "$steps" \
        "$(attr "$tmp/balls.h5" residual_evals)" "$(attr "$tmp/balls.h5" jacobian_evals)" \
        "$(awk -v w="$wall" -v s="$steps" 'BEGIN { print 1e6 * w / s }')" "$(motion "$tmp/balls.h5" "$n")" \
        "$(attr "$tmp/balls.h5" status:)"
done
