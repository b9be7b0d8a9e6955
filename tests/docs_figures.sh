#!/bin/sh
# Every speed figure of the README and the docs names the command that
# produced it (issue 26 item 7): a paragraph (or list item) that states a
# speed ratio or a timing must carry, somewhere in it, a backticked command
# (`bench/...`, `mbsim ...`, `make ...`, `build/...`, `valgrind ...`,
# `tools/...`, `perf ...`, `python3 ...`).
#
# What counts as a speed figure (outside code blocks and tables):
#   "0.3 times Simbody's time", "5.6 times the CPU time", "1.2 times as long",
#   "3 times faster", "0.07 of the absolute time", "0.10 s against 1.58 s",
#   "28 % faster"; and in README.md (whose only seconds are timings) any
#   "0.8 s". The check sees phrases, not meanings: it cannot tell a stale
#   figure from a current one, only one that says nowhere where it came from.
#
# usage: tests/docs_figures.sh FILE...   exit 0 all cited, 1 otherwise
status=0
for f in "$@"; do
    case $f in */README.md | README.md) readme=1 ;; *) readme=0 ;; esac
    awk -v file="$f" -v readme="$readme" '
    function check(    s) {
        if (para == "")
            return
        s = para
        para = ""
        if (s ~ /[0-9][0-9.]* (times|x) [^.]*(time|faster|slower|as long)([^a-z]|$)/ ||
            s ~ /[0-9][0-9.]* of (the|its) absolute/ ||
            s ~ /times (Simbody|MuJoCo)\047s/ ||
            s ~ /[0-9][0-9.]* s against [0-9][0-9.]* s/ ||
            s ~ /[0-9][0-9.]* ?% (faster|slower)/ ||
            (readme && s ~ /[0-9] s([ ,.;:)]|$)/))
            if (s !~ /`[^`]*(bench\/|mbsim |make |build\/|valgrind|tools\/|perf |python3)[^`]*`/) {
                printf "%s:%d: a speed figure without the command that produced it: %.120s\n", file, start, s
                bad = 1
            }
    }
    /^[ \t]*```/ { check(); fenced = !fenced; next }
    fenced { next }
    /^[ \t]*$/ || /^[ \t]*\|/ || /^#/ { check(); next }
    /^[ \t]*([-*]|[0-9]+\.) / { check() }
    { if (para == "") start = FNR; para = para " " $0 }
    END { check(); exit bad }
    ' "$f" || status=1
done
exit $status
