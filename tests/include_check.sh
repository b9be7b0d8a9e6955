#!/bin/sh
# The include checker (tools/check_includes.sh) checked: on a copy of src/,
# docs/architecture.md and the checker, the tree as it is passes, and each of
#   an include the rules forbid (the absolute DAE including an element,
#   the run including the joint formulation's headers),
#   a file row of the rules naming a file that does not exist,
#   a known violation listed that does not exist,
#   a source file in a folder the rules table does not name,
#   an include that leaves src/ and include/
# makes it fail, naming the file.
#
# usage: tests/include_check.sh
set -u

here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0
failed=0

ok() { passed=$((passed + 1)); }
bad() { echo "FAIL: $1"; failed=$((failed + 1)); }

# fresh: a clean copy in $tmp/t
fresh() {
    rm -rf "$tmp/t"
    mkdir -p "$tmp/t/docs" "$tmp/t/tools"
    cp -R "$here/src" "$tmp/t/src"
    cp "$here/docs/architecture.md" "$tmp/t/docs/"
    cp "$here/tools/check_includes.sh" "$tmp/t/tools/"
}

# expect_fail NAME PATTERN: the checker fails and its output matches PATTERN
expect_fail() {
    if sh "$tmp/t/tools/check_includes.sh" "$tmp/t" > "$tmp/out" 2>&1; then
        bad "$1: the checker passed"
    elif grep -q "$2" "$tmp/out"; then
        ok
    else
        bad "$1: no line matching '$2' in:"
        cat "$tmp/out"
    fi
}

fresh
if sh "$tmp/t/tools/check_includes.sh" "$tmp/t" > "$tmp/out" 2>&1; then ok; else
    bad "the tree as it is: the checker failed"; cat "$tmp/out"; fi

fresh
printf '#include "../../elements/joint.h"\n' >> "$tmp/t/src/solver/dae/residual.c"
expect_fail "a forbidden include" "^src/solver/dae/residual.c:[0-9]*: includes src/elements/joint.h: solver/dae/ may not include elements/"

fresh
printf '#include "../joint/joint_system.h"\n' >> "$tmp/t/src/solver/analysis/simulate.c"
expect_fail "the run asking for the joint formulation" "^src/solver/analysis/simulate.c:[0-9]*: includes src/solver/joint/joint_system.h: solver/analysis/ may not include solver/joint/"

fresh
sed 's|solver/analysis/choose_formulation.c`|solver/analysis/chosen.c`|' "$here/docs/architecture.md" > "$tmp/t/docs/architecture.md"
expect_fail "a file row naming no file" "an include rule for src/solver/analysis/chosen.c, which does not exist"

fresh
sed '/^cat > "\$known" <</a\
src/core/vec3.h src/model/model.h' "$here/tools/check_includes.sh" > "$tmp/t/tools/check_includes.sh"
expect_fail "a listed violation that does not exist" "no longer exists.*src/core/vec3.h src/model/model.h"

fresh
mkdir "$tmp/t/src/unruled"
printf '#include "../core/vec3.h"\n' > "$tmp/t/src/unruled/x.c"
expect_fail "a folder without a rule" "^src/unruled/x.c: no include rule for folder unruled/"

fresh
printf '#include "../../tests/support/harness.h"\n' >> "$tmp/t/src/core/vec3.h"
expect_fail "an include outside src/" "^src/core/vec3.h:[0-9]*: includes ../../tests/support/harness.h, outside src/ and include/"

echo "include checker: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
