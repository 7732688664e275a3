#!/usr/bin/env bash
# On a GPU machine (after a GPU build in build-gpu, e.g. by bench/implicit_gpu.sh): the Mach 0.01
# vortex (cases/low_mach_vortex.toml, p = 2, t = 50) by explicit RK4 at the acoustic CFL 0.9
# against ESDIRK3 at larger acoustic CFLs, both on the GPU; the density's L2 error against the
# exact solution says whether the two are equally accurate. The case's mesh as a prepared file
# (the machine may lack Gmsh): `tridg import meshes/isentropic_vortex.geo -o
# bench/meshes/vortex_162.h5`.
#   env: REFINES (uniform refinements of the case's 162-triangle mesh, default "2 3"),
#        CFLS (ESDIRK3's acoustic CFLs, default "100 1000"), RUN_LIMIT (seconds per run, 300)
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-out/low_mach}
mkdir -p "$OUT"
source bench/device_env.sh
run() { # name, then tridg run arguments; prints elements, steps, Newton, GMRES, loop s, rho error
  local name=$1 dir=$OUT/$1
  shift
  timeout "${RUN_LIMIT:-300}" build-gpu/bin/tridg run cases/low_mach_vortex.toml -p 2 \
    --mesh "${MESH:-bench/meshes/vortex_162.h5}" \
    --device cuda -o "$dir" --no-progress --set output.gmsh=false "$@" > "$dir.log" 2>&1
  local rc=$?
  python3 bench/summary_row.py "$dir/summary.json" "$name" "$rc" elements steps \
    solver.newton_iterations solver.gmres_iterations loop_seconds l2_error.rho
}
printf "%-24s %11s %11s %11s %11s %11s %11s\n" run elements steps Newton GMRES "loop s" "rho L2" |
  tee "$OUT/table.txt"
for r in ${REFINES:-2 3}; do
  run "rk4_r$r" --refine "$r" --set 'time.scheme="rk4"' --set time.cfl=0.9 | tee -a "$OUT/table.txt"
  for cfl in ${CFLS:-100 1000}; do
    run "esdirk3_cfl${cfl}_r$r" --refine "$r" --set "time.cfl=$cfl" | tee -a "$OUT/table.txt"
  done
done
