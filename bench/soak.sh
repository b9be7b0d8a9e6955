#!/bin/sh
# Soak test (a benchmark, not a timed test): a long run with dense output and
# many events - the stick-slip oscillator with an oscillating drive
# (bench/soak_stick_slip.xml), output every 0.01 s, a stick and a slip event
# every 10 s - run for each DURATION (default 1e3 1e4 1e5 s of simulated
# time: 1x, 10x, 100x).
# For each it prints the peak resident memory, the file's size while it runs
# (largest seen) and at the end, rows, events and wall time, and whether the
# file could be read while the run went on: `mbsim info` every 2 s must
# succeed and never see fewer rows than the time before. Memory should not
# grow with the duration; the file only with the rows.
# usage: bench/soak.sh [MBSIM [DURATION...]]   (from the repository root)
set -u
mbsim=${1:-build/mbsim}
[ $# -gt 0 ] && shift
durations=${*:-1e3 1e4 1e5}
model=bench/soak_stick_slip.xml
tmp=$(mktemp -d)
pid=""
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
gnu_time=""
[ -x /usr/bin/time ] && /usr/bin/time -f %M true >/dev/null 2>&1 && gnu_time=/usr/bin/time

printf '%-9s %10s %12s %12s %10s %8s %8s %8s %6s %s\n' duration "peak RSS" "file (max)" "file (end)" rows events \
    "wall s" "CPU s" reads "read while running"
failed=0
for d in $durations; do
    f=$tmp/soak.h5
    rm -f "$f"
    start=$(date +%s.%N)
    if [ -n "$gnu_time" ]; then
        $gnu_time -f "%M %U %S" -o "$tmp/rss" "$mbsim" run "$model" -q -o "$f" --end-time "$d" &
    else
        "$mbsim" run "$model" -q -o "$f" --end-time "$d" &
    fi
    pid=$!
    reads=0 bad_reads=0 last_rows=0 hwm=0 max_size=0
    while kill -0 $pid 2>/dev/null; do
        sleep 2
        # the highest VmHWM seen (without GNU time), the largest file
        child=$(pgrep -P $pid mbsim 2>/dev/null || echo $pid)
        k=$(sed -n 's/^VmHWM: *\([0-9]*\) kB/\1/p' /proc/"$child"/status 2>/dev/null)
        [ -n "$k" ] && [ "$k" -gt "$hwm" ] && hwm=$k
        size=$(stat -c %s "$f" 2>/dev/null || echo 0)
        [ "$size" -gt "$max_size" ] && max_size=$size
        kill -0 $pid 2>/dev/null || break
        r=$("$mbsim" info "$f" 2>"$tmp/err" | sed -n 's/^rows: *\([0-9]*\).*/\1/p')
        reads=$((reads + 1))
        if [ -z "$r" ] || [ "$r" -lt "$last_rows" ]; then
            bad_reads=$((bad_reads + 1))
            echo "$d s, read $reads: rows '$r' after $last_rows: $(cat "$tmp/err")" >>"$tmp/bad_reads"
        else
            last_rows=$r
        fi
    done
    wait $pid
    st=$?
    pid=""
    wall=$(echo "$(date +%s.%N) - $start" | bc)
    cpu="-"
    if [ -n "$gnu_time" ]; then
        hwm=$(cut -d' ' -f1 "$tmp/rss")
        cpu=$(awk '{ printf "%.1f", $2 + $3 }' "$tmp/rss")
    fi
    rows=$("$mbsim" info "$f" 2>/dev/null | sed -n 's/^rows: *\([0-9]*\).*/\1/p')
    events=$("$mbsim" info "$f" 2>/dev/null | sed -n 's/^events: *\([0-9]*\).*/\1/p')
    end_size=$(stat -c %s "$f" 2>/dev/null || echo 0)
    verdict="yes ($reads reads)"
    [ "$bad_reads" -gt 0 ] && verdict="NO: $bad_reads of $reads reads failed" && failed=1
    [ $st -ne 0 ] && verdict="$verdict; the run failed (exit status $st)" && failed=1
    printf '%-9s %7.1f MB %9.1f MB %9.1f MB %10s %8s %8.1f %8s %6s %s\n' "$d s" "$(echo "$hwm / 1024" | bc -l)" \
        "$(echo "$max_size / 1048576" | bc -l)" "$(echo "$end_size / 1048576" | bc -l)" "${rows:-?}" "${events:-?}" \
        "$wall" "$cpu" "$reads" "$verdict"
done
[ -s "$tmp/bad_reads" ] && echo "reads that failed:" && cat "$tmp/bad_reads"
exit $failed
