#!/usr/bin/env bash
# On a machine with several GPUs and MPI (no Gmsh needed): builds with MPI and CUDA, runs the GPU
# tests (two GPUs against one included) and the scaling benchmark. STAGE picks what runs:
# build (build and tests), strong (1 and 2 GPUs at 1.6M and 6.4M elements), variants (2 GPUs at
# p = 1 with some of the partitioned step's options off: VARIANTS, bench_mpi's flags), weak (6.4M per GPU), largest (51M elements on two GPUs), parts (ranks reading their
# own parts of dmr_100k_p2.h5, refined 3 times on the GPUs' hosts: 6.4M elements) and cpu (1 to
# 16 CPU ranks at 1.6M). Meshes: bench/meshes/dmr_100k.h5 and dmr_200k.h5 (tridg import
# meshes/double_mach.geo --size 0.51 / 0.36), dmr_100k_p2.h5 (tridg partition dmr_100k.h5 -n 2).
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-out/mpi}
mkdir -p "$OUT"
source bench/device_env.sh
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
B=build-mpi/bin/bench_mpi
for stage in ${STAGE:-build strong}; do
  case $stage in
  build)
    nvidia-smi --query-gpu=name,memory.total --format=csv | tee "$OUT/gpu.txt"
    mpirun --version | head -1 | tee -a "$OUT/gpu.txt"
    cmake -S . -B build-mpi -G Ninja -DTRIDG_WITH_GMSH=OFF -DTRIDG_CUDA=ON -DTRIDG_CUDA_ARCHS=90 \
      -DTRIDG_ORDERS="1;2;3;4" -DTRIDG_WERROR=ON -DTRIDG_MPI=ON -DTRIDG_METIS=ON > "$OUT/configure.log" 2>&1 ||
      { tail -30 "$OUT/configure.log"; exit 1; }
    cmake --build build-mpi -j "$(nproc)" > "$OUT/build.log" 2>&1 ||
      { grep -E "error" -A3 "$OUT/build.log" | head -60; exit 1; }
    (cd build-mpi && ctest -L gpu ${TESTS:+-R "$TESTS"} --output-on-failure) 2>&1 |
      tee "$OUT/gpu_tests.log" | tail -15
    ;;
  variants)
    # VARIANTS: bench_mpi's flags of each variant, separated by ';'
    IFS=';' read -ra variants <<<"${VARIANTS:---no-halo-priority --no-overlap-rate --pack-on-main;--pack-on-main}"
    for flags in "${variants[@]}"; do
      echo "variant: $flags" | tee -a "$OUT/variants.log"
      mpirun -np 2 $B --refines 2 3 --orders 1 --steps 100 $flags 2>&1 | tee -a "$OUT/variants.log"
    done
    ;;
  parts)
    T=build-mpi/bin/tridg
    # Each rank's peak resident memory, from the process that starts it.
    RSS='import resource, subprocess, sys, time
t = time.time(); r = subprocess.run(sys.argv[1:]).returncode
print(f"rank peak RSS {resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1e6:.2f} GB, "
      f"{time.time() - t:.1f} s, exit {r}", flush=True)'
    for mesh in dmr_100k_p2 dmr_100k; do
      echo "2 ranks, mesh $mesh refined 3 times, 20 steps:" | tee -a "$OUT/parts.log"
      mpirun -np 2 python3 -c "$RSS" $T run cases/double_mach.toml --mesh bench/meshes/$mesh.h5 \
        --refine 3 --set time.steps=20 --set output.gmsh=false -q -o /tmp/$mesh 2>&1 |
        tee -a "$OUT/parts.log"
    done
    python3 -c "import h5py, numpy as np
a = h5py.File('/tmp/dmr_100k_p2/final.h5')['solution/coefficients'][()]
b = h5py.File('/tmp/dmr_100k/final.h5')['solution/coefficients'][()]
print('parts and whole, coefficients differing:', int(np.sum(a != b)), 'of', a.size)" 2>&1 |
      tee -a "$OUT/parts.log"
    ;;
  strong)
    for n in 1 2; do
      mpirun -np $n $B --refines 2 3 --orders 1 2 --steps 100 2>&1 | tee -a "$OUT/strong.log"
    done
    ;;
  weak)
    mpirun -np 2 $B --mesh bench/meshes/dmr_200k.h5 --refines 3 --orders 1 2 --steps 50 2>&1 |
      tee -a "$OUT/weak.log"
    ;;
  largest)
    mpirun -np 2 $B --mesh bench/meshes/dmr_200k.h5 --refines 4 --orders 1 --steps 10 2>&1 |
      tee -a "$OUT/largest.log"
    ;;
  cpu)
    for n in 1 2 4 8 16; do
      OMP_NUM_THREADS=1 mpirun -np $n --bind-to core $B --device cpu --refines 2 --orders 1 \
        --steps 3 2>&1 | grep -v "^\[" | tee -a "$OUT/cpu.log"
    done
    ;;
  esac
done
