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
#        the hour: a short check), DEVICE (tridg's --device, cuda; cpu for a dry run elsewhere),
#        T (a tridg executable to use instead of building one)
# The set-up and the runs of both codes are bench/hysea/common.sh's, shared with study_gpu.sh.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
OUT=${OUT:-out/hysea}
W=${W:-/tmp/hysea_gpu}
PACK=hysea_runs.tar.xz
SOURCES=${SOURCES:-okada}
ORDERS=${ORDERS:-1 2}
NAME=okushiri_24s
source bench/hysea/common.sh
rm -rf "$W"/hysea_* "$W"/tridg_*_p* # an earlier call's runs
header hysea_gpu.sh

# The inputs (bench/hysea/prepare_inputs.sh).
need_inputs "$NAME"_bathy.nc "$NAME"_okada.txt "$NAME"_hno.nc "$NAME"_hno.txt points.txt \
  points.csv "$NAME".toml "$NAME"_hno.toml OK24.xyz.xz HNO1993.xyz.xz "$NAME".h5.xz || exit 1
for s in $SOURCES; do
  case $s in okada | hno) ;; *) fail "SOURCES: $s is neither okada nor hno"; exit 2 ;; esac
done

# ---- HySEA -------------------------------------------------------------------------------------
hysea_ok=1
hysea_setup || hysea_ok=0
pack
if [ "$hysea_ok" = 1 ]; then
  for s in $SOURCES; do
    hysea_run "HySEA $s" "$W/hysea_$s" "$NAME" "$IN/${NAME}_$s.txt" "$IN/${NAME}_bathy.nc" \
      "$IN/${NAME}_hno.nc" "$IN/points.txt"
    pack
  done
fi

# ---- tridg -------------------------------------------------------------------------------------
tridg_ok=1
tridg_setup || tridg_ok=0
pack
[ "$tridg_ok" = 1 ] && { tridg_unpack "$NAME" || tridg_ok=0; }
if [ "$tridg_ok" = 1 ]; then
  for s in $SOURCES; do
    case=$IN/$NAME.toml
    [ "$s" = hno ] && case=$IN/${NAME}_hno.toml
    for p in $ORDERS; do
      tridg_run "tridg $s p = $p" "$W/tridg_${s}_p$p" "$case" --mesh "meshes/$NAME.h5" -p "$p"
      pack
    done
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
