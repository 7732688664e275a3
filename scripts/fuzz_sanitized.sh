#!/usr/bin/env bash
# The fuzz tests (ctest -L fuzz: hostile and damaged inputs) under the address and
# undefined-behaviour sanitizers (CMake preset "fuzz": the "asan" preset at -O0 and order 1,
# which halves its compile time; the inputs are small, so the slower code costs seconds): every
# input must end with a documented exit code and no sanitizer report.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install_deps.sh
cmake --preset fuzz > /dev/null
cmake --build --preset fuzz --target tridg test_fuzz_inputs test_fuzz_run_inputs test_fuzz_rasters \
  test_fuzz_maps test_raw_mesh_wire test_gmsh_worker
ctest --preset fuzz -L fuzz -j "$(nproc)"
