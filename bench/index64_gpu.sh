#!/usr/bin/env bash
# On a machine with one GPU and MPI (no Gmsh needed): the kernels' 64-bit offsets
# (core/row_offset.hpp) on the device. STAGE picks what runs, in order; each stage fits one call
# of ten minutes, and the build folders stay between calls:
#   build   tridg and bench_mpi with CUDA, MPI and METIS, orders 1-3, into build-index64
#   base    bench_mpi (order 1 only: the step below is at p = 1) from BASE_TGZ, a
#           `git archive --format=tar.gz` of the tree before, into build-base
#   step    the p = 1 step of the two-GPU runs of bench/NOTES.md on one GPU: bench_mpi on
#           bench/meshes/dmr_100k.h5 refined twice (1.6M elements), REPEAT times, alternating
#           with the tree before when build-base holds it, so both are timed in one call
#   large1  shallow water at p = 3 on the sphere on 16.6M elements (the 23 x 22 box of
#           bench/geo_box_msh.py refined 7 times, the bed of cases/lake_at_rest_geographic.toml,
#           a hump of water released by the island), STEPS steps on one rank, with its peak GPU
#           memory; the tree before refused this mesh (more than 2^31 values of bed data)
#   large2  the same on 2 ranks sharing the GPU, each reading its part of the box (tridg
#           partition) and refining it, so that neither holds the whole mesh on the host; its
#           final.h5 against large1's, bit for bit
#   memory  the peak GPU memory per element at p = 1 (the box refined 6 times, 4.1M elements)
#           and at p = 3 (large1's), and the largest mesh one GPU holds
# Carry .deps/root (the libraries the machine lacks, METIS included) and .deps/meshes:
# dmr_100k.h5.xz (made by `tridg import meshes/double_mach.geo --size 0.51` where Gmsh is; without
# it the step runs on meshes/prepared/double_mach.h5 refined 3 and 4 times, 654k and 2.6M
# elements) and geo_box.h5.xz (bench/geo_box_msh.py's box imported where Gmsh is: a build
# without Gmsh cannot import it). Everything
# printed goes to $OUT/index64.log as well. RUN_LIMIT bounds each run's seconds (default 540).
#   STAGE=build bench/index64_gpu.sh; BASE_TGZ=base.tar.gz STAGE="base step" bench/index64_gpu.sh
#   STAGE=large1 bench/index64_gpu.sh; STAGE=large2 ...; STAGE=memory ...
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-out/index64}
W=${W:-build-index64/work} # kept between calls with the build, which large2 and memory read
mkdir -p "$OUT" "$W"
exec > >(tee -a "$OUT/index64.log") 2>&1
source bench/device_env.sh
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
STEPS=${STEPS:-5}
REPEAT=${REPEAT:-3}
CUDA_ARCHS=${CUDA_ARCHS:-90}
# For a try of the script's logic without a GPU: T=build/bin/tridg DEVICE=cpu LARGE_REFINE=1
# LARGE_P=2 MEMORY_REFINE=1 STEP_REFINES=0 STEP_STEPS=5 STAGE="step large1 large2 memory".
T=${T:-build-index64/bin/tridg}
DEVICE=${DEVICE:-cuda}
LARGE_P=${LARGE_P:-3}
# A Python with h5py and numpy for the comparison, where there is one.
PY=python3
for c in python3 /usr/bin/python3; do
  "$c" -c "import h5py, numpy" 2> /dev/null && PY=$c && break
done

# build SOURCE_DIR BUILD_DIR: TARGETS (tridg and bench_mpi) as bench/mpi_run.sh builds them, at
# ORDERS (1-3).
build() {
  cmake -S "$1" -B "$2" -G Ninja -DTRIDG_WITH_GMSH=OFF -DTRIDG_CUDA=ON \
    -DTRIDG_CUDA_ARCHS="$CUDA_ARCHS" -DTRIDG_ORDERS="${ORDERS:-1;2;3}" -DTRIDG_WERROR=ON -DTRIDG_MPI=ON \
    -DTRIDG_METIS=ON -DTRIDG_TESTS=OFF -DTRIDG_CUDA_PTXAS_VERBOSE=ON ${EXTRA_CMAKE:-} > "$W/configure_$(basename "$2").log" 2>&1 ||
    { tail -30 "$W/configure_$(basename "$2").log"; return 1; }
  /usr/bin/time -f "$(basename "$2"): build %e s" cmake --build "$2" -j "$(nproc)" \
    --target ${TARGETS:-tridg bench_mpi} > "$W/build_$(basename "$2").log" 2>&1 ||
    { grep -E "error" -A3 "$W/build_$(basename "$2").log" | head -60; return 1; }
  tail -1 "$W/build_$(basename "$2").log"
  # ptxas's report: the kernels that spill (the 64-bit offsets' register pairs would show here).
  echo "$(basename "$2"): $(grep -cE "[1-9][0-9]* bytes spill (stores|loads)" \
    "$W/build_$(basename "$2").log") ptxas lines with spills"
  grep -E "[1-9][0-9]* bytes spill (stores|loads)" "$W/build_$(basename "$2").log" | sort | uniq -c |
    head -10
}

