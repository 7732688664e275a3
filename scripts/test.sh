#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test that needs no GPU.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install_deps.sh
# The tests need the CUDA code built only for a GPU that runs them: with nvcc and no GPU, the
# CUDA code is compiled to PTX for one architecture (a check that it builds, without the machine
# code no GPU here would run) instead of TRIDG_CUDA_ARCHS' two. An existing build/ keeps its own
# settings.
archs=()
if [ ! -f build/CMakeCache.txt ] && command -v nvcc >/dev/null 2>&1 &&
  ! nvidia-smi -L >/dev/null 2>&1; then
  archs=(-DTRIDG_CUDA_ARCHS=80-virtual)
fi
scripts/build.sh "${archs[@]}"
cd build
ctest --output-on-failure -LE gpu -j "$(nproc)"
