#!/bin/sh
# glbpoint.sh FILE.glb NODE X Y Z: where the point (X, Y, Z) of the node
# named NODE (its own frame) is in the scene, at every keyframe of the
# file's animation: one line "t x y z" per keyframe (one line at t = 0 when
# nothing is animated). Each node on the way from NODE up to the scene takes
# the point p to T + R (S p), with its translation T, rotation R and scale S
# at that keyframe (its animation's values, else the node's own), as glTF
# 2.0 composes them. Keyframe values are read as stored (no interpolation).
set -u
f=${1:?usage: glbpoint.sh FILE.glb NODE X Y Z}
name=${2:?usage: glbpoint.sh FILE.glb NODE X Y Z}
x=${3:?} y=${4:?} z=${5:?}
jlen=$(od -An -tu4 -j12 -N4 "$f" | tr -d ' ')
bin=$((28 + jlen))
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tail -c +21 "$f" | head -c "$jlen" >"$tmp/json"
# the plan: "node K tx ty tz rx ry rz rw sx sy sz" from NODE to the root, then
# "data FILE OFFSET COUNT" for the keyframe times and every channel of those nodes
jq -r --arg name "$name" '
  . as $g
  | ([.nodes | to_entries[] | select(.value.name == $name) | .key] | first) as $n
  | if $n == null then error("no node named \($name)") else . end
  | [$n | recurse(. as $k | [$g.nodes | to_entries[] | select(any((.value.children // [])[]; . == $k)) | .key] | first // empty)]
  | . as $chain
  | def at(a): ($g.bufferViews[$g.accessors[a].bufferView].byteOffset + ($g.accessors[a].byteOffset // 0));
    def comps(a): {"SCALAR":1,"VEC3":3,"VEC4":4}[$g.accessors[a].type];
    ($chain[] as $k | $g.nodes[$k]
       | "node \($k) \((.translation // [0,0,0]) | join(" ")) \((.rotation // [0,0,0,1]) | join(" ")) \((.scale // [1,1,1]) | join(" "))"),
    ((($g.animations // [])[0]) as $an
     | if $an == null then empty else
         ($an.samplers[0].input as $in | "times \(at($in)) \($g.accessors[$in].count)"),
         ($an.channels[] | select(.target.node as $t | any($chain[]; . == $t))
          | $an.samplers[.sampler].output as $out
          | "chan \(.target.node) \(.target.path) \(at($out)) \($g.accessors[$out].count * comps($out))")
       end)' "$tmp/json" >"$tmp/plan" || exit 1
# every number the plan points at, as text: "times v..." and "chan K path v..."
while read -r kind a b c d; do
    case $kind in
    times) printf 'times ' && od -An -tf4 -v -j $((bin + a)) -N $((4 * b)) "$f" | tr -s ' \n' ' ' && echo ;;
    chan) printf 'chan %s %s ' "$a" "$b" && od -An -tf4 -v -j $((bin + c)) -N $((4 * d)) "$f" | tr -s ' \n' ' ' && echo ;;
    node) ;;
    esac
done <"$tmp/plan" >"$tmp/data"
awk -v px="$x" -v py="$y" -v pz="$z" '
  FNR == NR && $1 == "node" {
      k = $2; order[n++] = k
      for (c = 0; c < 3; c++) T[k, c] = $(3 + c)
      for (c = 0; c < 4; c++) R[k, c] = $(6 + c)
      for (c = 0; c < 3; c++) S[k, c] = $(10 + c)
      next }
  FNR == NR { next }
  $1 == "times" { nt = NF - 1; for (i = 0; i < nt; i++) time[i] = $(2 + i); next }
  $1 == "chan" { k = $2; path = $3; has[k, path] = 1
      w = (path == "rotation") ? 4 : 3
      for (i = 2; i <= NF - 2; i++) V[k, path, int((i - 2) / w), (i - 2) % w] = $(i + 2)
      next }
  function val(k, path, i, c) { if (has[k, path]) return V[k, path, i, c]
      return path == "translation" ? T[k, c] : path == "rotation" ? R[k, c] : S[k, c] }
  END {
      if (nt == 0) { nt = 1; time[0] = 0 }
      for (i = 0; i < nt; i++) {
          p0 = px; p1 = py; p2 = pz
          for (j = 0; j < n; j++) {
              k = order[j]
              p0 *= val(k, "scale", i, 0); p1 *= val(k, "scale", i, 1); p2 *= val(k, "scale", i, 2)
              qx = val(k, "rotation", i, 0); qy = val(k, "rotation", i, 1)
              qz = val(k, "rotation", i, 2); qw = val(k, "rotation", i, 3)
              # p + 2 w (q x p) + 2 q x (q x p), q the vector part
              cx = qy * p2 - qz * p1; cy = qz * p0 - qx * p2; cz = qx * p1 - qy * p0
              dx = qy * cz - qz * cy; dy = qz * cx - qx * cz; dz = qx * cy - qy * cx
              p0 += 2 * (qw * cx + dx) + val(k, "translation", i, 0)
              p1 += 2 * (qw * cy + dy) + val(k, "translation", i, 1)
              p2 += 2 * (qw * cz + dz) + val(k, "translation", i, 2)
          }
          printf "%.9g %.9g %.9g %.9g\n", time[i], p0, p1, p2
      }
  }' "$tmp/plan" "$tmp/data"
