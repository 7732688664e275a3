#!/usr/bin/env bash
# Accuracy against cost, Tsunami-HySEA and tridg on the Okushiri region (bench/hysea/README.md,
# "The accuracy-against-cost study"): one call on one GPU runs a chosen list of runs of both codes
# at several resolutions, each under what is left of a hard budget, and brings back their gauge
# series and times; bench/hysea/study.py then measures each run's gauges against the reference
# run (tridg p = 2 on the 640 m mesh refined once, 320 m) and draws error against wall time.
#   bench/hysea/study_gpu.sh                      (RUNS: the list below, cheapest first)
#   RUNS="hysea24 p1_1280 hysea12" bench/hysea/study_gpu.sh
# The runs (the whole process's seconds on an H200, estimated from the 24"/640 m runs of
# hysea_gpu.sh by cells x steps; a run whose estimate exceeds what is left is skipped, not
# started and cut):
#   hysea24 hysea12 hysea6  HySEA on the 24" grid (OK24's cells), 12" and 6" (OK24 bilinear)
#   p1_1280 p1_640 p1_320 p1_160   tridg p = 1 on the 1280 m mesh, the 640 m mesh, and the
#                                  640 m mesh refined once and twice at load (--refine)
#   p2_1280 p2_640 p2_320          tridg p = 2 on the same; p2_320 is the reference
# The runs go in order of that estimate whatever the order of RUNS, so a call cut short has done
# the most runs it could. Builds: HySEA (nvcc, ~40 s) in the background while tridg builds
# (bench/build_gpu.sh, ~100 s); a build already in $W or build-gpu (a machine still warm from an
# earlier call) is kept, so the study can be split over two calls sharing W.
# $OUT gets summary.txt and study_runs.tar.xz (each run's folder: HySEA's time series as ncdump
# text, log and time.txt; tridg's gauges.csv, summary.json, time.txt and log), packed after every
# run, so a call stopped at its limit still brings back what ran. Every run in $W is packed, those
# of an earlier call too.
# tridg runs the case of hysea_gpu.sh (bench/hysea/okushiri_24s.toml) with TRIDG_SET's keys on
# top: by default limiter.tvb_m=1e-4, the Okushiri cases' TVB slack (cases/okushiri_1993*.toml,
# docs/okushiri.md), without which the limiter clips the smooth offshore crests by up to 10 %: an
# error of the limiter that would hide the one of resolution this study measures.
#   env: RUNS, BUDGET (seconds for the whole call, 570), RUN_LIMIT (seconds per run, 540),
#        TRIDG_SET (case keys for every tridg run, "limiter.tvb_m=1e-4"; "" for none),
#        OUT (out/hysea_study), W (/tmp/hysea_study), END (seconds of the event instead of the
#        hour), DEVICE (cuda; cpu for a dry run without a GPU), T (a tridg executable: no build),
#        HYSEA_SRC, HYSEA_ARCH (as hysea_gpu.sh)
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
OUT=${OUT:-out/hysea_study}
W=${W:-/tmp/hysea_study}
PACK=study_runs.tar.xz
RUN_LIMIT=${RUN_LIMIT:-540}
TRIDG_SET=${TRIDG_SET-limiter.tvb_m=1e-4}
# name: estimated whole-process seconds on an H200 (fp64, the hour), cheapest first. From the
# measured 24"/640 m runs (HySEA 1.1 s, tridg p = 1 6.7 s, p = 2 32 s): x 4 cells and x 2 steps
# per halving of the cell, plus the host's set-up (Okada at the mesh's points) x 4.
COSTS="hysea24:2 p1_g10_320:4 p1_1280:4 p1_g20_320:5 hysea12:7 p2_1280:8 p1_640:8
p1_g30_320:7 p1_g20_160:10 p1_g30_160:14 p2_g20_320:20 p2_640:35 p1_320:45 hysea6:45 p2_320:260 p1_160:300"
# pP_gN_C: the graded meshes of prepare_inputs.sh (N points per wavelength offshore, C metres
# at the coast), okushiri_gN_C.h5.xz.
ALL=$(for c in $COSTS; do printf '%s ' "${c%%:*}"; done)
RUNS=${RUNS:-$ALL}
source bench/hysea/common.sh
header study_gpu.sh
for r in $RUNS; do
  case " $ALL " in *" $r "*) ;; *) fail "RUNS: $r is none of: $ALL"; exit 2 ;; esac
done
todo=() # RUNS in the order of COSTS
for c in $COSTS; do
  case " $RUNS " in *" ${c%%:*} "*) todo+=("$c") ;; esac
