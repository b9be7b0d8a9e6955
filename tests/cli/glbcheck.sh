#!/bin/sh
# glbcheck.sh FILE.glb: checks the structure of a binary glTF 2.0 file, as
# the specification lays it out: the header, the JSON and BIN chunks, and
# that every index in the JSON points at something that exists (buffer
# views inside the buffer, accessors inside their views, nodes, meshes,
# materials, animation samplers with as many outputs as keyframe times,
# increasing times). Prints the first problem and exits 1, or exits 0.
set -u
f=${1:?usage: glbcheck.sh FILE.glb}
u32() { od -An -tu4 -j "$1" -N4 "$f" | tr -d ' '; }
size=$(wc -c <"$f")
[ "$(head -c 4 "$f")" = glTF ] || { echo "$f: no glTF magic"; exit 1; }
[ "$(u32 4)" = 2 ] || { echo "$f: version $(u32 4), not 2"; exit 1; }
[ "$(u32 8)" = "$size" ] || { echo "$f: header says $(u32 8) bytes, the file has $size"; exit 1; }
jlen=$(u32 12)
[ "$(u32 16)" = 1313821514 ] || { echo "$f: the first chunk is not JSON"; exit 1; }
[ $((jlen % 4)) = 0 ] || { echo "$f: JSON chunk not padded to 4 bytes"; exit 1; }
blen=$(u32 $((20 + jlen)))
[ "$(u32 $((24 + jlen)))" = 5130562 ] || { echo "$f: the second chunk is not BIN"; exit 1; }
[ $((28 + jlen + blen)) = "$size" ] || { echo "$f: chunk lengths do not add up to the file"; exit 1; }
json=$(tail -c +21 "$f" | head -c "$jlen")
problem=$(printf '%s' "$json" | jq -r --argjson blen "$blen" '
  def size(t): {"SCALAR":1,"VEC2":2,"VEC3":3,"VEC4":4,"MAT4":16}[t];
  def bytes(c): {"5126":4,"5125":4,"5123":2,"5121":1}[c|tostring];
  . as $g |
  [ (if .asset.version != "2.0" then "asset.version is not 2.0" else empty end),
    (if .buffers[0].byteLength > $blen then "buffer longer than the BIN chunk" else empty end),
    (.bufferViews | to_entries[] | select(.value.byteOffset + .value.byteLength > $g.buffers[0].byteLength)
       | "bufferView \(.key) outside the buffer"),
    (.accessors | to_entries[] | .key as $i | .value as $a
       | if ($a.bufferView >= ($g.bufferViews|length)) then "accessor \($i): no bufferView \($a.bufferView)"
         elif ($a.count * size($a.type) * bytes($a.componentType) > $g.bufferViews[$a.bufferView].byteLength)
           then "accessor \($i) longer than its bufferView" else empty end),
    (.scenes[.scene].nodes[] | select(. >= ($g.nodes|length)) | "scene: no node \(.)"),
    (.nodes | to_entries[] | .key as $i | .value
       | ((.children // [])[] | select(. >= ($g.nodes|length)) | "node \($i): no child \(.)"),
         (if has("mesh") and (.mesh >= ($g.meshes|length)) then "node \($i): no mesh" else empty end),
         (if has("rotation") and (((.rotation|map(.*.)|add) - 1) | fabs > 1e-5) then "node \($i): rotation not unit" else empty end)),
    (.meshes[] | .primitives[] | (.attributes[], .indices) | select(. >= ($g.accessors|length)) | "mesh: no accessor \(.)"),
    (.meshes[] | .primitives[] | select(.material >= ($g.materials|length)) | "mesh: no material"),
    (.meshes[] | .primitives[] | .attributes.POSITION as $p | select(($g.accessors[$p] | has("min") and has("max")) | not)
       | "POSITION accessor \($p) without min and max"),
    ((.animations // [])[] | . as $an | .channels[]
       | select(.sampler >= ($an.samplers|length) or .target.node >= ($g.nodes|length)) | "animation channel out of range"),
    ((.animations // [])[] | .samplers[] | select($g.accessors[.input].count != $g.accessors[.output].count)
       | "sampler: \($g.accessors[.input].count) times, \($g.accessors[.output].count) values"),
    ((.animations // [])[] | .samplers[] | .input as $in | $g.accessors[$in]
       | select((has("min") and has("max")) | not) | "animation input \($in) without min and max")
  ] | first // empty') || { echo "$f: the JSON chunk is not valid JSON"; exit 1; }
if [ -n "$problem" ]; then
    echo "$f: $problem"
    exit 1
fi
# keyframe times increase (the first sampler's input, read from the BIN chunk)
input=$(printf '%s' "$json" | jq -r '.animations[0].samplers[0].input // empty')
if [ -n "$input" ]; then
    view=$(printf '%s' "$json" | jq -r ".accessors[$input].bufferView")
    off=$(printf '%s' "$json" | jq -r ".bufferViews[$view].byteOffset")
    n=$(printf '%s' "$json" | jq -r ".accessors[$input].count")
    od -An -tf4 -v -j $((28 + jlen + off)) -N $((4 * n)) "$f" | tr -s ' ' '\n' | sed '/^$/d' |
        awk 'NR > 1 && $1 <= prev { bad = 1 } { prev = $1 } END { exit bad }' ||
        { echo "$f: keyframe times do not increase"; exit 1; }
fi
exit 0
