# Shared by run.sh and update.sh (sourced).

# tolerance MODEL_NAME: prints "RTOL ATOL SCALED_ATOL" from tolerances.txt
# (the model's line, else the default line)
tolerance() {
    awk -v name="$1" '
        /^[ \t]*(#|$)/ { next }
        $1 == name { found = $2 " " $3 " " ($4 == "" ? 0 : $4) }
        $1 == "default" { fallback = $2 " " $3 " " ($4 == "" ? 0 : $4) }
        END { print (found != "" ? found : fallback) }
    ' tests/regression/tolerances.txt
}

refdir=tests/regression/ref