# The peak GPU memory in MiB over a command's run above what was in use before it (nvidia-smi
# every 0.2 s), and the command's own output; prints "gpu_peak_mib N" last.
with_gpu_peak() {
  local base peak=0 used pid
  if ! command -v nvidia-smi > /dev/null; then
    "$@"
    echo "gpu_peak_mib none (no nvidia-smi; exit $?)"
    return 0
  fi
  base=$(nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits -i 0 | head -1)
  "$@" &
  pid=$!
  while kill -0 "$pid" 2> /dev/null; do
    used=$(nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits -i 0 | head -1)
    [ "${used:-0}" -gt "$peak" ] && peak=$used
    sleep 0.2
  done
  wait "$pid"
  local rc=$?
  echo "gpu_peak_mib $((peak - base)) (exit $rc)"
  return $rc
}

# The coarse geographic mesh of the large runs: 1012 triangles, 16,580,608 after 7 refinements.
BOX=$W/geo_box.h5 BOX_P2=$W/geo_box_p2.h5
LARGE_REFINE=${LARGE_REFINE:-7}
box_mesh() {
  [ -f "$BOX" ] && return 0
  # A build without Gmsh cannot import the .msh: the box may travel prepared (.deps/meshes).
  [ -f bench/meshes/geo_box.h5 ] && cp bench/meshes/geo_box.h5 "$BOX" && return 0
  python3 bench/geo_box_msh.py "$W/geo_box.msh" 23 22 &&
    $T import "$W/geo_box.msh" -o "$BOX" > "$W/import.log" 2>&1 ||
    { cat "$W/import.log"; return 1; }
}
# large_run NAME ORDER RANKS MESH [REFINE]: the geographic hump run, STEPS steps, no output
# between its start and its end.
large_run() {
  local name=$1 p=$2 n=$3 mesh=$4 refine=${5:-$LARGE_REFINE}
  local args=(run cases/lake_at_rest_geographic.toml --mesh "$mesh" --refine "$refine"
    -p "$p" --device "$DEVICE" --set time.steps="$STEPS" --set output.interval=0
    --set output.gmsh=false --set output.hdf5=false
    --set 'initial.eta="0.5 + 2 * exp(-((x - 139.25)^2 + (y - 42.3)^2) / 0.005)"'
    -o "$W/$name")
  rm -rf "${W:?}/$name"
  if [ "$n" = 1 ]; then
    /usr/bin/time -f "$name: wall %e s, host peak RSS %M kB" timeout "${RUN_LIMIT:-540}" \
      $T "${args[@]}"
  else
    /usr/bin/time -f "$name: wall %e s (mpirun), launcher peak RSS %M kB" \
      timeout "${RUN_LIMIT:-540}" mpirun -np "$n" $T "${args[@]}"
  fi > "$W/$name.log" 2>&1
  local rc=$?
  grep -E "error|elements, p =|time per step|wall time|host peak|launcher" "$W/$name.log" | head -8
  cp "$W/$name.log" "$OUT/" 2> /dev/null
  [ -f "$W/$name/summary.json" ] && cp "$W/$name/summary.json" "$OUT/${name}_summary.json"
  return $rc
}

