#!/usr/bin/env bash
# One call on a GPU machine: builds tridg (CUDA, orders 1-2, no Gmsh, no GDAL) and runs the
# Okushiri benchmark from the inputs of bench/okushiri_device_inputs.sh (and .deps/root: toml++
# and muParser unpacked from their Debian packages): the hour at p = 1 on the case's mesh
# (HNO1993 and the Tanioka fault), and the resolution study when RUNS names it: p = 1 and 2 on
# meshes/okushiri_coarse.h5, p = 2 on the case's mesh, 5 m in the Monai valley
# (meshes/okushiri_monai5.h5), Manning 0.015, dry depths of 1 and 0.1 mm, the limiter's TVB
# slack (tvb6, tvb7) or none (nolim), single precision (hno_p1_fp32, hno_p1_coarse_fp32),
# SSP-RK2 (hno_p1_rk2) and lsssprk92 (*_ls92) against the
# case's lsssprk42 (*_ls42 name it explicitly), and hno_p1_mesh_NAME / hno_p2_mesh_NAME on any
# meshes/NAME.h5 that travelled. Logs and the small outputs go to $OUT/okushiri.tar.xz, the main
# run's per-element maxima to $OUT/max_inundation.h5.xz.
#   RUNS="hno_p1 tanioka_p1 hno_p1_coarse hno_p2_coarse hno_p2" bench/okushiri_gpu.sh
#   RUNS="hno_p1@limiter.tvb_m=1e-4+t400" bench/okushiri_gpu.sh
# RUN_LIMIT bounds each run's seconds (a run past it ends with exit 124 in its log).
# EXTRA_ARGS are added to every run (for example "--set gauges.interval=1", or the first 15
# minutes with gauges at more points: "--set time.end=900 --set gauges.points.lab_edge=[139.4,42.098]").
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-out/okushiri_gpu}
W=/tmp/okushiri_gpu
mkdir -p "$OUT" "$W"
source bench/device_env.sh
RUNS=${RUNS:-hno_p1 tanioka_p1 hno_p1_coarse hno_p2_coarse}
source bench/build_gpu.sh
for f in .deps/okushiri/*.xz; do [ -f "${f%.xz}" ] || xz -dk "$f"; done
# Meshes may travel compressed (xz) as .deps/meshes/NAME.h5.xz.
for f in .deps/meshes/*.h5.xz; do
  [ -f "$f" ] && [ ! -f "meshes/$(basename "${f%.xz}")" ] && xz -dc "$f" > "meshes/$(basename "${f%.xz}")"
done
T=build-gpu/bin/tridg
run() { # name case mesh extra... (the run is named $full: its name in RUNS)
  local name=$full case=$2 mesh=$3
  shift 3
  /usr/bin/time -f "$name wall %e s" timeout "${RUN_LIMIT:-600}" $T run ".deps/okushiri/$case.toml" --mesh "$mesh" \
    -o "$W/$name" --set output.hdf5=false "$@" "${END_ARGS[@]}" ${EXTRA_ARGS:-} > "$W/$name.log" 2>&1
  grep -E "error" "$W/$name.log" | head -2
  grep -E "time loop|time per step|steps  |survey \(all\)|monai_valley|gauge|lts|levels" "$W/$name.log" | head -20
}
pack() { # what has run so far, so that a call stopped at its limit still brings it back
  (cd "$W" && tar -cJf "$OUT/okushiri.tar.xz" --exclude='*.h5' --exclude='*.xdmf' \
    ./*.log ./*.txt $(ls -d $RUNS 2>/dev/null) 2>/dev/null)
}
for full in $RUNS; do
  # NAME+tSECONDS: the run NAME ends at SECONDS of the event; NAME@KEY=VALUE@...: the run NAME
  # with those case keys set (for example hno_p1@limiter.tvb_m=1e-4+t400).
  r=${full%%+t*}
  END_ARGS=()
  [ "$r" != "$full" ] && END_ARGS=(--set "time.end=${full##*+t}")
  IFS=@ read -r -a sets <<< "$r"
  r=${sets[0]}
  for kv in "${sets[@]:1}"; do END_ARGS+=(--set "$kv"); done
  case $r in
  hno_p1) run hno_p1 okushiri_1993 meshes/okushiri.h5 ;;
  tanioka_p1) run tanioka_p1 okushiri_1993_tanioka meshes/okushiri.h5 ;;
  hno_p1_coarse) run hno_p1_coarse okushiri_1993 meshes/okushiri_coarse.h5 ;;
  hno_p2_coarse) run hno_p2_coarse okushiri_1993 meshes/okushiri_coarse.h5 \
    --set discretization.order=2 --set time.max_steps=1000000 ;;
  hno_p2) run hno_p2 okushiri_1993 meshes/okushiri.h5 --set discretization.order=2 \
    --set time.max_steps=1000000 ;;
  hno_p1_monai5) run hno_p1_monai5 okushiri_1993 meshes/okushiri_monai5.h5 \
    --set time.max_steps=1000000 ;;
  hno_p1_n015) run hno_p1_n015 okushiri_1993 meshes/okushiri.h5 --set physics.manning=0.015 ;;
  hno_p1_dry3) run hno_p1_dry3 okushiri_1993 meshes/okushiri.h5 --set physics.dry_depth=0.001 \
    --set time.max_steps=1000000 ;;
  hno_p1_dry4) run hno_p1_dry4 okushiri_1993 meshes/okushiri.h5 --set physics.dry_depth=0.0001 \
    --set time.max_steps=1000000 ;;
  hno_p1_tvb7) run hno_p1_tvb7 okushiri_1993 meshes/okushiri.h5 --set limiter.tvb_m=1e-7 ;;
  hno_p1_tvb6) run hno_p1_tvb6 okushiri_1993 meshes/okushiri.h5 --set limiter.tvb_m=1e-6 ;;
  hno_p1_nolim) run hno_p1_nolim okushiri_1993 meshes/okushiri.h5 --set limiter.type=none \
    --set limiter.positivity=true ;;
  hno_p2_tvb6) run hno_p2_tvb6 okushiri_1993 meshes/okushiri.h5 --set discretization.order=2 \
    --set limiter.tvb_m=1e-6 --set time.max_steps=1000000 ;;
  hno_p1_mesh_*) run "$r" okushiri_1993 "meshes/${r#hno_p1_mesh_}.h5" --set time.max_steps=1000000 ;;
  hno_p2_mesh_*) run "$r" okushiri_1993 "meshes/${r#hno_p2_mesh_}.h5" --set discretization.order=2 \
    --set time.max_steps=1000000 ;;
  # lsssprk42: four stages of a third each, three times SSP-RK2's step.
  hno_p1_rk2) run hno_p1_rk2 okushiri_1993 meshes/okushiri.h5 --set time.scheme=ssprk2 \
    --set time.max_steps=1000000 ;;
  hno_p1_fp32) run hno_p1_fp32 okushiri_1993 meshes/okushiri.h5 --precision single ;;
  hno_p1_coarse_fp32) run hno_p1_coarse_fp32 okushiri_1993 meshes/okushiri_coarse.h5 \
    --precision single ;;
  hno_p1_ls92) run hno_p1_ls92 okushiri_1993 meshes/okushiri.h5 --set time.scheme=lsssprk92 ;;
  hno_p1_coarse_ls92) run hno_p1_coarse_ls92 okushiri_1993 meshes/okushiri_coarse.h5 \
    --set time.scheme=lsssprk92 ;;
  hno_p1_ls42) run hno_p1_ls42 okushiri_1993 meshes/okushiri.h5 --set time.scheme=lsssprk42 ;;
  hno_p1_ls42_n020) run hno_p1_ls42_n020 okushiri_1993 meshes/okushiri.h5 \
    --set time.scheme=lsssprk42 --set physics.manning=0.02 ;;
  hno_p1_coarse_ls42) run hno_p1_coarse_ls42 okushiri_1993 meshes/okushiri_coarse.h5 \
    --set time.scheme=lsssprk42 ;;
  hno_p2_coarse_ls42) run hno_p2_coarse_ls42 okushiri_1993 meshes/okushiri_coarse.h5 \
    --set discretization.order=2 --set time.scheme=lsssprk42 --set time.max_steps=1000000 ;;
  tanioka_p1_ls42) run tanioka_p1_ls42 okushiri_1993_tanioka meshes/okushiri.h5 \
    --set time.scheme=lsssprk42 ;;
  # Local time stepping (backends/lts/lts_scheme.md): up to 6 levels, a minimum wave speed of
  # 10 or 20 m/s for the cells the water may reach; on the case's mesh, the coarse one and any
  # meshes/NAME.h5 (hno_p1_lts_mesh_NAME).
  hno_p1_lts) run hno_p1_lts okushiri_1993 meshes/okushiri.h5 --set time.lts_levels=6 \
    --set time.lts_min_speed=10 ;;
  hno_p1_lts_v20) run hno_p1_lts_v20 okushiri_1993 meshes/okushiri.h5 --set time.lts_levels=6 \
    --set time.lts_min_speed=20 ;;
  hno_p1_coarse_lts) run hno_p1_coarse_lts okushiri_1993 meshes/okushiri_coarse.h5 \
    --set time.lts_levels=6 --set time.lts_min_speed=10 ;;
  hno_p1_lts_mesh_*) run "$r" okushiri_1993 "meshes/${r#hno_p1_lts_mesh_}.h5" \
    --set time.lts_levels=6 --set time.lts_min_speed=10 --set time.max_steps=1000000 ;;
  hno_p1_coarse_dry3) run hno_p1_coarse_dry3 okushiri_1993 meshes/okushiri_coarse.h5 \
    --set physics.dry_depth=0.001 --set time.max_steps=1000000 ;;
  esac
  pack
done
[ -f "$W/hno_p1/max_inundation.h5" ] && xz -T0 -c "$W/hno_p1/max_inundation.h5" > "$OUT/max_inundation.h5.xz"
ls -la "$OUT"
