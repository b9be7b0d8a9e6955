#!/bin/sh
# mbsim's own models written as Adams datasets (issue 29): each twin in
# tests/adams/twins/ (NAME.acf where the model runs several analyses, else
# NAME.adm) is the model of models/NAME.xml in Adams' statements, its parts
# named as the XML's bodies (Adams/View's adams_view_name comment). Both run
# with the same integrator settings, in each formulation, and their bodies
# move alike: `mbsim compare --bodies` (x y z e0 e1 e2 e3 of every moving
# body at every output time). The two are the same equations reached by two
# readers, so they agree to the integrator's error, which the tolerance
# allows (a reader defect, a marker misplaced by 1e-4 or a mass wrong by a
# percent, is far beyond it). The models Adams cannot express are listed in
# docs/adams.md ("mbsim's models as datasets").
# usage: tests/adams/twins.sh path/to/mbsim
set -u
mbsim=${1:?usage: twins.sh MBSIM}
twins=${TWINS_DIR:-tests/adams/twins}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

# twin NAME TOL RUN-OPTIONS...: models/NAME.xml and its twin, run with the
# same options (tolerances, end and output step: the XML's), compared
# with --atol TOL (model length units; e0..e3 alike) in both formulations
twin() {
    name=$1
    tol=$2
    shift 2
    dataset=$twins/$name.acf
    [ -e "$dataset" ] || dataset=$twins/$name.adm
    for f in absolute joint; do
        for m in "models/$name.xml" "$dataset"; do
            out=$tmp/$name.$f.$(basename "$m" | sed 's/.*\.//').h5
            if ! "$mbsim" run "$m" -q --formulation $f "$@" -o "$out" 2>"$tmp/err"; then
                echo "FAILED $name: $m did not run (--formulation $f):"
                sed 's/^/    /' "$tmp/err"
                failed=$((failed + 1))
                continue 2
            fi
        done
        xml=$tmp/$name.$f.xml.h5
        adams=$tmp/$name.$f.$(basename "$dataset" | sed 's/.*\.//').h5
        if "$mbsim" compare "$xml" "$adams" --bodies --rtol 0 --atol "$tol" >"$tmp/out" 2>&1; then
            passed=$((passed + 1))
        else
            echo "FAILED $name ($f): the twin's bodies move otherwise than the XML model's:"
            sed 's/^/    /' "$tmp/out"
            failed=$((failed + 1))
        fi
    done
}

twin pendulum 1e-6 --rtol 1e-8 --atol 1e-10 --end-time 4 --print-interval 0.01
twin double_pendulum_3d 1e-4 --rtol 1e-8 --atol 1e-10 --end-time 10 --print-interval 0.01
twin slider_crank 1e-6 --rtol 1e-8 --atol 1e-10 --end-time 5 --print-interval 0.005
twin four_bar 1e-4 --rtol 1e-8 --atol 1e-10 --end-time 5 --print-interval 0.01
twin screw_jack 1e-6 --rtol 1e-10 --atol 1e-10 --end-time 2 --print-interval 0.01
twin bushing_engine_mount 1e-6 --rtol 1e-9 --atol 1e-11 --end-time 1 --print-interval 0.002
twin bob_pendulum 1e-6 --rtol 1e-8 --atol 1e-10 --end-time 2 --print-interval 0.01
twin heavy_top 1e-6 --rtol 1e-8 --atol 1e-10 --end-time 10 --print-interval 0.01
twin spatial_arm 1e-6 --rtol 1e-9 --atol 1e-11 --end-time 3 --print-interval 0.01
twin motion_acceleration 1e-6 --rtol 1e-10 --atol 1e-10 --end-time 2 --print-interval 0.01
twin flyball_governor 1e-6 --rtol 1e-9 --atol 1e-11 --end-time 10 --print-interval 0.01
twin rack_pinion_steering 1e-6 --rtol 1e-10 --atol 1e-10 --end-time 1 --print-interval 0.002
twin coupler_differential 1e-6 --rtol 1e-9 --atol 1e-10 --end-time 10 --print-interval 0.02
twin drive_shafts 1e-6 --rtol 1e-10 --atol 1e-9 --end-time 2 --print-interval 0.005
twin joint_friction_revolute 1e-6 --rtol 1e-7 --atol 1e-8 --end-time 10 --print-interval 0.01
twin joint_friction_translational 1e-6 --rtol 1e-7 --atol 1e-10 --end-time 3 --print-interval 0.005
twin joint_friction_cylindrical 1e-6 --rtol 1e-7 --atol 1e-10 --end-time 0.5 --print-interval 0.002
twin joint_friction_spherical 1e-6 --rtol 1e-7 --atol 1e-10 --end-time 4 --print-interval 0.01
twin joint_friction_universal 1e-6 --rtol 1e-7 --atol 1e-10 --end-time 6 --print-interval 0.01
twin coil_spring_mount 1e-6 --rtol 1e-8 --atol 1e-8 --print-interval 0.005
twin connector_two_body_spring 1e-6 --rtol 1e-9 --atol 1e-11 --end-time 10 --print-interval 0.01
twin constant_motion_q 1e-6 --rtol 1e-8 --atol 1e-8
twin linear_spring_damper 1e-6 --rtol 1e-8 --atol 1e-10 --print-interval 0.01
twin linear_rotor 1e-6 --rtol 1e-9 --atol 1e-11 --end-time 0.3 --print-interval 0.01
# beams deflect by micrometres to millimetres: a tighter tolerance
twin beam_steel_cantilevers 1e-9 --rtol 1e-8 --atol 1e-10 --print-interval 0.001
twin beam_anti_roll_bar 1e-9 --rtol 1e-8 --atol 1e-10 --print-interval 0.01
twin andrews 1e-6 --rtol 1e-8 --atol 1e-10 --end-time 0.03 --print-interval 0.0005
# contact (CONTACT between GRAPHICS solids: Force_Contact)
twin contact_cam_follower 1e-6 --rtol 1e-8 --atol 1e-10 --end-time 0.7 --print-interval 0.001
twin contact_bouncing_ball 1e-6 --rtol 1e-8 --atol 1e-10 --end-time 3 --print-interval 0.002
twin contact_sliding_box 1e-6 --rtol 1e-8 --atol 1e-10 --end-time 1.5 --print-interval 0.005
twin contact_rolling_ball 1e-6 --rtol 1e-8 --atol 1e-10 --end-time 1.5 --print-interval 0.005
twin contact_crossed_bricks 1e-6 --rtol 1e-8 --atol 1e-10 --end-time 1 --print-interval 0.001
twin shared_ids 1e-4 --rtol 1e-8 --atol 1e-8
twin motionview_cruise_control 1e-6 --rtol 1e-8 --atol 1e-10 --print-interval 0.1
# the model's own tolerance (integr_tol 1e-3, reimposed by its last command): 0.01 mm
twin motionview_rig 1e-2

echo "Adams twins: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
