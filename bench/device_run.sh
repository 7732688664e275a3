#!/usr/bin/env bash
# One call on a GPU machine: build, GPU tests, benchmark, and the two demos (Monai's gauges, the
# double Mach reflection's final state) timed; the files worth keeping are copied to $OUT.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-out/device}
mkdir -p "$OUT"
W=/tmp/tridg_device
mkdir -p "$W"
OUT=$W EXTRA_CMAKE="-DTRIDG_ORDERS=1;2;3;4 ${EXTRA_CMAKE:-}" bench/gpu_run.sh
cp "$W/gpu_tests.log" "$W/bench.log" "$OUT/" 2>/dev/null
grep -E "error" -A3 "$W/build.log" | head -40
T=build-gpu/bin/tridg
/usr/bin/time -f "monai wall %e s" $T run cases/monai.toml --mesh meshes/prepared/monai.h5 \
  -o "$W/monai" --set output.hdf5=false --set output.gmsh=false 2>&1 | tail -12
cp "$W/monai/gauges.csv" "$W/monai/gauges_summary.json" "$OUT/" 2>/dev/null
cp "$W/monai/summary.json" "$OUT/monai_summary.json" 2>/dev/null
DMR_MESH=meshes/prepared/double_mach.h5
[ -f bench/meshes/dmr_26k.h5 ] && DMR_MESH=bench/meshes/dmr_26k.h5 # the demo's own mesh
/usr/bin/time -f "double mach wall %e s" $T run cases/double_mach.toml \
  --mesh $DMR_MESH -o "$W/dmr" --set output.gmsh=false 2>&1 | tail -12
cp "$W/dmr/final.h5" "$OUT/dmr_final.h5" 2>/dev/null
cp "$W/dmr/summary.json" "$OUT/dmr_summary.json" 2>/dev/null
ls -la "$OUT"
