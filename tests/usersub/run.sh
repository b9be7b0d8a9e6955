#!/bin/sh
# User subroutines (docs/user-subroutines.md), built by make into
# BUILD/usersub from examples/usersub/ and tests/usersub/ against the public
# header only: each routine gives the rows of the same physics written with
# built-in elements or expressions, named by MotionSolve's XML or by an Adams
# dataset (FUNCTION = USER(...), ROUTINE); the Jacobian sees what a routine reads
# (a stiff one takes the steps of its expression twin and of the built-in
# element); libraries are found where MotionSolve users expect them; a
# routine's failure, its messages and its crash are reported as they should be.
# usage: tests/usersub/run.sh path/to/mbsim path/to/build
set -u
mbsim=$(cd "$(dirname "${1:?usage: run.sh MBSIM BUILD}")" && pwd)/$(basename "$1")
build=${2:?usage: run.sh MBSIM BUILD}
libs=$(cd "$build/usersub" && pwd)
models=tests/usersub/models
tmp=$(mktemp -d)
bg=""
cleanup() {
    [ -n "$bg" ] && kill -9 "$bg" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT
. tests/cli/lib.sh
# the libraries are found only where each test says
unset MBSIM_USERSUB_PATH MS_USERSUBDLL

# run MODEL OUT [ARGS...]: mbsim run with the test libraries on the search path
run() {
    model=$1
    out=$2
    shift 2
    "$mbsim" run "$model" -q -o "$out" --usersub-path "$libs" "$@"
}
# steps FILE: the integrator's steps
steps() { "$mbsim" info "$1" | sed -n 's/^  steps *\([0-9]*\)$/\1/p'; }
# within A B PERCENT: A and B differ by at most PERCENT % of B
within() { awk -v a="$1" -v b="$2" -v p="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(b > 0 && d <= p / 100 * b) }'; }
# column FILE SENSOR K: column K (1 = time) of the sensor's rows, one a line
column() { "$mbsim" export "$1" "$2" | tail -n +2 | cut -d, -f"$3"; }

# ---- the binary exports the utilities to the libraries it loads ----
for f in c_sysfnc c_sysary c_errmes c_usrmes c_akispl c_cubspl c_linspl c_timget c_rcnvrt c_getver c_getmod c_gtaray; do
    check "mbsim exports $f" sh -c "nm -D '$mbsim' | grep -q ' T $f\$'"
done

# ---- each routine against its twin ----
for form in absolute joint; do
    # SFOSUB: a spring-damper against Force_SpringDamper (their rows agree to
    # the integrator's accuracy; the built-in element's sums differ in rounding)
    status "SFOSUB runs ($form)" 0 run examples/usersub/spring.xml "$tmp/sfo.h5" --formulation $form
    status "its twin runs ($form)" 0 run $models/spring_builtin.xml "$tmp/sfo_twin.h5" --formulation $form
    status "SFOSUB gives Force_SpringDamper's rows ($form)" 0 \
        "$mbsim" compare "$tmp/sfo_twin.h5" "$tmp/sfo.h5" --rtol 1e-6 --scaled-atol 1e-5
    # MOTSUB: value and rate against an expression motion (the same arithmetic)
    status "MOTSUB runs ($form)" 0 run examples/usersub/motion.xml "$tmp/mot.h5" --formulation $form
    status "its twin runs ($form)" 0 run $models/motion_expression.xml "$tmp/mot_twin.h5" --formulation $form
    status "MOTSUB gives the expression motion's rows ($form)" 0 "$mbsim" compare "$tmp/mot_twin.h5" "$tmp/mot.h5"
    # VARSUB
    status "VARSUB runs ($form)" 0 run examples/usersub/variable.xml "$tmp/var.h5" --formulation $form
    status "its twin runs ($form)" 0 run $models/variable_expression.xml "$tmp/var_twin.h5" --formulation $form
    status "VARSUB gives the expression variable's rows ($form)" 0 "$mbsim" compare "$tmp/var_twin.h5" "$tmp/var.h5"
    # GSESUB: a PID controller against the same controller as a LINEAR state equation
    status "GSESUB runs ($form)" 0 run examples/usersub/controller.xml "$tmp/gse.h5" --formulation $form
    status "its twin runs ($form)" 0 run $models/controller_linear.xml "$tmp/gse_twin.h5" --formulation $form
    status "GSESUB gives the LINEAR state equation's rows ($form)" 0 "$mbsim" compare "$tmp/gse_twin.h5" "$tmp/gse.h5"
    check "GSESUB's integral action: the block at the target, the force its weight ($form)" \
        sh -c "'$mbsim' export '$tmp/gse.h5' controller | tail -n 1 | awk -F, '{ exit !(\$3 > 19.61 && \$3 < 19.63) }' &&
               '$mbsim' export '$tmp/gse.h5' position | tail -n 1 | awk -F, '{ d = \$4 - 0.5; exit !(d < 1e-5 && d > -1e-5) }'"
    # GSESUB: a first-order lag of a unit step, x = y = 1 - exp(-t/tau)
    status "a GSESUB lag runs ($form)" 0 run $models/gse_lag.xml "$tmp/gse_lag.h5" --formulation $form
    check "a GSESUB lag is 1 - exp(-t/tau) to 1e-7 ($form)" sh -c "'$mbsim' export '$tmp/gse_lag.h5' lag | tail -n +2 |
        awk -F, '{ e = 1 - exp(-\$1 / 0.4); if ((\$2 - e)^2 > 1e-14 || (\$3 - e)^2 > 1e-14) bad = 1 } END { exit bad }'"
    # GFOSUB, VTOSUB, DIFSUB explicit and implicit, REQSUB, SENSUB
    status "routines run ($form)" 0 run $models/routines.xml "$tmp/rout.h5" --formulation $form
    status "their twin runs ($form)" 0 run $models/routines_expression.xml "$tmp/rout_twin.h5" --formulation $form
    status "GFOSUB VTOSUB DIFSUB REQSUB SENSUB give their expressions' rows ($form)" 0 \
        "$mbsim" compare "$tmp/rout_twin.h5" "$tmp/rout.h5"
    "$mbsim" info --events "$tmp/rout.h5" | grep "Sensor_Event" >"$tmp/events"
    "$mbsim" info --events "$tmp/rout_twin.h5" | grep "Sensor_Event" >"$tmp/events_twin"
    check "SENSUB's events are the expression's ($form)" cmp -s "$tmp/events" "$tmp/events_twin"
    check "SENSUB's events happen ($form)" test "$(wc -l <"$tmp/events")" -eq 5
    # VFOSUB: one-body forces that read another body; stiff and heavily
    # damped, Newton's matrix must hold that dependence (without it: 6 times
    # the steps in absolute coordinates)
    status "VFOSUB runs ($form)" 0 run $models/tether.xml "$tmp/teth.h5" --formulation $form
    status "its twin runs ($form)" 0 run $models/tether_expression.xml "$tmp/teth_twin.h5" --formulation $form
    status "VFOSUB gives the expression forces' rows ($form)" 0 "$mbsim" compare "$tmp/teth_twin.h5" "$tmp/teth.h5"
    check "VFOSUB takes the steps of its twin, within 20 % ($form)" \
        within "$(steps "$tmp/teth.h5")" "$(steps "$tmp/teth_twin.h5")" 20
    # ARYSUB: an array's values, read by ARYVAL and by a state equation, against expression variables
    status "ARYSUB runs ($form)" 0 run $models/array.xml "$tmp/ary.h5" --formulation $form
    status "its twin runs ($form)" 0 run $models/array_expression.xml "$tmp/ary_twin.h5" --formulation $form
    status "ARYSUB gives the expression variables' rows ($form)" 0 "$mbsim" compare "$tmp/ary_twin.h5" "$tmp/ary.h5"
    status "a stiff ARYSUB runs ($form)" 0 run $models/array.xml "$tmp/ary_stiff.h5" --formulation $form --set k=1e6
    status "its twin runs ($form)" 0 \
        run $models/array_expression.xml "$tmp/ary_stiff_twin.h5" --formulation $form --set k=1e6
    check "a stiff ARYSUB takes the steps of its twin, within 20 % ($form)" \
        within "$(steps "$tmp/ary_stiff.h5")" "$(steps "$tmp/ary_stiff_twin.h5")" 20
    # a stiff SFOSUB spring and the same law as an expression
    sed 's|usrsub_dll_name="spring" usrsub_param_string="USER(20, 10, k, c, 0.5)"|val_expression="k*(0.5 - DM(20, 10)) - c*VR(20, 10)"|' \
        examples/usersub/spring.xml >"$tmp/spring_expression.xml"
    status "a stiff SFOSUB runs ($form)" 0 run examples/usersub/spring.xml "$tmp/stiff.h5" --formulation $form --set k=1e6
    status "its twin runs ($form)" 0 \
        "$mbsim" run "$tmp/spring_expression.xml" -q -o "$tmp/stiff_twin.h5" --formulation $form --set k=1e6
    check "a stiff SFOSUB takes the steps of its twin, within 20 % ($form)" \
        within "$(steps "$tmp/stiff.h5")" "$(steps "$tmp/stiff_twin.h5")" 20
    # and of the built-in element, which keeps 1/2 k x^2 as potential energy
    # while the routine's whole power goes into the dissipated energy
    # (docs/theory.md, Energy: before its weight followed its total
    # variation, 1.9 times the steps)
    status "the built-in stiff spring runs ($form)" 0 \
        run $models/spring_builtin.xml "$tmp/stiff_builtin.h5" --formulation $form --set k=1e6
    check "a stiff SFOSUB takes the steps of Force_SpringDamper, within 20 % ($form)" \
        within "$(steps "$tmp/stiff.h5")" "$(steps "$tmp/stiff_builtin.h5")" 20
done

# ---- Force_Contact: CNFSUB and CFFSUB (examples/usersub/contact.c: the IMPACT law and Coulomb friction) ----
# their twins: the same contacts with the built-in laws and the same numbers
sed 's|cnf_type="USERCNF" cnf_dll_name="contact" cnf_param_string="USER(k, ex, c, dmax)"|cnf_type="IMPACT" stiffness="k" exponent="ex" damping="c" dmax="dmax"|' \
    $models/contact_ball.xml >"$tmp/contact_ball_builtin.xml"
sed -e 's|cnf_type="USERCNF" cnf_dll_name="contact" cnf_param_string="USER(k, 1, 2000, 1e-6)"|cnf_type="IMPACT" stiffness="k" exponent="1" damping="2000" dmax="1e-6"|' \
    -e 's|cff_type="USERCFF" cff_dll_name="contact" cff_param_string="USER(mus, mud, 1e-4, 1e-3)"|cff_type="Coulomb_On" mu_static="mus" mu_dynamic="mud" stiction_trans_vel="1e-4" friction_trans_vel="1e-3"|' \
    examples/usersub/contact.xml >"$tmp/contact_box_builtin.xml"
check "the contacts' twins name no routine" sh -c "! grep -q 'USERC' '$tmp/contact_ball_builtin.xml' '$tmp/contact_box_builtin.xml'"
# row AT: the row of FILE's sensor at time AT (print intervals of 0.002 and 0.005 s)
row_at() { "$mbsim" export "$1" "$2" | awk -F, -v t="$3" 'NR > 1 && $1 > t - 1e-6 && $1 < t + 1e-6'; }
for form in absolute joint; do
    # CNFSUB: a Hertz ball at rest, (m g / k)^(1/1.5) deep
    status "CNFSUB: a ball comes to rest ($form)" 0 run $models/contact_ball.xml "$tmp/cball.h5" --formulation $form
    status "its twin with cnf_type IMPACT ($form)" 0 \
        "$mbsim" run "$tmp/contact_ball_builtin.xml" -q -o "$tmp/cball_twin.h5" --formulation $form
    status "CNFSUB gives IMPACT's rows ($form)" 0 \
        "$mbsim" compare "$tmp/cball_twin.h5" "$tmp/cball.h5" --rtol 1e-6 --atol 1e-7 --scaled-atol 1e-5
    check "CNFSUB: the ball rests (m g / k)^(1/1.5) deep, to 1e-6 ($form)" sh -c "'$mbsim' export '$tmp/cball.h5' depth |
        tail -n 1 | awk -F, '{ d = \$2 / (9.81 / 1e6)^(1 / 1.5) - 1; exit !(d < 1e-6 && d > -1e-6) }'"
    # CNFSUB and CFFSUB: a box sliding to rest, decelerating at mu_d g, after v0^2 / (2 mu_d g)
    status "CNFSUB and CFFSUB: a box slides to rest ($form)" 0 run examples/usersub/contact.xml "$tmp/cbox.h5" \
        --formulation $form
    status "its twin with IMPACT and Coulomb_On ($form)" 0 \
        "$mbsim" run "$tmp/contact_box_builtin.xml" -q -o "$tmp/cbox_twin.h5" --formulation $form
    status "CNFSUB and CFFSUB give IMPACT's and Coulomb's rows ($form)" 0 \
        "$mbsim" compare "$tmp/cbox_twin.h5" "$tmp/cbox.h5" --rtol 1e-6 --atol 1e-7 --scaled-atol 1e-5 \
        --sensor box --sensor box_velocity --sensor normal_force --sensor slip --sensor contacts
    # friction where the box sticks (t = 0.82) is the slip (under 1e-9 m/s there) times the
    # stiction slope mu_s m g / v_s = 5.9e4 N s/m: the velocities' absolute tolerance 1e-8 m/s
    # leaves it 5.9e-4 N (two runs whose steps differ were 6.7e-5 N apart)
    status "CNFSUB and CFFSUB give Coulomb's friction, to what 1e-8 m/s in the slip makes of it ($form)" 0 \
        "$mbsim" compare "$tmp/cbox_twin.h5" "$tmp/cbox.h5" --rtol 1e-6 --atol 5.9e-4 --sensor friction
    check "CFFSUB: the box decelerates at mu_d g, to 1e-3 ($form)" awk \
        -v a="$(row_at "$tmp/cbox.h5" box_velocity 0.1 | cut -d, -f2)" \
        -v b="$(row_at "$tmp/cbox.h5" box_velocity 0.7 | cut -d, -f2)" \
        'BEGIN { d = (a - b) / 0.6 / (0.25 * 9.81) - 1; exit !(a != "" && d < 1e-3 && d > -1e-3) }'
    check "CFFSUB: the box stops after v0^2 / (2 mu_d g), to 1e-3 ($form)" sh -c "'$mbsim' export '$tmp/cbox.h5' box |
        tail -n 1 | awk -F, '{ d = \$2 / (2^2 / (2 * 0.25 * 9.81)) - 1; exit !(d < 1e-3 && d > -1e-3) }'"
    # what the routines are told: points, normals, gap, slip, normal force as documented (else they stop the run)
    status "CNFSUB and CFFSUB are told the contact as documented ($form)" 0 \
        run $models/contact_probe.xml "$tmp/cprobe.h5" --formulation $form
    check "CFFSUB: the ball slipping decelerates at mu_d g, to 1e-3 ($form)" awk \
        -v a="$(row_at "$tmp/cprobe.h5" velocity 0.1 | cut -d, -f2)" \
        -v b="$(row_at "$tmp/cprobe.h5" velocity 0.25 | cut -d, -f2)" \
        'BEGIN { d = (a - b) / 0.15 / (0.2 * 9.81) - 1; exit !(a != "" && d < 1e-3 && d > -1e-3) }'
done
# the routines' parameters are the model's parameters' values: --set reaches them
status "CNFSUB: --set k=4e6" 0 run $models/contact_ball.xml "$tmp/cball_k.h5" --set k=4e6
check "CNFSUB: with k=4e6 the ball rests (m g / k)^(1/1.5) deep" sh -c "'$mbsim' export '$tmp/cball_k.h5' depth |
    tail -n 1 | awk -F, '{ d = \$2 / (9.81 / 4e6)^(1 / 1.5) - 1; exit !(d < 1e-6 && d > -1e-6) }'"
# a routine that stops the run: the element and the routine named
sed 's|cnf_param_string="USER(k, 1.5, 400, 1e-4, r, 0.5)"|cnf_param_string="USER(k, 1.5, 400, 1e-4, 2*r, 0.5)"|' \
    $models/contact_probe.xml >"$tmp/cprobe_wrong.xml"
status "CNFSUB stops the run" 1 "$mbsim" run "$tmp/cprobe_wrong.xml" -q -o "$tmp/cprobe_wrong.h5" --usersub-path "$libs"
check "CNFSUB stops the run: its message, the element, the routine" has "$tmp/err" \
    "error: run failed: Force_Contact 7 (label 'probed') at t = [0-9.]*: its user subroutine CNFSUB 'probe_normal': c_errmes STOP: |loci| is not the sphere's radius (id 7)"
# missing library and routine, bad parameters
sed 's|cnf_dll_name="contact"|cnf_dll_name="nosuch"|' examples/usersub/contact.xml >"$tmp/cnolib.xml"
status "CNFSUB's library not found" 2 "$mbsim" validate "$tmp/cnolib.xml" --usersub-path "$libs"
check "CNFSUB's library not found: said so, with the places searched" has "$tmp/err" \
    "cnolib.xml:[0-9]*: error: Force_Contact 1 (label 'sliding'): its user subroutine CNFSUB (cnf_dll_name): library 'nosuch' not found: looked for libnosuch.so or nosuch.so in"
sed 's|cff_dll_name="contact"|cff_dll_name="contact" cff_fnc_name="nosuch"|' examples/usersub/contact.xml >"$tmp/cnofn.xml"
status "CFFSUB's routine not in its library" 2 "$mbsim" validate "$tmp/cnofn.xml" --usersub-path "$libs"
check "CFFSUB's routine not in its library: said so" has "$tmp/err" \
    "error: Force_Contact 1 (label 'sliding'): its user subroutine CFFSUB 'nosuch': $libs/libcontact.so has no routine 'nosuch'"
sed 's|USER(mus, mud, 1e-4, 1e-3)|USER(mus, mud, 1e-4, 1e-3, )|' examples/usersub/contact.xml >"$tmp/cbadpar.xml"
status "CFFSUB's parameters malformed" 2 "$mbsim" validate "$tmp/cbadpar.xml" --usersub-path "$libs"
check "CFFSUB's parameters malformed: said so" has "$tmp/err" \
    "error: Force_Contact 1 (label 'sliding'): its user subroutine CFFSUB: its parameters 'USER(mus, mud, 1e-4, 1e-3, )': parameter 5"
sed 's|USER(k, 1, 2000, 1e-6)|USER(k, 1, 2000)|' examples/usersub/contact.xml >"$tmp/cfewpar.xml"
status "CNFSUB given 3 parameters of 4: its iflag call stops" 2 "$mbsim" validate "$tmp/cfewpar.xml" --usersub-path "$libs"
check "CNFSUB given 3 parameters: its own message" has "$tmp/err" \
    "error: Force_Contact 1 (label 'sliding'): its user subroutine CNFSUB, in its iflag call: c_errmes STOP: contact: CNFSUB's USER(k, e, cmax, dmax) takes 4 parameters (id 1)"

# ---- Adams datasets: FUNCTION = USER(...) with ROUTINE = lib::name ----
for form in absolute joint; do
    status "an Adams SFORCE of SFOSUB runs ($form)" 0 run $models/adams_spring.adm "$tmp/adm.h5" --formulation $form
    status "its XML twin runs ($form)" 0 run $models/adams_spring_twin.xml "$tmp/adm_twin.h5" --formulation $form
    status "the dataset gives its XML twin's rows ($form)" 0 "$mbsim" compare "$tmp/adm_twin.h5" "$tmp/adm.h5"
    sed 's/^SFORCE.*/SPRINGDAMPER\/1, TRANSLATIONAL, I = 20, J = 10, K = 800, C = 4, LENGTH = 0.5/; /^, ROUTINE/d' \
        $models/adams_spring.adm >"$tmp/adm_builtin.adm"
    status "the built-in spring runs ($form)" 0 "$mbsim" run "$tmp/adm_builtin.adm" -q -o "$tmp/adm_builtin.h5" \
        --formulation $form
    status "the dataset's SFOSUB gives SPRINGDAMPER's rows ($form)" 0 \
        "$mbsim" compare "$tmp/adm_builtin.h5" "$tmp/adm.h5" --rtol 1e-6 --scaled-atol 1e-5
    # GFORCE VTORQUE DIFF REQUEST SENSOR VARIABLE MOTION GSE, MOTSUB in MS_USERSUBDLL's library (ROUTINE = ::MOTSUB)
    status "Adams statements of user subroutines run ($form)" 0 \
        env MS_USERSUBDLL=motion "$mbsim" run $models/adams_routines.adm -q -o "$tmp/adm_rout.h5" \
        --usersub-path "$libs" --formulation $form --end-time 2
    status "their expression twin runs ($form)" 0 \
        "$mbsim" run $models/adams_routines_expression.adm -q -o "$tmp/adm_rout_twin.h5" --formulation $form \
        --end-time 2
    status "they give their expressions' rows ($form)" 0 "$mbsim" compare "$tmp/adm_rout_twin.h5" "$tmp/adm_rout.h5"
    "$mbsim" info --events "$tmp/adm_rout.h5" | grep "Sensor_Event" >"$tmp/events"
    "$mbsim" info --events "$tmp/adm_rout_twin.h5" | grep "Sensor_Event" >"$tmp/events_twin"
    check "the SENSOR's events are the expression's ($form)" cmp -s "$tmp/events" "$tmp/events_twin"
    check "the SENSOR's events happen ($form)" test "$(wc -l <"$tmp/events")" -eq 5
done
# CONTACT with NORMAL_FUNCTION = USER(...), NORMAL_ROUTINE and FRICTION_FUNCTION = USER(...), FRICTION_ROUTINE
for form in absolute joint; do
    status "an Adams CONTACT of CNFSUB and CFFSUB runs ($form)" 0 run $models/adams_contact.adm "$tmp/admc.h5" \
        --formulation $form
    status "its twin with IMPACT and COULOMB_FRICTION runs ($form)" 0 \
        "$mbsim" run tests/adams/twins/contact_sliding_box.adm -q -o "$tmp/admc_twin.h5" --formulation $form
    status "the dataset's CNFSUB and CFFSUB give the built-in laws' rows ($form)" 0 \
        "$mbsim" compare "$tmp/admc_twin.h5" "$tmp/admc.h5" --rtol 1e-6 --atol 1e-7 --scaled-atol 1e-5
done
# ROUTINE's forms: libname::subname, libname:: (the default name), ::subname
# and subname (in the default library, MS_USERSUBDLL's), none (both defaults)
for routine in "spring::SFOSUB" "libspring::" "::SFOSUB" "SFOSUB" ""; do
    if [ -n "$routine" ]; then
        sed "s/^, ROUTINE = .*/, ROUTINE = $routine/" $models/adams_spring.adm >"$tmp/routine.adm"
    else
        sed '/^, ROUTINE/d' $models/adams_spring.adm >"$tmp/routine.adm"
    fi
    status "ROUTINE = '$routine'" 0 env MS_USERSUBDLL=spring "$mbsim" run "$tmp/routine.adm" -q -o "$tmp/routine.h5" \
        --usersub-path "$libs"
    status "ROUTINE = '$routine': the same rows" 0 "$mbsim" compare "$tmp/adm.h5" "$tmp/routine.h5" -qq
done
status "no library in ROUTINE, no MS_USERSUBDLL" 2 "$mbsim" validate "$tmp/routine.adm" --usersub-path "$libs"
check "no library in ROUTINE, no MS_USERSUBDLL: said so at the statement's line" \
    has "$tmp/err" "routine.adm:17: error: Force_Scalar_TwoBody 1: its user subroutine SFOSUB names no library, and MS_USERSUBDLL"

# ---- the model's units: a deck in N-kg-mm-s ----
status "SFOSUB in millimetres" 0 run $models/spring_mm.xml "$tmp/mm.h5"
status "its twin" 0 run $models/spring_mm_builtin.xml "$tmp/mm_twin.h5"
status "SFOSUB in millimetres gives Force_SpringDamper's rows" 0 \
    "$mbsim" compare "$tmp/mm_twin.h5" "$tmp/mm.h5" --rtol 1e-6 --scaled-atol 1e-5
status "SFOSUB in metres" 0 run examples/usersub/spring.xml "$tmp/si.h5"
check "the same motion in millimetres and in metres" \
    awk -v mm="$(column "$tmp/mm.h5" position 4 | sed -n 100p)" -v m="$(column "$tmp/si.h5" position 4 | sed -n 100p)" \
    'BEGIN { d = mm - 1000 * m; exit !(d < 1e-4 && d > -1e-4 && mm > 100) }'

# ---- a sweep hands --usersub-path on to its points ----
status "sweep with --usersub-path" 0 "$mbsim" sweep examples/usersub/spring.xml --vary k=600,900 -j 1 -q \
    -o "$tmp/sweep" --usersub-path "$libs" --end-time 0.2
check "sweep: both points completed" test "$(grep -c ',completed,' "$tmp/sweep/sweep.csv")" -eq 2

# ---- the utilities ----
status "utilities" 0 run $models/utilities.xml "$tmp/util.h5"
for k in 2 3 4 6 7; do
    column "$tmp/util.h5" utilities $k >"$tmp/got"
    column "$tmp/util.h5" expected $((k < 5 ? k : k - 1)) >"$tmp/want"
    check "utility column $((k - 1)) is its expression's" cmp -s "$tmp/got" "$tmp/want"
done
"$mbsim" export "$tmp/util.h5" utilities | tail -n +3 | awk -F, '$5 < $1 || $5 > 1 { exit 1 }'
check "c_timget: the last step, at or after the row's time" test $? -eq 0
check "c_rcnvrt: EULER, COSINES, YPR, EULPAR, RODPAR and back" \
    sh -c "'$mbsim' export '$tmp/util.h5' utilities | tail -n +2 | awk -F, '\$8 > 1e-12 { exit 1 }'"
check "c_getver: mbsim's version" test "$(column "$tmp/util.h5" utilities 9 | sort -u)" = 1

# ---- how a routine is called: one iflag call, dflag while differencing ----
status "flags" 0 run $models/flags.xml "$tmp/flags.h5"
"$mbsim" export "$tmp/flags.h5" counts | tail -n 1 >"$tmp/counts" # t, -, iflag, dflag, calls, -, id, npar
check "one call with iflag set, at set-up" test "$(cut -d, -f3 "$tmp/counts")" = 1
check "dflag set in some calls, not all" \
    awk -F, '{ exit !($4 > 0 && $4 < $5) }' "$tmp/counts"
check "the element's id and the parameters' count" test "$(cut -d, -f7,8 "$tmp/counts")" = "7,4"

# ---- where libraries are found ----
mkdir -p "$tmp/deck/sub"
cp examples/usersub/spring.xml "$tmp/deck/model.xml"
cp "$libs/libspring.so" "$tmp/deck/libspring.so"
status "next to the model" 0 "$mbsim" run "$tmp/deck/model.xml" -q -o "$tmp/a.h5"
rm "$tmp/deck/libspring.so"
status "not found: exit 2" 2 "$mbsim" run "$tmp/deck/model.xml" -q -o "$tmp/b.h5"
check "not found: the element, the routine, the places searched" \
    has "$tmp/err" "Force_Scalar_TwoBody 1 (label 'spring'): its user subroutine SFOSUB (usrsub_dll_name): library 'spring' not found: looked for libspring.so or spring.so in $tmp/deck (the model's directory)"
check "not found: nothing written" test ! -e "$tmp/b.h5"
status "--usersub-path" 0 "$mbsim" run "$tmp/deck/model.xml" -q -o "$tmp/c.h5" --usersub-path "$libs"
status "MBSIM_USERSUB_PATH" 0 env MBSIM_USERSUB_PATH="/nonexistent:$libs" "$mbsim" run "$tmp/deck/model.xml" -q -o "$tmp/d.h5"
cp "$libs/libspring.so" "$tmp/deck/sub/spring.so"
for name in spring.so sub/spring.so spring.dll 'sub\\spring.dll' "$libs/libspring.so" "$tmp/deck/sub/spring.so"; do
    sed "s|usrsub_dll_name=\"spring\"|usrsub_dll_name=\"$name\"|" examples/usersub/spring.xml >"$tmp/deck/named.xml"
    status "usrsub_dll_name=\"$name\"" 0 "$mbsim" run "$tmp/deck/named.xml" -q -o "$tmp/e.h5" --usersub-path "$tmp/deck/sub"
done
sed 's|usrsub_dll_name="spring"|usrsub_dll_name="NULL"|' examples/usersub/spring.xml >"$tmp/deck/null.xml"
status "NULL: MS_USERSUBDLL's library" 0 env MS_USERSUBDLL=spring "$mbsim" run "$tmp/deck/null.xml" -q -o "$tmp/f.h5" \
    --usersub-path "$libs"
status "NULL without MS_USERSUBDLL" 2 "$mbsim" validate "$tmp/deck/null.xml" --usersub-path "$libs"
check "NULL without MS_USERSUBDLL: said so" has "$tmp/err" "names no library, and MS_USERSUBDLL"
status "validate loads the routines" 0 "$mbsim" validate examples/usersub/spring.xml --usersub-path "$libs"
status "--usersub-path must be a directory" 2 "$mbsim" run examples/usersub/spring.xml --usersub-path "$tmp/none"

# ---- a routine that fails, talks or crashes ----
faulty() { sed "s/usrsub_fnc_name=\"breaks\"/usrsub_fnc_name=\"$1\"/" $models/faulty.xml >"$tmp/$1.xml"; }
faulty breaks
status "c_errmes STOP: the run fails" 1 run "$tmp/breaks.xml" "$tmp/breaks.h5"
check "c_errmes STOP: its message, the element, the routine" \
    has "$tmp/err" "error: run failed: Force_Scalar_TwoBody 1 (label 'spring') at t = 0.5[0-9]*: its user subroutine SFOSUB 'breaks': c_errmes STOP: the spring broke (id 1)"
check "c_errmes STOP: status failed" sh -c "'$mbsim' info '$tmp/breaks.h5' | grep -q '^status: *failed'"
check "c_errmes STOP: the rows before t = 0.5 kept" test "$(rows "$tmp/breaks.h5")" = 50

faulty undeclared
status "a read not declared in the iflag call: the run fails" 1 run "$tmp/undeclared.xml" "$tmp/undeclared.h5"
check "a read not declared: said so" has "$tmp/err" "c_sysfnc DM(20, 10) was not among the calls it made when iflag was set"

faulty talks
status "a routine that talks" 0 "$mbsim" run "$tmp/talks.xml" -o "$tmp/talks.h5" --usersub-path "$libs"
check "c_usrmes in the iflag call: a note of the model" \
    has "$tmp/err" "talks.xml:14: note: Force_Scalar_TwoBody 1 (label 'spring'): its user subroutine SFOSUB 'talks' says: a spring of the faulty library (id 1)"
check "c_errmes going on: a warning, at its time" \
    has "$tmp/err" "mbsim run: warning: Force_Scalar_TwoBody 1 (label 'spring') at t = 0.5[0-9]*: its user subroutine SFOSUB 'talks' says: the spring is getting tired (id 1)"

# a crash: told to crash once rows are in the file
faulty crashes
sed -i 's/end_time="1"/end_time="1e6"/; s/USER(20, 10, 200, 0.5)/USER(20, 10, 200, 1e9)/' "$tmp/crashes.xml"
# (in a subshell of its own, whose shell says "Segmentation fault" where no one reads it)
(
    MBSIM_TEST_CRASH="$tmp/go" "$mbsim" run "$tmp/crashes.xml" -q -o "$tmp/crash.h5" --usersub-path "$libs" \
        2>"$tmp/crash_err"
    echo $? >"$tmp/crash_code"
) 2>/dev/null &
bg=$!
check "a crashing routine's run writes rows" wait_rows "$tmp/crash.h5"
touch "$tmp/go"
wait "$bg"
bg=""
code=$(cat "$tmp/crash_code")
check "a crash: the process dies of SIGSEGV (exit $code)" test "$code" -eq 139
check "a crash: one line naming the element, the routine and its library" \
    has "$tmp/crash_err" "^mbsim: error: Force_Scalar_TwoBody 1 (label 'spring'): its user subroutine SFOSUB 'crashes' (in $libs/libfaulty.so) crashed (SIGSEGV) at t = [0-9.]*: the run stops here. The rows flushed up to a second before are in $tmp/crash.h5; 'mbsim recover $tmp/crash.h5' makes it an ordinary file.\$"
status "a crash: mbsim recover" 0 "$mbsim" recover "$tmp/crash.h5"
check "a crash: recovered, status killed" sh -c "'$mbsim' info '$tmp/crash.h5' | grep -q '^status: *killed'"
check "a crash: recovered rows" test "$(rows "$tmp/crash.h5")" -gt 0

echo "user subroutines: $passed passed, $failed failed"
[ $failed -eq 0 ]
