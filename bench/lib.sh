# Shared by the benchmark scripts (sourced): needs $peers (the peers'
# harness) and $T (simulated time) for tip_error.

now() { date +%s.%N; }
# ratio A B: A/B, or "-" when either is not a time
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.2f", a / b; else printf "-" }'; }
# tip_error N X Y Z: distance to the peers' reference tip of the N-link chain at T, or "n/a"
tip_error() {
    awk -v n="$1" -v t="$T" -v x="$2" -v y="$3" -v z="$4" '
        !/^#/ && NF >= 6 && $1 == n && $2 + 0 == t + 0 {
            printf "%.1e", sqrt((x - $3) ^ 2 + (y - $4) ^ 2 + (z - $5) ^ 2); found = 1
        }
        END { if (!found) printf "n/a" }' "$peers/reference_tips.txt"
}
