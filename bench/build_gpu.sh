#!/usr/bin/env bash
# Sourced by the device scripts that run cases with the tridg executable: builds it once into
# build-gpu (CUDA for the H200's architecture, orders 1-2, no Gmsh, no tests), logs in $W.
if [ ! -x build-gpu/bin/tridg ]; then
  nvidia-smi --query-gpu=name,memory.total --format=csv | tee "$W/gpu.txt"
  cmake -S . -B build-gpu -G Ninja -DTRIDG_WITH_GMSH=OFF -DTRIDG_CUDA=ON -DTRIDG_CUDA_ARCHS=90 \
    -DTRIDG_TESTS=OFF -DTRIDG_WERROR=ON "-DTRIDG_ORDERS=1;2" > "$W/configure.log" 2>&1 ||
    { tail -30 "$W/configure.log"; exit 1; }
  /usr/bin/time -f "build %e s" cmake --build build-gpu -j "$(nproc)" --target tridg \
    > "$W/build.log" 2>&1 || { grep -E "error" -A3 "$W/build.log" | head -60; exit 1; }
  tail -1 "$W/build.log"
fi
