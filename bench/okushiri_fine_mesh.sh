#!/usr/bin/env bash
# The Okushiri case's mesh with a finer Monai valley, for the run-up's resolution study
# (docs/okushiri.md): cases/okushiri_1993.toml with the valley area's size and the smallest size
# set to VALLEY metres and, when HEAD is given, an area after it: the valley head (139.4230-139.4262 E,
# 42.0980-42.1000 N, where the run-up is reached) at HEAD metres.
#   bench/okushiri_fine_mesh.sh 2.5 0.625 meshes/okushiri_monai0p625.h5
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: $0 VALLEY [HEAD] OUT.h5" >&2; exit 2; }
valley=$1
head=""
[ $# -ge 3 ] && { head=$2; shift; }
out=$2
T=${TRIDG:-build/bin/tridg}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
smallest=${head:-$valley}
# The case's relative paths are resolved from the repository, as from cases/.
awk -v valley="$valley" -v head="$head" -v smallest="$smallest" -v root="$PWD" '
  { gsub(/"\.\.\//, "\"" root "/") }
  /^min_size = / { $0 = "min_size = " smallest }
  /^name = "monai_valley"/ { in_valley = 1 }
  in_valley && /^size = / { $0 = "size = " valley; in_valley = 0; valley_done = 1 }
  /^\[\[region.area\]\]/ && head != "" && valley_done && !added {
    print "[[region.area]]\nname = \"monai_head\"\nlon = [139.4230, 139.4262]"
    print "lat = [42.0980, 42.1000]\nsize = " head "\nland_up_to = 50\n"
    added = 1
  }
  { print }
' cases/okushiri_1993.toml > "$tmp/okushiri_fine.toml"
"$T" region "$tmp/okushiri_fine.toml" -o "$out"
