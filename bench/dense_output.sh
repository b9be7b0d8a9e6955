#!/bin/sh
# Output rows interpolated between steps (dae_interpolation TRUE) against
# the integrator stepping onto every output time (FALSE, the default),
# issue 10 item 4: a mass hanging on a spring (undamped, released from the
# spring's free length: z(t) = -(s_eq - (s_eq - L0) cos(w t)), s_eq = L0 + m g / k,
# w = sqrt(k / m)) at rtol 1e-10, rows every 1 ms for 2 s, in both
# formulations; and the robot-axis example at its own settings. Each run:
# steps, the largest distance of a row from the closed form, wall time of
# the integration.
# usage: bench/dense_output.sh   (from the repository root)
set -u
make -s -j2 build/mbsim >/dev/null || { echo "dense_output.sh: mbsim does not build" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
m=1 k=100 L0=0.5 g=9.81
# hanging INTERPOLATION: the model
hanging() {
    cat <<MODEL
<?xml version="1.0"?>
<Mbsim version="1">
  <Model>
    <Body_Rigid id="1" label="ground" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" label="mass" cg_id="20" mass="$m" inertia_xx="0.01" inertia_yy="0.01" inertia_zz="0.01"/>
    <Reference_Marker id="20" body_id="2" pos_z="-$L0"/>
    <Constraint_Joint id="1" type="TRANSLATIONAL" i_marker_id="20" j_marker_id="10"/>
    <Force_SpringDamper id="1" type="TRANSLATIONAL" i_marker_id="20" j_marker_id="10" stiffness="$k" damping="0" length="$L0"/>
    <Force_Gravity grav_z="-$g"/>
    <Sensor id="1" label="z" type="BODY" element_id="2" output="Position"/>
  </Model>
  <Command>
    <Param_Transient rtol="1e-10" atol="1e-12" dae_interpolation="$1"/>
    <Simulate analysis_type="Transient" end_time="2" print_interval="0.001"/>
  </Command>
</Mbsim>
MODEL
}
stat() { build/mbsim info "$1" | awk -v k="$2" '$1 == k { print $2 }'; }
printf "%-22s %-9s %-13s %7s %10s %9s\n" model formul. interpolation steps "max error" "wall s"
for f in absolute joint; do
    for interp in TRUE FALSE; do
        hanging $interp >"$tmp/hanging.xml"
        build/mbsim run "$tmp/hanging.xml" -q --formulation $f -o "$tmp/h.h5" || continue
        err=$(build/mbsim export "$tmp/h.h5" z | awk -F, -v m=$m -v k=$k -v L0=$L0 -v g=$g '
            NR > 1 { w = sqrt(k / m); s = L0 + m * g / k; z = -(s - (s - L0) * cos(w * $1))
                     e = $4 - z; if (e < 0) e = -e; if (e > worst) worst = e }
            END { printf "%.2e", worst }')
        printf "%-22s %-9s %-13s %7s %10s %9.3f\n" "hanging mass-spring" $f $interp "$(stat "$tmp/h.h5" steps)" \
            "$err" "$(stat "$tmp/h.h5" wall_time_s)"
    done
done
for interp in true false; do
    build/mbsim run models/connector_robot_axis.xml -q --dae-interpolation $interp -o "$tmp/r.h5" || continue
    printf "%-22s %-9s %-13s %7s %10s %9.3f\n" "robot axis" "$(stat "$tmp/r.h5" formulation | tr A-Z a-z)" \
        "$(echo $interp | tr a-z A-Z)" "$(stat "$tmp/r.h5" steps)" - "$(stat "$tmp/r.h5" wall_time_s)"
done
