#!/bin/sh
# glbmesh.sh FILE.glb MESH: the first primitive of the mesh named MESH, as
# stored: "points x y z x y z ..." (its POSITION accessor, in the mesh's own
# frame) and "indices i j k ..." (its index accessor), one line each.
set -u
f=${1:?usage: glbmesh.sh FILE.glb MESH}
name=${2:?usage: glbmesh.sh FILE.glb MESH}
jlen=$(od -An -tu4 -j12 -N4 "$f" | tr -d ' ')
tail -c +21 "$f" | head -c "$jlen" | jq -r --arg name "$name" '
  . as $g
  | ([.meshes[] | select(.name == $name)] | first) as $m
  | if $m == null then error("no mesh named \($name)") else . end
  | def dump(tag; a): $g.accessors[a] as $x
      | "\(tag) \($g.bufferViews[$x.bufferView].byteOffset + ($x.byteOffset // 0)) \($x.count * {"SCALAR":1,"VEC3":3}[$x.type]) \(if $x.componentType == 5126 then "f4" else "u4" end)";
    dump("points"; $m.primitives[0].attributes.POSITION), dump("indices"; $m.primitives[0].indices)' |
    while read -r label offset count type; do
        printf '%s ' "$label"
        od -An -t"$type" -v -j $((28 + jlen + offset)) -N $((4 * count)) "$f" | tr -s ' \n' ' '
        echo
    done
