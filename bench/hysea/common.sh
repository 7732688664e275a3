# Sourced by bench/hysea/hysea_gpu.sh and bench/hysea/study_gpu.sh (bash, from the repository's
# root): the budget, the summary, the packing of the results, and the set-up and runs of both
# codes, so that the two scripts build and run them the same way.
# The caller sets OUT (results), W (work folder), PACK (the results archive's name in $OUT) and
# may set in the environment: BUDGET (seconds for the whole call, 570), RUN_LIMIT (seconds per
# run), HYSEA_SRC, HYSEA_ARCH (90), END (seconds of the event instead of the case's end), DEVICE
# (tridg's --device, cuda), T (a tridg executable to use instead of building one).
# shellcheck shell=bash
ROOT=$PWD
mkdir -p "$OUT" "$W"
OUT=$(realpath "$OUT")
W=$(realpath "$W")
SUM=$OUT/summary.txt
: > "$SUM"
BUDGET=${BUDGET:-570}
RUN_LIMIT=${RUN_LIMIT:-300}
ARCH=${HYSEA_ARCH:-90}
END=${END:-}
END_ARGS=()
[ -n "$END" ] && END_ARGS=(--set "time.end=$END")
DEVICE=${DEVICE:-cuda}
IN=$ROOT/.deps/hysea_inputs
NC=$ROOT/.deps/netcdf
HYSEA_LD=$NC/lib:$W/stub${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
t0=$SECONDS
say() { echo "$*" | tee -a "$SUM"; }
fail() { say "FAILED: $*"; }
left() { echo $((BUDGET - (SECONDS - t0))); }
limit() { # seconds for the next run: RUN_LIMIT or what is left less a margin for the rest
  local l=$(($(left) - 25))
  [ "$l" -gt "$RUN_LIMIT" ] && l=$RUN_LIMIT
  echo "$l"
}
pack() { # everything in $W but the inputs, sources and builds, to $OUT/$PACK
  (cd "$W" && tar -cJf "$OUT/$PACK" --exclude='*.h5' --exclude='*.xyz' --exclude='*_bathy.nc' \
    --exclude='*_hno.nc' --exclude=src --exclude=obj --exclude=stub --exclude=TsunamiHySEA \
    ./* 2> /dev/null)
}
header() { # name of the script -> the summary's first lines
  say "== $1 $(date -u '+%Y-%m-%d %H:%M UTC'), budget ${BUDGET} s"
  nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>&1 |
    tee -a "$SUM"
  nvcc --version 2>&1 | tail -1 | tee -a "$SUM"
}
need_inputs() { # file names in $IN -> 0 when all are there, else says which are missing
  local f ok=0
  for f in "$@"; do
    [ -f "$IN/$f" ] || { fail "the input $IN/$f is missing"; ok=1; }
  done
  [ "$ok" = 0 ] || fail "run bench/hysea/prepare_inputs.sh and carry .deps/hysea_inputs"
  return "$ok"
}

# ---- HySEA -------------------------------------------------------------------------------------
# hysea_setup: finds the snapshot (HYSEA_SRC, else the one archive or folder under .deps/hysea),
# checks the carried NetCDF (building stand-ins for system libraries it names but never uses
# here), builds $W/TsunamiHySEA with nvcc alone. Returns 0 when HySEA can run. A binary already
# built in $W from the same snapshot (an earlier call on a machine still warm) is kept.
hysea_setup() {
  local src="${HYSEA_SRC:-}" c main S miss still v B tb ok p u pids=()
  if [ -z "$src" ]; then
    for c in "$ROOT"/.deps/hysea/*; do
      case $c in *.tar.gz | *.tgz | *.tar.xz | *.tar | *.zip) src=$c && break ;; esac
      [ -f "$c/src/ShallowWater.cxx" ] && src=$c && break
    done
  fi
  if [ -z "$src" ] || [ ! -e "$src" ]; then
    fail "no HySEA snapshot: put one (git archive of a Tsunami-HySEA checkout) under" \
      ".deps/hysea or set HYSEA_SRC"
    return 1
  fi
  # NetCDF: the carried libraries, and stand-ins for any system library they need that is
  # missing.
  if [ ! -f "$NC/lib/libnetcdf.so.19" ] || [ ! -f "$NC/include/netcdf.h" ]; then
    fail "no NetCDF in $NC (run bench/hysea/prepare_inputs.sh and carry .deps/netcdf)"
    return 1
  fi
  miss=$(LD_LIBRARY_PATH=$NC/lib ldd "$NC"/lib/*.so* "$NC/bin/ncdump" 2> /dev/null |
    grep "not found" | awk '{print $1}' | sort -u | tr '\n' ' ')
  if [ -n "$miss" ] && [ ! -d "$W/stub" ]; then
    say "NetCDF's libraries need what this machine lacks: $miss; building stand-ins"
    LD_LIBRARY_PATH=$NC/lib python3 bench/hysea/elf_stub.py "$W/stub" "$NC"/lib/*.so* \
      "$NC/bin/ncdump" 2>&1 | tee -a "$SUM"
  fi
  still=$(LD_LIBRARY_PATH=$HYSEA_LD ldd "$NC"/lib/*.so* "$NC/bin/ncdump" 2> /dev/null |
    grep "not found" | awk '{print $1}' | sort -u | tr '\n' ' ')
  if [ -n "$still" ]; then
    fail "NetCDF cannot be loaded here: missing $still"
    return 1
  fi
  if ! v=$(LD_LIBRARY_PATH=$HYSEA_LD "$NC/bin/ncdump" -h "$IN/okushiri_24s_bathy.nc" 2>&1); then
    fail "the carried ncdump cannot read $IN/okushiri_24s_bathy.nc: $(tail -2 <<< "$v")"
    return 1
  fi
  v=$(LD_LIBRARY_PATH=$HYSEA_LD "$NC/bin/ncdump" 2>&1)
  say "NetCDF: $(grep -o 'netcdf library version [^ ]*' <<< "$v")"
  # The same snapshot (name and size) built here before: keep that binary.
  c="$(basename "$src") $(du -sb "$src" | cut -f1) sm_$ARCH"
  if [ -x "$W/TsunamiHySEA" ] && [ "$(cat "$W/TsunamiHySEA.from" 2> /dev/null)" = "$c" ]; then
    say "HySEA: the binary built from $(basename "$src") in $W by an earlier call, kept"
    return 0
  fi
  rm -f "$W/TsunamiHySEA" "$W/TsunamiHySEA.from"
  rm -rf "$W/src" && mkdir -p "$W/src"
  case $src in
  *.zip) python3 -m zipfile -e "$src" "$W/src" ;;
  *.tar* | *.tgz) tar -xf "$src" -C "$W/src" ;;
  *) cp -r "$src/." "$W/src/" ;;
  esac
  main=$(find "$W/src" -path '*/src/ShallowWater.cxx' | head -1)
  if [ -z "$main" ]; then
    fail "$src holds no src/ShallowWater.cxx: not a Tsunami-HySEA snapshot"
    return 1
  fi
  S=$(dirname "$main")
  say "HySEA snapshot: $(basename "$src") ($(grep -o 'version = "[^"]*"' "$main" | head -1))"
  # The build: nvcc alone, as HySEA's CMake (which needs FindCUDA) would: the host main program
  # (ShallowWater.cxx with Problema.cxx), the GPU code (GPU/ShallowWater.cu includes the
  # kernels) and the two NetCDF writers.
  B=$W/obj && rm -rf "$B" && mkdir -p "$B"
  local flags=(-O3 -std=c++17 -I"$S" -I"$NC/include")
  tb=$SECONDS
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
  if [ "$ok" != 1 ]; then
    fail "HySEA's build (log in $PACK: hysea_build.log):"
    grep -iE "error|fatal" "$W/hysea_build.log" | head -20 | tee -a "$SUM"
    return 1
  fi
  echo "$c" > "$W/TsunamiHySEA.from"
  say "HySEA built in $((SECONDS - tb)) s (nvcc -O3 -arch=sm_$ARCH, fp64)"
}

# hysea_run LABEL DIR PREFIX PARAMS FILE... -> runs HySEA in DIR on the parameter file PARAMS
# (its time series: PREFIX_ts.nc), with the input files FILE (a .xz is unpacked there), under
# what is left of the budget; writes time.txt, hysea.log.xz and the time series' ncdump text.
hysea_run() {
  local label=$1 d=$2 prefix=$3 params=$4 f lim rc
  shift 4
  rm -rf "$d" && mkdir -p "$d"
  cp "$params" "$d/"
  for f in "$@"; do
    case $f in
    *.xz)
      xz -dc "$f" > "$d/$(basename "$f" .xz)" || { fail "$label: cannot unpack $f"; return 1; }
      ;;
    *) cp "$f" "$d/" ;;
    esac
  done
  params=$(basename "$params")
  [ -n "$END" ] && sed -i "s/^[0-9.e+]* *\(# Simulation time\)/$END \1/" "$d/$params"
  lim=$(limit)
  [ "$lim" -lt 20 ] && { fail "$label: only $lim s left for it"; rm -f "$d"/*.nc; return 1; }
  (cd "$d" && LD_LIBRARY_PATH=$HYSEA_LD /usr/bin/time -f "process_seconds %e" -o time.txt \
    timeout "$lim" "$W/TsunamiHySEA" "$params" > hysea.log 2>&1)
  rc=$?
  if [ "$rc" != 0 ] || [ ! -f "$d/${prefix}_ts.nc" ]; then
    fail "$label: exit $rc$([ "$rc" = 124 ] && echo " (past its limit of $lim s)"):"
    grep -v "^Iteration" "$d/hysea.log" | tail -8 | tee -a "$SUM"
  else
    say "$label: $(grep -E "Volumes:" "$d/hysea.log" | head -1 | sed 's/^ *//'), \
$(grep -c "^Iteration" "$d/hysea.log") steps, $(grep -E "^Runtime" "$d/hysea.log"), \
$(tail -1 "$d/time.txt")"
  fi
  if [ -f "$d/${prefix}_ts.nc" ]; then
    LD_LIBRARY_PATH=$HYSEA_LD "$NC/bin/ncdump" -v time,eta \
      "$d/${prefix}_ts.nc" > "$d/${prefix}_ts.cdl" 2> "$d/ncdump.log" ||
      fail "ncdump of $label's time series: $(tail -1 "$d/ncdump.log")"
  fi
  xz -T0 -f "$d/hysea.log"
  rm -f "$d"/*_bathy.nc "$d"/*_hno.nc
  [ "$rc" = 0 ]
}

# ---- tridg -------------------------------------------------------------------------------------
# tridg_setup: T when it is set (a tridg built elsewhere, e.g. on the CPU for a dry run), else
# builds build-gpu/bin/tridg (bench/build_gpu.sh, which keeps a build already there) under
# what is left of the budget. Sets T; returns 0 when tridg can run.
tridg_setup() {
  local tb=$SECONDS lim rc
  source bench/device_env.sh
  if [ -n "${T:-}" ]; then
    T=$(realpath "$T")
    [ -x "$T" ] || { fail "T=$T is not an executable"; return 1; }
    say "tridg: $T (given, not built)"
    return 0
  fi
  T=$ROOT/build-gpu/bin/tridg
  mkdir -p "$W/tridg_build"
  # bench/build_gpu.sh exits on failure: run it in a subshell, under what time is left.
  lim=$(($(left) - 40))
  if [ "$lim" -lt 60 ]; then
    fail "tridg: too little time left to build it"
    return 1
  fi
  timeout "$lim" bash -c "W=$W/tridg_build; source bench/build_gpu.sh" \
    > "$W/tridg_build/build_gpu.out" 2>&1
  rc=$?
  tail -5 "$W/tridg_build/build_gpu.out" | tee -a "$SUM"
  if [ "$rc" != 0 ] || [ ! -x "$T" ]; then
    fail "tridg's build: exit $rc$([ "$rc" = 124 ] && echo " (past its limit of $lim s)")" \
      "(logs in $PACK: tridg_build/)"
    grep -E "error" -A3 "$W/tridg_build/build.log" 2> /dev/null | head -30 | tee -a "$SUM"
    return 1
  fi
  say "tridg ready in $((SECONDS - tb)) s"
}

# tridg_unpack MESH... -> the case's rasters (OK24.xyz, HNO1993.xyz) beside the case in $IN and
# the meshes $IN/MESH.h5.xz as meshes/MESH.h5; returns 0 when all are there.
tridg_unpack() {
  local f
  mkdir -p meshes
  for f in OK24 HNO1993; do
    [ -f "$IN/$f.xyz" ] || xz -dkf "$IN/$f.xyz.xz" ||
      { fail "cannot unpack $IN/$f.xyz.xz"; return 1; }
  done
  for f in "$@"; do
    [ -f "meshes/$f.h5" ] && [ "meshes/$f.h5" -nt "$IN/$f.h5.xz" ] && continue
    xz -dc "$IN/$f.h5.xz" > "meshes/$f.h5" ||
      { fail "cannot unpack the mesh $IN/$f.h5.xz"; rm -f "meshes/$f.h5"; return 1; }
  done
}

# tridg_run LABEL DIR CASE OPTION... -> tridg run CASE -o DIR OPTION... (with --device, END and
# no HDF5 output) under what is left of the budget; its log DIR.log, its time DIR/time.txt.
tridg_run() {
  local label=$1 d=$2 case=$3 lim rc
  shift 3
  lim=$(limit)
  [ "$lim" -lt 20 ] && { fail "$label: only $lim s left for it"; return 1; }
  rm -rf "$d"
  /usr/bin/time -f "process_seconds %e" -o "$d.time.txt" timeout "$lim" "$T" run "$case" \
    "$@" --device "$DEVICE" -o "$d" --no-progress --set output.hdf5=false "${END_ARGS[@]}" \
    > "$d.log" 2>&1
  rc=$?
  [ -d "$d" ] && cp "$d.time.txt" "$d/time.txt"
  if [ "$rc" != 0 ] || [ ! -f "$d/summary.json" ]; then
    fail "$label: exit $rc$([ "$rc" = 124 ] && echo " (past its limit of $lim s)"):"
    grep -E "error|Error" "$d.log" | head -3 | tee -a "$SUM"
    tail -3 "$d.log" | tee -a "$SUM"
    return 1
  fi
  say "$label: $(python3 -c "import json, sys
s = json.load(open(sys.argv[1]))
print(', '.join(f'{k} {s[k]}' for k in ('elements', 'steps', 'loop_seconds') if k in s))" \
    "$d/summary.json"), $(tail -1 "$d.time.txt")"
}
