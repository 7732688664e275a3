#!/usr/bin/env bash
# On a GPU machine without Gmsh: build with CUDA, run the GPU tests (CPU vs GPU) and the benchmark.
# Header-only/extra libraries that the machine lacks may be unpacked under .deps/root.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-out/gpu}
mkdir -p "$OUT"
source bench/device_env.sh
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm,clocks.max.mem --format=csv | tee "$OUT/gpu.txt"
cmake -S . -B build-gpu -G Ninja -DTRIDG_WITH_GMSH=OFF -DTRIDG_CUDA=ON -DTRIDG_CUDA_ARCHS=90 \
  -DTRIDG_WERROR=ON ${EXTRA_CMAKE:-} > "$OUT/configure.log" 2>&1 || { tail -30 "$OUT/configure.log"; exit 1; }
cmake --build build-gpu -j "$(nproc)" > "$OUT/build.log" 2>&1 || { grep -E "error" -A3 "$OUT/build.log" | head -60; exit 1; }
grep -E "spill|stack frame" "$OUT/build.log" | head -5
if [ "${SKIP_TESTS:-0}" != 1 ]; then
  (cd build-gpu && ctest -L gpu --output-on-failure) 2>&1 | tee "$OUT/gpu_tests.log" | tail -25
  # the measured differences and rates (doctest prints the MESSAGEs of passing tests with -s)
  for t in build-gpu/tests/test_gpu_*; do "$t" -s 2>&1 | grep -A1 "MESSAGE" | grep -v "^--"; done \
    | tee -a "$OUT/gpu_tests.log"
fi
build-gpu/bin/bench_gpu --root . --small ${BENCH_ARGS:-} 2>&1 | tee "$OUT/bench.log"
# The p = 1 step on the double Mach flow developed to t = 0.2 (the window above starts at t = 0,
# where most cells are still uniform and the limiter skips their patches).
build-gpu/bin/bench_gpu --root . --orders 1 --schemes ssprk2 --refines 0 2 --develop 0.2 \
  ${BENCH_ARGS:-} 2>&1 | tee "$OUT/bench_developed.log"
