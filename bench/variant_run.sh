#!/usr/bin/env bash
# A kernel variant against the code it would replace, on one GPU, in one call: both built (the
# variant from VARIANT_FILE copied over TARGET_FILE in a copy of the tree), then bench_gpu run
# alternately, twice each. Only Euler with HLLC, the orders in ORDERS.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-out/variant}
mkdir -p "$OUT"
source bench/device_env.sh
ORDERS=${ORDERS:-"2 3 4"}
W=/tmp/tridg_variant
rm -rf "$W" && mkdir -p "$W"
tar --exclude='./build*' -cf - . | (cd "$W" && tar xf -)
cp "$VARIANT_FILE" "$W/$TARGET_FILE"
COMMON=(-G Ninja -DTRIDG_WITH_GMSH=OFF -DTRIDG_CUDA=ON -DTRIDG_CUDA_ARCHS=90 -DTRIDG_MPI=OFF
        -DTRIDG_TESTS=OFF "-DTRIDG_ORDERS=${ORDERS// /;}" -DTRIDG_EULER_FLUXES=hllc
        -DTRIDG_SHALLOW_WATER_FLUXES=hll -DTRIDG_LINEAR_SHALLOW_WATER_FLUXES=upwind)
cmake -S . -B build-base "${COMMON[@]}" > "$OUT/configure.log" 2>&1 &&
  cmake -S "$W" -B "$W/build-variant" "${COMMON[@]}" >> "$OUT/configure.log" 2>&1 ||
  { tail -20 "$OUT/configure.log"; exit 1; }
J=$(( $(nproc) / 2 ))
cmake --build build-base -j "$J" --target bench_gpu > "$OUT/build_base.log" 2>&1 &
cmake --build "$W/build-variant" -j "$J" --target bench_gpu > "$OUT/build_variant.log" 2>&1
wait
for f in build_base build_variant; do grep -E "error" -A3 "$OUT/$f.log" | head -20; done
grep -h -A2 "k_element_by_variable" "$OUT/build_base.log" "$OUT/build_variant.log" | grep -E "spill|Used" | head -12
for i in 1 2; do
  for v in base variant; do
    B=build-base/bin/bench_gpu
    [ $v = variant ] && B="$W/build-variant/bin/bench_gpu"
    echo "== $v run $i" | tee -a "$OUT/bench.log"
    $B --root . --orders $ORDERS --refines 0 2 ${BENCH_ARGS:-} 2>&1 | grep -E "^ *[0-9]|elements .*ms/launch|small mesh" | tee -a "$OUT/bench.log"
  done
done
