#!/bin/sh
# The include layering of src/ (docs/architecture.md, "Include rules"):
# every #include "..." of every source file under src/ must name a file of
# its own folder or of a folder the rules table lets it include. The table
# is read from docs/architecture.md itself, so the rules are written once.
# Folders are src/'s (core, model, ...), src/solver/'s subfolders
# (solver/dae, ...), `src` for the files directly in src/ (main.c) and
# `include` for the public headers in include/ (what user subroutines see).
# A row may also name one file (its path under src/, ending in .c or .h):
# that file may include what its folder's row allows and what its own row
# adds (the one place that chooses the formulation is the one file of the
# analyses that may include the joint formulation's headers).
#
# It fails (exit 1, a line per problem) on
#   - an include the rules forbid that is not on the list of known
#     violations below,
#   - a known violation that no longer exists (remove it from the list: the
#     list only shrinks),
#   - a source file in a folder the table has no rule for,
#   - a file row naming a file that does not exist,
#   - an include that leaves src/ and include/.
#
# usage: tools/check_includes.sh [ROOT]   (ROOT holds src/ and docs/; default .)
set -eu

root=${1:-.}
cd "$root"
[ -f docs/architecture.md ] && [ -d src ] || {
    echo "check_includes: no docs/architecture.md or src/ in $root" >&2
    exit 2
}

known=$(mktemp)
trap 'rm -f "$known"' EXIT INT TERM

# Known violations: "INCLUDING-FILE INCLUDED-FILE", paths from the root.
# Each is to be removed by the phase of issue 32 named above it, never added
# to: a new include the rules forbid is a change of the layering, to be made
# in docs/architecture.md's table (with a reason) or not at all.
cat > "$known" <<'EOF'
# (none: issue 32 removed the last, the solver's includes of elements/ and
# the integrator's of the joint formulation)
EOF

find src -type f \( -name '*.c' -o -name '*.h' \) | LC_ALL=C sort |
    awk -v known="$known" '
function folder(path,   n, p) {
    n = split(path, p, "/")
    if (p[1] == "include" && n > 1) return "include"
    if (p[1] != "src") return ""
    if (n == 2) return "src"
    if (p[2] == "solver" && n > 3) return "solver/" p[3]
    return p[2]
}
# dir/rel with "." and ".." resolved
function resolve(dir, rel,   n, p, i, k, s, out) {
    n = split(dir "/" rel, p, "/")
    k = 0
    for (i = 1; i <= n; i++) {
        if (p[i] == "" || p[i] == ".") continue
        if (p[i] == ".." && k > 0 && s[k] != "..") { k--; continue }
        s[++k] = p[i]
    }
    out = ""
    for (i = 1; i <= k; i++) out = out (i > 1 ? "/" : "") s[i]
    return out
}
function strip(s) {
    gsub(/`/, "", s); gsub(/^[ \t]+|[ \t]+$/, "", s); return s
}
BEGIN {
    # the rules: the table under "## Include rules" in docs/architecture.md
    doc = "docs/architecture.md"; in_rules = 0; n_rules = 0
    while ((getline line < doc) > 0) {
        if (line ~ /^## /) { in_rules = (line ~ /^## Include rules/); continue }
        if (!in_rules || line !~ /^\| *`/) continue
        split(line, cell, "|")
        f = strip(cell[2]); n_rules++
        if (f ~ /\.[ch]$/) file_rule[f] = 1; else rule[f] = 1
        m = split(cell[3], allowed, ",")
        for (i = 1; i <= m; i++) {
            a = strip(allowed[i])
            if (a == "anything") any[f] = 1
            else if (a ~ /^[a-z\/]+$/) may[f, a] = 1
        }
    }
    close(doc)
    n_known = 0
    while ((getline line < known) > 0)
        if (line !~ /^#/ && line ~ /[^ ]/) { split(line, kv, " "); listed[kv[1] " " kv[2]] = 1; n_known++ }
    close(known)
    bad = 0
}
# one source file per input line
{
    file = $0; from = folder(file)
    own = file; sub(/^src\//, "", own) # the key of a file row
    if (own in file_rule) seen_file[own] = 1
    dir = file; sub(/\/[^\/]*$/, "", dir)
    if (!(from in rule)) {
        if (!(from in unruled))
            print file ": no include rule for folder " from "/ (docs/architecture.md, Include rules)"
        unruled[from] = 1
        bad++
        next
    }
    ln = 0
    while ((getline line < file) > 0) {
        ln++
        if (line !~ /^[ \t]*#[ \t]*include[ \t]*"/) continue
        inc = line; sub(/^[^"]*"/, "", inc); sub(/".*$/, "", inc)
        target = resolve(dir, inc)
        to = folder(target)
        if (to == "") { print file ":" ln ": includes " inc ", outside src/ and include/"; bad++; continue }
        if (to == from || (from in any) || ((from, to) in may) || ((own, to) in may)) continue
        if ((file " " target) in listed) { seen[file " " target] = 1; continue }
        print file ":" ln ": includes " target ": " ((own in file_rule) ? own : from "/") " may not include " to "/ (docs/architecture.md, Include rules)"
        bad++
    }
    close(file)
}
END {
    if (n_rules == 0) { print doc ": no table under \"## Include rules\""; exit 1 }
    for (f in file_rule)
        if (!(f in seen_file)) {
            print doc ": an include rule for src/" f ", which does not exist"
            bad++
        }
    for (k in listed)
        if (!(k in seen)) {
            print "known violation no longer exists, remove it from tools/check_includes.sh: " k
            bad++
        }
    if (bad) exit 1
    print "includes: every folder within its rules (" n_known " known violations listed)"
}'
