#!/usr/bin/env bash
# On a GPU machine: tridg and PyFR on the same meshes, the same case (the isentropic vortex of
# cases/isentropic_vortex.toml), the same scheme (RK4 at a fixed step, fp64), no output, one after
# the other in one run. Each code steps N1 times before the timed N2 - N1 steps, so start-up,
# kernel compilation and mesh reading stay out: tridg runs N1 and N2 steps and its loop_seconds
# are subtracted; PyFR's loop is timed inside one process (bench/pyfr/time_pyfr.py), best of
# REPEATS runs.
#   needs: bench/pyfr/prepare.sh's meshes; PyFR (v2.1 measured) and its pure-Python needs (gimmik,
#   mako, pytools, platformdirs) under PYFR_SITE (default .peer/site), h5py, numpy and mpi4py in
#   python3; bench/pyfr/stubs stands in for rtree (imported by plugins the case does not use).
#   env: SIZES (99k 379k), ORDERS (1 2 3 4), N1 (100), N2 (1100), REPEATS (PyFR, 2),
#        FLUXES (tridg: hllc rusanov), PYFR_FLUX (PyFR's Riemann solver: rusanov, its fastest
#        here, or hllc), REBUILD (0: keep an existing build), BUILD (build-gpu),
#        PYFR (0: tridg alone), OUT, RUNS
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-out/pyfr}
RUNS=${RUNS:-$OUT/runs} # each run's case, log and summary
mkdir -p "$OUT" "$RUNS"
source bench/device_env.sh
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader | tee "$OUT/gpu.txt"
BUILD=${BUILD:-build-gpu}
if [ ! -x "$BUILD/bin/tridg" ] || [ "${REBUILD:-1}" = 1 ]; then
  cmake -S . -B "$BUILD" -G Ninja -DTRIDG_WITH_GMSH=OFF -DTRIDG_CUDA=ON -DTRIDG_CUDA_ARCHS=90 \
    -DTRIDG_WERROR=ON -DTRIDG_ORDERS="1;2;3;4" > "$OUT/configure.log" 2>&1 ||
    { tail -30 "$OUT/configure.log"; exit 1; }
  cmake --build "$BUILD" -j "$(nproc)" --target tridg > "$OUT/build.log" 2>&1 ||
    { grep -E "error" -A3 "$OUT/build.log" | head -60; exit 1; }
fi
SITE=$(realpath "${PYFR_SITE:-.peer/site}")
export PYTHONPATH=$SITE:$(realpath bench/pyfr/stubs)
find_lib() { # the first file of that name under the CUDA toolkit and the driver's folders
  find /usr/local/cuda*/ /usr/local/nvidia /usr/lib/x86_64-linux-gnu -name "$1*" 2>/dev/null |
    sort | head -1
}
export PYFR_NVRTC_LIBRARY_PATH=$(find_lib libnvrtc.so)
export PYFR_CUBLASLT_LIBRARY_PATH=$(find_lib libcublasLt.so)
# the driver's own library (the toolkit's compat copy may not match the driver)
export PYFR_CUDA_LIBRARY_PATH=libcuda.so.1
env | grep -E "^PYFR_|^PYTHONPATH" | tee "$OUT/env.txt"
N1=${N1:-100} N2=${N2:-1100} DT=1e-4
PYFR_FLUX=${PYFR_FLUX:-rusanov}
case $PYFR_FLUX in rusanov | hllc) ;; *) echo "PYFR_FLUX must be rusanov or hllc" >&2; exit 2 ;; esac
pyfr_ms() { # mesh order -> ms per step: PyFR's loop timed inside the process (time_pyfr.py),
  # the best of REPEATS runs (each run picks its own operator kernels by timing them)
  local ini=$RUNS/p$2.ini best=nan t r
  sed -e "s/ORDER/$2/; s/TEND/$(python3 -c "print($N2 * $DT)")/; s/= DT/= $DT/" \
    -e "s/RIEMANN/$PYFR_FLUX/" bench/pyfr/vortex.ini > "$ini"
  for r in $(seq "${REPEATS:-2}"); do
    t=$(python3 bench/pyfr/time_pyfr.py "$1" "$ini" "$DT" "$N1" "$((N2 - N1))" \
      2> "$RUNS/pyfr_p$2_$r.log") || t=nan
    echo "PyFR p = $2 run $r: $t ms per step" >> "$OUT/pyfr_runs.txt"
    best=$(python3 -c "import sys; v = [float(x) for x in sys.argv[1:] if x != 'nan']
print(min(v) if v else 'nan')" "$best" "$t")
  done
  echo "$best"
}
tridg_time() { # flux order steps extra-args... -> loop seconds
  local flux=$1 p=$2 n=$3 dir=$RUNS/tridg_$1_p$2_$3
  shift 3
  "$BUILD/bin/tridg" run cases/isentropic_vortex.toml "$@" -p "$p" --device cuda -o "$dir" \
    --no-progress --set "discretization.flux=\"$flux\"" --set 'time.scheme="rk4"' \
    --set "time.steps=$n" --set "time.dt=$DT" --set output.hdf5=false --set output.gmsh=false \
    > "$dir.log" 2>&1 || { echo nan; return; }
  python3 -c "import json; print(json.load(open('$dir/summary.json'))['loop_seconds'])"
}
per_step() { python3 -c "print(f'{1e3 * (float('$2') - float('$1')) / ($N2 - $N1):.4f}')"; }
ratio() { python3 -c "print(f'{float('$1') / float('$2'):.2f}')"; }
table=$OUT/table.txt
printf "%-8s %2s %16s %14s %16s %9s %9s\n" elements p "PyFR $PYFR_FLUX ms" "tridg HLLC ms" "tridg Rusanov ms" \
  "x (HLLC)" "x (Rus.)" | tee "$table"
for size in ${SIZES:-99k 379k}; do
  if [ "${PYFR:-1}" = 1 ]; then
    gunzip -c "bench/meshes/vortex_${size}_pyfr.msh.gz" > "$RUNS/v$size.msh"
    python3 -m pyfr import "$RUNS/v$size.msh" "$RUNS/v$size.pyfrm" > "$RUNS/import_$size.log" 2>&1 ||
      { tail -5 "$RUNS/import_$size.log"; exit 1; }
    rm "$RUNS/v$size.msh"
  fi
  mesh=(--mesh bench/meshes/vortex_99k.h5 --refine 0) # the case file's own refine is 1
  [ "$size" = 379k ] && mesh=(--mesh bench/meshes/vortex_99k.h5 --refine 1)
  for p in ${ORDERS:-1 2 3 4}; do
    pf=nan
    [ "${PYFR:-1}" = 1 ] && pf=$(pyfr_ms "$RUNS/v$size.pyfrm" "$p")
    declare -A td=()
    for flux in ${FLUXES:-hllc rusanov}; do
      a=$(tridg_time "$flux" "$p" "$N1" "${mesh[@]}")
      b=$(tridg_time "$flux" "$p" "$N2" "${mesh[@]}")
      td[$flux]=$(per_step "$a" "$b")
    done
    h=${td[hllc]:-nan} r=${td[rusanov]:-nan}
    printf "%-8s %2s %16s %14s %16s %9s %9s\n" "$size" "$p" "$pf" "$h" "$r" \
      "$(ratio "$pf" "$h")" "$(ratio "$pf" "$r")" | tee -a "$table"
  done
done