for f in .deps/meshes/*.h5.xz; do
  [ -f "$f" ] && mkdir -p bench/meshes && [ ! -f "bench/meshes/$(basename "${f%.xz}")" ] &&
    xz -dc "$f" > "bench/meshes/$(basename "${f%.xz}")"
done

for stage in ${STAGE:-build base step large1 large2 memory}; do
  echo "== $stage ($(date -u +%H:%M:%S))"
  case $stage in
  build)
    nvidia-smi --query-gpu=name,memory.total,clocks.max.sm,clocks.max.mem --format=csv
    mpirun --version | head -1
    git log -1 --format="tree: %h %s" 2> /dev/null || true
    build . build-index64 || exit 1
    ;;
  base)
    [ -n "${BASE_TGZ:-}" ] || { echo "base: BASE_TGZ names no tarball"; exit 1; }
    rm -rf "$W/base" && mkdir -p "$W/base" && tar -xzf "$BASE_TGZ" -C "$W/base" || exit 1
    ORDERS=1 TARGETS=bench_mpi build "$W/base" build-base || exit 1
    ;;
  step)
    if [ -f bench/meshes/dmr_100k.h5 ]; then
      mesh=bench/meshes/dmr_100k.h5 refines=${STEP_REFINES:-2}
    else
      echo "no bench/meshes/dmr_100k.h5: the prepared double Mach mesh refined 3 and 4 times"
      mesh=meshes/prepared/double_mach.h5 refines=${STEP_REFINES:-3 4}
    fi
    trees=build-index64
    [ -x build-base/bin/bench_mpi ] && trees="build-base build-index64"
    for i in $(seq "$REPEAT"); do
      for t in $trees; do
        echo "-- $t, repeat $i"
        $t/bin/bench_mpi --root . --mesh "$mesh" --refines $refines --orders 1 --steps "${STEP_STEPS:-200}" \
          --device "$DEVICE" 2>&1 |
          grep -v "^\[" | tee -a "$OUT/step_$t.log"
      done
    done
    ;;
  large1)
    box_mesh || exit 1
    with_gpu_peak large_run sw_p${LARGE_P}_1rank "$LARGE_P" 1 "$BOX" | tee "$W/memory_p$LARGE_P.txt"
    ;;
  large2)
    box_mesh || exit 1
    [ -f "$BOX_P2" ] || $T partition "$BOX" -n 2 -o "$BOX_P2" > "$W/partition.log" 2>&1 ||
      { cat "$W/partition.log"; exit 1; }
    large_run sw_p${LARGE_P}_2ranks "$LARGE_P" 2 "$BOX_P2"
    $PY - "$W/sw_p${LARGE_P}_1rank/final.h5" "$W/sw_p${LARGE_P}_2ranks/final.h5" << 'EOF'
import sys
try:
    import h5py
    import numpy as np
except ImportError as e:
    sys.exit(f"cannot compare: {e}")
a, b = (h5py.File(p, "r") for p in sys.argv[1:3])
for name in ("solution/coefficients", "solution/cell_average"):
    x, y = a[name][()], b[name][()]
    same = x.shape == y.shape and np.array_equal(x.view(np.uint64), y.view(np.uint64))
    print(f"{name}: shape {x.shape}, 1 rank and 2 ranks {'bit for bit the same' if same else 'DIFFER'}"
          + ("" if same else f" ({int(np.sum(x != y))} values)"))
print("time", a["solution"].attrs.get("time"), b["solution"].attrs.get("time"))
EOF
    ;;
  memory)
    box_mesh || exit 1
    with_gpu_peak large_run sw_p1_1rank 1 1 "$BOX" "${MEMORY_REFINE:-6}" | tee "$W/memory_p1.txt"
    python3 - "$W" 1 "$LARGE_P" << 'EOF'
import json, re, shutil, subprocess, sys
w = sys.argv[1]
total = None
if shutil.which("nvidia-smi"):
    total = float(subprocess.run(["nvidia-smi", "--query-gpu=memory.total", "--format=csv,noheader,nounits",
                                  "-i", "0"], capture_output=True, text=True).stdout.split()[0])
for p in dict.fromkeys(int(a) for a in sys.argv[2:]):
    text = open(f"{w}/memory_p{p}.txt").read()
    peak = re.search(r"gpu_peak_mib (-?\d+)", text)
    rss = re.search(r"host peak RSS (\d+) kB", text)
    try:
        elems = json.load(open(f"{w}/sw_p{p}_1rank/summary.json"))["elements"]
    except (OSError, KeyError, ValueError):
        print(f"p = {p}: no summary.json")
        continue
    line = f"shallow water on the sphere, p = {p}: {elems} elements"
    if peak and total:
        per = float(peak.group(1)) * 2**20 / elems
        line += (f", GPU peak {peak.group(1)} MiB, {per:.0f} B/element; {total:.0f} MiB hold about "
                 f"{total * 2**20 / per / 1e6:.0f}M elements")
    else:
        line += ", no GPU peak measured"
    if rss:
        host = float(rss.group(1)) * 1024 / elems
        line += f"; host peak RSS {host:.0f} B/element"
    print(line)
EOF
    ;;
  esac
done
ls -la "$OUT"
