#!/usr/bin/env bash
# On a GPU machine without Gmsh: shallow water's implicit steps (bench/sw_implicit_flow.toml,
# BDF2, thin water over a bump under Manning friction) on the GPU and on the host, on the lake's
# mesh refined 3 and 4 times (15,488 and 61,952 triangles), at p = 1 and 2. Builds with CUDA
# unless BIN names a tridg to time (an A/B run builds the other tree itself).
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-out/sw_implicit}
mkdir -p "$OUT"
source bench/device_env.sh
BIN=${BIN:-}
if [ -z "$BIN" ]; then
  nvidia-smi --query-gpu=name,memory.total --format=csv | tee "$OUT/gpu.txt"
  cmake -S . -B build-gpu -G Ninja -DTRIDG_WITH_GMSH=OFF -DTRIDG_CUDA=ON -DTRIDG_CUDA_ARCHS=90 \
    -DTRIDG_WERROR=ON -DTRIDG_ORDERS="1;2" > "$OUT/configure.log" 2>&1 ||
    { tail -30 "$OUT/configure.log"; exit 1; }
  cmake --build build-gpu -j "$(nproc)" --target tridg > "$OUT/build.log" 2>&1 ||
    { grep -E "error" -A3 "$OUT/build.log" | head -60; exit 1; }
  BIN=build-gpu/bin/tridg
fi
TAG=${TAG:-run}
for refine in ${REFINES:-3 4}; do
  for p in ${ORDERS_RUN:-1 2}; do
    for dev in ${DEVICES:-cuda cpu}; do
      name="${TAG}_r${refine}_p${p}_$dev"
      timeout "${RUN_LIMIT:-300}" "$BIN" run bench/sw_implicit_flow.toml --refine "$refine" -p "$p" \
        --device "$dev" -o "$OUT/$name" --no-progress > "$OUT/$name.log" 2>&1
      python3 bench/summary_row.py "$OUT/$name/summary.json" "$name" "$?" elements steps \
        loop_seconds solver.newton_iterations solver.gmres_iterations solver.jacobian_seconds \
        solver.gmres_seconds
    done
  done
done
