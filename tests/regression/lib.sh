# Shared by run.sh and update.sh (sourced).

# tolerance MODEL_NAME: prints "RTOL ATOL" from tolerances.txt (its line, else default)
tolerance() {
    awk -v name="$1" '
        /^[ \t]*(#|$)/ { next }
        $1 == name { found = $2 " " $3 }
        $1 == "default" { fallback = $2 " " $3 }
        END { print (found != "" ? found : fallback) }
    ' tests/regression/tolerances.txt
}

refdir=tests/regression/ref
