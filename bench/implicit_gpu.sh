#!/usr/bin/env bash
# On a GPU machine without Gmsh: the implicit schemes' linear solves on the GPU. Builds with CUDA,
# runs the GPU test against the host, then the steady bump at p = 2 on bench/meshes/bump_80k.h5
# (meshes/bump.geo refined three times: `tridg import meshes/bump.geo --refine 3 -o ...`) by
# Newton on the GPU with each preconditioner, and the explicit SSP-RK2 step on the same mesh
# (bench/bump_explicit.toml) for the cost of an explicit step.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-out/implicit}
mkdir -p "$OUT"
source bench/device_env.sh
nvidia-smi --query-gpu=name,memory.total --format=csv | tee "$OUT/gpu.txt"
cmake -S . -B build-gpu -G Ninja -DTRIDG_WITH_GMSH=OFF -DTRIDG_CUDA=ON -DTRIDG_CUDA_ARCHS=90 \
  -DTRIDG_WERROR=ON -DTRIDG_ORDERS="${ORDERS:-1;2;3}" > "$OUT/configure.log" 2>&1 ||
  { tail -30 "$OUT/configure.log"; exit 1; }
cmake --build build-gpu -j "$(nproc)" > "$OUT/build.log" 2>&1 ||
  { grep -E "error" -A3 "$OUT/build.log" | head -60; exit 1; }
if [ "${SKIP_TESTS:-0}" != 1 ]; then
  build-gpu/tests/test_gpu_implicit -s 2>&1 | grep -v "^$" | tail -40 | tee "$OUT/test.log"
fi
MESH=${MESH:-bench/meshes/bump_80k.h5}
run() { # name, then tridg run arguments
  local name=$1
  shift
  timeout "${RUN_LIMIT:-240}" build-gpu/bin/tridg run "$@" -o "$OUT/$name" --no-progress \
    > "$OUT/$name.log" 2>&1
  local rc=$?
  tail -4 "$OUT/$name.log"
  python3 bench/summary_row.py "$OUT/$name/summary.json" "$name" "$rc" steps loop_seconds \
    solver.residual solver.gmres_iterations solver.gmres_unconverged solver.jacobian_seconds \
    solver.gmres_seconds
}
for pc in ${PRECONDITIONERS:-p_multigrid block_jacobi}; do
  run "bump_newton_$pc" cases/bump.toml --mesh "$MESH" -p 2 --device cuda \
    --set "implicit.preconditioner=\"$pc\"" ${NEWTON_SETS:-}
done
run bump_explicit bench/bump_explicit.toml --mesh "$MESH" -p 2 --device cuda
