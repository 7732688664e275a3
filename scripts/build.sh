#!/usr/bin/env bash
# Configures and builds tridg in ./build (CUDA when nvcc is found, Gmsh when installed).
# Extra arguments go to CMake, e.g. scripts/build.sh -DTRIDG_CUDA=OFF.
set -euo pipefail
cd "$(dirname "$0")/.."
generator=()
command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
if [ ! -f build/CMakeCache.txt ]; then
  cmake -S . -B build "${generator[@]}" -DCMAKE_BUILD_TYPE=Release -DTRIDG_WERROR=ON "$@"
elif [ $# -gt 0 ]; then
  cmake -S . -B build "$@"
fi
cmake --build build -j "$(nproc)"
