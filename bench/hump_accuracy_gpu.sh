#!/usr/bin/env bash
# Accuracy against cost on a problem with a known answer, one GPU call: the Gaussian hump over
# a flat bed on the sphere (cases/hump_geographic_equator.toml: 0.1 m over 1000 m, 0.15 degrees
# wide, gauges 1 and 2 degrees east, north and south, 45 minutes) at p = 1 (lsssprk42) and
# p = 2 (the case's SSP-RK3) on its mesh refined 0 to 4 times (1,386 to 354,816 triangles).
# The mesh travels prepared: .deps/hump/hump_equator.h5 (tridg import
# meshes/geographic_hump_equator.geo). Each run's gauges.csv and log go to $OUT/hump.tar.xz;
# scripts/hump_accuracy.py compares them with the exact linear solution.
#   OUT=out/hump bench/hump_accuracy_gpu.sh
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-out/hump}
W=/tmp/hump_accuracy
mkdir -p "$OUT" "$W"
source bench/device_env.sh
source bench/build_gpu.sh
for p in 1 2; do
  scheme=$([ $p = 1 ] && echo lsssprk42 || echo ssprk3)
  for r in 0 1 2 3 4; do
    name=p${p}_r$r
    /usr/bin/time -f "$name wall %e s" build-gpu/bin/tridg run cases/hump_geographic_equator.toml \
      --mesh .deps/hump/hump_equator.h5 --refine $r -p $p --set time.scheme=$scheme \
      --set output.hdf5=false -o "$W/$name" > "$W/$name.log" 2>&1
    grep -E "elements,|steps  |wall time|error" "$W/$name.log" | head -4
  done
done
(cd "$W" && tar -cJf "$OUT/hump.tar.xz" ./*.log ./*/gauges.csv ./gpu.txt)
