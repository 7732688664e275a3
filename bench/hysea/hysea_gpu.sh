#!/usr/bin/env bash
# One call on a GPU machine (bench/hysea/README.md): builds Tsunami-HySEA from the snapshot under
# .deps/hysea with nvcc alone (sm_90, -O3, fp64 as HySEA is written) against the NetCDF of
# .deps/netcdf, builds tridg (bench/build_gpu.sh), runs HySEA and tridg (p = 1, then p = 2) on
# the inputs of bench/hysea/prepare_inputs.sh, each under a time limit, and compares their gauges
# (bench/hysea/compare.py). Nothing is fetched. A step that fails says so in $OUT/summary.txt
# and the others go on.
#   bench/hysea/hysea_gpu.sh
# $OUT gets summary.txt (each step, the table and the comparison) and hysea_runs.tar.xz (logs,
# both codes' gauge series, tridg's summary.json, HySEA's time-series NetCDF and its ncdump),
# written again after every step, so a call stopped at its limit still brings back what ran.
#   env: SOURCES (okada: the 10 subfaults; hno: the HNO1993 surface; default okada),
#        ORDERS (tridg's orders, default "1 2"), HYSEA_SRC (a snapshot archive or folder other
#        than the one under .deps/hysea), HYSEA_ARCH (90), BUDGET (seconds for the whole call,
#        default 570: the runs are cut to what is left), RUN_LIMIT (seconds per run, 300),
#        OUT (out/hysea), W (work folder, /tmp/hysea_gpu), END (seconds of the event instead of
#        the hour: a short check), DEVICE (tridg's --device, cuda; cpu for a dry run elsewhere)
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
ROOT=$PWD
OUT=${OUT:-out/hysea}
W=${W:-/tmp/hysea_gpu}
mkdir -p "$OUT" "$W"
OUT=$(realpath "$OUT")
rm -rf "$W"/hysea_* "$W"/tridg_*_p* # an earlier call's runs
SUM=$OUT/summary.txt
: > "$SUM"
BUDGET=${BUDGET:-570}
RUN_LIMIT=${RUN_LIMIT:-300}
SOURCES=${SOURCES:-okada}
ORDERS=${ORDERS:-1 2}
ARCH=${HYSEA_ARCH:-90}
END=${END:-}
END_ARGS=()
[ -n "$END" ] && END_ARGS=(--set "time.end=$END")
DEVICE=${DEVICE:-cuda}
IN=$ROOT/.deps/hysea_inputs
NC=$ROOT/.deps/netcdf
NAME=okushiri_24s
t0=$SECONDS
say() { echo "$*" | tee -a "$SUM"; }
fail() { say "FAILED: $*"; }
left() { echo $((BUDGET - (SECONDS - t0))); }
limit() { # seconds for the next run: RUN_LIMIT or what is left less a margin for the rest
  local l=$(($(left) - 25))
  [ "$l" -gt "$RUN_LIMIT" ] && l=$RUN_LIMIT
  echo "$l"
}
pack() {
  (cd "$W" && tar -cJf "$OUT/hysea_runs.tar.xz" --exclude='*.h5' --exclude='*.xyz' \
    --exclude='*_bathy.nc' --exclude='*_hno.nc' --exclude=src --exclude=obj --exclude=stub \
    --exclude=TsunamiHySEA ./* 2> /dev/null)
}
say "== hysea_gpu.sh $(date -u '+%Y-%m-%d %H:%M UTC'), budget ${BUDGET} s"
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>&1 | tee -a "$SUM"
nvcc --version 2>&1 | tail -1 | tee -a "$SUM"

# The inputs (bench/hysea/prepare_inputs.sh).
inputs_ok=1
for f in "$NAME"_bathy.nc "$NAME"_okada.txt "$NAME"_hno.nc "$NAME"_hno.txt points.txt points.csv \
  "$NAME".toml "$NAME"_hno.toml OK24.xyz.xz HNO1993.xyz.xz "$NAME".h5.xz; do
  [ -f "$IN/$f" ] || { fail "the input $IN/$f is missing"; inputs_ok=0; }
done
[ "$inputs_ok" = 1 ] ||
  { fail "run bench/hysea/prepare_inputs.sh and carry .deps/hysea_inputs"; exit 1; }
for s in $SOURCES; do
  case $s in okada | hno) ;; *) fail "SOURCES: $s is neither okada nor hno"; exit 2 ;; esac
done

# ---- HySEA -------------------------------------------------------------------------------------
hysea_ok=1
HYSEA_LD=$NC/lib:$W/stub${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
# The snapshot: HYSEA_SRC, else the one archive or folder under .deps/hysea.
src=${HYSEA_SRC:-}
if [ -z "$src" ]; then
  for c in "$ROOT"/.deps/hysea/*; do
    case $c in *.tar.gz | *.tgz | *.tar.xz | *.tar | *.zip) src=$c && break ;; esac
    [ -f "$c/src/ShallowWater.cxx" ] && src=$c && break
  done
fi
if [ -z "$src" ] || [ ! -e "$src" ]; then
  fail "no HySEA snapshot: put one (git archive of a Tsunami-HySEA checkout) under" \
    ".deps/hysea or set HYSEA_SRC"
  hysea_ok=0
else
  rm -rf "$W/src" && mkdir -p "$W/src"
  case $src in
  *.zip) python3 -m zipfile -e "$src" "$W/src" ;;
  *.tar* | *.tgz) tar -xf "$src" -C "$W/src" ;;
  *) cp -r "$src/." "$W/src/" ;;
  esac
  main=$(find "$W/src" -path '*/src/ShallowWater.cxx' | head -1)
  if [ -z "$main" ]; then
    fail "$src holds no src/ShallowWater.cxx: not a Tsunami-HySEA snapshot"
    hysea_ok=0
  else
    S=$(dirname "$main")
    say "HySEA snapshot: $(basename "$src") ($(grep -o 'version = "[^"]*"' "$main" | head -1))"
  fi
fi
# NetCDF: the carried libraries, and stand-ins for any system library they need that is missing.
if [ "$hysea_ok" = 1 ]; then
  if [ ! -f "$NC/lib/libnetcdf.so.19" ] || [ ! -f "$NC/include/netcdf.h" ]; then
    fail "no NetCDF in $NC (run bench/hysea/prepare_inputs.sh and carry .deps/netcdf)"
    hysea_ok=0
  else
    miss=$(LD_LIBRARY_PATH=$NC/lib ldd "$NC"/lib/*.so* "$NC/bin/ncdump" 2> /dev/null |
      grep "not found" | awk '{print $1}' | sort -u | tr '\n' ' ')
    if [ -n "$miss" ]; then
      say "NetCDF's libraries need what this machine lacks: $miss; building stand-ins"
      LD_LIBRARY_PATH=$NC/lib python3 bench/hysea/elf_stub.py "$W/stub" "$NC"/lib/*.so* \
        "$NC/bin/ncdump" 2>&1 | tee -a "$SUM"
    fi
    still=$(LD_LIBRARY_PATH=$HYSEA_LD ldd "$NC"/lib/*.so* "$NC/bin/ncdump" 2> /dev/null |
      grep "not found" | awk '{print $1}' | sort -u | tr '\n' ' ')
    if [ -n "$still" ]; then
      fail "NetCDF cannot be loaded here: missing $still"
      hysea_ok=0
    elif ! v=$(LD_LIBRARY_PATH=$HYSEA_LD "$NC/bin/ncdump" -h "$IN/${NAME}_bathy.nc" 2>&1); then
      fail "the carried ncdump cannot read $IN/${NAME}_bathy.nc: $(tail -2 <<< "$v")"
      hysea_ok=0
    else
      v=$(LD_LIBRARY_PATH=$HYSEA_LD "$NC/bin/ncdump" 2>&1)
      say "NetCDF: $(grep -o 'netcdf library version [^ ]*' <<< "$v")"
    fi
  fi
fi
# The build: nvcc alone, as HySEA's CMake (which needs FindCUDA) would: the host main program
# (ShallowWater.cxx with Problema.cxx), the GPU code (GPU/ShallowWater.cu includes the kernels)
# and the two NetCDF writers.
if [ "$hysea_ok" = 1 ]; then
  B=$W/obj && rm -rf "$B" && mkdir -p "$B"
  flags=(-O3 -std=c++17 -I"$S" -I"$NC/include")
  tb=$SECONDS
  pids=()
  nvcc "${flags[@]}" -x c++ -c "$S/ShallowWater.cxx" -o "$B/main.o" > "$B/main.log" 2>&1 &
  pids+=($!)
  for u in ShallowWater netcdfTH netcdfSeries; do
    nvcc "${flags[@]}" -arch=sm_"$ARCH" -c "$S/GPU/$u.cu" -o "$B/$u.o" > "$B/$u.log" 2>&1 &
    pids+=($!)
  done
  ok=1
  for p in "${pids[@]}"; do wait "$p" || ok=0; done
  cat "$B"/*.log > "$W/hysea_build.log"
  if [ "$ok" = 1 ]; then
    nvcc -arch=sm_"$ARCH" "$B"/*.o -o "$W/TsunamiHySEA" -Xlinker "$NC/lib/libnetcdf.so.19" \
      -Xlinker -rpath-link="$NC/lib:$W/stub" -Xlinker --allow-shlib-undefined \
      >> "$W/hysea_build.log" 2>&1 || ok=0
  fi
  if [ "$ok" = 1 ]; then
    say "HySEA built in $((SECONDS - tb)) s (nvcc -O3 -arch=sm_$ARCH, fp64)"
  else
    fail "HySEA's build (log in hysea_runs.tar.xz: hysea_build.log):"
    grep -iE "error|fatal" "$W/hysea_build.log" | head -20 | tee -a "$SUM"
    hysea_ok=0
  fi
fi
pack
hysea_run() { # source -> runs HySEA in $W/hysea_SOURCE
  local s=$1 d=$W/hysea_$1 lim rc
  rm -rf "$d" && mkdir -p "$d"
  cp "$IN/${NAME}_bathy.nc" "$IN/${NAME}_hno.nc" "$IN/${NAME}_$s.txt" "$IN/points.txt" "$d/"
  [ -n "$END" ] && sed -i "s/^[0-9.e+]* *\(# Simulation time\)/$END \1/" "$d/${NAME}_$s.txt"
  lim=$(limit)
  [ "$lim" -lt 20 ] && { fail "HySEA $s: only $lim s left for it"; return; }
  (cd "$d" && LD_LIBRARY_PATH=$HYSEA_LD /usr/bin/time -f "process_seconds %e" -o time.txt \
    timeout "$lim" "$W/TsunamiHySEA" "${NAME}_$s.txt" > hysea.log 2>&1)
  rc=$?
  if [ "$rc" != 0 ] || [ ! -f "$d/${NAME}_ts.nc" ]; then
    fail "HySEA $s: exit $rc$([ "$rc" = 124 ] && echo " (past its limit of $lim s)"):"
    grep -v "^Iteration" "$d/hysea.log" | tail -8 | tee -a "$SUM"
  else
    say "HySEA $s: $(grep -E "Volumes:" "$d/hysea.log" | head -1 | sed 's/^ *//'), \
$(grep -c "^Iteration" "$d/hysea.log") steps, $(grep -E "^Runtime" "$d/hysea.log"), \
$(tail -1 "$d/time.txt")"
  fi
  if [ -f "$d/${NAME}_ts.nc" ]; then
    LD_LIBRARY_PATH=$HYSEA_LD "$NC/bin/ncdump" -v time,eta \
      "$d/${NAME}_ts.nc" > "$d/${NAME}_ts.cdl" 2> "$d/ncdump.log" ||
      fail "ncdump of HySEA's $s time series: $(tail -1 "$d/ncdump.log")"
  fi
  xz -T0 -f "$d/hysea.log"
  rm -f "$d/${NAME}_bathy.nc" "$d/${NAME}_hno.nc"
}
if [ "$hysea_ok" = 1 ]; then
  for s in $SOURCES; do hysea_run "$s"; pack; done
fi

# ---- tridg -------------------------------------------------------------------------------------
source bench/device_env.sh
T=$ROOT/build-gpu/bin/tridg
tridg_ok=1
tb=$SECONDS
mkdir -p "$W/tridg_build"
# bench/build_gpu.sh exits on failure: run it in a subshell, under what time is left.
lim=$(($(left) - 40))
if [ "$lim" -lt 60 ]; then
  fail "tridg: too little time left to build it"
  tridg_ok=0
else
  timeout "$lim" bash -c "W=$W/tridg_build; source bench/build_gpu.sh" \
    > "$W/tridg_build/build_gpu.out" 2>&1
  rc=$?
  tail -5 "$W/tridg_build/build_gpu.out" | tee -a "$SUM"
  if [ "$rc" != 0 ] || [ ! -x "$T" ]; then
    fail "tridg's build: exit $rc$([ "$rc" = 124 ] && echo " (past its limit of $lim s)")" \
      "(logs in hysea_runs.tar.xz: tridg_build/)"
    grep -E "error" -A3 "$W/tridg_build/build.log" 2> /dev/null | head -30 | tee -a "$SUM"
    tridg_ok=0
  else
    say "tridg ready in $((SECONDS - tb)) s"
  fi
fi
pack
if [ "$tridg_ok" = 1 ]; then
  mkdir -p meshes
  xz -dc "$IN/$NAME.h5.xz" > meshes/$NAME.h5 ||
    { fail "cannot unpack the mesh $IN/$NAME.h5.xz"; tridg_ok=0; }
  for f in OK24 HNO1993; do
    xz -dkf "$IN/$f.xyz.xz" || { fail "cannot unpack $IN/$f.xyz.xz"; tridg_ok=0; }
  done
fi
tridg_run() { # source order -> runs tridg in $W/tridg_SOURCE_pORDER
  local s=$1 p=$2 d=$W/tridg_$1_p$2 case=$IN/$NAME.toml lim rc
  [ "$s" = hno ] && case=$IN/${NAME}_hno.toml
  lim=$(limit)
  [ "$lim" -lt 20 ] && { fail "tridg $s p = $p: only $lim s left for it"; return; }
  rm -rf "$d"
  /usr/bin/time -f "process_seconds %e" -o "$d.time.txt" timeout "$lim" "$T" run "$case" \
    --mesh meshes/$NAME.h5 -p "$p" --device "$DEVICE" -o "$d" --no-progress \
    --set output.hdf5=false "${END_ARGS[@]}" > "$d.log" 2>&1
  rc=$?
  if [ "$rc" != 0 ] || [ ! -f "$d/summary.json" ]; then
    fail "tridg $s p = $p: exit $rc$([ "$rc" = 124 ] && echo " (past its limit of $lim s)"):"
    grep -E "error|Error" "$d.log" | head -3 | tee -a "$SUM"
    tail -3 "$d.log" | tee -a "$SUM"
  else
    say "tridg $s p = $p: $(python3 -c "import json, sys
s = json.load(open(sys.argv[1]))
print(', '.join(f'{k} {s[k]}' for k in ('elements', 'steps', 'loop_seconds') if k in s))" \
      "$d/summary.json"), $(tail -1 "$d.time.txt")"
  fi
  [ -d "$d" ] && cp "$d.time.txt" "$d/time.txt"
}
if [ "$tridg_ok" = 1 ]; then
  for s in $SOURCES; do
    for p in $ORDERS; do tridg_run "$s" "$p"; pack; done
  done
fi
rm -f "$IN"/*.xyz # only the compressed texts travel

# ---- comparison --------------------------------------------------------------------------------
for s in $SOURCES; do
  args=()
  for p in $ORDERS; do
    [ -f "$W/tridg_${s}_p$p/gauges.csv" ] && args+=(--tridg "$W/tridg_${s}_p$p")
  done
  [ -f "$W/hysea_$s/${NAME}_ts.cdl" ] || [ "${#args[@]}" -gt 0 ] || continue
  say ""
  say "== $s: HySEA against tridg (bench/hysea/compare.py)"
  python3 bench/hysea/compare.py --points "$IN/points.csv" --hysea "$W/hysea_$s" "${args[@]}" \
    2>&1 | tee -a "$SUM" || fail "compare.py ($s)"
done
pack
say "== done in $((SECONDS - t0)) s"
ls -la "$OUT"