done
say "runs: ${todo[*]} (name:estimated seconds)"
sets=()
for kv in $TRIDG_SET; do sets+=(--set "$kv"); done
[ -n "$TRIDG_SET" ] && say "tridg's runs: --set ${TRIDG_SET// / --set }"

# The inputs (bench/hysea/prepare_inputs.sh) that these runs need.
need=(points.txt points.csv)
want_hysea=0 want_tridg=0 meshes=()
for c in "${todo[@]}"; do
  r=${c%%:*}
  case $r in hysea*) want_hysea=1 ;; *) want_tridg=1 ;; esac
  case $r in
  hysea24) need+=(okushiri_24s_bathy.nc okushiri_24s_okada.txt) ;;
  hysea*) need+=("okushiri_${r#hysea}s_bathy.nc.xz" "okushiri_${r#hysea}s_okada.txt") ;;
  *_1280) need+=(okushiri_24s.toml OK24.xyz.xz okushiri_1280m.h5.xz) meshes+=(okushiri_1280m) ;;
  *_g*) need+=(okushiri_24s.toml OK24.xyz.xz "okushiri_${r#*_}.h5.xz") meshes+=("okushiri_${r#*_}") ;;
  *) need+=(okushiri_24s.toml OK24.xyz.xz okushiri_24s.h5.xz) meshes+=(okushiri_24s) ;;
  esac
done
need_inputs okushiri_24s_bathy.nc HNO1993.xyz.xz "${need[@]}" || exit 1
cp "$IN/points.csv" "$W/" # the gauges' names, for study.py

# ---- the builds, side by side ------------------------------------------------------------------
hysea_ok=0 tridg_ok=0 hpid=
rm -f "$W/hysea.ok"
if [ "$want_hysea" = 1 ]; then
  (hysea_setup && touch "$W/hysea.ok") > "$W/hysea_setup.out" 2>&1 &
  hpid=$!
fi
if [ "$want_tridg" = 1 ]; then
  tridg_setup && tridg_unpack "${meshes[@]}" && tridg_ok=1
fi
if [ -n "$hpid" ]; then
  wait "$hpid"
  cat "$W/hysea_setup.out" # on the console too (summary.txt has it already)
  [ -f "$W/hysea.ok" ] && hysea_ok=1
fi
pack

# ---- the runs ----------------------------------------------------------------------------------
for c in "${todo[@]}"; do
  r=${c%%:*} est=${c##*:}
  # The estimate is for the hour on an H200: scaled by END, not applied on the CPU.
  [ -n "$END" ] && est=$((est * END / 3600 + 1))
  if [ "$DEVICE" != cpu ] && [ "$est" -gt "$(limit)" ]; then
    fail "$r: skipped, about $est s needed and $(limit) s left (run it in a call of its own)"
    continue
  fi
  case $r in
  hysea*)
    [ "$hysea_ok" = 1 ] || { fail "$r: no HySEA"; continue; }
    g=okushiri_${r#hysea}s bathy=$IN/okushiri_${r#hysea}s_bathy.nc
    [ "$r" = hysea24 ] || bathy=$bathy.xz
    hysea_run "$r (HySEA ${r#hysea}\")" "$W/$r" "$g" "$IN/${g}_okada.txt" "$bathy" \
      "$IN/points.txt"
    ;;
  p*)
    [ "$tridg_ok" = 1 ] || { fail "$r: no tridg"; continue; }
    p=${r:1:1} h=${r#*_} mesh=okushiri_24s refine=0
    label="$h m"
    case $h in
    1280) mesh=okushiri_1280m ;;
    320) refine=1 ;;
    160) refine=2 ;;
    g*) mesh=okushiri_$h label="graded ${h%%_*}, ${h#*_} m at the coast" ;;
    esac
    tridg_run "$r (tridg p = $p, $label)" "$W/$r" "$IN/okushiri_24s.toml" \
      --mesh "meshes/$mesh.h5" --refine "$refine" -p "$p" "${sets[@]}"
    ;;
  esac
  pack
done
rm -f "$IN"/*.xyz # only the compressed texts travel

# ---- the table, where this machine's Python has numpy (else: study.py on the results here) ----
if python3 -c "import numpy" 2> /dev/null; then
  say ""
  python3 bench/hysea/study.py "$W" 2>&1 | tee -a "$SUM"
else
  say "no numpy here: run bench/hysea/study.py on $PACK"
fi
pack
say "== done in $((SECONDS - t0)) s"
ls -la "$OUT"
