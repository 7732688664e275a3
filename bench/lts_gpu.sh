#!/usr/bin/env bash
# One call on a GPU machine: builds tridg and the GPU tests (CUDA, orders 1-2, no Gmsh), runs the
# GPU tests named in TESTS against the CPU backend (each within TEST_LIMIT seconds), then the
# Okushiri runs named in RUNS through bench/okushiri_gpu.sh (local time stepping against global
# stepping; each run within RUN_LIMIT seconds). Carry .deps/root, .deps/okushiri and .deps/meshes.
#   TESTS="test_gpu_lts test_gpu_sw_agreement" RUNS="hno_p1_lts hno_p1" bench/lts_gpu.sh
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-out/lts_gpu}
W=/tmp/okushiri_gpu
mkdir -p "$OUT" "$W"
source bench/device_env.sh
TESTS=${TESTS:-test_gpu_lts}
nvidia-smi --query-gpu=name,memory.total --format=csv | tee "$W/gpu.txt"
cmake -S . -B build-gpu -G Ninja -DTRIDG_WITH_GMSH=OFF -DTRIDG_CUDA=ON -DTRIDG_CUDA_ARCHS=90 \
  -DTRIDG_TESTS=ON -DTRIDG_WERROR=ON "-DTRIDG_ORDERS=1;2" > "$W/configure.log" 2>&1 ||
  { tail -30 "$W/configure.log"; exit 1; }
/usr/bin/time -f "build %e s" cmake --build build-gpu -j "$(nproc)" --target tridg $TESTS \
  > "$W/build.log" 2>&1 || { grep -E "error" -A3 "$W/build.log" | head -60; exit 1; }
tail -1 "$W/build.log"
for t in $TESTS; do
  (cd build-gpu/tests && /usr/bin/time -f "$t %e s" timeout "${TEST_LIMIT:-180}" "./$t" -s) \
    > "$OUT/$t.log" 2>&1
  echo "$t: exit $?"
  grep -E "MESSAGE|ERROR|FAILED|test cases|assertions" -A1 "$OUT/$t.log" | grep -v "^--" | head -30
done
OUT=$OUT bash bench/okushiri_gpu.sh
